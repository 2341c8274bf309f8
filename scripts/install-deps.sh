#!/usr/bin/env bash
# Idempotently installs the Debian packages rmlir needs (LLVM/MLIR 22 and friends).
# Safe to run repeatedly: does nothing when everything is already present.
set -euo pipefail

PKGS=(
  llvm-22-dev libmlir-22-dev mlir-22-tools clang-22 libclang-22-dev
  llvm-22-tools libpolly-22-dev libzstd-dev
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
