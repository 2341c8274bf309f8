// Differential: upstream's tensor.extract pattern ExtractElementFromIndexCast
// is written against arith's class and cannot see rarith; rarith carries it
// as a pattern of its own, rooted at tensor.extract. canonicalize on the
// rarith program gives upstream's output on the arith program, renamed, in
// rmlir-opt and in stock mlir-opt with the plugin.
// RUN: %to-upstream %s | %upstream-mlir-opt --canonicalize | %from-upstream > %t.up
// RUN: rmlir-opt %s --canonicalize > %t.rm
// RUN: %mlir-opt-plugin %s --canonicalize > %t.pl
// RUN: diff -u %t.up %t.rm
// RUN: diff -u %t.up %t.pl
// RUN: FileCheck %s < %t.rm

// CHECK-LABEL: func.func @extract
// CHECK: %[[E:.*]] = tensor.extract %arg0[%arg1] : tensor<3xi32>
// CHECK: rarith.index_cast %[[E]] : i32 to index
// CHECK-LABEL: func.func @extract_2d
// CHECK: rarith.index_cast %{{.*}} : index to i64
// CHECK-LABEL: func.func @constant
// CHECK-NOT: rarith.index_cast %{{.*}} : tensor
func.func @extract(%t: tensor<3xi32>, %i: index) -> index {
  %c = rarith.index_cast %t : tensor<3xi32> to tensor<3xindex>
  %e = tensor.extract %c[%i] : tensor<3xindex>
  return %e : index
}
func.func @extract_2d(%t: tensor<2x?xindex>, %i: index, %j: index) -> i64 {
  %c = rarith.index_cast %t : tensor<2x?xindex> to tensor<2x?xi64>
  %e = tensor.extract %c[%i, %j] : tensor<2x?xi64>
  return %e : i64
}
func.func @constant(%i: index) -> index {
  %t = rarith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %c = rarith.index_cast %t : tensor<3xi32> to tensor<3xindex>
  %e = tensor.extract %c[%i] : tensor<3xindex>
  return %e : index
}
