// rarith-emulate-wide-int emulates a wide shift from its halves: the bits
// the shift carries from one half into the other are that half shifted the
// other way by N - amount. For a shift by 0 that is a shift by the whole
// half width, which is poison in arith. Upstream's arith-emulate-wide-int
// uses it as the carry anyway, so `shli`/`shrui` by 0 (and `shrsi`, built
// on `shrui`, where it is not short-cut) yield poison; compiled without
// optimization on x86, where the hardware shifts by N mod 32, `x << 0`
// returns the high half or-ed with the low one. rmlir selects a zero carry
// for a shift by 0. The SMT validator proves rmlir's emulation, with the
// i64 arguments and results split into their halves, and refutes upstream's
// (docs/upstream-differences.md).
//
// RUN: rmlir-opt %s --rarith-emulate-wide-int=widest-int-supported=32 | FileCheck %s
// RUN: rmlir-tv %s --pipeline='builtin.module(rarith-emulate-wide-int{widest-int-supported=32})' | FileCheck %s --check-prefix=PROVEN
// RUN: sed -e 's/i64/i16/g' %s > %t.16.mlir
// RUN: rmlir-tv %t.16.mlir --pipeline='builtin.module(rarith-emulate-wide-int{widest-int-supported=8})' | FileCheck %s --check-prefix=PROVEN
// RUN: sed -e 's/rarith\./arith./g' %s > %t.arith.mlir
// RUN: %upstream-mlir-opt %t.arith.mlir --arith-emulate-wide-int=widest-int-supported=32 -o %t.upstream.mlir
// RUN: not rmlir-tv %t.arith.mlir %t.upstream.mlir | FileCheck %s --check-prefix=UPSTREAM

// The carry into the high half is zero when the amount's low half is 0.
// CHECK-LABEL: func.func @shli
// CHECK-DAG: %[[ZERO:.*]] = rarith.constant 0 : i32
// CHECK-DAG: %[[N:.*]] = rarith.constant 32 : i32
// CHECK: %[[BEYOND:.*]] = rarith.cmpi uge, %[[AMOUNT:.*]], %[[N]] : i32
// CHECK: %[[CAPPED:.*]] = rarith.select %[[BEYOND]], %[[N]], %[[AMOUNT]] : i32
// CHECK: %[[BACK:.*]] = rarith.subi %[[N]], %[[CAPPED]] : i32
// CHECK: %[[CARRY:.*]] = rarith.shrui %{{.*}}, %[[BACK]] : i32
// CHECK: %[[NOSHIFT:.*]] = rarith.cmpi eq, %[[AMOUNT]], %[[ZERO]] : i32
// CHECK: %[[SAFE:.*]] = rarith.select %[[NOSHIFT]], %[[ZERO]], %[[CARRY]] : i32
// CHECK: rarith.select %[[BEYOND]], %{{.*}}, %[[SAFE]] : i32
// PROVEN: @shli: proven
// UPSTREAM: @shli: counterexample
// UPSTREAM: %arg1 = 0 (0x0) : i64
// UPSTREAM: after poison
func.func @shli(%a: i64, %b: i64) -> i64 {
  %0 = rarith.shli %a, %b : i64
  return %0 : i64
}

// The carry into the low half, likewise.
// CHECK-LABEL: func.func @shrui
// CHECK: %[[CARRY:.*]] = rarith.shli %{{.*}}, %{{.*}} : i32
// CHECK: %[[NOSHIFT:.*]] = rarith.cmpi eq, %{{.*}}, %{{.*}} : i32
// CHECK: rarith.select %[[NOSHIFT]], %{{.*}}, %[[CARRY]] : i32
// PROVEN: @shrui: proven
// UPSTREAM: @shrui: counterexample
// UPSTREAM: %arg1 = 0 (0x0) : i64
// UPSTREAM: after poison
func.func @shrui(%a: i64, %b: i64) -> i64 {
  %0 = rarith.shrui %a, %b : i64
  return %0 : i64
}

// shrsi keeps its operand for a shift by 0 (in both tools), and is built
// on a wide shrui, emulated in turn with the same guard.
// CHECK-LABEL: func.func @shrsi
// CHECK: rarith.cmpi eq
// PROVEN: @shrsi: proven
// UPSTREAM: @shrsi: proven
func.func @shrsi(%a: i64, %b: i64) -> i64 {
  %0 = rarith.shrsi %a, %b : i64
  return %0 : i64
}

// A constant amount and a chain: the amount's halves come from the
// constant, the shifted value from the previous emulation.
// PROVEN: @chain: proven
// UPSTREAM: @chain: counterexample
func.func @chain(%a: i64, %b: i64) -> i64 {
  %c0 = rarith.constant 0 : i64
  %0 = rarith.shli %a, %c0 : i64
  %1 = rarith.shrui %0, %b : i64
  %2 = rarith.shrsi %1, %b : i64
  return %2 : i64
}
