#!/usr/bin/env bash
# Runs the named integration tests of the rmlir crate under valgrind
# (memcheck): any invalid read or write, use of freed or uninitialised
# memory is an error, and the run fails. Leaks are not counted (MLIR's
# contexts and uniqued storage live until exit by design).
# Usage: scripts/valgrind-tests.sh TEST [TEST...]
set -euo pipefail
command -v valgrind >/dev/null || { echo "valgrind-tests: valgrind is missing (make deps)"; exit 1; }
for t in "$@"; do
  bin=$(cargo test --release --test "$t" --no-run 2>&1 \
    | sed -n "s|.*Executable tests/$t.rs (\(.*\))|\1|p" | tail -1)
  [ -x "$bin" ] || { echo "valgrind-tests: no test binary for $t"; exit 1; }
  echo "valgrind-tests: $t"
  # One test thread: valgrind serializes threads anyway; the tests that
  # need MLIR's threads make their own.
  valgrind --error-exitcode=99 --leak-check=no --quiet "$bin" --test-threads=1
done
echo "valgrind-tests: no memory errors in $*"
