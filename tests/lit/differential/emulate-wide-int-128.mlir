// rarith-emulate-wide-int on a 64-bit target: i128 becomes two i64 halves,
// as upstream does, in both tools.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --arith-emulate-wide-int=widest-int-supported=64 | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --rarith-emulate-wide-int=widest-int-supported=64 > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline='builtin.module(rarith-emulate-wide-int{widest-int-supported=64})' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @wide(%arg0: vector<2xi64>, %arg1: vector<2xi64>, %arg2: i64, %arg3: vector<3x2xi64>)
// CHECK: rarith.constant dense<[-1, 9223372036854775807]> : vector<2xi64>
// CHECK: rarith.mului_extended %{{.*}}, %{{.*}} : i64
// The low half of extsi from i64 is the operand itself (the identity extsi
// folds away as it is built); the high half is its sign.
// CHECK-NOT: rarith.extsi %arg2
// CHECK: rarith.cmpi slt, %arg2, %{{.*}} : i64
// CHECK: vector.insert %arg2, %{{.*}} [0] : i64 into vector<2xi64>
func.func @wide(%a: i128, %b: i128, %c: i64, %v: vector<3xi128>) -> (i128, i128, i128, i1, vector<3xi128>, i64) {
  %max = rarith.constant 170141183460469231731687303715884105727 : i128
  %0 = rarith.muli %a, %max : i128
  %1 = rarith.maxsi %0, %b : i128
  %2 = rarith.extsi %c : i64 to i128
  %3 = rarith.cmpi sgt, %1, %2 : i128
  %4 = rarith.minui %v, %v : vector<3xi128>
  %5 = rarith.trunci %1 : i128 to i64
  return %0, %1, %2, %3, %4, %5 : i128, i128, i128, i1, vector<3xi128>, i64
}
