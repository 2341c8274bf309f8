#!/usr/bin/env bash
# Memory a pass loses must not grow with the IR it runs on: each pass below
# runs under valgrind (memcheck, full leak check) on a module of 4 and of
# 16 functions, and the bytes definitely lost must be the same (a fixed
# amount at start-up is MLIR's and the registries'). Function passes run
# once per function: a leak per run (as MLIR's C API's frozen pattern sets
# have) shows as 12 runs' worth more.
# Usage: scripts/leak-check.sh [RMLIR_OPT]
set -euo pipefail
opt=${1:-target/release/rmlir-opt}
command -v valgrind >/dev/null || { echo "leak-check: valgrind is missing (make deps)"; exit 1; }
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

module() {
  for i in $(seq 1 "$1"); do
    cat <<MLIR
func.func @f$i(%t: tensor<?x4xf32>, %u: tensor<3x?xf32>) -> (tensor<?xindex>, index) {
  %s0 = rshape.shape_of %t : tensor<?x4xf32> -> tensor<2xindex>
  %s1 = rshape.shape_of %u : tensor<3x?xf32> -> tensor<2xindex>
  %w = rshape.cstr_broadcastable %s0, %s1 : tensor<2xindex>, tensor<2xindex>
  %v = rshape.cstr_eq %s0, %s1 : tensor<2xindex>, tensor<2xindex>
  %a = rshape.assuming_all %w, %v
  %r = rshape.assuming %a -> (tensor<?xindex>) {
    %b = rshape.broadcast %s0, %s1 : tensor<2xindex>, tensor<2xindex> -> tensor<?xindex>
    rshape.assuming_yield %b : tensor<?xindex>
  }
  %c1 = rarith.constant 1 : index
  %c2 = rarith.constant 2 : index
  %x = rarith.addi %c1, %c2 : index
  %n = rshape.num_elements %s1 : tensor<2xindex> -> index
  %y = rarith.muli %x, %n : index
  return %r, %y : tensor<?xindex>, index
}
MLIR
  done
}
module 4 > "$tmp/small.mlir"
module 16 > "$tmp/large.mlir"

lost() {
  valgrind --leak-check=full "$opt" "$1" --pass-pipeline="$2" -o /dev/null 2>&1 \
    | sed -n 's/.*definitely lost: \([0-9,]*\) bytes.*/\1/p' | tr -d ,
}

status=0
for pipeline in \
  'builtin.module(func.func(remove-rshape-constraints))' \
  'builtin.module(func.func(convert-rshape-constraints))' \
  'builtin.module(func.func(canonicalize))' \
  'builtin.module(rarith-int-range-optimizations)' \
  'builtin.module(convert-rarith-to-llvm)'; do
  small=$(lost "$tmp/small.mlir" "$pipeline")
  large=$(lost "$tmp/large.mlir" "$pipeline")
  if [ -z "$small" ] || [ -z "$large" ]; then
    echo "leak-check: $pipeline: no leak summary (did rmlir-opt run?)"; status=1
  elif [ "$small" != "$large" ]; then
    echo "leak-check: $pipeline loses memory per function: $small bytes on 4, $large on 16"; status=1
  else
    echo "leak-check: $pipeline: $small bytes lost on 4 functions and on 16 (start-up only)"
  fi
done
exit $status
