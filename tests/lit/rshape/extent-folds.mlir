// Extent folds where upstream MLIR 22 crashes (docs/upstream-differences.md):
// rmlir keeps the IR valid, in both tools.
// RUN: rmlir-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize | FileCheck %s

// A negative constant dimension does not fold (upstream indexes the
// constant's elements out of bounds and crashes).
// CHECK-LABEL: func.func @get_extent_negative_dim
// CHECK: %[[R:.*]] = rshape.get_extent %{{.*}}, %{{.*}} : tensor<2xindex>, index -> index
// CHECK: return %[[R]]
func.func @get_extent_negative_dim() -> index {
  %m = rarith.constant -1 : index
  %s = rshape.const_shape [4, 5] : tensor<2xindex>
  %0 = rshape.get_extent %s, %m : tensor<2xindex>, index -> index
  return %0 : index
}

// -----

// A huge const_size dimension (read unsigned, saturated) does not fold.
// CHECK-LABEL: func.func @get_extent_huge_dim
// CHECK: rshape.get_extent
func.func @get_extent_huge_dim() -> !rshape.size {
  %m = rshape.const_size -1
  %s = rshape.const_shape [4, 5] : !rshape.shape
  %0 = rshape.get_extent %s, %m : !rshape.shape, !rshape.size -> !rshape.size
  return %0 : !rshape.size
}

// -----

// The shape of a statically shaped tensor as a `!rshape.shape` is a
// `const_shape` of that type (upstream builds a `tensor.cast` to
// `!shape.shape` and crashes).
// CHECK-LABEL: func.func @shape_of_static_as_shape
// CHECK: %[[C:.*]] = rshape.const_shape [2, 3] : !rshape.shape
// CHECK: return %[[C]] : !rshape.shape
func.func @shape_of_static_as_shape(%t: tensor<2x3xf32>) -> !rshape.shape {
  %0 = rshape.shape_of %t : tensor<2x3xf32> -> !rshape.shape
  return %0 : !rshape.shape
}

// -----

// A negative or out-of-range constant `dim` index does not fold (upstream
// declares no verifier for it either).
// CHECK-LABEL: func.func @dim_out_of_range
// CHECK-COUNT-2: rshape.dim
func.func @dim_out_of_range(%t: tensor<2x3xf32>) -> (index, index) {
  %m = rarith.constant -1 : index
  %two = rarith.constant 2 : index
  %0 = rshape.dim %t, %m : tensor<2x3xf32>, index -> index
  %1 = rshape.dim %t, %two : tensor<2x3xf32>, index -> index
  return %0, %1 : index, index
}
