// Float casts from and to `i0` fold to what an `i0` value (always 0) means.
// Upstream's folders segfault here (APFloat on a zero-width APInt; see
// docs/upstream-differences.md): sitofp/uitofp of 0 : i0 is +0.0, and
// fptosi/fptoui to i0 fold only when the operand truncates to zero.
// RUN: rmlir-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize | FileCheck %s

// CHECK-LABEL: func.func @int_to_float
// CHECK-DAG: %[[F32:.*]] = rarith.constant 0.000000e+00 : f32
// CHECK-DAG: %[[F16:.*]] = rarith.constant 0.000000e+00 : f16
// CHECK-DAG: %[[V:.*]] = rarith.constant dense<0.000000e+00> : vector<2xbf16>
// CHECK-NOT: tofp
// CHECK: return %[[F32]], %[[F32]], %[[F16]], %[[V]]
func.func @int_to_float() -> (f32, f32, f16, vector<2xbf16>) {
  %a = rarith.constant 0 : i0
  %v = rarith.constant dense<0> : vector<2xi0>
  %0 = rarith.sitofp %a : i0 to f32
  %1 = rarith.uitofp %a : i0 to f32
  %2 = rarith.sitofp %a : i0 to f16
  %3 = rarith.uitofp %v : vector<2xi0> to vector<2xbf16>
  return %0, %1, %2, %3 : f32, f32, f16, vector<2xbf16>
}

// -----

// CHECK-LABEL: func.func @float_to_int
// CHECK-DAG: %[[Z:.*]] = rarith.constant 0 : i0
// CHECK-DAG: %[[BIG:.*]] = rarith.constant 2.500000e+00 : f32
// CHECK-DAG: %[[NAN:.*]] = rarith.constant 0x7FC00000 : f32
// CHECK-DAG: %[[A:.*]] = rarith.fptosi %[[BIG]] : f32 to i0
// CHECK-DAG: %[[B:.*]] = rarith.fptoui %[[BIG]] : f32 to i0
// CHECK-DAG: %[[C:.*]] = rarith.fptosi %[[NAN]] : f32 to i0
// CHECK: return %[[Z]], %[[Z]], %[[Z]], %[[A]], %[[B]], %[[C]]
func.func @float_to_int() -> (i0, i0, i0, i0, i0, i0) {
  %half = rarith.constant 0.5 : f32
  %neg = rarith.constant -0.75 : f32
  %big = rarith.constant 2.5 : f32
  %nan = rarith.constant 0x7FC00000 : f32
  %0 = rarith.fptosi %half : f32 to i0
  %1 = rarith.fptoui %half : f32 to i0
  %2 = rarith.fptosi %neg : f32 to i0
  %3 = rarith.fptosi %big : f32 to i0
  %4 = rarith.fptoui %big : f32 to i0
  %5 = rarith.fptosi %nan : f32 to i0
  return %0, %1, %2, %3, %4, %5 : i0, i0, i0, i0, i0, i0
}
