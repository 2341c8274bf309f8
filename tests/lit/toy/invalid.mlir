// The example dialect's verifier (Rust) and ODS constraints, in stock
// mlir-opt: located diagnostics, never a crash.
// RUN: %toy-opt %s -split-input-file -verify-diagnostics

func.func @empty_interval(%x: i64) -> i64 {
  // expected-error @+1 {{'toy.clamp' op requires lo <= hi, but the interval is [5, 2]}}
  %0 = toy.clamp %x to [5, 2]
  return %0 : i64
}

// -----

// expected-note @+1 {{prior use here}}
func.func @wrong_type(%x: i32) -> i64 {
  // expected-error @+1 {{use of value '%x' expects different type than prior uses: 'i64' vs 'i32'}}
  %0 = toy.neg %x
  return %0 : i64
}

// -----

func.func @generic_wrong_type(%x: i32) -> i32 {
  // expected-error @+1 {{'toy.neg' op operand #0 must be 64-bit signless integer, but got 'i32'}}
  %0 = "toy.neg"(%x) : (i32) -> i32
  return %0 : i32
}
