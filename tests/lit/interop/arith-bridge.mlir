// convert-rarith-to-arith / convert-arith-to-rarith are exact one-to-one
// bridges. On every rarith op of the differential suites: rarith -> arith
// prints exactly what upstream prints for the renamed program, and arith ->
// rarith gives the original back; discardable attributes survive.
// RUN: for f in int-ops float-ops float-patterns int-patterns scaling bitcast select; do \
// RUN:   %to-upstream %S/../differential/$f.mlir | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file > %t.$f.up && \
// RUN:   rmlir-opt %S/../differential/$f.mlir --allow-unregistered-dialect --split-input-file --convert-rarith-to-arith > %t.$f.arith && \
// RUN:   diff -u %t.$f.up %t.$f.arith && \
// RUN:   rmlir-opt %S/../differential/$f.mlir --allow-unregistered-dialect --split-input-file > %t.$f.orig && \
// RUN:   rmlir-opt %t.$f.arith --allow-unregistered-dialect --split-input-file --convert-arith-to-rarith > %t.$f.back && \
// RUN:   diff -u %t.$f.orig %t.$f.back || exit 1; \
// RUN: done
// Through stock mlir-opt with the plugin, an upstream arith pass runs in the
// middle of a rarith pipeline:
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --pass-pipeline="builtin.module(convert-rarith-to-arith, func.func(arith-expand), convert-arith-to-rarith)" | FileCheck %s
// RUN: rmlir-opt %s --allow-unregistered-dialect --convert-rarith-to-arith --arith-expand --convert-arith-to-rarith | FileCheck %s

// arith-expand rewrites ceildivsi into plain divisions and selects; the
// result is rarith again, attributes kept.
// CHECK-LABEL: func.func @expand_ceildivsi
// CHECK-NOT: ceildivsi
// CHECK-NOT: {{[^r]}}arith.
// CHECK: rarith.divsi
// CHECK: rarith.mulf %{{.*}}, %{{.*}} fastmath<nnan> {tag = "kept"} : f32
func.func @expand_ceildivsi(%a: i32, %b: i32, %x: f32) -> (i32, f32) {
  %0 = rarith.ceildivsi %a, %b : i32
  %1 = rarith.mulf %x, %x fastmath<nnan> {tag = "kept"} : f32
  return %0, %1 : i32, f32
}
