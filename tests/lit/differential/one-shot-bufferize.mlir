// one-shot-bufferize works on rarith tensors as on arith's: rarith's
// BufferizableOpInterface (constant -> memref.get_global of a private
// global, index_cast and select on buffers, aliasing their operands) gives
// the same output as upstream's models on the renamed program, in both
// tools, with and without function boundaries, including the copies the
// analysis inserts where a select's result is written.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --one-shot-bufferize="bufferize-function-boundaries" | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --one-shot-bufferize="bufferize-function-boundaries" > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --one-shot-bufferize="bufferize-function-boundaries" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --one-shot-bufferize | %from-upstream > %t.upstream-local
// RUN: rmlir-opt %s --split-input-file --one-shot-bufferize > %t.rmlir-local
// RUN: diff -u %t.upstream-local %t.rmlir-local

// CHECK: memref.global "private" constant @__constant_4xi32 : memref<4xi32> = dense<[1, 2, 3, 4]> {alignment = 64 : i64}
// CHECK-LABEL: func.func @mixed
// CHECK: %[[G:.*]] = memref.get_global @__constant_4xi32 : memref<4xi32>
// CHECK: %[[C:.*]] = memref.cast %[[G]]
// CHECK: rarith.select %arg0, %arg1, %[[C]] : memref<4xi32, strided<[?], offset: ?>>
// CHECK: rarith.index_cast %arg2 : memref<4xi32, strided<[?], offset: ?>> to memref<4xindex, strided<[?], offset: ?>>
func.func @mixed(%c: i1, %t: tensor<4xi32>, %u: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xindex>, tensor<4xi32>) {
  %k = rarith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %s = rarith.select %c, %t, %k : tensor<4xi32>
  %i = rarith.index_cast %u : tensor<4xi32> to tensor<4xindex>
  return %s, %i, %k : tensor<4xi32>, tensor<4xindex>, tensor<4xi32>
}

// -----

// The same constant twice: one global. A write into a select of constants
// copies (globals are read-only).
// CHECK-LABEL: func.func @written
// CHECK: memref.alloc
// CHECK: memref.copy
// CHECK: memref.store
func.func @written(%c: i1, %x: f32) -> (tensor<2xf32>, tensor<2xf32>) {
  %a = rarith.constant dense<1.0> : tensor<2xf32>
  %b = rarith.constant dense<1.0> : tensor<2xf32>
  %z = rarith.constant dense<0.0> : tensor<2xf32>
  %s = rarith.select %c, %a, %z : tensor<2xf32>
  %i = rarith.constant 0 : index
  %w = tensor.insert %x into %s[%i] : tensor<2xf32>
  return %w, %b : tensor<2xf32>, tensor<2xf32>
}

// -----

// index_cast chains and casts back stay in place on one buffer.
// CHECK-LABEL: func.func @chain
// CHECK: rarith.index_cast %{{.*}} : memref<3xi8, strided<[?], offset: ?>> to memref<3xindex, strided<[?], offset: ?>>
func.func @chain(%t: tensor<3xindex>) -> tensor<3xi64> {
  %a = rarith.index_cast %t : tensor<3xindex> to tensor<3xi8>
  %b = rarith.index_cast %a : tensor<3xi8> to tensor<3xindex>
  %c = rarith.index_cast %b : tensor<3xindex> to tensor<3xi64>
  return %c : tensor<3xi64>
}
