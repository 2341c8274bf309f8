// Differential: rarith.bitcast folding and BitcastOfBitcast against upstream.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @bitcasts(%x: i32, %y: f16) {
  %f = rarith.constant -1.5 : f32
  %0 = rarith.bitcast %f : f32 to i32
  %i = rarith.constant 1065353216 : i32
  %1 = rarith.bitcast %i : i32 to f32
  %n = rarith.constant 0x7FC00123 : f32
  %2 = rarith.bitcast %n : f32 to i32
  %h = rarith.constant 0x7E01 : f16
  %3 = rarith.bitcast %h : f16 to bf16
  %v = rarith.constant dense<[1.0, -0.0]> : vector<2xf32>
  %4 = rarith.bitcast %v : vector<2xf32> to vector<2xi32>
  %s = rarith.constant dense<7> : tensor<3xi64>
  %5 = rarith.bitcast %s : tensor<3xi64> to tensor<3xf64>
  %a = rarith.bitcast %x : i32 to f32
  %6 = rarith.bitcast %a : f32 to i32
  %b = rarith.bitcast %y : f16 to i16
  %7 = rarith.bitcast %b : i16 to bf16
  %p = ub.poison : i32
  %8 = rarith.bitcast %p : i32 to f32
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (i32, f32, i32, bf16, vector<2xi32>, tensor<3xf64>, i32, bf16, f32) -> ()
  return
}
