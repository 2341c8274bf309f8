// `cmpf false|true` of an integer-to-float cast against a constant is valid
// IR; upstream's CmpFIntToFPConst reaches llvm_unreachable on it and
// mlir-opt crashes (see docs/upstream-differences.md). rmlir leaves it.
// RUN: rmlir-opt %s --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --canonicalize | FileCheck %s

// CHECK-LABEL: func @always
// CHECK: rarith.cmpf true, %{{.*}}, %{{.*}} : f32
// CHECK: rarith.cmpf false, %{{.*}}, %{{.*}} : f32
func.func @always(%x: i32) -> (i1, i1) {
  %f = rarith.sitofp %x : i32 to f32
  %c = rarith.constant 1.0 : f32
  %t = rarith.cmpf true, %f, %c : f32
  %u = rarith.cmpf false, %f, %c : f32
  return %t, %u : i1, i1
}
