// Differential: folds over non-splat dense constants of every element width
// whose raw data rmlir reads and writes in bulk (8, 16, 32 and 64 bits: ints,
// index, f16, bf16, f32, f64, f8), next to i1 (bit-packed, element by
// element); a non-splat fold whose elements all agree is uniqued as a splat.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @ints
// CHECK-NOT: rarith.addi
// CHECK-NOT: rarith.muli
// CHECK-NOT: rarith.maxsi
// CHECK-NOT: rarith.cmpi
// CHECK-NOT: rarith.extsi
// CHECK-NOT: rarith.trunci
// CHECK: return
func.func @ints() -> (vector<4xi8>, vector<4xi16>, tensor<2x2xi32>, vector<4xi64>, vector<4xindex>, vector<4xi1>, vector<4xi64>, vector<4xi8>) {
  %a8 = rarith.constant dense<[127, -128, 5, -1]> : vector<4xi8>
  %b8 = rarith.constant dense<[1, -1, 100, 1]> : vector<4xi8>
  %0 = rarith.addi %a8, %b8 : vector<4xi8>
  %a16 = rarith.constant dense<[32767, -32768, 300, -7]> : vector<4xi16>
  %b16 = rarith.constant dense<[2, 2, -300, 9]> : vector<4xi16>
  %1 = rarith.muli %a16, %b16 : vector<4xi16>
  %a32 = rarith.constant dense<[[2147483647, -2147483648], [0, -5]]> : tensor<2x2xi32>
  %b32 = rarith.constant dense<[[-1, 1], [3, -6]]> : tensor<2x2xi32>
  %2 = rarith.maxsi %a32, %b32 : tensor<2x2xi32>
  %a64 = rarith.constant dense<[9223372036854775807, -9223372036854775808, 1, -1]> : vector<4xi64>
  %b64 = rarith.constant dense<[1, -1, 2, -2]> : vector<4xi64>
  %3 = rarith.subi %a64, %b64 : vector<4xi64>
  %ai = rarith.constant dense<[0, 1, 2, -3]> : vector<4xindex>
  %bi = rarith.constant dense<[4, 3, 2, 1]> : vector<4xindex>
  %4 = rarith.addi %ai, %bi : vector<4xindex>
  %5 = rarith.cmpi slt, %a16, %b16 : vector<4xi16>
  %6 = rarith.extsi %a8 : vector<4xi8> to vector<4xi64>
  %7 = rarith.trunci %a16 : vector<4xi16> to vector<4xi8>
  return %0, %1, %2, %3, %4, %5, %6, %7 : vector<4xi8>, vector<4xi16>, tensor<2x2xi32>, vector<4xi64>, vector<4xindex>, vector<4xi1>, vector<4xi64>, vector<4xi8>
}

// -----

// CHECK-LABEL: func.func @floats
// CHECK-NOT: rarith.addf
// CHECK-NOT: rarith.mulf
// CHECK-NOT: rarith.sitofp
// CHECK-NOT: rarith.extf
// CHECK: return
func.func @floats() -> (vector<4xf16>, vector<4xbf16>, vector<4xf32>, vector<4xf64>, vector<4xf32>, vector<4xf32>) {
  %ah = rarith.constant dense<[1.5, -0.0, 65504.0, 0x7E00]> : vector<4xf16>
  %bh = rarith.constant dense<[0.25, 0.0, 65504.0, 1.0]> : vector<4xf16>
  %0 = rarith.addf %ah, %bh : vector<4xf16>
  %ab = rarith.constant dense<[1.0e38, -3.0, 0.5, -0.0]> : vector<4xbf16>
  %bb = rarith.constant dense<[10.0, 3.0, 0.5, 0.0]> : vector<4xbf16>
  %1 = rarith.mulf %ab, %bb : vector<4xbf16>
  %af = rarith.constant dense<[3.4e38, 1.0e-45, -2.5, 0x7FC00001]> : vector<4xf32>
  %bf = rarith.constant dense<[3.4e38, 1.0e-45, 2.5, 1.0]> : vector<4xf32>
  %2 = rarith.addf %af, %bf : vector<4xf32>
  %ad = rarith.constant dense<[1.0e308, -1.0e-320, 0.1, -0.0]> : vector<4xf64>
  %bd = rarith.constant dense<[10.0, 2.0, 0.2, -0.0]> : vector<4xf64>
  %3 = rarith.mulf %ad, %bd : vector<4xf64>
  %i = rarith.constant dense<[16777217, -1, 0, 2147483647]> : vector<4xi32>
  %4 = rarith.sitofp %i : vector<4xi32> to vector<4xf32>
  %e = rarith.constant dense<[0.5, -448.0, 0.0, 3.0]> : vector<4xf8E4M3FN>
  %5 = rarith.extf %e : vector<4xf8E4M3FN> to vector<4xf32>
  return %0, %1, %2, %3, %4, %5 : vector<4xf16>, vector<4xbf16>, vector<4xf32>, vector<4xf64>, vector<4xf32>, vector<4xf32>
}

// -----

// Distinct operands, equal results: the folded constant is a splat.
// CHECK-LABEL: func.func @agreeing
// CHECK: rarith.constant dense<10> : vector<4xi32>
// CHECK: rarith.constant dense<1.000000e+00> : vector<3xf32>
func.func @agreeing() -> (vector<4xi32>, vector<3xf32>) {
  %a = rarith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %b = rarith.constant dense<[9, 8, 7, 6]> : vector<4xi32>
  %0 = rarith.addi %a, %b : vector<4xi32>
  %c = rarith.constant dense<[0.5, 0.25, 0.75]> : vector<3xf32>
  %d = rarith.constant dense<[0.5, 0.75, 0.25]> : vector<3xf32>
  %1 = rarith.addf %c, %d : vector<3xf32>
  return %0, %1 : vector<4xi32>, vector<3xf32>
}

// -----

// f32/f64 elements computed in hardware where that agrees with APFloat:
// rounding ties, overflow to infinity, subnormal and signed-zero results;
// NaN results (inf * 0, inf - inf, 0 / 0, NaN payloads) follow APFloat.
// CHECK-LABEL: func.func @native_floats
// CHECK-NOT: rarith.addf
// CHECK-NOT: rarith.subf
// CHECK-NOT: rarith.mulf
// CHECK-NOT: rarith.divf
// CHECK: return
func.func @native_floats() -> (vector<6xf32>, vector<6xf32>, vector<6xf64>, vector<6xf64>) {
  %a = rarith.constant dense<[0x7F800000, 0x7F800000, 0.0, 0x7FC12345, 1.0e-38, -0.0]> : vector<6xf32>
  %b = rarith.constant dense<[0.0, 0x7F800000, 0.0, 2.0, 1.0e-7, 0.0]> : vector<6xf32>
  %0 = rarith.mulf %a, %b : vector<6xf32>
  %1 = rarith.subf %a, %b : vector<6xf32>
  %c = rarith.constant dense<[0x7FF0000000000000, 1.0e308, 0.0, 0xFFF8000000000ABC, 4.9e-324, 1.0]> : vector<6xf64>
  %d = rarith.constant dense<[0xFFF0000000000000, 1.0e308, 0.0, 1.0, 0.5, 3.0]> : vector<6xf64>
  %2 = rarith.addf %c, %d : vector<6xf64>
  %3 = rarith.divf %c, %d : vector<6xf64>
  return %0, %1, %2, %3 : vector<6xf32>, vector<6xf32>, vector<6xf64>, vector<6xf64>
}

// -----

// Integer to float conversions in hardware: every source width, signed and
// unsigned, with the values that round (ties to even) or sit at the edges.
// CHECK-LABEL: func.func @native_int_to_float
// CHECK-NOT: rarith.sitofp
// CHECK-NOT: rarith.uitofp
// CHECK: return
func.func @native_int_to_float() -> (vector<4xf32>, vector<4xf32>, vector<4xf64>, vector<4xf64>, vector<4xf32>, vector<4xf32>, vector<2xf32>, vector<2xf64>) {
  %i64 = rarith.constant dense<[9223372036854775807, -9223372036854775808, 9007199254740993, -1]> : vector<4xi64>
  %0 = rarith.sitofp %i64 : vector<4xi64> to vector<4xf32>
  %1 = rarith.uitofp %i64 : vector<4xi64> to vector<4xf32>
  %2 = rarith.sitofp %i64 : vector<4xi64> to vector<4xf64>
  %3 = rarith.uitofp %i64 : vector<4xi64> to vector<4xf64>
  %i16 = rarith.constant dense<[-32768, 32767, -1, 0]> : vector<4xi16>
  %4 = rarith.sitofp %i16 : vector<4xi16> to vector<4xf32>
  %5 = rarith.uitofp %i16 : vector<4xi16> to vector<4xf32>
  %i1 = rarith.constant dense<[true, false]> : vector<2xi1>
  %6 = rarith.sitofp %i1 : vector<2xi1> to vector<2xf32>
  %i32 = rarith.constant dense<[16777217, 16777219]> : vector<2xi32>
  %7 = rarith.uitofp %i32 : vector<2xi32> to vector<2xf64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : vector<4xf32>, vector<4xf32>, vector<4xf64>, vector<4xf64>, vector<4xf32>, vector<4xf32>, vector<2xf32>, vector<2xf64>
}

// -----

// A splat against a non-splat folds lane by lane as the non-splat does, on
// either side; lanes that all agree are uniqued as a splat.
// CHECK-LABEL: func.func @splat_and_dense
// CHECK-NOT: rarith.addi
// CHECK-NOT: rarith.subi
// CHECK-NOT: rarith.muli
// CHECK-NOT: rarith.cmpi
// CHECK-NOT: rarith.shli
// CHECK: return
func.func @splat_and_dense() -> (vector<4xi8>, vector<4xi8>, vector<4xi16>, vector<4xi1>, vector<3xi64>, vector<4xi8>, tensor<2x2xindex>) {
  %s8 = rarith.constant dense<100> : vector<4xi8>
  %d8 = rarith.constant dense<[27, 28, -100, 0]> : vector<4xi8>
  %0 = rarith.addi %s8, %d8 : vector<4xi8>
  %1 = rarith.subi %d8, %s8 : vector<4xi8>
  %s16 = rarith.constant dense<-3> : vector<4xi16>
  %d16 = rarith.constant dense<[10923, -10923, 0, 7]> : vector<4xi16>
  %2 = rarith.muli %d16, %s16 : vector<4xi16>
  %3 = rarith.cmpi ult, %s8, %d8 : vector<4xi8>
  %s64 = rarith.constant dense<1> : vector<3xi64>
  %d64 = rarith.constant dense<[0, 63, 62]> : vector<3xi64>
  %4 = rarith.shli %s64, %d64 : vector<3xi64>
  %agree = rarith.constant dense<[1, 2, 3, 4]> : vector<4xi8>
  %minus = rarith.constant dense<[5, 4, 3, 2]> : vector<4xi8>
  %5 = rarith.addi %agree, %minus : vector<4xi8>
  %si = rarith.constant dense<7> : tensor<2x2xindex>
  %di = rarith.constant dense<[[1, -1], [0, 9223372036854775807]]> : tensor<2x2xindex>
  %6 = rarith.addi %di, %si : tensor<2x2xindex>
  return %0, %1, %2, %3, %4, %5, %6 : vector<4xi8>, vector<4xi8>, vector<4xi16>, vector<4xi1>, vector<3xi64>, vector<4xi8>, tensor<2x2xindex>
}
