// The older ops of seed 002: invalid uses get located diagnostics (both tools).
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt-plugin %s --split-input-file --verify-diagnostics

func.func @constant_size_of_array() -> !rshape.size {
  // expected-error @+1 {{'rshape.constant' op requires an integer `value` for a `!rshape.size` result}}
  %x = rshape.constant [1] : !rshape.size
  return %x : !rshape.size
}

// -----

func.func @constant_shape_of_string() -> !rshape.shape {
  // expected-error @+1 {{'rshape.constant' op requires an array of integers as `value` for a `!rshape.shape` result}}
  %x = rshape.constant "abc" : !rshape.shape
  return %x : !rshape.shape
}

// -----

// expected-note @+1 {{prior use here}}
func.func @join_mixed(%a: !rshape.shape, %b: !rshape.size) {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses}}
  %c = rshape.join %a, %b : !rshape.shape
  return
}

// -----

func.func @create_shape_of_index(%t: tensor<?xindex>) {
  // expected-error @+1 {{'rshape.create_shape' op operand #0 must be 1D tensor of 32-bit signless integer values}}
  %s = rshape.create_shape %t : tensor<?xindex>
  return
}
