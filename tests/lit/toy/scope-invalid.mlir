// toy.scope's Rust region verifier: one i64 body argument per input.
// RUN: %toy-opt %s -split-input-file -verify-diagnostics

func.func @missing_argument(%x: i64) -> i64 {
  // expected-error @+1 {{'toy.scope' op expects its body to take one argument per input (1), not 0}}
  %0 = toy.scope(%x) {
    toy.yield %x
  }
  return %0 : i64
}

// -----

func.func @wrong_type(%x: i64) -> i64 {
  // expected-error @+1 {{'toy.scope' op expects body argument 0 to be an i64}}
  %0 = toy.scope(%x) {
  ^bb0(%z: i32):
    toy.yield %x
  }
  return %0 : i64
}
