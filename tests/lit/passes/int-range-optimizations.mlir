// rarith-int-range-optimizations against upstream's int-range-optimizations
// on the renamed programs, in both tools: constants the analysis proves
// (results, loop-carried values), trivial remainders deleted (which the
// stock pass can do only for arith's own ops), vectors, dead blocks, i0.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --int-range-optimizations | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --rarith-int-range-optimizations > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(rarith-int-range-optimizations)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @remainders
// CHECK-NOT: rarith.remui %{{.*}}, %c8
// CHECK: rarith.remsi %{{.*}}, %c7_i32
// CHECK: rarith.remui %arg1, %c100
// CHECK-NOT: rarith.remui
// CHECK: return %[[A:.*]], %[[A]],
func.func @remainders(%a: i32, %b: index) -> (i32, i32, i32, index, i1) {
  %c7 = rarith.constant 7 : i32
  %c8 = rarith.constant 8 : i32
  %c100 = rarith.constant 100 : index
  %p = rarith.andi %a, %c7 : i32
  %0 = rarith.remui %p, %c8 : i32
  %1 = rarith.remsi %p, %c8 : i32
  %2 = rarith.remsi %p, %c7 : i32
  %q = rarith.remui %b, %c100 : index
  %3 = rarith.remui %q, %c100 : index
  %4 = rarith.cmpi ult, %p, %c8 : i32
  return %0, %1, %2, %3, %4 : i32, i32, i32, index, i1
}

// -----

// Negative dividends and non-positive or wide moduli are left alone.
func.func @remainders_kept(%a: i8, %w: i128) -> (i8, i8, i8, i128) {
  %c3 = rarith.constant 3 : i8
  %cm = rarith.constant -4 : i8
  %c0 = rarith.constant 0 : i8
  %s = rarith.shrsi %a, %c3 : i8
  %0 = rarith.remsi %s, %cm : i8
  %1 = rarith.remui %s, %c0 : i8
  %2 = rarith.remsi %s, %c3 : i8
  %big = rarith.constant 18446744073709551616 : i128
  %mask = rarith.constant 255 : i128
  %m = rarith.andi %w, %mask : i128
  %3 = rarith.remui %m, %big : i128
  return %0, %1, %2, %3 : i8, i8, i8, i128
}

// -----

// CHECK-LABEL: func.func @loop_constants
// CHECK: %[[C:.*]] = rarith.constant 4 : i8
// CHECK-NEXT: return %[[C]], %[[C]]
func.func @loop_constants(%a: i8, %n: index) -> (i8, i8) {
  %c0 = rarith.constant 0 : i8
  %c4 = rarith.constant 4 : i8
  %m = rarith.andi %a, %c0 : i8
  %x = rarith.ori %m, %c4 : i8
  %i0 = rarith.constant 0 : index
  %i1 = rarith.constant 1 : index
  %r = scf.for %i = %i0 to %n step %i1 iter_args(%acc = %c4) -> (i8) {
    %y = rarith.maxui %acc, %c4 : i8
    scf.yield %y : i8
  }
  return %x, %r : i8, i8
}

// -----

func.func @vectors(%v: vector<4xi32>, %t: tensor<2xi16>) -> (vector<4xi32>, tensor<2xi16>, vector<4xi1>) {
  %c = rarith.constant dense<3> : vector<4xi32>
  %m = rarith.andi %v, %c : vector<4xi32>
  %c4 = rarith.constant dense<4> : vector<4xi32>
  %r = rarith.remui %m, %c4 : vector<4xi32>
  %k = rarith.constant dense<1> : tensor<2xi16>
  %tm = rarith.andi %t, %k : tensor<2xi16>
  %two = rarith.constant dense<2> : tensor<2xi16>
  %tr = rarith.remsi %tm, %two : tensor<2xi16>
  %lt = rarith.cmpi ult, %m, %c4 : vector<4xi32>
  return %r, %tr, %lt : vector<4xi32>, tensor<2xi16>, vector<4xi1>
}

// -----

func.func @branches(%a: i32, %f: f32) -> (i1, i32) {
  %f1 = rarith.constant 1.0 : f32
  %t = rarith.cmpf oeq, %f1, %f1 : f32
  %c7 = rarith.constant 7 : i32
  %c8 = rarith.constant 8 : i32
  cf.cond_br %t, ^b1, ^b2
^b1:
  %z = rarith.constant false
  %r0 = rarith.constant 0 : i32
  return %z, %r0 : i1, i32
^b2:
  %p = rarith.andi %a, %c7 : i32
  %q = rarith.cmpi ult, %p, %c8 : i32
  %d = rarith.divsi %p, %c8 : i32
  return %q, %d : i1, i32
}

// -----

func.func @zero_width(%a: i0, %b: i0) -> (i0, i1, i1) {
  %z = rarith.constant 0 : i0
  %0 = rarith.addi %a, %b : i0
  %1 = rarith.cmpi eq, %a, %b : i0
  %2 = rarith.cmpi ult, %a, %z : i0
  return %0, %1, %2 : i0, i1, i1
}
