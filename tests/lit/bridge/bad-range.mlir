// A Rust range hook that gives a range of another width than its result's
// (an i8 range for an i64 result) and ranges for results the op does not
// have: the bridge drops them, so the result's range stays unknown, and
// stock mlir-opt's integer range analysis neither folds on them nor mixes
// widths in its lattice (which would read an APInt of one word as one of
// several).
// RUN: %fault-opt %s --int-range-optimizations | FileCheck %s

// CHECK-LABEL: func.func @dropped
// CHECK: %[[R:.*]] = fault.bad_range %arg0
// CHECK: arith.cmpi eq, %[[R]], %{{.*}} : i64
// CHECK: arith.cmpi ult, %[[R]], %{{.*}} : i64
func.func @dropped(%x: i64) -> (i1, i1) {
  %0 = fault.bad_range %x
  %c7 = arith.constant 7 : i64
  %c8 = arith.constant 8 : i64
  %1 = arith.cmpi eq, %0, %c7 : i64
  %2 = arith.cmpi ult, %0, %c8 : i64
  return %1, %2 : i1, i1
}
