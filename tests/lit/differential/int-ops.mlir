// Differential: the integer ops' folders against upstream's, on constants of
// many widths, splats and dense vectors, identities, and undefined cases
// (division by zero, signed overflow, over-wide shifts) that must not fold.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @binary_scalars() {
  %a8 = rarith.constant -7 : i8
  %b8 = rarith.constant 3 : i8
  %m8 = rarith.constant -128 : i8
  %n8 = rarith.constant -1 : i8
  %z8 = rarith.constant 0 : i8
  %0 = rarith.subi %a8, %b8 : i8
  %1 = rarith.muli %a8, %b8 : i8
  %2 = rarith.divui %a8, %b8 : i8
  %3 = rarith.divsi %a8, %b8 : i8
  %4 = rarith.ceildivui %a8, %b8 : i8
  %5 = rarith.ceildivsi %a8, %b8 : i8
  %6 = rarith.floordivsi %a8, %b8 : i8
  %7 = rarith.remui %a8, %b8 : i8
  %8 = rarith.remsi %a8, %b8 : i8
  %9 = rarith.andi %a8, %b8 : i8
  %10 = rarith.ori %a8, %b8 : i8
  %11 = rarith.xori %a8, %b8 : i8
  %12 = rarith.shli %a8, %b8 : i8
  %13 = rarith.shrui %a8, %b8 : i8
  %14 = rarith.shrsi %a8, %b8 : i8
  %15 = rarith.maxsi %a8, %b8 : i8
  %16 = rarith.maxui %a8, %b8 : i8
  %17 = rarith.minsi %a8, %b8 : i8
  %18 = rarith.minui %a8, %b8 : i8
  %19 = rarith.divsi %m8, %n8 : i8
  %20 = rarith.divui %a8, %z8 : i8
  %21 = rarith.remsi %a8, %z8 : i8
  %22 = rarith.ceildivsi %m8, %n8 : i8
  %23 = rarith.floordivsi %m8, %n8 : i8
  %24 = rarith.ceildivsi %m8, %b8 : i8
  %25 = rarith.ceildivsi %b8, %a8 : i8
  %26 = rarith.ceildivsi %a8, %a8 : i8
  %27 = rarith.floordivsi %b8, %a8 : i8
  %28 = rarith.ceildivui %n8, %b8 : i8
  %eight = rarith.constant 8 : i8
  %29 = rarith.shli %a8, %eight : i8
  %30 = rarith.shrsi %a8, %n8 : i8
  %31 = rarith.remsi %m8, %n8 : i8
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31) : (i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8, i8) -> ()
  return
}

// -----

func.func @binary_wide() {
  %a = rarith.constant -340282366920938463463374607431768211455 : i129
  %b = rarith.constant 12345678901234567890123 : i129
  %0 = rarith.muli %a, %b : i129
  %1 = rarith.divsi %a, %b : i129
  %2 = rarith.remui %a, %b : i129
  %3 = rarith.floordivsi %a, %b : i129
  %4 = rarith.ceildivsi %a, %b : i129
  %5 = rarith.ceildivui %a, %b : i129
  %s = rarith.constant 100 : i129
  %6 = rarith.shli %b, %s : i129
  %7 = rarith.shrsi %a, %s : i129
  %8 = rarith.shrui %a, %s : i129
  %c = rarith.constant 7 : i256
  %d = rarith.constant -3 : i256
  %9 = rarith.muli %c, %d : i256
  %10 = rarith.divsi %d, %c : i256
  %11 = rarith.maxui %c, %d : i256
  %12 = rarith.minsi %c, %d : i256
  %e = rarith.constant 9223372036854775807 : index
  %f = rarith.constant 2 : index
  %13 = rarith.muli %e, %f : index
  %14 = rarith.subi %f, %e : index
  %15 = rarith.floordivsi %f, %e : index
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15) : (i129, i129, i129, i129, i129, i129, i129, i129, i129, i256, i256, i256, i256, index, index, index) -> ()
  return
}

// -----

func.func @binary_shaped() {
  %a = rarith.constant dense<[5, -6, 7, -128]> : vector<4xi8>
  %b = rarith.constant dense<[2, 2, -3, -1]> : vector<4xi8>
  %s = rarith.constant dense<3> : vector<4xi8>
  %0 = rarith.divsi %a, %s : vector<4xi8>
  %1 = rarith.divsi %a, %b : vector<4xi8>
  %2 = rarith.floordivsi %a, %b : vector<4xi8>
  %3 = rarith.remsi %a, %b : vector<4xi8>
  %4 = rarith.ceildivsi %a, %s : vector<4xi8>
  %5 = rarith.shli %a, %s : vector<4xi8>
  %big = rarith.constant dense<[1, 9, 2, 3]> : vector<4xi8>
  %6 = rarith.shrui %a, %big : vector<4xi8>
  %big2 = rarith.constant dense<[9, 1, 2, 3]> : vector<4xi8>
  %7 = rarith.shrui %a, %big2 : vector<4xi8>
  %8 = rarith.maxsi %a, %b : vector<4xi8>
  %9 = rarith.minui %a, %s : vector<4xi8>
  %10 = rarith.xori %a, %a : vector<4xi8>
  %t = rarith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %u = rarith.constant dense<2> : tensor<2x2xi32>
  %11 = rarith.muli %t, %u : tensor<2x2xi32>
  %12 = rarith.remui %t, %u : tensor<2x2xi32>
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12) : (vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, vector<4xi8>, tensor<2x2xi32>, tensor<2x2xi32>) -> ()
  return
}

// -----

func.func @identities(%x: i32, %y: i32, %v: vector<4xi32>) {
  %c0 = rarith.constant 0 : i32
  %c1 = rarith.constant 1 : i32
  %cm = rarith.constant -1 : i32
  %cmax = rarith.constant 2147483647 : i32
  %cmin = rarith.constant -2147483648 : i32
  %0 = rarith.subi %x, %x : i32
  %1 = rarith.subi %x, %c0 : i32
  %a = rarith.addi %x, %y : i32
  %2 = rarith.subi %a, %y : i32
  %3 = rarith.subi %a, %x : i32
  %4 = rarith.muli %x, %c0 : i32
  %5 = rarith.muli %c1, %x : i32
  %6 = rarith.divui %x, %c1 : i32
  %7 = rarith.divsi %x, %c1 : i32
  %m = rarith.muli %x, %y overflow<nuw> : i32
  %8 = rarith.divui %m, %y : i32
  %9 = rarith.divsi %m, %y : i32
  %mn = rarith.muli %x, %y overflow<nsw> : i32
  %10 = rarith.divsi %mn, %x : i32
  %11 = rarith.remui %x, %c1 : i32
  %12 = rarith.remsi %x, %c1 : i32
  %13 = rarith.ceildivui %x, %c1 : i32
  %14 = rarith.floordivsi %x, %c1 : i32
  %15 = rarith.andi %x, %c0 : i32
  %16 = rarith.andi %x, %cm : i32
  %nx = rarith.xori %x, %cm : i32
  %17 = rarith.andi %x, %nx : i32
  %18 = rarith.andi %nx, %x : i32
  %ax = rarith.andi %x, %y : i32
  %19 = rarith.andi %x, %ax : i32
  %20 = rarith.ori %x, %c0 : i32
  %21 = rarith.ori %x, %cm : i32
  %22 = rarith.ori %x, %nx : i32
  %23 = rarith.xori %x, %c0 : i32
  %24 = rarith.xori %x, %x : i32
  %xy = rarith.xori %x, %y : i32
  %25 = rarith.xori %xy, %y : i32
  %26 = rarith.xori %y, %xy : i32
  %27 = rarith.shli %x, %c0 : i32
  %28 = rarith.maxsi %x, %x : i32
  %29 = rarith.maxsi %x, %cmax : i32
  %30 = rarith.maxsi %x, %cmin : i32
  %31 = rarith.minsi %x, %cmin : i32
  %32 = rarith.minsi %x, %cmax : i32
  %33 = rarith.maxui %x, %cm : i32
  %34 = rarith.maxui %x, %c0 : i32
  %35 = rarith.minui %x, %c0 : i32
  %36 = rarith.minui %x, %cm : i32
  %37 = rarith.andi %x, %x : i32
  %38 = rarith.ori %y, %y : i32
  %vz = rarith.constant dense<0> : vector<4xi32>
  %39 = rarith.muli %v, %vz : vector<4xi32>
  %40 = rarith.subi %v, %v : vector<4xi32>
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40) : (i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, i32, vector<4xi32>, vector<4xi32>) -> ()
  return
}

// -----

func.func @extended(%x: i32) {
  %a = rarith.constant -1 : i32
  %b = rarith.constant 2 : i32
  %z = rarith.constant 0 : i32
  %o = rarith.constant 1 : i32
  %s0, %c0 = rarith.addui_extended %a, %b : i32, i1
  %s1, %c1 = rarith.addui_extended %b, %b : i32, i1
  %s2, %c2 = rarith.addui_extended %x, %z : i32, i1
  %l0, %h0 = rarith.mulsi_extended %a, %b : i32
  %l1, %h1 = rarith.mului_extended %a, %b : i32
  %l2, %h2 = rarith.mului_extended %x, %o : i32
  %l3, %h3 = rarith.mulsi_extended %x, %z : i32
  %va = rarith.constant dense<[-1, 5]> : vector<2xi64>
  %vb = rarith.constant dense<[-1, 7]> : vector<2xi64>
  %vs, %vc = rarith.addui_extended %va, %vb : vector<2xi64>, vector<2xi1>
  %vl, %vh = rarith.mulsi_extended %va, %vb : vector<2xi64>
  %ul, %uh = rarith.mului_extended %va, %vb : vector<2xi64>
  "test.sink"(%s0, %c0, %s1, %c1, %s2, %c2, %l0, %h0, %l1, %h1, %l2, %h2, %l3, %h3, %vs, %vc, %vl, %vh, %ul, %uh) : (i32, i1, i32, i1, i32, i1, i32, i32, i32, i32, i32, i32, i32, i32, vector<2xi64>, vector<2xi1>, vector<2xi64>, vector<2xi64>, vector<2xi64>, vector<2xi64>) -> ()
  return
}

// -----

func.func @casts(%x: i8, %y: i32, %i: index) {
  %a = rarith.constant -5 : i8
  %0 = rarith.extui %a : i8 to i32
  %1 = rarith.extsi %a : i8 to i32
  %b = rarith.constant 300 : i32
  %2 = rarith.trunci %b : i32 to i8
  %3 = rarith.index_cast %a : i8 to index
  %4 = rarith.index_castui %a : i8 to index
  %c = rarith.constant -2 : index
  %5 = rarith.index_cast %c : index to i16
  %6 = rarith.index_castui %c : index to i128
  %7 = rarith.index_cast %c : index to i128
  %e1 = rarith.extui %x : i8 to i16
  %8 = rarith.extui %e1 : i16 to i64
  %e2 = rarith.extsi %x : i8 to i16
  %9 = rarith.extsi %e2 : i16 to i64
  %10 = rarith.trunci %e2 : i16 to i8
  %e3 = rarith.extsi %y : i32 to i64
  %11 = rarith.trunci %e3 : i64 to i16
  %t1 = rarith.trunci %y : i32 to i16
  %12 = rarith.trunci %t1 : i16 to i8
  %v = rarith.constant dense<[1, -1]> : vector<2xi16>
  %13 = rarith.extsi %v : vector<2xi16> to vector<2xi64>
  %14 = rarith.trunci %v : vector<2xi16> to vector<2xi1>
  %w = rarith.constant dense<-3> : tensor<4xi8>
  %15 = rarith.extui %w : tensor<4xi8> to tensor<4xi17>
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15) : (i32, i32, i8, index, index, i16, i128, i128, i64, i64, i8, i16, i8, vector<2xi64>, vector<2xi1>, tensor<4xi17>) -> ()
  return
}

// -----

func.func @poison_and_mixed(%x: i32) {
  %p = ub.poison : i32
  %c = rarith.constant 3 : i32
  %0 = rarith.subi %p, %c : i32
  %1 = rarith.divsi %c, %p : i32
  %2 = rarith.andi %x, %p : i32
  %pp = ub.poison : i8
  %3 = rarith.extsi %pp : i8 to i32
  "test.sink"(%0, %1, %2, %3) : (i32, i32, i32, i32) -> ()
  return
}
