#!/usr/bin/env bash
# make fuzz FUZZ_SECONDS=N: coverage-guided fuzzing of the parser and every
# pipeline (fuzz/fuzz_targets/pipelines.rs) with libFuzzer (built by the
# libfuzzer-sys crate) and rustc's stable sanitizer-coverage flags. The
# corpus is seeded from the lit tests (one input per `// -----` chunk and
# pipeline); findings land in target/fuzz/artifacts.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
runs="${FUZZ_RUNS:--1}"
triple="$(rustc -vV | sed -n 's/^host: //p')"
out=target/fuzz
mkdir -p "$out/corpus" "$out/artifacts"

# Instrument our code (not build scripts: --target keeps RUSTFLAGS off them).
export RUSTFLAGS="-Cpasses=sancov-module -Cllvm-args=-sanitizer-coverage-level=4 \
-Cllvm-args=-sanitizer-coverage-inline-8bit-counters -Cllvm-args=-sanitizer-coverage-pc-table \
-Cllvm-args=-sanitizer-coverage-trace-compares --cfg fuzzing -Cdebug-assertions -Coverflow-checks"
export CARGO_TARGET_DIR="$PWD/$out/build"
export RMLIR_LLVM_PREFIX="${RMLIR_LLVM_PREFIX:-/usr/lib/llvm-22}"
export CXX="${CXX:-$RMLIR_LLVM_PREFIX/bin/clang++}"
cargo build --release --manifest-path fuzz/Cargo.toml --target "$triple" --bin pipelines
bin="$CARGO_TARGET_DIR/$triple/release/pipelines"
# libMLIR-C.so (built by rmlir's build script) for the fuzz binary.
capi="$(ls -t "$CARGO_TARGET_DIR/$triple/release/build"/rmlir-*/out/libMLIR-C.so | head -1)"
export LD_LIBRARY_PATH="$(dirname "$capi"):$RMLIR_LLVM_PREFIX/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"

# Seeds: every lit chunk, under a few pipelines each (first byte).
python3 scripts/fuzz_seeds.py tests/lit "$out/corpus" "$out/dict"

"$bin" "$out/corpus" -dict="$out/dict" -max_total_time="$seconds" -runs="$runs" \
    -rss_limit_mb=4096 -timeout=20 -max_len=8192 -print_final_stats=1 \
    -artifact_prefix="$out/artifacts/" 2>&1 | grep -v '^#[0-9]*.*\(NEW\|REDUCE\|pulse\)' | tail -40
