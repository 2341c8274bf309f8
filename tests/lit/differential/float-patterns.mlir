// Differential: float canonicalization patterns against upstream.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @negf(%x: f32, %y: f32, %z: f64) {
  %nx = rarith.negf %x : f32
  %ny = rarith.negf %y fastmath<nnan> : f32
  %0 = rarith.mulf %nx, %ny fastmath<fast> : f32
  %1 = rarith.divf %nx, %ny : f32
  %2 = rarith.mulf %nx, %y : f32
  "test.sink"(%0, %1, %2) : (f32, f32, f32) -> ()
  return
}

// -----

func.func @truncf(%i: i32, %u: i16) {
  %a = rarith.sitofp %i : i32 to f64
  %0 = rarith.truncf %a : f64 to f32
  %b = rarith.uitofp %u : i16 to f32
  %1 = rarith.truncf %b : f32 to f16
  %c = rarith.sitofp %i : i32 to f64
  %2 = rarith.truncf %c upward : f64 to f32
  "test.sink"(%0, %1, %2) : (f32, f16, f32) -> ()
  return
}

// -----

func.func @cmpf_int(%i: i32, %u: i8, %w: i64) {
  %si = rarith.sitofp %i : i32 to f64
  %c4 = rarith.constant 4.0 : f64
  %c44 = rarith.constant 4.4 : f64
  %cn44 = rarith.constant -4.4 : f64
  %big = rarith.constant 1.0e20 : f64
  %nbig = rarith.constant -1.0e20 : f64
  %0 = rarith.cmpf oeq, %si, %c4 : f64
  %1 = rarith.cmpf olt, %si, %c44 : f64
  %2 = rarith.cmpf ole, %si, %cn44 : f64
  %3 = rarith.cmpf ogt, %si, %cn44 : f64
  %4 = rarith.cmpf oge, %si, %c44 : f64
  %5 = rarith.cmpf one, %si, %c44 : f64
  %6 = rarith.cmpf ueq, %si, %c44 : f64
  %7 = rarith.cmpf olt, %si, %big : f64
  %8 = rarith.cmpf ogt, %si, %nbig : f64
  %9 = rarith.cmpf ord, %si, %c4 : f64
  %10 = rarith.cmpf uno, %si, %c4 : f64
  %ui = rarith.uitofp %u : i8 to f32
  %f = rarith.constant -1.5 : f32
  %f3 = rarith.constant 3.5 : f32
  %11 = rarith.cmpf ult, %ui, %f : f32
  %12 = rarith.cmpf uge, %ui, %f : f32
  %13 = rarith.cmpf ult, %ui, %f3 : f32
  %14 = rarith.cmpf uge, %ui, %f3 : f32
  %sw = rarith.sitofp %w : i64 to f32
  %x = rarith.constant 16777216.0 : f32
  %15 = rarith.cmpf oeq, %sw, %x : f32
  %nan = rarith.constant 0x7FC00000 : f32
  %16 = rarith.cmpf oeq, %sw, %nan : f32
  %inf = rarith.constant 0x7F800000 : f32
  %17 = rarith.cmpf olt, %sw, %inf : f32
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17) : (i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1, i1) -> ()
  return
}
