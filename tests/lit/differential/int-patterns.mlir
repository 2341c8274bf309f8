// Differential: rarith's canonicalization patterns (upstream's DRR patterns,
// in Rust) rewrite exactly as upstream's, overflow flags included.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @reassociate(%x: i32) {
  %c3 = rarith.constant 3 : i32
  %c5 = rarith.constant 5 : i32
  %a0 = rarith.subi %x, %c3 overflow<nsw> : i32
  %0 = rarith.addi %a0, %c5 overflow<nsw, nuw> : i32
  %a1 = rarith.subi %c3, %x overflow<nuw> : i32
  %1 = rarith.addi %a1, %c5 overflow<nuw> : i32
  %a2 = rarith.addi %x, %c3 overflow<nsw> : i32
  %2 = rarith.subi %a2, %c5 overflow<nsw> : i32
  %a3 = rarith.addi %x, %c3 overflow<nsw> : i32
  %3 = rarith.subi %c5, %a3 overflow<nsw> : i32
  %a4 = rarith.subi %x, %c3 overflow<nsw> : i32
  %4 = rarith.subi %a4, %c5 overflow<nsw, nuw> : i32
  %a5 = rarith.subi %c3, %x : i32
  %5 = rarith.subi %a5, %c5 : i32
  %a6 = rarith.subi %x, %c3 : i32
  %6 = rarith.subi %c5, %a6 : i32
  %a7 = rarith.subi %c3, %x overflow<nsw> : i32
  %7 = rarith.subi %c5, %a7 overflow<nsw> : i32
  %a8 = rarith.muli %x, %c3 overflow<nsw> : i32
  %8 = rarith.muli %a8, %c5 overflow<nsw> : i32
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8) : (i32, i32, i32, i32, i32, i32, i32, i32, i32) -> ()
  return
}

// -----

func.func @negation_and_cancellation(%x: i32, %y: i32, %v: vector<2xi32>, %w: vector<2xi32>) {
  %m1 = rarith.constant -1 : i32
  %n = rarith.muli %y, %m1 : i32
  %0 = rarith.addi %x, %n : i32
  %n2 = rarith.muli %x, %m1 : i32
  %1 = rarith.addi %n2, %y : i32
  %vm1 = rarith.constant dense<-1> : vector<2xi32>
  %vn = rarith.muli %w, %vm1 : vector<2xi32>
  %2 = rarith.addi %v, %vn : vector<2xi32>
  %s = rarith.subi %x, %y overflow<nsw> : i32
  %3 = rarith.subi %s, %x overflow<nsw> : i32
  "test.sink"(%0, %1, %2, %3) : (i32, i32, vector<2xi32>, i32) -> ()
  return
}

// -----

func.func @extended_unused(%x: i32, %y: i32) {
  %s, %o = rarith.addui_extended %x, %y : i32, i1
  %l, %h = rarith.mulsi_extended %x, %y : i32
  %ul, %uh = rarith.mului_extended %x, %y : i32
  %one = rarith.constant 1 : i32
  %l1, %h1 = rarith.mulsi_extended %x, %one : i32
  "test.sink"(%s, %l, %ul, %l1, %h1) : (i32, i32, i32, i32, i32) -> ()
  return
}

// -----

func.func @bitwise_of_ext(%a: i8, %b: i8, %c: i16) {
  %ea = rarith.extui %a : i8 to i32
  %eb = rarith.extui %b : i8 to i32
  %0 = rarith.andi %ea, %eb : i32
  %sa = rarith.extsi %a : i8 to i32
  %sb = rarith.extsi %b : i8 to i32
  %1 = rarith.ori %sa, %sb : i32
  %2 = rarith.xori %sa, %sb : i32
  %ec = rarith.extui %c : i16 to i32
  %3 = rarith.andi %ea, %ec : i32
  "test.sink"(%0, %1, %2, %3) : (i32, i32, i32, i32) -> ()
  return
}

// -----

func.func @not_cmpi(%a: i32, %b: i32, %v: vector<2xi32>) {
  %t = rarith.constant true
  %c = rarith.cmpi slt, %a, %b : i32
  %0 = rarith.xori %c, %t : i1
  %d = rarith.cmpi uge, %a, %b : i32
  %1 = rarith.xori %d, %t : i1
  %vt = rarith.constant dense<true> : vector<2xi1>
  %vc = rarith.cmpi eq, %v, %v : vector<2xi32>
  %e = rarith.cmpi ne, %v, %v : vector<2xi32>
  %2 = rarith.xori %e, %vt : vector<2xi1>
  "test.sink"(%0, %1, %2) : (i1, i1, vector<2xi1>) -> ()
  return
}

// -----

func.func @cmpi_of_ext(%a: i8, %b: i8) {
  %ea = rarith.extsi %a : i8 to i32
  %eb = rarith.extsi %b : i8 to i32
  %0 = rarith.cmpi eq, %ea, %eb : i32
  %1 = rarith.cmpi slt, %ea, %eb : i32
  %ua = rarith.extui %a : i8 to i32
  %ub = rarith.extui %b : i8 to i32
  %2 = rarith.cmpi ne, %ua, %ub : i32
  "test.sink"(%0, %1, %2) : (i1, i1, i1) -> ()
  return
}

// -----

func.func @casts(%a: i8, %x: i64, %i: index, %j: i32) {
  %0 = rarith.extui %a : i8 to i16
  %1 = rarith.extsi %0 : i16 to i32
  %e = rarith.extsi %a : i8 to i64
  %2 = rarith.trunci %e : i64 to i32
  %u = rarith.extui %a : i8 to i64
  %3 = rarith.trunci %u : i64 to i16
  %c32 = rarith.constant 32 : i64
  %s = rarith.shrsi %x, %c32 : i64
  %4 = rarith.trunci %s overflow<nuw> : i64 to i32
  %c31 = rarith.constant 31 : i64
  %s2 = rarith.shrsi %x, %c31 : i64
  %5 = rarith.trunci %s2 : i64 to i32
  %6 = rarith.index_cast %e : i64 to index
  %7 = rarith.index_castui %u : i64 to index
  %ic = rarith.index_cast %i : index to i32
  %8 = rarith.index_cast %ic : i32 to index
  %iu = rarith.index_castui %j : i32 to index
  %9 = rarith.index_castui %iu : index to i32
  "test.sink"(%1, %2, %3, %4, %5, %6, %7, %8, %9) : (i32, i32, i16, i32, i32, index, index, index, i32) -> ()
  return
}
