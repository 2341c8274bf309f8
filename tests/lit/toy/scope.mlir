// toy.scope, the example dialect's region op, in stock mlir-opt with the toy
// plugin: canonicalize inlines it (a Rust pattern: the rewriter's
// inline_block_before, the inputs bound to the body's arguments), the
// lowering pass does too (walk::inline_block_before), and a body that does
// not take one argument per input is rejected by its Rust region verifier.
// RUN: %toy-opt %s -split-input-file --pass-pipeline="builtin.module(canonicalize)" | FileCheck %s --check-prefix=CANON
// RUN: %toy-opt %s -split-input-file --pass-pipeline="builtin.module(convert-toy-to-arith)" | FileCheck %s --check-prefix=LOWER

// CANON-LABEL: func.func @nested(
// CANON-SAME: %[[X:.*]]: i64, %[[Y:.*]]: i64
// CANON: %[[C:.*]] = toy.constant 3
// CANON: %[[P:.*]] = toy.mul %[[X]], %[[C]]
// CANON: %[[S:.*]] = toy.add %[[P]], %[[Y]]
// CANON: return %[[S]]
// LOWER-LABEL: func.func @nested(
// LOWER-NOT: toy.
// LOWER: arith.muli
// LOWER: arith.addi
func.func @nested(%x: i64, %y: i64) -> i64 {
  %c3 = toy.constant 3
  %0 = toy.scope(%x, %y) {
  ^bb0(%a: i64, %b: i64):
    %p = toy.mul %a, %c3
    %inner = toy.scope(%p, %b) {
    ^bb0(%u: i64, %v: i64):
      %s = toy.add %u, %v
      toy.yield %s
    }
    toy.yield %inner
  }
  return %0 : i64
}

// -----

// CANON-LABEL: func.func @passthrough(
// CANON-SAME: %[[X:.*]]: i64
// CANON-NEXT: return %[[X]]
// LOWER-LABEL: func.func @passthrough(
// LOWER-SAME: %[[X:.*]]: i64
// LOWER-NEXT: return %[[X]]
func.func @passthrough(%x: i64) -> i64 {
  %0 = toy.scope(%x) {
  ^bb0(%z: i64):
    toy.yield %z
  }
  return %0 : i64
}
