// rarith is seen by convert-to-emitc through its ConvertToEmitCPatternInterface
// (the same patterns as convert-rarith-to-emitc): with func it becomes
// emitc.func, index becomes size_t across signatures, and the output is
// upstream's on the renamed program, in rmlir-opt and in stock mlir-opt with
// the plugin.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-to-emitc | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --convert-to-emitc > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --convert-to-emitc > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: emitc.func @index_math(%arg0: !emitc.size_t, %arg1: !emitc.size_t) -> !emitc.size_t
// CHECK: add %arg0, %arg1 : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
// CHECK: "emitc.constant"() <{value = 3 : index}> : () -> !emitc.size_t
// CHECK-NOT: rarith.
// CHECK: return
func.func @index_math(%i: index, %j: index) -> index {
  %0 = rarith.addi %i, %j : index
  %c3 = rarith.constant 3 : index
  %1 = rarith.muli %0, %c3 : index
  %2 = rarith.shrui %1, %j : index
  return %2 : index
}

// -----

// CHECK-LABEL: emitc.func @mixed
// CHECK-NOT: rarith.
// CHECK: return
func.func @mixed(%a: i32, %b: i32, %f: f32) -> i32 {
  %0 = rarith.addi %a, %b overflow<nsw> : i32
  %1 = rarith.cmpf uno, %f, %f : f32
  %2 = rarith.extui %1 : i1 to i32
  %3 = rarith.subi %0, %2 : i32
  %4 = rarith.fptosi %f : f32 to i32
  %5 = rarith.select %1, %3, %4 : i32
  %6 = rarith.trunci %5 : i32 to i8
  %7 = rarith.extsi %6 : i8 to i32
  return %7 : i32
}

