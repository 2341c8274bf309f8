// Differential diagnostics: invalid integer-op IR gets the same messages
// (same line, same text) from upstream and from both of our tools.
// RUN: %to-upstream %s | not %upstream-mlir-opt --split-input-file -o /dev/null 2>&1 | %from-upstream | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.upstream
// RUN: not rmlir-opt %s --split-input-file -o /dev/null 2>&1 | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.rmlir
// RUN: not %mlir-opt-plugin %s --split-input-file -o /dev/null 2>&1 | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK: error: 'rarith.extui' op operand type 'i32' and result type 'i32' are cast incompatible
func.func @extui_same(%a: i32) {
  %0 = rarith.extui %a : i32 to i32
  return
}

// -----

// CHECK: error: 'rarith.extsi' op operand type 'i32' and result type 'i16' are cast incompatible
func.func @extsi_narrow(%a: i32) {
  %0 = rarith.extsi %a : i32 to i16
  return
}

// -----

// CHECK: error: 'rarith.trunci' op operand type 'i8' and result type 'i16' are cast incompatible
func.func @trunci_wide(%a: i8) {
  %0 = rarith.trunci %a : i8 to i16
  return
}

// -----

// CHECK: error: 'rarith.index_cast' op operand type 'i32' and result type 'i64' are cast incompatible
func.func @index_cast_no_index(%a: i32) {
  %0 = rarith.index_cast %a : i32 to i64
  return
}

// -----

// CHECK: error: 'rarith.extui' op operand #0 must be signless-fixed-width-integer-like, but got 'index'
func.func @extui_index(%a: index) {
  %0 = rarith.extui %a : index to i64
  return
}

// -----

// CHECK: error: 'rarith.extsi' op failed to verify that input and output have the same tensor dimensions
func.func @extsi_dims(%a: tensor<2xi8>) {
  %0 = "rarith.extsi"(%a) : (tensor<2xi8>) -> tensor<?xi16>
  return
}

// -----

// CHECK: error: 'rarith.mulsi_extended' op failed to verify that all of {lhs, rhs, low, high} have same type
func.func @mulsi_extended_types(%a: i32) {
  %0:2 = "rarith.mulsi_extended"(%a, %a) : (i32, i32) -> (i32, i64)
  return
}

// -----

// CHECK: error: 'rarith.divsi' op operand #0 must be signless-integer-like, but got 'f32'
func.func @divsi_float(%a: f32) {
  %0 = "rarith.divsi"(%a, %a) : (f32, f32) -> f32
  return
}

// -----

// CHECK: error: expected ':'
func.func @shli_exact(%a: i32) {
  %0 = rarith.shli %a, %a exact : i32
  return
}

// -----

// CHECK: error: 'rarith.select' op operand #0 must be bool-like, but got 'i32'
func.func @select_scalar_i32_cond(%c: i32, %a: f32) {
  %0 = "rarith.select"(%c, %a, %a) : (i32, f32, f32) -> f32
  return
}

// -----

// CHECK: error: 'rarith.select' op failed to verify that condition is signless i1 or has matching shape
func.func @select_mask_shape(%c: vector<3xi1>, %a: vector<4xf32>) {
  %0 = rarith.select %c, %a, %a : vector<3xi1>, vector<4xf32>
  return
}

// -----

// CHECK: error: 'rarith.select' op operand #0 must be bool-like, but got 'vector<4xi8>'
func.func @select_mask_type(%c: vector<4xi8>, %a: vector<4xf32>) {
  %0 = "rarith.select"(%c, %a, %a) : (vector<4xi8>, vector<4xf32>, vector<4xf32>) -> vector<4xf32>
  return
}

// -----

// CHECK: error: 'rarith.scaling_extf' op operand types 'f32', 'f32' and result type 'f16' are cast incompatible
func.func @scaling_extf_narrow(%a: f32, %s: f32) {
  %0 = rarith.scaling_extf %a, %s : f32, f32 to f16
  return
}
