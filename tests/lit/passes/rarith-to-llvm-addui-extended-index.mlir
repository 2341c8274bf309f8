// addui_extended on index lowers to uadd.with.overflow at the index width.
// Upstream 22 builds its struct from the unconverted `index` type and fails
// verification ("'llvm.extractvalue' op result #0 must be LLVM dialect-
// compatible type, but got 'index'"); see docs/upstream-differences.md.
// RUN: rmlir-opt %s --convert-rarith-to-llvm=index-bitwidth=32 | FileCheck %s
// RUN: rmlir-opt %s --convert-rarith-to-llvm | FileCheck %s --check-prefix=I64
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(convert-rarith-to-llvm{index-bitwidth=32})" | FileCheck %s
// RUN: %to-upstream %s | not %upstream-mlir-opt --convert-arith-to-llvm=index-bitwidth=32 2>&1 | FileCheck %s --check-prefix=UPSTREAM

// CHECK-LABEL: func.func @addui_extended_index
// CHECK: %[[PAIR:.*]] = "llvm.intr.uadd.with.overflow"(%{{.*}}, %{{.*}}) : (i32, i32) -> !llvm.struct<(i32, i1)>
// CHECK: llvm.extractvalue %[[PAIR]][0] : !llvm.struct<(i32, i1)>
// CHECK: llvm.extractvalue %[[PAIR]][1] : !llvm.struct<(i32, i1)>
// I64: "llvm.intr.uadd.with.overflow"(%{{.*}}, %{{.*}}) : (i64, i64) -> !llvm.struct<(i64, i1)>
// UPSTREAM: error: 'llvm.extractvalue' op result #0 must be LLVM dialect-compatible type, but got 'index'
func.func @addui_extended_index(%a: index, %b: index) -> (index, i1) {
  %s, %o = rarith.addui_extended %a, %b : index, i1
  return %s, %o : index, i1
}
