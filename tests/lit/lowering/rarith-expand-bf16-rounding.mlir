// A truncf to bf16 with an explicit rounding mode has no bf16 expansion:
// rarith-expand{include-bf16} fails on it with upstream's message.
// RUN: not rmlir-opt %s --rarith-expand=include-bf16 2>&1 | FileCheck %s
// RUN: not %mlir-opt-plugin %s --pass-pipeline="builtin.module(rarith-expand{include-bf16})" 2>&1 | FileCheck %s
// RUN: %to-upstream %s | not %upstream-mlir-opt --arith-expand=include-bf16 2>&1 | %from-upstream | FileCheck %s

// CHECK: error: failed to legalize operation 'rarith.truncf' that was explicitly marked illegal
func.func @f(%b: f32) -> bf16 {
  %0 = rarith.truncf %b downward : f32 to bf16
  return %0 : bf16
}
