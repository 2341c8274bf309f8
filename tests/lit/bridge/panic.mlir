// A Rust panic inside a hook becomes an error diagnostic and a failure exit,
// never an unwind into C++ and never an abort (exit code 1, not a signal).
// RUN: not rmlir-opt %s --test-rmlir-panic 2>&1 | FileCheck %s
// RUN: not %mlir-opt-plugin %s --pass-pipeline="builtin.module(test-rmlir-panic)" 2>&1 | FileCheck %s
// RUN: rmlir-opt %s --test-rmlir-panic > /dev/null 2>&1; test $? -eq 1
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(test-rmlir-panic)" > /dev/null 2>&1; test $? -eq 1

// CHECK: error: rmlir: internal error in test-rmlir-panic: deliberate panic from test-rmlir-panic
func.func @f() {
  return
}
