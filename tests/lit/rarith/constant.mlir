// Syntax, result names and folding of rarith.constant, in both tools.
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file | FileCheck %s
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file | FileCheck %s
// Round trip: printing what was printed gives the same text.
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file | rmlir-opt --allow-unregistered-dialect | FileCheck %s

// Integer constants are named c<signed value>_<type>; index has no suffix;
// i1 is true/false; everything else is cst (uniqued with _N suffixes).
// CHECK-LABEL: func @names
// CHECK-NEXT: %c42_i32 = rarith.constant 42 : i32
// CHECK-NEXT: %c-1_i64 = rarith.constant -1 : i64
// CHECK-NEXT: %c-1_i8 = rarith.constant -1 : i8
// CHECK-NEXT: %true = rarith.constant true
// CHECK-NEXT: %false = rarith.constant false
// CHECK-NEXT: %c0 = rarith.constant 0 : index
// CHECK-NEXT: %cst = rarith.constant 1.500000e+00 : f32
// CHECK-NEXT: %cst_0 = rarith.constant dense<1> : vector<4xi32>
// CHECK-NEXT: %cst_1 = rarith.constant dense<true> : vector<2xi1>
// CHECK-NEXT: %c-170141183460469231731687303715884105728_i128 = rarith.constant -170141183460469231731687303715884105728 : i128
// CHECK-NEXT: %c42_i32_2 = rarith.constant 42 : i32
// CHECK-NEXT: %c1_i17 = rarith.constant 1 : i17
// CHECK-NEXT: %c-1_i256 = rarith.constant -1 : i256
// CHECK-NEXT: %cst_3 = rarith.constant dense<[1, 2]> : tensor<2xi64>
func.func @names() {
  %0 = rarith.constant 42 : i32
  %1 = rarith.constant -1 : i64
  %2 = rarith.constant 255 : i8
  %3 = rarith.constant true
  %4 = rarith.constant false
  %5 = rarith.constant 0 : index
  %7 = rarith.constant 1.5 : f32
  %8 = rarith.constant dense<1> : vector<4xi32>
  %9 = rarith.constant dense<true> : vector<2xi1>
  %11 = rarith.constant -170141183460469231731687303715884105728 : i128
  %12 = rarith.constant 42 : i32
  %14 = rarith.constant 1 : i17
  %15 = rarith.constant 115792089237316195423570985008687907853269984665640564039457584007913129639935 : i256
  %16 = rarith.constant dense<[1, 2]> : tensor<2xi64>
  "test.use"(%0, %1, %2, %3, %4, %5, %7, %8, %9, %11, %12, %14, %15, %16) : (i32, i64, i8, i1, i1, index, f32, vector<4xi32>, vector<2xi1>, i128, i32, i17, i256, tensor<2xi64>) -> ()
  return
}

// -----

// The generic form parses too, with the value as a property.
// CHECK-LABEL: func @generic
// CHECK: %c7_i16 = rarith.constant 7 : i16
func.func @generic() -> i16 {
  %0 = "rarith.constant"() <{value = 7 : i16}> : () -> i16
  return %0 : i16
}
