// convert-rarith-to-apfloat computes remf and fptosi/fptoui as the ops are
// defined, where upstream's lowering calls runtime functions that do
// something else (docs/upstream-differences.md): the runtime's `remainder`
// is IEEE remainder (quotient rounded to nearest), not fmod, and its
// `convert_to_int` rounds to nearest, not toward zero. remf is fixed up from
// `remainder`; the casts convert `x - fmod(x, 1.0)`. tests/apfloat_exec.rs
// runs every f8 pair; here, by execution and against the folder:
// RUN: rmlir-run %s -e rem --entry-point-result=i8 --arg=i8:74 --arg=i8:68 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=REM
// RUN: rmlir-run %s -e rem --entry-point-result=i8 --arg=i8:-54 --arg=i8:68 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=REMNEG
// RUN: rmlir-run %s -e to_int --entry-point-result=i32 --arg=i8:-57 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=TOINT
// RUN: rmlir-run %s -e to_uint --entry-point-result=i32 --arg=i8:71 --shared-libs=%llvm-lib/libmlir_apfloat_wrappers.so --pipeline="%apfloat" | FileCheck %s --check-prefix=TOUINT
// RUN: rmlir-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
// 74 is 5.0 and 68 is 3.0 in f8E4M3FN: fmod(5, 3) = 2.0 (0x40); IEEE
// remainder would give -1.0 (0xB8).
// REM: 64
// -54 is 0xCA = -5.0: fmod(-5, 3) = -2.0 (0xC0 = -64).
// REMNEG: -64
// -57 is 0xC7 = -3.75, truncated: -3 (nearest would give -4).
// TOINT: -3
// 71 is 0x47 = 3.75, truncated: 3.
// TOUINT: 3
// FOLD-LABEL: func.func @folded
// FOLD-DAG: rarith.constant 64 : i8
// FOLD-DAG: rarith.constant -3 : i32

func.func @rem(%a: i8, %b: i8) -> i8 {
  %x = rarith.bitcast %a : i8 to f8E4M3FN
  %y = rarith.bitcast %b : i8 to f8E4M3FN
  %s = rarith.remf %x, %y : f8E4M3FN
  %r = rarith.bitcast %s : f8E4M3FN to i8
  return %r : i8
}

func.func @to_int(%a: i8) -> i32 {
  %x = rarith.bitcast %a : i8 to f8E4M3FN
  %i = rarith.fptosi %x : f8E4M3FN to i32
  return %i : i32
}

func.func @to_uint(%a: i8) -> i32 {
  %x = rarith.bitcast %a : i8 to f8E4M3FN
  %i = rarith.fptoui %x : f8E4M3FN to i32
  return %i : i32
}

func.func @folded() -> (i8, i32) {
  %a = rarith.constant 74 : i8
  %b = rarith.constant 68 : i8
  %c = rarith.constant -57 : i8
  %r = func.call @rem(%a, %b) : (i8, i8) -> i8
  %x = rarith.bitcast %a : i8 to f8E4M3FN
  %y = rarith.bitcast %b : i8 to f8E4M3FN
  %s = rarith.remf %x, %y : f8E4M3FN
  %o = rarith.bitcast %s : f8E4M3FN to i8
  %z = rarith.bitcast %c : i8 to f8E4M3FN
  %i = rarith.fptosi %z : f8E4M3FN to i32
  return %o, %i : i8, i32
}
