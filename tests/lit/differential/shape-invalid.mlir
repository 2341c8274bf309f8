// Differential diagnostics: invalid shape IR gets the same messages (same
// line, same text) from upstream and from both of our tools.
// RUN: %to-upstream %s | not %upstream-mlir-opt --allow-unregistered-dialect --split-input-file -o /dev/null 2>&1 | %from-upstream | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.upstream
// RUN: not rmlir-opt %s --allow-unregistered-dialect --split-input-file -o /dev/null 2>&1 | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.rmlir
// RUN: not %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file -o /dev/null 2>&1 | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK: error: 'rshape.rank' op if at least one of the operands can hold error values then the result must be of type `size` to propagate them
func.func @rank_of_shape_to_index(%s: !rshape.shape) {
  %0 = rshape.rank %s : !rshape.shape -> index
  return
}

// -----

// CHECK: error: 'rshape.num_elements' op if at least one of the operands can hold error values
func.func @num_elements_of_shape_to_index(%s: !rshape.shape) {
  %0 = rshape.num_elements %s : !rshape.shape -> index
  return
}

// -----

// CHECK: error: 'rshape.get_extent' op if at least one of the operands can hold error values
func.func @get_extent_of_shape_to_index(%s: !rshape.shape, %i: index) {
  %0 = rshape.get_extent %s, %i : !rshape.shape, index -> index
  return
}

// -----

// CHECK: error: 'rshape.shape_of' op if at least one of the operands can hold error values then the result must be of type `shape`
func.func @shape_of_value_shape_to_tensor(%v: !rshape.value_shape) {
  %0 = rshape.shape_of %v : !rshape.value_shape -> tensor<?xindex>
  return
}

// -----

// CHECK: error: 'rshape.shape_of' op failed to infer returned types
func.func @shape_of_wrong_rank(%t: tensor<2x3xf32>) {
  %0 = rshape.shape_of %t : tensor<2x3xf32> -> tensor<3xindex>
  return
}

// -----

// CHECK: error: 'rshape.cstr_broadcastable' op required at least 2 input shapes
func.func @cstr_broadcastable_one(%s: !rshape.shape) {
  %0 = rshape.cstr_broadcastable %s : !rshape.shape
  return
}

// -----

// CHECK: error: 'rshape.assuming_all' op no operands specified
func.func @assuming_all_none() {
  %0 = rshape.assuming_all
  return
}

// -----

// CHECK: error: 'rshape.reduce' op ReduceOp body is expected to have 3 arguments
func.func @reduce_arity(%s: !rshape.shape, %i: index) -> index {
  %0 = rshape.reduce(%s, %i) : !rshape.shape -> index {
  ^bb0(%k: index, %e: !rshape.size):
    rshape.yield %k : index
  }
  return %0 : index
}

// -----

// CHECK: error: 'rshape.reduce' op argument 0 of ReduceOp body is expected to be of IndexType
func.func @reduce_index_arg(%s: !rshape.shape, %i: index) -> index {
  %0 = rshape.reduce(%s, %i) : !rshape.shape -> index {
  ^bb0(%k: i32, %e: !rshape.size, %acc: index):
    rshape.yield %acc : index
  }
  return %0 : index
}

// -----

// CHECK: error: 'rshape.reduce' op argument 1 of ReduceOp body is expected to be of SizeType if the ReduceOp operates on a ShapeType
func.func @reduce_extent_of_shape(%s: !rshape.shape, %i: index) -> index {
  %0 = rshape.reduce(%s, %i) : !rshape.shape -> index {
  ^bb0(%k: index, %e: index, %acc: index):
    rshape.yield %acc : index
  }
  return %0 : index
}

// -----

// CHECK: error: 'rshape.reduce' op argument 1 of ReduceOp body is expected to be of IndexType if the ReduceOp operates on an extent tensor
func.func @reduce_extent_of_tensor(%s: tensor<?xindex>, %i: index) -> index {
  %0 = rshape.reduce(%s, %i) : tensor<?xindex> -> index {
  ^bb0(%k: index, %e: !rshape.size, %acc: index):
    rshape.yield %acc : index
  }
  return %0 : index
}

// -----

// CHECK: error: 'rshape.reduce' op type mismatch between argument 2 of ReduceOp body and initial value 0
func.func @reduce_acc_type(%s: tensor<?xindex>, %i: index) -> index {
  %0 = rshape.reduce(%s, %i) : tensor<?xindex> -> index {
  ^bb0(%k: index, %e: index, %acc: i64):
    rshape.yield %k : index
  }
  return %0 : index
}

// -----

// CHECK: error: 'rshape.yield' op number of operands does not match number of results of its parent
func.func @yield_arity(%s: tensor<?xindex>, %i: index) -> index {
  %0 = rshape.reduce(%s, %i) : tensor<?xindex> -> index {
  ^bb0(%k: index, %e: index, %acc: index):
    rshape.yield %k, %e : index, index
  }
  return %0 : index
}

// -----

// CHECK: error: 'rshape.yield' op types mismatch between yield op and its parent
func.func @yield_types(%s: tensor<?xindex>, %i: index, %f: f32) -> index {
  %0 = rshape.reduce(%s, %i) : tensor<?xindex> -> index {
  ^bb0(%k: index, %e: index, %acc: index):
    rshape.yield %f : f32
  }
  return %0 : index
}

// -----

// CHECK: error: requires all sizes or shapes
func.func @meet_size_and_shape(%a: !rshape.size, %b: !rshape.shape) {
  %0 = rshape.meet %a, %b : !rshape.size, !rshape.shape -> !rshape.size
  return
}

// -----

// CHECK: error: unequal shape cardinality
func.func @meet_cardinality(%a: tensor<2xindex>, %b: tensor<3xindex>) {
  %0 = rshape.meet %a, %b : tensor<2xindex>, tensor<3xindex> -> tensor<2xindex>
  return
}

// -----

// CHECK: error: 'rshape.max' op failed to infer returned types
func.func @max_mixed(%a: !rshape.size, %b: !rshape.shape) {
  %0 = rshape.max %a, %b : !rshape.size, !rshape.shape -> !rshape.shape
  return
}

// -----

// CHECK: error: 'rshape.assuming_yield' op expects parent op 'rshape.assuming'
func.func @assuming_yield_outside() {
  rshape.assuming_yield
}

// -----

// CHECK: error: 'rshape.to_extent_tensor' op result #0 must be tensor of index values, but got 'tensor<2xi32>'
func.func @to_extent_tensor_of_i32(%s: !rshape.shape) {
  %0 = rshape.to_extent_tensor %s : !rshape.shape -> tensor<2xi32>
  return
}
