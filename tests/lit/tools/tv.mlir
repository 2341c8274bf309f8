// rmlir-tv proves that a function after a transformation refines the
// function before it, for every argument (poison included), or prints a
// counterexample.
//
// RUN: split-file %s %t
// RUN: rmlir-tv %t/before.mlir %t/right.mlir | FileCheck %s --check-prefix=RIGHT
// RUN: not rmlir-tv %t/before.mlir %t/wrong.mlir | FileCheck %s --check-prefix=WRONG
// RUN: rmlir-tv %t/before.mlir --pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=CANON
// RUN: rmlir-tv %t/before.mlir --pipeline='builtin.module(rarith-int-range-optimizations,rarith-unsigned-when-equivalent,canonicalize)' | FileCheck %s --check-prefix=CANON
// RUN: %upstream-mlir-opt --canonicalize %t/flags.mlir -o %t/flags-upstream.mlir
// RUN: not rmlir-tv %t/flags.mlir %t/flags-upstream.mlir | FileCheck %s --check-prefix=UPSTREAM
// RUN: sed -e 's/arith\./rarith./g' -e 's/#rarith\./#arith./g' %t/flags.mlir > %t/flags-rarith.mlir
// RUN: rmlir-tv %t/flags-rarith.mlir --pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=OURS
// RUN: not rmlir-tv %t/before.mlir %t/unsupported.mlir | FileCheck %s --check-prefix=NOMODEL
// RUN: rmlir-tv %t/index.mlir --pipeline='builtin.module(canonicalize)' --index-bitwidth=32 | FileCheck %s --check-prefix=INDEX
// RUN: not rmlir-tv %t/wide.mlir --pipeline='builtin.module(canonicalize)' | FileCheck %s --check-prefix=WIDE
// RUN: not rmlir-tv %t/before.mlir 2>&1 | FileCheck %s --check-prefix=USAGE

// RIGHT: @shift: proven
// RIGHT: @nsz: proven
// RIGHT: @select: proven

// A rewrite written by hand, wrong three ways: a flag added (poison where
// there was a value), x + -0.0 made x + 0.0 (-0.0 + 0.0 is +0.0), and a
// select of a select merged into `and` (poison from the unchosen
// condition).
// WRONG: @shift: counterexample
// WRONG-NEXT: %arg0 = {{.*}} : i8
// WRONG-NEXT: result 0: before {{.*}} : i8, after poison
// WRONG: @nsz: counterexample
// WRONG-NEXT: %arg0 = -0 (0x80000000)
// WRONG-NEXT: result 0: before -0 (0x80000000), after 0 (0x0)
// WRONG: @select: counterexample
// WRONG: %arg1 = poison
// WRONG: after poison

// CANON: @shift: proven
// CANON: @nsz: proven
// CANON: @select: proven

// Upstream's constant reassociation keeps `nsw` when the new constant
// overflows (docs/upstream-differences.md); rmlir's does not.
// UPSTREAM: @reassociate: counterexample
// UPSTREAM: after poison
// OURS: @reassociate: proven

// NOMODEL: @shift: unsupported: op `func.call` is not modelled

// INDEX: @index: proven

// WIDE: @wide: proven
// WIDE: @zero: unsupported: type `i0` is not modelled

// USAGE: give BEFORE and AFTER, or BEFORE and --pipeline

//--- before.mlir
func.func @shift(%x: i8) -> i8 {
  %c = rarith.constant 2 : i8
  %0 = rarith.muli %x, %c : i8
  return %0 : i8
}
func.func @nsz(%x: f32) -> f32 {
  %c = rarith.constant -0.0 : f32
  %0 = rarith.addf %x, %c : f32
  return %0 : f32
}
func.func @select(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  %0 = rarith.select %b, %x, %y : i32
  %1 = rarith.select %a, %0, %y : i32
  return %1 : i32
}

//--- right.mlir
func.func @shift(%x: i8) -> i8 {
  %c = rarith.constant 1 : i8
  %0 = rarith.shli %x, %c : i8
  return %0 : i8
}
func.func @nsz(%x: f32) -> f32 {
  return %x : f32
}
func.func @select(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  %f = rarith.constant false
  %0 = rarith.select %a, %b, %f : i1
  %1 = rarith.select %0, %x, %y : i32
  return %1 : i32
}

//--- wrong.mlir
func.func @shift(%x: i8) -> i8 {
  %c = rarith.constant 1 : i8
  %0 = rarith.shli %x, %c overflow<nsw> : i8
  return %0 : i8
}
func.func @nsz(%x: f32) -> f32 {
  %c = rarith.constant 0.0 : f32
  %0 = rarith.addf %x, %c : f32
  return %0 : f32
}
func.func @select(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  %0 = rarith.andi %a, %b : i1
  %1 = rarith.select %0, %x, %y : i32
  return %1 : i32
}

//--- unsupported.mlir
func.func private @g(i8) -> i8
func.func @shift(%x: i8) -> i8 {
  %0 = func.call @g(%x) : (i8) -> i8
  return %0 : i8
}
func.func @nsz(%x: f32) -> f32 {
  return %x : f32
}
func.func @select(%a: i1, %b: i1, %x: i32, %y: i32) -> i32 {
  return %x : i32
}

//--- flags.mlir
func.func @reassociate(%x: i8) -> i8 {
  %c0 = arith.constant -128 : i8
  %c1 = arith.constant 5 : i8
  %0 = arith.subi %x, %c0 overflow<nsw> : i8
  %1 = arith.addi %0, %c1 overflow<nsw> : i8
  return %1 : i8
}

//--- index.mlir
func.func @index(%x: index) -> index {
  %c = rarith.constant 4294967296 : index
  %0 = rarith.addi %x, %c : index
  %1 = rarith.index_cast %0 : index to i32
  %2 = rarith.index_cast %1 : i32 to index
  return %2 : index
}

//--- wide.mlir
func.func @wide(%x: i128) -> i128 {
  %c = rarith.constant 1267650600228229401496703205376 : i128
  %0 = rarith.addi %x, %c overflow<nuw> : i128
  %1 = rarith.subi %0, %c : i128
  return %1 : i128
}
func.func @zero(%x: i0) -> i0 {
  return %x : i0
}
