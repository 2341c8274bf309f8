// Differential test: upstream mlir-opt on the renamed program and rmlir-opt
// (and stock mlir-opt with the plugin) on ours must print the same IR.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @addi_widths() -> (i1, i8, i17, i64, i128, i256, index) {
  %a1 = rarith.constant true
  %r1 = rarith.addi %a1, %a1 : i1
  %a8 = rarith.constant 200 : i8
  %b8 = rarith.constant 100 : i8
  %r8 = rarith.addi %a8, %b8 : i8
  %a17 = rarith.constant 65535 : i17
  %b17 = rarith.constant 65537 : i17
  %r17 = rarith.addi %a17, %b17 overflow<nuw> : i17
  %a64 = rarith.constant 9223372036854775807 : i64
  %b64 = rarith.constant 1 : i64
  %r64 = rarith.addi %a64, %b64 overflow<nsw> : i64
  %a128 = rarith.constant 18446744073709551615 : i128
  %b128 = rarith.constant 1 : i128
  %r128 = rarith.addi %a128, %b128 : i128
  %a256 = rarith.constant -1 : i256
  %b256 = rarith.constant 2 : i256
  %r256 = rarith.addi %a256, %b256 : i256
  %ai = rarith.constant -5 : index
  %bi = rarith.constant 7 : index
  %ri = rarith.addi %ai, %bi : index
  return %r1, %r8, %r17, %r64, %r128, %r256, %ri : i1, i8, i17, i64, i128, i256, index
}

// -----

func.func @addi_shaped(%v: vector<4xi32>) -> (vector<4xi32>, tensor<3xi8>, vector<2xi64>, vector<4xi32>, tensor<0xi32>) {
  %s1 = rarith.constant dense<5> : vector<4xi32>
  %s2 = rarith.constant dense<-7> : vector<4xi32>
  %r1 = rarith.addi %s1, %s2 : vector<4xi32>
  %d1 = rarith.constant dense<[1, 127, -128]> : tensor<3xi8>
  %d2 = rarith.constant dense<[2, 1, -1]> : tensor<3xi8>
  %r2 = rarith.addi %d1, %d2 : tensor<3xi8>
  %m1 = rarith.constant dense<3> : vector<2xi64>
  %m2 = rarith.constant dense<[1, 2]> : vector<2xi64>
  %r3 = rarith.addi %m1, %m2 : vector<2xi64>
  %z = rarith.constant dense<0> : vector<4xi32>
  %r4 = rarith.addi %v, %z : vector<4xi32>
  %e1 = rarith.constant dense<> : tensor<0xi32>
  %r5 = rarith.addi %e1, %e1 : tensor<0xi32>
  return %r1, %r2, %r3, %r4, %r5 : vector<4xi32>, tensor<3xi8>, vector<2xi64>, vector<4xi32>, tensor<0xi32>
}

// -----

func.func @addi_identities(%x: i32, %y: index) -> (i32, i32, index) {
  %c0 = rarith.constant 0 : i32
  %a = rarith.addi %x, %c0 : i32
  %b = rarith.addi %c0, %x overflow<nsw> : i32
  %ci = rarith.constant 0 : index
  %c = rarith.addi %ci, %y : index
  return %a, %b, %c : i32, i32, index
}

// -----

func.func @addi_add_constant(%x: i32, %v: vector<2xi32>, %i: index) -> (i32, i32, i32, vector<2xi32>, index, i32) {
  %c1 = rarith.constant 1 : i32
  %c2 = rarith.constant 2 : i32
  %cmax = rarith.constant 2147483647 : i32
  %a = rarith.addi %x, %c1 overflow<nsw, nuw> : i32
  %b = rarith.addi %a, %c2 overflow<nsw, nuw> : i32
  %c = rarith.addi %x, %c1 overflow<nsw> : i32
  %d = rarith.addi %c, %c2 overflow<nuw> : i32
  %e = rarith.addi %x, %cmax : i32
  %f = rarith.addi %e, %cmax : i32
  %vc1 = rarith.constant dense<1> : vector<2xi32>
  %vc2 = rarith.constant dense<2> : vector<2xi32>
  %va = rarith.addi %v, %vc1 : vector<2xi32>
  %vb = rarith.addi %va, %vc2 : vector<2xi32>
  %ic = rarith.constant 10 : index
  %ia = rarith.addi %i, %ic : index
  %ib = rarith.addi %ia, %ic : index
  %ua = arith.constant 5 : i32
  %ub = rarith.addi %x, %ua : i32
  %uc = rarith.addi %ub, %ua : i32
  return %b, %d, %f, %vb, %ib, %uc : i32, i32, i32, vector<2xi32>, index, i32
}

// -----

func.func @cmpi_constants() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %m = rarith.constant -1 : i8
  %p = rarith.constant 1 : i8
  %0 = rarith.cmpi eq, %m, %p : i8
  %1 = rarith.cmpi ne, %m, %p : i8
  %2 = rarith.cmpi slt, %m, %p : i8
  %3 = rarith.cmpi sle, %m, %p : i8
  %4 = rarith.cmpi sgt, %m, %p : i8
  %5 = rarith.cmpi sge, %m, %p : i8
  %6 = rarith.cmpi ult, %m, %p : i8
  %7 = rarith.cmpi ule, %m, %p : i8
  %8 = rarith.cmpi ugt, %m, %p : i8
  %9 = rarith.cmpi uge, %m, %p : i8
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

func.func @cmpi_wide_and_shaped() -> (i1, i1, vector<2xi1>, tensor<3xi1>) {
  %a = rarith.constant -170141183460469231731687303715884105728 : i128
  %b = rarith.constant 170141183460469231731687303715884105727 : i128
  %0 = rarith.cmpi slt, %a, %b : i128
  %1 = rarith.cmpi ult, %a, %b : i128
  %v = rarith.constant dense<[1, -1]> : vector<2xi32>
  %w = rarith.constant dense<0> : vector<2xi32>
  %2 = rarith.cmpi sgt, %v, %w : vector<2xi32>
  %t = rarith.constant dense<[3, 4, 5]> : tensor<3xindex>
  %u = rarith.constant dense<4> : tensor<3xindex>
  %3 = rarith.cmpi uge, %t, %u : tensor<3xindex>
  return %0, %1, %2, %3 : i1, i1, vector<2xi1>, tensor<3xi1>
}

// -----

func.func @cmpi_same_operands(%x: i32, %v: vector<4xi32>) -> (i1, i1, i1, i1, vector<4xi1>) {
  %0 = rarith.cmpi eq, %x, %x : i32
  %1 = rarith.cmpi ne, %x, %x : i32
  %2 = rarith.cmpi sle, %x, %x : i32
  %3 = rarith.cmpi ugt, %x, %x : i32
  %4 = rarith.cmpi uge, %v, %v : vector<4xi32>
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, vector<4xi1>
}

// -----

func.func @cmpi_constant_moves_right(%x: i32) -> (i1, i1, i1, i1, i1) {
  %c = rarith.constant 7 : i32
  %0 = rarith.cmpi slt, %c, %x : i32
  %1 = rarith.cmpi uge, %c, %x : i32
  %2 = rarith.cmpi eq, %c, %x : i32
  %3 = rarith.cmpi ne, %c, %x : i32
  %4 = rarith.cmpi ule, %c, %x : i32
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}

// -----

func.func @cmpi_i1_identities(%b: i1, %v: vector<2xi1>) -> (i1, i1, i1, vector<2xi1>, vector<2xi1>) {
  %f = rarith.constant false
  %t = rarith.constant true
  %0 = rarith.cmpi ne, %b, %f : i1
  %1 = rarith.cmpi eq, %b, %t : i1
  %2 = rarith.cmpi eq, %b, %f : i1
  %vf = rarith.constant dense<false> : vector<2xi1>
  %vt = rarith.constant dense<true> : vector<2xi1>
  %3 = rarith.cmpi ne, %v, %vf : vector<2xi1>
  %4 = rarith.cmpi eq, %v, %vt : vector<2xi1>
  return %0, %1, %2, %3, %4 : i1, i1, i1, vector<2xi1>, vector<2xi1>
}

// -----

func.func @shapes() -> (!rshape.shape, tensor<3xindex>, tensor<2xindex>, !rshape.shape, !rshape.shape) {
  %a = rshape.const_shape [2, 1] : !rshape.shape
  %b = rshape.const_shape [7, 1, 3] : !rshape.shape
  %0 = rshape.broadcast %a, %b : !rshape.shape, !rshape.shape -> !rshape.shape
  %c = rshape.const_shape [1, 4, 1] : tensor<3xindex>
  %d = rshape.const_shape [5] : tensor<1xindex>
  %1 = rshape.broadcast %c, %d : tensor<3xindex>, tensor<1xindex> -> tensor<3xindex>
  %e = rshape.const_shape [2, 3] : tensor<2xindex>
  %f = rshape.const_shape [4, 3] : tensor<2xindex>
  %2 = rshape.broadcast %e, %f : tensor<2xindex>, tensor<2xindex> -> tensor<2xindex>
  %3 = rshape.broadcast %a : !rshape.shape -> !rshape.shape
  %g = rshape.const_shape [] : !rshape.shape
  %4 = rshape.broadcast %g, %a, %b : !rshape.shape, !rshape.shape, !rshape.shape -> !rshape.shape
  return %0, %1, %2, %3, %4 : !rshape.shape, tensor<3xindex>, tensor<2xindex>, !rshape.shape, !rshape.shape
}

// -----

func.func @broadcast_non_constant(%x: tensor<?xindex>, %s: !rshape.shape) -> (tensor<?xindex>, !rshape.shape) {
  %0 = rshape.broadcast %x : tensor<?xindex> -> tensor<?xindex>
  %c = rshape.const_shape [1, 2] : !rshape.shape
  %1 = rshape.broadcast %s, %c : !rshape.shape, !rshape.shape -> !rshape.shape
  return %0, %1 : tensor<?xindex>, !rshape.shape
}
