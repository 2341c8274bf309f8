// Differential: folders of rshape's extent ops (shape_of, rank, num_elements,
// get_extent, dim, from_extents, to_extent_tensor, concat, split_at, any,
// max/min, meet) against upstream's shape dialect.
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --allow-unregistered-dialect --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// Syntax without canonicalization:
// RUN: %to-upstream %s | %upstream-mlir-opt --allow-unregistered-dialect --split-input-file | %from-upstream > %t.up.syntax
// RUN: rmlir-opt %s --allow-unregistered-dialect --split-input-file > %t.syntax
// RUN: diff -u %t.up.syntax %t.syntax

func.func @shape_of_rank(%t: tensor<?x3xf32>, %u: tensor<*xf32>, %v: tensor<2x3xf32>, %vs: !rshape.value_shape) {
  %0 = rshape.shape_of %t : tensor<?x3xf32> -> tensor<2xindex>
  %1 = rshape.shape_of %u : tensor<*xf32> -> tensor<?xindex>
  %2 = rshape.shape_of %v : tensor<2x3xf32> -> tensor<2xindex>
  %3 = rshape.shape_of %vs : !rshape.value_shape -> !rshape.shape
  %4 = rshape.shape_of %t : tensor<?x3xf32> -> !rshape.shape
  %5 = rshape.rank %0 : tensor<2xindex> -> index
  %6 = rshape.rank %1 : tensor<?xindex> -> index
  %7 = rshape.rank %4 : !rshape.shape -> !rshape.size
  %8 = rshape.shape_of %v : tensor<2x3xf32> -> tensor<2xindex>
  %9 = rshape.shape_of %v : tensor<2x3xf32> -> tensor<?xindex>
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (tensor<2xindex>, tensor<?xindex>, tensor<2xindex>, !rshape.shape, !rshape.shape, index, index, !rshape.size, tensor<2xindex>, tensor<?xindex>) -> ()
  return
}

// -----

func.func @rank_num_elements() {
  %s = rshape.const_shape [2, 3, 7] : !rshape.shape
  %e = rshape.const_shape [] : tensor<0xindex>
  %z = rshape.const_shape [4, 0, 5] : tensor<3xindex>
  %big = rshape.const_shape [4294967296, 4294967296] : tensor<2xindex>
  %neg = rshape.const_shape [-1, 3] : tensor<2xindex>
  %0 = rshape.rank %s : !rshape.shape -> !rshape.size
  %1 = rshape.rank %e : tensor<0xindex> -> index
  %2 = rshape.num_elements %s : !rshape.shape -> !rshape.size
  %3 = rshape.num_elements %e : tensor<0xindex> -> index
  %4 = rshape.num_elements %z : tensor<3xindex> -> index
  %5 = rshape.num_elements %big : tensor<2xindex> -> index
  %6 = rshape.num_elements %neg : tensor<2xindex> -> index
  %7 = rshape.rank %e : tensor<0xindex> -> !rshape.size
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7) : (!rshape.size, index, !rshape.size, index, index, index, index, !rshape.size) -> ()
  return
}

// -----

func.func @get_extent(%s: !rshape.shape, %i: index) {
  %c = rshape.const_shape [4, 5, 6] : !rshape.shape
  %t = rshape.const_shape [4, 5, 6] : tensor<3xindex>
  %one = rarith.constant 1 : index
  %three = rarith.constant 3 : index
  %s2 = rshape.const_size 2
  %s9 = rshape.const_size 9
  %0 = rshape.get_extent %c, %one : !rshape.shape, index -> !rshape.size
  %1 = rshape.get_extent %t, %s2 : tensor<3xindex>, !rshape.size -> !rshape.size
  %2 = rshape.get_extent %t, %one : tensor<3xindex>, index -> index
  %3 = rshape.get_extent %t, %three : tensor<3xindex>, index -> index
  %4 = rshape.get_extent %t, %s9 : tensor<3xindex>, !rshape.size -> !rshape.size
  %5 = rshape.get_extent %s, %one : !rshape.shape, index -> !rshape.size
  %6 = rshape.get_extent %t, %i : tensor<3xindex>, index -> index
  "test.sink"(%0, %1, %2, %3, %4, %5, %6) : (!rshape.size, !rshape.size, index, index, !rshape.size, !rshape.size, index) -> ()
  return
}

// -----

func.func @dim(%t: tensor<?x3xf32>, %m: memref<4x?xi8>, %u: tensor<*xf32>) {
  %zero = rarith.constant 0 : index
  %one = rarith.constant 1 : index
  %s0 = rshape.const_size 0
  %s1 = rshape.const_size 1
  %0 = rshape.dim %t, %zero : tensor<?x3xf32>, index -> index
  %1 = rshape.dim %t, %one : tensor<?x3xf32>, index -> index
  %2 = rshape.dim %m, %s0 : memref<4x?xi8>, !rshape.size -> !rshape.size
  %3 = rshape.dim %m, %s1 : memref<4x?xi8>, !rshape.size -> !rshape.size
  %4 = rshape.dim %u, %one : tensor<*xf32>, index -> index
  "test.sink"(%0, %1, %2, %3, %4) : (index, index, !rshape.size, !rshape.size, index) -> ()
  return
}

// -----

func.func @from_to_extents(%i: index, %sz: !rshape.size) {
  %c2 = rarith.constant 2 : index
  %s3 = rshape.const_size 3
  %0 = rshape.from_extents %c2, %s3 : index, !rshape.size
  %1 = rshape.from_extents %c2, %i : index, index
  %2 = rshape.from_extents %i : index
  %3 = rshape.to_extent_tensor %0 : !rshape.shape -> tensor<2xindex>
  %4 = rshape.to_extent_tensor %1 : !rshape.shape -> tensor<?xindex>
  %c = rshape.const_shape [7, 8] : tensor<2xindex>
  %5 = rshape.to_extent_tensor %c : tensor<2xindex> -> tensor<2xindex>
  %6 = rshape.from_extent_tensor %c : tensor<2xindex>
  "test.sink"(%0, %1, %2, %3, %4, %5, %6) : (!rshape.shape, !rshape.shape, !rshape.shape, tensor<2xindex>, tensor<?xindex>, tensor<2xindex>, !rshape.shape) -> ()
  return
}

// -----

func.func @concat_split(%s: !rshape.shape) {
  %a = rshape.const_shape [2, 3] : !rshape.shape
  %b = rshape.const_shape [4, 5] : !rshape.shape
  %e = rshape.const_shape [] : !rshape.shape
  %0 = rshape.concat %a, %b : !rshape.shape, !rshape.shape -> !rshape.shape
  %1 = rshape.concat %e, %e : !rshape.shape, !rshape.shape -> !rshape.shape
  %2 = rshape.concat %a, %s : !rshape.shape, !rshape.shape -> !rshape.shape
  %c = rshape.const_shape [4, 5, 6] : !rshape.shape
  %m1 = rarith.constant -1 : index
  %m3 = rarith.constant -3 : index
  %m4 = rarith.constant -4 : index
  %p3 = rarith.constant 3 : index
  %p4 = rarith.constant 4 : index
  %3:2 = "rshape.split_at"(%c, %m1) : (!rshape.shape, index) -> (!rshape.shape, !rshape.shape)
  %4:2 = "rshape.split_at"(%c, %m3) : (!rshape.shape, index) -> (!rshape.shape, !rshape.shape)
  %5:2 = "rshape.split_at"(%c, %m4) : (!rshape.shape, index) -> (!rshape.shape, !rshape.shape)
  %6:2 = "rshape.split_at"(%c, %p3) : (!rshape.shape, index) -> (!rshape.shape, !rshape.shape)
  %7:2 = "rshape.split_at"(%c, %p4) : (!rshape.shape, index) -> (!rshape.shape, !rshape.shape)
  "test.sink"(%0, %1, %2, %3#0, %3#1, %4#0, %4#1, %5#0, %5#1, %6#0, %6#1, %7#0, %7#1) : (!rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape) -> ()
  return
}

// -----

func.func @any_max_min_meet(%s: !rshape.shape, %t: !rshape.shape, %z: !rshape.size, %i: index, %e: tensor<?xindex>, %f: tensor<3xindex>) {
  %c = rshape.const_shape [1, 2] : !rshape.shape
  %0 = rshape.any %s, %c : !rshape.shape, !rshape.shape -> !rshape.shape
  %1 = rshape.any %c, %s : !rshape.shape, !rshape.shape -> !rshape.shape
  %2 = rshape.any %s, %t : !rshape.shape, !rshape.shape -> !rshape.shape
  %3 = rshape.max %s, %s : !rshape.shape, !rshape.shape -> !rshape.shape
  %4 = rshape.min %z, %z : !rshape.size, !rshape.size -> !rshape.size
  %5 = rshape.max %s, %t : !rshape.shape, !rshape.shape -> !rshape.shape
  %6 = rshape.meet %s, %t, error = "mismatch" : !rshape.shape, !rshape.shape -> !rshape.shape
  %7 = rshape.meet %z, %i : !rshape.size, index -> !rshape.size
  %8 = rshape.meet %e, %f : tensor<?xindex>, tensor<3xindex> -> tensor<3xindex>
  %9 = rshape.meet %i, %i : index, index -> index
  "test.sink"(%0, %1, %2, %3, %4, %5, %6, %7, %8, %9) : (!rshape.shape, !rshape.shape, !rshape.shape, !rshape.shape, !rshape.size, !rshape.shape, !rshape.shape, !rshape.size, tensor<3xindex>, index) -> ()
  return
}
