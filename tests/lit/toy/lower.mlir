// The example dialect's lowering pass (Rust, declared in ODS with a typed
// option) in stock mlir-opt, then upstream's convert-to-llvm, run by
// mlir-runner: the results are the same with and without canonicalize
// (the folders compute what the lowered code computes), in both clamp
// lowerings.
// RUN: %toy-opt %s --pass-pipeline="builtin.module(convert-toy-to-arith)" | FileCheck %s --check-prefix=ARITH
// RUN: %toy-opt %s --pass-pipeline="builtin.module(convert-toy-to-arith{clamp-with-select=true})" | FileCheck %s --check-prefix=SELECT
// RUN: %toy-opt %s --pass-pipeline="builtin.module(convert-toy-to-arith,convert-to-llvm,reconcile-unrealized-casts)" | %mlir-runner -e main --entry-point-result=void > %t.plain
// RUN: %toy-opt %s --pass-pipeline="builtin.module(canonicalize,convert-toy-to-arith,convert-to-llvm,reconcile-unrealized-casts)" | %mlir-runner -e main --entry-point-result=void > %t.folded
// RUN: %toy-opt %s --pass-pipeline="builtin.module(convert-toy-to-arith{clamp-with-select},canonicalize,convert-to-llvm,reconcile-unrealized-casts)" | %mlir-runner -e main --entry-point-result=void > %t.select
// RUN: FileCheck %s --check-prefix=OUT < %t.plain
// RUN: diff -u %t.plain %t.folded
// RUN: diff -u %t.plain %t.select
// RUN: not %toy-opt %s --pass-pipeline="builtin.module(convert-toy-to-arith{clamp-with-select=maybe})" 2>&1 | FileCheck %s --check-prefix=BAD

// ARITH-LABEL: func.func @compute
// ARITH: arith.muli
// ARITH: arith.addi
// ARITH: arith.subi
// ARITH: arith.maxsi
// ARITH: arith.minsi
// ARITH-NOT: toy.
// SELECT-LABEL: func.func @compute
// SELECT: arith.cmpi slt
// SELECT: arith.select
// SELECT: arith.cmpi sgt
// SELECT: arith.select
// SELECT-NOT: arith.maxsi
// BAD: invalid value `maybe` for option clamp-with-select

func.func @compute(%x: i64, %y: i64) -> i64 {
  %0 = toy.mul %x, %y
  %1 = toy.add %0, %0
  %2 = toy.neg %1
  %3 = toy.clamp %2 to [-1000, 1000]
  return %3 : i64
}

func.func @main() {
  %max = toy.constant 9223372036854775807
  %min = toy.constant -9223372036854775808
  %c3 = toy.constant 3
  %c7 = toy.constant 7
  %cm5 = toy.constant -5
  %c400 = toy.constant 400
  %r0 = func.call @compute(%c3, %c7) : (i64, i64) -> i64
  %r1 = func.call @compute(%cm5, %c7) : (i64, i64) -> i64
  %r2 = func.call @compute(%c400, %c3) : (i64, i64) -> i64
  %r3 = func.call @compute(%max, %c3) : (i64, i64) -> i64
  %r4 = func.call @compute(%min, %min) : (i64, i64) -> i64
  // Constants only: these fold under canonicalize.
  %s = toy.add %max, %c3
  %n = toy.neg %min
  %p = toy.mul %max, %max
  %k = toy.clamp %min to [-2, 9]
  // OUT: -42
  // OUT-NEXT: 70
  // OUT-NEXT: -1000
  // OUT-NEXT: 6
  // OUT-NEXT: 0
  // OUT-NEXT: -9223372036854775806
  // OUT-NEXT: -9223372036854775808
  // OUT-NEXT: 1
  // OUT-NEXT: -2
  vector.print %r0 : i64
  vector.print %r1 : i64
  vector.print %r2 : i64
  vector.print %r3 : i64
  vector.print %r4 : i64
  vector.print %s : i64
  vector.print %n : i64
  vector.print %p : i64
  vector.print %k : i64
  return
}
