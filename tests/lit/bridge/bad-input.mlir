// Bad input fails with a located diagnostic and a non-zero exit (not a
// crash) in both tools.
// RUN: not %mlir-opt-plugin %s --split-input-file --canonicalize -o /dev/null 2>&1 | FileCheck %s
// RUN: not rmlir-opt %s --split-input-file --canonicalize -o /dev/null 2>&1 | FileCheck %s
// RUN: rmlir-opt %s --split-input-file -o /dev/null > /dev/null 2>&1; test $? -eq 1


// CHECK: bad-input.mlir:[[# @LINE + 2]]:8: error: custom op 'rarith.frobnicate' is unknown
func.func @unknown(%a: i32) {
  %0 = rarith.frobnicate %a : i32
  return
}

// -----

// CHECK: bad-input.mlir:[[# @LINE + 2]]:8: error: 'rarith.addi' op operand #0 must be signless-integer-like, but got 'f64'
func.func @wrong_type(%a: f64) {
  %0 = "rarith.addi"(%a, %a) : (f64, f64) -> f64
  return
}

// -----

// CHECK: bad-input.mlir:[[# @LINE + 2]]:39: error: expected '>'
func.func @bad_attribute(%a: i32) {
  %0 = rarith.addi %a, %a overflow<nsw : i32
  return
}
