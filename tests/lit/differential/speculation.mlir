// Differential: ConditionallySpeculatable answers (from Rust) steer upstream's
// loop-invariant code motion exactly as upstream arith's do: divisions by a
// constant other than 0 (and -1 for the signed ones) hoist, others stay.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --loop-invariant-code-motion | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --loop-invariant-code-motion > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --loop-invariant-code-motion > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// CHECK-LABEL: func @hoist
// CHECK: rarith.divui %arg0, %c7
// CHECK: rarith.divsi %arg0, %c7
// CHECK: rarith.ceildivsi %arg0, %c7
// CHECK: scf.for
// CHECK: rarith.divui %arg0, %arg1
// CHECK: rarith.divsi %arg0, %c-1
func.func @hoist(%x: i32, %y: i32, %lb: index, %ub: index, %step: index) {
  %c7 = rarith.constant 7 : i32
  %cm1 = rarith.constant -1 : i32
  scf.for %i = %lb to %ub step %step {
    %0 = rarith.divui %x, %c7 : i32
    %1 = rarith.divsi %x, %c7 : i32
    %2 = rarith.ceildivsi %x, %c7 : i32
    %3 = rarith.divui %x, %y : i32
    %4 = rarith.divsi %x, %cm1 : i32
    "test.use"(%0, %1, %2, %3, %4) : (i32, i32, i32, i32, i32) -> ()
  }
  return
}
