#!/usr/bin/env bash
# The main job: rarith/rshape through canonicalization, lowering, the JIT and
# an AOT executable, with both rmlir-opt and stock mlir-opt + the plugin.
set -euo pipefail
cd "$(dirname "$0")/.."

LLVM=${RMLIR_LLVM_PREFIX:-/usr/lib/llvm-22}
BIN=target/release
OUT=target/demo
PLUGIN="$LLVM/bin/mlir-opt --load-dialect-plugin=$BIN/librmlir.so --load-pass-plugin=$BIN/librmlir.so"
LOWER="rarith-expand,convert-scf-to-cf,convert-rarith-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts"
mkdir -p "$OUT"

step() { printf '\n=== %s\n' "$*"; }

step "rmlir-opt --canonicalize examples/demo.mlir"
$BIN/rmlir-opt examples/demo.mlir --canonicalize

step "stock mlir-opt + librmlir.so plugin: same result"
$PLUGIN examples/demo.mlir --canonicalize > "$OUT/plugin.mlir"
$BIN/rmlir-opt examples/demo.mlir --canonicalize > "$OUT/ours.mlir"
diff -u "$OUT/ours.mlir" "$OUT/plugin.mlir" && echo "identical"

step "rshape: constant broadcasting (examples/shapes.mlir)"
$BIN/rmlir-opt examples/shapes.mlir --canonicalize

step "lowering to the LLVM dialect (plugin pass through --pass-pipeline)"
$PLUGIN examples/demo.mlir --pass-pipeline="builtin.module(canonicalize,$LOWER)" | tee "$OUT/demo.llvm.mlir"

step "JIT (ExecutionEngine via rmlir-run)"
for args in "1 100" "100 1" "-42 0"; do
  set -- $args
  printf 'compute(%s, %s) = ' "$1" "$2"
  $BIN/rmlir-run examples/demo.mlir -e compute --entry-point-result=i32 --arg=i32:"$1" --arg=i32:"$2"
done
printf 'ten() = '
$BIN/rmlir-run examples/demo.mlir -e ten --entry-point-result=i32

step "AOT executable (rmlir-opt -> mlir-translate -> clang-22)"
$BIN/rmlir-opt examples/demo.mlir --pass-pipeline="builtin.module(canonicalize,$LOWER)" > "$OUT/aot.mlir"
"$LLVM/bin/mlir-translate" --mlir-to-llvmir "$OUT/aot.mlir" -o "$OUT/demo.ll"
"$LLVM/bin/clang" -O2 -c "$OUT/demo.ll" -o "$OUT/demo.o" -Wno-override-module
"$LLVM/bin/clang" -O2 examples/aot_main.c "$OUT/demo.o" -o "$OUT/demo"
"$OUT/demo" 1 100
"$OUT/demo" 100 1
