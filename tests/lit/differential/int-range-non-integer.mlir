// Found by make fuzz: integer range analysis hands width-0 ranges for
// operands it has no integer range for (a select of floats, i0 values); the
// range rules made an internal error of them. Now such results are unknown,
// and int-range-optimizations gives what upstream gives.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --int-range-optimizations | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --int-range-optimizations > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --pass-pipeline="builtin.module(int-range-optimizations)" > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @select_of_floats(%c: i1, %a: f32, %b: f32) -> f32 {
  %r = rarith.select %c, %a, %b : f32
  return %r : f32
}

// -----

func.func @select_of_float_vectors(%c: vector<2x3xi1>, %a: vector<2x3xf32>, %b: vector<2x3xf32>, %x: vector<2x2xi8>) -> (vector<2x3xf32>, vector<2x2xi1>) {
  %r = rarith.select %c, %a, %b : vector<2x3xi1>, vector<2x3xf32>
  %s = rarith.cmpi slt, %x, %x : vector<2x2xi8>
  return %r, %s : vector<2x3xf32>, vector<2x2xi1>
}

// -----

func.func @zero_width(%a: i0, %b: i0) -> (i0, i1) {
  %r = rarith.addi %a, %b : i0
  %c = rarith.cmpi eq, %a, %b : i0
  return %r, %c : i0, i1
}
