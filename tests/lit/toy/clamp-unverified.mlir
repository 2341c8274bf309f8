// A clamp with an empty interval does not verify; parsed without the
// verifier, its fold still computes what the lowering would
// (minsi(maxsi(x, lo), hi)) and never panics.
// RUN: %toy-opt %s --mlir-very-unsafe-disable-verifier-on-parsing --pass-pipeline="builtin.module(canonicalize)" | FileCheck %s

// CHECK-LABEL: func @empty_interval
// CHECK-NEXT: %[[C:.*]] = toy.constant 2
// CHECK-NEXT: return %[[C]]
func.func @empty_interval() -> i64 {
  %c7 = toy.constant 7
  %0 = toy.clamp %c7 to [5, 2]
  return %0 : i64
}
