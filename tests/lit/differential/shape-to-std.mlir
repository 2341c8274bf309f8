// Differential: convert-rshape-to-std against upstream's convert-shape-to-std
// on the renamed program (extent tensors and indices lowered to rarith, scf
// and tensor; op for op the same IR), in rmlir-opt and stock mlir-opt + plugin.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-shape-to-std | %from-upstream > %t.up
// RUN: rmlir-opt %s --split-input-file --convert-rshape-to-std > %t.rm
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rshape-to-std)" > %t.pl
// RUN: diff -u %t.up %t.rm
// RUN: diff -u %t.up %t.pl
// RUN: FileCheck %s < %t.rm

// CHECK-LABEL: func.func @ops
// CHECK: tensor.generate
// CHECK-NOT: rshape.shape_eq
// CHECK: rshape.num_elements
// CHECK-LABEL: func.func @reduce
// CHECK: scf.for
// CHECK: rarith.muli
// CHECK-NOT: rshape.
// CHECK-LABEL: func.func @split_any_cast
// CHECK-COUNT-2: tensor.extract_slice

func.func @ops(%a: tensor<?xindex>, %b: tensor<3xindex>, %t: tensor<2x?xf32>, %i: index) -> (index, index, tensor<?xindex>, i1, i1, index, tensor<2xindex>, index, index, index) {
  %0 = rshape.rank %a : tensor<?xindex> -> index
  %1 = rshape.get_extent %b, %i : tensor<3xindex>, index -> index
  %2 = rshape.broadcast %a, %b : tensor<?xindex>, tensor<3xindex> -> tensor<?xindex>
  %3 = rshape.shape_eq %a, %b : tensor<?xindex>, tensor<3xindex>
  %4 = rshape.is_broadcastable %a, %b : tensor<?xindex>, tensor<3xindex>
  %5 = rshape.add %i, %0 : index, index -> index
  %6 = rshape.shape_of %t : tensor<2x?xf32> -> tensor<2xindex>
  %7 = rshape.dim %t, %i : tensor<2x?xf32>, index -> index
  %8 = rshape.num_elements %a : tensor<?xindex> -> index
  %c = rshape.const_size 4
  %9 = rshape.size_to_index %c : !rshape.size
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : index, index, tensor<?xindex>, i1, i1, index, tensor<2xindex>, index, index, index
}

// -----

func.func @reduce(%shape: tensor<?xindex>, %init: index) -> index {
  %num = rshape.reduce(%shape, %init) : tensor<?xindex> -> index {
    ^bb0(%i: index, %extent: index, %acc: index):
      %new = rshape.mul %acc, %extent : index, index -> index
      %plus = rarith.addi %new, %i : index
      rshape.yield %plus : index
  }
  return %num : index
}

// -----

func.func @split_any_cast(%a: tensor<?xindex>, %b: tensor<3xindex>, %i: index, %u: tensor<*xf32>) -> (tensor<?xindex>, tensor<?xindex>, tensor<?xindex>, tensor<3xindex>, tensor<?xindex>, tensor<?xindex>) {
  %h, %t = "rshape.split_at"(%a, %i) : (tensor<?xindex>, index) -> (tensor<?xindex>, tensor<?xindex>)
  %any = rshape.any %a, %b : tensor<?xindex>, tensor<3xindex> -> tensor<?xindex>
  %c = rshape.const_shape [1, 2, 3] : tensor<3xindex>
  %s = rshape.shape_of %u : tensor<*xf32> -> tensor<?xindex>
  %e = rshape.to_extent_tensor %a : tensor<?xindex> -> tensor<?xindex>
  return %h, %t, %any, %c, %s, %e : tensor<?xindex>, tensor<?xindex>, tensor<?xindex>, tensor<3xindex>, tensor<?xindex>, tensor<?xindex>
}

// -----

func.func @eq3_bcast(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<2xindex>) -> (i1, tensor<2xindex>, i1) {
  %0 = rshape.shape_eq %a, %b, %c : tensor<?xindex>, tensor<?xindex>, tensor<2xindex>
  %1 = rshape.broadcast %a, %c : tensor<?xindex>, tensor<2xindex> -> tensor<2xindex>
  %2 = rshape.shape_eq %a : tensor<?xindex>
  return %0, %1, %2 : i1, tensor<2xindex>, i1
}
