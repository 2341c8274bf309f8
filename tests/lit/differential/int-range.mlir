// Differential: rarith implements InferIntRangeInterface, so upstream's
// integer range analysis sees through it: `int-range-optimizations` on
// rarith (both tools) gives what it gives on upstream arith. Covered:
// constant (scalar, splat, dense), addi/subi/muli with and without
// nsw/nuw, max/min, extui/extsi, cmpi (every predicate), select.
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
