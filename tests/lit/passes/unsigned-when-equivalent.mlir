// rarith-unsigned-when-equivalent against upstream's
// arith-unsigned-when-equivalent on the renamed programs, in both tools:
// every op it converts, every width, vectors and tensors, loops, dead code,
// chains (a value made by a rewrite has no range) and attributes.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --arith-unsigned-when-equivalent | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --rarith-unsigned-when-equivalent > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(rarith-unsigned-when-equivalent)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @every_op
// CHECK: rarith.divui
// CHECK: rarith.ceildivui
// CHECK: rarith.divui
// CHECK: rarith.remui
// CHECK: rarith.minui
// CHECK: rarith.maxui
// CHECK: rarith.extui
// CHECK: rarith.cmpi ult
// CHECK: rarith.cmpi ule
// CHECK: rarith.cmpi ugt
// CHECK: rarith.cmpi uge
// CHECK: rarith.cmpi eq
// CHECK: rarith.sitofp
// CHECK: rarith.shrsi
func.func @every_op(%a: i32, %b: i32) {
  %m = rarith.constant 255 : i32
  %c3 = rarith.constant 3 : i32
  %pa = rarith.andi %a, %m : i32
  %pb = rarith.ori %c3, %m : i32
  %0 = rarith.divsi %pa, %pb : i32
  %1 = rarith.ceildivsi %pa, %pb : i32
  %2 = rarith.floordivsi %pa, %pb : i32
  %3 = rarith.remsi %pa, %pb : i32
  %4 = rarith.minsi %pa, %pb : i32
  %5 = rarith.maxsi %pa, %pb : i32
  %6 = rarith.extsi %pa : i32 to i64
  %7 = rarith.cmpi slt, %pa, %pb : i32
  %8 = rarith.cmpi sle, %pa, %pb : i32
  %9 = rarith.cmpi sgt, %pa, %pb : i32
  %10 = rarith.cmpi sge, %pa, %pb : i32
  %11 = rarith.cmpi eq, %pa, %pb : i32
  %12 = rarith.sitofp %pa : i32 to f32
  %13 = rarith.shrsi %pa, %c3 : i32
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13) : (i32, i32, i32, i32, i32, i32, i64, i1, i1, i1, i1, i1, f32, i32) -> ()
  return
}

// -----

// Unknown signs stay signed; one non-negative operand is not enough, and a
// result that may be negative (a remainder of a negative divisor) blocks it.
// CHECK-LABEL: func.func @unknown_signs
// CHECK-NOT: ui
// CHECK-NOT: cmpi u
func.func @unknown_signs(%a: i32, %b: i32) {
  %m = rarith.constant 255 : i32
  %pa = rarith.andi %a, %m : i32
  %0 = rarith.divsi %pa, %b : i32
  %1 = rarith.divsi %a, %pa : i32
  %2 = rarith.cmpi slt, %pa, %b : i32
  %3 = rarith.extsi %a : i32 to i64
  %4 = rarith.maxsi %a, %pa : i32
  "test.sink"(%0, %1, %2, %3, %4) : (i32, i32, i1, i64, i32) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @widths
func.func @widths(%a: i8, %b: i64, %c: i128, %d: index, %e: i1, %f: i16) {
  %m8 = rarith.constant 127 : i8
  %p8 = rarith.andi %a, %m8 : i8
  %0 = rarith.divsi %p8, %m8 : i8
  %m64 = rarith.constant 4096 : i64
  %p64 = rarith.andi %b, %m64 : i64
  %1 = rarith.remsi %p64, %m64 : i64
  %m128 = rarith.constant 170141183460469231731687303715884105727 : i128
  %p128 = rarith.andi %c, %m128 : i128
  %2 = rarith.maxsi %p128, %m128 : i128
  %mi = rarith.constant 100 : index
  %pi = rarith.andi %d, %mi : index
  %3 = rarith.ceildivsi %pi, %mi : index
  %f0 = rarith.constant false
  %4 = rarith.minsi %e, %f0 : i1
  %5 = rarith.extsi %f0 : i1 to i8
  %m16 = rarith.constant 32767 : i16
  %p16 = rarith.andi %f, %m16 : i16
  %6 = rarith.cmpi sge, %p16, %m16 : i16
  "test.sink"(%0, %1, %2, %3, %4, %5, %6) : (i8, i64, i128, index, i1, i8, i1) -> ()
  return
}

// -----

// CHECK-LABEL: func.func @shaped
func.func @shaped(%v: vector<4xi32>, %t: tensor<2x3xi16>) {
  %m = rarith.constant dense<255> : vector<4xi32>
  %pv = rarith.andi %v, %m : vector<4xi32>
  %0 = rarith.divsi %pv, %m : vector<4xi32>
  %1 = rarith.cmpi slt, %pv, %m : vector<4xi32>
  %mt = rarith.constant dense<7> : tensor<2x3xi16>
  %pt = rarith.andi %t, %mt : tensor<2x3xi16>
  %2 = rarith.extsi %pt : tensor<2x3xi16> to tensor<2x3xi32>
  "test.sink"(%0, %1, %2) : (vector<4xi32>, vector<4xi1>, tensor<2x3xi32>) -> ()
  return
}

// -----

// A value made by an earlier rewrite has no range: the second division and
// the comparison of the two stay signed, as upstream.
// CHECK-LABEL: func.func @chain
// CHECK: rarith.divui
// CHECK: rarith.divsi
// CHECK: rarith.cmpi sgt
func.func @chain(%a: i32) -> (i32, i32, i1) {
  %m = rarith.constant 255 : i32
  %c3 = rarith.constant 3 : i32
  %pa = rarith.andi %a, %m : i32
  %0 = rarith.divsi %pa, %c3 : i32
  %1 = rarith.divsi %0, %c3 : i32
  %2 = rarith.cmpi sgt, %1, %0 : i32
  return %0, %1, %2 : i32, i32, i1
}

// -----

// Loops, branches and unreachable blocks (dead code has no range).
// CHECK-LABEL: func.func @control_flow
func.func @control_flow(%n: index, %c: i1, %a: i32) -> i32 {
  %c0 = rarith.constant 0 : index
  %c1 = rarith.constant 1 : index
  %z = rarith.constant 0 : i32
  %m = rarith.constant 1000 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (i32) {
    %x = rarith.index_cast %i : index to i32
    %p = rarith.andi %x, %m : i32
    %q = rarith.remsi %p, %m : i32
    %s = rarith.maxsi %acc, %q : i32
    scf.yield %s : i32
  }
  %pa = rarith.andi %a, %m : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  %d = rarith.divsi %pa, %m : i32
  return %d : i32
^bb2:
  return %r : i32
^dead:
  %e = rarith.divsi %pa, %m : i32
  return %e : i32
}

// -----

// Other attributes are kept on converted ops, but not on comparisons (which
// upstream rebuilds from the predicate and operands).
// CHECK-LABEL: func.func @attributes
// CHECK: rarith.divui %{{.*}}, %{{.*}} {tag = 1 : i32} : i32
// CHECK: rarith.cmpi ult, %{{.*}}, %{{.*}} : i32
func.func @attributes(%a: i32) -> (i32, i1) {
  %m = rarith.constant 255 : i32
  %pa = rarith.andi %a, %m : i32
  %0 = rarith.divsi %pa, %m {tag = 1 : i32} : i32
  %1 = rarith.cmpi slt, %pa, %m {tag = 2 : i32} : i32
  return %0, %1 : i32, i1
}
