// What convert-rarith-to-emitc refuses, it refuses as upstream's
// convert-arith-to-emitc does: every rarith op is illegal, and one no
// pattern lowers fails the pass with the same error at the same line in
// both tools (ops lowered to EmitC ops its verifier rejects, likewise).
// RUN: %to-upstream %s | not %upstream-mlir-opt --split-input-file --convert-arith-to-emitc -o /dev/null 2>&1 | %from-upstream | grep -E 'error:' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.upstream
// RUN: not rmlir-opt %s --split-input-file --convert-rarith-to-emitc -o /dev/null 2>&1 | grep -E 'error:' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.rmlir
// RUN: not %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-emitc)" -o /dev/null 2>&1 | grep -E 'error:' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// Ops C has no operator for.
// CHECK: error: failed to legalize operation 'rarith.maxsi' that was explicitly marked illegal
func.func @refused0(%a: i32, %b: i32) {
  %0 = rarith.maxsi %a, %b : i32
  return
}

// -----

// Ceildivsi (rarith-expand first).
// CHECK: error: failed to legalize operation 'rarith.ceildivsi' that was explicitly marked illegal
func.func @refused1(%a: i32, %b: i32) {
  %0 = rarith.ceildivsi %a, %b : i32
  return
}

// -----

// Remf.
// CHECK: error: failed to legalize operation 'rarith.remf' that was explicitly marked illegal
func.func @refused2(%a: f32, %b: f32) {
  %0 = rarith.remf %a, %b : f32
  return
}

// -----

// I1 arithmetic (no wrap-around on bool).
// CHECK: error: failed to legalize operation 'rarith.addi' that was explicitly marked illegal
func.func @refused3(%a: i1, %b: i1) {
  %0 = rarith.addi %a, %b : i1
  return
}

// -----

// I1 shifts.
// CHECK: error: failed to legalize operation 'rarith.shli' that was explicitly marked illegal
func.func @refused4(%a: i1, %b: i1) {
  %0 = rarith.shli %a, %b : i1
  return
}

// -----

// Unsigned division of index.
// CHECK: error: failed to legalize operation 'rarith.divui' that was explicitly marked illegal
func.func @refused5(%a: index, %b: index) {
  %0 = rarith.divui %a, %b : index
  return
}

// -----

// Bitwise ops on index.
// CHECK: error: failed to legalize operation 'rarith.andi' that was explicitly marked illegal
func.func @refused6(%a: index, %b: index) {
  %0 = rarith.andi %a, %b : index
  return
}

// -----

// Integer ops on vectors.
// CHECK: error: failed to legalize operation 'rarith.addi' that was explicitly marked illegal
func.func @refused7(%a: vector<4xi32>, %b: vector<4xi32>) {
  %0 = rarith.addi %a, %b : vector<4xi32>
  return
}

// -----

// Negf on vectors.
// CHECK: error: failed to legalize operation 'rarith.negf' that was explicitly marked illegal
func.func @refused8(%a: vector<4xf32>) {
  %0 = rarith.negf %a : vector<4xf32>
  return
}

// -----

// Negf of a float C lacks.
// CHECK: error: failed to legalize operation 'rarith.negf' that was explicitly marked illegal
func.func @refused9(%a: f80) {
  %0 = rarith.negf %a : f80
  return
}

// -----

// Cmpf on vectors.
// CHECK: error: failed to legalize operation 'rarith.cmpf' that was explicitly marked illegal
func.func @refused10(%a: vector<2xf32>, %b: vector<2xf32>) {
  %0 = rarith.cmpf olt, %a, %b : vector<2xf32>
  return
}

// -----

// Cmpi on vectors.
// CHECK: error: failed to legalize operation 'rarith.cmpi' that was explicitly marked illegal
func.func @refused11(%a: vector<2xi32>, %b: vector<2xi32>) {
  %0 = rarith.cmpi slt, %a, %b : vector<2xi32>
  return
}

// -----

// Select of a vector condition.
// CHECK: error: failed to legalize operation 'rarith.select' that was explicitly marked illegal
func.func @refused12(%c: vector<2xi1>, %a: vector<2xi32>, %b: vector<2xi32>) {
  %0 = rarith.select %c, %a, %b : vector<2xi1>, vector<2xi32>
  return
}

// -----

// Sign-extending an i1.
// CHECK: error: failed to legalize operation 'rarith.extsi' that was explicitly marked illegal
func.func @refused13(%a: i1) {
  %0 = rarith.extsi %a : i1 to i32
  return
}

// -----

// Fptosi to i1 (0.5 must truncate to 0).
// CHECK: error: failed to legalize operation 'rarith.fptosi' that was explicitly marked illegal
func.func @refused14(%a: f32) {
  %0 = rarith.fptosi %a : f32 to i1
  return
}

// -----

// Fptoui to a width C lacks.
// CHECK: error: failed to legalize operation 'rarith.fptoui' that was explicitly marked illegal
func.func @refused15(%a: f32) {
  %0 = rarith.fptoui %a : f32 to i128
  return
}

// -----

// Sitofp from a width C lacks.
// CHECK: error: failed to legalize operation 'rarith.sitofp' that was explicitly marked illegal
func.func @refused16(%a: i7) {
  %0 = rarith.sitofp %a : i7 to f32
  return
}

// -----

// Truncf with a rounding mode.
// CHECK: error: failed to legalize operation 'rarith.truncf' that was explicitly marked illegal
func.func @refused18(%a: f64) {
  %0 = rarith.truncf %a to_nearest_even : f64 to f32
  return
}

// -----

// Extf to a float C lacks.
// CHECK: error: failed to legalize operation 'rarith.extf' that was explicitly marked illegal
func.func @refused19(%a: f16) {
  %0 = rarith.extf %a : f16 to f80
  return
}

// -----

// Bitcast.
// CHECK: error: failed to legalize operation 'rarith.bitcast' that was explicitly marked illegal
func.func @refused20(%a: i32) {
  %0 = rarith.bitcast %a : i32 to f32
  return
}

// -----

// Extended ops.
// CHECK: error: failed to legalize operation 'rarith.addui_extended' that was explicitly marked illegal
func.func @refused21(%a: i32, %b: i32) {
  %0, %1 = rarith.addui_extended %a, %b : i32, i1
  return
}

// -----

// Lowered, then refused by EmitC's verifier: a vector constant (EmitC has no vector type).
// CHECK: error: 'emitc.constant' op result #0 must be type supported by EmitC, but got 'vector<4xi32>'
func.func @verifier22() {
  %0 = rarith.constant dense<1> : vector<4xi32>
  return
}

// -----

// Lowered, then refused by EmitC's verifier: an i128 constant.
// CHECK: error: 'emitc.constant' op result #0 must be type supported by EmitC, but got 'i128'
func.func @verifier23() {
  %0 = rarith.constant 1 : i128
  return
}

// -----

// Lowered, then refused by EmitC's verifier: float arithmetic on vectors.
// CHECK: error: 'emitc.add' op operand #0 must be type supported by EmitC, but got 'vector<4xf32>'
func.func @verifier24(%a: vector<4xf32>) {
  %0 = rarith.addf %a, %a : vector<4xf32>
  return
}
