// Two libraries built on the bridge in one stock mlir-opt: rmlir's plugin
// and the toy example's, each with its own Rust hook table, in either load
// order. Each dialect's folds, patterns and passes run through its own
// library: toy folds and lowers to arith (toy's pass), arith becomes rarith
// (rmlir's pass), and rarith's patterns canonicalize what toy produced.
// RUN: %upstream-mlir-opt %s --load-dialect-plugin=%plugin --load-dialect-plugin=%toy-plugin --load-pass-plugin=%plugin --load-pass-plugin=%toy-plugin --pass-pipeline="builtin.module(canonicalize)" | FileCheck %s --check-prefix=FOLD
// RUN: %upstream-mlir-opt %s --load-dialect-plugin=%toy-plugin --load-dialect-plugin=%plugin --load-pass-plugin=%toy-plugin --load-pass-plugin=%plugin --pass-pipeline="builtin.module(canonicalize)" | FileCheck %s --check-prefix=FOLD
// RUN: %upstream-mlir-opt %s --load-dialect-plugin=%plugin --load-dialect-plugin=%toy-plugin --load-pass-plugin=%plugin --load-pass-plugin=%toy-plugin --pass-pipeline="builtin.module(convert-toy-to-arith,convert-arith-to-rarith,canonicalize)" | FileCheck %s --check-prefix=LOWER
// RUN: %upstream-mlir-opt %s --load-dialect-plugin=%toy-plugin --load-dialect-plugin=%plugin --load-pass-plugin=%toy-plugin --load-pass-plugin=%plugin --pass-pipeline="builtin.module(convert-toy-to-arith,convert-arith-to-rarith,canonicalize)" | FileCheck %s --check-prefix=LOWER
// The dialect faces alone: both dialects parse, verify and print.
// RUN: %upstream-mlir-opt %s --load-dialect-plugin=%toy-plugin --load-dialect-plugin=%plugin | FileCheck %s --check-prefix=PARSE

// FOLD-LABEL: func.func @f(
// FOLD: %[[C1:.*]] = rarith.constant 1 : i64
// FOLD: %[[Y:.*]] = rarith.addi %arg0, %[[C1]] : i64
// FOLD: %[[N:.*]] = toy.neg %[[Y]]
// FOLD: return %[[N]] : i64

// LOWER-LABEL: func.func @f(
// LOWER-NOT: toy.
// LOWER: %[[C:.*]] = rarith.constant -1 : i64
// LOWER: %[[R:.*]] = rarith.subi %[[C]], %arg0 : i64
// LOWER: return %[[R]] : i64

// PARSE: rarith.addi
// PARSE-COUNT-3: toy.neg
func.func @f(%x: i64) -> i64 {
  %c1 = rarith.constant 1 : i64
  %y = rarith.addi %x, %c1 : i64
  %0 = toy.neg %y
  %1 = toy.neg %0
  %2 = toy.neg %1
  return %2 : i64
}
