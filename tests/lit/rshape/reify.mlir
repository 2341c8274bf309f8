// rshape-reify-shape-functions: reification per operand types (reused for
// equal types), meets without an error get a default message, other shape
// queries are left alone, and libraries stay while a mapped op remains.
// RUN: rmlir-opt --allow-unregistered-dialect --split-input-file %s --rshape-reify-shape-functions | FileCheck %s
// RUN: %mlir-opt-plugin --allow-unregistered-dialect --split-input-file %s --pass-pipeline="builtin.module(rshape-reify-shape-functions)" | FileCheck %s

// CHECK-LABEL: module
// CHECK-NOT: rshape.lib
// CHECK-NOT: rshape.function_library
// CHECK-LABEL: func.func @uses
// CHECK: %[[A:.*]] = call @same_0(%arg0, %arg0) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xindex>
// CHECK: %[[B:.*]] = call @same_0(%arg0, %arg0) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xindex>
// CHECK: %[[C:.*]] = call @same_1(%arg1, %arg1) : (tensor<4xi8>, tensor<4xi8>) -> tensor<?xindex>
// CHECK: %[[S:.*]] = rshape.from_extent_tensor %[[C]] : tensor<?xindex>
// CHECK: %[[O:.*]] = rshape.shape_of %arg0 : tensor<?xf32> -> tensor<1xindex>
// CHECK: return %[[A]], %[[B]], %[[S]], %[[O]]
// CHECK-LABEL: func.func private @same_0(%arg0: tensor<?xf32>, %arg1: tensor<?xf32>) -> tensor<?xindex>
// CHECK: %[[L:.*]] = rshape.shape_of %arg0 : tensor<?xf32> -> tensor<?xindex>
// CHECK: %[[R:.*]] = rshape.shape_of %arg1 : tensor<?xf32> -> tensor<?xindex>
// CHECK: %[[EQ:.*]] = rshape.shape_eq %[[L]], %[[R]]
// CHECK: %[[W:.*]] = rshape.cstr_require %[[EQ]], "operands of rshape.meet differ"
// CHECK: %[[Y:.*]] = rshape.assuming %[[W]] -> (tensor<?xindex>) {
// CHECK-NEXT: rshape.assuming_yield %[[L]] : tensor<?xindex>
// CHECK: return %[[Y]]
// CHECK-LABEL: func.func private @same_1(%arg0: tensor<4xi8>, %arg1: tensor<4xi8>)
module attributes {rshape.lib = [@lib]} {
  rshape.function_library @lib {
    rshape.func @same(%a: !rshape.value_shape, %b: !rshape.value_shape) -> !rshape.shape {
      %sa = rshape.shape_of %a : !rshape.value_shape -> !rshape.shape
      %sb = rshape.shape_of %b : !rshape.value_shape -> !rshape.shape
      %m = rshape.meet %sa, %sb : !rshape.shape, !rshape.shape -> !rshape.shape
      rshape.return %m : !rshape.shape
    }
  } mapping {
    test.elementwise = @same
  }
  func.func @uses(%x: tensor<?xf32>, %y: tensor<4xi8>) -> (tensor<?xindex>, tensor<?xindex>, !rshape.shape, tensor<1xindex>) {
    %0 = "test.elementwise"(%x, %x) : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
    %1 = rshape.shape_of %0 : tensor<?xf32> -> tensor<?xindex>
    %2 = rshape.shape_of %0 : tensor<?xf32> -> tensor<?xindex>
    %3 = "test.elementwise"(%y, %y) : (tensor<4xi8>, tensor<4xi8>) -> tensor<4xi8>
    %4 = rshape.shape_of %3 : tensor<4xi8> -> !rshape.shape
    %5 = rshape.shape_of %x : tensor<?xf32> -> tensor<1xindex>
    return %1, %2, %4, %5 : tensor<?xindex>, tensor<?xindex>, !rshape.shape, tensor<1xindex>
  }
}

// -----

// A mapped op that is still used keeps itself and the library.
// CHECK-LABEL: module attributes {rshape.lib = [@lib]}
// CHECK: rshape.function_library @lib
// CHECK: %[[E:.*]] = "test.elementwise"
// CHECK: call @same_0
// CHECK: return %[[E]]
module attributes {rshape.lib = [@lib]} {
  rshape.function_library @lib {
    rshape.func @same(%a: !rshape.value_shape) -> !rshape.shape {
      %sa = rshape.shape_of %a : !rshape.value_shape -> !rshape.shape
      rshape.return %sa : !rshape.shape
    }
  } mapping {
    test.elementwise = @same
  }
  func.func @kept(%x: tensor<?xf32>) -> (tensor<?xf32>, tensor<?xindex>) {
    %0 = "test.elementwise"(%x) : (tensor<?xf32>) -> tensor<?xf32>
    %1 = rshape.shape_of %0 : tensor<?xf32> -> tensor<?xindex>
    return %0, %1 : tensor<?xf32>, tensor<?xindex>
  }
}
