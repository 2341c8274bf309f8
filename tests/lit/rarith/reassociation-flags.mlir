// Constant reassociation keeps an overflow flag only when computing the new
// constant did not overflow in that flag's sense (upstream keeps every flag
// both ops have, which turns defined results into poison: see
// docs/upstream-differences.md). tests/rewrite_exec.rs proves every
// reassociation by execution over all i4/i8 operands and flag combinations.
// RUN: rmlir-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize | FileCheck %s

// (x -nuw 3) +nuw 2 is defined for x = 3 (and gives 2); x +nuw -1 would be
// poison for every x > 0: 2 - 3 underflows as an unsigned number, nuw goes.
// CHECK-LABEL: func.func @add_sub_rhs_drops_nuw
// CHECK: %[[M1:.*]] = rarith.constant -1 : i4
// CHECK: rarith.addi %arg0, %[[M1]] : i4
func.func @add_sub_rhs_drops_nuw(%x: i4) -> i4 {
  %c3 = rarith.constant 3 : i4
  %c2 = rarith.constant 2 : i4
  %a = rarith.subi %x, %c3 overflow<nuw> : i4
  %b = rarith.addi %a, %c2 overflow<nuw> : i4
  return %b : i4
}

// -----

// 5 - 3 does not overflow: both flags stay.
// CHECK-LABEL: func.func @add_sub_rhs_keeps_flags
// CHECK: rarith.addi %arg0, %{{[^ ]*}} overflow<nsw, nuw> : i8
func.func @add_sub_rhs_keeps_flags(%x: i8) -> i8 {
  %c3 = rarith.constant 3 : i8
  %c5 = rarith.constant 5 : i8
  %a = rarith.subi %x, %c3 overflow<nsw, nuw> : i8
  %b = rarith.addi %a, %c5 overflow<nsw, nuw> : i8
  return %b : i8
}

// -----

// 7 + 7 overflows i4 as a signed number: (x +nsw 7) +nsw 7 is defined for
// x = -8, x +nsw -2 is not; nsw goes, nuw (14 fits unsigned) stays.
// CHECK-LABEL: func.func @add_add_drops_nsw
// CHECK: rarith.addi %arg0, %{{[^ ]*}} overflow<nuw> : i4
func.func @add_add_drops_nsw(%x: i4) -> i4 {
  %c7 = rarith.constant 7 : i4
  %a = rarith.addi %x, %c7 overflow<nsw, nuw> : i4
  %b = rarith.addi %a, %c7 overflow<nsw, nuw> : i4
  return %b : i4
}

// -----

// c1 - (c0 - x) = x + (c1 - c0): 2 - 3 underflows unsigned, nuw goes.
// CHECK-LABEL: func.func @sub_lhs_sub_lhs_drops_nuw
// CHECK: rarith.addi %arg0, %{{[^ ]*}} : i8
func.func @sub_lhs_sub_lhs_drops_nuw(%x: i8) -> i8 {
  %c3 = rarith.constant 3 : i8
  %c2 = rarith.constant 2 : i8
  %a = rarith.subi %c3, %x overflow<nuw> : i8
  %b = rarith.subi %c2, %a overflow<nuw> : i8
  return %b : i8
}

// -----

// 16 * 16 overflows i8 both ways: (x * 16) * 16 with flags is defined for
// x = 0, x * 0 keeps no flag.
// CHECK-LABEL: func.func @mul_mul_drops_both
// CHECK: rarith.constant 0 : i8
// CHECK-NOT: overflow<
func.func @mul_mul_drops_both(%x: i8) -> i8 {
  %c16 = rarith.constant 16 : i8
  %a = rarith.muli %x, %c16 overflow<nsw, nuw> : i8
  %b = rarith.muli %a, %c16 overflow<nsw, nuw> : i8
  return %b : i8
}
