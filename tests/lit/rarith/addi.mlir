// rarith.addi: syntax, folding and AddIAddConstant, in both tools.
// RUN: rmlir-opt %s --split-input-file --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize | FileCheck %s
// RUN: rmlir-opt %s --split-input-file | FileCheck %s --check-prefix=SYNTAX

// Overflow flags print only when set, nsw first; any order parses.
// SYNTAX-LABEL: func @flags
// SYNTAX: rarith.addi %arg0, %arg0 : i32
// SYNTAX: rarith.addi %arg0, %arg0 overflow<nsw> : i32
// SYNTAX: rarith.addi %arg0, %arg0 overflow<nuw> : i32
// SYNTAX: rarith.addi %arg0, %arg0 overflow<nsw, nuw> : i32
// SYNTAX: rarith.addi %arg0, %arg0 overflow<nsw, nuw> : i32
// SYNTAX: rarith.addi %arg0, %arg0 : i32
func.func @flags(%x: i32) -> (i32, i32, i32, i32, i32, i32) {
  %0 = rarith.addi %x, %x : i32
  %1 = rarith.addi %x, %x overflow<nsw> : i32
  %2 = rarith.addi %x, %x overflow<nuw> : i32
  %3 = rarith.addi %x, %x overflow<nsw, nuw> : i32
  %4 = rarith.addi %x, %x overflow<nuw, nsw> : i32
  %5 = rarith.addi %x, %x overflow<none> : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}

// -----

// The acceptance case of the foundation: (2 + 3) doubled is 10.
// CHECK-LABEL: func @ten
// CHECK-NEXT: %[[C:.*]] = rarith.constant 10 : i32
// CHECK-NEXT: return %[[C]]
// CHECK-NOT: rarith.addi
func.func @ten() -> i32 {
  %a = rarith.constant 2 : i32
  %b = rarith.constant 3 : i32
  %c = rarith.addi %a, %b : i32
  %d = rarith.addi %c, %c : i32
  return %d : i32
}

// -----

// Addition wraps modulo 2^width, whatever the flags say (nsw/nuw only make
// the overflowing result poison, which any value refines).
// CHECK-LABEL: func @wrap
// CHECK-DAG: rarith.constant 44 : i8
// CHECK-DAG: rarith.constant false
// CHECK-DAG: rarith.constant 0 : i17
// CHECK-DAG: rarith.constant -9223372036854775808 : i64
// CHECK-DAG: rarith.constant 18446744073709551616 : i128
// CHECK-DAG: rarith.constant 1 : i256
// CHECK-DAG: rarith.constant 2 : index
func.func @wrap() -> (i8, i1, i17, i64, i128, i256, index) {
  %a = rarith.constant 200 : i8
  %b = rarith.constant 100 : i8
  %0 = rarith.addi %a, %b overflow<nuw> : i8
  %t = rarith.constant true
  %1 = rarith.addi %t, %t : i1
  %c = rarith.constant 65535 : i17
  %d = rarith.constant 65537 : i17
  %2 = rarith.addi %c, %d : i17
  %e = rarith.constant 9223372036854775807 : i64
  %f = rarith.constant 1 : i64
  %3 = rarith.addi %e, %f overflow<nsw> : i64
  %g = rarith.constant 18446744073709551615 : i128
  %h = rarith.constant 1 : i128
  %4 = rarith.addi %g, %h : i128
  %i = rarith.constant -1 : i256
  %j = rarith.constant 2 : i256
  %5 = rarith.addi %i, %j : i256
  %k = rarith.constant -5 : index
  %l = rarith.constant 7 : index
  %6 = rarith.addi %k, %l : index
  return %0, %1, %2, %3, %4, %5, %6 : i8, i1, i17, i64, i128, i256, index
}

// -----

// Splats fold to splats, dense to dense, mixed to dense.
// CHECK-LABEL: func @shaped
// CHECK-DAG: rarith.constant dense<-2> : vector<4xi32>
// CHECK-DAG: rarith.constant dense<[3, -128, 127]> : tensor<3xi8>
// CHECK-DAG: rarith.constant dense<[4, 5]> : vector<2xi64>
func.func @shaped() -> (vector<4xi32>, tensor<3xi8>, vector<2xi64>) {
  %s1 = rarith.constant dense<5> : vector<4xi32>
  %s2 = rarith.constant dense<-7> : vector<4xi32>
  %0 = rarith.addi %s1, %s2 : vector<4xi32>
  %d1 = rarith.constant dense<[1, 127, -128]> : tensor<3xi8>
  %d2 = rarith.constant dense<[2, 1, -1]> : tensor<3xi8>
  %1 = rarith.addi %d1, %d2 : tensor<3xi8>
  %m1 = rarith.constant dense<3> : vector<2xi64>
  %m2 = rarith.constant dense<[1, 2]> : vector<2xi64>
  %2 = rarith.addi %m1, %m2 : vector<2xi64>
  return %0, %1, %2 : vector<4xi32>, tensor<3xi8>, vector<2xi64>
}

// -----

// x + 0 is x (zero on either side: the constant moves right first); a
// non-splat zero vector is not m_Zero.
// CHECK-LABEL: func @identity
// CHECK-SAME: (%[[X:.*]]: i32, %[[V:.*]]: vector<2xi32>)
// CHECK: %[[NZ:.*]] = rarith.addi %[[V]], %{{.*}} : vector<2xi32>
// CHECK: return %[[X]], %[[X]], %[[V]], %[[NZ]]
func.func @identity(%x: i32, %v: vector<2xi32>) -> (i32, i32, vector<2xi32>, vector<2xi32>) {
  %z = rarith.constant 0 : i32
  %0 = rarith.addi %x, %z : i32
  %1 = rarith.addi %z, %x : i32
  %vz = rarith.constant dense<0> : vector<2xi32>
  %2 = rarith.addi %v, %vz : vector<2xi32>
  %nz = rarith.constant dense<[0, 1]> : vector<2xi32>
  %3 = rarith.addi %v, %nz : vector<2xi32>
  return %0, %1, %2, %3 : i32, i32, vector<2xi32>, vector<2xi32>
}

// -----

// AddIAddConstant: addi(addi(x, c0), c1) -> addi(x, c0 + c1); the flags are
// the intersection of both ops' flags; the sum wraps.
// CHECK-LABEL: func @add_add_constant
// CHECK-SAME: (%[[X:.*]]: i32)
// CHECK-DAG: %[[C3:.*]] = rarith.constant 3 : i32
// CHECK-DAG: %[[CM:.*]] = rarith.constant -2 : i32
// CHECK-DAG: %[[A:.*]] = rarith.addi %[[X]], %[[C3]] overflow<nsw, nuw> : i32
// CHECK-DAG: %[[B:.*]] = rarith.addi %[[X]], %[[C3]] : i32
// CHECK-DAG: %[[C:.*]] = rarith.addi %[[X]], %[[CM]] : i32
// CHECK: return %[[A]], %[[B]], %[[C]]
func.func @add_add_constant(%x: i32) -> (i32, i32, i32) {
  %c1 = rarith.constant 1 : i32
  %c2 = rarith.constant 2 : i32
  %cmax = rarith.constant 2147483647 : i32
  %a = rarith.addi %x, %c1 overflow<nsw, nuw> : i32
  %b = rarith.addi %a, %c2 overflow<nsw, nuw> : i32
  %c = rarith.addi %x, %c1 overflow<nsw> : i32
  %d = rarith.addi %c, %c2 overflow<nuw> : i32
  %e = rarith.addi %x, %cmax : i32
  %f = rarith.addi %e, %cmax : i32
  return %b, %d, %f : i32, i32, i32
}

// -----

// AddIAddConstant matches scalar constants only (not splats), but any
// ConstantLike op, upstream arith.constant included.
// CHECK-LABEL: func @add_add_constant_kinds
// CHECK-DAG: %[[C10:.*]] = rarith.constant 10 : i32
// CHECK-DAG: %[[V1:.*]] = rarith.addi %arg0, %{{.*}} : vector<2xi32>
// CHECK-DAG: rarith.addi %[[V1]], %{{.*}} : vector<2xi32>
// CHECK-DAG: rarith.addi %arg1, %[[C10]] : i32
func.func @add_add_constant_kinds(%v: vector<2xi32>, %x: i32) -> (vector<2xi32>, i32) {
  %vc1 = rarith.constant dense<1> : vector<2xi32>
  %vc2 = rarith.constant dense<2> : vector<2xi32>
  %va = rarith.addi %v, %vc1 : vector<2xi32>
  %vb = rarith.addi %va, %vc2 : vector<2xi32>
  %u = arith.constant 5 : i32
  %a = rarith.addi %x, %u : i32
  %b = rarith.addi %a, %u : i32
  return %vb, %b : vector<2xi32>, i32
}

// -----

// Poison propagates through addi's constant folder.
// CHECK-LABEL: func @poison
// CHECK: %[[P:.*]] = ub.poison : i32
// CHECK: return %[[P]]
func.func @poison(%x: i32) -> i32 {
  %p = ub.poison : i32
  %0 = rarith.addi %x, %p : i32
  return %0 : i32
}
