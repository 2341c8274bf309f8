// convert-rarith-to-llvm: the LLVM ops upstream's ArithToLLVM produces.
// RUN: rmlir-opt %s --split-input-file --convert-rarith-to-llvm | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-llvm)" | FileCheck %s
// Differential: upstream's convert-arith-to-llvm on the renamed program.
// RUN: rmlir-opt %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" > %t.rmlir
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --pass-pipeline="builtin.module(convert-arith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" > %t.upstream
// RUN: diff -u %t.upstream %t.rmlir

// CHECK-LABEL: func @scalars
// CHECK: %[[C:.*]] = llvm.mlir.constant(42 : i32) : i32
// CHECK: %[[A:.*]] = llvm.add %arg0, %[[C]] : i32
// CHECK: %[[B:.*]] = llvm.add %[[A]], %arg0 overflow<nsw> : i32
// CHECK: %[[D:.*]] = llvm.add %[[B]], %[[B]] overflow<nsw, nuw> : i32
// CHECK: llvm.icmp "slt" %[[D]], %arg0 : i32
// CHECK: llvm.icmp "uge" %[[D]], %arg0 : i32
func.func @scalars(%x: i32) -> (i1, i1) {
  %c = rarith.constant 42 : i32
  %a = rarith.addi %x, %c : i32
  %b = rarith.addi %a, %x overflow<nsw> : i32
  %d = rarith.addi %b, %b overflow<nuw, nsw> : i32
  %e = rarith.cmpi slt, %d, %x : i32
  %f = rarith.cmpi uge, %d, %x : i32
  return %e, %f : i1, i1
}

// -----

// index becomes i64, bridged by unrealized casts at the boundary.
// CHECK-LABEL: func @index
// CHECK: %[[X:.*]] = builtin.unrealized_conversion_cast %arg0 : index to i64
// CHECK: %[[C:.*]] = llvm.mlir.constant(7 : index) : i64
// CHECK: %[[S:.*]] = llvm.add %[[X]], %[[C]] : i64
// CHECK: llvm.icmp "ne" %[[S]], %[[X]] : i64
func.func @index(%x: index) -> i1 {
  %c = rarith.constant 7 : index
  %s = rarith.addi %x, %c : index
  %r = rarith.cmpi ne, %s, %x : index
  return %r : i1
}

// -----

// 1-D vectors convert elementwise.
// CHECK-LABEL: func @vectors
// CHECK: llvm.mlir.constant(dense<[1, 2, 3, 4]> : vector<4xi16>) : vector<4xi16>
// CHECK: llvm.add %arg0, %{{.*}} : vector<4xi16>
// CHECK: llvm.icmp "eq" %{{.*}}, %arg0 : vector<4xi16>
func.func @vectors(%v: vector<4xi16>) -> vector<4xi1> {
  %c = rarith.constant dense<[1, 2, 3, 4]> : vector<4xi16>
  %s = rarith.addi %v, %c : vector<4xi16>
  %r = rarith.cmpi eq, %s, %v : vector<4xi16>
  return %r : vector<4xi1>
}
