// rarith-emulate-wide-int builds uitofp of a 2N-bit integer as
// uitofp(low) + uitofp(high) * 2^N. On a 64-bit target upstream computes
// 2^64 by shifting a 64-bit 1 by 64 (undefined in C++; 1 on x86) and scales
// the high half by 1.0, a wrong result for every value with a high half;
// rmlir scales by 2^64 (docs/upstream-differences.md). Below 64 bits both
// agree (differential/emulate-wide-int*.mlir).
// RUN: rmlir-opt %s --rarith-emulate-wide-int=widest-int-supported=64 | FileCheck %s
// RUN: %mlir-opt-plugin %s --pass-pipeline='builtin.module(rarith-emulate-wide-int{widest-int-supported=64})' | FileCheck %s
// RUN: %to-upstream %s | %upstream-mlir-opt --arith-emulate-wide-int=widest-int-supported=64 | FileCheck %s --check-prefix=UPSTREAM

// CHECK-LABEL: func.func @to_float(%arg0: vector<2xi64>) -> (f64, f32)
// CHECK: rarith.constant 1.8446744073709552E+19 : f64
// CHECK: rarith.constant 1.84467441E+19 : f32
// UPSTREAM-LABEL: func.func @to_float
// UPSTREAM: arith.constant 1.000000e+00 : f64
// UPSTREAM: arith.constant 1.000000e+00 : f32
func.func @to_float(%a: i128) -> (f64, f32) {
  %0 = rarith.uitofp %a : i128 to f64
  %1 = rarith.sitofp %a : i128 to f32
  return %0, %1 : f64, f32
}
