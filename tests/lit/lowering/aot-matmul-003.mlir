// The AOT path: seed 003's matmul shape function (examples/matmul-003.mlir)
// through the three stages to LLVM IR (rmlir-opt, mlir-translate), compiled
// and linked with clang-22 and the MLIR C runner utils into an executable
// that prints the result shape or fails with the seed's messages.
// RUN: rmlir-opt --allow-unregistered-dialect %S/../../../examples/matmul-003.mlir --pass-pipeline="builtin.module(rshape-reify-shape-functions,convert-rshape-constraints,canonicalize,%native-inner)" > %t.mlir
// RUN: mlir-translate --mlir-to-llvmir %t.mlir -o %t.ll
// RUN: clang -O2 -c %t.ll -o %t.o -Wno-override-module
// RUN: clang -O2 %S/../../../examples/matmul_003_main.c %t.o -o %t.exe -L%llvm-lib -lmlir_c_runner_utils -Wl,-rpath,%llvm-lib
// RUN: %t.exe 3 4 4 5 | FileCheck %s --check-prefix=OK
// RUN: %t.exe 1 7 7 1 | FileCheck %s --check-prefix=ONE
// RUN: not --crash %t.exe 3 4 5 6 | FileCheck %s --check-prefix=INNER
// RUN: not --crash %t.exe 3 4 4 5 1 | FileCheck %s --check-prefix=RANK

// OK: 3, 5
// ONE: 1, 1
// INNER: inner dimensions required to match
// RANK: requires rank 2 operands
