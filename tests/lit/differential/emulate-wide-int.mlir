// rarith-emulate-wide-int against upstream's arith-emulate-wide-int: every
// op the emulation handles, on scalars and on vectors of one and two
// dimensions, rebuilt op for op as upstream rebuilds it, in both tools. The
// program is written for 64-bit integers on a 32-bit target; the same
// program halved twice (16 bits on 8, 32 bits on 16) runs too. The shifts
// are the one difference (upstream's carry a poison shift by the whole
// width for a shift by 0): tests/lit/passes/emulate-wide-int-shifts.mlir.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --arith-emulate-wide-int | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --rarith-emulate-wide-int > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline='builtin.module(rarith-emulate-wide-int)' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir
// RUN: sed -E 's/(\W|x)i64\b/\1I_W/g; s/(\W|x)i32\b/\1I_H/g; s/(\W|x)i16\b/\1I_Q/g; s/(\W|x)i8\b/\1I_E/g; s/I_W/i16/g; s/I_H/i8/g; s/I_Q/i4/g; s/I_E/i2/g' %s | %to-upstream | %upstream-mlir-opt --split-input-file --arith-emulate-wide-int=widest-int-supported=8 | %from-upstream > %t.upstream8
// RUN: sed -E 's/(\W|x)i64\b/\1I_W/g; s/(\W|x)i32\b/\1I_H/g; s/(\W|x)i16\b/\1I_Q/g; s/(\W|x)i8\b/\1I_E/g; s/I_W/i16/g; s/I_H/i8/g; s/I_Q/i4/g; s/I_E/i2/g' %s | rmlir-opt --split-input-file --rarith-emulate-wide-int=widest-int-supported=8 > %t.rmlir8
// RUN: diff -u %t.upstream8 %t.rmlir8
// RUN: sed -E 's/(\W|x)i64\b/\1I_W/g; s/(\W|x)i32\b/\1I_H/g; s/(\W|x)i16\b/\1I_Q/g; s/(\W|x)i8\b/\1I_E/g; s/I_W/i32/g; s/I_H/i16/g; s/I_Q/i8/g; s/I_E/i4/g' %s | %to-upstream | %upstream-mlir-opt --split-input-file --arith-emulate-wide-int=widest-int-supported=16 | %from-upstream > %t.upstream16
// RUN: sed -E 's/(\W|x)i64\b/\1I_W/g; s/(\W|x)i32\b/\1I_H/g; s/(\W|x)i16\b/\1I_Q/g; s/(\W|x)i8\b/\1I_E/g; s/I_W/i32/g; s/I_H/i16/g; s/I_Q/i8/g; s/I_E/i4/g' %s | rmlir-opt --split-input-file --rarith-emulate-wide-int=widest-int-supported=16 > %t.rmlir16
// RUN: diff -u %t.upstream16 %t.rmlir16

// A 64-bit constant becomes its two 32-bit halves, low first.
// CHECK-LABEL: func.func @constants() -> (vector<2xi32>, vector<3x2xi32>, vector<2x2x2xi32>, vector<2x2xi32>)
// CHECK: rarith.constant dense<[-2, -1]> : vector<2xi32>
// CHECK: rarith.constant dense<{{\[}}[257, 0], [257, 0], [257, 0]]> : vector<3x2xi32>
// CHECK: rarith.constant dense<{{\[}}{{\[}}[1, 0], [-1, -1]], {{\[}}[3, 0], [-3, -1]]]> : vector<2x2x2xi32>
// CHECK: rarith.constant dense<0> : vector<2x2xi32>
func.func @constants() -> (i64, vector<3xi64>, vector<2x2xi64>, vector<2xi64>) {
  %a = rarith.constant -2 : i64
  %b = rarith.constant dense<257> : vector<3xi64>
  %c = rarith.constant dense<[[1, -1], [3, -3]]> : vector<2x2xi64>
  %d = rarith.constant dense<0> : vector<2xi64>
  return %a, %b, %c, %d : i64, vector<3xi64>, vector<2x2xi64>, vector<2xi64>
}

// -----

// Addition carries the low halves' overflow into the high half.
// CHECK-LABEL: func.func @binary(%arg0: vector<2xi32>, %arg1: vector<2xi32>)
// CHECK: %[[L0:.*]] = vector.extract %arg0[0] : i32 from vector<2xi32>
// CHECK: %[[L1:.*]] = vector.extract %arg0[1] : i32 from vector<2xi32>
// CHECK: %[[R0:.*]] = vector.extract %arg1[0] : i32 from vector<2xi32>
// CHECK: %[[R1:.*]] = vector.extract %arg1[1] : i32 from vector<2xi32>
// CHECK: %[[SUM:.*]], %[[OV:.*]] = rarith.addui_extended %[[L0]], %[[R0]] : i32, i1
// CHECK: %[[C:.*]] = rarith.extui %[[OV]] : i1 to i32
// CHECK: %[[H0:.*]] = rarith.addi %[[C]], %[[L1]] : i32
// CHECK: %[[H:.*]] = rarith.addi %[[H0]], %[[R1]] : i32
// CHECK: %[[Z:.*]] = rarith.constant dense<0> : vector<2xi32>
// CHECK: %[[V0:.*]] = vector.insert %[[SUM]], %[[Z]] [0] : i32 into vector<2xi32>
// CHECK: vector.insert %[[H]], %[[V0]] [1] : i32 into vector<2xi32>
func.func @binary(%a: i64, %b: i64) -> (i64, i64, i64, i64, i64, i64) {
  %0 = rarith.addi %a, %b overflow<nsw> : i64
  %1 = rarith.subi %a, %b : i64
  %2 = rarith.muli %a, %b : i64
  %3 = rarith.andi %a, %b : i64
  %4 = rarith.ori %a, %b : i64
  %5 = rarith.xori %a, %b : i64
  return %0, %1, %2, %3, %4, %5 : i64, i64, i64, i64, i64, i64
}

// -----

func.func @binary_vectors(%a: vector<4xi64>, %b: vector<4xi64>, %c: vector<2x3xi64>) -> (vector<4xi64>, vector<4xi64>, vector<2x3xi64>, vector<2x3xi64>) {
  %0 = rarith.subi %a, %b : vector<4xi64>
  %1 = rarith.muli %a, %b : vector<4xi64>
  %2 = rarith.xori %c, %c : vector<2x3xi64>
  %3 = rarith.addi %c, %c : vector<2x3xi64>
  return %0, %1, %2, %3 : vector<4xi64>, vector<4xi64>, vector<2x3xi64>, vector<2x3xi64>
}

// -----

// Ordered comparisons: the high halves decide unless they are equal, then
// the low halves compare unsigned.
// CHECK-LABEL: func.func @compare
// CHECK: %[[LO:.*]] = rarith.cmpi ult, %{{.*}}, %{{.*}} : i32
// CHECK: %[[HI:.*]] = rarith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK: %[[EQ:.*]] = rarith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK: rarith.select %[[EQ]], %[[LO]], %[[HI]] : i1
func.func @compare(%a: i64, %b: i64, %v: vector<2xi64>) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2xi1>) {
  %0 = rarith.cmpi eq, %a, %b : i64
  %1 = rarith.cmpi ne, %a, %b : i64
  %2 = rarith.cmpi slt, %a, %b : i64
  %3 = rarith.cmpi sle, %a, %b : i64
  %4 = rarith.cmpi sgt, %a, %b : i64
  %5 = rarith.cmpi sge, %a, %b : i64
  %6 = rarith.cmpi ult, %a, %b : i64
  %7 = rarith.cmpi ule, %a, %b : i64
  %8 = rarith.cmpi ugt, %a, %b : i64
  %9 = rarith.cmpi uge, %a, %b : i64
  %10 = rarith.cmpi sle, %v, %v : vector<2xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2xi1>
}

// -----

func.func @select(%c: i1, %a: i64, %b: i64, %vc: vector<3xi1>, %va: vector<3xi64>) -> (i64, vector<3xi64>, vector<3xi64>) {
  %0 = rarith.select %c, %a, %b : i64
  %1 = rarith.select %vc, %va, %va : vector<3xi1>, vector<3xi64>
  %2 = rarith.select %c, %va, %va : vector<3xi64>
  return %0, %1, %2 : i64, vector<3xi64>, vector<3xi64>
}

// -----

func.func @min_max(%a: i64, %b: i64, %v: vector<2xi64>) -> (i64, i64, i64, i64, vector<2xi64>) {
  %0 = rarith.maxsi %a, %b : i64
  %1 = rarith.maxui %a, %b : i64
  %2 = rarith.minsi %a, %b : i64
  %3 = rarith.minui %a, %b : i64
  %4 = rarith.maxsi %v, %v : vector<2xi64>
  return %0, %1, %2, %3, %4 : i64, i64, i64, i64, vector<2xi64>
}

// -----

func.func @extensions(%a: i16, %b: i32, %c: i1, %v: vector<3xi8>, %w: vector<2x2xi32>) -> (i64, i64, i64, i64, vector<3xi64>, vector<2x2xi64>, vector<3xi64>) {
  %0 = rarith.extsi %a : i16 to i64
  %1 = rarith.extui %a : i16 to i64
  %2 = rarith.extsi %b : i32 to i64
  %3 = rarith.extui %c : i1 to i64
  %4 = rarith.extsi %v : vector<3xi8> to vector<3xi64>
  %5 = rarith.extui %w : vector<2x2xi32> to vector<2x2xi64>
  %6 = rarith.extui %v : vector<3xi8> to vector<3xi64>
  return %0, %1, %2, %3, %4, %5, %6 : i64, i64, i64, i64, vector<3xi64>, vector<2x2xi64>, vector<3xi64>
}

// -----

func.func @extend_constants() -> (i64, i64, vector<2xi64>) {
  %c = rarith.constant -5 : i16
  %v = rarith.constant dense<[1, -1]> : vector<2xi8>
  %0 = rarith.extsi %c : i16 to i64
  %1 = rarith.extui %c : i16 to i64
  %2 = rarith.extsi %v : vector<2xi8> to vector<2xi64>
  return %0, %1, %2 : i64, i64, vector<2xi64>
}

// -----

func.func @truncations(%a: i64, %v: vector<3xi64>) -> (i32, i8, i1, vector<3xi16>, vector<3xi32>) {
  %0 = rarith.trunci %a : i64 to i32
  %1 = rarith.trunci %a : i64 to i8
  %2 = rarith.trunci %a : i64 to i1
  %3 = rarith.trunci %v : vector<3xi64> to vector<3xi16>
  %4 = rarith.trunci %v : vector<3xi64> to vector<3xi32>
  return %0, %1, %2, %3, %4 : i32, i8, i1, vector<3xi16>, vector<3xi32>
}

// -----

func.func @index_casts(%a: i64, %i: index, %v: vector<2xi64>, %vi: vector<2xindex>) -> (index, index, i64, i64, vector<2xindex>, vector<2xi64>, vector<2xi64>) {
  %0 = rarith.index_cast %a : i64 to index
  %1 = rarith.index_castui %a : i64 to index
  %2 = rarith.index_cast %i : index to i64
  %3 = rarith.index_castui %i : index to i64
  %4 = rarith.index_cast %v : vector<2xi64> to vector<2xindex>
  %5 = rarith.index_cast %vi : vector<2xindex> to vector<2xi64>
  %6 = rarith.index_castui %vi : vector<2xindex> to vector<2xi64>
  return %0, %1, %2, %3, %4, %5, %6 : index, index, i64, i64, vector<2xindex>, vector<2xi64>, vector<2xi64>
}

// -----

func.func @int_to_float(%a: i64, %v: vector<2xi64>) -> (f32, f64, f16, bf16, vector<2xf32>, vector<2xf64>) {
  %0 = rarith.uitofp %a : i64 to f32
  %1 = rarith.sitofp %a : i64 to f64
  %2 = rarith.uitofp %a : i64 to f16
  %3 = rarith.sitofp %a : i64 to bf16
  %4 = rarith.uitofp %v : vector<2xi64> to vector<2xf32>
  %5 = rarith.sitofp %v : vector<2xi64> to vector<2xf64>
  return %0, %1, %2, %3, %4, %5 : f32, f64, f16, bf16, vector<2xf32>, vector<2xf64>
}

// -----

func.func @float_to_int(%f: f32, %d: f64, %h: f16, %b: bf16, %v: vector<2xf32>) -> (i64, i64, i64, i64, i64, vector<2xi64>, vector<2xi64>) {
  %0 = rarith.fptoui %f : f32 to i64
  %1 = rarith.fptosi %d : f64 to i64
  %2 = rarith.fptoui %h : f16 to i64
  %3 = rarith.fptosi %h : f16 to i64
  %4 = rarith.fptoui %b : bf16 to i64
  %5 = rarith.fptoui %v : vector<2xf32> to vector<2xi64>
  %6 = rarith.fptosi %v : vector<2xf32> to vector<2xi64>
  return %0, %1, %2, %3, %4, %5, %6 : i64, i64, i64, i64, i64, vector<2xi64>, vector<2xi64>
}

// -----

// Signatures, calls, returns and prints follow the types.
// CHECK-LABEL: func.func private @callee(vector<2xi32>, i32) -> vector<2xi32>
// CHECK-LABEL: func.func @calls(%arg0: vector<2xi32>, %arg1: i32) -> vector<2xi32>
// CHECK: call @callee(%arg0, %arg1) : (vector<2xi32>, i32) -> vector<2xi32>
// CHECK: vector.print %{{.*}} : vector<2xi32>
// CHECK: vector.print %arg1 : i32
func.func private @callee(i64, i32) -> i64

func.func @calls(%a: i64, %b: i32) -> i64 {
  %0 = func.call @callee(%a, %b) : (i64, i32) -> i64
  %1 = rarith.addi %0, %a : i64
  vector.print %1 : i64
  vector.print %b : i32
  return %1 : i64
}

// -----

// CHECK-LABEL: func.func @legal(%arg0: i32, %arg1: i16, %arg2: f64, %arg3: index)
// CHECK-NEXT: rarith.addi %arg0, %arg0 : i32
// CHECK-NEXT: rarith.divsi %arg1, %arg1 : i16
// CHECK-NEXT: rarith.addf %arg2, %arg2 : f64
// CHECK-NEXT: rarith.muli %arg3, %arg3 : index
// Narrow and non-integer ops stay as they are.
func.func @legal(%a: i32, %b: i16, %f: f64, %i: index) -> (i32, i16, f64, index) {
  %0 = rarith.addi %a, %a : i32
  %1 = rarith.divsi %b, %b : i16
  %2 = rarith.addf %f, %f : f64
  %3 = rarith.muli %i, %i : index
  return %0, %1, %2, %3 : i32, i16, f64, index
}

// -----

func.func @chain(%a: i64, %b: i64) -> i32 {
  %0 = rarith.muli %a, %b : i64
  %1 = rarith.maxui %0, %b : i64
  %2 = rarith.minsi %1, %a : i64
  %3 = rarith.trunci %2 : i64 to i32
  return %3 : i32
}

