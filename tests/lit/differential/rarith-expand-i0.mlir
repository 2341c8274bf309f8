// Found by tests/odd_types.rs: rarith-expand on i0 built its constants as
// zero-width integers (an internal error). i0's only value is 0; the
// expansion and the constants' names are now upstream's.
// RUN: %to-upstream %s | %upstream-mlir-opt --arith-expand | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --rarith-expand > %t.rmlir
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(rarith-expand)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @f(%a: i0, %b: i0) -> (i0, i0, i0, i0, i0) {
  %0 = rarith.ceildivui %a, %b : i0
  %1 = rarith.floordivsi %a, %b : i0
  %2 = rarith.ceildivsi %a, %b : i0
  %3 = rarith.maxsi %a, %b : i0
  %4 = rarith.minui %a, %b : i0
  return %0, %1, %2, %3, %4 : i0, i0, i0, i0, i0
}
