#!/usr/bin/env bash
# A dialect crate built outside the repository works next to rmlir: the toy
# example (a region op among its ops) is copied out, its path dependencies
# pointed back at the bridge crates, and built from an empty target
# directory (so it has a bridge C library of its own). Then, in stock
# mlir-opt next to rmlir's plugin from the build tree, its program is
# lowered through rarith to the LLVM dialect and run by mlir-runner; then
# both plugins are installed into one prefix, the crate's build tree is
# deleted, the prefix moved, and the same runs from there. In between, two
# edits of its hooks that ODS does not match must stop its build, loudly.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
LLVM="${RMLIR_LLVM_PREFIX:-/usr/lib/llvm-22}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "dialect-outside-check: $*" >&2; exit 1; }

cp -r "$repo/examples/toy" "$work/toy"
sed -i "s|path = \"../../bridge\"|path = \"$repo/bridge\"|; s|path = \"../../bridge-build\"|path = \"$repo/bridge-build\"|" \
  "$work/toy/Cargo.toml"
printf '\n[workspace]\n' >> "$work/toy/Cargo.toml"
cp "$repo/Cargo.lock" "$work/toy/"
(cd "$work/toy" && CARGO_TARGET_DIR="$work/target" cargo build --release --quiet --offline --lib)
toy="$work/target/release/libtoy_dialect.so"
# Its own bridge C library, not the repository's.
readelf -d "$toy" | grep NEEDED | grep -q "$work/target/release/build/rmlir-bridge-" || fail "the crate does not use a bridge library of its own"
rmlir="$repo/target/release/librmlir.so"
[ -f "$toy" ] || fail "the crate built no plugin"

cat > "$work/in.mlir" <<'MLIR'
func.func @main() -> i64 {
  %c6 = toy.constant 6
  %c7 = toy.constant 7
  %0 = toy.scope(%c6, %c7) {
  ^bb0(%a: i64, %b: i64):
    %p = toy.mul %a, %b
    toy.yield %p
  }
  %one = rarith.constant 1 : i64
  %r = rarith.subi %0, %one : i64
  return %r : i64
}
MLIR
LOWER="convert-toy-to-arith,convert-arith-to-rarith,canonicalize,rarith-expand,convert-rarith-to-llvm,convert-arith-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts,rmlir-require-llvm"

# Lowers in.mlir with the plugins `$1` (toy) and `$2` (rmlir), runs it.
lower_and_run() {
  "$LLVM/bin/mlir-opt" "$work/in.mlir" \
    --load-dialect-plugin="$1" --load-dialect-plugin="$2" \
    --load-pass-plugin="$1" --load-pass-plugin="$2" \
    --pass-pipeline="builtin.module($LOWER)" > "$work/lowered.mlir"
  grep -q "toy\.\|rarith\." "$work/lowered.mlir" && fail "ops left after lowering"
  "$LLVM/bin/mlir-runner" "$work/lowered.mlir" -e main --entry-point-result=i64 > "$work/out.txt"
  grep -qx "41" "$work/out.txt" || { cat "$work/out.txt" >&2; fail "main() is not 41"; }
}

lower_and_run "$toy" "$rmlir"

# The hook table and the ODS must agree: a hook Rust implements and ODS does
# not declare, or one ODS declares and Rust leaves out, stops the build with
# a message that says what to add. (Each build recompiles only the crate.)
# Builds the crate with src/fold.rs edited by the sed script `$1`; the build
# must fail saying `$2`.
refused_build() {
  sed -i "$1" "$work/toy/src/fold.rs"
  if (cd "$work/toy" && CARGO_TARGET_DIR="$work/target" cargo build --release --quiet --offline --lib) > "$work/build.log" 2>&1; then
    fail "the crate built with src/fold.rs edited by '$1'"
  fi
  grep -qF "$2" "$work/build.log" || { cat "$work/build.log" >&2; fail "the refused build does not say: $2"; }
  cp "$repo/examples/toy/src/fold.rs" "$work/toy/src/fold.rs"
}
refused_build 's/^hooks!(NegOp { fold: fold_neg });$/hooks!(NegOp { fold: fold_neg, verify: |_| true });/' \
  'does not declare the `verify` hook in ODS, so MLIR would never call it'
refused_build 's/^hooks!(NegOp { fold: fold_neg });$/hooks!(NegOp {});/' \
  'ODS declares `hasFolder = 1 (single result)` for'

"$repo/scripts/install.sh" "$work/prefix" "$toy" "$rmlir" > /dev/null
rm -rf "$work/target"
mv "$work/prefix" "$work/moved"
lower_and_run "$work/moved/lib/libtoy_dialect.so" "$work/moved/lib/librmlir.so"
echo "dialect-outside-check: a dialect built outside the repository lowers to rarith and runs, from its build and installed"
