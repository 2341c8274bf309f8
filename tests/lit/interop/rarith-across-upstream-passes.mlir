// Upstream passes create upstream `arith` ops among rarith ones (here
// `lower-affine` materializes `arith.constant 4` next to the program's
// `rarith.constant 4`), which never merge: a duplicate constant per value.
// The way to keep a program in rarith across them: end the pipeline with
// `convert-arith-to-rarith,canonicalize`, which turns what upstream created
// into rarith and unifies the constants. The result is upstream's own on the
// arith program (renamed), but for the order of the constants at the top.
// RUN: rmlir-opt %s --pass-pipeline="builtin.module(canonicalize,lower-affine,convert-scf-to-cf,canonicalize)" | FileCheck %s --check-prefix=MIXED
// RUN: rmlir-opt %s --pass-pipeline="builtin.module(canonicalize,lower-affine,convert-scf-to-cf,canonicalize,convert-arith-to-rarith,canonicalize)" > %t.rm
// RUN: %to-upstream %s | %upstream-mlir-opt --pass-pipeline="builtin.module(canonicalize,lower-affine,convert-scf-to-cf,canonicalize,canonicalize)" | %from-upstream > %t.up
// RUN: grep -v "constant" %t.up > %t.up.body && grep -v "constant" %t.rm | diff -u %t.up.body -
// RUN: grep "constant" %t.up | sort > %t.up.consts && grep "constant" %t.rm | sort | diff -u %t.up.consts -
// RUN: FileCheck %s < %t.rm

// MIXED-DAG: {{(^|[^r])}}arith.constant 4 : index
// MIXED-DAG: rarith.constant 4 : index

// CHECK-COUNT-1: constant 4 : index
// CHECK-NOT: constant 4 : index
// CHECK-NOT: {{(^|[^r])}}arith.
func.func @mix(%m: memref<16xf32>, %v: vector<4xf32>, %n: index) -> f32 {
  %c0 = rarith.constant 0 : index
  %c4 = rarith.constant 4 : index
  %c16 = rarith.constant 16 : index
  %zero = rarith.constant 0.0 : f32
  %r = scf.for %i = %c0 to %c16 step %c4 iter_args(%acc = %zero) -> (f32) {
    %j = affine.apply affine_map<(d0) -> (d0 + 4)>(%i)
    %x = memref.load %m[%j] : memref<16xf32>
    %s = rarith.addf %acc, %x : f32
    scf.yield %s : f32
  }
  %sum = vector.reduction <add>, %v : vector<4xf32> into f32
  %t = rarith.addf %r, %sum : f32
  %d = affine.apply affine_map<(d0) -> (d0 * 2 + 3)>(%n)
  %cmp = rarith.cmpi ult, %d, %c16 : index
  %out = scf.if %cmp -> f32 {
    scf.yield %t : f32
  } else {
    scf.yield %zero : f32
  }
  return %out : f32
}
