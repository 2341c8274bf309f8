// vector.print of a wide value prints its two halves and keeps its
// punctuation (upstream drops it, see docs/upstream-differences.md).
// RUN: rmlir-opt %s --rarith-emulate-wide-int | FileCheck %s
// RUN: %mlir-opt-plugin %s --pass-pipeline='builtin.module(rarith-emulate-wide-int)' | FileCheck %s

// CHECK-LABEL: func.func @print(%arg0: vector<2xi32>, %arg1: vector<3x2xi32>)
// CHECK: vector.print %arg0 : vector<2xi32> punctuation <comma>
// CHECK: vector.print %arg1 : vector<3x2xi32>
// CHECK-NOT: punctuation
func.func @print(%a: i64, %v: vector<3xi64>) {
  vector.print %a : i64 punctuation <comma>
  vector.print %v : vector<3xi64>
  return
}
