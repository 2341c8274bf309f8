// An op a Rust hook panicked on carries `rmlir.rust_panic` (what the IR
// shows when verification is off: generic, as it does not verify) and
// fails verification, which is what makes the run fail. The attribute
// alone, written in the input, is an ordinary discardable attribute: it
// fails nothing.
// RUN: env -u RUST_BACKTRACE %fault-opt %s --canonicalize --verify-each=false 2>&1 | FileCheck %s --check-prefix=UNVERIFIED
// RUN: env -u RUST_BACKTRACE not %fault-opt %s --canonicalize 2>&1 | FileCheck %s --check-prefix=VERIFIED
// RUN: %fault-opt %s --verify-roundtrip | FileCheck %s --check-prefix=WRITTEN

// UNVERIFIED: error: rmlir: internal error in fold: a deliberate panic in a folder
// UNVERIFIED: error: rmlir: internal error in fold: the folder of `fault.self_fold` returned the op's own result
// UNVERIFIED: "fault.panic_fold"(%arg0) {rmlir.rust_panic}
// UNVERIFIED: "fault.self_fold"(%arg0) {rmlir.rust_panic}

// VERIFIED-COUNT-1: a deliberate panic in a folder
// VERIFIED-COUNT-1: returned the op's own result
// VERIFIED-NOT: error

// WRITTEN: fault.panic_fold %arg0
// WRITTEN: fault.self_fold %arg0 {rmlir.rust_panic}
func.func @f(%x: i64) -> (i64, i64) {
  %0 = fault.panic_fold %x
  %1 = fault.self_fold %x {rmlir.rust_panic}
  return %0, %1 : i64, i64
}
