// The JIT's CPU features are chosen on purpose: by default (`exact`) the
// instructions whose results are not IEEE-exact are left out, so a bf16
// product that is subnormal stays subnormal on every host, as rarith's fold
// computes it (0x0001 * 1.390625 = 0x0001, the smallest subnormal).
// RUN: rmlir-run %s -e mul --entry-point-result=i16 --arg=i16:1 --arg=i16:16306 | FileCheck %s --check-prefix=SUBNORMAL
// RUN: rmlir-run %s -e mul --cpu-features=exact --entry-point-result=i16 --arg=i16:1 --arg=i16:16306 | FileCheck %s --check-prefix=SUBNORMAL
// RUN: rmlir-opt %s --canonicalize | FileCheck %s --check-prefix=FOLD
// RUN: not rmlir-run %s -e mul --cpu-features=fast 2>&1 | FileCheck %s --check-prefix=BAD
// RUN: rmlir-run --print-host-cpu | FileCheck %s --check-prefix=HOST

func.func @mul(%a: i16, %b: i16) -> i16 {
  %x = rarith.bitcast %a : i16 to bf16
  %y = rarith.bitcast %b : i16 to bf16
  %p = rarith.mulf %x, %y : bf16
  %r = rarith.bitcast %p : bf16 to i16
  return %r : i16
}

func.func @folded() -> i16 {
  %x = rarith.constant 0x0001 : bf16
  %y = rarith.constant 0x3FB2 : bf16
  %p = rarith.mulf %x, %y : bf16
  %r = rarith.bitcast %p : bf16 to i16
  return %r : i16
}

// SUBNORMAL: {{^1$}}
// FOLD-LABEL: func.func @folded
// FOLD: rarith.constant 1 : i16
// BAD: rmlir-run: --cpu-features wants exact or native, not `fast`
// HOST: cpu: {{.+}}
// HOST-NEXT: bf16 conversion that flushes subnormals: {{yes|no}}
// HOST-NEXT: features: {{.+}}
