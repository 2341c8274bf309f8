// rarith-int-range-narrowing against upstream's arith-int-range-narrowing
// on the renamed programs, in both tools and for several width lists:
// elementwise ops (unsigned, signed and both-ways ranges, vectors,
// repeated operands, index), comparisons with different cast kinds per
// side, index_cast round trips, and what must stay (wide ranges, mixed
// types, multiple results).
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --arith-int-range-narrowing="int-bitwidths-supported=8,16" | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --rarith-int-range-narrowing="int-bitwidths-supported=8,16" > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(rarith-int-range-narrowing{int-bitwidths-supported=8,16})" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --arith-int-range-narrowing="int-bitwidths-supported=32,1" | %from-upstream > %t.up32
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --rarith-int-range-narrowing="int-bitwidths-supported=32,1" > %t.r32
// RUN: diff -u %t.up32 %t.r32
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --arith-int-range-narrowing | %from-upstream > %t.upnone
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --rarith-int-range-narrowing > %t.rnone
// RUN: diff -u %t.upnone %t.rnone

// CHECK-LABEL: func.func @unsigned_ranges
// CHECK: rarith.trunci %{{.*}} : i32 to i16
// CHECK: rarith.addi %{{.*}} : i16
// CHECK: rarith.extui %{{.*}} : i16 to i32
// CHECK: rarith.cmpi ult, %{{.*}} : i8
func.func @unsigned_ranges(%a: i32) -> (i32, i1, i32, i32) {
  %c255 = rarith.constant 255 : i32
  %c3 = rarith.constant 3 : i32
  %p = rarith.andi %a, %c255 : i32
  %0 = rarith.addi %p, %c3 : i32
  %1 = rarith.cmpi ult, %p, %c3 : i32
  %2 = rarith.muli %p, %p : i32
  %3 = rarith.shrui %p, %c3 : i32
  return %0, %1, %2, %3 : i32, i1, i32, i32
}

// -----

// CHECK-LABEL: func.func @signed_ranges
// CHECK: rarith.extsi
func.func @signed_ranges(%a: i32, %v: vector<4xi64>) -> (i32, i32, i1, vector<4xi64>) {
  %c24 = rarith.constant 24 : i32
  %s = rarith.shrsi %a, %c24 : i32
  %c5 = rarith.constant 5 : i32
  %0 = rarith.subi %s, %c5 : i32
  %1 = rarith.maxsi %s, %c5 : i32
  %2 = rarith.cmpi slt, %s, %c5 : i32
  %c56 = rarith.constant dense<56> : vector<4xi64>
  %vs = rarith.shrsi %v, %c56 : vector<4xi64>
  %3 = rarith.addi %vs, %vs : vector<4xi64>
  return %0, %1, %2, %3 : i32, i32, i1, vector<4xi64>
}

// -----

// CHECK-LABEL: func.func @indices
// CHECK: rarith.index_castui
func.func @indices(%b: index, %x: i8) -> (index, i8, i16) {
  %c100 = rarith.constant 100 : index
  %q = rarith.remui %b, %c100 : index
  %0 = rarith.muli %q, %q : index
  %i = rarith.index_castui %x : i8 to index
  %1 = rarith.index_castui %i : index to i8
  %j = rarith.index_cast %x : i8 to index
  %k = rarith.index_cast %j : index to i16
  return %0, %1, %k : index, i8, i16
}

// -----

// Left alone: full ranges, mixed operand types, results of other types.
// CHECK-LABEL: func.func @kept
// CHECK: rarith.addi %arg0, %arg1 : i32
// CHECK: rarith.addui_extended %{{.*}} : i32, i1
func.func @kept(%a: i32, %b: i32, %c: i1) -> (i32, i32, i32, i32, i1) {
  %0 = rarith.addi %a, %b : i32
  %c255 = rarith.constant 255 : i32
  %p = rarith.andi %a, %c255 : i32
  %1 = rarith.select %c, %p, %p : i32
  %2:2 = rarith.addui_extended %p, %p : i32, i1
  %3 = rarith.divui %a, %p : i32
  return %0, %1, %2#0, %3, %2#1 : i32, i32, i32, i32, i1
}

// -----

func.func @in_loops(%n: index, %a: i32) -> i32 {
  %c0 = rarith.constant 0 : index
  %c1 = rarith.constant 1 : index
  %c10 = rarith.constant 10 : index
  %c15 = rarith.constant 15 : i32
  %p = rarith.andi %a, %c15 : i32
  %r = scf.for %i = %c0 to %c10 step %c1 iter_args(%acc = %p) -> (i32) {
    %ii = rarith.index_cast %i : index to i32
    %s = rarith.addi %ii, %ii : i32
    %m = rarith.minui %s, %c15 : i32
    scf.yield %m : i32
  }
  return %r : i32
}
