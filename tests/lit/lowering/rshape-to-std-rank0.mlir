// get_extent of the shape of a rank-0 tensor: upstream's convert-shape-to-std
// reads the extent with `tensor.dim` on the tensor itself, which is invalid
// for rank 0 (the pass then fails verification). rmlir reads the lowered
// (empty) extent tensor instead, as for any other shape; the program stays
// valid (the read itself is out of bounds at run time, as the op's use is).
// RUN: rmlir-opt %s --convert-rshape-to-std | FileCheck %s
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(convert-rshape-to-std)" | FileCheck %s
// RUN: %to-upstream %s | not %upstream-mlir-opt --convert-shape-to-std 2>&1 | FileCheck %s --check-prefix=UPSTREAM

// CHECK-LABEL: func.func @scalar
// CHECK: %[[S:.*]] = tensor.from_elements  : tensor<0xindex>
// CHECK: %[[C:.*]] = tensor.cast %[[S]] : tensor<0xindex> to tensor<0xindex>
// CHECK: tensor.extract %[[C]][%arg1] : tensor<0xindex>
// UPSTREAM: 'tensor.dim' op operand #0 must be non-0-ranked or unranked tensor
func.func @scalar(%t: tensor<f32>, %i: index) -> index {
  %s = rshape.shape_of %t : tensor<f32> -> tensor<0xindex>
  %e = rshape.get_extent %s, %i : tensor<0xindex>, index -> index
  return %e : index
}
