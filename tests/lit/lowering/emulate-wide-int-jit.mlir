// 64-bit arithmetic emulated on 32-bit halves by rarith-emulate-wide-int
// computes what the native 64-bit ops compute: the same functions, JIT-run
// with and without the emulation, on edge arguments (extremes, -1, shifts
// by 0, 31, 32 and 63), print the same values.
// RUN: rmlir-run %s -e mix --entry-point-result=i32 --arg=i32:7 --arg=i32:9 --arg=i32:3 > %t.n1
// RUN: rmlir-opt %s --rarith-emulate-wide-int | rmlir-run - -e mix --entry-point-result=i32 --arg=i32:7 --arg=i32:9 --arg=i32:3 --pipeline="%{lower}" > %t.e1
// RUN: diff %t.n1 %t.e1
// RUN: rmlir-run %s -e mix --entry-point-result=i32 --arg=i32:2147483647 --arg=i32:-1 --arg=i32:63 > %t.n2
// RUN: rmlir-opt %s --rarith-emulate-wide-int | rmlir-run - -e mix --entry-point-result=i32 --arg=i32:2147483647 --arg=i32:-1 --arg=i32:63 --pipeline="%{lower}" > %t.e2
// RUN: diff %t.n2 %t.e2
// RUN: rmlir-run %s -e mix --entry-point-result=i32 --arg=i32:-2147483648 --arg=i32:1 --arg=i32:0 > %t.n3
// RUN: rmlir-opt %s --rarith-emulate-wide-int | rmlir-run - -e mix --entry-point-result=i32 --arg=i32:-2147483648 --arg=i32:1 --arg=i32:0 --pipeline="%{lower}" > %t.e3
// RUN: diff %t.n3 %t.e3
// RUN: rmlir-run %s -e mix --entry-point-result=i32 --arg=i32:-1 --arg=i32:-1 --arg=i32:32 > %t.n4
// RUN: rmlir-opt %s --rarith-emulate-wide-int | rmlir-run - -e mix --entry-point-result=i32 --arg=i32:-1 --arg=i32:-1 --arg=i32:32 --pipeline="%{lower}" > %t.e4
// RUN: diff %t.n4 %t.e4
// RUN: rmlir-run %s -e mix --entry-point-result=i32 --arg=i32:99999 --arg=i32:-77777 --arg=i32:31 > %t.n5
// RUN: rmlir-opt %s --rarith-emulate-wide-int | rmlir-run - -e mix --entry-point-result=i32 --arg=i32:99999 --arg=i32:-77777 --arg=i32:31 --pipeline="%{lower}" > %t.e5
// RUN: diff %t.n5 %t.e5
// RUN: cat %t.n1 %t.n2 %t.n3 %t.n4 %t.n5 | FileCheck %s --check-prefix=MIX
// MIX: -2004317376
// MIX-NEXT: 143165588
// MIX-NEXT: 143165576
// MIX-NEXT: -2004318058
// MIX-NEXT: -1154358651
// RUN: rmlir-run %s -e floats --entry-point-result=i32 --arg=i32:-123456789 > %t.n6
// RUN: rmlir-opt %s --rarith-emulate-wide-int | rmlir-run - -e floats --entry-point-result=i32 --arg=i32:-123456789 --pipeline="%{lower}" > %t.e6
// RUN: diff %t.n6 %t.e6
// RUN: rmlir-run %s -e floats --entry-point-result=i32 --arg=i32:2147483647 > %t.n7
// RUN: rmlir-opt %s --rarith-emulate-wide-int | rmlir-run - -e floats --entry-point-result=i32 --arg=i32:2147483647 --pipeline="%{lower}" > %t.e7
// RUN: diff %t.n7 %t.e7
// RUN: cat %t.n6 %t.n7 | FileCheck %s --check-prefix=FLOATS
// FLOATS: -1858584020
// FLOATS-NEXT: -922770318

// Multiplication, addition of a constant with both halves set, subtraction,
// the three shifts, xor, signed max, unsigned compare and select; the
// result folds the high half onto the low one.
func.func @mix(%a: i32, %b: i32, %s: i32) -> i32 {
  %x = rarith.extsi %a : i32 to i64
  %y = rarith.extui %b : i32 to i64
  %sh = rarith.extui %s : i32 to i64
  %m = rarith.muli %x, %y : i64
  %c = rarith.constant 81985529216486895 : i64
  %p = rarith.addi %m, %c : i64
  %q = rarith.subi %p, %x : i64
  %r = rarith.shrsi %q, %sh : i64
  %t = rarith.shli %r, %sh : i64
  %u = rarith.shrui %q, %sh : i64
  %v = rarith.xori %t, %u : i64
  %w = rarith.maxsi %v, %q : i64
  %k = rarith.cmpi ult, %w, %p : i64
  %z = rarith.select %k, %w, %p : i64
  %c32 = rarith.constant 32 : i64
  %hi = rarith.shrui %z, %c32 : i64
  %h32 = rarith.trunci %hi : i64 to i32
  %l32 = rarith.trunci %z : i64 to i32
  %o = rarith.xori %h32, %l32 : i32
  return %o : i32
}

// sitofp, uitofp, fptosi and fptoui of 64-bit values exact in f64.
func.func @floats(%a: i32) -> i32 {
  %x = rarith.extsi %a : i32 to i64
  %k = rarith.constant 1000003 : i64
  %m = rarith.muli %x, %k : i64
  %f = rarith.sitofp %m : i64 to f64
  %back = rarith.fptosi %f : f64 to i64
  %zero = rarith.constant 0 : i64
  %neg = rarith.subi %zero, %back : i64
  %abs = rarith.maxsi %m, %neg : i64
  %g = rarith.uitofp %abs : i64 to f64
  %two = rarith.constant 2.0 : f64
  %h = rarith.mulf %g, %two : f64
  %u = rarith.fptoui %h : f64 to i64
  %sum = rarith.addi %u, %back : i64
  %c7 = rarith.constant 7 : i64
  %hi = rarith.shrui %sum, %c7 : i64
  %r = rarith.trunci %hi : i64 to i32
  return %r : i32
}
