// Differential diagnostics: a cast between ranked tensors whose encodings
// differ (or where only one side has one) is "cast incompatible", as
// upstream's hasSameEncoding check says; equal encodings verify.
// RUN: %to-upstream %s | not %upstream-mlir-opt --split-input-file -o /dev/null 2>&1 | %from-upstream | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.upstream
// RUN: not rmlir-opt %s --split-input-file -o /dev/null 2>&1 | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.rmlir
// RUN: not %mlir-opt-plugin %s --split-input-file -o /dev/null 2>&1 | grep -E '(error|note|warning):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK: error: 'rarith.extsi' op operand type 'tensor<2xi8, "foo">' and result type 'tensor<2xi32, "bar">' are cast incompatible
func.func @extsi_foo_bar(%a: tensor<2xi8, "foo">) -> tensor<2xi32, "bar"> {
  %0 = rarith.extsi %a : tensor<2xi8, "foo"> to tensor<2xi32, "bar">
  return %0 : tensor<2xi32, "bar">
}

// -----

// CHECK: error: 'rarith.extsi' op operand type 'tensor<2xi8, "foo">' and result type 'tensor<2xi32>' are cast incompatible
func.func @extsi_foo_none(%a: tensor<2xi8, "foo">) -> tensor<2xi32> {
  %0 = rarith.extsi %a : tensor<2xi8, "foo"> to tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// CHECK: error: 'rarith.extsi' op operand type 'tensor<2xi8>' and result type 'tensor<2xi32, "bar">' are cast incompatible
func.func @extsi_none_bar(%a: tensor<2xi8>) -> tensor<2xi32, "bar"> {
  %0 = rarith.extsi %a : tensor<2xi8> to tensor<2xi32, "bar">
  return %0 : tensor<2xi32, "bar">
}

// -----

func.func @extsi_foo_foo(%a: tensor<2xi8, "foo">) -> tensor<2xi32, "foo"> {
  %0 = rarith.extsi %a : tensor<2xi8, "foo"> to tensor<2xi32, "foo">
  return %0 : tensor<2xi32, "foo">
}

// -----

// CHECK: error: 'rarith.extui' op operand type 'tensor<2xi1, "foo">' and result type 'tensor<2xi8, "bar">' are cast incompatible
func.func @extui_foo_bar(%a: tensor<2xi1, "foo">) -> tensor<2xi8, "bar"> {
  %0 = rarith.extui %a : tensor<2xi1, "foo"> to tensor<2xi8, "bar">
  return %0 : tensor<2xi8, "bar">
}

// -----

// CHECK: error: 'rarith.extui' op operand type 'tensor<2xi1, "foo">' and result type 'tensor<2xi8>' are cast incompatible
func.func @extui_foo_none(%a: tensor<2xi1, "foo">) -> tensor<2xi8> {
  %0 = rarith.extui %a : tensor<2xi1, "foo"> to tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// CHECK: error: 'rarith.extui' op operand type 'tensor<2xi1>' and result type 'tensor<2xi8, "bar">' are cast incompatible
func.func @extui_none_bar(%a: tensor<2xi1>) -> tensor<2xi8, "bar"> {
  %0 = rarith.extui %a : tensor<2xi1> to tensor<2xi8, "bar">
  return %0 : tensor<2xi8, "bar">
}

// -----

func.func @extui_foo_foo(%a: tensor<2xi1, "foo">) -> tensor<2xi8, "foo"> {
  %0 = rarith.extui %a : tensor<2xi1, "foo"> to tensor<2xi8, "foo">
  return %0 : tensor<2xi8, "foo">
}

// -----

// CHECK: error: 'rarith.trunci' op operand type 'tensor<2xi32, "foo">' and result type 'tensor<2xi8, "bar">' are cast incompatible
func.func @trunci_foo_bar(%a: tensor<2xi32, "foo">) -> tensor<2xi8, "bar"> {
  %0 = rarith.trunci %a : tensor<2xi32, "foo"> to tensor<2xi8, "bar">
  return %0 : tensor<2xi8, "bar">
}

// -----

// CHECK: error: 'rarith.trunci' op operand type 'tensor<2xi32, "foo">' and result type 'tensor<2xi8>' are cast incompatible
func.func @trunci_foo_none(%a: tensor<2xi32, "foo">) -> tensor<2xi8> {
  %0 = rarith.trunci %a : tensor<2xi32, "foo"> to tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// CHECK: error: 'rarith.trunci' op operand type 'tensor<2xi32>' and result type 'tensor<2xi8, "bar">' are cast incompatible
func.func @trunci_none_bar(%a: tensor<2xi32>) -> tensor<2xi8, "bar"> {
  %0 = rarith.trunci %a : tensor<2xi32> to tensor<2xi8, "bar">
  return %0 : tensor<2xi8, "bar">
}

// -----

func.func @trunci_foo_foo(%a: tensor<2xi32, "foo">) -> tensor<2xi8, "foo"> {
  %0 = rarith.trunci %a : tensor<2xi32, "foo"> to tensor<2xi8, "foo">
  return %0 : tensor<2xi8, "foo">
}

// -----

// CHECK: error: 'rarith.index_cast' op operand type 'tensor<2xi32, "foo">' and result type 'tensor<2xindex, "bar">' are cast incompatible
func.func @index_cast_foo_bar(%a: tensor<2xi32, "foo">) -> tensor<2xindex, "bar"> {
  %0 = rarith.index_cast %a : tensor<2xi32, "foo"> to tensor<2xindex, "bar">
  return %0 : tensor<2xindex, "bar">
}

// -----

// CHECK: error: 'rarith.index_cast' op operand type 'tensor<2xi32, "foo">' and result type 'tensor<2xindex>' are cast incompatible
func.func @index_cast_foo_none(%a: tensor<2xi32, "foo">) -> tensor<2xindex> {
  %0 = rarith.index_cast %a : tensor<2xi32, "foo"> to tensor<2xindex>
  return %0 : tensor<2xindex>
}

// -----

// CHECK: error: 'rarith.index_cast' op operand type 'tensor<2xi32>' and result type 'tensor<2xindex, "bar">' are cast incompatible
func.func @index_cast_none_bar(%a: tensor<2xi32>) -> tensor<2xindex, "bar"> {
  %0 = rarith.index_cast %a : tensor<2xi32> to tensor<2xindex, "bar">
  return %0 : tensor<2xindex, "bar">
}

// -----

func.func @index_cast_foo_foo(%a: tensor<2xi32, "foo">) -> tensor<2xindex, "foo"> {
  %0 = rarith.index_cast %a : tensor<2xi32, "foo"> to tensor<2xindex, "foo">
  return %0 : tensor<2xindex, "foo">
}

// -----

// CHECK: error: 'rarith.index_castui' op operand type 'tensor<2xindex, "foo">' and result type 'tensor<2xi32, "bar">' are cast incompatible
func.func @index_castui_foo_bar(%a: tensor<2xindex, "foo">) -> tensor<2xi32, "bar"> {
  %0 = rarith.index_castui %a : tensor<2xindex, "foo"> to tensor<2xi32, "bar">
  return %0 : tensor<2xi32, "bar">
}

// -----

// CHECK: error: 'rarith.index_castui' op operand type 'tensor<2xindex, "foo">' and result type 'tensor<2xi32>' are cast incompatible
func.func @index_castui_foo_none(%a: tensor<2xindex, "foo">) -> tensor<2xi32> {
  %0 = rarith.index_castui %a : tensor<2xindex, "foo"> to tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// CHECK: error: 'rarith.index_castui' op operand type 'tensor<2xindex>' and result type 'tensor<2xi32, "bar">' are cast incompatible
func.func @index_castui_none_bar(%a: tensor<2xindex>) -> tensor<2xi32, "bar"> {
  %0 = rarith.index_castui %a : tensor<2xindex> to tensor<2xi32, "bar">
  return %0 : tensor<2xi32, "bar">
}

// -----

func.func @index_castui_foo_foo(%a: tensor<2xindex, "foo">) -> tensor<2xi32, "foo"> {
  %0 = rarith.index_castui %a : tensor<2xindex, "foo"> to tensor<2xi32, "foo">
  return %0 : tensor<2xi32, "foo">
}

// -----

// CHECK: error: 'rarith.bitcast' op operand type 'tensor<2xi32, "foo">' and result type 'tensor<2xf32, "bar">' are cast incompatible
func.func @bitcast_foo_bar(%a: tensor<2xi32, "foo">) -> tensor<2xf32, "bar"> {
  %0 = rarith.bitcast %a : tensor<2xi32, "foo"> to tensor<2xf32, "bar">
  return %0 : tensor<2xf32, "bar">
}

// -----

// CHECK: error: 'rarith.bitcast' op operand type 'tensor<2xi32, "foo">' and result type 'tensor<2xf32>' are cast incompatible
func.func @bitcast_foo_none(%a: tensor<2xi32, "foo">) -> tensor<2xf32> {
  %0 = rarith.bitcast %a : tensor<2xi32, "foo"> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK: error: 'rarith.bitcast' op operand type 'tensor<2xi32>' and result type 'tensor<2xf32, "bar">' are cast incompatible
func.func @bitcast_none_bar(%a: tensor<2xi32>) -> tensor<2xf32, "bar"> {
  %0 = rarith.bitcast %a : tensor<2xi32> to tensor<2xf32, "bar">
  return %0 : tensor<2xf32, "bar">
}

// -----

func.func @bitcast_foo_foo(%a: tensor<2xi32, "foo">) -> tensor<2xf32, "foo"> {
  %0 = rarith.bitcast %a : tensor<2xi32, "foo"> to tensor<2xf32, "foo">
  return %0 : tensor<2xf32, "foo">
}

// -----

// CHECK: error: 'rarith.sitofp' op operand type 'tensor<2xi32, "foo">' and result type 'tensor<2xf32, "bar">' are cast incompatible
func.func @sitofp_foo_bar(%a: tensor<2xi32, "foo">) -> tensor<2xf32, "bar"> {
  %0 = rarith.sitofp %a : tensor<2xi32, "foo"> to tensor<2xf32, "bar">
  return %0 : tensor<2xf32, "bar">
}

// -----

// CHECK: error: 'rarith.sitofp' op operand type 'tensor<2xi32, "foo">' and result type 'tensor<2xf32>' are cast incompatible
func.func @sitofp_foo_none(%a: tensor<2xi32, "foo">) -> tensor<2xf32> {
  %0 = rarith.sitofp %a : tensor<2xi32, "foo"> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK: error: 'rarith.sitofp' op operand type 'tensor<2xi32>' and result type 'tensor<2xf32, "bar">' are cast incompatible
func.func @sitofp_none_bar(%a: tensor<2xi32>) -> tensor<2xf32, "bar"> {
  %0 = rarith.sitofp %a : tensor<2xi32> to tensor<2xf32, "bar">
  return %0 : tensor<2xf32, "bar">
}

// -----

func.func @sitofp_foo_foo(%a: tensor<2xi32, "foo">) -> tensor<2xf32, "foo"> {
  %0 = rarith.sitofp %a : tensor<2xi32, "foo"> to tensor<2xf32, "foo">
  return %0 : tensor<2xf32, "foo">
}

// -----

// CHECK: error: 'rarith.uitofp' op operand type 'tensor<2xi16, "foo">' and result type 'tensor<2xf64, "bar">' are cast incompatible
func.func @uitofp_foo_bar(%a: tensor<2xi16, "foo">) -> tensor<2xf64, "bar"> {
  %0 = rarith.uitofp %a : tensor<2xi16, "foo"> to tensor<2xf64, "bar">
  return %0 : tensor<2xf64, "bar">
}

// -----

// CHECK: error: 'rarith.uitofp' op operand type 'tensor<2xi16, "foo">' and result type 'tensor<2xf64>' are cast incompatible
func.func @uitofp_foo_none(%a: tensor<2xi16, "foo">) -> tensor<2xf64> {
  %0 = rarith.uitofp %a : tensor<2xi16, "foo"> to tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// CHECK: error: 'rarith.uitofp' op operand type 'tensor<2xi16>' and result type 'tensor<2xf64, "bar">' are cast incompatible
func.func @uitofp_none_bar(%a: tensor<2xi16>) -> tensor<2xf64, "bar"> {
  %0 = rarith.uitofp %a : tensor<2xi16> to tensor<2xf64, "bar">
  return %0 : tensor<2xf64, "bar">
}

// -----

func.func @uitofp_foo_foo(%a: tensor<2xi16, "foo">) -> tensor<2xf64, "foo"> {
  %0 = rarith.uitofp %a : tensor<2xi16, "foo"> to tensor<2xf64, "foo">
  return %0 : tensor<2xf64, "foo">
}

// -----

// CHECK: error: 'rarith.fptosi' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xi64, "bar">' are cast incompatible
func.func @fptosi_foo_bar(%a: tensor<2xf32, "foo">) -> tensor<2xi64, "bar"> {
  %0 = rarith.fptosi %a : tensor<2xf32, "foo"> to tensor<2xi64, "bar">
  return %0 : tensor<2xi64, "bar">
}

// -----

// CHECK: error: 'rarith.fptosi' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xi64>' are cast incompatible
func.func @fptosi_foo_none(%a: tensor<2xf32, "foo">) -> tensor<2xi64> {
  %0 = rarith.fptosi %a : tensor<2xf32, "foo"> to tensor<2xi64>
  return %0 : tensor<2xi64>
}

// -----

// CHECK: error: 'rarith.fptosi' op operand type 'tensor<2xf32>' and result type 'tensor<2xi64, "bar">' are cast incompatible
func.func @fptosi_none_bar(%a: tensor<2xf32>) -> tensor<2xi64, "bar"> {
  %0 = rarith.fptosi %a : tensor<2xf32> to tensor<2xi64, "bar">
  return %0 : tensor<2xi64, "bar">
}

// -----

func.func @fptosi_foo_foo(%a: tensor<2xf32, "foo">) -> tensor<2xi64, "foo"> {
  %0 = rarith.fptosi %a : tensor<2xf32, "foo"> to tensor<2xi64, "foo">
  return %0 : tensor<2xi64, "foo">
}

// -----

// CHECK: error: 'rarith.fptoui' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xi8, "bar">' are cast incompatible
func.func @fptoui_foo_bar(%a: tensor<2xf32, "foo">) -> tensor<2xi8, "bar"> {
  %0 = rarith.fptoui %a : tensor<2xf32, "foo"> to tensor<2xi8, "bar">
  return %0 : tensor<2xi8, "bar">
}

// -----

// CHECK: error: 'rarith.fptoui' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xi8>' are cast incompatible
func.func @fptoui_foo_none(%a: tensor<2xf32, "foo">) -> tensor<2xi8> {
  %0 = rarith.fptoui %a : tensor<2xf32, "foo"> to tensor<2xi8>
  return %0 : tensor<2xi8>
}

// -----

// CHECK: error: 'rarith.fptoui' op operand type 'tensor<2xf32>' and result type 'tensor<2xi8, "bar">' are cast incompatible
func.func @fptoui_none_bar(%a: tensor<2xf32>) -> tensor<2xi8, "bar"> {
  %0 = rarith.fptoui %a : tensor<2xf32> to tensor<2xi8, "bar">
  return %0 : tensor<2xi8, "bar">
}

// -----

func.func @fptoui_foo_foo(%a: tensor<2xf32, "foo">) -> tensor<2xi8, "foo"> {
  %0 = rarith.fptoui %a : tensor<2xf32, "foo"> to tensor<2xi8, "foo">
  return %0 : tensor<2xi8, "foo">
}

// -----

// CHECK: error: 'rarith.extf' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xf64, "bar">' are cast incompatible
func.func @extf_foo_bar(%a: tensor<2xf32, "foo">) -> tensor<2xf64, "bar"> {
  %0 = rarith.extf %a : tensor<2xf32, "foo"> to tensor<2xf64, "bar">
  return %0 : tensor<2xf64, "bar">
}

// -----

// CHECK: error: 'rarith.extf' op operand type 'tensor<2xf32, "foo">' and result type 'tensor<2xf64>' are cast incompatible
func.func @extf_foo_none(%a: tensor<2xf32, "foo">) -> tensor<2xf64> {
  %0 = rarith.extf %a : tensor<2xf32, "foo"> to tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// CHECK: error: 'rarith.extf' op operand type 'tensor<2xf32>' and result type 'tensor<2xf64, "bar">' are cast incompatible
func.func @extf_none_bar(%a: tensor<2xf32>) -> tensor<2xf64, "bar"> {
  %0 = rarith.extf %a : tensor<2xf32> to tensor<2xf64, "bar">
  return %0 : tensor<2xf64, "bar">
}

// -----

func.func @extf_foo_foo(%a: tensor<2xf32, "foo">) -> tensor<2xf64, "foo"> {
  %0 = rarith.extf %a : tensor<2xf32, "foo"> to tensor<2xf64, "foo">
  return %0 : tensor<2xf64, "foo">
}

// -----

// CHECK: error: 'rarith.truncf' op operand type 'tensor<2xf64, "foo">' and result type 'tensor<2xf32, "bar">' are cast incompatible
func.func @truncf_foo_bar(%a: tensor<2xf64, "foo">) -> tensor<2xf32, "bar"> {
  %0 = rarith.truncf %a : tensor<2xf64, "foo"> to tensor<2xf32, "bar">
  return %0 : tensor<2xf32, "bar">
}

// -----

// CHECK: error: 'rarith.truncf' op operand type 'tensor<2xf64, "foo">' and result type 'tensor<2xf32>' are cast incompatible
func.func @truncf_foo_none(%a: tensor<2xf64, "foo">) -> tensor<2xf32> {
  %0 = rarith.truncf %a : tensor<2xf64, "foo"> to tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK: error: 'rarith.truncf' op operand type 'tensor<2xf64>' and result type 'tensor<2xf32, "bar">' are cast incompatible
func.func @truncf_none_bar(%a: tensor<2xf64>) -> tensor<2xf32, "bar"> {
  %0 = rarith.truncf %a : tensor<2xf64> to tensor<2xf32, "bar">
  return %0 : tensor<2xf32, "bar">
}

// -----

func.func @truncf_foo_foo(%a: tensor<2xf64, "foo">) -> tensor<2xf32, "foo"> {
  %0 = rarith.truncf %a : tensor<2xf64, "foo"> to tensor<2xf32, "foo">
  return %0 : tensor<2xf32, "foo">
}

// -----

// CHECK: error: 'rarith.scaling_extf' op operand types 'tensor<2xf8E4M3FN, "foo">', 'tensor<2xf8E8M0FNU, "foo">' and result type 'tensor<2xf32, "bar">' are cast incompatible
func.func @scaling_extf(%a: tensor<2xf8E4M3FN, "foo">, %s: tensor<2xf8E8M0FNU, "foo">) -> tensor<2xf32, "bar"> {
  %0 = rarith.scaling_extf %a, %s : tensor<2xf8E4M3FN, "foo">, tensor<2xf8E8M0FNU, "foo"> to tensor<2xf32, "bar">
  return %0 : tensor<2xf32, "bar">
}

// -----

// An always-failing block at the end keeps `not` meaningful for the
// valid equal-encoding cases above.
// CHECK: error: 'rarith.extf' op operand type 'f32' and result type 'f32' are cast incompatible
func.func @extf_same(%a: f32) -> f32 {
  %0 = rarith.extf %a : f32 to f32
  return %0 : f32
}
