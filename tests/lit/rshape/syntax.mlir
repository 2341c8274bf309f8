// rshape types, const_shape and broadcast: syntax round trip in both tools.
// RUN: rmlir-opt %s | FileCheck %s
// RUN: rmlir-opt %s | rmlir-opt | FileCheck %s
// RUN: %mlir-opt-plugin %s | FileCheck %s

// CHECK-LABEL: func @types
// CHECK-SAME: !rshape.shape, %{{.*}}: !rshape.size, %{{.*}}: !rshape.value_shape, %{{.*}}: !rshape.witness
func.func @types(%a: !rshape.shape, %b: !rshape.size, %c: !rshape.value_shape, %d: !rshape.witness) {
  return
}

// CHECK-LABEL: func @const_shapes
// CHECK: rshape.const_shape [] : !rshape.shape
// CHECK: rshape.const_shape [1, 2, 3] : !rshape.shape
// CHECK: rshape.const_shape [4, 5, 6] : tensor<3xindex>
// CHECK: rshape.const_shape [] : tensor<0xindex>
func.func @const_shapes() {
  %0 = rshape.const_shape [] : !rshape.shape
  %1 = rshape.const_shape [1, 2, 3] : !rshape.shape
  %2 = rshape.const_shape [4, 5, 6] : tensor<3xindex>
  %3 = rshape.const_shape [] : tensor<0xindex>
  return
}

// CHECK-LABEL: func @broadcasts
// CHECK: rshape.broadcast %arg0, %arg1 : !rshape.shape, tensor<?xindex> -> !rshape.shape
// CHECK: rshape.broadcast %arg1, %arg1 {error = "incompatible"} : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
// CHECK: rshape.broadcast %arg1, %arg1, %arg1 : tensor<?xindex>, tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
func.func @broadcasts(%s: !rshape.shape, %t: tensor<?xindex>) {
  %0 = rshape.broadcast %s, %t : !rshape.shape, tensor<?xindex> -> !rshape.shape
  %1 = rshape.broadcast %t, %t {error = "incompatible"} : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  %2 = rshape.broadcast %t, %t, %t : tensor<?xindex>, tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
  return
}
