// One bridge-based dialect library per process: a second one (here the toy
// example after rmlir) is refused with a message, registers nothing, and
// its ops are then unknown: a located diagnostic and a non-zero exit, not a
// crash. The first library's dialects keep working.
// RUN: not %upstream-mlir-opt %s --load-dialect-plugin=%plugin --load-dialect-plugin=%toy-plugin 2>&1 | FileCheck %s

// CHECK: rmlir-bridge: the dialects of {{.*}}libtoy_dialect_dialects.so are not loaded: this process already serves those of another library (one bridge-based dialect library per process)
// CHECK: two-plugins.mlir:[[# @LINE + 4]]:8: error: Dialect `toy' not found for custom op 'toy.neg'
func.func @f(%x: i64) -> i64 {
  %c1 = rarith.constant 1 : i64
  %y = rarith.addi %x, %c1 : i64
  %0 = toy.neg %y
  return %0 : i64
}
