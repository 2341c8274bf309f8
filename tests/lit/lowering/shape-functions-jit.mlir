// Shape functions lowered by LOWER_RSHAPE_TO_LLVM run in the JIT with
// memref arguments and results (extent tensors are memref<?xindex>), and
// LOWER_TO_LLVM refuses a program it leaves rshape ops in.
// RUN: rmlir-run %S/../../../examples/shape-functions.mlir -e broadcast --lower=rshape '--arg=memref<3xindex>:8,1,3' '--arg=memref<2xindex>:5,1' | FileCheck %s --check-prefix=BCAST
// RUN: rmlir-run %S/../../../examples/shape-functions.mlir -e broadcast --lower=rshape '--arg=memref<0xindex>:' '--arg=memref<1xindex>:4' | FileCheck %s --check-prefix=EMPTY
// RUN: rmlir-run %S/../../../examples/shape-functions.mlir -e elements_and_broadcastable --lower=rshape '--arg=memref<2xindex>:3,4' '--arg=memref<1xindex>:5' | FileCheck %s --check-prefix=TWO
// RUN: not rmlir-run %S/../../../examples/shape-functions.mlir -e broadcast '--arg=memref<1xindex>:1' '--arg=memref<1xindex>:1' 2>&1 | FileCheck %s --check-prefix=ILLEGAL
// RUN: not rmlir-run %S/../../../examples/shape-functions.mlir -e broadcast --lower=rshape '--arg=memref<1xf64>:1' '--arg=memref<1xindex>:1' 2>&1 | FileCheck %s --check-prefix=MISMATCH

// BCAST: memref<3xi64> [8, 5, 3]
// EMPTY: memref<1xi64> [4]
// TWO: 12
// TWO-NEXT: 0
// ILLEGAL: error: 'func.func' op was not lowered to the LLVM dialect
// ILLEGAL: error: 'rshape.broadcast' op was not lowered to the LLVM dialect
// MISMATCH: `broadcast` has signature (memref<?xi64>, memref<?xi64>) -> (memref<?xi64>); called with (memref<1xf64>, memref<1xi64>)
