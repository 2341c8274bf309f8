// Differential: the shape passes against upstream's on the renamed program:
// convert-rshape-constraints = convert-shape-constraints,
// remove-rshape-constraints = remove-shape-constraints,
// rshape-to-rshape-lowering = shape-to-shape-lowering. rmlir-opt (flags) and
// stock mlir-opt + plugin (--pass-pipeline) must print what upstream prints.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-shape-constraints | %from-upstream > %t.up1
// RUN: rmlir-opt %s --split-input-file --convert-rshape-constraints > %t.rm1
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rshape-constraints)" > %t.pl1
// RUN: diff -u %t.up1 %t.rm1
// RUN: diff -u %t.up1 %t.pl1
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --remove-shape-constraints | %from-upstream > %t.up2
// RUN: rmlir-opt %s --split-input-file --remove-rshape-constraints > %t.rm2
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(func.func(remove-rshape-constraints))" > %t.pl2
// RUN: diff -u %t.up2 %t.rm2
// RUN: diff -u %t.up2 %t.pl2
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --shape-to-shape-lowering | %from-upstream > %t.up3
// RUN: rmlir-opt %s --split-input-file --rshape-to-rshape-lowering > %t.rm3
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(func.func(rshape-to-rshape-lowering))" > %t.pl3
// RUN: diff -u %t.up3 %t.rm3
// RUN: diff -u %t.up3 %t.pl3
// RUN: FileCheck %s --check-prefix=CONVERT < %t.rm1

// CONVERT-LABEL: func.func @constraints
// CONVERT: %[[W:.*]] = rshape.const_witness true
// CONVERT: %[[B:.*]] = rshape.is_broadcastable %arg0, %arg1
// CONVERT: cf.assert %[[B]], "required broadcastable shapes"
// CONVERT: %[[E:.*]] = rshape.shape_eq %arg0, %arg1
// CONVERT: cf.assert %[[E]], "required equal shapes"
// CONVERT: cf.assert %arg2, "must hold"
// CONVERT: return %[[W]], %[[W]], %[[W]]
func.func @constraints(%a: !rshape.shape, %b: tensor<?xindex>, %p: i1) -> (!rshape.witness, !rshape.witness, !rshape.witness) {
  %0 = rshape.cstr_broadcastable %a, %b : !rshape.shape, tensor<?xindex>
  %1 = rshape.cstr_eq %a, %b : !rshape.shape, tensor<?xindex>
  %2 = rshape.cstr_require %p, "must hold"
  %3 = rshape.assuming_all %0, %1, %2
  %4 = rshape.assuming %3 -> (index) {
    %c = rarith.constant 1 : index
    rshape.assuming_yield %c : index
  }
  return %0, %1, %2 : !rshape.witness, !rshape.witness, !rshape.witness
}

// -----

func.func @num_elements(%a: !rshape.shape, %b: tensor<?xindex>) -> (!rshape.size, index) {
  %0 = rshape.num_elements %a : !rshape.shape -> !rshape.size
  %1 = rshape.num_elements %b : tensor<?xindex> -> index
  return %0, %1 : !rshape.size, index
}

// -----

func.func @constant_constraints(%a: !rshape.shape) -> (!rshape.witness, !rshape.witness) {
  %c = rshape.const_shape [2, 3] : !rshape.shape
  %d = rshape.const_shape [3] : !rshape.shape
  %0 = rshape.cstr_broadcastable %c, %d : !rshape.shape, !rshape.shape
  %1 = rshape.cstr_eq %a, %c : !rshape.shape, !rshape.shape
  %true = rarith.constant true
  %2 = rshape.cstr_require %true, "trivially"
  %3 = rshape.assuming_all %0, %1, %2
  return %3, %1 : !rshape.witness, !rshape.witness
}

// -----

func.func @nested_num_elements(%t: tensor<?x4xf32>) -> index {
  %s = rshape.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>
  %n = rshape.num_elements %s : tensor<2xindex> -> index
  %e = rshape.const_shape [2, 5] : !rshape.shape
  %m = rshape.num_elements %e : !rshape.shape -> !rshape.size
  %mi = rshape.size_to_index %m : !rshape.size
  %r = rarith.addi %n, %mi : index
  return %r : index
}
