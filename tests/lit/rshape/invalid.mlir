// rshape verifiers and type inference: located diagnostics, both tools.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt-plugin %s --split-input-file --verify-diagnostics

func.func @broadcast_error_to_tensor(%a: !rshape.shape, %b: tensor<?xindex>) {
  // expected-error @+1 {{'rshape.broadcast' op if at least one of the operands can hold error values then the result must be of type `shape` to propagate them}}
  %0 = rshape.broadcast %a, %b : !rshape.shape, tensor<?xindex> -> tensor<?xindex>
  return
}

// -----

func.func @const_shape_dynamic_tensor() {
  // expected-error @+2 {{'rshape.const_shape' op inferred type(s) 'tensor<2xindex>' are incompatible with return type(s) of operation 'tensor<?xindex>'}}
  // expected-error @+1 {{'rshape.const_shape' op failed to infer returned types}}
  %0 = rshape.const_shape [1, 2] : tensor<?xindex>
  return
}

// -----

func.func @const_shape_wrong_size() {
  // expected-error @+2 {{'rshape.const_shape' op inferred type(s) 'tensor<2xindex>' are incompatible with return type(s) of operation 'tensor<3xindex>'}}
  // expected-error @+1 {{'rshape.const_shape' op failed to infer returned types}}
  %0 = rshape.const_shape [1, 2] : tensor<3xindex>
  return
}

// -----

func.func @const_shape_wrong_type() {
  // expected-error @+1 {{'rshape.const_shape' op result #0 must be shape or extent tensor, but got 'tensor<2xi32>'}}
  %0 = rshape.const_shape [1, 2] : tensor<2xi32>
  return
}

// -----

func.func @broadcast_bad_operand(%a: tensor<?xi32>) {
  // expected-error @+1 {{'rshape.broadcast' op operand #0 must be variadic of shape or extent tensor, but got 'tensor<?xi32>'}}
  %0 = rshape.broadcast %a, %a : tensor<?xi32>, tensor<?xi32> -> !rshape.shape
  return
}

// -----

// expected-error @+1 {{unknown  type `shapes` in dialect `rshape`}}
func.func @unknown_type(%a: !rshape.shapes) {
  return
}

// -----

// Upstream reads the `index` type as a ranked tensor here (undefined
// behaviour; see docs/upstream-differences.md); rmlir reports the mismatch.
func.func @meet_index_and_extent_tensor(%i: index, %t: tensor<?xindex>) {
  // expected-error @+2 {{requires all sizes or shapes}}
  // expected-error @+1 {{'rshape.meet' op failed to infer returned types}}
  %0 = rshape.meet %i, %t : index, tensor<?xindex> -> index
  return
}
