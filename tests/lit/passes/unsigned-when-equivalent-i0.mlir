// rarith-unsigned-when-equivalent on i0: every value is 0, so every
// convertible op becomes unsigned, remainders included (upstream leaves i0
// remsi signed: docs/upstream-differences.md).
// RUN: rmlir-opt %s --rarith-unsigned-when-equivalent | FileCheck %s
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(rarith-unsigned-when-equivalent)" | FileCheck %s

// CHECK-LABEL: func.func @zero_width
// CHECK: rarith.divui
// CHECK: rarith.remui
// CHECK: rarith.minui
// CHECK: rarith.extui
// CHECK: rarith.cmpi ult
func.func @zero_width(%a: i0, %b: i0) -> (i0, i0, i0, i8, i1) {
  %0 = rarith.divsi %a, %b : i0
  %1 = rarith.remsi %a, %b : i0
  %2 = rarith.minsi %a, %b : i0
  %3 = rarith.extsi %a : i0 to i8
  %4 = rarith.cmpi slt, %a, %b : i0
  return %0, %1, %2, %3, %4 : i0, i0, i0, i8, i1
}
