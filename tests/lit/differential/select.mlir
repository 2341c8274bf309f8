// Differential: rarith.select syntax, folder and patterns against upstream.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// Syntax round trip without canonicalization:
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file | %from-upstream > %t.up.syntax
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file > %t.syntax
// RUN: diff -u %t.up.syntax %t.syntax

func.func @folds(%c: i1, %a: i32, %b: i32, %v: vector<4xi1>, %x: vector<4xi32>, %y: vector<4xi32>) {
  %t = rarith.constant true
  %f = rarith.constant false
  %0 = rarith.select %c, %a, %a : i32
  %1 = rarith.select %t, %a, %b : i32
  %2 = rarith.select %f, %a, %b : i32
  %3 = rarith.select %c, %t, %f : i1
  %eq = rarith.cmpi eq, %a, %b : i32
  %4 = rarith.select %eq, %a, %b : i32
  %ne = rarith.cmpi ne, %a, %b : i32
  %5 = rarith.select %ne, %a, %b : i32
  %vt = rarith.constant dense<true> : vector<4xi1>
  %6 = rarith.select %vt, %x, %y : vector<4xi1>, vector<4xi32>
  %7 = rarith.select %c, %x, %y : vector<4xi32>
  %dc = rarith.constant dense<[true, false, false, true]> : vector<4xi1>
  %da = rarith.constant dense<[1, 2, 3, 4]> : vector<4xi32>
  %db = rarith.constant dense<[10, 20, 30, 40]> : vector<4xi32>
  %8 = rarith.select %dc, %da, %db : vector<4xi1>, vector<4xi32>
  %p = ub.poison : i32
  %9 = rarith.select %c, %p, %b : i32
  %10 = rarith.select %c, %a, %p : i32
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10) : (i32, i32, i32, i1, i32, i32, vector<4xi32>, vector<4xi32>, vector<4xi32>, i32, i32) -> ()
  return
}

// -----

func.func @patterns(%c: i1, %d: i1, %a: i32, %b: i32, %e: i32) {
  %s1 = rarith.select %c, %a, %b : i32
  %0 = rarith.select %c, %s1, %e : i32
  %s2 = rarith.select %c, %a, %b : i32
  %1 = rarith.select %c, %e, %s2 : i32
  %t = rarith.constant true
  %nc = rarith.xori %c, %t : i1
  %2 = rarith.select %nc, %a, %b : i32
  %f = rarith.constant false
  %3 = rarith.select %d, %f, %t : i1
  %c1 = rarith.constant 1 : i32
  %c0 = rarith.constant 0 : i32
  %4 = rarith.select %c, %c1, %c0 : i32
  %5 = rarith.select %d, %c0, %c1 : i32
  %i1 = rarith.constant 1 : index
  %i0 = rarith.constant 0 : index
  %6 = rarith.select %c, %i1, %i0 : index
  "test.sink"(%0, %1, %2, %3, %4, %5, %6) : (i32, i32, i32, i1, i32, i32, index) -> ()
  return
}
