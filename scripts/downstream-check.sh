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
cd "$work/crate"
unset MLIR_SYS_220_PREFIX TABLEGEN_220_PREFIX MLIR_SYS_LINK_SHARED LIBCLANG_PATH \
  RMLIR_LLVM_PREFIX LD_LIBRARY_PATH CARGO_TARGET_DIR
export CARGO_TARGET_DIR="$work/target"
# The registry's crates are shared with rmlir's own build (same lock file).
cp "$repo/Cargo.lock" .
cargo build --release --quiet --offline --bins --tests
"$CARGO_TARGET_DIR/release/rmlir-downstream" | tee "$work/out.txt"
grep -q "scale(58) = 100" "$work/out.txt"
grep -q "rarith.addi %arg0, %c42_i32 : i32" "$work/out.txt"
cargo test --release --quiet --offline
echo "downstream-check: a crate depending on rmlir builds, runs and tests on its own"
