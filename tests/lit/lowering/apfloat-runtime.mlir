// Float formats LLVM cannot compute run through upstream's APFloat runtime:
// convert-rarith-to-apfloat's calls, JIT-compiled and linked against
// libmlir_apfloat_wrappers.so, give the values rarith's folders give (the
// same IEEE/OCP rules: 1.5 + 2.25 = 3.75 is 0x47 in f8E4M3FN, the largest
// finite f8E4M3FN is 448 = 0x7E and its next step is NaN 0x7F, f8E5M2
// overflows to infinity 0x7C, comparisons with NaN are unordered).
// RUN: rmlir-run %s -e add_e4m3 --entry-point-result=i8 --arg=i8:60 --arg=i8:65 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=ADD
// RUN: rmlir-run %s -e mul_e4m3 --entry-point-result=i8 --arg=i8:126 --arg=i8:56 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=MAX
// RUN: rmlir-run %s -e mul_e4m3 --entry-point-result=i8 --arg=i8:126 --arg=i8:64 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=NAN
// RUN: rmlir-run %s -e mul_e5m2 --entry-point-result=i8 --arg=i8:123 --arg=i8:64 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=INF
// RUN: rmlir-run %s -e lt_e4m3 --entry-point-result=i1 --arg=i8:127 --arg=i8:56 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=UNORDERED
// RUN: rmlir-run %s -e lt_e4m3 --entry-point-result=i1 --arg=i8:56 --arg=i8:60 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=LESS
// The folder agrees (constant operands, canonicalized):
// RUN: rmlir-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
// ADD: 71
// MAX: 126
// NAN: 127
// INF: 124
// UNORDERED: 0
// LESS: 1
// FOLD-LABEL: func.func @folded
// FOLD: %[[C:.*]] = rarith.constant 71 : i8
// FOLD: return %[[C]]

func.func @add_e4m3(%a: i8, %b: i8) -> i8 {
  %x = rarith.bitcast %a : i8 to f8E4M3FN
  %y = rarith.bitcast %b : i8 to f8E4M3FN
  %s = rarith.addf %x, %y : f8E4M3FN
  %r = rarith.bitcast %s : f8E4M3FN to i8
  return %r : i8
}

func.func @mul_e4m3(%a: i8, %b: i8) -> i8 {
  %x = rarith.bitcast %a : i8 to f8E4M3FN
  %y = rarith.bitcast %b : i8 to f8E4M3FN
  %s = rarith.mulf %x, %y : f8E4M3FN
  %r = rarith.bitcast %s : f8E4M3FN to i8
  return %r : i8
}

func.func @mul_e5m2(%a: i8, %b: i8) -> i8 {
  %x = rarith.bitcast %a : i8 to f8E5M2
  %y = rarith.bitcast %b : i8 to f8E5M2
  %s = rarith.mulf %x, %y : f8E5M2
  %r = rarith.bitcast %s : f8E5M2 to i8
  return %r : i8
}

func.func @lt_e4m3(%a: i8, %b: i8) -> i1 {
  %x = rarith.bitcast %a : i8 to f8E4M3FN
  %y = rarith.bitcast %b : i8 to f8E4M3FN
  %c = rarith.cmpf olt, %x, %y : f8E4M3FN
  return %c : i1
}

func.func @folded() -> i8 {
  %x = rarith.constant 1.5 : f8E4M3FN
  %y = rarith.constant 2.25 : f8E4M3FN
  %s = rarith.addf %x, %y : f8E4M3FN
  %r = rarith.bitcast %s : f8E4M3FN to i8
  return %r : i8
}
