// What convert-rarith-to-spirv refuses, it refuses as upstream's
// convert-arith-to-spirv does: the same errors at the same lines in both
// tools (every rarith op is illegal; the unsigned ops refuse types emulated
// at another width with upstream's own message).
// RUN: %to-upstream %s | not %upstream-mlir-opt --split-input-file --convert-arith-to-spirv -o /dev/null 2>&1 | %from-upstream | grep -E 'error:' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.upstream
// RUN: not rmlir-opt %s --split-input-file --convert-rarith-to-spirv -o /dev/null 2>&1 | grep -E 'error:' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.rmlir
// RUN: not %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-spirv)" -o /dev/null 2>&1 | grep -E 'error:' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// A select of vectors by a scalar condition (SPIR-V 1.0 wants a vector condition).
// CHECK: error: failed to legalize operation 'rarith.select' that was explicitly marked illegal
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int8, Int16, Int64, Float16, Float64], []>, #spirv.resource_limits<>>} {
func.func @refused0(%c: i1, %a: vector<2xi32>, %b: vector<2xi32>) {
  %0 = rarith.select %c, %a, %b : vector<2xi32>
  return
}
}

// -----

// An f64 constant where the target has no Float64.
// CHECK: error: failed to legalize operation 'rarith.constant' that was explicitly marked illegal
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
func.func @refused1() {
  %0 = rarith.constant 2.5 : f64
  return
}
}

// -----

// Unsigned division of a vector emulated at another width.
// CHECK: error: bitwidth emulation is not implemented yet on unsigned op pattern version
// CHECK: error: failed to legalize operation 'rarith.divui' that was explicitly marked illegal
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
func.func @refused2(%a: vector<2xi16>) {
  %0 = rarith.divui %a, %a : vector<2xi16>
  return
}
}

// -----

// An unsigned comparison of integers emulated at another width.
// CHECK: error: bitwidth emulation is not implemented yet on unsigned op
// CHECK: error: failed to legalize operation 'rarith.cmpi' that was explicitly marked illegal
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
func.func @refused3(%a: i8, %b: i8) {
  %0 = rarith.cmpi ult, %a, %b : i8
  return
}
}

// -----

// A float type SPIR-V has no emulation for.
// CHECK: error: failed to legalize operation 'rarith.constant' that was explicitly marked illegal
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
func.func @refused4() {
  %0 = rarith.constant -0.5 : f8E4M3FN
  return
}
}

// -----

// i64 arithmetic without Int64.
// CHECK: error: failed to legalize operation 'rarith.addi' that was explicitly marked illegal
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
func.func @refused5(%a: i64) {
  %0 = rarith.addi %a, %a : i64
  return
}
}

// -----

// truncf rounding to nearest, ties away (SPIR-V has no such mode).
// CHECK: error: failed to legalize operation 'rarith.truncf' that was explicitly marked illegal
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int8, Int16, Int64, Float16, Float64], []>, #spirv.resource_limits<>>} {
func.func @refused6(%a: f64) {
  %0 = rarith.truncf %a to_nearest_away : f64 to f32
  return
}
}

// -----

// Ops on tensors: lowered over SPIR-V arrays, then refused by the SPIR-V
// op's verifier, as upstream's.
// CHECK: error: 'spirv.IAdd' op operand #0 must be 8/16/32/64-bit integer or fixed-length vector
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int8, Int16, Int64, Float16, Float64], []>, #spirv.resource_limits<>>} {
func.func @refused7(%a: tensor<4xi32>) {
  %0 = rarith.addi %a, %a : tensor<4xi32>
  return
}
}
