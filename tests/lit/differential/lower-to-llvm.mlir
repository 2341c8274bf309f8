// Differential: convert-rarith-to-llvm produces what upstream's
// convert-arith-to-llvm produces, flags and fast-math included.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --convert-arith-to-llvm | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --convert-rarith-to-llvm > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(convert-rarith-to-llvm)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @ints(%a: i32, %b: i32, %c: i1) -> i32 {
  %0 = rarith.subi %a, %b overflow<nsw> : i32
  %1 = rarith.muli %0, %b overflow<nuw> : i32
  %2 = rarith.shli %1, %b : i32
  %3 = rarith.divui %2, %b exact : i32
  %4 = rarith.divsi %3, %b : i32
  %5 = rarith.remui %4, %b : i32
  %6 = rarith.remsi %5, %b : i32
  %7 = rarith.andi %6, %b : i32
  %8 = rarith.ori %7, %b : i32
  %9 = rarith.xori %8, %b : i32
  %10 = rarith.shrui %9, %b exact : i32
  %11 = rarith.shrsi %10, %b : i32
  %12 = rarith.maxsi %11, %b : i32
  %13 = rarith.maxui %12, %b : i32
  %14 = rarith.minsi %13, %b : i32
  %15 = rarith.minui %14, %b : i32
  %16 = rarith.select %c, %15, %a : i32
  %17 = rarith.extsi %16 : i32 to i64
  %18 = rarith.extui %16 : i32 to i64
  %19 = rarith.addi %17, %18 : i64
  %20 = rarith.trunci %19 overflow<nuw> : i64 to i32
  return %20 : i32
}

// -----

func.func @floats(%x: f32, %y: f32, %h: f16) -> (f32, i1, i1) {
  %0 = rarith.addf %x, %y fastmath<fast> : f32
  %1 = rarith.subf %0, %y fastmath<nnan,ninf> : f32
  %2 = rarith.mulf %1, %y fastmath<contract> : f32
  %3 = rarith.divf %2, %y : f32
  %4 = rarith.remf %3, %y fastmath<reassoc,nsz> : f32
  %5 = rarith.negf %4 : f32
  %6 = rarith.maximumf %5, %y : f32
  %7 = rarith.minimumf %6, %y : f32
  %8 = rarith.maxnumf %7, %y fastmath<afn,arcp> : f32
  %9 = rarith.minnumf %8, %y : f32
  %e = rarith.extf %h : f16 to f32
  %10 = rarith.addf %9, %e : f32
  %11 = rarith.cmpf olt, %10, %y : f32
  %12 = rarith.cmpf uno, %10, %y fastmath<nnan> : f32
  return %10, %11, %12 : f32, i1, i1
}

// -----

func.func @casts(%i: i32, %f: f64, %x: index, %v: vector<4xi8>) -> (f32, i16, f32, i64, index, i8, vector<4xi32>, f32) {
  %0 = rarith.sitofp %i : i32 to f32
  %1 = rarith.fptosi %f : f64 to i16
  %2 = rarith.truncf %f : f64 to f32
  %3 = rarith.index_cast %x : index to i64
  %4 = rarith.index_castui %i : i32 to index
  %5 = rarith.index_cast %x : index to i8
  %6 = rarith.extsi %v : vector<4xi8> to vector<4xi32>
  %7 = rarith.bitcast %i : i32 to f32
  return %0, %1, %2, %3, %4, %5, %6, %7 : f32, i16, f32, i64, index, i8, vector<4xi32>, f32
}
