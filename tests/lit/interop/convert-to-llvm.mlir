// rarith inside upstream control flow (cf, scf, func calls), vectors and
// memrefs reaches LLVM through upstream's generic convert-to-llvm directly:
// rarith's ConvertToLLVMPatternInterface hands it rmlir's own Rust
// patterns, with no detour through upstream arith. The output is what
// upstream's convert-to-llvm makes of the renamed arith program, in both
// tools, and it runs.
// RUN: %to-upstream %s | %upstream-mlir-opt --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --convert-scf-to-cf --convert-to-llvm --reconcile-unrealized-casts > %t.rmlir
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir
// RUN: rmlir-run %s -e collatz_steps --entry-point-result=i32 --arg=i32:27 --pipeline="builtin.module(convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)" | FileCheck %s --check-prefix=RUN27
// RUN: rmlir-run %s -e lanes --entry-point-result=i32 --arg=i32:5 --pipeline="builtin.module(convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)" | FileCheck %s --check-prefix=LANES
// RUN: rmlir-run %s -e collatz_steps --entry-point-result=i32 --arg=i32:6 --pipeline="builtin.module(convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)" | FileCheck %s --check-prefix=RUN6

// CHECK-NOT: rarith.
// CHECK-NOT: arith.
// CHECK-LABEL: llvm.func @step
// CHECK: llvm.urem
// CHECK-LABEL: llvm.func @collatz_steps
// CHECK: llvm.call @step
// CHECK-LABEL: llvm.func @lanes
// CHECK: llvm.mul %{{.*}} : vector<4xi32>
// RUN27: 111
// RUN6: 8
// 5*1 + 5*2 + 5*3 + 5*4 = 50, stored and loaded back, plus 7 ceildiv 2 = 4.
// LANES: 54

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

// Vector arithmetic, a reduction, index arithmetic into a memref, and a
// ceildivsi that convert-to-llvm expands.
func.func @lanes(%x: i32) -> i32 {
  %weights = rarith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %splat = vector.broadcast %x : i32 to vector<4xi32>
  %prod = rarith.muli %splat, %weights : vector<4xi32>
  %sum = vector.reduction <add>, %prod : vector<4xi32> into i32
  %buf = memref.alloca() : memref<2xi32>
  %i0 = rarith.constant 0 : index
  %i1 = rarith.constant 1 : index
  %slot = rarith.subi %i1, %i1 : index
  %at = rarith.addi %slot, %i1 : index
  memref.store %sum, %buf[%at] : memref<2xi32>
  %back = memref.load %buf[%i1] : memref<2xi32>
  %c7 = rarith.constant 7 : i32
  %c2 = rarith.constant 2 : i32
  %q = rarith.ceildivsi %c7, %c2 : i32
  %r = rarith.addi %back, %q : i32
  return %r : i32
}
