// Differential: rshape sizes and witnesses (const_size, const_witness,
// index_to_size, size_to_index) against upstream's shape dialect.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// Syntax and result names without canonicalization:
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file | %from-upstream > %t.up.syntax
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file > %t.syntax
// RUN: diff -u %t.up.syntax %t.syntax

func.func @sizes(%i: index, %s: !rshape.size) {
  %c10 = rshape.const_size 10
  %cm = rshape.const_size -1
  %c10b = rshape.const_size 10
  %w = rshape.const_witness true
  %wf = rshape.const_witness false
  %0 = rshape.size_to_index %c10 : !rshape.size
  %three = rarith.constant 3 : index
  %1 = rshape.index_to_size %three
  %2 = rshape.index_to_size %i
  %3 = rshape.size_to_index %2 : !rshape.size
  %4 = rshape.size_to_index %s : !rshape.size
  %5 = rshape.index_to_size %4
  %6 = rshape.size_to_index %i : index
  %7 = rshape.index_to_size %6
  "test.sink"(%c10, %cm, %c10b, %w, %wf, %0, %1, %3, %5, %7) : (!rshape.size, !rshape.size, !rshape.size, !rshape.witness, !rshape.witness, index, !rshape.size, index, !rshape.size, !rshape.size) -> ()
  return
}
