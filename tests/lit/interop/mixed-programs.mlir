// Mixed programs kept whole (examples/mixed/: rarith with scf, affine,
// memref, tensor, vector and linalg, each through upstream passes that
// create arith ops): ending the pipeline with
// convert-arith-to-rarith,canonicalize leaves no arith op and no duplicate
// constant, and gives the arith version's output (renamed) with its op
// count. scripts/mixed-programs.py prints the measurements
// (docs/mixed-programs.md).
// RUN: python3 %S/../../../scripts/mixed-programs.py --check %rmlir-opt-path %upstream-mlir-opt %S/../../../examples/mixed/scf.mlir %S/../../../examples/mixed/affine.mlir %S/../../../examples/mixed/memref.mlir %S/../../../examples/mixed/tensor.mlir %S/../../../examples/mixed/vector.mlir %S/../../../examples/mixed/linalg.mlir | FileCheck %s

// Without the clean-up, upstream-created arith ops and duplicate constants
// are left (affine: lower-affine's constants next to the program's).
// CHECK: | affine.mlir | rarith | 23 | 6 | 2 | 12 |
// CHECK: | affine.mlir | rarith+clean | 21 | 5 | 0 | 0 |
// CHECK: | affine.mlir | arith | 21 | 5 | 0 | - |
// CHECK: | vector.mlir | rarith+clean | 27 | 7 | 0 | 0 |
// CHECK: | linalg.mlir | rarith+clean | 18 | 4 | 0 | 0 |
