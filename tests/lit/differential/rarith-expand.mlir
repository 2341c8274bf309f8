// Differential: rarith-expand against upstream's arith-expand on the renamed
// program: ceil/floor divisions, integer and float min/max, scaling casts
// (scales of f8E8M0FNU, f16 and f32), scalars, vectors, tensors and index,
// constant operands (folded first, as upstream's conversion folds them), ops
// in nested regions; rmlir-opt and stock mlir-opt + plugin.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --arith-expand | %from-upstream > %t.up
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --rarith-expand > %t.rm
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(rarith-expand)" > %t.pl
// RUN: diff -u %t.up %t.rm
// RUN: diff -u %t.up %t.pl
// RUN: FileCheck %s < %t.rm

// CHECK-NOT: ceildiv
// CHECK-NOT: floordiv
// CHECK-NOT: maxnumf
// CHECK-NOT: scaling_
func.func @ints(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = rarith.ceildivui %a, %b : i32
  %1 = rarith.ceildivsi %a, %b : i32
  %2 = rarith.floordivsi %a, %b : i32
  return %0, %1, %2 : i32, i32, i32
}
func.func @floats(%a: f32, %b: f32) -> (f32, f32, f32, f32) {
  %0 = rarith.maxnumf %a, %b : f32
  %1 = rarith.minnumf %a, %b : f32
  %2 = rarith.maxnumf %a, %b : f32
  %3 = rarith.minnumf %a, %b fastmath<nnan> : f32
  return %0, %1, %2, %3 : f32, f32, f32, f32
}
func.func @bf16(%a: bf16, %b: f32) -> (f32, bf16) {
  %0 = rarith.extf %a : bf16 to f32
  %1 = rarith.truncf %b : f32 to bf16
  return %0, %1 : f32, bf16
}

// -----

func.func @fm(%a: vector<4xf32>, %b: vector<4xf32>, %x: vector<2xi8>, %y: vector<2xi8>, %s: vector<4xf8E8M0FNU>, %h: vector<4xf16>) -> (vector<4xf32>, vector<4xf32>, vector<2xi8>, vector<4xf32>, vector<4xf16>) {
  %0 = rarith.maxnumf %a, %b fastmath<nnan,ninf> : vector<4xf32>
  %1 = rarith.maxnumf %a, %b fastmath<fast> : vector<4xf32>
  %2 = rarith.ceildivsi %x, %y : vector<2xi8>
  %3 = rarith.scaling_extf %h, %s : vector<4xf16>, vector<4xf8E8M0FNU> to vector<4xf32>
  %4 = rarith.scaling_truncf %a, %s : vector<4xf32>, vector<4xf8E8M0FNU> to vector<4xf16>
  %c7 = rarith.constant 7 : i32
  %c2 = rarith.constant 2 : i32
  %5 = rarith.ceildivsi %c7, %c2 : i32
  "test.sink"(%5) : (i32) -> ()
  return %0, %1, %2, %3, %4 : vector<4xf32>, vector<4xf32>, vector<2xi8>, vector<4xf32>, vector<4xf16>
}

// -----

func.func @scaling(%a: f4E2M1FN, %s: f8E8M0FNU, %b: f32) -> (f32, f4E2M1FN) {
  %0 = rarith.scaling_extf %a, %s : f4E2M1FN, f8E8M0FNU to f32
  %1 = rarith.scaling_truncf %b, %s : f32, f8E8M0FNU to f4E2M1FN
  return %0, %1 : f32, f4E2M1FN
}

// -----

func.func @index_and_tensors(%a: index, %b: index, %t: tensor<3xi16>, %u: tensor<3xi16>, %x: bf16, %s: f32, %v: f16) -> (index, index, tensor<3xi16>, tensor<3xi16>, f32, bf16) {
  %0 = rarith.ceildivui %a, %b : index
  %1 = rarith.floordivsi %a, %b : index
  %2 = rarith.minsi %t, %u : tensor<3xi16>
  %3 = rarith.ceildivsi %t, %u : tensor<3xi16>
  %4 = rarith.scaling_extf %x, %s : bf16, f32 to f32
  %5 = rarith.scaling_truncf %s, %v fastmath<nnan> : f32, f16 to bf16
  return %0, %1, %2, %3, %4, %5 : index, index, tensor<3xi16>, tensor<3xi16>, f32, bf16
}

// -----

func.func @nested(%n: index, %a: i64, %b: i64) -> i64 {
  %c0 = rarith.constant 0 : index
  %c1 = rarith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (i64) {
    %q = rarith.floordivsi %acc, %b : i64
    %m = rarith.maxui %q, %a : i64
    scf.yield %m : i64
  }
  %k = rarith.constant -7 : i64
  %two = rarith.constant 2 : i64
  %f = rarith.floordivsi %k, %two : i64
  %g = rarith.maxsi %f, %r : i64
  return %g : i64
}
