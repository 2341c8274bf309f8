// convert-rshape-to-std leaves `!rshape.size` ops alone; when one of them
// still uses a size that was lowered to an index, the pass fails with
// upstream's diagnostic (same message and location as convert-shape-to-std).
// RUN: not rmlir-opt %s --convert-rshape-to-std 2>&1 | FileCheck %s
// RUN: not %mlir-opt-plugin %s --pass-pipeline="builtin.module(convert-rshape-to-std)" 2>&1 | FileCheck %s
// RUN: %to-upstream %s | not %upstream-mlir-opt --convert-shape-to-std 2>&1 | %from-upstream | FileCheck %s

// CHECK: :[[# @LINE + 3]]:10: error: failed to legalize unresolved materialization from ('index') to ('!rshape.size') that remained live after conversion
func.func @mixed(%s: !rshape.shape, %t: tensor<4x?xf32>, %z: !rshape.size, %i: index) -> (!rshape.size, index, index, !rshape.size, index) {
  %0 = rshape.rank %s : !rshape.shape -> !rshape.size
  %one = rshape.const_size 1
  %1 = rshape.dim %t, %one : tensor<4x?xf32>, !rshape.size -> !rshape.size
  %2 = rshape.index_to_size %i
  %3 = rshape.size_to_index %2 : !rshape.size
  %4 = rshape.add %z, %2 : !rshape.size, !rshape.size -> !rshape.size
  %c0 = rarith.constant 0 : index
  %5 = rshape.dim %t, %c0 : tensor<4x?xf32>, index -> index
  %true = rarith.constant true
  %w = rshape.cstr_require %true, "kept"
  return %0, %3, %5, %4, %i : !rshape.size, index, index, !rshape.size, index
}
