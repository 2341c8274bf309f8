#!/usr/bin/env bash
# A crate built on the bridge with `panic = "abort"` does not build, and says
# why: the bridge turns panics in hooks into diagnostics by catching them,
# which an aborting build cannot (each would be a SIGABRT of mlir-opt).
set -euo pipefail
cd "$(dirname "$0")/.."
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
if CARGO_TARGET_DIR=target/panic-abort-check CARGO_PROFILE_RELEASE_PANIC=abort \
  cargo build --release --quiet -p rmlir-bridge --lib > "$log" 2>&1; then
  echo "panic-abort-check: the bridge built with panic = \"abort\"" >&2
  exit 1
fi
grep -q 'rmlir-bridge is built with `panic = "abort"`' "$log" || {
  cat "$log" >&2
  echo "panic-abort-check: the build failed without saying why" >&2
  exit 1
}
echo "panic-abort-check: an aborting build is refused with a message"
