// Differential: float folders against upstream's APFloat, across formats,
// signed zeros, infinities, NaN payloads, subnormals, exact-only casts.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @arith_f32() {
  %a = rarith.constant 1.5 : f32
  %b = rarith.constant -2.25 : f32
  %z = rarith.constant 0.0 : f32
  %nz = rarith.constant -0.0 : f32
  %inf = rarith.constant 0x7F800000 : f32
  %ninf = rarith.constant 0xFF800000 : f32
  %nan = rarith.constant 0x7FC00123 : f32
  %sub = rarith.constant 1.0e-45 : f32
  %0 = rarith.addf %a, %b : f32
  %1 = rarith.subf %a, %b : f32
  %2 = rarith.mulf %a, %b : f32
  %3 = rarith.divf %a, %b : f32
  %4 = rarith.remf %b, %a : f32
  %5 = rarith.negf %nz : f32
  %6 = rarith.divf %a, %z : f32
  %7 = rarith.divf %z, %z : f32
  %8 = rarith.addf %inf, %ninf : f32
  %9 = rarith.addf %nan, %a : f32
  %10 = rarith.mulf %sub, %sub : f32
  %11 = rarith.maximumf %nz, %z : f32
  %12 = rarith.minimumf %nz, %z : f32
  %13 = rarith.maxnumf %nan, %a : f32
  %14 = rarith.minnumf %a, %nan : f32
  %15 = rarith.maximumf %nan, %a : f32
  %16 = rarith.minimumf %a, %nan : f32
  %17 = rarith.maxnumf %nz, %z : f32
  %18 = rarith.minnumf %z, %nz : f32
  %19 = rarith.negf %nan : f32
  %20 = rarith.remf %a, %z : f32
  %21 = rarith.addf %nz, %nz : f32
  %snan = rarith.constant 0x7F800001 : f32
  %22 = rarith.maxnumf %snan, %a : f32
  %23 = rarith.maximumf %snan, %a : f32
  %24 = rarith.addf %snan, %a : f32
  %25 = rarith.minnumf %a, %snan : f32
  %26 = rarith.minimumf %a, %snan : f32
  %27 = rarith.maxnumf %snan, %snan : f32
  %qn = rarith.constant 0x7FC00005 : f32
  %28 = rarith.maxnumf %qn, %a : f32
  %29 = rarith.minnumf %qn, %snan : f32
  %30 = rarith.maximumf %snan, %qn : f32
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30) : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32) -> ()
  return
}

// -----

func.func @formats() {
  %h = rarith.constant 65504.0 : f16
  %h1 = rarith.constant 1.0 : f16
  %0 = rarith.addf %h, %h1 : f16
  %1 = rarith.mulf %h, %h : f16
  %bf = rarith.constant 3.140625 : bf16
  %2 = rarith.mulf %bf, %bf : bf16
  %d = rarith.constant 0.1 : f64
  %d2 = rarith.constant 0.2 : f64
  %3 = rarith.addf %d, %d2 : f64
  %x = rarith.constant 1.0e4000 : f80
  %4 = rarith.mulf %x, %x : f80
  %q = rarith.constant 1.0 : f128
  %q3 = rarith.constant 3.0 : f128
  %5 = rarith.divf %q, %q3 : f128
  %e = rarith.constant 1.5 : f8E5M2
  %6 = rarith.addf %e, %e : f8E5M2
  %f = rarith.constant 448.0 : f8E4M3FN
  %7 = rarith.addf %f, %f : f8E4M3FN
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7) : (f16, f16, bf16, f64, f80, f128, f8E5M2, f8E4M3FN) -> ()
  return
}

// -----

func.func @identities(%x: f32, %v: vector<4xf32>) {
  %nz = rarith.constant -0.0 : f32
  %z = rarith.constant 0.0 : f32
  %one = rarith.constant 1.0 : f32
  %ninf = rarith.constant 0xFF800000 : f32
  %inf = rarith.constant 0x7F800000 : f32
  %nan = rarith.constant 0x7FC00000 : f32
  %0 = rarith.addf %x, %nz : f32
  %1 = rarith.addf %x, %z : f32
  %2 = rarith.subf %x, %z : f32
  %3 = rarith.subf %x, %nz : f32
  %4 = rarith.mulf %x, %one : f32
  %5 = rarith.divf %x, %one : f32
  %6 = rarith.maximumf %x, %ninf : f32
  %7 = rarith.minimumf %x, %inf : f32
  %8 = rarith.maxnumf %x, %nan : f32
  %9 = rarith.minnumf %x, %nan : f32
  %10 = rarith.maximumf %x, %x : f32
  %n = rarith.negf %x : f32
  %11 = rarith.negf %n : f32
  %vo = rarith.constant dense<1.0> : vector<4xf32>
  %12 = rarith.mulf %v, %vo : vector<4xf32>
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12) : (f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, f32, vector<4xf32>) -> ()
  return
}

// -----

func.func @shaped() {
  %a = rarith.constant dense<[1.0, -0.0, 0x7F800000, 2.5]> : vector<4xf32>
  %b = rarith.constant dense<[3.0, 0.0, 0x7F800000, -2.5]> : vector<4xf32>
  %s = rarith.constant dense<0.5> : vector<4xf32>
  %0 = rarith.addf %a, %b : vector<4xf32>
  %1 = rarith.mulf %a, %s : vector<4xf32>
  %2 = rarith.maximumf %a, %b : vector<4xf32>
  %3 = rarith.negf %a : vector<4xf32>
  %4 = rarith.subf %s, %s : vector<4xf32>
  "test.sink"(%0, %1, %2, %3, %4) : (vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>, vector<4xf32>) -> ()
  return
}

// -----

func.func @cmpf() {
  %a = rarith.constant 1.0 : f32
  %b = rarith.constant 2.0 : f32
  %nan = rarith.constant 0x7FC00000 : f32
  %nz = rarith.constant -0.0 : f32
  %z = rarith.constant 0.0 : f32
  %0 = rarith.cmpf false, %a, %b : f32
  %1 = rarith.cmpf oeq, %a, %b : f32
  %2 = rarith.cmpf ogt, %a, %b : f32
  %3 = rarith.cmpf oge, %a, %a : f32
  %4 = rarith.cmpf olt, %a, %b : f32
  %5 = rarith.cmpf ole, %b, %a : f32
  %6 = rarith.cmpf one, %a, %b : f32
  %7 = rarith.cmpf ord, %a, %nan : f32
  %8 = rarith.cmpf ueq, %a, %nan : f32
  %9 = rarith.cmpf ugt, %a, %b : f32
  %10 = rarith.cmpf uge, %nan, %a : f32
  %11 = rarith.cmpf ult, %a, %b : f32
  %12 = rarith.cmpf ule, %b, %a : f32
  %13 = rarith.cmpf une, %nz, %z : f32
  %14 = rarith.cmpf uno, %a, %b : f32
  %15 = rarith.cmpf true, %a, %b : f32
  %16 = rarith.cmpf oeq, %nz, %z : f32
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  return
}

// -----

func.func @casts(%h: f16) {
  %d = rarith.constant 1.5 : f64
  %d1 = rarith.constant 0.1 : f64
  %f = rarith.constant 1.5 : f32
  %0 = rarith.truncf %d : f64 to f32
  %1 = rarith.truncf %d1 : f64 to f32
  %2 = rarith.extf %f : f32 to f64
  %3 = rarith.truncf %d1 downward : f64 to f32
  %big = rarith.constant 1.0e10 : f32
  %4 = rarith.truncf %big : f32 to f16
  %i = rarith.constant -3 : i32
  %5 = rarith.sitofp %i : i32 to f32
  %6 = rarith.uitofp %i : i32 to f32
  %u = rarith.constant 16777217 : i32
  %7 = rarith.sitofp %u : i32 to f32
  %m = rarith.constant -2.9 : f32
  %8 = rarith.fptosi %m : f32 to i8
  %9 = rarith.fptoui %m : f32 to i8
  %o = rarith.constant 300.0 : f32
  %10 = rarith.fptosi %o : f32 to i8
  %nan = rarith.constant 0x7FC00000 : f32
  %11 = rarith.fptosi %nan : f32 to i32
  %e = rarith.extf %h : f16 to f32
  %12 = rarith.truncf %e : f32 to f16
  %vi = rarith.constant dense<[1, -1, 7]> : vector<3xi16>
  %13 = rarith.sitofp %vi : vector<3xi16> to vector<3xf64>
  %vf = rarith.constant dense<[0.5, 255.9]> : vector<2xf32>
  %14 = rarith.fptoui %vf : vector<2xf32> to vector<2xi8>
  %bf = rarith.constant 1.0 : f32
  %15 = rarith.truncf %bf : f32 to bf16
  %w = rarith.constant 12345678901234567890 : i64
  %16 = rarith.uitofp %w : i64 to f64
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16) : (f32, f32, f64, f32, f16, f32, f32, f32, i8, i8, i8, i32, f16, vector<3xf64>, vector<2xi8>, bf16, f64) -> ()
  return
}

// -----

// Conversions to i1 (signed: -1 and 0; unsigned: 0 and 1) at the edges:
// what truncates into range folds, the rest stays.
func.func @float_to_i1() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %half = rarith.constant 0.5 : f32
  %almost = rarith.constant 0.999 : f64
  %neg = rarith.constant -0.75 : f32
  %one = rarith.constant 1.0 : f16
  %m1 = rarith.constant -1.0 : f32
  %m15 = rarith.constant -1.5 : bf16
  %m2 = rarith.constant -2.0 : f32
  %inf = rarith.constant 0x7F800000 : f32
  %nan = rarith.constant 0x7FC00000 : f32
  %0 = rarith.fptosi %half : f32 to i1
  %1 = rarith.fptoui %half : f32 to i1
  %2 = rarith.fptosi %almost : f64 to i1
  %3 = rarith.fptosi %neg : f32 to i1
  %4 = rarith.fptosi %one : f16 to i1
  %5 = rarith.fptoui %one : f16 to i1
  %6 = rarith.fptosi %m1 : f32 to i1
  %7 = rarith.fptoui %m1 : f32 to i1
  %8 = rarith.fptosi %m15 : bf16 to i1
  %9 = rarith.fptosi %m2 : f32 to i1
  %10 = rarith.fptosi %inf : f32 to i1
  %11 = rarith.fptoui %inf : f32 to i1
  %12 = rarith.fptosi %nan : f32 to i1
  %13 = rarith.fptoui %nan : f32 to i1
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}
