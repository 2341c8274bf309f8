// A Rust panic inside a hook becomes an error diagnostic and a failure exit,
// never an unwind into C++ and never an abort (exit code 1, not a signal).
// The diagnostic says where the panic happened; no other report is printed
// unless RUST_BACKTRACE asks for one.
// RUN: env -u RUST_BACKTRACE not rmlir-opt %s --test-rmlir-panic 2>&1 | FileCheck %s
// RUN: env -u RUST_BACKTRACE not %mlir-opt-plugin %s --pass-pipeline="builtin.module(test-rmlir-panic)" 2>&1 | FileCheck %s
// RUN: env RUST_BACKTRACE=1 not rmlir-opt %s --test-rmlir-panic 2>&1 | FileCheck %s --check-prefix=BACKTRACE
// RUN: rmlir-opt %s --test-rmlir-panic > /dev/null 2>&1; test $? -eq 1
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(test-rmlir-panic)" > /dev/null 2>&1; test $? -eq 1

// CHECK-NOT: thread '{{.*}}' panicked
// CHECK: error: rmlir: internal error in test-rmlir-panic: deliberate panic from test-rmlir-panic (panicked at src/passes/test_panic.rs:{{[0-9]+}}:{{[0-9]+}})
// CHECK-NOT: backtrace

// BACKTRACE: panicked at src/passes/test_panic.rs
// BACKTRACE: stack backtrace:
// BACKTRACE: error: rmlir: internal error in test-rmlir-panic: deliberate panic from test-rmlir-panic (panicked at
func.func @f() {
  return
}
