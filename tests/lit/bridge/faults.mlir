// Bugs in a dialect's Rust hooks, met under stock mlir-opt's canonicalize
// (upstream's greedy driver, which asks every hook again on each of its
// iterations): each is reported once, at the op, with what went wrong,
// and the run fails (exit 1), never hangs, aborts or unwinds into C++.
// The fault dialect (tests/fault-dialect) has one wrong hook per op.
// RUN: env -u RUST_BACKTRACE not %fault-opt %s -split-input-file --canonicalize 2>&1 | FileCheck %s

// A folder that panics.
// CHECK: faults.mlir:[[# @LINE + 4]]:8: error: rmlir: internal error in fold: a deliberate panic in a folder (panicked at tests/fault-dialect/src/lib.rs:{{[0-9]+}}:{{[0-9]+}})
// CHECK-NOT: a deliberate panic in a folder
func.func @panicking_fold(%x: i64) -> i64 {
  %c = arith.constant 1 : i64
  %0 = fault.panic_fold %x
  %1 = arith.addi %0, %c : i64
  %2 = arith.subi %1, %c : i64
  return %2 : i64
}

// -----

// A folder that returns its op's own result without changing the op: MLIR
// takes that for a fold in place, and would fold it again forever.
// CHECK: faults.mlir:[[# @LINE + 3]]:8: error: rmlir: internal error in fold: the folder of `fault.self_fold` returned the op's own result without changing the op (an in-place fold must change it; return None when nothing folds)
// CHECK-NOT: returned the op's own result
func.func @own_result_fold(%x: i64) -> i64 {
  %0 = fault.self_fold %x
  return %0 : i64
}

// -----

// A canonicalization pattern that panics.
// CHECK: faults.mlir:[[# @LINE + 4]]:8: error: rmlir: internal error in matchAndRewrite: a deliberate panic in a pattern
// CHECK-NOT: a deliberate panic in a pattern
func.func @panicking_pattern(%x: i64) -> i64 {
  %c = arith.constant 2 : i64
  %0 = fault.panic_pattern %x
  %1 = arith.muli %0, %c : i64
  return %1 : i64
}

// -----

// A pattern that changes its op in place and then declines: the change
// cannot be undone, and the driver was told nothing changed.
// CHECK: faults.mlir:[[# @LINE + 3]]:8: error: rmlir: internal error in matchAndRewrite: a pattern declined (returned false) after changing `fault.touch_decline` or an op near it in place, which cannot be undone
// CHECK-NOT: error:
func.func @touching_decline(%x: i64) -> i64 {
  %0 = fault.touch_decline %x
  return %0 : i64
}

// -----

// A pattern whose second change (erasing an op its first change, forwarding
// the root's uses to it, leaves used) is refused before either is carried
// out: reported at the root, which then fails verification.
// CHECK: faults.mlir:[[# @LINE + 4]]:8: error: rmlir: internal error in a pattern's changes: erasing `arith.addi`, whose results (or values inside it) are still used
// CHECK-NOT: error
func.func @half_rewrite(%x: i64) -> i64 {
  %0 = arith.addi %x, %x : i64
  %1 = fault.half_rewrite %0
  return %1 : i64
}
