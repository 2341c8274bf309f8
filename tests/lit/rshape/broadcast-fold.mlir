// rshape.broadcast folding, in both tools.
// RUN: rmlir-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize | FileCheck %s

// Constant operands broadcast at compile time (NumPy rules, right-aligned).
// CHECK-LABEL: func @constants
// CHECK-DAG: rshape.const_shape [7, 2, 3] : !rshape.shape
// CHECK-DAG: rshape.const_shape [1, 4, 5] : tensor<3xindex>
func.func @constants() -> (!rshape.shape, tensor<3xindex>) {
  %a = rshape.const_shape [2, 1] : !rshape.shape
  %b = rshape.const_shape [7, 1, 3] : !rshape.shape
  %0 = rshape.broadcast %a, %b : !rshape.shape, !rshape.shape -> !rshape.shape
  %c = rshape.const_shape [1, 4, 1] : tensor<3xindex>
  %d = rshape.const_shape [5] : tensor<1xindex>
  %1 = rshape.broadcast %c, %d : tensor<3xindex>, tensor<1xindex> -> tensor<3xindex>
  return %0, %1 : !rshape.shape, tensor<3xindex>
}

// -----

// Incompatible constant shapes do not fold.
// CHECK-LABEL: func @incompatible
// CHECK: rshape.broadcast
func.func @incompatible() -> tensor<2xindex> {
  %e = rshape.const_shape [2, 3] : tensor<2xindex>
  %f = rshape.const_shape [4, 3] : tensor<2xindex>
  %0 = rshape.broadcast %e, %f : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

// A single operand of the result type is the result.
// CHECK-LABEL: func @single
// CHECK-NEXT: return %arg0
func.func @single(%x: tensor<?xindex>) -> tensor<?xindex> {
  %0 = rshape.broadcast %x : tensor<?xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// Upstream difference: a constant result of type tensor<?xindex> is not
// materialized (upstream builds an invalid const_shape and fails); the
// result type is concretized instead, and that broadcast folds.
// CHECK-LABEL: func @dynamic_extent_tensor
// CHECK: %[[C:.*]] = rshape.const_shape [2, 3] : tensor<2xindex>
// CHECK: %[[R:.*]] = tensor.cast %[[C]] : tensor<2xindex> to tensor<?xindex>
// CHECK: return %[[R]]
func.func @dynamic_extent_tensor() -> tensor<?xindex> {
  %a = rshape.const_shape [2, 1] : tensor<2xindex>
  %b = rshape.const_shape [3] : tensor<1xindex>
  %0 = rshape.broadcast %a, %b : tensor<2xindex>, tensor<1xindex> -> tensor<?xindex>
  return %0 : tensor<?xindex>
}

// -----

// Upstream difference: no operands at all does not fold (upstream reads the
// first operand out of bounds and crashes).
// CHECK-LABEL: func @no_operands
// CHECK: rshape.broadcast  :  -> !rshape.shape
func.func @no_operands() -> !rshape.shape {
  %0 = "rshape.broadcast"() : () -> !rshape.shape
  return %0 : !rshape.shape
}
