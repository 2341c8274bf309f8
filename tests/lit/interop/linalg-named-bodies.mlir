// convert-arith-to-rarith leaves the bodies of linalg's named ops alone:
// linalg builds them from arith itself, and their verifiers insist on it
// ("expected add/mul op in the body"). The bodies users write
// (linalg.generic) are converted. Both ways, the program comes back as it
// was, in rmlir-opt and in stock mlir-opt with the plugin.
// RUN: rmlir-opt %s --convert-arith-to-rarith | FileCheck %s
// RUN: %mlir-opt-plugin %s --pass-pipeline="builtin.module(convert-arith-to-rarith)" | FileCheck %s
// RUN: rmlir-opt %s --convert-arith-to-rarith --convert-rarith-to-arith > %t.back
// RUN: %upstream-mlir-opt %s > %t.orig
// RUN: %upstream-mlir-opt %t.back | diff -u %t.orig -

// CHECK-LABEL: func.func @named
// CHECK: linalg.matmul ins
// CHECK: linalg.fill ins
// CHECK: linalg.conv_2d_nhwc_hwcf
// CHECK: rarith.constant 1.000000e+00 : f32
// CHECK: linalg.generic
// CHECK: rarith.addf
// CHECK-NOT: arith.
func.func @named(%a: tensor<3x4xf32>, %b: tensor<4x5xf32>, %c: tensor<3x5xf32>,
                 %img: tensor<1x8x8x2xf32>, %k: tensor<3x3x2x4xf32>, %o: tensor<1x6x6x4xf32>)
    -> (tensor<3x5xf32>, tensor<1x6x6x4xf32>) {
  %zero = arith.constant 0.0 : f32
  %0 = linalg.matmul ins(%a, %b : tensor<3x4xf32>, tensor<4x5xf32>) outs(%c : tensor<3x5xf32>) -> tensor<3x5xf32>
  %f = linalg.fill ins(%zero : f32) outs(%o : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  %conv = linalg.conv_2d_nhwc_hwcf ins(%img, %k : tensor<1x8x8x2xf32>, tensor<3x3x2x4xf32>) outs(%f : tensor<1x6x6x4xf32>) -> tensor<1x6x6x4xf32>
  %one = arith.constant 1.0 : f32
  %1 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} outs(%0 : tensor<3x5xf32>) {
  ^bb0(%x: f32):
    %y = arith.addf %x, %one : f32
    linalg.yield %y : f32
  } -> tensor<3x5xf32>
  return %1, %conv : tensor<3x5xf32>, tensor<1x6x6x4xf32>
}
