// convert-rarith-to-spirv gives upstream's convert-arith-to-spirv output on
// the renamed program, on MLIR's own SPIR-V type converter and target for
// each module's target environment: Shader with every width, Shader with
// 32-bit emulation, and Kernel; in rmlir-opt and in stock mlir-opt with the
// plugin; and with the pass's options turned off, where the bare Shader
// module is refused (no emulation) with the same diagnostics.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-arith-to-spirv | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --convert-rarith-to-spirv > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-spirv)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: %to-upstream %s | not %upstream-mlir-opt --split-input-file --convert-arith-to-spirv="emulate-lt-32-bit-scalar-types=false emulate-unsupported-float-types=false" -o /dev/null 2>&1 | %from-upstream | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.upstream.off
// RUN: not rmlir-opt %s --split-input-file --convert-rarith-to-spirv="emulate-lt-32-bit-scalar-types=false emulate-unsupported-float-types=false" -o /dev/null 2>&1 | sed -E 's/^[^:]*:([0-9]+):[0-9]+:/\1:/' > %t.rmlir.off
// RUN: diff -u %t.upstream.off %t.rmlir.off
// RUN: FileCheck %s < %t.rmlir
// RUN: FileCheck %s --check-prefix=OFF < %t.rmlir.off
// OFF: error: failed to legalize operation 'rarith.

// A Shader target with every width: direct lowerings, GLSL's min/max and SAbs,
// overflow flags as decorations (the target has the extension).
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Int8, Int16, Int64, Float16, Float64], [SPV_KHR_no_integer_wrap_decoration]>, #spirv.resource_limits<>>} {
// CHECK-LABEL: func.func @int_i8
func.func @int_i8(%a: i8, %b: i8) {
  %0 = rarith.addi %a, %b : i8
  %1 = rarith.subi %a, %b : i8
  %2 = rarith.muli %a, %b : i8
  %3 = rarith.divsi %a, %b : i8
  %4 = rarith.divui %a, %b : i8
  %5 = rarith.remsi %a, %b : i8
  %6 = rarith.remui %a, %b : i8
  %7 = rarith.andi %a, %b : i8
  %8 = rarith.ori %a, %b : i8
  %9 = rarith.xori %a, %b : i8
  %10 = rarith.shli %a, %b : i8
  %11 = rarith.shrsi %a, %b : i8
  %12 = rarith.shrui %a, %b : i8
  %13 = rarith.maxsi %a, %b : i8
  %14 = rarith.maxui %a, %b : i8
  %15 = rarith.minsi %a, %b : i8
  %16 = rarith.minui %a, %b : i8
  %n0 = rarith.addi %a, %b overflow<nsw> : i8
  %n1 = rarith.muli %a, %b overflow<nsw, nuw> : i8
  %n2 = rarith.shli %a, %b overflow<nuw> : i8
  %c0 = rarith.cmpi eq, %a, %b : i8
  %c1 = rarith.cmpi ne, %a, %b : i8
  %c2 = rarith.cmpi slt, %a, %b : i8
  %c3 = rarith.cmpi sle, %a, %b : i8
  %c4 = rarith.cmpi sgt, %a, %b : i8
  %c5 = rarith.cmpi sge, %a, %b : i8
  %c6 = rarith.cmpi ult, %a, %b : i8
  %c7 = rarith.cmpi ule, %a, %b : i8
  %c8 = rarith.cmpi ugt, %a, %b : i8
  %c9 = rarith.cmpi uge, %a, %b : i8
  return
}

// CHECK-LABEL: func.func @int_i16
func.func @int_i16(%a: i16, %b: i16) {
  %0 = rarith.addi %a, %b : i16
  %1 = rarith.subi %a, %b : i16
  %2 = rarith.muli %a, %b : i16
  %3 = rarith.divsi %a, %b : i16
  %4 = rarith.divui %a, %b : i16
  %5 = rarith.remsi %a, %b : i16
  %6 = rarith.remui %a, %b : i16
  %7 = rarith.andi %a, %b : i16
  %8 = rarith.ori %a, %b : i16
  %9 = rarith.xori %a, %b : i16
  %10 = rarith.shli %a, %b : i16
  %11 = rarith.shrsi %a, %b : i16
  %12 = rarith.shrui %a, %b : i16
  %13 = rarith.maxsi %a, %b : i16
  %14 = rarith.maxui %a, %b : i16
  %15 = rarith.minsi %a, %b : i16
  %16 = rarith.minui %a, %b : i16
  %n0 = rarith.addi %a, %b overflow<nsw> : i16
  %n1 = rarith.muli %a, %b overflow<nsw, nuw> : i16
  %n2 = rarith.shli %a, %b overflow<nuw> : i16
  %c0 = rarith.cmpi eq, %a, %b : i16
  %c1 = rarith.cmpi ne, %a, %b : i16
  %c2 = rarith.cmpi slt, %a, %b : i16
  %c3 = rarith.cmpi sle, %a, %b : i16
  %c4 = rarith.cmpi sgt, %a, %b : i16
  %c5 = rarith.cmpi sge, %a, %b : i16
  %c6 = rarith.cmpi ult, %a, %b : i16
  %c7 = rarith.cmpi ule, %a, %b : i16
  %c8 = rarith.cmpi ugt, %a, %b : i16
  %c9 = rarith.cmpi uge, %a, %b : i16
  return
}

// CHECK-LABEL: func.func @int_i32
// CHECK: spirv.IAdd %arg0, %arg1 : i32
// CHECK: %[[A:.*]] = spirv.GL.SAbs %arg0 : i32
// CHECK: spirv.UMod %[[A]]
// CHECK: spirv.IAdd %arg0, %arg1 {no_signed_wrap} : i32
// CHECK: spirv.ULessThan %arg0, %arg1 : i32
func.func @int_i32(%a: i32, %b: i32) {
  %0 = rarith.addi %a, %b : i32
  %1 = rarith.subi %a, %b : i32
  %2 = rarith.muli %a, %b : i32
  %3 = rarith.divsi %a, %b : i32
  %4 = rarith.divui %a, %b : i32
  %5 = rarith.remsi %a, %b : i32
  %6 = rarith.remui %a, %b : i32
  %7 = rarith.andi %a, %b : i32
  %8 = rarith.ori %a, %b : i32
  %9 = rarith.xori %a, %b : i32
  %10 = rarith.shli %a, %b : i32
  %11 = rarith.shrsi %a, %b : i32
  %12 = rarith.shrui %a, %b : i32
  %13 = rarith.maxsi %a, %b : i32
  %14 = rarith.maxui %a, %b : i32
  %15 = rarith.minsi %a, %b : i32
  %16 = rarith.minui %a, %b : i32
  %n0 = rarith.addi %a, %b overflow<nsw> : i32
  %n1 = rarith.muli %a, %b overflow<nsw, nuw> : i32
  %n2 = rarith.shli %a, %b overflow<nuw> : i32
  %c0 = rarith.cmpi eq, %a, %b : i32
  %c1 = rarith.cmpi ne, %a, %b : i32
  %c2 = rarith.cmpi slt, %a, %b : i32
  %c3 = rarith.cmpi sle, %a, %b : i32
  %c4 = rarith.cmpi sgt, %a, %b : i32
  %c5 = rarith.cmpi sge, %a, %b : i32
  %c6 = rarith.cmpi ult, %a, %b : i32
  %c7 = rarith.cmpi ule, %a, %b : i32
  %c8 = rarith.cmpi ugt, %a, %b : i32
  %c9 = rarith.cmpi uge, %a, %b : i32
  return
}

// CHECK-LABEL: func.func @int_i64
func.func @int_i64(%a: i64, %b: i64) {
  %0 = rarith.addi %a, %b : i64
  %1 = rarith.subi %a, %b : i64
  %2 = rarith.muli %a, %b : i64
  %3 = rarith.divsi %a, %b : i64
  %4 = rarith.divui %a, %b : i64
  %5 = rarith.remsi %a, %b : i64
  %6 = rarith.remui %a, %b : i64
  %7 = rarith.andi %a, %b : i64
  %8 = rarith.ori %a, %b : i64
  %9 = rarith.xori %a, %b : i64
  %10 = rarith.shli %a, %b : i64
  %11 = rarith.shrsi %a, %b : i64
  %12 = rarith.shrui %a, %b : i64
  %13 = rarith.maxsi %a, %b : i64
  %14 = rarith.maxui %a, %b : i64
  %15 = rarith.minsi %a, %b : i64
  %16 = rarith.minui %a, %b : i64
  %n0 = rarith.addi %a, %b overflow<nsw> : i64
  %n1 = rarith.muli %a, %b overflow<nsw, nuw> : i64
  %n2 = rarith.shli %a, %b overflow<nuw> : i64
  %c0 = rarith.cmpi eq, %a, %b : i64
  %c1 = rarith.cmpi ne, %a, %b : i64
  %c2 = rarith.cmpi slt, %a, %b : i64
  %c3 = rarith.cmpi sle, %a, %b : i64
  %c4 = rarith.cmpi sgt, %a, %b : i64
  %c5 = rarith.cmpi sge, %a, %b : i64
  %c6 = rarith.cmpi ult, %a, %b : i64
  %c7 = rarith.cmpi ule, %a, %b : i64
  %c8 = rarith.cmpi ugt, %a, %b : i64
  %c9 = rarith.cmpi uge, %a, %b : i64
  return
}

// CHECK-LABEL: func.func @int_vector4xi32
func.func @int_vector4xi32(%a: vector<4xi32>, %b: vector<4xi32>) {
  %0 = rarith.addi %a, %b : vector<4xi32>
  %1 = rarith.subi %a, %b : vector<4xi32>
  %2 = rarith.muli %a, %b : vector<4xi32>
  %3 = rarith.divsi %a, %b : vector<4xi32>
  %4 = rarith.divui %a, %b : vector<4xi32>
  %5 = rarith.remsi %a, %b : vector<4xi32>
  %6 = rarith.remui %a, %b : vector<4xi32>
  %7 = rarith.andi %a, %b : vector<4xi32>
  %8 = rarith.ori %a, %b : vector<4xi32>
  %9 = rarith.xori %a, %b : vector<4xi32>
  %10 = rarith.shli %a, %b : vector<4xi32>
  %11 = rarith.shrsi %a, %b : vector<4xi32>
  %12 = rarith.shrui %a, %b : vector<4xi32>
  %13 = rarith.maxsi %a, %b : vector<4xi32>
  %14 = rarith.maxui %a, %b : vector<4xi32>
  %15 = rarith.minsi %a, %b : vector<4xi32>
  %16 = rarith.minui %a, %b : vector<4xi32>
  %n0 = rarith.addi %a, %b overflow<nsw> : vector<4xi32>
  %n1 = rarith.muli %a, %b overflow<nsw, nuw> : vector<4xi32>
  %n2 = rarith.shli %a, %b overflow<nuw> : vector<4xi32>
  %c0 = rarith.cmpi eq, %a, %b : vector<4xi32>
  %c1 = rarith.cmpi ne, %a, %b : vector<4xi32>
  %c2 = rarith.cmpi slt, %a, %b : vector<4xi32>
  %c3 = rarith.cmpi sle, %a, %b : vector<4xi32>
  %c4 = rarith.cmpi sgt, %a, %b : vector<4xi32>
  %c5 = rarith.cmpi sge, %a, %b : vector<4xi32>
  %c6 = rarith.cmpi ult, %a, %b : vector<4xi32>
  %c7 = rarith.cmpi ule, %a, %b : vector<4xi32>
  %c8 = rarith.cmpi ugt, %a, %b : vector<4xi32>
  %c9 = rarith.cmpi uge, %a, %b : vector<4xi32>
  return
}

// CHECK-LABEL: func.func @bools
func.func @bools(%a: i1, %b: i1, %v: vector<2xi1>, %w: vector<2xi1>) {
  %0 = rarith.andi %a, %b : i1
  %1 = rarith.ori %a, %b : i1
  %2 = rarith.xori %a, %b : i1
  %3 = rarith.xori %v, %w : vector<2xi1>
  %4 = rarith.cmpi eq, %a, %b : i1
  %5 = rarith.cmpi ne, %v, %w : vector<2xi1>
  %6 = rarith.cmpi ult, %a, %b : i1
  %7 = rarith.cmpi uge, %v, %w : vector<2xi1>
  return
}

// CHECK-LABEL: func.func @float_f16
func.func @float_f16(%a: f16, %b: f16) {
  %0 = rarith.addf %a, %b : f16
  %1 = rarith.subf %a, %b : f16
  %2 = rarith.mulf %a, %b : f16
  %3 = rarith.divf %a, %b : f16
  %4 = rarith.remf %a, %b : f16
  %5 = rarith.maximumf %a, %b : f16
  %6 = rarith.minimumf %a, %b : f16
  %7 = rarith.maxnumf %a, %b : f16
  %8 = rarith.minnumf %a, %b : f16
  %n = rarith.negf %a : f16
  %m0 = rarith.maximumf %a, %b fastmath<nnan> : f16
  %m1 = rarith.minnumf %a, %b fastmath<nnan> : f16
  %c0 = rarith.cmpf oeq, %a, %b : f16
  %c1 = rarith.cmpf ogt, %a, %b : f16
  %c2 = rarith.cmpf oge, %a, %b : f16
  %c3 = rarith.cmpf olt, %a, %b : f16
  %c4 = rarith.cmpf ole, %a, %b : f16
  %c5 = rarith.cmpf one, %a, %b : f16
  %c6 = rarith.cmpf ord, %a, %b : f16
  %c7 = rarith.cmpf ueq, %a, %b : f16
  %c8 = rarith.cmpf ugt, %a, %b : f16
  %c9 = rarith.cmpf uge, %a, %b : f16
  %c10 = rarith.cmpf ult, %a, %b : f16
  %c11 = rarith.cmpf ule, %a, %b : f16
  %c12 = rarith.cmpf une, %a, %b : f16
  %c13 = rarith.cmpf uno, %a, %b : f16
  %u = rarith.cmpf uno, %a, %b fastmath<nnan> : f16
  %o = rarith.cmpf ord, %a, %b fastmath<fast> : f16
  return
}

// CHECK-LABEL: func.func @float_f32
// CHECK: %[[M:.*]] = spirv.GL.FMax %arg0, %arg1 : f32
// CHECK: %[[N:.*]] = spirv.IsNan %arg0 : f32
// CHECK: spirv.Select %[[N]], %arg0, %[[M]] : i1, f32
func.func @float_f32(%a: f32, %b: f32) {
  %0 = rarith.addf %a, %b : f32
  %1 = rarith.subf %a, %b : f32
  %2 = rarith.mulf %a, %b : f32
  %3 = rarith.divf %a, %b : f32
  %4 = rarith.remf %a, %b : f32
  %5 = rarith.maximumf %a, %b : f32
  %6 = rarith.minimumf %a, %b : f32
  %7 = rarith.maxnumf %a, %b : f32
  %8 = rarith.minnumf %a, %b : f32
  %n = rarith.negf %a : f32
  %m0 = rarith.maximumf %a, %b fastmath<nnan> : f32
  %m1 = rarith.minnumf %a, %b fastmath<nnan> : f32
  %c0 = rarith.cmpf oeq, %a, %b : f32
  %c1 = rarith.cmpf ogt, %a, %b : f32
  %c2 = rarith.cmpf oge, %a, %b : f32
  %c3 = rarith.cmpf olt, %a, %b : f32
  %c4 = rarith.cmpf ole, %a, %b : f32
  %c5 = rarith.cmpf one, %a, %b : f32
  %c6 = rarith.cmpf ord, %a, %b : f32
  %c7 = rarith.cmpf ueq, %a, %b : f32
  %c8 = rarith.cmpf ugt, %a, %b : f32
  %c9 = rarith.cmpf uge, %a, %b : f32
  %c10 = rarith.cmpf ult, %a, %b : f32
  %c11 = rarith.cmpf ule, %a, %b : f32
  %c12 = rarith.cmpf une, %a, %b : f32
  %c13 = rarith.cmpf uno, %a, %b : f32
  %u = rarith.cmpf uno, %a, %b fastmath<nnan> : f32
  %o = rarith.cmpf ord, %a, %b fastmath<fast> : f32
  return
}

// CHECK-LABEL: func.func @float_f64
func.func @float_f64(%a: f64, %b: f64) {
  %0 = rarith.addf %a, %b : f64
  %1 = rarith.subf %a, %b : f64
  %2 = rarith.mulf %a, %b : f64
  %3 = rarith.divf %a, %b : f64
  %4 = rarith.remf %a, %b : f64
  %5 = rarith.maximumf %a, %b : f64
  %6 = rarith.minimumf %a, %b : f64
  %7 = rarith.maxnumf %a, %b : f64
  %8 = rarith.minnumf %a, %b : f64
  %n = rarith.negf %a : f64
  %m0 = rarith.maximumf %a, %b fastmath<nnan> : f64
  %m1 = rarith.minnumf %a, %b fastmath<nnan> : f64
  %c0 = rarith.cmpf oeq, %a, %b : f64
  %c1 = rarith.cmpf ogt, %a, %b : f64
  %c2 = rarith.cmpf oge, %a, %b : f64
  %c3 = rarith.cmpf olt, %a, %b : f64
  %c4 = rarith.cmpf ole, %a, %b : f64
  %c5 = rarith.cmpf one, %a, %b : f64
  %c6 = rarith.cmpf ord, %a, %b : f64
  %c7 = rarith.cmpf ueq, %a, %b : f64
  %c8 = rarith.cmpf ugt, %a, %b : f64
  %c9 = rarith.cmpf uge, %a, %b : f64
  %c10 = rarith.cmpf ult, %a, %b : f64
  %c11 = rarith.cmpf ule, %a, %b : f64
  %c12 = rarith.cmpf une, %a, %b : f64
  %c13 = rarith.cmpf uno, %a, %b : f64
  %u = rarith.cmpf uno, %a, %b fastmath<nnan> : f64
  %o = rarith.cmpf ord, %a, %b fastmath<fast> : f64
  return
}

// CHECK-LABEL: func.func @float_vector4xf32
func.func @float_vector4xf32(%a: vector<4xf32>, %b: vector<4xf32>) {
  %0 = rarith.addf %a, %b : vector<4xf32>
  %1 = rarith.subf %a, %b : vector<4xf32>
  %2 = rarith.mulf %a, %b : vector<4xf32>
  %3 = rarith.divf %a, %b : vector<4xf32>
  %4 = rarith.remf %a, %b : vector<4xf32>
  %5 = rarith.maximumf %a, %b : vector<4xf32>
  %6 = rarith.minimumf %a, %b : vector<4xf32>
  %7 = rarith.maxnumf %a, %b : vector<4xf32>
  %8 = rarith.minnumf %a, %b : vector<4xf32>
  %n = rarith.negf %a : vector<4xf32>
  %m0 = rarith.maximumf %a, %b fastmath<nnan> : vector<4xf32>
  %m1 = rarith.minnumf %a, %b fastmath<nnan> : vector<4xf32>
  %c0 = rarith.cmpf oeq, %a, %b : vector<4xf32>
  %c1 = rarith.cmpf ogt, %a, %b : vector<4xf32>
  %c2 = rarith.cmpf oge, %a, %b : vector<4xf32>
  %c3 = rarith.cmpf olt, %a, %b : vector<4xf32>
  %c4 = rarith.cmpf ole, %a, %b : vector<4xf32>
  %c5 = rarith.cmpf one, %a, %b : vector<4xf32>
  %c6 = rarith.cmpf ord, %a, %b : vector<4xf32>
  %c7 = rarith.cmpf ueq, %a, %b : vector<4xf32>
  %c8 = rarith.cmpf ugt, %a, %b : vector<4xf32>
  %c9 = rarith.cmpf uge, %a, %b : vector<4xf32>
  %c10 = rarith.cmpf ult, %a, %b : vector<4xf32>
  %c11 = rarith.cmpf ule, %a, %b : vector<4xf32>
  %c12 = rarith.cmpf une, %a, %b : vector<4xf32>
  %c13 = rarith.cmpf uno, %a, %b : vector<4xf32>
  %u = rarith.cmpf uno, %a, %b fastmath<nnan> : vector<4xf32>
  %o = rarith.cmpf ord, %a, %b fastmath<fast> : vector<4xf32>
  return
}

// CHECK-LABEL: func.func @casts
func.func @casts(%a: i32, %b: i64, %c: i1, %d: i8, %f: f32, %g: f64, %h: f16, %i: index, %v: vector<2xi1>) {
  %0 = rarith.trunci %b : i64 to i32
  %1 = rarith.trunci %a : i32 to i1
  %2 = rarith.extsi %a : i32 to i64
  %3 = rarith.extui %d : i8 to i32
  %4 = rarith.extui %c : i1 to i32
  %5 = rarith.extsi %c : i1 to i64
  %6 = rarith.extui %v : vector<2xi1> to vector<2xi32>
  %7 = rarith.extsi %v : vector<2xi1> to vector<2xi8>
  %8 = rarith.fptosi %f : f32 to i32
  %9 = rarith.fptoui %g : f64 to i16
  %10 = rarith.sitofp %a : i32 to f64
  %11 = rarith.uitofp %d : i8 to f16
  %12 = rarith.uitofp %c : i1 to f32
  %13 = rarith.extf %h : f16 to f32
  %14 = rarith.truncf %g : f64 to f32
  %15 = rarith.truncf %f to_nearest_even : f32 to f16
  %16 = rarith.truncf %g toward_zero : f64 to f32
  %17 = rarith.index_cast %i : index to i64
  %18 = rarith.index_castui %a : i32 to index
  %19 = rarith.bitcast %f : f32 to i32
  %20 = rarith.index_cast %i : index to i32
  return
}

// CHECK-LABEL: func.func @extended
func.func @extended(%a: i32, %b: i32, %v: vector<2xi64>) {
  %s, %o = rarith.addui_extended %a, %b : i32, i1
  %l, %h = rarith.mulsi_extended %a, %b : i32
  %l2, %h2 = rarith.mului_extended %v, %v : vector<2xi64>
  return
}

// CHECK-LABEL: func.func @constants
func.func @constants() {
  %0 = rarith.constant true
  %1 = rarith.constant 42 : i32
  %2 = rarith.constant -1 : i8
  %3 = rarith.constant 7 : index
  %4 = rarith.constant 0.5 : f32
  %5 = rarith.constant -0.0 : f64
  %6 = rarith.constant dense<[1, -2]> : vector<2xi32>
  %7 = rarith.constant dense<[1.5, 2.0]> : vector<2xf16>
  %8 = rarith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %9 = rarith.constant dense<3> : vector<1xi32>
  %10 = rarith.constant dense<[true, false]> : vector<2xi1>
  %11 = rarith.constant dense<[1, 2]> : vector<2xindex>
  %12 = rarith.constant 0x7FF8000000000000 : f64
  return
}

// CHECK-LABEL: func.func @index_math
func.func @index_math(%i: index, %j: index) {
  %0 = rarith.addi %i, %j : index
  %1 = rarith.divui %i, %j : index
  %2 = rarith.cmpi ult, %i, %j : index
  %3 = rarith.remsi %i, %j : index
  return
}
}

// -----

// A Shader target without Int8/Int16/Float16/Float64: 32-bit emulation
// (casts as shifts and masks, constants converted where they fit).
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
// CHECK-LABEL: func.func @emulated
// CHECK: spirv.ShiftLeftLogical
// CHECK: spirv.ShiftRightArithmetic
func.func @emulated(%a: i8, %b: i8, %c: i16, %f: f16, %g: f64, %x: i64) {
  %0 = rarith.addi %a, %b overflow<nsw> : i8
  %1 = rarith.extsi %a : i8 to i32
  %2 = rarith.extui %c : i16 to i32
  %3 = rarith.trunci %1 : i32 to i8
  %4 = rarith.addf %f, %f : f16
  %5 = rarith.constant 3 : i8
  %6 = rarith.constant 1.5 : f16
  %7 = rarith.constant dense<[1, -1]> : vector<2xi16>
  %8 = rarith.trunci %2 : i32 to i16
  %9 = rarith.extsi %c : i16 to i32
  %12 = rarith.cmpi slt, %a, %b : i8
  return
}

// CHECK-LABEL: func.func @bf16_and_f8
func.func @bf16_and_f8() {
  %1 = rarith.constant 1.0 : bf16
  %2 = rarith.constant dense<2.0> : vector<2xf8E5M2>
  return
}
}

// -----

// A Kernel target: OpenCL's min/max and s_abs, Ordered/Unordered.
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Kernel, Addresses, Int8, Int16, Int64, Float16, Float64], []>, #spirv.resource_limits<>>} {
// CHECK-LABEL: func.func @opencl
// CHECK: spirv.CL.s_abs %arg0 : i32
// CHECK: spirv.Ordered %arg2, %arg3 : f32
// CHECK: spirv.Unordered %arg2, %arg3 : f32
func.func @opencl(%a: i32, %b: i32, %f: f32, %g: f32, %h: vector<4xf16>) {
  %0 = rarith.remsi %a, %b : i32
  %1 = rarith.maximumf %f, %g : f32
  %2 = rarith.minnumf %f, %g : f32
  %3 = rarith.cmpf ord, %f, %g : f32
  %4 = rarith.cmpf uno, %f, %g : f32
  %5 = rarith.maxui %a, %b : i32
  %6 = rarith.minsi %a, %b : i32
  %7 = rarith.maxnumf %h, %h : vector<4xf16>
  %8 = rarith.minimumf %h, %h : vector<4xf16>
  return
}
}

// -----

// A target with both Shader and Kernel: where GLSL and OpenCL both lower an
// op, the driver's order decides as upstream's: GLSL's SAbs for remsi,
// OpenCL's min/max, Ordered/Unordered (the kernel pattern's higher benefit).
module attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader, Kernel, Addresses, Int8, Int16, Int64, Float16, Float64], []>, #spirv.resource_limits<>>} {
// CHECK-LABEL: func.func @shader_and_kernel
// CHECK: spirv.GL.SAbs %arg0 : i32
// CHECK: spirv.GL.SAbs %arg1 : i32
// CHECK: spirv.CL.s_max %arg0, %arg1 : i32
// CHECK: spirv.CL.u_min %arg0, %arg1 : i32
// CHECK: spirv.CL.fmax %arg2, %arg3 : f32
// CHECK: spirv.CL.fmin %arg2, %arg3 : f32
// CHECK: spirv.Ordered %arg2, %arg3 : f32
// CHECK: spirv.Unordered %arg2, %arg3 : f32
func.func @shader_and_kernel(%a: i32, %b: i32, %f: f32, %g: f32) {
  %0 = rarith.remsi %a, %b : i32
  %1 = rarith.maxsi %a, %b : i32
  %2 = rarith.minui %a, %b : i32
  %3 = rarith.maxnumf %f, %g : f32
  %4 = rarith.minimumf %f, %g : f32
  %5 = rarith.cmpf ord, %f, %g : f32
  %6 = rarith.cmpf uno, %f, %g : f32
  return
}
}
