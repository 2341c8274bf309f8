// Differential: convert-rshape-to-std lowers `cstr_broadcastable` of extent
// tensors as upstream's convert-shape-to-std does: the broadcastability
// loop of `is_broadcastable`, then `cstr_require ..., "required broadcastable
// shapes"`; with a `!rshape.shape` operand it stays. 2, 3 and 4 operands,
// static and dynamic extents; op for op upstream's IR, in rmlir-opt and in
// stock mlir-opt with the plugin.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-shape-to-std | %from-upstream > %t.up
// RUN: rmlir-opt %s --split-input-file --convert-rshape-to-std > %t.rm
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rshape-to-std)" > %t.pl
// RUN: diff -u %t.up %t.rm
// RUN: diff -u %t.up %t.pl
// RUN: FileCheck %s < %t.rm

// CHECK-LABEL: func.func @two_dynamic
// CHECK: scf.for
// CHECK: rshape.cstr_require %{{.*}}, "required broadcastable shapes"
// CHECK-NOT: rshape.cstr_broadcastable
func.func @two_dynamic(%a: tensor<?xindex>, %b: tensor<?xindex>) -> !rshape.witness {
  %0 = rshape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  return %0 : !rshape.witness
}

// -----

// CHECK-LABEL: func.func @two_static
// CHECK: rshape.cstr_require %{{.*}}, "required broadcastable shapes"
func.func @two_static(%a: tensor<2xindex>, %b: tensor<3xindex>) -> !rshape.witness {
  %0 = rshape.cstr_broadcastable %a, %b : tensor<2xindex>, tensor<3xindex>
  return %0 : !rshape.witness
}

// -----

// CHECK-LABEL: func.func @three_mixed
// CHECK: rshape.cstr_require %{{.*}}, "required broadcastable shapes"
func.func @three_mixed(%a: tensor<?xindex>, %b: tensor<1xindex>, %c: tensor<3xindex>) -> !rshape.witness {
  %0 = rshape.cstr_broadcastable %a, %b, %c : tensor<?xindex>, tensor<1xindex>, tensor<3xindex>
  return %0 : !rshape.witness
}

// -----

// CHECK-LABEL: func.func @three_static
// CHECK: rshape.cstr_require %{{.*}}, "required broadcastable shapes"
func.func @three_static(%a: tensor<2xindex>, %b: tensor<3xindex>, %c: tensor<2xindex>) -> !rshape.witness {
  %0 = rshape.cstr_broadcastable %a, %b, %c : tensor<2xindex>, tensor<3xindex>, tensor<2xindex>
  return %0 : !rshape.witness
}

// -----

// CHECK-LABEL: func.func @four
// CHECK: rshape.cstr_require %{{.*}}, "required broadcastable shapes"
func.func @four(%a: tensor<?xindex>, %b: tensor<?xindex>, %c: tensor<2xindex>, %d: tensor<0xindex>) -> !rshape.witness {
  %0 = rshape.cstr_broadcastable %a, %b, %c, %d : tensor<?xindex>, tensor<?xindex>, tensor<2xindex>, tensor<0xindex>
  return %0 : !rshape.witness
}

// -----

// A witness used by an assuming region, as programs use it.
// CHECK-LABEL: func.func @guards
// CHECK: rshape.cstr_require
// CHECK: rshape.assuming
func.func @guards(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
  %w = rshape.cstr_broadcastable %a, %b : tensor<?xindex>, tensor<?xindex>
  %r = rshape.assuming %w -> (tensor<?xindex>) {
    %s = rshape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
    rshape.assuming_yield %s : tensor<?xindex>
  }
  return %r : tensor<?xindex>
}

// -----

// `!rshape.shape` operands (which may hold errors): left as they are.
// CHECK-LABEL: func.func @shapes
// CHECK: rshape.cstr_broadcastable %arg0, %arg1 : !rshape.shape, !rshape.shape
// CHECK-LABEL: func.func @shape_and_extents
// CHECK: rshape.cstr_broadcastable %arg0, %arg1 : tensor<?xindex>, !rshape.shape
func.func @shapes(%a: !rshape.shape, %b: !rshape.shape) -> !rshape.witness {
  %0 = rshape.cstr_broadcastable %a, %b : !rshape.shape, !rshape.shape
  return %0 : !rshape.witness
}
func.func @shape_and_extents(%a: tensor<?xindex>, %b: !rshape.shape) -> !rshape.witness {
  %0 = rshape.cstr_broadcastable %a, %b : tensor<?xindex>, !rshape.shape
  return %0 : !rshape.witness
}
