// convert-rarith-to-llvm converts types with MLIR's own LLVM type converter,
// as upstream's pass: complex numbers and memrefs become structs (a select
// of complex values and a bitcast of memrefs lower), tf32 has no LLVM type
// (its constant stays). Same output as upstream, in both tools.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-arith-to-llvm | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --convert-rarith-to-llvm > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-llvm)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @select_complex
// CHECK: llvm.select %arg0, %{{.*}}, %{{.*}} : i1, !llvm.struct<(f32, f32)>
func.func @select_complex(%c: i1, %a: complex<f32>, %b: complex<f32>) -> complex<f32> {
  %0 = rarith.select %c, %a, %b : complex<f32>
  return %0 : complex<f32>
}

// -----

// CHECK-LABEL: func.func @memref_bitcast
// CHECK-NOT: rarith.bitcast
func.func @memref_bitcast(%m: memref<?xi16>) -> memref<?xbf16> {
  %0 = rarith.bitcast %m : memref<?xi16> to memref<?xbf16>
  return %0 : memref<?xbf16>
}

// -----

// CHECK-LABEL: func.func @tf32
// CHECK: rarith.constant 2.000000e+00 : tf32
// CHECK: llvm.mlir.constant(2.000000e+00 : f32) : f32
func.func @tf32() -> (tf32, f32) {
  %0 = rarith.constant 2.0 : tf32
  %1 = rarith.constant 2.0 : f32
  return %0, %1 : tf32, f32
}
