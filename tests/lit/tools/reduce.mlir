// rmlir-reduce shrinks a rarith program while the interestingness test (it
// still divides) holds: the function without a division goes, as upstream's
// mlir-reduce does on the arith program (the same output, renamed).
// RUN: printf '#!/bin/sh\ngrep -q rarith.divsi "$1" && exit 1\nexit 0\n' > %t.test.sh && chmod +x %t.test.sh
// RUN: rmlir-reduce %s --reduction-tree='traversal-mode=0 test=%t.test.sh' 2>/dev/null > %t.rm
// RUN: printf '#!/bin/sh\ngrep -q arith.divsi "$1" && exit 1\nexit 0\n' > %t.up.sh && chmod +x %t.up.sh
// RUN: %to-upstream %s > %t.up.mlir
// RUN: %upstream-mlir-reduce %t.up.mlir --reduction-tree='traversal-mode=0 test=%t.up.sh' 2>/dev/null | %from-upstream > %t.up
// RUN: diff -u %t.up %t.rm
// RUN: FileCheck %s < %t.rm

// CHECK: func.func @divides
// CHECK: rarith.divsi
// CHECK-NOT: func.func @adds
func.func @divides(%a: i32, %b: i32) -> i32 {
  %c1 = rarith.constant 1 : i32
  %0 = rarith.addi %a, %c1 : i32
  %1 = rarith.muli %0, %b : i32
  %2 = rarith.divsi %1, %a : i32
  return %2 : i32
}
func.func @adds(%x: i64) -> i64 {
  %0 = rarith.addi %x, %x : i64
  return %0 : i64
}
