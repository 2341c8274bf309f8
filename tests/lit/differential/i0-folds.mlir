// Differential: folds of zero-width integers (an `i0` value is always 0)
// against upstream: the identity rules and constant folds fire as upstream's,
// division by the only `i0` value (zero) never folds, and an `i0` block
// argument folds only where the rule does not need its value.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @constants(%x: i8) {
  %a = rarith.constant 0 : i0
  %b = rarith.constant 0 : i0
  %0 = rarith.extsi %a : i0 to i8
  %1 = rarith.extui %a : i0 to i8
  %2 = rarith.trunci %x : i8 to i0
  %3 = rarith.shli %a, %b : i0
  %4 = rarith.shrsi %a, %b : i0
  %5 = rarith.shrui %a, %b : i0
  %6:2 = rarith.mulsi_extended %a, %b : i0
  %7:2 = rarith.mului_extended %a, %b : i0
  %8 = rarith.addi %a, %b : i0
  %9 = rarith.muli %a, %b : i0
  %10 = rarith.andi %a, %b : i0
  %11 = rarith.xori %a, %b : i0
  %12 = rarith.divui %a, %b : i0
  %13 = rarith.remsi %a, %b : i0
  %14 = rarith.subi %a, %b : i0
  %15 = rarith.cmpi slt, %a, %b : i0
  %16 = rarith.maxsi %a, %b : i0
  %17 = rarith.ori %a, %b : i0
  %18 = rarith.ceildivsi %a, %b : i0
  %19 = rarith.index_cast %a : i0 to index
  %20:2 = rarith.addui_extended %a, %b : i0, i1
  %21 = rarith.minui %a, %b : i0
  %22 = rarith.floordivsi %a, %b : i0
  %23 = rarith.divsi %a, %b : i0
  %24 = rarith.remui %a, %b : i0
  %25 = rarith.ceildivui %a, %b : i0
  %26 = rarith.cmpi eq, %a, %b : i0
  %27 = rarith.index_castui %a : i0 to index
  "test.sink"(%0, %1, %2, %3, %4, %5, %6#0, %6#1, %7#0, %7#1, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20#0, %20#1, %21, %22, %23, %24, %25, %26, %27) : (i8, i8, i0, i0, i0, i0, i0, i0, i0, i0, i0, i0, i0, i0, i0, i0, i0, i1, i0, i0, i0, index, i0, i1, i0, i0, i0, i0, i0, i1, index) -> ()
  return
}

// -----

func.func @narrowing_casts() {
  %i = rarith.constant 7 : index
  %c8 = rarith.constant -3 : i8
  %a = rarith.constant 0 : i0
  %t = rarith.constant true
  %cf = rarith.constant 2.5 : f32
  %0 = rarith.index_cast %i : index to i0
  %1 = rarith.index_castui %i : index to i0
  %2 = rarith.trunci %c8 : i8 to i0
  %3 = rarith.cmpi ult, %a, %a : i0
  %4 = rarith.cmpi sge, %a, %a : i0
  %5 = rarith.select %t, %a, %a : i0
  %6 = rarith.minsi %a, %a : i0
  %7 = rarith.fptoui %cf : f32 to i0
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7) : (i0, i0, i0, i1, i1, i0, i0, i0) -> ()
  return
}

// -----

func.func @vectors() {
  %a = rarith.constant dense<0> : vector<3xi0>
  %b = rarith.constant dense<0> : vector<3xi0>
  %0 = rarith.extsi %a : vector<3xi0> to vector<3xi8>
  %1 = rarith.shli %a, %b : vector<3xi0>
  %2:2 = rarith.mulsi_extended %a, %b : vector<3xi0>
  %3 = rarith.addi %a, %b : vector<3xi0>
  %4 = rarith.extui %a : vector<3xi0> to vector<3xi16>
  "test.sink"(%0, %1, %2#0, %2#1, %3, %4) : (vector<3xi8>, vector<3xi0>, vector<3xi0>, vector<3xi0>, vector<3xi0>, vector<3xi16>) -> ()
  return
}

// -----

func.func @arguments(%a: i0, %b: i0, %v: vector<2xi0>) {
  %0 = rarith.extsi %a : i0 to i8
  %1 = rarith.shli %a, %b : i0
  %2 = rarith.xori %a, %a : i0
  %3 = rarith.subi %a, %a : i0
  %4 = rarith.cmpi eq, %a, %a : i0
  %5 = rarith.muli %v, %v : vector<2xi0>
  %6:2 = rarith.mulsi_extended %a, %b : i0
  "test.sink"(%0, %1, %2, %3, %4, %5, %6#0, %6#1) : (i8, i0, i0, i0, i1, vector<2xi0>, i0, i0) -> ()
  return
}
