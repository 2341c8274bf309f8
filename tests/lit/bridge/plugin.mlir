// Both plugin faces load into stock mlir-opt: the dialects parse and print,
// and our passes are listed in --help of both tools.
// RUN: %mlir-opt-plugin %s | FileCheck %s
// RUN: %mlir-opt-plugin --help | FileCheck %s --check-prefix=HELP
// RUN: rmlir-opt --help | FileCheck %s --check-prefix=HELP

// HELP: --convert-rarith-to-llvm
// HELP: --test-rmlir-panic

// CHECK: rarith.constant 1 : i32
// CHECK: rshape.const_shape [1] : !rshape.shape
func.func @ok() -> (i32, !rshape.shape) {
  %0 = rarith.constant 1 : i32
  %1 = rshape.const_shape [1] : !rshape.shape
  return %0, %1 : i32, !rshape.shape
}
