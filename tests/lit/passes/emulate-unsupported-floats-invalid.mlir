// rarith-emulate-unsupported-floats rejects what upstream's pass rejects,
// with the same diagnostics, in both tools.
// RUN: not rmlir-opt %s --rarith-emulate-unsupported-floats="source-types=bf16 target-type=f33" 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not %mlir-opt-plugin %s --pass-pipeline="builtin.module(rarith-emulate-unsupported-floats{source-types=bf16 target-type=f33})" 2>&1 | FileCheck %s --check-prefix=TARGET
// RUN: not rmlir-opt %s --rarith-emulate-unsupported-floats="source-types=bf17 target-type=f32" 2>&1 | FileCheck %s --check-prefix=SOURCE
// RUN: not rmlir-opt %s --rarith-emulate-unsupported-floats="source-types=bf16,f32 target-type=f32" 2>&1 | FileCheck %s --check-prefix=SAME
// RUN: not rmlir-opt %s --rarith-emulate-unsupported-floats="source-typos=bf16" 2>&1 | FileCheck %s --check-prefix=OPTION
// No source types: nothing to do.
// RUN: rmlir-opt %s --rarith-emulate-unsupported-floats | FileCheck %s --check-prefix=NONE
// TARGET: error: could not map target type 'f33' to a known floating-point type
// SOURCE: error: could not map source type 'bf17' to a known floating-point type
// SAME: error: target type cannot be an unsupported source type
// OPTION: no such option source-typos
// NONE: rarith.addf %arg0, %arg0 : bf16

func.func @f(%a: bf16) -> bf16 {
  %0 = rarith.addf %a, %a : bf16
  return %0 : bf16
}
