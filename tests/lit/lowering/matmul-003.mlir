// Seed 003's three stages on the matmul shape function of
// examples/matmul-003.mlir, to native code through the JIT: stage 1 (the
// library) is reified in constrained form (stage 2), constraints become
// asserts (stage 3), and the result runs. Both tools drive the stages.
// RUN: rmlir-opt --allow-unregistered-dialect %S/../../../examples/matmul-003.mlir --rshape-reify-shape-functions | FileCheck %s --check-prefix=STAGE2
// RUN: rmlir-opt --allow-unregistered-dialect %S/../../../examples/matmul-003.mlir --rshape-reify-shape-functions --convert-rshape-constraints --canonicalize > %t.stage3
// RUN: %mlir-opt-plugin --allow-unregistered-dialect %S/../../../examples/matmul-003.mlir --pass-pipeline="builtin.module(rshape-reify-shape-functions,convert-rshape-constraints,canonicalize)" | diff -u %t.stage3 -
// RUN: FileCheck %s --check-prefix=STAGE3 < %t.stage3
// RUN: rmlir-run %t.stage3 -e run --entry-point-result=void --arg=i64:3 --arg=i64:4 --arg=i64:4 --arg=i64:5 --arg=i64:0 --shared-libs=%llvm-lib/libmlir_c_runner_utils.so --pipeline="%native" | FileCheck %s --check-prefix=OK
// RUN: not --crash rmlir-run %t.stage3 -e run --entry-point-result=void --arg=i64:3 --arg=i64:4 --arg=i64:5 --arg=i64:6 --arg=i64:0 --shared-libs=%llvm-lib/libmlir_c_runner_utils.so --pipeline="%native" | FileCheck %s --check-prefix=INNER
// RUN: not --crash rmlir-run %t.stage3 -e run --entry-point-result=void --arg=i64:3 --arg=i64:4 --arg=i64:4 --arg=i64:5 --arg=i64:1 --shared-libs=%llvm-lib/libmlir_c_runner_utils.so --pipeline="%native" | FileCheck %s --check-prefix=RANK
// RUN: rmlir-run %t.stage3 -e run --entry-point-result=void --arg=i64:7 --arg=i64:1 --arg=i64:1 --arg=i64:9 --arg=i64:0 --shared-libs=%llvm-lib/libmlir_c_runner_utils.so --pipeline="%native" | FileCheck %s --check-prefix=OK2

// Stage 2: the library is gone, the shape function is reified for the
// operand types and every meet became a witness with its message, the rest
// of the computation nested in assuming regions.
// STAGE2-NOT: rshape.function_library
// STAGE2-NOT: demo.matmul
// STAGE2: call @matmul_0(%{{.*}}, %{{.*}}) : (tensor<*xf32>, tensor<*xf32>) -> tensor<?xindex>
// STAGE2-LABEL: func.func private @matmul_0(%arg0: tensor<*xf32>, %arg1: tensor<*xf32>) -> tensor<?xindex>
// STAGE2: rshape.cstr_require %{{.*}}, "requires rank 2 operands"
// STAGE2-NEXT: rshape.assuming
// STAGE2: rshape.cstr_require %{{.*}}, "requires rank 2 operands"
// STAGE2-NEXT: rshape.assuming
// STAGE2: rshape.shape_eq
// STAGE2: rshape.cstr_require %{{.*}}, "inner dimensions required to match"
// STAGE2-NEXT: rshape.assuming
// STAGE2: rshape.concat
// STAGE2-COUNT-3: rshape.assuming_yield

// Stage 3: asserts, no witnesses or regions.
// STAGE3-LABEL: func.func private @matmul_0
// STAGE3-NOT: rshape.assuming
// STAGE3-NOT: cstr_
// STAGE3: cf.assert %{{.*}}, "requires rank 2 operands"
// STAGE3: cf.assert %{{.*}}, "requires rank 2 operands"
// STAGE3: cf.assert %{{.*}}, "inner dimensions required to match"

// OK: 3, 5
// OK2: 7, 9
// INNER: inner dimensions required to match
// RANK: requires rank 2 operands
