// Casts of unranked tensors verify without reading a shape they do not have.
// Upstream's SameInputOutputTensorDims reads getShape() of any TensorType:
// `arith.extf %a : tensor<*xf64> to tensor<*xf64>` segfaults upstream's
// verifier (found by tests/odd_types.rs; docs/upstream-differences.md).
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --verify-diagnostics --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @unranked
// CHECK: rarith.extf %{{.*}} : tensor<*xf32> to tensor<*xf64>
// CHECK: rarith.truncf %{{.*}} : tensor<*xf64> to tensor<*xf16>
// CHECK: rarith.extsi %{{.*}} : tensor<*xi8> to tensor<*xi32>
func.func @unranked(%a: tensor<*xf32>, %b: tensor<*xf64>, %c: tensor<*xi8>) -> (tensor<*xf64>, tensor<*xf16>, tensor<*xi32>) {
  %0 = rarith.extf %a : tensor<*xf32> to tensor<*xf64>
  %1 = rarith.truncf %b : tensor<*xf64> to tensor<*xf16>
  %2 = rarith.extsi %c : tensor<*xi8> to tensor<*xi32>
  return %0, %1, %2 : tensor<*xf64>, tensor<*xf16>, tensor<*xi32>
}

// -----

func.func @same_width(%a: tensor<*xf64>) {
  // expected-error @+1 {{'rarith.extf' op operand type 'tensor<*xf64>' and result type 'tensor<*xf64>' are cast incompatible}}
  %0 = rarith.extf %a : tensor<*xf64> to tensor<*xf64>
  return
}

// -----

func.func @same_width_trunc(%a: tensor<*xf64>) {
  // expected-error @+1 {{'rarith.truncf' op operand type 'tensor<*xf64>' and result type 'tensor<*xf64>' are cast incompatible}}
  %0 = rarith.truncf %a : tensor<*xf64> to tensor<*xf64>
  return
}

// -----

func.func @unranked_to_ranked(%a: tensor<*xf32>) {
  // expected-error @+1 {{'rarith.extf' op failed to verify that input and output have the same tensor dimensions}}
  %0 = rarith.extf %a : tensor<*xf32> to tensor<2xf64>
  return
}
