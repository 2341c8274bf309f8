// convert-rarith-to-llvm keeps attributes as upstream's convert-arith-to-llvm
// does: inherent flags become LLVM properties (fast-math, overflow, exact,
// predicates), discardable attributes carry over (but to comparisons), and
// extf/truncf keep their fast-math flags as a discardable attribute. Checked
// in generic form, against upstream, in both tools and through
// convert-to-llvm.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --convert-arith-to-llvm --mlir-print-op-generic | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --convert-rarith-to-llvm --mlir-print-op-generic > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --pass-pipeline="builtin.module(convert-rarith-to-llvm)" --mlir-print-op-generic > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --convert-to-llvm | %from-upstream > %t.generic-upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --convert-to-llvm > %t.generic-rmlir
// RUN: diff -u %t.generic-upstream %t.generic-rmlir
// RUN: rmlir-opt %s --allow-unregistered-dialect --convert-rarith-to-llvm | FileCheck %s

// CHECK-LABEL: func.func @attributes
// CHECK: llvm.fadd %arg0, %arg0 {fastmathFlags = #llvm.fastmath<fast>, test.d = 0 : i64} : f32
// CHECK: llvm.add %arg2, %arg3 overflow<nsw> {test.d = 1 : i64} : i32
// CHECK: llvm.fpext %arg0 {fastmath = #arith.fastmath<nnan>, test.d = 2 : i64} : f32 to f64
// CHECK: llvm.icmp "slt" %arg2, %arg3 : i32
// CHECK: llvm.mlir.constant(3 : i32) {test.d = 8 : i64} : i32
func.func @attributes(%f: f32, %g: f64, %i: i32, %j: i32, %c: i1, %x: index, %v: vector<2x2xf32>) {
  %0 = rarith.addf %f, %f fastmath<fast> {"test.d" = 0 : i64} : f32
  %1 = rarith.addi %i, %j overflow<nsw> {"test.d" = 1 : i64} : i32
  %2 = rarith.extf %f fastmath<nnan> {"test.d" = 2 : i64} : f32 to f64
  %3 = rarith.truncf %g fastmath<nnan> : f64 to f32
  %4 = rarith.truncf %g upward {"test.d" = 4 : i64} : f64 to f32
  %5 = rarith.cmpi slt, %i, %j {"test.d" = 5 : i64} : i32
  %6 = rarith.divsi %i, %j {"test.d" = 6 : i64} : i32
  %7 = rarith.select %c, %i, %j {"test.d" = 7 : i64} : i32
  %8 = rarith.constant {"test.d" = 8 : i64} 3 : i32
  %9 = rarith.index_cast %x {"test.d" = 9 : i64} : index to i32
  %10:2 = rarith.addui_extended %i, %j {"test.d" = 10 : i64} : i32, i1
  %11:2 = rarith.mulsi_extended %i, %j {"test.d" = 11 : i64} : i32
  %12 = rarith.negf %v {"test.d" = 12 : i64} : vector<2x2xf32>
  %13 = rarith.sitofp %i {"test.d" = 13 : i64} : i32 to f32
  %14 = rarith.cmpf olt, %f, %f fastmath<nnan> {"test.d" = 14 : i64} : f32
  %15 = rarith.extui %c {"test.d" = 15 : i64} : i1 to i32
  %16 = rarith.index_cast %i {"test.d" = 16 : i64} : i32 to index
  %17 = rarith.trunci %i overflow<nuw> {"test.d" = 17 : i64} : i32 to i8
  %18 = rarith.bitcast %i {"test.d" = 18 : i64} : i32 to f32
  %19 = rarith.maxsi %i, %j {"test.d" = 19 : i64} : i32
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10#0, %10#1, %11#0, %11#1, %12, %13, %14, %15, %16, %17, %18, %19) : (f32, i32, f64, f32, f32, i1, i32, i32, i32, i32, i32, i1, i32, i32, vector<2x2xf32>, f32, i1, i32, index, i8, f32, i32) -> ()
  return
}
