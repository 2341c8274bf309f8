// On hosts whose bf16 conversion flushes subnormals (AVX512-BF16,
// AVX-NE-CONVERT), `--cpu-features=native` uses it: the subnormal product
// of jit-cpu-features.mlir becomes +0 there, while the default stays exact.
// REQUIRES: bf16-flushing-cpu
// RUN: rmlir-run %S/jit-cpu-features.mlir -e mul --cpu-features=native --entry-point-result=i16 --arg=i16:1 --arg=i16:16306 | FileCheck %s --check-prefix=FLUSHED
// RUN: rmlir-run %S/jit-cpu-features.mlir -e mul --entry-point-result=i16 --arg=i16:1 --arg=i16:16306 | FileCheck %s --check-prefix=EXACT
// FLUSHED: {{^0$}}
// EXACT: {{^1$}}
