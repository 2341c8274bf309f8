// Differential: rarith implements InferIntRangeInterface, so upstream's
// integer range analysis sees through it: `int-range-optimizations` on
// rarith (both tools) gives what it gives on upstream arith. Covered:
// constant (scalar, splat, dense), addi/subi/muli with and without
// nsw/nuw, max/min, extui/extsi, cmpi (every predicate), select, the
// divisions and remainders, and/or/xor, shifts, trunci, index casts.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --int-range-optimizations | %from-upstream > %t.up
// RUN: rmlir-opt %s --split-input-file --int-range-optimizations > %t.rm
// RUN: %mlir-opt-plugin %s --split-input-file --int-range-optimizations > %t.pl
// RUN: diff -u %t.up %t.rm
// RUN: diff -u %t.up %t.pl
// RUN: FileCheck %s < %t.rm

// CHECK-LABEL: func.func @ranges
// CHECK: return %true, %true, %true, %{{.*}}, %true, %true, %false
func.func @ranges(%a: i8, %b: i8, %c: i1, %x: index) -> (i1, i1, i1, i32, i1, i1, i1) {
  %0 = rarith.extui %a : i8 to i32
  %c300 = rarith.constant 300 : i32
  %1 = rarith.cmpi ult, %0, %c300 : i32
  %2 = rarith.extsi %b : i8 to i32
  %cm200 = rarith.constant -200 : i32
  %3 = rarith.cmpi sgt, %2, %cm200 : i32
  %4 = rarith.addi %0, %2 : i32
  %c400 = rarith.constant 400 : i32
  %5 = rarith.cmpi slt, %4, %c400 : i32
  %c5 = rarith.constant 5 : i32
  %c7 = rarith.constant 7 : i32
  %6 = rarith.select %c, %c5, %c7 : i32
  %7 = rarith.muli %6, %c5 : i32
  %c40 = rarith.constant 40 : i32
  %8 = rarith.cmpi ule, %7, %c40 : i32
  %9 = rarith.maxui %0, %c300 : i32
  %10 = rarith.cmpi uge, %9, %c300 : i32
  %11 = rarith.subi %0, %c300 : i32
  %12 = rarith.cmpi eq, %11, %c300 : i32
  return %1, %3, %5, %7, %8, %10, %12 : i1, i1, i1, i32, i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @flags_and_predicates
func.func @flags_and_predicates(%a: i8, %b: i16) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %x = rarith.extui %a : i8 to i16
  %c255 = rarith.constant 255 : i16
  %c256 = rarith.constant 256 : i16
  %c0 = rarith.constant 0 : i16
  %s = rarith.addi %x, %c255 overflow<nuw> : i16
  %t = rarith.addi %x, %c255 overflow<nsw> : i16
  %m = rarith.muli %x, %c256 overflow<nsw, nuw> : i16
  %d = rarith.subi %x, %c256 : i16
  %0 = rarith.cmpi eq, %x, %c256 : i16
  %1 = rarith.cmpi ne, %x, %c256 : i16
  %2 = rarith.cmpi slt, %x, %c256 : i16
  %3 = rarith.cmpi sle, %x, %c255 : i16
  %4 = rarith.cmpi sgt, %x, %c0 : i16
  %5 = rarith.cmpi sge, %x, %c0 : i16
  %6 = rarith.cmpi ult, %s, %c255 : i16
  %7 = rarith.cmpi ule, %t, %c255 : i16
  %8 = rarith.cmpi ugt, %m, %c0 : i16
  %9 = rarith.cmpi uge, %d, %c0 : i16
  %10 = rarith.cmpi slt, %d, %c0 : i16
  %mn = rarith.minsi %x, %b : i16
  %11 = rarith.cmpi sle, %mn, %c255 : i16
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// CHECK-LABEL: func.func @vectors_and_index
func.func @vectors_and_index(%v: vector<4xi8>, %i: index, %c: i1) -> (vector<4xi1>, i1, index, i1) {
  %d = rarith.constant dense<[1, 2, 3, 4]> : vector<4xi8>
  %e = rarith.constant dense<10> : vector<4xi8>
  %0 = rarith.cmpi slt, %d, %e : vector<4xi8>
  %k = rarith.constant 7 : index
  %j = rarith.constant 9 : index
  %sel = rarith.select %c, %k, %j : index
  %1 = rarith.cmpi uge, %sel, %k : index
  %t = rarith.constant true
  %same = rarith.select %t, %k, %i : index
  %w = rarith.extsi %c : i1 to i64
  %z = rarith.constant 0 : i64
  %2 = rarith.cmpi sle, %w, %z : i64
  return %0, %1, %same, %2 : vector<4xi1>, i1, index, i1
}

// -----

// CHECK-LABEL: func.func @more
func.func @more(%a: i8, %b: i8, %i: index) -> (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) {
  %x = rarith.extui %a : i8 to i32
  %y = rarith.extsi %b : i8 to i32
  %c3 = rarith.constant 3 : i32
  %c7 = rarith.constant 7 : i32
  %cm3 = rarith.constant -3 : i32
  %c100 = rarith.constant 100 : i32
  %c0 = rarith.constant 0 : i32
  %d0 = rarith.divui %x, %c3 : i32
  %0 = rarith.cmpi ule, %d0, %c100 : i32
  %d1 = rarith.divsi %y, %cm3 : i32
  %1 = rarith.cmpi sle, %d1, %c100 : i32
  %d2 = rarith.ceildivsi %y, %c7 : i32
  %2 = rarith.cmpi sge, %d2, %cm3 : i32
  %d3 = rarith.floordivsi %y, %c7 : i32
  %3 = rarith.cmpi slt, %d3, %cm3 : i32
  %d4 = rarith.ceildivui %x, %c7 : i32
  %4 = rarith.cmpi ult, %d4, %c100 : i32
  %r0 = rarith.remsi %y, %c7 : i32
  %5 = rarith.cmpi slt, %r0, %c7 : i32
  %r1 = rarith.remui %x, %c7 : i32
  %6 = rarith.cmpi ult, %r1, %c7 : i32
  %m = rarith.constant 15 : i32
  %n0 = rarith.andi %x, %m : i32
  %7 = rarith.cmpi ule, %n0, %m : i32
  %n1 = rarith.ori %x, %m : i32
  %8 = rarith.cmpi uge, %n1, %m : i32
  %n2 = rarith.xori %x, %m : i32
  %9 = rarith.cmpi ult, %n2, %c100 : i32
  %s0 = rarith.shli %x, %c3 : i32
  %10 = rarith.cmpi ult, %s0, %c100 : i32
  %s1 = rarith.shrui %x, %c3 : i32
  %11 = rarith.cmpi ult, %s1, %c100 : i32
  %s2 = rarith.shrsi %y, %c3 : i32
  %12 = rarith.cmpi sgt, %s2, %cm3 : i32
  %t = rarith.trunci %x : i32 to i8
  %c0_8 = rarith.constant 0 : i8
  %13 = rarith.cmpi eq, %t, %c0_8 : i8
  %ix = rarith.index_cast %y : i32 to index
  %ci = rarith.constant 200 : index
  %14 = rarith.cmpi slt, %ix, %ci : index
  %iu = rarith.index_castui %x : i32 to index
  %15 = rarith.cmpi ult, %iu, %ci : index
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15 : i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1
}

// -----

// A branch on a float comparison of constants: upstream's pass decides the
// same as ours (the comparison becomes `true`, both successors stay, and
// the block argument is not a known constant).
// CHECK-LABEL: func.func @branch_on_float_compare
// CHECK: cf.cond_br %true, ^bb1(%{{.*}} : i32), ^bb1(%{{.*}} : i32)
// CHECK: rarith.addi
func.func @branch_on_float_compare(%x: i32) -> i32 {
  %a = rarith.constant 1.0 : f32
  %b = rarith.constant 2.0 : f32
  %c = rarith.cmpf olt, %a, %b : f32
  %one = rarith.constant 1 : i32
  %two = rarith.constant 2 : i32
  cf.cond_br %c, ^bb1, ^bb2
^bb1:
  cf.br ^bb3(%one : i32)
^bb2:
  cf.br ^bb3(%two : i32)
^bb3(%v: i32):
  %r = rarith.addi %v, %one : i32
  return %r : i32
}
