// The example dialect (examples/toy, built on rmlir-bridge alone) in stock
// mlir-opt: its Rust folders and canonicalization pattern run in upstream's
// canonicalize.
// RUN: %toy-opt %s --pass-pipeline="builtin.module(canonicalize)" -split-input-file | FileCheck %s

// CHECK-LABEL: func @constants_fold
// CHECK-NEXT: %[[C:.*]] = toy.constant 5
// CHECK-NEXT: return %[[C]]
func.func @constants_fold() -> i64 {
  %c2 = toy.constant 2
  %c3 = toy.constant 3
  %0 = toy.add %c2, %c3
  return %0 : i64
}

// -----

// Arithmetic wraps at 64 bits, as the lowering to arith computes it.
// CHECK-LABEL: func @wrapping
// CHECK-DAG: toy.constant -9223372036854775808
// CHECK-DAG: toy.constant -2
// CHECK-DAG: toy.constant -9223372036854775807
// CHECK-NOT: toy.add
// CHECK-NOT: toy.mul
// CHECK-NOT: toy.neg
func.func @wrapping() -> (i64, i64, i64, i64) {
  %max = toy.constant 9223372036854775807
  %min = toy.constant -9223372036854775808
  %one = toy.constant 1
  %two = toy.constant 2
  %0 = toy.add %max, %one
  %1 = toy.mul %max, %two
  %2 = toy.neg %min
  %3 = toy.neg %max
  return %0, %1, %2, %3 : i64, i64, i64, i64
}

// -----

// Identities: x + 0, 0 + x, x * 1, x * 0, -(-x).
// CHECK-LABEL: func @identities
// CHECK-SAME: (%[[X:.*]]: i64)
// CHECK-NEXT: %[[Z:.*]] = toy.constant 0
// CHECK-NEXT: return %[[X]], %[[X]], %[[X]], %[[Z]], %[[X]]
func.func @identities(%x: i64) -> (i64, i64, i64, i64, i64) {
  %c0 = toy.constant 0
  %c1 = toy.constant 1
  %0 = toy.add %x, %c0
  %1 = toy.add %c0, %x
  %2 = toy.mul %c1, %x
  %3 = toy.mul %x, %c0
  %n = toy.neg %x
  %4 = toy.neg %n
  return %0, %1, %2, %3, %4 : i64, i64, i64, i64, i64
}

// -----

// The canonicalization pattern: x + x -> x * 2.
// CHECK-LABEL: func @add_self
// CHECK-SAME: (%[[X:.*]]: i64)
// CHECK-NEXT: %[[TWO:.*]] = toy.constant 2
// CHECK-NEXT: %[[M:.*]] = toy.mul %[[X]], %[[TWO]]
// CHECK-NEXT: return %[[M]]
func.func @add_self(%x: i64) -> i64 {
  %0 = toy.add %x, %x
  return %0 : i64
}

// -----

// clamp folds on a constant, and on any value when lo == hi.
// CHECK-LABEL: func @clamp
// CHECK-SAME: (%[[X:.*]]: i64)
// CHECK-DAG: %[[HI:.*]] = toy.constant 10
// CHECK-DAG: %[[LO:.*]] = toy.constant -3
// CHECK-DAG: %[[FIXED:.*]] = toy.constant 7
// CHECK-DAG: %[[KEPT:.*]] = toy.clamp %[[X]] to [-3, 10]
// CHECK: return %[[HI]], %[[LO]], %[[FIXED]], %[[KEPT]]
func.func @clamp(%x: i64) -> (i64, i64, i64, i64) {
  %big = toy.constant 100
  %small = toy.constant -100
  %0 = toy.clamp %big to [-3, 10]
  %1 = toy.clamp %small to [-3, 10]
  %2 = toy.clamp %x to [7, 7]
  %3 = toy.clamp %x to [-3, 10]
  return %0, %1, %2, %3 : i64, i64, i64, i64
}
