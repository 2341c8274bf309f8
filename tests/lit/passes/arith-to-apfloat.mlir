// convert-rarith-to-apfloat against upstream's convert-arith-to-apfloat on
// the renamed programs, in both tools: every op it converts as upstream does,
// every float format below 64 bits, every cmpf predicate, vectors
// (unrolled), runtime declarations created once at the top and reused.
// (remf and fptosi/fptoui differ on purpose: arith-to-apfloat-semantics.mlir.)
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --convert-arith-to-apfloat | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --convert-rarith-to-apfloat > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-apfloat)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: module
// CHECK: func.func private @_mlir_apfloat_multiply(i32, i64, i64) -> i64
// CHECK-LABEL: func.func @first
// CHECK: %[[SEM:.*]] = rarith.constant 0 : i32
// CHECK: call @_mlir_apfloat_multiply(%[[SEM]],
func.func @first(%a: f16, %b: f16) -> f16 {
  %0 = rarith.mulf %a, %b : f16
  return %0 : f16
}
func.func @every_op(%a: f8E4M3FN, %b: f8E4M3FN, %x: f32, %i: i32, %v: vector<2xf16>) {
  %0 = rarith.addf %a, %b : f8E4M3FN
  %1 = rarith.subf %a, %b : f8E4M3FN
  %2 = rarith.divf %a, %b : f8E4M3FN
  %3 = rarith.addf %b, %a : f8E4M3FN
  %4 = rarith.minnumf %a, %b : f8E4M3FN
  %5 = rarith.maxnumf %a, %b : f8E4M3FN
  %6 = rarith.minimumf %a, %b : f8E4M3FN
  %7 = rarith.maximumf %a, %b : f8E4M3FN
  %8 = rarith.negf %a : f8E4M3FN
  %9 = rarith.uitofp %i : i32 to f8E4M3FN
  %10 = rarith.sitofp %i : i32 to f8E4M3FN
  %11 = rarith.bitcast %a : f8E4M3FN to i8
  %12 = rarith.cmpf true, %a, %b : f8E4M3FN
  %13 = rarith.addf %v, %v : vector<2xf16>
  %14 = rarith.mulf %a, %b fastmath<fast> : f8E4M3FN
  %15 = rarith.extf %a : f8E4M3FN to f32
  %16 = rarith.truncf %x : f32 to f8E4M3FN
  %17 = rarith.bitcast %a : f8E4M3FN to i8
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17) : (f8E4M3FN, f8E4M3FN, f8E4M3FN, f8E4M3FN, f8E4M3FN, f8E4M3FN, f8E4M3FN, f8E4M3FN, f8E4M3FN, f8E4M3FN, f8E4M3FN, i8, i1, vector<2xf16>, f8E4M3FN, f32, f8E4M3FN, i8) -> ()
  return
}

// -----

func.func @formats(%a: bf16, %b: f8E5M2, %c: f8E4M3, %d: f8E5M2FNUZ, %e: f8E4M3FNUZ, %f: f8E4M3B11FNUZ, %g: f8E3M4, %h: f6E3M2FN, %i: f6E2M3FN, %j: f4E2M1FN, %l: f8E8M0FNU, %m: tf32) {
  %0 = rarith.addf %a, %a : bf16
  %1 = rarith.addf %b, %b : f8E5M2
  %2 = rarith.addf %c, %c : f8E4M3
  %3 = rarith.addf %d, %d : f8E5M2FNUZ
  %4 = rarith.addf %e, %e : f8E4M3FNUZ
  %5 = rarith.addf %f, %f : f8E4M3B11FNUZ
  %6 = rarith.addf %g, %g : f8E3M4
  %7 = rarith.addf %h, %h : f6E3M2FN
  %8 = rarith.addf %i, %i : f6E2M3FN
  %9 = rarith.addf %j, %j : f4E2M1FN
  %10 = rarith.extf %l : f8E8M0FNU to f32
  %11 = rarith.addf %m, %m : tf32
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11) : (bf16, f8E5M2, f8E4M3, f8E5M2FNUZ, f8E4M3FNUZ, f8E4M3B11FNUZ, f8E3M4, f6E3M2FN, f6E2M3FN, f4E2M1FN, f32, tf32) -> ()
  return
}

// -----

func.func @predicates(%a: f16, %b: f16, %v: vector<2x2xf16>, %w: vector<2x2xf16>) {
  %0 = rarith.cmpf oeq, %a, %b : f16
  %1 = rarith.cmpf ogt, %a, %b : f16
  %2 = rarith.cmpf oge, %a, %b : f16
  %3 = rarith.cmpf olt, %a, %b : f16
  %4 = rarith.cmpf ole, %a, %b : f16
  %5 = rarith.cmpf one, %a, %b : f16
  %6 = rarith.cmpf ord, %a, %b : f16
  %7 = rarith.cmpf ueq, %a, %b : f16
  %8 = rarith.cmpf ugt, %a, %b : f16
  %9 = rarith.cmpf uge, %a, %b : f16
  %10 = rarith.cmpf ult, %a, %b : f16
  %11 = rarith.cmpf ule, %a, %b : f16
  %12 = rarith.cmpf une, %a, %b : f16
  %13 = rarith.cmpf uno, %a, %b : f16
  %14 = rarith.cmpf false, %a, %b : f16
  %15 = rarith.cmpf ule, %v, %w : vector<2x2xf16>
  %16 = rarith.extf %v : vector<2x2xf16> to vector<2x2xf32>
  %17 = rarith.truncf %16 to_nearest_away : vector<2x2xf32> to vector<2x2xbf16>
  %n = rarith.constant 5 : i64
  %18 = rarith.sitofp %n : i64 to f16
  %19 = rarith.bitcast %a : f16 to i16
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, vector<2x2xi1>, vector<2x2xf32>, vector<2x2xbf16>, f16, i16) -> ()
  return
}

// -----

// Too wide for the runtime's i64: left alone.
func.func @wide(%a: f128, %i: i128, %f: f16) -> (f128, f16, i128) {
  %0 = rarith.addf %a, %a : f128
  %1 = rarith.sitofp %i : i128 to f16
  %2 = rarith.fptosi %f : f16 to i128
  return %0, %1, %2 : f128, f16, i128
}

// -----

// An existing declaration of the right type is reused.
func.func private @_mlir_apfloat_add(i32, i64, i64) -> i64
func.func @reuse(%a: f16) -> f16 {
  %0 = rarith.addf %a, %a : f16
  return %0 : f16
}
