// rarith-emulate-wide-int fails where upstream's pass fails, with the same
// diagnostics (same line, same text), in both tools: integers wider than
// twice the target's widest have no conversion, and 2N-bit ops with no
// emulation (division, remainder) stay illegal.
// RUN: %to-upstream %s | not %upstream-mlir-opt --split-input-file --arith-emulate-wide-int -o /dev/null 2>&1 | %from-upstream | grep -E '(error|note):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.upstream
// RUN: not rmlir-opt %s --split-input-file --rarith-emulate-wide-int -o /dev/null 2>&1 | grep -E '(error|note):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.rmlir
// RUN: not %mlir-opt-plugin %s --split-input-file --pass-pipeline='builtin.module(rarith-emulate-wide-int)' -o /dev/null 2>&1 | grep -E '(error|note):' | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir
// A target width that is not a power of two of at least 2 fails the pass
// without a diagnostic, as upstream's; a width that is not a number is
// reported.
// RUN: not rmlir-opt %s --split-input-file --rarith-emulate-wide-int=widest-int-supported=3 2>&1 | FileCheck %s --check-prefix=WIDTH --allow-empty
// RUN: not rmlir-opt %s --split-input-file --rarith-emulate-wide-int=widest-int-supported=1 2>&1 | FileCheck %s --check-prefix=WIDTH --allow-empty
// RUN: not rmlir-opt %s --rarith-emulate-wide-int=widest-int-supported=abc 2>&1 | FileCheck %s --check-prefix=NUMBER
// WIDTH-NOT: error
// NUMBER: error: invalid value `abc` for option widest-int-supported

// CHECK: 21: error: failed to legalize operation 'func.func' that was explicitly marked illegal
func.func @wider_than_twice(%a: i128) -> i128 {
  %0 = rarith.addi %a, %a : i128
  return %0 : i128
}

// -----

// CHECK: 30: error: failed to legalize operation 'rarith.divsi' that was explicitly marked illegal
func.func @no_emulation(%a: i64) -> i64 {
  %0 = rarith.divsi %a, %a : i64
  return %0 : i64
}

// -----

// CHECK: 39: error: failed to legalize operation 'rarith.remui' that was explicitly marked illegal
func.func @remainder(%a: i64) -> i64 {
  %c = rarith.constant 5 : i64
  %0 = rarith.remui %a, %c : i64
  return %0 : i64
}
