// rarith/rshape mixed with upstream dialects, under upstream passes.
// RUN: rmlir-opt %s --split-input-file --inline --canonicalize --cse | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --inline --canonicalize --cse | FileCheck %s

// Functions holding rarith ops inline; the result then folds.
// CHECK-LABEL: func @caller
// CHECK-NEXT: %[[C:.*]] = rarith.constant 12 : i32
// CHECK-NEXT: return %[[C]]
func.func private @add(%a: i32, %b: i32) -> i32 {
  %0 = rarith.addi %a, %b : i32
  return %0 : i32
}
func.func @caller() -> i32 {
  %c5 = rarith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %0 = func.call @add(%c5, %c7) : (i32, i32) -> i32
  return %0 : i32
}

// -----

// Patterns do not cross into upstream arith: only the two rarith.addi fuse.
// CHECK-LABEL: func @mixed
// CHECK-DAG: %[[C7:.*]] = rarith.constant 7 : i32
// CHECK: %[[U:.*]] = arith.addi %arg0, %[[C7]] : i32
// CHECK: %[[R:.*]] = rarith.addi %[[U]], %[[C7]] : i32
// CHECK: return %[[R]]
func.func @mixed(%x: i32) -> i32 {
  %c3 = arith.constant 3 : i32
  %c4 = rarith.constant 4 : i32
  %a = rarith.addi %c3, %c4 : i32
  %b = arith.addi %a, %x : i32
  %c = rarith.addi %b, %c3 : i32
  %d = rarith.addi %c, %c4 : i32
  return %d : i32
}

// -----

// CSE merges identical rarith ops; scf.if on a folded condition disappears.
// CHECK-LABEL: func @cse_and_scf
// CHECK-NEXT: %[[A:.*]] = rarith.addi %arg0, %arg1 : i32
// CHECK-NEXT: %[[S:.*]] = rarith.addi %[[A]], %[[A]] : i32
// CHECK-NEXT: return %[[S]]
func.func @cse_and_scf(%x: i32, %y: i32) -> i32 {
  %a = rarith.addi %x, %y : i32
  %b = rarith.addi %x, %y : i32
  %t = rarith.cmpi eq, %x, %x : i32
  %r = scf.if %t -> i32 {
    %s = rarith.addi %a, %b : i32
    scf.yield %s : i32
  } else {
    scf.yield %x : i32
  }
  return %r : i32
}

// -----

// Extent tensors from rshape flow into tensor ops.
// CHECK-LABEL: func @tensor_interop
// CHECK: %[[S:.*]] = rshape.const_shape [2, 3] : tensor<2xindex>
// CHECK: tensor.extract %[[S]]
func.func @tensor_interop(%i: index) -> index {
  %a = rshape.const_shape [2, 1] : tensor<2xindex>
  %b = rshape.const_shape [3] : tensor<1xindex>
  %s = rshape.broadcast %a, %b : tensor<2xindex>, tensor<1xindex> -> tensor<2xindex>
  %e = tensor.extract %s[%i] : tensor<2xindex>
  return %e : index
}
