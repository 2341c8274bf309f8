// Differential: rarith-expand{include-bf16} against upstream's
// arith-expand{include-bf16}: bf16 <-> f32 casts become integer bit
// manipulation (scalars and vectors; constants fold first; a truncf with a
// rounding mode is not expanded and fails the pass, as upstream's does).
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --arith-expand=include-bf16 | %from-upstream > %t.up
// RUN: rmlir-opt %s --split-input-file --rarith-expand=include-bf16 > %t.rm
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(rarith-expand{include-bf16})" > %t.pl
// RUN: diff -u %t.up %t.rm
// RUN: diff -u %t.up %t.pl
// RUN: FileCheck %s < %t.rm
// Options are checked:
// RUN: not rmlir-opt %s --rarith-expand=include-f7 2>&1 | FileCheck %s --check-prefix=BADOPT


// BADOPT: no such option include-f7
// CHECK-LABEL: func.func @bf16
// CHECK-NOT: rarith.extf %arg0 : bf16 to f32
// CHECK: rarith.extf %arg4 : f16 to f32
func.func @bf16(%a: bf16, %b: f32, %v: vector<4xbf16>, %w: vector<4xf32>, %h: f16) -> (f32, bf16, vector<4xf32>, vector<4xbf16>, bf16, f32, bf16) {
  %0 = rarith.extf %a : bf16 to f32
  %1 = rarith.truncf %b : f32 to bf16
  %2 = rarith.extf %v : vector<4xbf16> to vector<4xf32>
  %3 = rarith.truncf %w : vector<4xf32> to vector<4xbf16>
  %c = rarith.constant 1.5 : f32
  %4 = rarith.truncf %c : f32 to bf16
  %5 = rarith.extf %h : f16 to f32
  %6 = rarith.truncf %b fastmath<nnan> : f32 to bf16
  return %0, %1, %2, %3, %4, %5, %6 : f32, bf16, vector<4xf32>, vector<4xbf16>, bf16, f32, bf16
}
