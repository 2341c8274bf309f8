// mulsi_extended(x, 1) on index: upstream's MulSIExtendedRHSOne rewrites the
// high half to `extsi (i1) -> index`, which is invalid, and canonicalize fails
// on valid IR (see docs/upstream-differences.md). rmlir does not apply the
// pattern to index; integer types still rewrite.
// RUN: rmlir-opt %s --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --canonicalize | FileCheck %s

// CHECK-LABEL: func @index
// CHECK: rarith.mulsi_extended %arg0, %{{.*}} : index
func.func @index(%x: index) -> (index, index) {
  %one = rarith.constant 1 : index
  %lo, %hi = rarith.mulsi_extended %x, %one : index
  return %lo, %hi : index, index
}

// CHECK-LABEL: func @i32
// CHECK: %[[C:.*]] = rarith.cmpi slt, %arg0, %{{.*}} : i32
// CHECK: %[[H:.*]] = rarith.extsi %[[C]] : i1 to i32
// CHECK: return %arg0, %[[H]]
func.func @i32(%x: i32) -> (i32, i32) {
  %one = rarith.constant 1 : i32
  %lo, %hi = rarith.mulsi_extended %x, %one : i32
  return %lo, %hi : i32, i32
}
