// Differential: rarith-expand{include-f8e8m0 include-f4e2m1 include-bf16}
// against upstream's arith-expand with the same options: casts from/to
// f8E8M0FNU and f4E2M1FN (and the bf16 ones they create) become integer bit
// manipulation, scalars and vectors, in both tools.
// RUN: %to-upstream %s | %upstream-mlir-opt --pass-pipeline="builtin.module(arith-expand{include-f8e8m0 include-f4e2m1})" | %from-upstream > %t.up
// RUN: rmlir-opt %s --pass-pipeline="builtin.module(rarith-expand{include-f8e8m0 include-f4e2m1})" > %t.rm
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(rarith-expand{include-f8e8m0 include-f4e2m1})" > %t.pl
// RUN: diff -u %t.up %t.rm
// RUN: diff -u %t.up %t.pl
// RUN: %to-upstream %s | %upstream-mlir-opt --pass-pipeline="builtin.module(arith-expand{include-f8e8m0 include-f4e2m1 include-bf16})" | %from-upstream > %t.up3
// RUN: rmlir-opt %s --pass-pipeline="builtin.module(rarith-expand{include-f8e8m0 include-f4e2m1 include-bf16})" > %t.rm3
// RUN: diff -u %t.up3 %t.rm3
// RUN: FileCheck %s < %t.rm3

// CHECK-LABEL: func.func @f8
// CHECK-NOT: rarith.extf %{{.*}} : f8E8M0FNU
// CHECK-NOT: rarith.truncf %{{.*}} to f4E2M1FN
func.func @f8(%a: f8E8M0FNU, %b: f32, %c: vector<2xf8E8M0FNU>, %d: f16, %x: f4E2M1FN, %y: f32, %z: vector<3xf4E2M1FN>, %w: bf16) -> (f32, f8E8M0FNU, vector<2xf64>, f8E8M0FNU, bf16, f32, f4E2M1FN, vector<3xf16>, f4E2M1FN) {
  %0 = rarith.extf %a : f8E8M0FNU to f32
  %1 = rarith.truncf %b : f32 to f8E8M0FNU
  %2 = rarith.extf %c : vector<2xf8E8M0FNU> to vector<2xf64>
  %3 = rarith.truncf %d : f16 to f8E8M0FNU
  %4 = rarith.extf %a fastmath<nnan> : f8E8M0FNU to bf16
  %5 = rarith.extf %x : f4E2M1FN to f32
  %6 = rarith.truncf %y : f32 to f4E2M1FN
  %7 = rarith.extf %z : vector<3xf4E2M1FN> to vector<3xf16>
  %8 = rarith.truncf %w : bf16 to f4E2M1FN
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : f32, f8E8M0FNU, vector<2xf64>, f8E8M0FNU, bf16, f32, f4E2M1FN, vector<3xf16>, f4E2M1FN
}
