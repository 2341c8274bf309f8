// Ops the lowering cannot handle fail the pass with a located diagnostic.
// RUN: not rmlir-opt %s --convert-rarith-to-llvm 2>&1 | FileCheck %s
// RUN: not %mlir-opt-plugin %s --pass-pipeline="builtin.module(convert-rarith-to-llvm)" 2>&1 | FileCheck %s

// CHECK: unsupported.mlir:[[# @LINE + 2]]:8: error: failed to legalize operation 'rarith.addi'
func.func @tensor(%t: tensor<4xi32>) -> tensor<4xi32> {
  %0 = rarith.addi %t, %t : tensor<4xi32>
  return %0 : tensor<4xi32>
}
