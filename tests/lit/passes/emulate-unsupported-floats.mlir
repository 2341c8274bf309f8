// rarith-emulate-unsupported-floats against upstream's
// arith-emulate-unsupported-floats on the renamed programs, in both tools
// (MLIR's own dialect conversion drives both): every float op, casts,
// vectors and tensors, vector arithmetic, folding during conversion, reuse
// of materialized extensions, several source types and targets.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --arith-emulate-unsupported-floats="source-types=bf16,f8E4M3FN,f8E5M2 target-type=f32" | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --rarith-emulate-unsupported-floats="source-types=bf16,f8E4M3FN,f8E5M2 target-type=f32" > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --pass-pipeline="builtin.module(rarith-emulate-unsupported-floats{source-types=bf16,f8E4M3FN,f8E5M2 target-type=f32})" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir
// The f16 -> f64 variant, and the default target (f32):
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --arith-emulate-unsupported-floats="source-types=f16 target-type=f64" | %from-upstream > %t.up64
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --rarith-emulate-unsupported-floats="source-types=f16 target-type=f64" > %t.r64
// RUN: diff -u %t.up64 %t.r64
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --arith-emulate-unsupported-floats="source-types=bf16" | %from-upstream > %t.updef
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --rarith-emulate-unsupported-floats="source-types=bf16" > %t.rdef
// RUN: diff -u %t.updef %t.rdef

// CHECK-LABEL: func.func @chain
// CHECK-DAG: %[[A:.*]] = rarith.extf %arg0 fastmath<contract> : bf16 to f32
// CHECK-DAG: %[[B:.*]] = rarith.extf %arg1 fastmath<contract> : bf16 to f32
// CHECK: %[[S:.*]] = rarith.addf %[[A]], %[[B]] : f32
// CHECK: rarith.truncf %[[S]] fastmath<contract> : f32 to bf16
func.func @chain(%a: bf16, %b: bf16) -> bf16 {
  %0 = rarith.addf %a, %b : bf16
  %1 = rarith.mulf %0, %a fastmath<nnan> : bf16
  %c = rarith.constant 1.5 : bf16
  %2 = rarith.divf %1, %c : bf16
  return %2 : bf16
}

// -----

func.func @every_op(%a: bf16, %b: bf16, %i: i32, %f: f32, %v: vector<2xbf16>, %t: tensor<3xbf16>, %c: i1, %h: f16, %g: f16) {
  %0 = rarith.addf %a, %b : bf16
  %1 = rarith.subf %a, %b fastmath<fast> : bf16
  %2 = rarith.mulf %a, %b : bf16
  %3 = rarith.divf %a, %b : bf16
  %4 = rarith.remf %a, %b : bf16
  %5 = rarith.negf %a : bf16
  %6 = rarith.maximumf %a, %b : bf16
  %7 = rarith.minimumf %a, %b : bf16
  %8 = rarith.maxnumf %a, %b : bf16
  %9 = rarith.minnumf %a, %b : bf16
  %10 = rarith.cmpf ueq, %a, %b : bf16
  %11 = rarith.sitofp %i : i32 to bf16
  %12 = rarith.uitofp %i : i32 to bf16
  %13 = rarith.fptosi %a : bf16 to i32
  %14 = rarith.fptoui %a : bf16 to i32
  %15 = rarith.extf %a : bf16 to f32
  %16 = rarith.truncf %f : f32 to bf16
  %17 = rarith.bitcast %a : bf16 to i16
  %18 = rarith.addf %v, %v : vector<2xbf16>
  %19 = rarith.mulf %t, %t : tensor<3xbf16>
  %20 = rarith.select %c, %a, %b : bf16
  %21 = rarith.truncf %f to_nearest_away : f32 to bf16
  %22 = rarith.cmpf olt, %v, %v : vector<2xbf16>
  %23 = rarith.addf %h, %g : f16
  %24 = rarith.maximumf %a, %a : bf16
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24) : (bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, bf16, i1, bf16, bf16, i32, i32, f32, bf16, i16, vector<2xbf16>, tensor<3xbf16>, bf16, bf16, vector<2xi1>, f16, bf16) -> ()
  return
}

// -----

func.func @eight_bit(%a: f8E4M3FN, %b: f8E5M2, %x: f32) -> (f8E4M3FN, f8E5M2, i1, f8E4M3FN) {
  %0 = rarith.mulf %a, %a : f8E4M3FN
  %1 = rarith.subf %b, %b : f8E5M2
  %2 = rarith.cmpf ogt, %a, %a : f8E4M3FN
  %3 = rarith.truncf %x : f32 to f8E4M3FN
  %4 = rarith.addf %3, %0 : f8E4M3FN
  return %0, %1, %2, %4 : f8E4M3FN, f8E5M2, i1, f8E4M3FN
}

// -----

func.func @vector_arithmetic(%a: vector<4xbf16>, %b: vector<4xbf16>, %acc: bf16) -> (vector<4xbf16>, bf16) {
  %0 = vector.fma %a, %b, %a : vector<4xbf16>
  %1 = vector.reduction <add>, %a, %acc : vector<4xbf16> into bf16
  %s = vector.broadcast %acc : bf16 to vector<4xbf16>
  %2 = rarith.addf %0, %s : vector<4xbf16>
  return %2, %1 : vector<4xbf16>, bf16
}

// -----

func.func @regions(%c: i1, %a: bf16) -> bf16 {
  %r = scf.if %c -> bf16 {
    %0 = rarith.addf %a, %a : bf16
    scf.yield %0 : bf16
  } else {
    scf.yield %a : bf16
  }
  %n = rarith.negf %r : bf16
  return %n : bf16
}
