// Differential: convert-rarith-to-llvm on n-D vectors (unrolled into nested
// LLVM arrays of 1-D vectors, as upstream's ArithToLLVM does), including
// casts, comparisons, select, index casts, and ops that fold first (as the
// dialect conversion folds them), against upstream's convert-arith-to-llvm.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-arith-to-llvm | %from-upstream > %t.up
// RUN: rmlir-opt %s --split-input-file --convert-rarith-to-llvm > %t.rm
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-llvm)" > %t.pl
// RUN: diff -u %t.up %t.rm
// RUN: diff -u %t.up %t.pl
// RUN: FileCheck %s < %t.rm

// CHECK-LABEL: func.func @f
// CHECK: llvm.extractvalue
// CHECK: llvm.insertvalue
// CHECK-NOT: rarith.
func.func @f(%a: vector<2x3xi32>, %b: vector<2x3xi32>) -> vector<2x3xi32> {
  %0 = rarith.addi %a, %b : vector<2x3xi32>
  %c = rarith.constant dense<[[1, 2, 3], [4, 5, 6]]> : vector<2x3xi32>
  %1 = rarith.muli %0, %c : vector<2x3xi32>
  return %1 : vector<2x3xi32>
}

// -----

func.func @more(%a: vector<2x2x2xi8>, %b: vector<2x3xf32>, %c: vector<2x3xi1>, %d: vector<2x3xf32>) -> (vector<2x2x2xi32>, vector<2x3xi1>, vector<2x3xf32>, vector<2x3xf32>, vector<2x2x2xi1>) {
  %0 = rarith.extsi %a : vector<2x2x2xi8> to vector<2x2x2xi32>
  %1 = rarith.cmpf olt, %b, %d fastmath<nnan> : vector<2x3xf32>
  %2 = rarith.select %c, %b, %d : vector<2x3xi1>, vector<2x3xf32>
  %3 = rarith.addf %b, %d fastmath<fast> : vector<2x3xf32>
  %4 = rarith.cmpi slt, %a, %a : vector<2x2x2xi8>
  return %0, %1, %2, %3, %4 : vector<2x2x2xi32>, vector<2x3xi1>, vector<2x3xf32>, vector<2x3xf32>, vector<2x2x2xi1>
}

// -----

func.func @ix(%a: vector<2x2xindex>, %b: vector<2x2xi32>) -> (vector<2x2xindex>, vector<2x2xi32>) {
  %0 = rarith.addi %a, %a : vector<2x2xindex>
  %1 = rarith.index_cast %a : vector<2x2xindex> to vector<2x2xi32>
  return %0, %1 : vector<2x2xindex>, vector<2x2xi32>
}
