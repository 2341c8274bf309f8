// On hosts without a bf16 conversion that flushes subnormals, native code
// rounds through __truncsfbf2 as exact code does: the same subnormal.
// UNSUPPORTED: bf16-flushing-cpu
// RUN: rmlir-run %S/jit-cpu-features.mlir -e mul --cpu-features=native --entry-point-result=i16 --arg=i16:1 --arg=i16:16306 | FileCheck %s
// CHECK: {{^1$}}
