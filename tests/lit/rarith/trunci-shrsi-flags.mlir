// TruncIShrSIToTrunciShrUI rewrites trunci(shrsi(x, c)) to
// trunci(shrui(x, c)) when c is the number of bits the truncation drops.
// Upstream keeps the truncation's overflow flags. With `nuw` that is right:
// shrsi's value fits unsigned exactly when x is non-negative, and then both
// shifts agree. `nsw` alone is not: for a negative x, shrsi's value fits
// signed (its dropped bits copy the sign) but shrui's has the kept sign bit
// set and the dropped bits clear, so `trunci nsw` of it is poison. rmlir
// drops `nsw` where `nuw` is absent.
// tests/prove.rs proves the shape for every c, x and width
// (docs/upstream-differences.md).
//
// RUN: rmlir-opt %s --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --canonicalize | FileCheck %s
// RUN: rmlir-tv %s --pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=PROVEN
// RUN: sed -e 's/rarith\./arith./g' %s > %t.arith.mlir
// RUN: %upstream-mlir-opt %t.arith.mlir --canonicalize -o %t.upstream.mlir
// RUN: not rmlir-tv %t.arith.mlir %t.upstream.mlir | FileCheck %s --check-prefix=UPSTREAM

// CHECK-LABEL: func.func @drops_nsw
// CHECK: %[[S:.*]] = rarith.shrui %arg0, %{{.*}} : i16
// CHECK: rarith.trunci %[[S]] : i16 to i8
// PROVEN: @drops_nsw: proven
// UPSTREAM: @drops_nsw: counterexample
// UPSTREAM-NEXT: %arg0 = -32768 (0x8000) : i16
// UPSTREAM-NEXT: result 0: before -128 (0x80) : i8, after poison
func.func @drops_nsw(%x: i16) -> i8 {
  %c8 = rarith.constant 8 : i16
  %s = rarith.shrsi %x, %c8 : i16
  %t = rarith.trunci %s overflow<nsw> : i16 to i8
  return %t : i8
}

// CHECK-LABEL: func.func @keeps_nuw
// CHECK: %[[S:.*]] = rarith.shrui %arg0, %{{.*}} : i16
// CHECK: rarith.trunci %[[S]] overflow<nuw> : i16 to i8
// PROVEN: @keeps_nuw: proven
// UPSTREAM: @keeps_nuw: proven
func.func @keeps_nuw(%x: i16) -> i8 {
  %c8 = rarith.constant 8 : i16
  %s = rarith.shrsi %x, %c8 : i16
  %t = rarith.trunci %s overflow<nuw> : i16 to i8
  return %t : i8
}

// With both, the truncation is defined for a non-negative x only: both stay.
// CHECK-LABEL: func.func @keeps_nuw_of_both
// CHECK: %[[S:.*]] = rarith.shrui %arg0, %{{.*}} : i16
// CHECK: rarith.trunci %[[S]] overflow<nsw, nuw> : i16 to i8
// PROVEN: @keeps_nuw_of_both: proven
// UPSTREAM: @keeps_nuw_of_both: proven
func.func @keeps_nuw_of_both(%x: i16) -> i8 {
  %c8 = rarith.constant 8 : i16
  %s = rarith.shrsi %x, %c8 : i16
  %t = rarith.trunci %s overflow<nsw, nuw> : i16 to i8
  return %t : i8
}

// A shift by other than the dropped width is left alone, flags and all.
// CHECK-LABEL: func.func @other_amount
// CHECK: %[[S:.*]] = rarith.shrsi %arg0, %{{.*}} : i16
// CHECK: rarith.trunci %[[S]] overflow<nsw> : i16 to i8
// PROVEN: @other_amount: proven
func.func @other_amount(%x: i16) -> i8 {
  %c7 = rarith.constant 7 : i16
  %s = rarith.shrsi %x, %c7 : i16
  %t = rarith.trunci %s overflow<nsw> : i16 to i8
  return %t : i8
}
