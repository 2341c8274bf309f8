// truncf with a rounding mode lowers to LLVM's constrained fptrunc (the
// rounding mode mapped to LLVM's numbering, exceptions ignored, fast-math
// flags kept as an attribute), on scalars, 1-D and n-D vectors; 0-d vectors
// lower as one-element vectors. Same output as upstream in both tools, for
// convert-rarith-to-llvm and for convert-to-llvm.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-arith-to-llvm | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --convert-rarith-to-llvm > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-llvm)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-to-llvm | %from-upstream > %t.generic-upstream
// RUN: rmlir-opt %s --split-input-file --convert-to-llvm > %t.generic-rmlir
// RUN: diff -u %t.generic-upstream %t.generic-rmlir

// CHECK-LABEL: func.func @rounding
// CHECK: llvm.intr.experimental.constrained.fptrunc %arg0 tonearest ignore : f64 to f32
// CHECK: llvm.intr.experimental.constrained.fptrunc %arg0 downward ignore : f64 to f16
// CHECK: llvm.intr.experimental.constrained.fptrunc %arg1 towardzero ignore : vector<2xf32> to vector<2xbf16>
// CHECK-COUNT-2: llvm.intr.experimental.constrained.fptrunc %{{.*}} upward ignore : vector<3xf64> to vector<3xf32>
// CHECK: llvm.intr.experimental.constrained.fptrunc %arg0 tonearestaway ignore {fastmath = #arith.fastmath<fast>} : f64 to f32
// CHECK: llvm.fptrunc %arg0 : f64 to f32
func.func @rounding(%a: f64, %v: vector<2xf32>, %n: vector<2x3xf64>) -> (f32, f16, vector<2xbf16>, vector<2x3xf32>, f32, f32) {
  %0 = rarith.truncf %a to_nearest_even : f64 to f32
  %1 = rarith.truncf %a downward : f64 to f16
  %2 = rarith.truncf %v toward_zero : vector<2xf32> to vector<2xbf16>
  %3 = rarith.truncf %n upward : vector<2x3xf64> to vector<2x3xf32>
  %4 = rarith.truncf %a to_nearest_away fastmath<fast> : f64 to f32
  %5 = rarith.truncf %a : f64 to f32
  return %0, %1, %2, %3, %4, %5 : f32, f16, vector<2xbf16>, vector<2x3xf32>, f32, f32
}

// -----

// CHECK-LABEL: func.func @zero_d
// CHECK: llvm.add %{{.*}}, %{{.*}} : vector<1xi32>
// CHECK: llvm.fmul %{{.*}}, %{{.*}} : vector<1xf32>
// CHECK: llvm.fpext %{{.*}} : vector<1xf32> to vector<1xf64>
func.func @zero_d(%a: vector<i32>, %f: vector<f32>, %i: vector<index>) -> (vector<i32>, vector<f32>, vector<i1>, vector<i64>, vector<f64>) {
  %0 = rarith.addi %a, %a : vector<i32>
  %1 = rarith.mulf %f, %f : vector<f32>
  %2 = rarith.cmpi slt, %a, %a : vector<i32>
  %3 = rarith.index_cast %i : vector<index> to vector<i64>
  %4 = rarith.extf %f : vector<f32> to vector<f64>
  %c = rarith.constant dense<3> : vector<i32>
  %5 = rarith.addi %0, %c : vector<i32>
  return %5, %1, %2, %3, %4 : vector<i32>, vector<f32>, vector<i1>, vector<i64>, vector<f64>
}
