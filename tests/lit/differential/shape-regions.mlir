// Differential: syntax of rshape's region ops (assuming, reduce,
// function_library, func) and generic-syntax ops round-trip as upstream's.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// Syntax without canonicalization:
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file | %from-upstream > %t.up.syntax
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file > %t.syntax
// RUN: diff -u %t.up.syntax %t.syntax

func.func @f(%w: !rshape.witness, %s: !rshape.shape, %t: tensor<?x3xf32>) -> index {
  %0 = rshape.assuming %w -> (index) {
    %c = rarith.constant 1 : index
    rshape.assuming_yield %c : index
  }
  rshape.assuming %w {
    %c = rarith.constant 1 : index
  }
  %r = rshape.reduce(%s, %0) : !rshape.shape -> index {
  ^bb0(%i: index, %e: !rshape.size, %acc: index):
    %e2 = rshape.size_to_index %e : !rshape.size
    %n = rarith.muli %acc, %e2 : index
    rshape.yield %n : index
  }
  %so = rshape.shape_of %t : tensor<?x3xf32> -> tensor<2xindex>
  %sp:2 = "rshape.split_at"(%s, %0) : (!rshape.shape, index) -> (!rshape.shape, !rshape.shape)
  return %r : index
}
rshape.function_library @shplib {
  rshape.func @same_result_shape(%arg: !rshape.value_shape) -> !rshape.shape {
    %0 = rshape.shape_of %arg : !rshape.value_shape -> !rshape.shape
    rshape.return %0 : !rshape.shape
  }
} mapping {
  test.same_operand_result_type = @same_result_shape
}
