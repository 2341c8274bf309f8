// Floats LLVM has no type for (f8*, f6*, f4E2M1FN, f8E8M0FNU, tf32) become
// integers of their width, as upstream's LLVM type converter makes them:
// constants keep their float attribute at the integer type, bitcasts to
// and from the same-width integer vanish, select moves the bits, and float
// arithmetic on them stays (their integer stand-ins cannot compute). The
// f4E2M1FN casts that rarith-expand{include-f4e2m1} expands into integer
// code then lower completely. Same output as upstream, in both tools, for
// convert-rarith-to-llvm and for convert-to-llvm.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --arith-expand=include-f4e2m1 --convert-arith-to-llvm | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --rarith-expand=include-f4e2m1 --convert-rarith-to-llvm > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(rarith-expand{include-f4e2m1},convert-rarith-to-llvm)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-to-llvm | %from-upstream > %t.generic-upstream
// RUN: rmlir-opt %s --split-input-file --convert-to-llvm > %t.generic-rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --convert-to-llvm > %t.generic-plugin
// RUN: diff -u %t.generic-upstream %t.generic-rmlir
// RUN: diff -u %t.generic-upstream %t.generic-plugin

// CHECK-LABEL: func.func @f4_casts
// CHECK-NOT: llvm.bitcast %{{.*}} : i4 to f4E2M1FN
// CHECK: llvm.mlir.constant(1.500000e+00 : f8E4M3FN) : i8
// CHECK-NOT: rarith.
// CHECK: return
func.func @f4_casts(%a: f32, %b: f4E2M1FN, %c: f8E4M3FN) -> (f4E2M1FN, f32, f8E4M3FN, i8) {
  %0 = rarith.truncf %a : f32 to f4E2M1FN
  %1 = rarith.extf %b : f4E2M1FN to f32
  %2 = rarith.constant 1.5 : f8E4M3FN
  %3 = rarith.bitcast %c : f8E4M3FN to i8
  return %0, %1, %2, %3 : f4E2M1FN, f32, f8E4M3FN, i8
}

// -----

// CHECK-LABEL: func.func @f8_ops
// CHECK: rarith.addf %{{.*}}, %{{.*}} : f8E4M3FN
// CHECK: rarith.cmpf olt, %{{.*}}, %{{.*}} : f8E5M2
// CHECK: llvm.select %{{.*}}, %{{.*}}, %{{.*}} : i1, i8
func.func @f8_ops(%a: f8E4M3FN, %b: f8E5M2, %v: vector<2xf8E4M3FN>, %c: i1, %e: f8E8M0FNU) -> (f8E4M3FN, f32, i1, vector<2xf8E4M3FN>, f8E5M2, f8E4M3FN, i8, i8) {
  %0 = rarith.addf %a, %a : f8E4M3FN
  %1 = rarith.extf %a : f8E4M3FN to f32
  %2 = rarith.cmpf olt, %b, %b : f8E5M2
  %3 = rarith.negf %v : vector<2xf8E4M3FN>
  %4 = rarith.truncf %1 : f32 to f8E5M2
  %5 = rarith.select %c, %a, %0 : f8E4M3FN
  %6 = rarith.bitcast %a : f8E4M3FN to i8
  %7 = rarith.bitcast %e : f8E8M0FNU to i8
  return %0, %1, %2, %3, %4, %5, %6, %7 : f8E4M3FN, f32, i1, vector<2xf8E4M3FN>, f8E5M2, f8E4M3FN, i8, i8
}
