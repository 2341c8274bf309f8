// convert-rarith-to-llvm is a partial conversion, as upstream's
// convert-arith-to-llvm: ops it cannot lower (on tensors, the ops
// upstream's pass leaves to arith-expand, extended ops on n-D vectors) stay
// as they are, their converted operands bridged by unrealized casts, and
// the pass succeeds. Same output as upstream, in both tools.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-arith-to-llvm | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --convert-rarith-to-llvm > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-llvm)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @tensor
// CHECK: rarith.addi %arg0, %arg0 : tensor<4xi32>
func.func @tensor(%t: tensor<4xi32>) -> tensor<4xi32> {
  %0 = rarith.addi %t, %t : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// CHECK-LABEL: func.func @ceildivui_tensor
// CHECK: rarith.ceildivui %arg0, %arg1 : tensor<8x4x?xi64>
func.func @ceildivui_tensor(%a: tensor<8x4x?xi64>, %b: tensor<8x4x?xi64>) -> tensor<8x4x?xi64> {
  %0 = rarith.ceildivui %a, %b : tensor<8x4x?xi64>
  return %0 : tensor<8x4x?xi64>
}

// -----

// A lowered producer feeding an op that stays: the cast bridges them.
// CHECK-LABEL: func.func @mixed
// CHECK: %[[SUM:.*]] = llvm.add %arg0, %arg1 : i64
// CHECK: %[[IDX:.*]] = builtin.unrealized_conversion_cast %[[SUM]] : i64 to index
// CHECK: %[[SPLAT:.*]] = tensor.splat %[[IDX]] : tensor<2xindex>
// CHECK: rarith.addi %[[SPLAT]], %arg2 : tensor<2xindex>
func.func @mixed(%a: i64, %b: i64, %t: tensor<2xindex>) -> tensor<2xindex> {
  %0 = rarith.addi %a, %b : i64
  %1 = rarith.index_cast %0 : i64 to index
  %2 = tensor.splat %1 : tensor<2xindex>
  %3 = rarith.addi %2, %t : tensor<2xindex>
  return %3 : tensor<2xindex>
}

// -----

// ceildivsi, ceildivui and floordivsi are expanded into simpler ops, which
// lower in turn, as upstream's pass does.
// CHECK-LABEL: func.func @divisions
// CHECK-NOT: rarith.
// CHECK: llvm.sdiv
// CHECK-NOT: rarith.
// CHECK: return
func.func @divisions(%a: i32, %b: i32, %v: vector<4xi16>, %i: index) -> (i32, vector<4xi16>, index) {
  %0 = rarith.ceildivsi %a, %b : i32
  %1 = rarith.floordivsi %v, %v : vector<4xi16>
  %2 = rarith.ceildivui %i, %i : index
  return %0, %1, %2 : i32, vector<4xi16>, index
}

// -----

// Extended ops lower on scalars and 1-D vectors; on n-D vectors they stay.
// CHECK-LABEL: func.func @extended
// CHECK: llvm.intr.uadd.with.overflow
// CHECK: llvm.sext %arg0 : i32 to i64
// CHECK: llvm.zext %arg2 : vector<4xi16> to vector<4xi32>
// CHECK: rarith.mului_extended %arg3, %arg3 : vector<2x3xi16>
func.func @extended(%a: i32, %b: i32, %v: vector<4xi16>, %n: vector<2x3xi16>) -> (i32, i1, i32, i32, vector<4xi16>, vector<4xi16>, vector<2x3xi16>) {
  %s, %o = rarith.addui_extended %a, %b : i32, i1
  %l, %h = rarith.mulsi_extended %a, %b : i32
  %vl, %vh = rarith.mului_extended %v, %v : vector<4xi16>
  %nl, %nh = rarith.mului_extended %n, %n : vector<2x3xi16>
  return %s, %o, %l, %h, %vl, %vh, %nh : i32, i1, i32, i32, vector<4xi16>, vector<4xi16>, vector<2x3xi16>
}

// -----

// CHECK-LABEL: func.func @extended_vectors
func.func @extended_vectors(%a: vector<3xi64>, %b: vector<3xi64>, %i: index) -> (vector<3xi64>, vector<3xi1>, vector<3xi64>, index, index) {
  %s, %o = rarith.addui_extended %a, %b : vector<3xi64>, vector<3xi1>
  %l, %h = rarith.mulsi_extended %a, %b : vector<3xi64>
  %il, %ih = rarith.mului_extended %i, %i : index
  return %s, %o, %h, %il, %ih : vector<3xi64>, vector<3xi1>, vector<3xi64>, index, index
}
