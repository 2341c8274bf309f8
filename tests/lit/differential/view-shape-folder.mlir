// memref's ViewOpShapeFolder is written against arith's constant class;
// rarith carries it as a pattern of its own rooted at memref.view: the
// dynamic sizes of a view that are rarith constants become static dims,
// cast back to the old type. canonicalize gives upstream's output on the
// renamed program, in rmlir-opt and in stock mlir-opt with the plugin.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func.func @all_sizes_constant
// CHECK: %[[V:.*]] = memref.view %arg0[%arg1][] : memref<2048xi8> to memref<7x11xf32>
// CHECK: memref.cast %[[V]] : memref<7x11xf32> to memref<?x?xf32>
func.func @all_sizes_constant(%m: memref<2048xi8>, %shift: index) -> memref<?x?xf32> {
  %c7 = rarith.constant 7 : index
  %c11 = rarith.constant 11 : index
  %0 = memref.view %m[%shift][%c7, %c11] : memref<2048xi8> to memref<?x?xf32>
  return %0 : memref<?x?xf32>
}

// -----

// One size constant, one not; a static dim in between keeps its place.
// CHECK-LABEL: func.func @some_sizes_constant
// CHECK: %[[V:.*]] = memref.view %arg0[%{{.*}}][%arg1] : memref<2048xi8> to memref<4x8x?xf32>
// CHECK: memref.cast %[[V]] : memref<4x8x?xf32> to memref<?x8x?xf32>
func.func @some_sizes_constant(%m: memref<2048xi8>, %n: index) -> memref<?x8x?xf32> {
  %c0 = rarith.constant 0 : index
  %c4 = rarith.constant 4 : index
  %0 = memref.view %m[%c0][%c4, %n] : memref<2048xi8> to memref<?x8x?xf32>
  return %0 : memref<?x8x?xf32>
}

// -----

// Only the byte shift is constant: nothing to fold (the shift stays an
// operand: it has no place in the type).
// CHECK-LABEL: func.func @only_shift_constant
// CHECK: memref.view %arg0[%{{.*}}][%arg1] : memref<2048xi8> to memref<?xf32>
// CHECK-NOT: memref.cast
func.func @only_shift_constant(%m: memref<2048xi8>, %n: index) -> memref<?xf32> {
  %c16 = rarith.constant 16 : index
  %0 = memref.view %m[%c16][%n] : memref<2048xi8> to memref<?xf32>
  return %0 : memref<?xf32>
}

// -----

// The folded view feeds loads: the cast is what they see.
// CHECK-LABEL: func.func @view_then_load
// CHECK: memref.view %arg0[%{{.*}}][] : memref<64xi8> to memref<4x4xf32>
func.func @view_then_load(%m: memref<64xi8>, %i: index) -> f32 {
  %c0 = rarith.constant 0 : index
  %c4 = rarith.constant 4 : index
  %0 = memref.view %m[%c0][%c4, %c4] : memref<64xi8> to memref<?x?xf32>
  %1 = memref.load %0[%i, %i] : memref<?x?xf32>
  return %1 : f32
}

// -----

// In a memory space, which the new view keeps.
// CHECK-LABEL: func.func @memory_space
// CHECK: memref.view %arg0[%{{.*}}][] : memref<256xi8, 3> to memref<8x8xf32, 3>
func.func @memory_space(%m: memref<256xi8, 3>, %s: index) -> memref<?x8xf32, 3> {
  %c8 = rarith.constant 8 : index
  %0 = memref.view %m[%s][%c8] : memref<256xi8, 3> to memref<?x8xf32, 3>
  return %0 : memref<?x8xf32, 3>
}
