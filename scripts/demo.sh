#!/usr/bin/env bash
# The main job: rarith/rshape through canonicalization, lowering, the JIT and
# an AOT executable, with both rmlir-opt and stock mlir-opt + the plugin.
set -euo pipefail
cd "$(dirname "$0")/.."

LLVM=${RMLIR_LLVM_PREFIX:-/usr/lib/llvm-22}
BIN=target/release
OUT=target/demo
PLUGIN="$LLVM/bin/mlir-opt --load-dialect-plugin=$BIN/librmlir.so --load-pass-plugin=$BIN/librmlir.so"
LOWER="rarith-expand,convert-scf-to-cf,convert-rarith-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts,rmlir-require-llvm"
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

step "Shape functions in the JIT: extent tensors in and out (examples/shape-functions.mlir, --lower=rshape)"
printf 'broadcast([8, 1, 3], [5, 1]) = '
$BIN/rmlir-run examples/shape-functions.mlir -e broadcast --lower=rshape \
  --arg='memref<3xindex>:8,1,3' --arg='memref<2xindex>:5,1'
printf 'num_elements([3, 4]), is_broadcastable([3, 4], [5]) =\n'
$BIN/rmlir-run examples/shape-functions.mlir -e elements_and_broadcastable --lower=rshape \
  --arg='memref<2xindex>:3,4' --arg='memref<1xindex>:5'

step "AOT executable (rmlir-opt -> mlir-translate -> clang-22)"
$BIN/rmlir-opt examples/demo.mlir --pass-pipeline="builtin.module(canonicalize,$LOWER)" > "$OUT/aot.mlir"
"$LLVM/bin/mlir-translate" --mlir-to-llvmir "$OUT/aot.mlir" -o "$OUT/demo.ll"
"$LLVM/bin/clang" -O2 -c "$OUT/demo.ll" -o "$OUT/demo.o" -Wno-override-module
"$LLVM/bin/clang" -O2 examples/aot_main.c "$OUT/demo.o" -o "$OUT/demo"
"$OUT/demo" 1 100
"$OUT/demo" 100 1

step "Seed 003: the matmul shape function through the three stages (examples/matmul-003.mlir)"
STAGES="rshape-reify-shape-functions,convert-rshape-constraints,canonicalize"
NATIVE="convert-rshape-to-std,canonicalize,one-shot-bufferize{bufferize-function-boundaries},convert-linalg-to-loops,expand-strided-metadata,lower-affine,rarith-expand,convert-scf-to-cf,convert-rarith-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,finalize-memref-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts"
echo "stage 2 (constrained, most nested), as reified:"
$BIN/rmlir-opt --allow-unregistered-dialect examples/matmul-003.mlir --rshape-reify-shape-functions \
  | sed -n '/func.func private @matmul_0/,/^  }/p'
echo "stage 3 (asserting):"
$PLUGIN --allow-unregistered-dialect examples/matmul-003.mlir --pass-pipeline="builtin.module($STAGES)" \
  | tee "$OUT/matmul.stage3.mlir" | sed -n '/func.func private @matmul_0/,/^  }/p'
RUNTIME="$LLVM/lib/libmlir_c_runner_utils.so"
echo "native code, JIT (stock mlir-opt + plugin, then rmlir-run):"
$PLUGIN "$OUT/matmul.stage3.mlir" --pass-pipeline="builtin.module($NATIVE)" > "$OUT/matmul.llvm.mlir"
for args in "3 4 4 5 0" "3 4 5 6 0" "3 4 4 5 1"; do
  set -- $args
  printf '[%s x %s] * [%s x %s]%s -> ' "$1" "$2" "$3" "$4" "$( [ "$5" = 1 ] && echo ' (lhs of rank 3)')"
  ( $BIN/rmlir-run "$OUT/matmul.stage3.mlir" -e run --entry-point-result=void \
    --arg=i64:"$1" --arg=i64:"$2" --arg=i64:"$3" --arg=i64:"$4" --arg=i64:"$5" \
    --shared-libs="$RUNTIME" --pipeline="builtin.module($NATIVE)" ) 2>/dev/null \
    || echo "  (aborted: exit status $?)"
done
echo "native code, AOT executable (rmlir-opt -> mlir-translate -> clang-22):"
$BIN/rmlir-opt --allow-unregistered-dialect examples/matmul-003.mlir \
  --pass-pipeline="builtin.module($STAGES,$NATIVE)" > "$OUT/matmul.aot.mlir"
"$LLVM/bin/mlir-translate" --mlir-to-llvmir "$OUT/matmul.aot.mlir" -o "$OUT/matmul.ll"
"$LLVM/bin/clang" -O2 -c "$OUT/matmul.ll" -o "$OUT/matmul.o" -Wno-override-module
"$LLVM/bin/clang" -O2 examples/matmul_003_main.c "$OUT/matmul.o" -o "$OUT/matmul" \
  -L"$LLVM/lib" -lmlir_c_runner_utils -Wl,-rpath,"$LLVM/lib"
"$OUT/matmul" 3 4 4 5
( "$OUT/matmul" 3 4 5 6 ) 2>/dev/null || echo "  (aborted: exit status $?)"
( "$OUT/matmul" 3 4 4 5 1 ) 2>/dev/null || echo "  (aborted: exit status $?)"
