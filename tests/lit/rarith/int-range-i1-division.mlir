// Range inference of a signed division whose i1 divisor is
// `muli true, true overflow<nsw>` (poison: -1 * -1 does not fit in i1).
// Upstream's int-range-optimizations dies there with SIGFPE (an APInt
// division by zero inside its signed-division range rule) for divsi,
// ceildivsi and floordivsi; rmlir's rules never divide by a zero bound
// (see docs/upstream-differences.md). What is left is the folders' work, as
// upstream's folders would do it: muli folds to true (flags do not stop a
// fold), and x / 1 folds to x (true is 1 as an unsigned i1).
// RUN: rmlir-opt %s --int-range-optimizations | FileCheck %s
// RUN: %mlir-opt-plugin %s --int-range-optimizations | FileCheck %s

// CHECK-LABEL: func @signed_divisions
// CHECK-NEXT: return %arg0, %arg0, %arg0 : i1, i1, i1
func.func @signed_divisions(%a: i1) -> (i1, i1, i1) {
  %t = rarith.constant true
  %m = rarith.muli %t, %t overflow<nsw> : i1
  %d = rarith.divsi %a, %m : i1
  %c = rarith.ceildivsi %a, %m : i1
  %f = rarith.floordivsi %a, %m : i1
  return %d, %c, %f : i1, i1, i1
}

// The same on vectors (where the random differential tests met it).
// CHECK-LABEL: func @vector
// CHECK-NEXT: return %arg0 : vector<3xi1>
func.func @vector(%a: vector<3xi1>) -> vector<3xi1> {
  %t = rarith.constant dense<true> : vector<3xi1>
  %m = rarith.muli %t, %t overflow<nsw> : vector<3xi1>
  %f = rarith.floordivsi %a, %m : vector<3xi1>
  return %f : vector<3xi1>
}
