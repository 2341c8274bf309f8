// rarith's ops implement upstream arith's own op interfaces
// (ArithFastMathInterface, ArithIntegerOverflowFlagsInterface,
// ArithRoundingModeInterface) on arith's own attribute classes, so C++ code
// written against the interfaces reads and writes rarith ops as it does
// arith's. The test pass asks every op through the interfaces (and, in the
// second run, sets fast-math and overflow flags through them); the answers on
// the rarith program and on its arith renaming are the same, op for op, in
// stock mlir-opt with the plugin loaded.
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(test-rmlir-arith-interfaces)" > %t.ours
// RUN: %to-upstream %s | %mlir-opt-plugin --split-input-file --pass-pipeline="builtin.module(test-rmlir-arith-interfaces)" | %from-upstream > %t.upstream
// RUN: diff -u %t.upstream %t.ours
// RUN: FileCheck %s < %t.ours
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(test-rmlir-arith-interfaces{set-fastmath=3 set-overflow=1})" > %t.ours-set
// RUN: %to-upstream %s | %mlir-opt-plugin --split-input-file --pass-pipeline="builtin.module(test-rmlir-arith-interfaces{set-fastmath=3 set-overflow=1})" | %from-upstream > %t.upstream-set
// RUN: diff -u %t.upstream-set %t.ours-set
// RUN: FileCheck %s --check-prefix=SET < %t.ours-set
// The flags set through the interfaces print in rarith's custom syntax and
// round-trip through rmlir-opt.
// RUN: rmlir-opt %t.ours-set --split-input-file | FileCheck %s --check-prefix=SET

// CHECK-LABEL: func.func @integers
// CHECK: rarith.addi %{{.*}} overflow<nsw, nuw> {test.arith_interfaces = "overflow overflowFlags=3 nsw=true nuw=true"} : i32
// CHECK: rarith.subi %{{.*}} {test.arith_interfaces = "overflow overflowFlags=0 nsw=false nuw=false"} : i32
// CHECK: rarith.muli %{{.*}} overflow<nuw> {test.arith_interfaces = "overflow overflowFlags=2 nsw=false nuw=true"} : vector<4xi32>
// CHECK: rarith.shli %{{.*}} overflow<nsw> {test.arith_interfaces = "overflow overflowFlags=1 nsw=true nuw=false"} : i32
// CHECK: rarith.trunci %{{.*}} overflow<nsw> {test.arith_interfaces = "overflow overflowFlags=1 nsw=true nuw=false"} : i32 to i8
// CHECK: rarith.divsi %{{.*}} : i32
// CHECK-NOT: test.arith_interfaces
// CHECK: return
// SET-LABEL: func.func @integers
// SET: rarith.addi %{{.*}} overflow<nsw> {test.arith_interfaces = "overflow overflowFlags=1 nsw=true nuw=false"} : i32
// SET: rarith.subi %{{.*}} overflow<nsw> {test.arith_interfaces = "overflow overflowFlags=1 nsw=true nuw=false"} : i32
// SET: rarith.trunci %{{.*}} overflow<nsw>
// SET: rarith.divsi %{{.*}} : i32
func.func @integers(%a: i32, %v: vector<4xi32>) -> (i32, vector<4xi32>, i8, i32) {
  %0 = rarith.addi %a, %a overflow<nsw, nuw> : i32
  %1 = rarith.subi %0, %a : i32
  %2 = rarith.muli %v, %v overflow<nuw> : vector<4xi32>
  %3 = rarith.shli %1, %a overflow<nsw> : i32
  %4 = rarith.trunci %3 overflow<nsw> : i32 to i8
  %5 = rarith.divsi %3, %a : i32
  return %3, %2, %4, %5 : i32, vector<4xi32>, i8, i32
}

// -----

// CHECK-LABEL: func.func @floats
// CHECK: rarith.addf %{{.*}} fastmath<fast> {test.arith_interfaces = "fastmath fastmath=127"} : f32
// CHECK: rarith.mulf %{{.*}} {test.arith_interfaces = "fastmath fastmath=0"} : f32
// CHECK: rarith.negf %{{.*}} fastmath<nnan> {test.arith_interfaces = "fastmath fastmath=2"} : f32
// CHECK: rarith.maximumf %{{.*}} fastmath<nsz> {test.arith_interfaces = "fastmath fastmath=8"} : f32
// CHECK: rarith.cmpf olt, %{{.*}} fastmath<ninf> {test.arith_interfaces = "fastmath fastmath=4"} : f32
// CHECK: rarith.extf %{{.*}} {test.arith_interfaces = "fastmath fastmath=absent"} : f32 to f64
// CHECK: rarith.extf %{{.*}} fastmath<contract> {test.arith_interfaces = "fastmath fastmath=32"} : f32 to f64
// CHECK: rarith.truncf %{{.*}} {test.arith_interfaces = "fastmath fastmath=absent; rounding roundingmode=absent"} : f64 to f32
// CHECK: rarith.truncf %{{.*}} downward fastmath<afn> {test.arith_interfaces = "fastmath fastmath=64; rounding roundingmode=1"} : f64 to f32
// CHECK: rarith.scaling_extf %{{.*}} {test.arith_interfaces = "fastmath fastmath=absent"} : f8E4M3FN, f8E8M0FNU to f32
// CHECK: rarith.scaling_truncf %{{.*}} to_nearest_away {test.arith_interfaces = "fastmath fastmath=absent; rounding roundingmode=4"} : f32, f8E8M0FNU to f8E4M3FN
// CHECK: rarith.sitofp %{{.*}} : i32 to f32
// CHECK-NOT: test.arith_interfaces
// CHECK: return
// SET-LABEL: func.func @floats
// SET: rarith.addf %{{.*}} fastmath<reassoc,nnan> {test.arith_interfaces = "fastmath fastmath=3"} : f32
// SET: rarith.extf %{{.*}} fastmath<reassoc,nnan> {test.arith_interfaces = "fastmath fastmath=3"} : f32 to f64
// SET: rarith.truncf %{{.*}} downward fastmath<reassoc,nnan> {test.arith_interfaces = "fastmath fastmath=3; rounding roundingmode=1"} : f64 to f32
// SET: rarith.sitofp %{{.*}} : i32 to f32
func.func @floats(%a: f32, %d: f64, %e: f8E4M3FN, %s: f8E8M0FNU, %i: i32)
    -> (f32, f32, f32, f32, i1, f64, f64, f32, f32, f32, f8E4M3FN, f32) {
  %0 = rarith.addf %a, %a fastmath<fast> : f32
  %1 = rarith.mulf %0, %a : f32
  %2 = rarith.negf %1 fastmath<nnan> : f32
  %3 = rarith.maximumf %2, %a fastmath<nsz> : f32
  %4 = rarith.cmpf olt, %3, %a fastmath<ninf> : f32
  %5 = rarith.extf %a : f32 to f64
  %6 = rarith.extf %a fastmath<contract> : f32 to f64
  %7 = rarith.truncf %d : f64 to f32
  %8 = rarith.truncf %d downward fastmath<afn> : f64 to f32
  %9 = rarith.scaling_extf %e, %s : f8E4M3FN, f8E8M0FNU to f32
  %10 = rarith.scaling_truncf %a, %s to_nearest_away : f32, f8E8M0FNU to f8E4M3FN
  %11 = rarith.sitofp %i : i32 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11
      : f32, f32, f32, f32, i1, f64, f64, f32, f32, f32, f8E4M3FN, f32
}
