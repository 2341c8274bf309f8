// rshape.div rounds toward negative infinity, as the specification states
// ("floor(lhs / rhs)"). Upstream MLIR 22 folds -2 div 7 to 0 (it corrects
// the truncated quotient only when that is already negative); rmlir folds it
// to -1 (see docs/upstream-differences.md).
// RUN: rmlir-opt %s --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --canonicalize | FileCheck %s

// CHECK-LABEL: func @floor
// CHECK-DAG: %[[M1:.*]] = rarith.constant -1 : index
// CHECK-DAG: %[[M4:.*]] = rarith.constant -4 : index
// CHECK-DAG: %[[P3:.*]] = rarith.constant 3 : index
// CHECK: return %[[M1]], %[[M4]], %[[M4]], %[[P3]]
func.func @floor() -> (index, index, index, index) {
  %m2 = rarith.constant -2 : index
  %p7 = rarith.constant 7 : index
  %m7 = rarith.constant -7 : index
  %p2 = rarith.constant 2 : index
  %0 = rshape.div %m2, %p7 : index, index -> index
  %1 = rshape.div %m7, %p2 : index, index -> index
  %2 = rshape.div %p7, %m2 : index, index -> index
  %3 = rshape.div %m7, %m2 : index, index -> index
  return %0, %1, %2, %3 : index, index, index, index
}
