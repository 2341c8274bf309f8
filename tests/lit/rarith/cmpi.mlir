// rarith.cmpi: syntax, result type inference and folding, in both tools.
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize | FileCheck %s
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s --check-prefix=SYNTAX

// Every predicate prints as its keyword; the result type (i1 of the operand
// shape) is inferred.
// SYNTAX-LABEL: func @predicates
// SYNTAX: rarith.cmpi eq, %arg0, %arg1 : i32
// SYNTAX: rarith.cmpi ne,
// SYNTAX: rarith.cmpi slt,
// SYNTAX: rarith.cmpi sle,
// SYNTAX: rarith.cmpi sgt,
// SYNTAX: rarith.cmpi sge,
// SYNTAX: rarith.cmpi ult,
// SYNTAX: rarith.cmpi ule,
// SYNTAX: rarith.cmpi ugt,
// SYNTAX: rarith.cmpi uge, %arg2, %arg2 : vector<4xindex>
// SYNTAX: rarith.cmpi eq, %arg3, %arg3 : tensor<?x2xi8>
func.func @predicates(%a: i32, %b: i32, %v: vector<4xindex>, %t: tensor<?x2xi8>) {
  %0 = rarith.cmpi eq, %a, %b : i32
  %1 = rarith.cmpi ne, %a, %b : i32
  %2 = rarith.cmpi slt, %a, %b : i32
  %3 = rarith.cmpi sle, %a, %b : i32
  %4 = rarith.cmpi sgt, %a, %b : i32
  %5 = rarith.cmpi sge, %a, %b : i32
  %6 = rarith.cmpi ult, %a, %b : i32
  %7 = rarith.cmpi ule, %a, %b : i32
  %8 = rarith.cmpi ugt, %a, %b : i32
  %9 = rarith.cmpi uge, %v, %v : vector<4xindex>
  %10 = rarith.cmpi eq, %t, %t : tensor<?x2xi8>
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<4xi1>, tensor<?x2xi1>) -> ()
  return
}

// -----

// -1 vs 1 in i8: signed says less, unsigned says greater.
// CHECK-LABEL: func @constants
// CHECK-DAG: %[[F:.*]] = rarith.constant false
// CHECK-DAG: %[[T:.*]] = rarith.constant true
// CHECK: return %[[F]], %[[T]], %[[T]], %[[T]], %[[F]], %[[F]], %[[F]], %[[F]], %[[T]], %[[T]]
func.func @constants() -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
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

// Wide integers and shaped constants fold elementwise to i1 of the same shape.
// CHECK-LABEL: func @wide_and_shaped
// CHECK-DAG: rarith.constant dense<[true, false]> : vector<2xi1>
// CHECK-DAG: rarith.constant dense<[false, true, true]> : tensor<3xi1>
// CHECK-DAG: rarith.constant dense<true> : vector<3xi1>
// CHECK: return %true, %false
func.func @wide_and_shaped() -> (i1, i1, vector<2xi1>, tensor<3xi1>, vector<3xi1>) {
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
  %s = rarith.constant dense<9> : vector<3xi256>
  %4 = rarith.cmpi eq, %s, %s : vector<3xi256>
  return %0, %1, %2, %3, %4 : i1, i1, vector<2xi1>, tensor<3xi1>, vector<3xi1>
}

// -----

// Comparing a value with itself: true for eq/sle/sge/ule/uge, false for the
// others; statically shaped results become splats; a dynamically shaped
// result cannot hold a constant and does not fold (upstream folds it into a
// dense attribute of dynamic shape: see docs/upstream-differences.md).
// CHECK-LABEL: func @same_operands
// CHECK-DAG: %[[T:.*]] = rarith.constant true
// CHECK-DAG: %[[F:.*]] = rarith.constant false
// CHECK-DAG: %[[VT:.*]] = rarith.constant dense<true> : vector<4xi1>
// CHECK-DAG: %[[D:.*]] = rarith.cmpi slt, %arg2, %arg2 : tensor<?xi32>
// CHECK: return %[[T]], %[[F]], %[[T]], %[[F]], %[[VT]], %[[D]]
func.func @same_operands(%x: i32, %v: vector<4xi32>, %t: tensor<?xi32>) -> (i1, i1, i1, i1, vector<4xi1>, tensor<?xi1>) {
  %0 = rarith.cmpi eq, %x, %x : i32
  %1 = rarith.cmpi ne, %x, %x : i32
  %2 = rarith.cmpi sle, %x, %x : i32
  %3 = rarith.cmpi ugt, %x, %x : i32
  %4 = rarith.cmpi uge, %v, %v : vector<4xi32>
  %5 = rarith.cmpi slt, %t, %t : tensor<?xi32>
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, vector<4xi1>, tensor<?xi1>
}

// -----

// A constant on the left moves right, the ordered predicates mirrored (not
// inverted); eq and ne stay.
// CHECK-LABEL: func @constant_moves_right
// CHECK: rarith.cmpi sgt, %arg0, %[[C:.*]] : i32
// CHECK: rarith.cmpi ule, %arg0, %[[C]] : i32
// CHECK: rarith.cmpi eq, %arg0, %[[C]] : i32
// CHECK: rarith.cmpi ne, %arg0, %[[C]] : i32
// CHECK: rarith.cmpi uge, %arg0, %[[C]] : i32
func.func @constant_moves_right(%x: i32) -> (i1, i1, i1, i1, i1) {
  %c = rarith.constant 7 : i32
  %0 = rarith.cmpi slt, %c, %x : i32
  %1 = rarith.cmpi uge, %c, %x : i32
  %2 = rarith.cmpi eq, %c, %x : i32
  %3 = rarith.cmpi ne, %c, %x : i32
  %4 = rarith.cmpi ule, %c, %x : i32
  return %0, %1, %2, %3, %4 : i1, i1, i1, i1, i1
}

// -----

// On i1: x != false is x, x == true is x; x == false stays.
// CHECK-LABEL: func @i1_identities
// CHECK: %[[E:.*]] = rarith.cmpi eq, %arg0, %false : i1
// CHECK: return %arg0, %arg0, %[[E]], %arg1, %arg1
func.func @i1_identities(%b: i1, %v: vector<2xi1>) -> (i1, i1, i1, vector<2xi1>, vector<2xi1>) {
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
