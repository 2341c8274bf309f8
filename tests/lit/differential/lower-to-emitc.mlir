// convert-rarith-to-emitc gives upstream's convert-arith-to-emitc output on
// the renamed program, op for op, type for type (i1, i8 ... i64, index;
// f16, bf16, f32, f64), in rmlir-opt and in stock mlir-opt with the plugin.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-arith-to-emitc | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --convert-rarith-to-emitc > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-emitc)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

// Integer arithmetic: wrapping ops on the unsigned view unless nsw,
//  bitwise ops and unsigned division on unsigned operands, shifts guarded.
// CHECK-LABEL: func.func @int_binary_i8
// CHECK: %[[A:.*]] = emitc.cast %arg0 : i8 to ui8
// CHECK: %[[B:.*]] = emitc.cast %arg1 : i8 to ui8
// CHECK: %[[SUM:.*]] = emitc.add %[[A]], %[[B]] : (ui8, ui8) -> ui8
// CHECK: emitc.cast %[[SUM]] : ui8 to i8
// CHECK: emitc.div %arg0, %arg1 : (i8, i8) -> i8
// CHECK: %[[W:.*]] = "emitc.constant"() <{value = 8 : ui8}> : () -> ui8
// CHECK: %[[OK:.*]] = emitc.cmp lt, %{{.*}}, %[[W]] : (ui8, ui8) -> i1
// CHECK: emitc.expression
// CHECK: bitwise_left_shift
// CHECK: conditional %[[OK]]
// CHECK: emitc.add %arg0, %arg1 : (i8, i8) -> i8
func.func @int_binary_i8(%a: i8, %b: i8) {
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
  %n0 = rarith.addi %a, %b overflow<nsw> : i8
  %n1 = rarith.muli %a, %b overflow<nsw, nuw> : i8
  %n2 = rarith.subi %a, %b overflow<nuw> : i8
  return
}

// -----

// CHECK-LABEL: func.func @int_binary_i16
func.func @int_binary_i16(%a: i16, %b: i16) {
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
  %n0 = rarith.addi %a, %b overflow<nsw> : i16
  %n1 = rarith.muli %a, %b overflow<nsw, nuw> : i16
  %n2 = rarith.subi %a, %b overflow<nuw> : i16
  return
}

// -----

// CHECK-LABEL: func.func @int_binary_i32
func.func @int_binary_i32(%a: i32, %b: i32) {
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
  %n0 = rarith.addi %a, %b overflow<nsw> : i32
  %n1 = rarith.muli %a, %b overflow<nsw, nuw> : i32
  %n2 = rarith.subi %a, %b overflow<nuw> : i32
  return
}

// -----

// CHECK-LABEL: func.func @int_binary_i64
func.func @int_binary_i64(%a: i64, %b: i64) {
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
  %n0 = rarith.addi %a, %b overflow<nsw> : i64
  %n1 = rarith.muli %a, %b overflow<nsw, nuw> : i64
  %n2 = rarith.subi %a, %b overflow<nuw> : i64
  return
}

// -----

// index: size_t, signed views as ptrdiff_t, the shift width 8 * sizeof(8).
// CHECK-LABEL: func.func @int_binary_index
// CHECK: emitc.add %{{.*}}, %{{.*}} : (!emitc.size_t, !emitc.size_t) -> !emitc.size_t
// CHECK: emitc.call_opaque "sizeof"
// CHECK: emitc.cast %{{.*}} : !emitc.size_t to !emitc.ptrdiff_t
func.func @int_binary_index(%a: index, %b: index) {
  %0 = rarith.addi %a, %b : index
  %1 = rarith.subi %a, %b : index
  %2 = rarith.muli %a, %b : index
  %3 = rarith.divsi %a, %b : index
  %4 = rarith.remsi %a, %b : index
  %5 = rarith.shli %a, %b : index
  %6 = rarith.shrsi %a, %b : index
  %7 = rarith.shrui %a, %b : index
  %n0 = rarith.addi %a, %b overflow<nsw> : index
  return
}

// -----

// CHECK-LABEL: func.func @i1_bitwise
func.func @i1_bitwise(%a: i1, %b: i1) {
  %0 = rarith.andi %a, %b : i1
  %1 = rarith.ori %a, %b : i1
  %2 = rarith.xori %a, %b : i1
  %3 = rarith.select %a, %a, %b : i1
  return
}

// -----

// CHECK-LABEL: func.func @cmpi_i1
func.func @cmpi_i1(%a: i1, %b: i1) {
  %0 = rarith.cmpi eq, %a, %b : i1
  %1 = rarith.cmpi ne, %a, %b : i1
  %2 = rarith.cmpi slt, %a, %b : i1
  %3 = rarith.cmpi sle, %a, %b : i1
  %4 = rarith.cmpi sgt, %a, %b : i1
  %5 = rarith.cmpi sge, %a, %b : i1
  %6 = rarith.cmpi ult, %a, %b : i1
  %7 = rarith.cmpi ule, %a, %b : i1
  %8 = rarith.cmpi ugt, %a, %b : i1
  %9 = rarith.cmpi uge, %a, %b : i1
  return
}

// -----

// CHECK-LABEL: func.func @cmpi_i8
func.func @cmpi_i8(%a: i8, %b: i8) {
  %0 = rarith.cmpi eq, %a, %b : i8
  %1 = rarith.cmpi ne, %a, %b : i8
  %2 = rarith.cmpi slt, %a, %b : i8
  %3 = rarith.cmpi sle, %a, %b : i8
  %4 = rarith.cmpi sgt, %a, %b : i8
  %5 = rarith.cmpi sge, %a, %b : i8
  %6 = rarith.cmpi ult, %a, %b : i8
  %7 = rarith.cmpi ule, %a, %b : i8
  %8 = rarith.cmpi ugt, %a, %b : i8
  %9 = rarith.cmpi uge, %a, %b : i8
  return
}

// -----

// CHECK-LABEL: func.func @cmpi_i32
func.func @cmpi_i32(%a: i32, %b: i32) {
  %0 = rarith.cmpi eq, %a, %b : i32
  %1 = rarith.cmpi ne, %a, %b : i32
  %2 = rarith.cmpi slt, %a, %b : i32
  %3 = rarith.cmpi sle, %a, %b : i32
  %4 = rarith.cmpi sgt, %a, %b : i32
  %5 = rarith.cmpi sge, %a, %b : i32
  %6 = rarith.cmpi ult, %a, %b : i32
  %7 = rarith.cmpi ule, %a, %b : i32
  %8 = rarith.cmpi ugt, %a, %b : i32
  %9 = rarith.cmpi uge, %a, %b : i32
  return
}

// -----

// CHECK-LABEL: func.func @cmpi_i64
func.func @cmpi_i64(%a: i64, %b: i64) {
  %0 = rarith.cmpi eq, %a, %b : i64
  %1 = rarith.cmpi ne, %a, %b : i64
  %2 = rarith.cmpi slt, %a, %b : i64
  %3 = rarith.cmpi sle, %a, %b : i64
  %4 = rarith.cmpi sgt, %a, %b : i64
  %5 = rarith.cmpi sge, %a, %b : i64
  %6 = rarith.cmpi ult, %a, %b : i64
  %7 = rarith.cmpi ule, %a, %b : i64
  %8 = rarith.cmpi ugt, %a, %b : i64
  %9 = rarith.cmpi uge, %a, %b : i64
  return
}

// -----

// CHECK-LABEL: func.func @cmpi_index
func.func @cmpi_index(%a: index, %b: index) {
  %0 = rarith.cmpi eq, %a, %b : index
  %1 = rarith.cmpi ne, %a, %b : index
  %2 = rarith.cmpi slt, %a, %b : index
  %3 = rarith.cmpi sle, %a, %b : index
  %4 = rarith.cmpi sgt, %a, %b : index
  %5 = rarith.cmpi sge, %a, %b : index
  %6 = rarith.cmpi ult, %a, %b : index
  %7 = rarith.cmpi ule, %a, %b : index
  %8 = rarith.cmpi ugt, %a, %b : index
  %9 = rarith.cmpi uge, %a, %b : index
  return
}

// -----

// Float arithmetic, and comparisons with the NaN checks their predicate implies.
// CHECK-LABEL: func.func @float_f16
// CHECK: emitc.unary_minus %arg0 : (f16) -> f16
// CHECK: "emitc.constant"() <{value = false}> : () -> i1
// oge, then uge, then ult: the comparison or'ed with "either is NaN".
// CHECK: emitc.cmp ge, %arg0, %arg1
// CHECK: emitc.cmp ge, %arg0, %arg1
// CHECK: %[[LT:.*]] = emitc.cmp lt, %arg0, %arg1 : (f16, f16) -> i1
// CHECK-NEXT: %[[NAN0:.*]] = emitc.cmp ne, %arg0, %arg0 : (f16, f16) -> i1
// CHECK-NEXT: %[[NAN1:.*]] = emitc.cmp ne, %arg1, %arg1 : (f16, f16) -> i1
// CHECK-NEXT: %[[NAN:.*]] = emitc.logical_or %[[NAN0]], %[[NAN1]] : i1, i1
// CHECK-NEXT: emitc.logical_or %[[NAN]], %[[LT]] : i1, i1
func.func @float_f16(%a: f16, %b: f16) {
  %0 = rarith.addf %a, %b : f16
  %1 = rarith.subf %a, %b : f16
  %2 = rarith.mulf %a, %b : f16
  %3 = rarith.divf %a, %b : f16
  %4 = rarith.negf %a : f16
  %5 = rarith.addf %a, %b fastmath<fast> : f16
  %c0 = rarith.cmpf false, %a, %b : f16
  %c1 = rarith.cmpf oeq, %a, %b : f16
  %c2 = rarith.cmpf ogt, %a, %b : f16
  %c3 = rarith.cmpf oge, %a, %b : f16
  %c4 = rarith.cmpf olt, %a, %b : f16
  %c5 = rarith.cmpf ole, %a, %b : f16
  %c6 = rarith.cmpf one, %a, %b : f16
  %c7 = rarith.cmpf ord, %a, %b : f16
  %c8 = rarith.cmpf ueq, %a, %b : f16
  %c9 = rarith.cmpf ugt, %a, %b : f16
  %c10 = rarith.cmpf uge, %a, %b : f16
  %c11 = rarith.cmpf ult, %a, %b : f16
  %c12 = rarith.cmpf ule, %a, %b : f16
  %c13 = rarith.cmpf une, %a, %b : f16
  %c14 = rarith.cmpf uno, %a, %b : f16
  %c15 = rarith.cmpf true, %a, %b : f16
  %s = rarith.select %c1, %a, %b : f16
  return
}

// -----

// CHECK-LABEL: func.func @float_bf16
func.func @float_bf16(%a: bf16, %b: bf16) {
  %0 = rarith.addf %a, %b : bf16
  %1 = rarith.subf %a, %b : bf16
  %2 = rarith.mulf %a, %b : bf16
  %3 = rarith.divf %a, %b : bf16
  %4 = rarith.negf %a : bf16
  %5 = rarith.addf %a, %b fastmath<fast> : bf16
  %c0 = rarith.cmpf false, %a, %b : bf16
  %c1 = rarith.cmpf oeq, %a, %b : bf16
  %c2 = rarith.cmpf ogt, %a, %b : bf16
  %c3 = rarith.cmpf oge, %a, %b : bf16
  %c4 = rarith.cmpf olt, %a, %b : bf16
  %c5 = rarith.cmpf ole, %a, %b : bf16
  %c6 = rarith.cmpf one, %a, %b : bf16
  %c7 = rarith.cmpf ord, %a, %b : bf16
  %c8 = rarith.cmpf ueq, %a, %b : bf16
  %c9 = rarith.cmpf ugt, %a, %b : bf16
  %c10 = rarith.cmpf uge, %a, %b : bf16
  %c11 = rarith.cmpf ult, %a, %b : bf16
  %c12 = rarith.cmpf ule, %a, %b : bf16
  %c13 = rarith.cmpf une, %a, %b : bf16
  %c14 = rarith.cmpf uno, %a, %b : bf16
  %c15 = rarith.cmpf true, %a, %b : bf16
  %s = rarith.select %c1, %a, %b : bf16
  return
}

// -----

// CHECK-LABEL: func.func @float_f32
func.func @float_f32(%a: f32, %b: f32) {
  %0 = rarith.addf %a, %b : f32
  %1 = rarith.subf %a, %b : f32
  %2 = rarith.mulf %a, %b : f32
  %3 = rarith.divf %a, %b : f32
  %4 = rarith.negf %a : f32
  %5 = rarith.addf %a, %b fastmath<fast> : f32
  %c0 = rarith.cmpf false, %a, %b : f32
  %c1 = rarith.cmpf oeq, %a, %b : f32
  %c2 = rarith.cmpf ogt, %a, %b : f32
  %c3 = rarith.cmpf oge, %a, %b : f32
  %c4 = rarith.cmpf olt, %a, %b : f32
  %c5 = rarith.cmpf ole, %a, %b : f32
  %c6 = rarith.cmpf one, %a, %b : f32
  %c7 = rarith.cmpf ord, %a, %b : f32
  %c8 = rarith.cmpf ueq, %a, %b : f32
  %c9 = rarith.cmpf ugt, %a, %b : f32
  %c10 = rarith.cmpf uge, %a, %b : f32
  %c11 = rarith.cmpf ult, %a, %b : f32
  %c12 = rarith.cmpf ule, %a, %b : f32
  %c13 = rarith.cmpf une, %a, %b : f32
  %c14 = rarith.cmpf uno, %a, %b : f32
  %c15 = rarith.cmpf true, %a, %b : f32
  %s = rarith.select %c1, %a, %b : f32
  return
}

// -----

// CHECK-LABEL: func.func @float_f64
func.func @float_f64(%a: f64, %b: f64) {
  %0 = rarith.addf %a, %b : f64
  %1 = rarith.subf %a, %b : f64
  %2 = rarith.mulf %a, %b : f64
  %3 = rarith.divf %a, %b : f64
  %4 = rarith.negf %a : f64
  %5 = rarith.addf %a, %b fastmath<fast> : f64
  %c0 = rarith.cmpf false, %a, %b : f64
  %c1 = rarith.cmpf oeq, %a, %b : f64
  %c2 = rarith.cmpf ogt, %a, %b : f64
  %c3 = rarith.cmpf oge, %a, %b : f64
  %c4 = rarith.cmpf olt, %a, %b : f64
  %c5 = rarith.cmpf ole, %a, %b : f64
  %c6 = rarith.cmpf one, %a, %b : f64
  %c7 = rarith.cmpf ord, %a, %b : f64
  %c8 = rarith.cmpf ueq, %a, %b : f64
  %c9 = rarith.cmpf ugt, %a, %b : f64
  %c10 = rarith.cmpf uge, %a, %b : f64
  %c11 = rarith.cmpf ult, %a, %b : f64
  %c12 = rarith.cmpf ule, %a, %b : f64
  %c13 = rarith.cmpf une, %a, %b : f64
  %c14 = rarith.cmpf uno, %a, %b : f64
  %c15 = rarith.cmpf true, %a, %b : f64
  %s = rarith.select %c1, %a, %b : f64
  return
}

// -----

// CHECK-LABEL: func.func @constants
func.func @constants() {
  %0 = rarith.constant 7 : i32
  %1 = rarith.constant -1 : i8
  %2 = rarith.constant 42 : index
  %3 = rarith.constant true
  %4 = rarith.constant 1.5 : f32
  %5 = rarith.constant -0.0 : f64
  %6 = rarith.constant 0x7FC00000 : f32
  %7 = rarith.constant 2.0 : bf16
  %8 = rarith.constant 0xFFFF : f16
  %9 = rarith.constant 18446744073709551615 : i64
  %10 = rarith.constant -9223372036854775808 : i64
  return
}

// -----

// Integer casts: to i1 by masking the low bit, truncations unsigned.
// CHECK-LABEL: func.func @int_casts
func.func @int_casts(%a: i32, %b: i64, %c: i1, %i: index, %d: i8) {
  %0 = rarith.trunci %b : i64 to i32
  %1 = rarith.trunci %a : i32 to i1
  %2 = rarith.trunci %b : i64 to i8
  %3 = rarith.extsi %a : i32 to i64
  %4 = rarith.extui %a : i32 to i64
  %5 = rarith.extui %c : i1 to i32
  %6 = rarith.extsi %d : i8 to i32
  %7 = rarith.index_cast %i : index to i32
  %8 = rarith.index_cast %a : i32 to index
  %9 = rarith.index_castui %i : index to i64
  %10 = rarith.index_castui %a : i32 to index
  %11 = rarith.index_cast %i : index to i1
  %12 = rarith.index_castui %c : i1 to index
  %14 = rarith.index_cast %i : index to i64
  %15 = rarith.index_cast %b : i64 to index
  return
}

// -----

// CHECK-LABEL: func.func @float_casts
func.func @float_casts(%f: f32, %g: f64, %h: f16, %k: bf16, %a: i32, %b: i64, %c: i1, %d: i8) {
  %0 = rarith.fptosi %f : f32 to i32
  %1 = rarith.fptoui %f : f32 to i32
  %2 = rarith.fptosi %g : f64 to i8
  %3 = rarith.fptoui %h : f16 to i64
  %4 = rarith.sitofp %a : i32 to f32
  %5 = rarith.uitofp %a : i32 to f64
  %6 = rarith.uitofp %c : i1 to f32
  %7 = rarith.sitofp %d : i8 to bf16
  %8 = rarith.uitofp %b : i64 to f16
  %9 = rarith.extf %f : f32 to f64
  %10 = rarith.truncf %g : f64 to f32
  %11 = rarith.extf %h : f16 to f32
  %12 = rarith.extf %k : bf16 to f64
  %13 = rarith.truncf %f : f32 to bf16
  %14 = rarith.extf %f fastmath<fast> : f32 to f64
  return
}

// -----

// The conversion folds before it lowers: what folds leaves constants.
// CHECK-LABEL: func.func @folds_first
func.func @folds_first(%a: i32) {
  %c1 = rarith.constant 1 : i32
  %c2 = rarith.constant 2 : i32
  %0 = rarith.addi %c1, %c2 : i32
  %1 = rarith.muli %a, %c1 : i32
  %2 = rarith.addi %0, %1 : i32
  %c0 = rarith.constant 0 : index
  %3 = rarith.addi %c0, %c0 : index
  return
}

// -----

// CHECK-LABEL: func.func @index_through_func
func.func @index_through_func(%i: index, %j: index) -> index {
  %0 = rarith.addi %i, %j : index
  %1 = rarith.shli %0, %j : index
  %2 = rarith.shrui %1, %i : index
  return %2 : index
}

// -----

// CHECK-LABEL: func.func @in_scf
func.func @in_scf(%c: i1, %a: i32, %b: i32) -> i32 {
  %0 = scf.if %c -> i32 {
    %1 = rarith.addi %a, %b : i32
    scf.yield %1 : i32
  } else {
    %1 = rarith.select %c, %a, %b : i32
    scf.yield %1 : i32
  }
  return %0 : i32
}
