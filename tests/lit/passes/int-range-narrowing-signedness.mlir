// rarith-int-range-narrowing narrows an op that reads its operands as
// signed (unsigned) numbers only where every value fits as a signed
// (unsigned) number. Upstream's arith-int-range-narrowing asks only that
// the values fit one way or the other, and miscompiles: the SMT validator
// refutes upstream's result and proves ours (docs/upstream-differences.md).
//
// RUN: rmlir-opt %s --pass-pipeline='builtin.module(rarith-int-range-narrowing{int-bitwidths-supported=8,16,32})' | FileCheck %s
// RUN: rmlir-tv %s --pipeline='builtin.module(rarith-int-range-narrowing{int-bitwidths-supported=8,16,32})' | FileCheck %s --check-prefix=PROVEN
// RUN: sed -e 's/rarith\./arith./g' %s > %t.arith.mlir
// RUN: %upstream-mlir-opt %t.arith.mlir --arith-int-range-narrowing=int-bitwidths-supported=8,16,32 -o %t.upstream.mlir
// RUN: not rmlir-tv %t.arith.mlir %t.upstream.mlir | FileCheck %s --check-prefix=UPSTREAM

// Values in [0, 255] fit i8 only as unsigned numbers: a signed division of
// them is narrowed to i16, where they are signed numbers too; its result,
// in [0, 85], fits i8 both ways, so the next division is narrowed to i8.
// CHECK-LABEL: func.func @divsi
// CHECK: %[[T:.*]] = rarith.trunci %{{.*}} : i32 to i16
// CHECK: %[[D:.*]] = rarith.divsi %[[T]], %{{.*}} : i16
// CHECK: rarith.extui %[[D]] : i16 to i32
// CHECK: rarith.divsi %{{.*}}, %{{.*}} : i8
// PROVEN: @divsi: proven
// UPSTREAM: @divsi: counterexample
func.func @divsi(%a: i32) -> (i32, i32) {
  %m = rarith.constant 255 : i32
  %c3 = rarith.constant 3 : i32
  %pa = rarith.andi %a, %m : i32
  %0 = rarith.divsi %pa, %c3 : i32
  %1 = rarith.divsi %0, %c3 : i32
  return %0, %1 : i32, i32
}

// Signed min/max and signed comparisons likewise.
// CHECK-LABEL: func.func @maxsi_cmpi
// CHECK: rarith.maxsi %{{.*}}, %{{.*}} : i16
// CHECK: rarith.cmpi slt, %{{.*}}, %{{.*}} : i16
// CHECK: rarith.cmpi ult, %{{.*}}, %{{.*}} : i8
// PROVEN: @maxsi_cmpi: proven
// UPSTREAM: @maxsi_cmpi: counterexample
func.func @maxsi_cmpi(%a: i32, %b: i32) -> (i32, i1, i1) {
  %m = rarith.constant 255 : i32
  %pa = rarith.andi %a, %m : i32
  %pb = rarith.andi %b, %m : i32
  %0 = rarith.maxsi %pa, %pb : i32
  %1 = rarith.cmpi slt, %pa, %pb : i32
  %2 = rarith.cmpi ult, %pa, %pb : i32
  return %0, %1, %2 : i32, i1, i1
}

// Values in [-100, 100] fit i8 only as signed numbers: an unsigned
// division of them stays at i32 (no narrower width keeps them unsigned).
// CHECK-LABEL: func.func @divui
// CHECK: rarith.divui %{{.*}}, %{{.*}} : i32
// PROVEN: @divui: proven
func.func @divui(%a: i32) -> i32 {
  %c101 = rarith.constant 101 : i32
  %c7 = rarith.constant 7 : i32
  %r = rarith.remsi %a, %c101 : i32
  %0 = rarith.divui %r, %c7 : i32
  return %0 : i32
}
