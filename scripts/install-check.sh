#!/usr/bin/env bash
# `make install` works: the tools and plugins installed into a prefix, the
# prefix moved, run from there with nothing loaded from the build tree
# (LD_DEBUG lists every object the loader opens, dlopen'ed ones included)
# and no build-tree or first-prefix path in any installed ELF's dynamic
# section: rmlir-opt, rmlir-run (JIT), and stock mlir-opt with the rmlir
# plugin alone and with the toy example's plugin next to it.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
cd "$repo"
MLIR_OPT="${MLIR_OPT:-/usr/lib/llvm-22/bin/mlir-opt}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
fail() { echo "install-check: $*" >&2; exit 1; }

./scripts/install.sh "$work/first" target/release/rmlir-opt target/release/rmlir-run \
  target/release/rmlir-lsp-server target/release/rmlir-reduce target/release/rmlir-tv \
  target/release/librmlir.so target/release/libtoy_dialect.so > /dev/null
mv "$work/first" "$work/moved"
P="$work/moved"

for f in "$P"/bin/* "$P"/lib/*.so; do
  if readelf -d "$f" | grep -E "NEEDED|RUNPATH|RPATH|SONAME" | grep -q -e "$repo" -e "$work/first"; then
    readelf -d "$f" | grep -E "NEEDED|RUNPATH|RPATH|SONAME" >&2
    fail "$f names the build tree or the first prefix"
  fi
done

# Runs "$@" with the loader logging every object it initializes (by the
# path it found it at: NEEDED and dlopen'ed alike); fails when one is in the
# build tree, or when the bridge's libraries did not come from the prefix.
run() {
  rm -f "$work"/ld.*
  LD_DEBUG=files LD_DEBUG_OUTPUT="$work/ld" "$@"
  if grep -h "calling init: $repo" "$work"/ld.* >&2; then
    fail "$1 loaded a file of the build tree"
  fi
  for lib in librmlir_bridge_c.so librmlir_dialects.so; do
    grep -q "calling init: $P/.*$lib" "$work"/ld.* || fail "$1 did not load $lib from the prefix"
  done
}

cat > "$work/in.mlir" <<'MLIR'
func.func @f(%x: i64) -> i64 {
  %c6 = rarith.constant 6 : i64
  %c7 = rarith.constant 7 : i64
  %p = rarith.muli %c6, %c7 : i64
  %r = rarith.addi %x, %p : i64
  %n = toy.neg %r
  %m = toy.neg %n
  return %m : i64
}
MLIR
grep -v toy "$work/in.mlir" | sed 's/return %m/return %r/' > "$work/rarith.mlir"

run "$P/bin/rmlir-opt" "$work/rarith.mlir" --canonicalize > "$work/out1.txt"
grep -q "rarith.constant 42 : i64" "$work/out1.txt" || fail "installed rmlir-opt did not fold"

run "$MLIR_OPT" "$work/rarith.mlir" --load-dialect-plugin="$P/lib/librmlir.so" \
  --load-pass-plugin="$P/lib/librmlir.so" \
  --pass-pipeline="builtin.module(canonicalize,convert-rarith-to-llvm)" > "$work/out2.txt"
grep -q "llvm.mlir.constant(42 : i64)" "$work/out2.txt" || fail "the installed plugin did not fold and lower"

run "$MLIR_OPT" "$work/in.mlir" \
  --load-dialect-plugin="$P/lib/libtoy_dialect.so" --load-dialect-plugin="$P/lib/librmlir.so" \
  --load-pass-plugin="$P/lib/libtoy_dialect.so" --load-pass-plugin="$P/lib/librmlir.so" \
  --pass-pipeline="builtin.module(convert-toy-to-arith,convert-arith-to-rarith,canonicalize)" \
  > "$work/out3.txt"
grep -q "rarith.constant 42 : i64" "$work/out3.txt" && ! grep -q "toy\." "$work/out3.txt" ||
  fail "the installed plugins did not work together"

run "$P/bin/rmlir-run" examples/shape-functions.mlir -e broadcast --lower=rshape \
  '--arg=memref<3xindex>:8,1,3' '--arg=memref<2xindex>:5,1' > "$work/out4.txt"
grep -q "memref<3xi64> \[8, 5, 3\]" "$work/out4.txt" || fail "the installed rmlir-run did not run"
# The installed language server answers an LSP client (a diagnostic), and
# the installed reducer shrinks a program.
python3 tests/lit/tools/lsp-client.py "$P/bin/rmlir-lsp-server" tests/lit/tools/lsp-diagnostics.mlir > "$work/lsp.txt"
grep -q "diagnostic 9:8 'rarith.index_cast'" "$work/lsp.txt" || fail "the installed rmlir-lsp-server did not answer"
printf '#!/bin/sh\ngrep -q rarith.divsi "$1" && exit 1\nexit 0\n' > "$work/divides.sh"
chmod +x "$work/divides.sh"
"$P/bin/rmlir-reduce" tests/lit/tools/reduce.mlir --reduction-tree="traversal-mode=0 test=$work/divides.sh" \
  2>/dev/null > "$work/reduced.txt"
grep -q "rarith.divsi" "$work/reduced.txt" && ! grep -q "func.func @adds" "$work/reduced.txt" \
  || fail "the installed rmlir-reduce did not reduce"

# the installed validator proves a rewrite.
"$P/bin/rmlir-tv" tests/lit/tools/tv-install.mlir --pipeline='builtin.module(canonicalize)' > "$work/tv.txt" \
  || fail "the installed rmlir-tv did not prove canonicalize"
grep -q "@tv: proven" "$work/tv.txt" || fail "the installed rmlir-tv did not answer"

echo "install-check: installed, moved, and run with nothing from the build tree"
