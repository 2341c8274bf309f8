// rarith's ValueBoundsOpInterface (answered by Rust through a generic bridge
// model) gives upstream's value-bounds analysis what arith's models give it:
// constants, addi/subi/muli/floordivsi as affine expressions, select between
// provably ordered values, and element-wise selects on tensor dimensions.
// Checked with upstream's own test pass in stock mlir-opt (plugin loaded),
// against the renamed arith program (compared in arith's spelling: the test
// pass itself builds upstream arith constants); rmlir-opt has no test passes.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --pass-pipeline="builtin.module(func.func(test-affine-reify-value-bounds))" > %t.upstream
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(func.func(test-affine-reify-value-bounds))" | %to-upstream > %t.plugin
// RUN: diff -u %t.upstream %t.plugin
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --pass-pipeline="builtin.module(func.func(test-affine-reify-value-bounds{reify-to-func-args}))" > %t.upstream-args
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(func.func(test-affine-reify-value-bounds{reify-to-func-args}))" > %t.plugin-args
// RUN: %to-upstream %t.plugin-args | diff -u %t.upstream-args -
// RUN: FileCheck %s < %t.plugin-args

// CHECK: #[[SUM:.*]] = affine_map<()[s0] -> (s0 + 5)>
// CHECK-LABEL: func.func @arithmetic
// CHECK: affine.apply #[[SUM]]()[%arg0]
func.func @arithmetic(%a: index, %b: index) -> (index, index, index, index) {
  %c5 = rarith.constant 5 : index
  %0 = rarith.addi %a, %c5 : index
  %1 = "test.reify_bound"(%0) {type = "EQ"} : (index) -> (index)
  %2 = rarith.subi %0, %a : index
  %3 = "test.reify_bound"(%2) {type = "EQ", constant} : (index) -> (index)
  %4 = rarith.muli %b, %c5 : index
  %5 = "test.reify_bound"(%4) {type = "EQ"} : (index) -> (index)
  %6 = rarith.floordivsi %4, %c5 : index
  %7 = "test.reify_bound"(%6) {type = "EQ"} : (index) -> (index)
  return %1, %3, %5, %7 : index, index, index, index
}

// -----

// CHECK-LABEL: func.func @select
// CHECK-DAG: %[[LB:.*]] = arith.constant 5 : index
// CHECK-DAG: %[[UB:.*]] = arith.constant 10 : index
func.func @select(%a: index, %b: index) -> (index, index) {
  %c5 = rarith.constant 5 : index
  %c9 = rarith.constant 9 : index
  %0 = rarith.addi %a, %c5 : index
  %1 = rarith.subi %0, %a : index
  %c = rarith.cmpi slt, %a, %b : index
  %2 = rarith.select %c, %1, %c9 : index
  %3 = "test.reify_bound"(%2) {type = "LB", constant} : (index) -> (index)
  %4 = "test.reify_bound"(%2) {type = "UB", constant} : (index) -> (index)
  return %3, %4 : index, index
}

// -----

// CHECK-LABEL: func.func @select_tensors
func.func @select_tensors(%c: tensor<?xi1>, %t: tensor<?xf32>, %u: tensor<?xf32>, %d: i1) -> (index, index) {
  %0 = rarith.select %c, %t, %u : tensor<?xi1>, tensor<?xf32>
  %1 = "test.reify_bound"(%0) {type = "EQ", dim = 0} : (tensor<?xf32>) -> (index)
  %2 = rarith.select %d, %t, %t : tensor<?xf32>
  %3 = "test.reify_bound"(%2) {type = "EQ", dim = 0} : (tensor<?xf32>) -> (index)
  return %1, %3 : index, index
}
