// Differential: rshape.add / mul / div on sizes and indices against upstream
// (the floor-division quirk of upstream's div is tested separately in
// tests/lit/rshape/div-floor.mlir).
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin

func.func @arith(%s: !rshape.size, %i: index) {
  %c2 = rshape.const_size 2
  %i3 = rarith.constant 3 : index
  %i0 = rarith.constant 0 : index
  %z = rshape.const_size 0
  %0 = rshape.add %c2, %i3 : !rshape.size, index -> !rshape.size
  %1 = rshape.mul %i3, %i3 : index, index -> index
  %2 = rshape.add %s, %i0 : !rshape.size, index -> !rshape.size
  %3 = rshape.add %s, %z : !rshape.size, !rshape.size -> !rshape.size
  %4 = rshape.add %i0, %i : index, index -> index
  %c7 = rarith.constant 7 : index
  %cm2 = rarith.constant -2 : index
  %cm7 = rarith.constant -7 : index
  %5 = rshape.div %c7, %cm2 : index, index -> index
  %6 = rshape.div %cm7, %cm2 : index, index -> index
  %7 = rshape.div %c7, %i0 : index, index -> index
  %8 = rshape.mul %s, %c2 : !rshape.size, !rshape.size -> !rshape.size
  %9 = rshape.div %i, %i3 : index, index -> !rshape.size
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (!rshape.size, index, !rshape.size, !rshape.size, index, index, index, index, !rshape.size, !rshape.size) -> ()
  return
}
