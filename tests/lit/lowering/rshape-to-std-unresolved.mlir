// convert-rshape-to-std leaves `!rshape.size` ops alone; when one of them
// still uses a size that was lowered to an index, the pass fails with
// upstream's diagnostic (same message and location as convert-shape-to-std).
// Each function holds one such use: with several, which one MLIR's
// conversion driver reports first depends on pointer order (upstream's
// too), not on the program.
// RUN: not rmlir-opt %s --split-input-file --convert-rshape-to-std 2>&1 | FileCheck %s
// RUN: not %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rshape-to-std)" 2>&1 | FileCheck %s
// RUN: %to-upstream %s | not %upstream-mlir-opt --split-input-file --convert-shape-to-std 2>&1 | %from-upstream | FileCheck %s

// A constant size lowered to an index, still used by a `dim` of size type
// (which stays, as upstream leaves it).
// CHECK: :[[# @LINE + 3]]:10: error: failed to legalize unresolved materialization from ('index') to ('!rshape.size') that remained live after conversion
func.func @dim_of_size(%s: !rshape.shape, %t: tensor<4x?xf32>, %i: index) -> (!rshape.size, !rshape.size, index, index) {
  %0 = rshape.rank %s : !rshape.shape -> !rshape.size
  %one = rshape.const_size 1
  %1 = rshape.dim %t, %one : tensor<4x?xf32>, !rshape.size -> !rshape.size
  %c0 = rarith.constant 0 : index
  %2 = rshape.dim %t, %c0 : tensor<4x?xf32>, index -> index
  %true = rarith.constant true
  %w = rshape.cstr_require %true, "kept"
  return %0, %1, %2, %i : !rshape.size, !rshape.size, index, index
}

// -----

// A constant size lowered to an index, still used by an `add` of sizes.
// `index_to_size`/`size_to_index` have no lowering (as upstream): they stay.
// CHECK: :[[# @LINE + 2]]:8: error: failed to legalize unresolved materialization from ('index') to ('!rshape.size') that remained live after conversion
func.func @add_of_sizes(%z: !rshape.size, %i: index) -> (index, !rshape.size) {
  %c = rshape.const_size 3
  %0 = rshape.index_to_size %i
  %1 = rshape.size_to_index %0 : !rshape.size
  %2 = rshape.add %z, %c : !rshape.size, !rshape.size -> !rshape.size
  return %1, %2 : index, !rshape.size
}
