// vector's CanonicalizeContractAdd is rooted at arith's add ops; rarith
// carries it on rarith.addf and rarith.addi: an add of a contraction whose
// accumulator is a zero rarith constant becomes the contraction
// accumulating into the add's other operand. canonicalize gives upstream's
// output on the renamed program, in rmlir-opt and in stock mlir-opt with
// the plugin.
// RUN: %to-upstream %s | %upstream-mlir-opt --split-input-file --canonicalize | %from-upstream > %t.upstream
// RUN: rmlir-opt %s --split-input-file --canonicalize > %t.rmlir
// RUN: %mlir-opt-plugin %s --split-input-file --canonicalize > %t.plugin
// RUN: diff -u %t.upstream %t.rmlir
// RUN: diff -u %t.upstream %t.plugin
// RUN: FileCheck %s < %t.rmlir

#matmul = [
  affine_map<(i, j, k) -> (i, k)>,
  affine_map<(i, j, k) -> (k, j)>,
  affine_map<(i, j, k) -> (i, j)>
]
#trait = {indexing_maps = #matmul, iterator_types = ["parallel", "parallel", "reduction"]}

// CHECK-LABEL: func.func @float_matmul_plus
// CHECK-NOT: rarith.addf
// CHECK: %[[R:.*]] = vector.contract {{.*}} %arg0, %arg1, %arg2
// CHECK-NEXT: return %[[R]]
func.func @float_matmul_plus(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %zero = rarith.constant dense<0.0> : vector<2x4xf32>
  %0 = vector.contract #trait %a, %b, %zero : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %1 = rarith.addf %0, %c : vector<2x4xf32>
  return %1 : vector<2x4xf32>
}

// -----

#matmul = [
  affine_map<(i, j, k) -> (i, k)>,
  affine_map<(i, j, k) -> (k, j)>,
  affine_map<(i, j, k) -> (i, j)>
]
#trait = {indexing_maps = #matmul, iterator_types = ["parallel", "parallel", "reduction"]}

// The contraction on the right, on integers.
// CHECK-LABEL: func.func @int_matmul_plus
// CHECK-NOT: rarith.addi
// CHECK: vector.contract {{.*}} %arg0, %arg1, %arg2
func.func @int_matmul_plus(%a: vector<2x3xi32>, %b: vector<3x4xi32>, %c: vector<2x4xi32>) -> vector<2x4xi32> {
  %zero = rarith.constant dense<0> : vector<2x4xi32>
  %0 = vector.contract #trait %a, %b, %zero : vector<2x3xi32>, vector<3x4xi32> into vector<2x4xi32>
  %1 = rarith.addi %c, %0 : vector<2x4xi32>
  return %1 : vector<2x4xi32>
}

// -----

#matmul = [
  affine_map<(i, j, k) -> (i, k)>,
  affine_map<(i, j, k) -> (k, j)>,
  affine_map<(i, j, k) -> (i, j)>
]
#trait = {indexing_maps = #matmul, iterator_types = ["parallel", "parallel", "reduction"]}

// -0.0 is not the zero upstream compares the accumulator with
// (getZeroAttr, +0.0): the add stays.
// CHECK-LABEL: func.func @negative_zero_acc
// CHECK: rarith.addf
func.func @negative_zero_acc(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %zero = rarith.constant dense<-0.0> : vector<2x4xf32>
  %0 = vector.contract #trait %a, %b, %zero : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %1 = rarith.addf %0, %c : vector<2x4xf32>
  return %1 : vector<2x4xf32>
}

// -----

#matmul = [
  affine_map<(i, j, k) -> (i, k)>,
  affine_map<(i, j, k) -> (k, j)>,
  affine_map<(i, j, k) -> (i, j)>
]
#trait = {indexing_maps = #matmul, iterator_types = ["parallel", "parallel", "reduction"]}

// A nonzero accumulator: the add stays.
// CHECK-LABEL: func.func @nonzero_acc
// CHECK: rarith.addf
func.func @nonzero_acc(%a: vector<2x3xf32>, %b: vector<3x4xf32>, %c: vector<2x4xf32>) -> vector<2x4xf32> {
  %one = rarith.constant dense<1.0> : vector<2x4xf32>
  %0 = vector.contract #trait %a, %b, %one : vector<2x3xf32>, vector<3x4xf32> into vector<2x4xf32>
  %1 = rarith.addf %0, %c : vector<2x4xf32>
  return %1 : vector<2x4xf32>
}

// -----

#dot = [
  affine_map<(k) -> (k)>,
  affine_map<(k) -> (k)>,
  affine_map<(k) -> ()>
]
#trait = {indexing_maps = #dot, iterator_types = ["reduction"]}

// A dot product into a scalar f32 zero; the contraction has a second use,
// so it stays beside the fused one.
// CHECK-LABEL: func.func @dot_plus
// CHECK: vector.contract {{.*}} %arg0, %arg1, %cst
// CHECK: vector.contract {{.*}} %arg0, %arg1, %arg2
func.func @dot_plus(%a: vector<8xf32>, %b: vector<8xf32>, %c: f32) -> (f32, f32) {
  %zero = rarith.constant 0.0 : f32
  %0 = vector.contract #trait %a, %b, %zero : vector<8xf32>, vector<8xf32> into f32
  %1 = rarith.addf %0, %c : f32
  return %0, %1 : f32, f32
}
