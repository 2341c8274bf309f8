// Folds whose constant result would need a dynamically shaped attribute are
// refused (upstream builds `dense<0> : tensor<?xi32>`, which DenseElementsAttr
// does not allow; see docs/upstream-differences.md). Static shapes fold.
// RUN: rmlir-opt %s --canonicalize | FileCheck %s
// RUN: %mlir-opt-plugin %s --canonicalize | FileCheck %s

// CHECK-LABEL: func @dynamic
// CHECK-DAG: rarith.xori %arg0, %arg0 : tensor<?xi32>
// CHECK-DAG: rarith.cmpi eq, %arg0, %arg0 : tensor<?xi32>
func.func @dynamic(%t: tensor<?xi32>) -> (tensor<?xi32>, tensor<?xi1>) {
  %0 = rarith.xori %t, %t : tensor<?xi32>
  %2 = rarith.cmpi eq, %t, %t : tensor<?xi32>
  return %0, %2 : tensor<?xi32>, tensor<?xi1>
}

// CHECK-LABEL: func @static
// CHECK-DAG: %[[Z:.*]] = rarith.constant dense<0> : tensor<4xi32>
// CHECK-DAG: %[[T:.*]] = rarith.constant dense<true> : tensor<4xi1>
// CHECK: return %[[Z]], %[[Z]], %[[T]]
func.func @static(%t: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi1>) {
  %0 = rarith.xori %t, %t : tensor<4xi32>
  %one = rarith.constant dense<1> : tensor<4xi32>
  %1 = rarith.remui %t, %one : tensor<4xi32>
  %2 = rarith.cmpi eq, %t, %t : tensor<4xi32>
  return %0, %1, %2 : tensor<4xi32>, tensor<4xi32>, tensor<4xi1>
}
