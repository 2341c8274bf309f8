// The older ops of seed 002 (shared/seeds/002, "Dialect 'shape' definition"):
// `constant`, `create_shape` and `join`, and its type spelling `!shape.type`
// (here `!rshape.type`), parse and verify, and canonicalize to their modern
// equivalents. Both tools.
// RUN: rmlir-opt %s --split-input-file | FileCheck %s --check-prefix=SYNTAX
// RUN: rmlir-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize | FileCheck %s

// Seed 002: "%x = shape.constant 10 : !shape.size".
// SYNTAX-LABEL: func.func @constant_size
// SYNTAX: rshape.constant 10 : !rshape.size
// CHECK-LABEL: func.func @constant_size
// CHECK: %[[C:.*]] = rshape.const_size 10
// CHECK: return %[[C]]
func.func @constant_size() -> !rshape.size {
  %x = rshape.constant 10 : !rshape.size
  return %x : !rshape.size
}

// -----

// An array attribute builds a shape; `!rshape.type` is the shape type.
// SYNTAX-LABEL: func.func @constant_shape
// SYNTAX-SAME: -> !rshape.shape
// SYNTAX: rshape.constant [1, 2, 3] : !rshape.shape
// CHECK-LABEL: func.func @constant_shape
// CHECK: %[[C:.*]] = rshape.const_shape [1, 2, 3] : !rshape.shape
// CHECK: return %[[C]]
func.func @constant_shape() -> !rshape.type {
  %x = rshape.constant [1, 2, 3] : !rshape.type
  return %x : !rshape.type
}

// -----

// Seed 002: "%c = shape.join %a, %b, error="<reason>" : !shape.type"; join
// is meet under its old name.
// SYNTAX-LABEL: func.func @join
// SYNTAX: rshape.join %arg0, %arg1, error = "<reason>" : !rshape.shape
// CHECK-LABEL: func.func @join
// CHECK: %[[M:.*]] = rshape.meet %arg0, %arg1, error = "<reason>" : !rshape.shape, !rshape.shape -> !rshape.shape
// CHECK: return %[[M]]
func.func @join(%a: !rshape.type, %b: !rshape.type) -> !rshape.type {
  %c = rshape.join %a, %b, error="<reason>" : !rshape.type
  return %c : !rshape.type
}

// -----

// CHECK-LABEL: func.func @join_sizes
// CHECK: rshape.meet %arg0, %arg1 : !rshape.size, !rshape.size -> !rshape.size
func.func @join_sizes(%a: !rshape.size, %b: !rshape.size) -> !rshape.size {
  %c = rshape.join %a, %b : !rshape.size
  return %c : !rshape.size
}

// -----

// Seed 002: create_shape makes a shape from a 1-D tensor of i32 extents; the
// modern form casts the extents to index.
// CHECK-LABEL: func.func @create_shape
// CHECK: %[[I:.*]] = rarith.index_cast %arg0 : tensor<?xi32> to tensor<?xindex>
// CHECK: %[[S:.*]] = rshape.from_extent_tensor %[[I]] : tensor<?xindex>
// CHECK: return %[[S]]
func.func @create_shape(%t: tensor<?xi32>) -> !rshape.shape {
  %s = rshape.create_shape %t : tensor<?xi32>
  return %s : !rshape.shape
}
