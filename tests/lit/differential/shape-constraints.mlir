// Differential: shape predicates, constraints, witnesses, assuming regions,
// broadcast patterns and tensor interop patterns against upstream.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// Syntax without canonicalization:
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file | %from-upstream > %t.up.syntax
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file > %t.syntax
// RUN: diff -u %t.up.syntax %t.syntax

func.func @shape_eq(%a: !rshape.shape, %b: tensor<?xindex>) {
  %c = rshape.const_shape [1, 2] : !rshape.shape
  %d = rshape.const_shape [1, 2] : tensor<2xindex>
  %e = rshape.const_shape [2, 1] : !rshape.shape
  %0 = rshape.shape_eq %c, %d : !rshape.shape, tensor<2xindex>
  %1 = rshape.shape_eq %c, %e : !rshape.shape, !rshape.shape
  %2 = rshape.shape_eq %a, %c : !rshape.shape, !rshape.shape
  %3 = rshape.shape_eq %c : !rshape.shape
  %4 = rshape.shape_eq %a, %a : !rshape.shape, !rshape.shape
  %5 = rshape.is_broadcastable %a : !rshape.shape
  %6 = rshape.is_broadcastable %a, %b, %a : !rshape.shape, tensor<?xindex>, !rshape.shape
  %7 = rshape.is_broadcastable %c, %e : !rshape.shape, !rshape.shape
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7) : (i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  return
}

// -----

func.func @cstr_broadcastable(%a: !rshape.shape, %b: tensor<?xindex>, %t: tensor<?x4xf32>, %u: tensor<4xf32>, %v: tensor<?xf32>, %w: tensor<5xf32>) {
  %c = rshape.const_shape [2, 2] : !rshape.shape
  %d = rshape.const_shape [3, 1, 2] : !rshape.shape
  %e = rshape.const_shape [3, 2] : !rshape.shape
  %s = rshape.const_shape [] : tensor<0xindex>
  %0 = rshape.cstr_broadcastable %c, %d : !rshape.shape, !rshape.shape
  %1 = rshape.cstr_broadcastable %c, %e : !rshape.shape, !rshape.shape
  %2 = rshape.cstr_broadcastable %a, %s : !rshape.shape, tensor<0xindex>
  %3 = rshape.cstr_broadcastable %a, %b : !rshape.shape, tensor<?xindex>
  %4 = rshape.cstr_broadcastable %a, %a : !rshape.shape, !rshape.shape
  %st = rshape.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>
  %su = rshape.shape_of %u : tensor<4xf32> -> tensor<1xindex>
  %sv = rshape.shape_of %v : tensor<?xf32> -> tensor<1xindex>
  %sw = rshape.shape_of %w : tensor<5xf32> -> tensor<1xindex>
  %5 = rshape.cstr_broadcastable %st, %su : tensor<2xindex>, tensor<1xindex>
  %6 = rshape.cstr_broadcastable %sv, %sw : tensor<1xindex>, tensor<1xindex>
  %7 = rshape.cstr_broadcastable %a, %b, %a, %s : !rshape.shape, tensor<?xindex>, !rshape.shape, tensor<0xindex>
  %cast = tensor.cast %st : tensor<2xindex> to tensor<?xindex>
  %8 = rshape.cstr_broadcastable %cast, %b : tensor<?xindex>, tensor<?xindex>
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (!rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness) -> ()
  return
}

// -----

func.func @cstr_eq_require(%a: !rshape.shape, %b: !rshape.shape, %p: i1) {
  %c = rshape.const_shape [1, 2] : !rshape.shape
  %d = rshape.const_shape [1, 2] : !rshape.shape
  %e = rshape.const_shape [2, 2] : !rshape.shape
  %0 = rshape.cstr_eq %c, %d, %c : !rshape.shape, !rshape.shape, !rshape.shape
  %1 = rshape.cstr_eq %c, %e : !rshape.shape, !rshape.shape
  %2 = rshape.cstr_eq %a, %a : !rshape.shape, !rshape.shape
  %3 = rshape.cstr_eq %a, %b : !rshape.shape, !rshape.shape
  %true = rarith.constant true
  %false = rarith.constant false
  %4 = rshape.cstr_require %true, "always"
  %5 = rshape.cstr_require %false, "never"
  %6 = rshape.cstr_require %p, "maybe"
  "test.sink"(%0, %1, %2, %3, %4, %5, %6) : (!rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness) -> ()
  return
}

// -----

func.func @assuming_all(%w0: !rshape.witness, %w1: !rshape.witness, %w2: !rshape.witness) {
  %t = rshape.const_witness true
  %f = rshape.const_witness false
  %0 = rshape.assuming_all %t, %t
  %1 = rshape.assuming_all %t, %f, %t
  %2 = rshape.assuming_all %w0, %t
  %3 = rshape.assuming_all %t, %w0, %w1
  %4 = rshape.assuming_all %w0, %w0, %w1
  %5 = rshape.assuming_all %w1
  %6 = rshape.assuming_all %w0, %w1
  %7 = rshape.assuming_all %6, %w2
  "test.sink"(%0, %1, %2, %3, %4, %5, %7) : (!rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness) -> ()
  return
}

// -----

func.func @assuming_all_of_cstrs(%a: !rshape.shape, %b: !rshape.shape, %c: !rshape.shape, %d: !rshape.shape) {
  %0 = rshape.cstr_broadcastable %a, %b : !rshape.shape, !rshape.shape
  %1 = rshape.cstr_broadcastable %a, %b, %c : !rshape.shape, !rshape.shape, !rshape.shape
  %2 = rshape.cstr_broadcastable %c, %d : !rshape.shape, !rshape.shape
  %3 = rshape.assuming_all %0, %1, %2
  %4 = rshape.cstr_eq %a, %b : !rshape.shape, !rshape.shape
  %5 = rshape.cstr_eq %b, %c : !rshape.shape, !rshape.shape
  %6 = rshape.assuming_all %4, %5
  %7 = rshape.cstr_eq %d, %d, %a : !rshape.shape, !rshape.shape, !rshape.shape
  %8 = rshape.cstr_eq %c, %b : !rshape.shape, !rshape.shape
  "test.sink"(%3, %6, %7, %8) : (!rshape.witness, !rshape.witness, !rshape.witness, !rshape.witness) -> ()
  return
}

// -----

func.func @assuming(%w: !rshape.witness, %x: index) -> index {
  %t = rshape.const_witness true
  %0:2 = rshape.assuming %t -> (index, index) {
    %y = rarith.addi %x, %x : index
    rshape.assuming_yield %y, %x : index, index
  }
  %1:3 = rshape.assuming %w -> (index, index, f32) {
    %y = rarith.muli %x, %x : index
    %z = "test.op"() : () -> f32
    rshape.assuming_yield %y, %x, %z : index, index, f32
  }
  %2 = rarith.addi %0#0, %1#1 : index
  %3 = rarith.addi %2, %1#0 : index
  return %3 : index
}

// -----

func.func @broadcast_patterns(%a: !rshape.shape, %b: tensor<?xindex>, %c: tensor<3xindex>, %d: tensor<2xindex>) {
  %k1 = rshape.const_shape [2, 1] : tensor<2xindex>
  %k2 = rshape.const_shape [7, 1, 5] : tensor<3xindex>
  %e = rshape.const_shape [] : tensor<0xindex>
  %0 = rshape.broadcast %a, %k1, %k2 : !rshape.shape, tensor<2xindex>, tensor<3xindex> -> !rshape.shape
  %1 = rshape.broadcast %b, %b, %e : tensor<?xindex>, tensor<?xindex>, tensor<0xindex> -> tensor<?xindex>
  %2 = rshape.broadcast %c, %d : tensor<3xindex>, tensor<2xindex> -> tensor<?xindex>
  %3 = rshape.broadcast %c : tensor<3xindex> -> !rshape.shape
  %4 = rshape.broadcast %c : tensor<3xindex> -> tensor<?xindex>
  %cast = tensor.cast %d : tensor<2xindex> to tensor<?xindex>
  %5 = rshape.broadcast %cast, %b {error = "x"} : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %6 = rshape.broadcast %a, %a {error = "y"} : !rshape.shape, !rshape.shape -> !rshape.shape
  "test.sink"(%0, %1, %2, %3, %4, %5, %6) : (!rshape.shape, tensor<?xindex>, tensor<?xindex>, !rshape.shape, tensor<?xindex>, tensor<?xindex>, !rshape.shape) -> ()
  return
}

// -----

func.func @tensor_interop(%t: tensor<?x?xf32>, %r: tensor<*xf32>, %sh: tensor<3xindex>, %sh32: tensor<2xi32>, %dyn: tensor<?xindex>) {
  %k = rshape.const_shape [1, 2] : tensor<2xindex>
  %0 = tensor.cast %k : tensor<2xindex> to tensor<?xindex>
  %s = rshape.shape_of %t : tensor<?x?xf32> -> tensor<2xindex>
  %c1 = rarith.constant 1 : index
  %1 = tensor.extract %s[%c1] : tensor<2xindex>
  %2 = tensor.cast %s : tensor<2xindex> to tensor<?xindex>
  %rs = tensor.reshape %r(%sh) : (tensor<*xf32>, tensor<3xindex>) -> tensor<?x?x?xf32>
  %3 = rshape.shape_of %rs : tensor<?x?x?xf32> -> tensor<3xindex>
  %rd = tensor.reshape %r(%dyn) : (tensor<*xf32>, tensor<?xindex>) -> tensor<*xf32>
  %4 = rshape.shape_of %rd : tensor<*xf32> -> tensor<?xindex>
  %r32 = tensor.reshape %r(%sh32) : (tensor<*xf32>, tensor<2xi32>) -> tensor<?x?xf32>
  %5 = rshape.shape_of %r32 : tensor<?x?xf32> -> tensor<2xindex>
  %6 = rshape.rank %s : tensor<2xindex> -> index
  "test.sink"(%0, %1, %2, %3, %4, %5, %6) : (tensor<?xindex>, index, tensor<?xindex>, tensor<3xindex>, tensor<?xindex>, tensor<2xindex>, index) -> ()
  return
}

// -----

// Broadcasting only empty shapes: RemoveEmptyShapeOperandsPattern leaves no
// operand and replaces the op by the empty shape of its result type (found by
// tests/differential_shape.rs, seed 4242: rmlir used to leave a broadcast of
// no operands).
func.func @broadcast_of_empty_shapes_only(%a: tensor<0xindex>, %b: tensor<0xindex>)
    -> (!rshape.shape, tensor<0xindex>, tensor<?xindex>) {
  %0 = rshape.broadcast %a, %b : tensor<0xindex>, tensor<0xindex> -> !rshape.shape
  %1 = rshape.broadcast %a, %b : tensor<0xindex>, tensor<0xindex> -> tensor<0xindex>
  %2 = rshape.broadcast %b, %a : tensor<0xindex>, tensor<0xindex> -> tensor<?xindex>
  return %0, %1, %2 : !rshape.shape, tensor<0xindex>, tensor<?xindex>
}
