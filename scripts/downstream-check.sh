#!/usr/bin/env bash
# A crate that depends on rmlir builds, runs and tests with nothing of its
# own: examples/downstream is copied out of the repository (so that the
# repository's .cargo/config.toml does not apply), its path dependency
# pointed back here, and built from an empty target directory with the
# LLVM/MLIR variables removed from the environment. Its binary and test
# must find every library by themselves (no LD_LIBRARY_PATH, no rpath of
# their own).
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cp -r "$repo/examples/downstream" "$work/crate"
sed -i "s|^rmlir = { path = \"../..\" }|rmlir = { path = \"$repo\" }|" "$work/crate/Cargo.toml"
sed -i "s|^toy-dialect = { path = \"../toy\" }|toy-dialect = { path = \"$repo/examples/toy\" }|" "$work/crate/Cargo.toml"
cd "$work/crate"
unset MLIR_SYS_220_PREFIX TABLEGEN_220_PREFIX MLIR_SYS_LINK_SHARED LIBCLANG_PATH \
  RMLIR_LLVM_PREFIX LD_LIBRARY_PATH CARGO_TARGET_DIR
export CARGO_TARGET_DIR="$work/target"
# The registry's crates are shared with rmlir's own build (same lock file).
cp "$repo/Cargo.lock" .
cargo build --release --quiet --offline --lib --bins --tests
"$CARGO_TARGET_DIR/release/rmlir-downstream" | tee "$work/out.txt"
grep -q "scale(58) = 200" "$work/out.txt"
grep -q "divisions shifted: 1" "$work/out.txt"
grep -q "rarith.addi %arg0, %c42_i32 : i32" "$work/out.txt"
grep -q "rarith.shli" "$work/out.txt"
grep -q "rarith.shrui" "$work/out.txt"
grep -q "broadcast(\[8, 1, 3\], \[5, 1\]) = \[8, 5, 3\]" "$work/out.txt"
# toy's dialect next to rmlir's in one process: lowered through rarith.
grep -q "rarith.constant -42 : i64" "$work/out.txt"
grep -q "rarith.muli %0, %c-42_i64 : i64" "$work/out.txt"
! grep -q "toy\." "$work/out.txt"
cargo test --release --quiet --offline

# The crate's cdylib is a plugin for stock mlir-opt: rarith and rshape,
# with the crate's own pass and canonicalization pattern, and toy.
plugin="$CARGO_TARGET_DIR/release/librmlir_downstream.so"
cat > "$work/in.mlir" <<'MLIR'
func.func @f(%x: i64) -> i64 {
  %c16 = rarith.constant 16 : i64
  %c2 = rarith.constant 2 : i64
  %0 = rarith.muli %x, %c16 : i64
  %1 = rarith.divui %0, %c2 : i64
  return %1 : i64
}
MLIR
"${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}" "$work/in.mlir" \
  --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" \
  --pass-pipeline="builtin.module(downstream-strength-reduce,canonicalize)" \
  | tee "$work/plugin.txt"
grep -q "rarith.shli %arg0, %c4_i64 : i64" "$work/plugin.txt"
grep -q "rarith.shrui %0, %c1_i64 : i64" "$work/plugin.txt"
# One library, two dialect crates: the same plugin serves toy too.
cat > "$work/toy.mlir" <<'MLIR'
func.func @g(%x: i64) -> i64 {
  %c3 = toy.constant 3
  %0 = toy.mul %x, %c3
  return %0 : i64
}
MLIR
"${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}" "$work/toy.mlir" \
  --load-dialect-plugin="$plugin" --load-pass-plugin="$plugin" \
  --pass-pipeline="builtin.module(convert-toy-to-arith,convert-arith-to-rarith,canonicalize)" \
  | tee "$work/toy.txt"
grep -q "rarith.muli %arg0, %c3_i64 : i64" "$work/toy.txt"
echo "downstream-check: a crate depending on rmlir builds, runs, tests and plugs into mlir-opt on its own"
