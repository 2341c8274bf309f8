// convert-rarith-to-apfloat passes 64-bit values straight through (upstream
// builds extui/trunci from i64 to i64, which do not verify:
// docs/upstream-differences.md), and reports a runtime declaration of the
// wrong type as upstream does.
// RUN: rmlir-opt %s --split-input-file --verify-diagnostics --convert-rarith-to-apfloat | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --verify-diagnostics --pass-pipeline="builtin.module(convert-rarith-to-apfloat)" | FileCheck %s

// CHECK-LABEL: func.func @sixty_four
// CHECK: %[[A:.*]] = rarith.bitcast %arg0 : f64 to i64
// CHECK: %[[B:.*]] = rarith.bitcast %arg0 : f64 to i64
// CHECK: %[[S:.*]] = rarith.constant 3 : i32
// CHECK: %[[R:.*]] = call @_mlir_apfloat_add(%[[S]], %[[A]], %[[B]])
// CHECK: rarith.bitcast %[[R]] : i64 to f64
// CHECK: %[[I:.*]] = call @_mlir_apfloat_convert_to_int
// CHECK-NOT: trunci
// CHECK: return %{{.*}}, %[[I]] : f64, i64
func.func @sixty_four(%a: f64) -> (f64, i64) {
  %0 = rarith.addf %a, %a : f64
  %1 = rarith.fptoui %a : f64 to i64
  return %0, %1 : f64, i64
}

// -----

// expected-error @+1 {{matched function '_mlir_apfloat_add' but with different type: '(i32) -> i64' (expected '(i32, i64, i64) -> i64')}}
func.func private @_mlir_apfloat_add(i32) -> i64
func.func @clash(%a: f16) -> f16 {
  %0 = rarith.addf %a, %a : f16
  return %0 : f16
}
