// Bad input gets a located diagnostic and a non-zero exit in both tools.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics
// RUN: %mlir-opt-plugin %s --split-input-file --verify-diagnostics

func.func @signed_result() {
  // expected-error @+1 {{'rarith.constant' op integer return type must be signless}}
  %0 = rarith.constant 1 : si32
  return
}

// -----

func.func @not_a_number() {
  // expected-error @+1 {{'rarith.constant' op value must be an integer, float, or elements attribute}}
  %0 = "rarith.constant"() <{value = "text"}> : () -> none
  return
}

// -----

func.func @type_mismatch() {
  // expected-error @+1 {{'rarith.constant' op failed to verify that all of {value, result} have same type}}
  %0 = "rarith.constant"() <{value = 1 : i32}> : () -> i64
  return
}

// -----

func.func @scalable_dense() {
  // expected-error @+1 {{'rarith.constant' op intializing scalable vectors with elements attribute is not supported unless it's a vector splat}}
  %0 = rarith.constant dense<[1, 2]> : vector<[2]xi32>
  return
}

// -----

func.func @addi_float(%a: f32) {
  // expected-error @+1 {{'rarith.addi' op operand #0 must be signless-integer-like, but got 'f32'}}
  %0 = rarith.addi %a, %a : f32
  return
}

// -----

// expected-note @+1 {{prior use here}}
func.func @addi_mixed(%a: i32, %b: i64) {
  // expected-error @+1 {{use of value '%b' expects different type than prior uses: 'i32' vs 'i64'}}
  %0 = rarith.addi %a, %b : i32
  return
}

// -----

// The same diagnostics as upstream arith's: rarith holds arith's attribute.
func.func @bad_overflow_flag(%a: i32) {
  // expected-error @+2 {{custom op 'rarith.addi' expected ::mlir::arith::IntegerOverflowFlags to be one of: none, nsw, nuw}}
  // expected-error @+1 {{failed to parse Arith_IntegerOverflowAttr parameter 'value' which is to be a `::mlir::arith::IntegerOverflowFlags`}}
  %0 = rarith.addi %a, %a overflow<wrap> : i32
  return
}

// -----

func.func @bad_predicate(%a: i32) {
  // expected-error @+1 {{custom op 'rarith.cmpi' expected string or keyword containing one of the following enum values for attribute 'predicate' [eq, ne, slt, sle, sgt, sge, ult, ule, ugt, uge]}}
  %0 = rarith.cmpi lt, %a, %a : i32
  return
}

// -----

func.func @cmpi_result_type(%a: i32) {
  // expected-error @+1 {{'rarith.cmpi' op result #0 must be bool-like, but got 'i32'}}
  %0 = "rarith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (i32, i32) -> i32
  return
}

// -----

func.func @cmpi_float(%a: f32) {
  // expected-error @+1 {{custom op 'rarith.cmpi' 'lhs' must be signless-integer-like, but got 'f32'}}
  %0 = rarith.cmpi eq, %a, %a : f32
  return
}

// -----

func.func @unknown_op(%a: i32) {
  // expected-error @+1 {{custom op 'rarith.no_such_op' is unknown}}
  %0 = rarith.no_such_op %a : i32
  return
}

// -----

func.func @cmpi_shape_mismatch(%a: vector<4xi32>) {
  // expected-error @+1 {{'rarith.cmpi' op failed to verify that result type has i1 element type and same shape as operands}}
  %0 = "rarith.cmpi"(%a, %a) <{predicate = 0 : i64}> : (vector<4xi32>, vector<4xi32>) -> vector<3xi1>
  return
}

// -----

func.func @bad_attribute() {
  // expected-error @+1 {{expected attribute value}}
  %0 = rarith.constant : i32
  return
}
