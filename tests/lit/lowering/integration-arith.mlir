// Executable programs: every rarith op family on edge values, lowered by our
// passes (rmlir-opt; and stock mlir-opt's convert-to-llvm with the plugin)
// and run by stock mlir-runner, prints exactly what the renamed arith
// program prints through upstream's arith-expand and convert-arith-to-llvm.
// Values that are poison (out-of-range fptosi, ...) are compared between
// the two builds only, never against fixed text: they depend on the CPU.
// RUN: rmlir-opt %s --pass-pipeline="builtin.module(rarith-expand,convert-vector-to-scf,convert-scf-to-cf,convert-vector-to-llvm,convert-rarith-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %mlir-runner -e main --entry-point-result=void > %t.rmlir
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(rarith-expand,convert-vector-to-scf,convert-scf-to-cf,convert-to-llvm,reconcile-unrealized-casts)" | %mlir-runner -e main --entry-point-result=void > %t.plugin
// RUN: %to-upstream %s | %upstream-mlir-opt --pass-pipeline="builtin.module(arith-expand,convert-vector-to-scf,convert-scf-to-cf,convert-vector-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)" | %mlir-runner -e main --entry-point-result=void > %t.upstream
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// The i32 ops on (INT_MAX, -7): add, sub, mul, divsi, divui, remsi, remui,
// ceildivsi, ceildivui, floordivsi, and, or, xor, max/min (s, u), shifts,
// and the extended ops; then addui_extended's overflow bit.
// CHECK: ( 2147483640, -2147483642, -2147483641, -306783378, 0, 1, 2147483647, -306783378, 1, -306783379, 2147483641, -1, -2147483642, 2147483647, -7, -7, 2147483647, -33554432, 63, 63, 2147483640, -2147483641, -4, -2147483641, 2147483643 )
// CHECK-NEXT: ( 1 )
// The compares of (-1, 5) as i64, then select(slt).
// CHECK: ( 0, 1, 1, 1, 0, 0, 0, 0, 1, 1 )
// CHECK-NEXT: -1
// Index and integer casts of (7, -100 : i8, 0x0123456789ABCDEF).
// CHECK: ( 7, -100, 156, -1985229329, -17 )
// Float ops on (1.5, -0.0): add, sub, mul, div, rem, maximumf, minimumf,
// maxnumf, minnumf, negf.
// CHECK: ( 1.5, 1.5, -0, -inf, {{-?}}nan, 1.5, -0, 1.5, -0, -1.5 )
// CHECK-NEXT: ( 0, 0, 0, 1, 0, 1 )
// f32 1.5 as f16 (0x3E00) and bf16 (0x3FC0) bits.
// CHECK: ( 15872, 16320 )
// Vectors of i16: muli, divsi, shrsi, select(slt), floordivsi; then f64
// mulf/maximumf truncated to f32.
// CHECK: ( -32768, 300, -14, 4 )
// CHECK-NEXT: ( 10922, 33, -3, -8191 )
// CHECK-NEXT: ( -1, 12, -2, 0 )
// CHECK-NEXT: ( -32768, 3, -7, -4 )
// CHECK-NEXT: ( 10922, 33, -4, -8192 )
// CHECK-NEXT: ( 0.25, nan, inf, 6.25 )

func.func @ints_i32(%a: i32, %b: i32) {
  %0 = rarith.addi %a, %b : i32
  %1 = rarith.subi %a, %b : i32
  %2 = rarith.muli %a, %b : i32
  %3 = rarith.divsi %a, %b : i32
  %4 = rarith.divui %a, %b : i32
  %5 = rarith.remsi %a, %b : i32
  %6 = rarith.remui %a, %b : i32
  %7 = rarith.ceildivsi %a, %b : i32
  %8 = rarith.ceildivui %a, %b : i32
  %9 = rarith.floordivsi %a, %b : i32
  %10 = rarith.andi %a, %b : i32
  %11 = rarith.ori %a, %b : i32
  %12 = rarith.xori %a, %b : i32
  %13 = rarith.maxsi %a, %b : i32
  %14 = rarith.maxui %a, %b : i32
  %15 = rarith.minsi %a, %b : i32
  %16 = rarith.minui %a, %b : i32
  %c31 = rarith.constant 31 : i32
  %s = rarith.andi %b, %c31 : i32
  %17 = rarith.shli %a, %s : i32
  %18 = rarith.shrsi %a, %s : i32
  %19 = rarith.shrui %a, %s : i32
  %20:2 = rarith.addui_extended %a, %b : i32, i1
  %21:2 = rarith.mulsi_extended %a, %b : i32
  %22:2 = rarith.mului_extended %a, %b : i32
  %v = vector.from_elements %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20#0, %21#0, %21#1, %22#0, %22#1 : vector<25xi32>
  vector.print %v : vector<25xi32>
  %cmp = vector.from_elements %20#1 : vector<1xi1>
  vector.print %cmp : vector<1xi1>
  return
}

func.func @compares(%a: i64, %b: i64) {
  %0 = rarith.cmpi eq, %a, %b : i64
  %1 = rarith.cmpi ne, %a, %b : i64
  %2 = rarith.cmpi slt, %a, %b : i64
  %3 = rarith.cmpi sle, %a, %b : i64
  %4 = rarith.cmpi sgt, %a, %b : i64
  %5 = rarith.cmpi sge, %a, %b : i64
  %6 = rarith.cmpi ult, %a, %b : i64
  %7 = rarith.cmpi ule, %a, %b : i64
  %8 = rarith.cmpi ugt, %a, %b : i64
  %9 = rarith.cmpi uge, %a, %b : i64
  %v = vector.from_elements %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : vector<10xi1>
  vector.print %v : vector<10xi1>
  %s = rarith.select %2, %a, %b : i64
  vector.print %s : i64
  return
}

func.func @index_and_casts(%a: index, %b: i8, %c: i64) {
  %0 = rarith.index_cast %a : index to i32
  %1 = rarith.index_castui %a : index to i64
  %2 = rarith.extsi %b : i8 to i32
  %3 = rarith.extui %b : i8 to i32
  %4 = rarith.trunci %c : i64 to i32
  %5 = rarith.trunci %c : i64 to i8
  %6 = rarith.extsi %5 : i8 to i32
  %w = rarith.extui %0 : i32 to i64
  %v = vector.from_elements %0, %2, %3, %4, %6 : vector<5xi32>
  vector.print %v : vector<5xi32>
  vector.print %1 : i64
  vector.print %w : i64
  %i = rarith.index_cast %c : i64 to index
  %s = rarith.addi %a, %i : index
  %d = rarith.floordivsi %s, %a : index
  %e = rarith.ceildivsi %s, %a : index
  vector.print %d : index
  vector.print %e : index
  return
}

func.func @floats_f32(%a: f32, %b: f32) {
  %0 = rarith.addf %a, %b : f32
  %1 = rarith.subf %a, %b : f32
  %2 = rarith.mulf %a, %b : f32
  %3 = rarith.divf %a, %b : f32
  %4 = rarith.remf %a, %b : f32
  %5 = rarith.maximumf %a, %b : f32
  %6 = rarith.minimumf %a, %b : f32
  %7 = rarith.maxnumf %a, %b : f32
  %8 = rarith.minnumf %a, %b : f32
  %9 = rarith.negf %a : f32
  %v = vector.from_elements %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : vector<10xf32>
  vector.print %v : vector<10xf32>
  %c0 = rarith.cmpf oeq, %a, %b : f32
  %c1 = rarith.cmpf olt, %a, %b : f32
  %c2 = rarith.cmpf ule, %a, %b : f32
  %c3 = rarith.cmpf une, %a, %b : f32
  %c4 = rarith.cmpf uno, %a, %b : f32
  %c5 = rarith.cmpf ord, %a, %b : f32
  %c = vector.from_elements %c0, %c1, %c2, %c3, %c4, %c5 : vector<6xi1>
  vector.print %c : vector<6xi1>
  %i = rarith.fptosi %a : f32 to i32
  %u = rarith.fptoui %b : f32 to i16
  %ue = rarith.extui %u : i16 to i32
  %iv = vector.from_elements %i, %ue : vector<2xi32>
  vector.print %iv : vector<2xi32>
  %d = rarith.extf %a : f32 to f64
  vector.print %d : f64
  %h = rarith.truncf %a : f32 to f16
  %hb = rarith.bitcast %h : f16 to i16
  %bf = rarith.truncf %a : f32 to bf16
  %bb = rarith.bitcast %bf : bf16 to i16
  %hv = vector.from_elements %hb, %bb : vector<2xi16>
  vector.print %hv : vector<2xi16>
  %hx = rarith.extf %h : f16 to f32
  %bx = rarith.extf %bf : bf16 to f32
  %xv = vector.from_elements %hx, %bx : vector<2xf32>
  vector.print %xv : vector<2xf32>
  return
}

func.func @int_to_float(%a: i32, %b: i64) {
  %0 = rarith.sitofp %a : i32 to f32
  %1 = rarith.uitofp %a : i32 to f32
  %2 = rarith.sitofp %b : i64 to f64
  %3 = rarith.uitofp %b : i64 to f64
  %4 = rarith.sitofp %a : i32 to f16
  %5 = rarith.uitofp %b : i64 to bf16
  %v = vector.from_elements %0, %1 : vector<2xf32>
  vector.print %v : vector<2xf32>
  %w = vector.from_elements %2, %3 : vector<2xf64>
  vector.print %w : vector<2xf64>
  %x = rarith.extf %4 : f16 to f32
  %y = rarith.extf %5 : bf16 to f32
  %z = vector.from_elements %x, %y : vector<2xf32>
  vector.print %z : vector<2xf32>
  return
}

func.func @vectors(%a: vector<4xi16>, %b: vector<4xi16>, %f: vector<4xf64>) {
  %0 = rarith.muli %a, %b : vector<4xi16>
  %1 = rarith.divsi %a, %b : vector<4xi16>
  %2 = rarith.shrsi %a, %b : vector<4xi16>
  %3 = rarith.cmpi slt, %a, %b : vector<4xi16>
  %4 = rarith.select %3, %a, %b : vector<4xi1>, vector<4xi16>
  %5 = rarith.floordivsi %a, %b : vector<4xi16>
  vector.print %0 : vector<4xi16>
  vector.print %1 : vector<4xi16>
  vector.print %2 : vector<4xi16>
  vector.print %4 : vector<4xi16>
  vector.print %5 : vector<4xi16>
  %g = rarith.mulf %f, %f : vector<4xf64>
  %h = rarith.maximumf %g, %f : vector<4xf64>
  %t = rarith.truncf %h : vector<4xf64> to vector<4xf32>
  vector.print %t : vector<4xf32>
  return
}

func.func @main() {
  %i1 = rarith.constant 2147483647 : i32
  %i2 = rarith.constant -7 : i32
  %i3 = rarith.constant -2147483648 : i32
  %i4 = rarith.constant 13 : i32
  call @ints_i32(%i1, %i2) : (i32, i32) -> ()
  call @ints_i32(%i3, %i4) : (i32, i32) -> ()
  call @ints_i32(%i2, %i4) : (i32, i32) -> ()
  %l1 = rarith.constant -1 : i64
  %l2 = rarith.constant 5 : i64
  call @compares(%l1, %l2) : (i64, i64) -> ()
  call @compares(%l2, %l2) : (i64, i64) -> ()
  %x1 = rarith.constant 7 : index
  %b1 = rarith.constant -100 : i8
  %w1 = rarith.constant 81985529216486895 : i64
  call @index_and_casts(%x1, %b1, %w1) : (index, i8, i64) -> ()
  %f1 = rarith.constant 1.5 : f32
  %f2 = rarith.constant -0.0 : f32
  %f3 = rarith.constant 0x7FC00000 : f32
  %f4 = rarith.constant 3.4e38 : f32
  %f5 = rarith.constant 1.0e-40 : f32
  %f6 = rarith.constant 65520.0 : f32
  %f7 = rarith.constant 300.75 : f32
  call @floats_f32(%f1, %f2) : (f32, f32) -> ()
  call @floats_f32(%f2, %f3) : (f32, f32) -> ()
  call @floats_f32(%f4, %f5) : (f32, f32) -> ()
  call @floats_f32(%f6, %f7) : (f32, f32) -> ()
  call @floats_f32(%f7, %f1) : (f32, f32) -> ()
  %n1 = rarith.constant -123456789 : i32
  %n2 = rarith.constant -1 : i64
  call @int_to_float(%n1, %n2) : (i32, i64) -> ()
  call @int_to_float(%i1, %w1) : (i32, i64) -> ()
  %va = rarith.constant dense<[-32768, 100, -7, 32767]> : vector<4xi16>
  %vb = rarith.constant dense<[-3, 3, 2, -4]> : vector<4xi16>
  %vf = rarith.constant dense<[-0.5, 0x7FF8000000000000, 1.0e200, -2.5]> : vector<4xf64>
  call @vectors(%va, %vb, %vf) : (vector<4xi16>, vector<4xi16>, vector<4xf64>) -> ()
  return
}
