// bf16 arithmetic runs under the JIT: LLVM computes it in f32 and calls
// __truncsfbf2 / __truncdfbf2 to round back, which this platform's C runtime
// (libgcc) lacks; rmlir's runner supplies them (round to nearest, ties to
// even). The checks pin the rounding.
// RUN: rmlir-run %s -e add --entry-point-result=f32 --arg=f32:1.5 --arg=f32:2.25 | FileCheck %s --check-prefix=ADD
// RUN: rmlir-run %s -e add --entry-point-result=f32 --arg=f32:256.0 --arg=f32:1.0 | FileCheck %s --check-prefix=TIE-DOWN
// RUN: rmlir-run %s -e add --entry-point-result=f32 --arg=f32:259.0 --arg=f32:0.0 | FileCheck %s --check-prefix=TIE-UP
// RUN: rmlir-run %s -e narrow --entry-point-result=f32 --arg=f64:1.00390625000001 | FileCheck %s --check-prefix=ONCE
// RUN: rmlir-run %s -e narrow --entry-point-result=f32 --arg=f64:1e300 | FileCheck %s --check-prefix=INF

func.func @add(%a: f32, %b: f32) -> f32 {
  %x = rarith.truncf %a : f32 to bf16
  %y = rarith.truncf %b : f32 to bf16
  %s = rarith.addf %x, %y : bf16
  %r = rarith.extf %s : bf16 to f32
  return %r : f32
}

func.func @narrow(%a: f64) -> f32 {
  %x = rarith.truncf %a : f64 to bf16
  %r = rarith.extf %x : bf16 to f32
  return %r : f32
}
// ADD: 3.75
// 256 + 1 = 257 lies halfway between 256 and 258: ties to even gives 256.
// TIE-DOWN: 256
// 259 lies halfway between 258 (odd mantissa) and 260 (even): 260.
// TIE-UP: 260
// Rounded once from f64 (just above the 1 + 2^-8 midpoint): 1 + 2^-7; a
// detour through f32 would land on the midpoint and round to 1.0.
// ONCE: 1.00781
// INF: inf
