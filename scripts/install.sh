#!/usr/bin/env bash
# Installs built artifacts of rmlir-bridge-based crates into PREFIX, so that
# they run from there after the build tree is gone and PREFIX is moved:
#
#   scripts/install.sh PREFIX ARTIFACT...
#
# An ARTIFACT is a plugin (a cdylib built on the bridge: lib/) or an
# executable (bin/). With each come the libraries it needs from its build
# tree: the bridge's C library (the MLIR C API and the bridge, NEEDED by
# absolute path in the build tree; installed as lib/librmlir_bridge_c.so)
# and the crate's dialect library (lib<crate>_dialects.so, which the
# bridge dlopens at run time and looks for next to the object that loads
# it, or in ../lib). Every installed ELF file gets relative names and an
# `$ORIGIN`-relative RUNPATH (plus LLVM's library directory, for libMLIR):
# no path into a build tree is left. Also installs what a dialect author
# builds against: include/rmlir/*.h and share/rmlir/RMlirBase.td.
#
# `make install PREFIX=...` runs it for rmlir-opt, rmlir-run, librmlir.so
# and the toy example's plugin; a crate of your own installs its plugin the
# same way: scripts/install.sh PREFIX target/release/libmy_dialect.so
set -euo pipefail
[ $# -ge 2 ] || { echo "usage: $0 PREFIX ARTIFACT..." >&2; exit 2; }
command -v patchelf >/dev/null || { echo "install: patchelf is missing (make deps)" >&2; exit 1; }
repo="$(cd "$(dirname "$0")/.." && pwd)"
LLVM_LIB="${RMLIR_LLVM_PREFIX:-/usr/lib/llvm-22}/lib"
prefix="$1"
shift
mkdir -p "$prefix/bin" "$prefix/lib" "$prefix/include/rmlir" "$prefix/share/rmlir"
prefix="$(cd "$prefix" && pwd)"

BRIDGE_C=librmlir_bridge_c.so

# The name an absolute build-tree library gets in PREFIX/lib.
installed_name() {
  case "$(basename "$1")" in
    libMLIR-C.so) echo "$BRIDGE_C" ;;
    *) basename "$1" ;;
  esac
}

# The dialect libraries an object loads at run time: the absolute paths of
# `lib*_dialects.so` files its read-only data names that exist.
dialect_libraries() {
  grep -a -o -E '/[A-Za-z0-9_./+-]+/out/lib[A-Za-z0-9_]+_dialects\.so' "$1" | sort -u |
    while read -r hit; do
      # The match may start inside a neighbouring string: try each suffix
      # that starts at a `/`, the longest first.
      rest="$hit"
      while [ -n "$rest" ]; do
        if [ -f "$rest" ]; then echo "$rest"; break; fi
        next="${rest#/*/}"
        [ "$next" = "$rest" ] && break
        rest="/$next"
      done
    done | sort -u
}

# Copies `src` to `dst` (ELF), renames its absolute NEEDED entries and
# sonames, and sets its RUNPATH to `origin` plus LLVM's library directory;
# queues the build-tree libraries it needs.
queue=()
patch_elf() {
  local src="$1" dst="$2" origin="$3"
  install -m 755 "$src" "$dst"
  local needed
  while read -r needed; do
    case "$needed" in
      /*)
        patchelf --replace-needed "$needed" "$(installed_name "$needed")" "$dst"
        queue+=("$needed")
        ;;
    esac
  done < <(patchelf --print-needed "$dst")
  local soname
  soname="$(patchelf --print-soname "$dst" 2>/dev/null || true)"
  case "$soname" in
    /*) patchelf --set-soname "$(installed_name "$soname")" "$dst" ;;
  esac
  patchelf --set-rpath "$origin:$LLVM_LIB" "$dst"
}

done_libs=" "
install_lib() {
  local src="$1" name
  name="$(installed_name "$src")"
  case "$done_libs" in *" $name "*) return ;; esac
  done_libs="$done_libs$name "
  patch_elf "$src" "$prefix/lib/$name" '$ORIGIN'
}

for artifact in "$@"; do
  [ -f "$artifact" ] || { echo "install: $artifact does not exist (build it first)" >&2; exit 1; }
  case "$artifact" in
    *.so) patch_elf "$artifact" "$prefix/lib/$(basename "$artifact")" '$ORIGIN' ;;
    *) patch_elf "$artifact" "$prefix/bin/$(basename "$artifact")" '$ORIGIN/../lib' ;;
  esac
  while read -r lib; do
    [ -n "$lib" ] && queue+=("$lib")
  done < <(dialect_libraries "$artifact")
done
# The queue grows as libraries name their own build-tree dependencies.
i=0
while [ $i -lt ${#queue[@]} ]; do
  install_lib "${queue[$i]}"
  i=$((i + 1))
done

install -m 644 "$repo"/bridge/cpp/include/rmlir/*.h "$prefix/include/rmlir/"
install -m 644 "$repo/bridge/cpp/td/RMlirBase.td" "$prefix/share/rmlir/"
echo "install: $* -> $prefix"
