// Differential: muli of an index constant and vector.vscale is named like
// upstream's (%c4_vscale), in either operand order.
// RUN: %to-upstream %s | %upstream-mlir-opt | %from-upstream > %t.upstream
// RUN: rmlir-opt %s > %t.rmlir
// RUN: %mlir-opt-plugin %s > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK: %c4_vscale = rarith.muli
// CHECK: %c8_vscale = rarith.muli
// CHECK: %{{[0-9]+}} = rarith.muli
func.func @names(%i: index) -> (index, index, index) {
  %c4 = rarith.constant 4 : index
  %c8 = rarith.constant 8 : index
  %vs = vector.vscale
  %0 = rarith.muli %c4, %vs : index
  %1 = rarith.muli %vs, %c8 : index
  %2 = rarith.muli %i, %vs : index
  return %0, %1, %2 : index, index, index
}
