// rarith-expand keeps maximumf/minimumf exact on signed zeros (rule A31:
// -0.0 < +0.0), where upstream's arith-expand returns the second operand for
// (+0.0, -0.0) (docs/upstream-differences.md). Equal operands take the
// bitwise AND (maximum) or OR (minimum) of their bits.
// RUN: rmlir-opt %s --rarith-expand | FileCheck %s
// RUN: rmlir-opt %s --rarith-expand | rmlir-run - -e max --entry-point-result=f32 --arg=f32:0.0 --arg=f32:-0.0 | FileCheck %s --check-prefix=MAX
// RUN: rmlir-opt %s --rarith-expand | rmlir-run - -e max --entry-point-result=f32 --arg=f32:-0.0 --arg=f32:0.0 | FileCheck %s --check-prefix=MAX
// RUN: rmlir-opt %s --rarith-expand | rmlir-run - -e min --entry-point-result=f32 --arg=f32:0.0 --arg=f32:-0.0 | FileCheck %s --check-prefix=MIN
// RUN: rmlir-opt %s --rarith-expand | rmlir-run - -e min --entry-point-result=f32 --arg=f32:-0.0 --arg=f32:0.0 | FileCheck %s --check-prefix=MIN
// RUN: rmlir-opt %s --rarith-expand | rmlir-run - -e max --entry-point-result=f32 --arg=f32:nan --arg=f32:1.0 | FileCheck %s --check-prefix=NAN
// RUN: rmlir-opt %s --rarith-expand | rmlir-run - -e min --entry-point-result=f32 --arg=f32:1.0 --arg=f32:nan | FileCheck %s --check-prefix=NAN
// RUN: rmlir-opt %s --rarith-expand | rmlir-run - -e max --entry-point-result=f32 --arg=f32:-3.5 --arg=f32:2.0 | FileCheck %s --check-prefix=TWO

// CHECK-LABEL: func.func @max
// CHECK: %[[GT:.*]] = rarith.cmpf ugt, %arg0, %arg1 : f32
// CHECK: %[[SEL:.*]] = rarith.select %[[GT]], %arg0, %arg1 : f32
// CHECK: %[[EQ:.*]] = rarith.cmpf oeq, %arg0, %arg1 : f32
// CHECK: %[[A:.*]] = rarith.bitcast %arg0 : f32 to i32
// CHECK: %[[B:.*]] = rarith.bitcast %arg1 : f32 to i32
// CHECK: %[[AND:.*]] = rarith.andi %[[A]], %[[B]] : i32
// CHECK: %[[Z:.*]] = rarith.bitcast %[[AND]] : i32 to f32
// CHECK: %[[PICK:.*]] = rarith.select %[[EQ]], %[[Z]], %[[SEL]] : f32
// CHECK: %[[UNO:.*]] = rarith.cmpf uno, %arg1, %arg1 : f32
// CHECK: rarith.select %[[UNO]], %arg1, %[[PICK]] : f32
// CHECK-LABEL: func.func @min
// CHECK: rarith.ori
// MAX: 0.0
// MAX-NOT: -0.0
// MIN: -0.0
// NAN: NaN
// TWO: 2.0
func.func @max(%a: f32, %b: f32) -> f32 {
  %0 = rarith.maximumf %a, %b : f32
  return %0 : f32
}
func.func @min(%a: f32, %b: f32) -> f32 {
  %0 = rarith.minimumf %a, %b : f32
  return %0 : f32
}
