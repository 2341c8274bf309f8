// A select with an elementwise (tensor) condition does not bufferize: the
// same diagnostic as upstream's model gives for arith.select, in both tools.
// RUN: not rmlir-opt %s --one-shot-bufferize="bufferize-function-boundaries" 2>&1 | FileCheck %s
// RUN: not %mlir-opt-plugin %s --one-shot-bufferize="bufferize-function-boundaries" 2>&1 | FileCheck %s
// RUN: %to-upstream %s | not %upstream-mlir-opt --one-shot-bufferize="bufferize-function-boundaries" 2>&1 | %from-upstream | FileCheck %s

// CHECK: :[[# @LINE + 2]]:8: error: 'rarith.select' op only i1 condition values are supported
func.func @elementwise_condition(%c: tensor<4xi1>, %t: tensor<4xi32>, %u: tensor<4xi32>) -> tensor<4xi32> {
  %s = rarith.select %c, %t, %u : tensor<4xi1>, tensor<4xi32>
  return %s : tensor<4xi32>
}
