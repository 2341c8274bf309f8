// The EmitC path: rarith functions lowered by convert-to-emitc (func and
// rarith together, in rmlir-opt and in stock mlir-opt with the plugin),
// translated to C++ by mlir-translate, compiled with clang-22 and called
// from emitc-to-c-main.cpp on edge values, print exactly what the same
// functions print when run by the JIT (rmlir-run, through LLVM).
// RUN: rmlir-opt %s --convert-to-emitc | mlir-translate --mlir-to-cpp > %t.cpp
// RUN: %mlir-opt-plugin %s --convert-to-emitc | mlir-translate --mlir-to-cpp > %t.plugin.cpp
// RUN: diff -u %t.cpp %t.plugin.cpp
// RUN: clang++ -std=c++17 -O1 -Wall -Wno-unused-variable -Werror -include stdint.h -include stddef.h -include %t.cpp %S/emitc-to-c-main.cpp -o %t.exe
// RUN: %t.exe > %t.c.txt
// RUN: rm -f %t.jit.txt
// RUN: rmlir-run %s -e add_wrap --arg=i32:2147483647 --arg=i32:1 >> %t.jit.txt
// RUN: rmlir-run %s -e mul_wrap --arg=i32:65536 --arg=i32:65537 >> %t.jit.txt
// RUN: rmlir-run %s -e sub_nsw --arg=i64:-5 --arg=i64:7 >> %t.jit.txt
// RUN: rmlir-run %s -e divs --arg=i32:-7 --arg=i32:2 >> %t.jit.txt
// RUN: rmlir-run %s -e divu --arg=i32:-7 --arg=i32:2 >> %t.jit.txt
// RUN: rmlir-run %s -e shifts --arg=i32:-16 --arg=i32:2 >> %t.jit.txt
// RUN: rmlir-run %s -e shifts --arg=i32:1 --arg=i32:31 >> %t.jit.txt
// RUN: rmlir-run %s -e index_ops --arg=index:-16 --arg=index:3 >> %t.jit.txt
// RUN: rmlir-run %s -e index_ops --arg=index:9223372036854775807 --arg=index:63 >> %t.jit.txt
// RUN: rmlir-run %s -e cmpi_bits --arg=i32:-1 --arg=i32:1 >> %t.jit.txt
// RUN: rmlir-run %s -e cmpi_bits --arg=i32:5 --arg=i32:5 >> %t.jit.txt
// RUN: rmlir-run %s -e cmpf_bits --arg=f64:1.0 --arg=f64:nan >> %t.jit.txt
// RUN: rmlir-run %s -e cmpf_bits --arg=f64:2.0 --arg=f64:2.0 >> %t.jit.txt
// RUN: rmlir-run %s -e cmpf_bits --arg=f64:-0.0 --arg=f64:0.0 >> %t.jit.txt
// RUN: rmlir-run %s -e cmpf_bits --arg=f64:-1.5 --arg=f64:inf >> %t.jit.txt
// RUN: rmlir-run %s -e int_casts --arg=i64:-1234567 >> %t.jit.txt
// RUN: rmlir-run %s -e int_casts --arg=i64:255 >> %t.jit.txt
// RUN: rmlir-run %s -e float_casts --arg=f64:-2.75 >> %t.jit.txt
// RUN: rmlir-run %s -e float_casts --arg=f64:1e10 >> %t.jit.txt
// RUN: rmlir-run %s -e unsigned_float --arg=i32:-1 >> %t.jit.txt
// RUN: rmlir-run %s -e select_min --arg=i32:-3 --arg=i32:2 >> %t.jit.txt
// RUN: rmlir-run %s -e to_i1 --arg=i32:6 >> %t.jit.txt
// RUN: rmlir-run %s -e to_i1 --arg=i32:7 >> %t.jit.txt
// RUN: diff -u %t.jit.txt %t.c.txt
// RUN: FileCheck %s < %t.c.txt

// INT_MAX + 1 wraps (computed in uint32_t, as C has no signed wrap).
// CHECK: -2147483648
func.func @add_wrap(%a: i32, %b: i32) -> i32 {
  %0 = rarith.addi %a, %b : i32
  return %0 : i32
}

// CHECK-NEXT: 65536
func.func @mul_wrap(%a: i32, %b: i32) -> i32 {
  %0 = rarith.muli %a, %b : i32
  return %0 : i32
}

// CHECK-NEXT: -12
func.func @sub_nsw(%a: i64, %b: i64) -> i64 {
  %0 = rarith.subi %a, %b overflow<nsw> : i64
  return %0 : i64
}

// divsi and remsi round toward zero: -3 * 100 + -1.
// CHECK-NEXT: -301
func.func @divs(%a: i32, %b: i32) -> i32 {
  %q = rarith.divsi %a, %b : i32
  %r = rarith.remsi %a, %b : i32
  %c100 = rarith.constant 100 : i32
  %0 = rarith.muli %q, %c100 : i32
  %1 = rarith.addi %0, %r : i32
  return %1 : i32
}

// divui and remui read -7 as 4294967289: 2147483644 and 1, xor'ed.
// CHECK-NEXT: 2147483645
func.func @divu(%a: i32, %b: i32) -> i32 {
  %q = rarith.divui %a, %b : i32
  %r = rarith.remui %a, %b : i32
  %0 = rarith.xori %q, %r : i32
  return %0 : i32
}

// shli, shrsi, shrui of (-16, 2) and (1, 31), or'ed into one i64:
// (shli << 40) ^ (shrsi << 20) ^ shrui, each masked to 20 bits:
// 0xFFFC0, 0xFFFFC, 0xFFFFC; then 0x80000000, 0 and 0 (masked: all 0).
// CHECK-NEXT: 1152852235371151356
// CHECK-NEXT: 0
func.func @shifts(%a: i32, %b: i32) -> i64 {
  %0 = rarith.shli %a, %b : i32
  %1 = rarith.shrsi %a, %b : i32
  %2 = rarith.shrui %a, %b : i32
  %mask = rarith.constant 1048575 : i64
  %c20 = rarith.constant 20 : i64
  %c40 = rarith.constant 40 : i64
  %w0 = rarith.extui %0 : i32 to i64
  %w1 = rarith.extui %1 : i32 to i64
  %w2 = rarith.extui %2 : i32 to i64
  %m0 = rarith.andi %w0, %mask : i64
  %m1 = rarith.andi %w1, %mask : i64
  %m2 = rarith.andi %w2, %mask : i64
  %s0 = rarith.shli %m0, %c40 : i64
  %s1 = rarith.shli %m1, %c20 : i64
  %x = rarith.xori %s0, %s1 : i64
  %y = rarith.xori %x, %m2 : i64
  return %y : i64
}

// index (size_t): shrsi (through ptrdiff_t), shrui, addi, muli, and
// select by cmpi slt: -16 < 3 selects 1; INT64_MAX >> 63 is 0 both ways.
// CHECK-NEXT: 1
// CHECK-NEXT: 0
func.func @index_ops(%a: index, %b: index) -> index {
  %0 = rarith.shrsi %a, %b : index
  %1 = rarith.shrui %a, %b : index
  %2 = rarith.addi %0, %1 : index
  %c = rarith.cmpi slt, %a, %b : index
  %one = rarith.constant 1 : index
  %3 = rarith.select %c, %one, %2 : index
  %4 = rarith.muli %3, %one : index
  return %4 : index
}

// The ten cmpi predicates as bits (eq = bit 0 ... uge = bit 9): -1 is
// below 1 signed and above it unsigned.
// CHECK-NEXT: 782
// CHECK-NEXT: 681
func.func @cmpi_bits(%a: i32, %b: i32) -> i32 {
  %p0 = rarith.cmpi eq, %a, %b : i32
  %p1 = rarith.cmpi ne, %a, %b : i32
  %p2 = rarith.cmpi slt, %a, %b : i32
  %p3 = rarith.cmpi sle, %a, %b : i32
  %p4 = rarith.cmpi sgt, %a, %b : i32
  %p5 = rarith.cmpi sge, %a, %b : i32
  %p6 = rarith.cmpi ult, %a, %b : i32
  %p7 = rarith.cmpi ule, %a, %b : i32
  %p8 = rarith.cmpi ugt, %a, %b : i32
  %p9 = rarith.cmpi uge, %a, %b : i32
  %z = rarith.constant 0 : i32
  %c1 = rarith.constant 1 : i32
  %c2 = rarith.constant 2 : i32
  %c3 = rarith.constant 3 : i32
  %c4 = rarith.constant 4 : i32
  %c5 = rarith.constant 5 : i32
  %c6 = rarith.constant 6 : i32
  %c7 = rarith.constant 7 : i32
  %c8 = rarith.constant 8 : i32
  %c9 = rarith.constant 9 : i32
  %e0 = rarith.extui %p0 : i1 to i32
  %e1 = rarith.extui %p1 : i1 to i32
  %e2 = rarith.extui %p2 : i1 to i32
  %e3 = rarith.extui %p3 : i1 to i32
  %e4 = rarith.extui %p4 : i1 to i32
  %e5 = rarith.extui %p5 : i1 to i32
  %e6 = rarith.extui %p6 : i1 to i32
  %e7 = rarith.extui %p7 : i1 to i32
  %e8 = rarith.extui %p8 : i1 to i32
  %e9 = rarith.extui %p9 : i1 to i32
  %s1 = rarith.shli %e1, %c1 : i32
  %s2 = rarith.shli %e2, %c2 : i32
  %s3 = rarith.shli %e3, %c3 : i32
  %s4 = rarith.shli %e4, %c4 : i32
  %s5 = rarith.shli %e5, %c5 : i32
  %s6 = rarith.shli %e6, %c6 : i32
  %s7 = rarith.shli %e7, %c7 : i32
  %s8 = rarith.shli %e8, %c8 : i32
  %s9 = rarith.shli %e9, %c9 : i32
  %o1 = rarith.ori %e0, %s1 : i32
  %o2 = rarith.ori %o1, %s2 : i32
  %o3 = rarith.ori %o2, %s3 : i32
  %o4 = rarith.ori %o3, %s4 : i32
  %o5 = rarith.ori %o4, %s5 : i32
  %o6 = rarith.ori %o5, %s6 : i32
  %o7 = rarith.ori %o6, %s7 : i32
  %o8 = rarith.ori %o7, %s8 : i32
  %o9 = rarith.ori %o8, %s9 : i32
  %r = rarith.addi %o9, %z : i32
  return %r : i32
}

// The fourteen cmpf predicates between false and true as bits (oeq = bit
// 0 ... uno = bit 13), NaN on either side included.
// CHECK-NEXT: 16256
// CHECK-NEXT: 2773
// CHECK-NEXT: 2773
// CHECK-NEXT: 7288
func.func @cmpf_bits(%a: f64, %b: f64) -> i32 {
  %p0 = rarith.cmpf oeq, %a, %b : f64
  %p1 = rarith.cmpf ogt, %a, %b : f64
  %p2 = rarith.cmpf oge, %a, %b : f64
  %p3 = rarith.cmpf olt, %a, %b : f64
  %p4 = rarith.cmpf ole, %a, %b : f64
  %p5 = rarith.cmpf one, %a, %b : f64
  %p6 = rarith.cmpf ord, %a, %b : f64
  %p7 = rarith.cmpf ueq, %a, %b : f64
  %p8 = rarith.cmpf ugt, %a, %b : f64
  %p9 = rarith.cmpf uge, %a, %b : f64
  %p10 = rarith.cmpf ult, %a, %b : f64
  %p11 = rarith.cmpf ule, %a, %b : f64
  %p12 = rarith.cmpf une, %a, %b : f64
  %p13 = rarith.cmpf uno, %a, %b : f64
  %pf = rarith.cmpf false, %a, %b : f64
  %pt = rarith.cmpf true, %a, %b : f64
  %c1 = rarith.constant 1 : i32
  %e0 = rarith.extui %p0 : i1 to i32
  %e1 = rarith.extui %p1 : i1 to i32
  %e2 = rarith.extui %p2 : i1 to i32
  %e3 = rarith.extui %p3 : i1 to i32
  %e4 = rarith.extui %p4 : i1 to i32
  %e5 = rarith.extui %p5 : i1 to i32
  %e6 = rarith.extui %p6 : i1 to i32
  %e7 = rarith.extui %p7 : i1 to i32
  %e8 = rarith.extui %p8 : i1 to i32
  %e9 = rarith.extui %p9 : i1 to i32
  %e10 = rarith.extui %p10 : i1 to i32
  %e11 = rarith.extui %p11 : i1 to i32
  %e12 = rarith.extui %p12 : i1 to i32
  %e13 = rarith.extui %p13 : i1 to i32
  %ef = rarith.extui %pf : i1 to i32
  %et = rarith.extui %pt : i1 to i32
  %a13 = rarith.shli %e13, %c1 : i32
  %a12 = rarith.ori %a13, %e12 : i32
  %b12 = rarith.shli %a12, %c1 : i32
  %a11 = rarith.ori %b12, %e11 : i32
  %b11 = rarith.shli %a11, %c1 : i32
  %a10 = rarith.ori %b11, %e10 : i32
  %b10 = rarith.shli %a10, %c1 : i32
  %a9 = rarith.ori %b10, %e9 : i32
  %b9 = rarith.shli %a9, %c1 : i32
  %a8 = rarith.ori %b9, %e8 : i32
  %b8 = rarith.shli %a8, %c1 : i32
  %a7 = rarith.ori %b8, %e7 : i32
  %b7 = rarith.shli %a7, %c1 : i32
  %a6 = rarith.ori %b7, %e6 : i32
  %b6 = rarith.shli %a6, %c1 : i32
  %a5 = rarith.ori %b6, %e5 : i32
  %b5 = rarith.shli %a5, %c1 : i32
  %a4 = rarith.ori %b5, %e4 : i32
  %b4 = rarith.shli %a4, %c1 : i32
  %a3 = rarith.ori %b4, %e3 : i32
  %b3 = rarith.shli %a3, %c1 : i32
  %a2 = rarith.ori %b3, %e2 : i32
  %b2 = rarith.shli %a2, %c1 : i32
  %a1 = rarith.ori %b2, %e1 : i32
  %b1 = rarith.shli %a1, %c1 : i32
  %a0 = rarith.ori %b1, %e0 : i32
  // false adds 0, true 0 (its bit cleared by the subtraction).
  %t0 = rarith.addi %a0, %ef : i32
  %t1 = rarith.addi %t0, %et : i32
  %t2 = rarith.subi %t1, %c1 : i32
  return %t2 : i32
}

// trunci to i8 and i16, extsi and extui back: (-1234567 as i8 = 121,
// as i16 = 10617), (255: -1 and 255).
// CHECK-NEXT: 7940473
// CHECK-NEXT: -65281
func.func @int_casts(%a: i64) -> i64 {
  %0 = rarith.trunci %a : i64 to i8
  %1 = rarith.trunci %a : i64 to i16
  %2 = rarith.extsi %0 : i8 to i64
  %3 = rarith.extui %1 : i16 to i64
  %c65536 = rarith.constant 65536 : i64
  %4 = rarith.muli %2, %c65536 : i64
  %5 = rarith.addi %4, %3 : i64
  return %5 : i64
}

// f64 -> f32 -> f64, times 2.5 and negated, then fptosi: -2.75 and 1e10.
// CHECK-NEXT: 6
// CHECK-NEXT: -25000000000
func.func @float_casts(%a: f64) -> i64 {
  %0 = rarith.truncf %a : f64 to f32
  %1 = rarith.extf %0 : f32 to f64
  %c = rarith.constant 2.5 : f64
  %2 = rarith.mulf %1, %c : f64
  %3 = rarith.negf %2 : f64
  %4 = rarith.fptosi %3 : f64 to i64
  return %4 : i64
}

// uitofp reads -1 as 4294967295; sitofp as -1; fptoui of the sum.
// CHECK-NEXT: 4294967294
func.func @unsigned_float(%a: i32) -> i64 {
  %0 = rarith.uitofp %a : i32 to f64
  %1 = rarith.sitofp %a : i32 to f64
  %2 = rarith.addf %0, %1 : f64
  %3 = rarith.fptoui %2 : f64 to i64
  return %3 : i64
}

// CHECK-NEXT: -3
func.func @select_min(%a: i32, %b: i32) -> i32 {
  %c = rarith.cmpi slt, %a, %b : i32
  %0 = rarith.select %c, %a, %b : i32
  return %0 : i32
}

// trunci to i1 keeps the low bit (not v != 0).
// CHECK-NEXT: 0
// CHECK-NEXT: 1
func.func @to_i1(%a: i32) -> i32 {
  %0 = rarith.trunci %a : i32 to i1
  %1 = rarith.extui %0 : i1 to i32
  return %1 : i32
}
