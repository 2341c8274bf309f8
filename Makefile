# rmlir — `make demo` and `make test` work on a fresh machine of this kind.
LLVM_PREFIX ?= /usr/lib/llvm-22
CARGO ?= cargo
LIT ?= $(LLVM_PREFIX)/bin/lit
export RMLIR_LLVM_PREFIX := $(LLVM_PREFIX)

.PHONY: all deps build demo install test test-rust test-lit test-downstream test-install test-dialect-outside test-panic-abort test-valgrind test-leaks test-heap lint fmt clean bench bench-scale bench-passes bench-instructions verify prove fuzz

all: build

# Installs missing Debian packages (idempotent; nothing to do when present).
deps:
	@./scripts/install-deps.sh

# The workspace: rmlir (rmlir-opt, rmlir-run, librmlir.so), the bridge
# crates, and the example dialect built on the bridge (libtoy_dialect.so).
build: deps
	$(CARGO) build --release --workspace --lib --bins

demo: build
	./scripts/demo.sh

# Installs rmlir-opt, rmlir-run, the plugin (librmlir.so), the toy example's
# plugin and what a dialect author builds against into PREFIX, relocatable
# ($ORIGIN): it runs after the build tree is gone and PREFIX is moved.
PREFIX ?= /usr/local
INSTALLED = target/release/rmlir-opt target/release/rmlir-run target/release/rmlir-lsp-server \
	target/release/rmlir-reduce target/release/rmlir-tv target/release/librmlir.so \
	target/release/libtoy_dialect.so
install: build
	./scripts/install.sh $(PREFIX) $(INSTALLED)

# The whole suite: Rust unit/integration/property tests, lit/FileCheck, and
# a crate that depends on rmlir, built and run on its own.
test: build test-rust test-lit test-downstream test-install test-dialect-outside test-panic-abort test-valgrind test-leaks test-heap

test-rust: deps
	$(CARGO) test --release --workspace

test-lit: build
	$(LIT) -sv tests/lit

test-downstream: deps
	./scripts/downstream-check.sh

# A dialect crate built outside the repository (toy, copied out) next to
# rmlir's plugin: lowered through rarith and run, from its build and installed.
test-dialect-outside: build
	./scripts/dialect-outside-check.sh

# A bridge build with panic = "abort" is refused with a message.
test-panic-abort: deps
	./scripts/panic-abort-check.sh

# `make install` into a temporary prefix, moved, then run from there.
test-install: build
	./scripts/install-check.sh

# The soundness tests under valgrind: zero memory errors (make verify runs
# the public-API tests under it too).
test-valgrind: deps
	./scripts/valgrind-tests.sh soundness

# What a pass loses (valgrind's "definitely lost") does not grow with the
# number of functions it runs on.
test-leaks: build
	./scripts/leak-check.sh

# No pass needs more heap than upstream's on the same IR (valgrind's massif:
# exact, so the same on every run; the growth over one function's worth).
test-heap: build
	./scripts/heap-check.py target/release/rmlir-opt $(LLVM_PREFIX)/bin/mlir-opt

lint: deps
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --release --workspace --all-targets -- -D warnings
	$(CARGO) clippy --release --workspace --lib --bins -- -D warnings
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --release --workspace --no-deps --lib
	./scripts/layer-check.py

fmt:
	$(CARGO) fmt --all

clean:
	$(CARGO) clean

# Canonicalization speed: rarith/rshape vs upstream arith/shape, same IR, same run.
bench: build
	$(CARGO) run --release --example bench -- $(BENCH_ARGS)

# The workloads from 10k to 1M ops, with peak memory per side.
bench-scale: build
	$(CARGO) run --release --example bench -- --scale

# Every Rust pass against its upstream counterpart on the same IR, at 10k,
# 100k and 1M ops (BENCH_PASSES_ARGS: e.g. --sizes 10000 --only to-llvm).
bench-passes: build
	./scripts/bench-passes.py target/release/rmlir-opt $(LLVM_PREFIX)/bin/mlir-opt --sizes 10000,100000,1000000 --reps 15,21,7 $(BENCH_PASSES_ARGS)

# The same passes and workloads counted in instructions (callgrind, the pass
# only, 20k ops): what time on a noisy machine cannot show. BENCH_INSTR_ARGS:
# e.g. --only to-spirv --cache (L1 miss ratios as well).
bench-instructions: build
	./scripts/bench-instructions.py target/release/rmlir-opt $(LLVM_PREFIX)/bin/mlir-opt $(BENCH_INSTR_ARGS)

# Every canonicalization pattern and folder proven by execution (before and
# after canonicalize, JIT), exhaustively over i1/i4/i8 operand pairs; prints
# the table (pattern/folder, cases, fired, mismatches). Then every f8E4M3FN
# and f8E5M2 pair through the APFloat runtime against the folders. make test
# runs a sample of both.
verify: build
	./scripts/valgrind-tests.sh soundness user_patterns api builders jit pass_options
	RMLIR_VERIFY_EXHAUSTIVE=1 $(CARGO) test --release --test rewrite_exec -- --nocapture
	RMLIR_VERIFY_EXHAUSTIVE=1 $(CARGO) test --release --test apfloat_exec -- --nocapture

# Every rewrite proven with an SMT solver (z3): each template of the
# execution harness at every integer width 1-64 and index, and at f16,
# bf16, f32 and f64, validated after rmlir's canonicalize and upstream's;
# prints the table (rewrite, widths, instances, proven, counterexamples,
# undecided, time, upstream's counterexamples); every pass on the same
# programs; mutated patterns refuted; the model against the JIT; every pass
# on the lit tests' chunks. make test runs a fast subset.
prove: build
	RMLIR_PROVE_FULL=1 $(CARGO) test --release --test prove -- --nocapture --test-threads 1
	$(CARGO) test --release --test tv_model -- --nocapture
	./scripts/prove-lit.py target/release/rmlir-tv

# Coverage-guided fuzzing (libFuzzer via libfuzzer-sys, sanitizer coverage):
# the parser, then canonicalize/cse/int-range-optimizations/each rmlir pass.
FUZZ_SECONDS ?= 60
fuzz: deps
	./scripts/fuzz.sh $(FUZZ_SECONDS)
