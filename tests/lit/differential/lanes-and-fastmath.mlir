// Differential: folds that depend on lane-wise constants and on fast-math
// flags, against upstream: `select` with a constant vector/tensor condition
// and constant arms of any element type folds lane by lane; `mulf x, ±0.0`
// folds to the zero operand only under both `nnan` and `nsz` (before
// constant folding, so `-3.0 * 0.0` gives `0.0`), splat zeros only.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @select_lanes() {
  %c = rarith.constant dense<[false, true, false]> : vector<3xi1>
  %a = rarith.constant dense<[1, 2, 3]> : vector<3xi32>
  %b = rarith.constant dense<[4, 5, 6]> : vector<3xi32>
  %0 = rarith.select %c, %a, %b : vector<3xi1>, vector<3xi32>
  %fa = rarith.constant dense<[1.0, -0.0, 3.0]> : vector<3xf32>
  %fb = rarith.constant dense<2.0> : vector<3xf32>
  %1 = rarith.select %c, %fa, %fb : vector<3xi1>, vector<3xf32>
  %ct = rarith.constant dense<[true, false]> : tensor<2xi1>
  %ta = rarith.constant dense<7> : tensor<2xi8>
  %tb = rarith.constant dense<[1, 2]> : tensor<2xi8>
  %2 = rarith.select %ct, %ta, %tb : tensor<2xi1>, tensor<2xi8>
  %p = ub.poison : vector<3xi32>
  %3 = rarith.select %c, %a, %p : vector<3xi1>, vector<3xi32>
  %ia = rarith.constant dense<[10, 20, 30]> : vector<3xindex>
  %ib = rarith.constant dense<[11, 21, 31]> : vector<3xindex>
  %4 = rarith.select %c, %ia, %ib : vector<3xi1>, vector<3xindex>
  %c1 = rarith.constant dense<[[true, false], [false, true]]> : vector<2x2xi1>
  %m1 = rarith.constant dense<[[1, 2], [3, 4]]> : vector<2x2xi64>
  %m2 = rarith.constant dense<0> : vector<2x2xi64>
  %5 = rarith.select %c1, %m1, %m2 : vector<2x2xi1>, vector<2x2xi64>
  "test.sink"(%0, %1, %2, %3, %4, %5) : (vector<3xi32>, vector<3xf32>, tensor<2xi8>, vector<3xi32>, vector<3xindex>, vector<2x2xi64>) -> ()
  return
}

// -----

func.func @mulf_zero(%x: f32, %v: vector<2xf32>) {
  %z = rarith.constant 0.0 : f32
  %nz = rarith.constant -0.0 : f32
  %c3 = rarith.constant 3.0 : f32
  %cm3 = rarith.constant -3.0 : f32
  %0 = rarith.mulf %x, %z fastmath<nnan,nsz> : f32
  %1 = rarith.mulf %z, %x fastmath<nnan,nsz> : f32
  %2 = rarith.mulf %x, %z fastmath<nnan> : f32
  %3 = rarith.mulf %x, %z fastmath<nsz> : f32
  %4 = rarith.mulf %x, %nz fastmath<nnan,nsz> : f32
  %5 = rarith.mulf %x, %z fastmath<fast> : f32
  %6 = rarith.mulf %cm3, %z fastmath<nnan,nsz> : f32
  %7 = rarith.mulf %cm3, %z : f32
  %vz = rarith.constant dense<0.0> : vector<2xf32>
  %8 = rarith.mulf %v, %vz fastmath<nnan,nsz> : vector<2xf32>
  %9 = rarith.mulf %c3, %nz fastmath<nnan,nsz> : f32
  %10 = rarith.mulf %x, %z fastmath<nnan,ninf,nsz> : f32
  "test.sink"(%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10) : (f32,f32,f32,f32,f32,f32,f32,f32,vector<2xf32>,f32,f32) -> ()
  return
}

// -----

func.func @mulf_zero_types(%x: f16, %y: bf16, %v: vector<2xf32>, %t: tensor<?xf64>, %w: f64) {
  %z16 = rarith.constant 0.0 : f16
  %zb = rarith.constant -0.0 : bf16
  %nd = rarith.constant dense<[0.0, -0.0]> : vector<2xf32>
  %0 = rarith.mulf %x, %z16 fastmath<nnan,nsz> : f16
  %1 = rarith.mulf %y, %zb fastmath<nnan,nsz,arcp> : bf16
  %2 = rarith.mulf %v, %nd fastmath<nnan,nsz> : vector<2xf32>
  %nan = rarith.constant 0x7FC00000 : f32
  %z = rarith.constant 0.0 : f32
  %3 = rarith.mulf %nan, %z fastmath<nnan,nsz> : f32
  %inf = rarith.constant 0x7F800000 : f32
  %4 = rarith.mulf %inf, %z fastmath<nnan,nsz> : f32
  %5 = rarith.mulf %z, %z fastmath<nnan,nsz> : f32
  %one = rarith.constant 1.0 : f16
  %6 = rarith.mulf %z16, %one fastmath<nnan,nsz> : f16
  %p = ub.poison : f32
  %7 = rarith.mulf %p, %z fastmath<nnan,nsz> : f32
  %8 = rarith.mulf %z, %p fastmath<nnan,nsz> : f32
  %9 = rarith.mulf %w, %w fastmath<nnan,nsz> : f64
  %10 = rarith.mulf %x, %z16 fastmath<reassoc,contract,afn> : f16
  "test.sink"(%0,%1,%2,%3,%4,%5,%6,%7,%8,%9,%10) : (f16,bf16,vector<2xf32>,f32,f32,f32,f16,f32,f32,f64,f16) -> ()
  return
}
