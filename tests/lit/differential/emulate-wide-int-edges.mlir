// rarith-emulate-wide-int at the edges, against upstream in both tools:
// extreme constants, 0-d vectors, i128 on a 64-bit target, and the 2^N
// scale of fptoui in floats too narrow to hold it (infinity, as upstream).
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --arith-emulate-wide-int | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --rarith-emulate-wide-int > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline='builtin.module(rarith-emulate-wide-int)' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @extremes
// CHECK: rarith.constant dense<[-1, 2147483647]> : vector<2xi32>
// CHECK: rarith.constant dense<[0, -2147483648]> : vector<2xi32>
// CHECK: rarith.constant dense<-1> : vector<2xi32>
// CHECK: rarith.constant dense<1> : vector<2xi32>
func.func @extremes() -> (i64, i64, i64, i64) {
  %max = rarith.constant 9223372036854775807 : i64
  %min = rarith.constant -9223372036854775808 : i64
  %ones = rarith.constant -1 : i64
  %halves = rarith.constant 4294967297 : i64
  return %max, %min, %ones, %halves : i64, i64, i64, i64
}

// -----

// A 0-d vector of i64 becomes a vector of two halves, like a scalar.
// CHECK-LABEL: func.func @zero_d(%arg0: vector<2xi32>) -> vector<2xi32>
func.func @zero_d(%a: vector<i64>) -> vector<i64> {
  %0 = rarith.addi %a, %a : vector<i64>
  return %0 : vector<i64>
}

// -----

// 2^32 overflows f16 and f8E5M2: the scale is infinity; f8E4M3FN has no
// infinity: NaN.
// CHECK-LABEL: func.func @narrow_floats
// CHECK: rarith.constant 0x7C00 : f16
// CHECK: rarith.constant 0x7C : f8E5M2
// CHECK: rarith.constant 0x7F : f8E4M3FN
// CHECK: rarith.constant 4.294970e+09 : bf16
func.func @narrow_floats(%h: f16, %e: f8E5M2, %m: f8E4M3FN, %b: bf16) -> (i64, i64, i64, i64) {
  %0 = rarith.fptoui %h : f16 to i64
  %1 = rarith.fptoui %e : f8E5M2 to i64
  %2 = rarith.fptoui %m : f8E4M3FN to i64
  %3 = rarith.fptoui %b : bf16 to i64
  return %0, %1, %2, %3 : i64, i64, i64, i64
}
