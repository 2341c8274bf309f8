// cstr_broadcastable of empty shapes only: no operand is left after
// RemoveEmptyShapeOperandsPattern, and the constraint passes. Upstream
// replaces the op by a `shape.const_shape` of type `!shape.witness` there,
// which fails verification (see docs/upstream-differences.md); rmlir builds
// a passing witness.
// RUN: rmlir-opt %s --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --canonicalize | FileCheck %s

// CHECK-LABEL: func @empty_only
// CHECK-NEXT: %[[W:.*]] = rshape.const_witness true
// CHECK-NEXT: return %[[W]]
func.func @empty_only(%a: tensor<0xindex>, %b: tensor<0xindex>) -> !rshape.witness {
  %w = rshape.cstr_broadcastable %a, %b : tensor<0xindex>, tensor<0xindex>
  return %w : !rshape.witness
}

// One non-empty operand stays (a single shape is always broadcastable, which
// the folder then decides).
// CHECK-LABEL: func @one_left
// CHECK-NEXT: %[[W:.*]] = rshape.const_witness true
// CHECK-NEXT: return %[[W]]
func.func @one_left(%a: tensor<0xindex>, %s: tensor<?xindex>) -> !rshape.witness {
  %w = rshape.cstr_broadcastable %a, %s : tensor<0xindex>, tensor<?xindex>
  return %w : !rshape.witness
}
