// rarith inside upstream control flow (cf, scf, func calls) reaches LLVM
// through upstream's generic convert-to-llvm, by way of the one-to-one bridge
// to arith; the result runs.
// RUN: rmlir-opt %s --convert-rarith-to-arith --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | FileCheck %s
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(convert-rarith-to-arith,convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)" | FileCheck %s
// RUN: rmlir-opt %s --convert-rarith-to-arith | rmlir-run - -e collatz_steps --entry-point-result=i32 --arg=i32:27 --pipeline="builtin.module(convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)" | FileCheck %s --check-prefix=RUN27
// RUN: rmlir-run %s -e collatz_steps --entry-point-result=i32 --arg=i32:6 | FileCheck %s --check-prefix=RUN6

// CHECK-NOT: rarith.
// CHECK-NOT: arith.
// CHECK-LABEL: llvm.func @step
// CHECK: llvm.urem
// CHECK-LABEL: llvm.func @collatz_steps
// CHECK: llvm.call @step
// RUN27: 111
// RUN6: 8

func.func @step(%n: i32) -> i32 {
  %c1 = rarith.constant 1 : i32
  %c2 = rarith.constant 2 : i32
  %c3 = rarith.constant 3 : i32
  %r = rarith.remui %n, %c2 : i32
  %odd = rarith.cmpi eq, %r, %c1 : i32
  %v = scf.if %odd -> i32 {
    %m = rarith.muli %n, %c3 overflow<nsw> : i32
    %p = rarith.addi %m, %c1 : i32
    scf.yield %p : i32
  } else {
    %h = rarith.divui %n, %c2 : i32
    scf.yield %h : i32
  }
  return %v : i32
}

func.func @collatz_steps(%start: i32) -> i32 {
  %c0 = rarith.constant 0 : i32
  %c1 = rarith.constant 1 : i32
  cf.br ^loop(%start, %c0 : i32, i32)
^loop(%n: i32, %steps: i32):
  %done = rarith.cmpi ule, %n, %c1 : i32
  cf.cond_br %done, ^exit(%steps : i32), ^body
^body:
  %next = func.call @step(%n) : (i32) -> i32
  %s1 = rarith.addi %steps, %c1 : i32
  cf.br ^loop(%next, %s1 : i32, i32)
^exit(%result: i32):
  return %result : i32
}
