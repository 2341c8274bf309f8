// Differential: outline-rshape-computation against upstream's
// outline-shape-computation on the renamed program: shape computations of
// with_shape outlined into private rshape.func @shape_cal_<n> (tensor.dim
// rewritten to get_extent first; shared shapes outlined once; unranked
// values skipped; names unique in the module), in both tools.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --outline-shape-computation | %from-upstream > %t.up
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --outline-rshape-computation > %t.rm
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(outline-rshape-computation)" > %t.pl
// RUN: diff -u %t.up %t.rm
// RUN: diff -u %t.up %t.pl
// RUN: FileCheck %s < %t.rm

// CHECK-LABEL: func.func @main
// CHECK-NOT: rshape.with_shape
// CHECK: rshape.func private @shape_cal_1
// CHECK: rshape.func private @shape_cal_0
func.func @main(%arg0: tensor<?x4x?xf32>, %arg1: tensor<2x4x?xf32>) -> tensor<?x4x?xf32> {
  %c2 = rarith.constant 2 : index
  %c0 = rarith.constant 0 : index
  %c4 = rarith.constant 4 : index
  %0 = rshape.shape_of %arg0 : tensor<?x4x?xf32> -> tensor<3xindex>
  %1 = rshape.get_extent %0, %c2 : tensor<3xindex>, index -> index
  %2 = "test.abs"(%arg0) : (tensor<?x4x?xf32>) -> tensor<?x4x?xf32>
  %3 = rshape.with_shape %2, %0 : tensor<?x4x?xf32>, tensor<3xindex>
  %4 = rshape.value_of %3 : tensor<?x4x?xf32>
  %5 = "test.concat"(%4, %arg1) {axis = 0 : i64} : (tensor<?x4x?xf32>, tensor<2x4x?xf32>) -> tensor<?x4x?xf32>
  %6 = tensor.dim %4, %c0 : tensor<?x4x?xf32>
  %7 = rarith.addi %6, %c2 : index
  %8 = rshape.from_extents %7, %c4, %1 : index, index, index
  %9 = rshape.with_shape %5, %8 : tensor<?x4x?xf32>, !rshape.shape
  %10 = rshape.value_of %9 : tensor<?x4x?xf32>
  return %10 : tensor<?x4x?xf32>
}

// -----

func.func @arg_shape(%t: tensor<?xf32>, %s: tensor<1xindex>) -> tensor<?xf32> {
  %w = rshape.with_shape %t, %s : tensor<?xf32>, tensor<1xindex>
  %v = rshape.value_of %w : tensor<?xf32>
  return %v : tensor<?xf32>
}

// -----

func.func @shared(%a: tensor<?x2xf32>, %b: tensor<?x2xf32>, %u: tensor<*xf32>) -> (tensor<?x2xf32>, tensor<?x2xf32>, tensor<*xf32>) {
  %s = rshape.shape_of %a : tensor<?x2xf32> -> tensor<2xindex>
  %w1 = rshape.with_shape %a, %s : tensor<?x2xf32>, tensor<2xindex>
  %w2 = rshape.with_shape %b, %s : tensor<?x2xf32>, tensor<2xindex>
  %w3 = rshape.with_shape %u, %s : tensor<*xf32>, tensor<2xindex>
  %v1 = rshape.value_of %w1 : tensor<?x2xf32>
  %v2 = rshape.value_of %w2 : tensor<?x2xf32>
  %v3 = rshape.value_of %w3 : tensor<*xf32>
  return %v1, %v2, %v3 : tensor<?x2xf32>, tensor<?x2xf32>, tensor<*xf32>
}

// -----

func.func @f1(%a: tensor<?x2xf32>) -> tensor<?x2xf32> {
  %s = rshape.shape_of %a : tensor<?x2xf32> -> tensor<2xindex>
  %w = rshape.with_shape %a, %s : tensor<?x2xf32>, tensor<2xindex>
  %v = rshape.value_of %w : tensor<?x2xf32>
  return %v : tensor<?x2xf32>
}
func.func @f2(%a: tensor<?x3xf32>, %b: tensor<?x3xf32>) -> (tensor<?x3xf32>, tensor<?x3xf32>) {
  %s = rshape.shape_of %a : tensor<?x3xf32> -> tensor<2xindex>
  %t = rshape.shape_of %b : tensor<?x3xf32> -> tensor<2xindex>
  %w = rshape.with_shape %a, %s : tensor<?x3xf32>, tensor<2xindex>
  %x = rshape.with_shape %b, %t : tensor<?x3xf32>, tensor<2xindex>
  %v = rshape.value_of %w : tensor<?x3xf32>
  %y = rshape.value_of %x : tensor<?x3xf32>
  return %v, %y : tensor<?x3xf32>, tensor<?x3xf32>
}
