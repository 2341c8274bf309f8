#!/usr/bin/env bash
# Idempotently installs the Debian packages rmlir needs (LLVM/MLIR 22 and friends).
# Safe to run repeatedly: does nothing when everything is already present.
set -euo pipefail

PKGS=(
  llvm-22-dev libmlir-22-dev mlir-22-tools clang-22 libclang-22-dev
  llvm-22-tools libpolly-22-dev libzstd-dev valgrind patchelf
  z3
)

missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
else
  echo "install-deps: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

# lit is shipped by llvm-22-tools as a Python module; make sure a `lit` runner exists.
if [ ! -x /usr/lib/llvm-22/bin/lit ] && ! command -v lit >/dev/null 2>&1; then
  python3 -m pip install --quiet lit
fi

# Every cargo build on this machine, ours and those of crates that depend on
# rmlir, must see LLVM 22 and link the one shared libMLIR (mlir-sys links
# MLIR statically unless told otherwise, and finds llvm-config through its
# prefix). The repository's .cargo/config.toml says so for rmlir itself; for
# other crates the same [env] goes into cargo's user configuration, once.
# Values already set in the environment win (force = false).
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
cargo_config="$cargo_home/config.toml"
if ! grep -qs 'MLIR_SYS_LINK_SHARED' "$cargo_config"; then
  mkdir -p "$cargo_home"
  entries='MLIR_SYS_220_PREFIX = { value = "/usr/lib/llvm-22", force = false }
TABLEGEN_220_PREFIX = { value = "/usr/lib/llvm-22", force = false }
MLIR_SYS_LINK_SHARED = { value = "1", force = false }
LIBCLANG_PATH = { value = "/usr/lib/llvm-22/lib", force = false }'
  if grep -qs '^\[env\]' "$cargo_config"; then
    # Insert under the existing [env] table.
    tmp="$(mktemp)"
    awk -v e="$entries" '{print} /^\[env\][[:space:]]*$/ {print e}' "$cargo_config" > "$tmp"
    mv "$tmp" "$cargo_config"
  else
    printf '\n# Added by rmlir scripts/install-deps.sh: LLVM/MLIR 22, shared libMLIR.\n[env]\n%s\n' "$entries" >> "$cargo_config"
  fi
  echo "install-deps: LLVM 22 settings added to $cargo_config"
fi
