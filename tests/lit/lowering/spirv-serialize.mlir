// The SPIR-V path: a GPU kernel computing with rarith, lowered by
// convert-rarith-to-spirv and upstream's convert-gpu-to-spirv into a
// spirv.module, serializes to a SPIR-V binary (mlir-translate
// --serialize-spirv) byte for byte equal to the one upstream makes of the
// arith version, and deserializes back.
// RUN: rmlir-opt %s --pass-pipeline="builtin.module(gpu.module(convert-rarith-to-spirv),convert-gpu-to-spirv,spirv.module(spirv-lower-abi-attrs,spirv-update-vce))" | awk '/^  spirv.module/{p=1} p{print} p&&/^  }$/{exit}' > %t.rmlir.mlir
// RUN: %to-upstream %s | %upstream-mlir-opt --pass-pipeline="builtin.module(gpu.module(convert-arith-to-spirv),convert-gpu-to-spirv,spirv.module(spirv-lower-abi-attrs,spirv-update-vce))" | awk '/^  spirv.module/{p=1} p{print} p&&/^  }$/{exit}' > %t.upstream.mlir
// RUN: mlir-translate --no-implicit-module --serialize-spirv %t.rmlir.mlir -o %t.rmlir.spv
// RUN: mlir-translate --no-implicit-module --serialize-spirv %t.upstream.mlir -o %t.upstream.spv
// RUN: cmp %t.rmlir.spv %t.upstream.spv
// RUN: mlir-translate --no-implicit-module --deserialize-spirv %t.rmlir.spv | FileCheck %s

// CHECK: spirv.module Logical GLSL450 requires #spirv.vce<v1.0, [Shader
// CHECK: spirv.func @compute
// CHECK: spirv.IAdd
// CHECK: spirv.GL.SAbs
// CHECK: spirv.UMod
// CHECK: spirv.GL.FMax
// CHECK: spirv.IsNan
// CHECK: spirv.ConvertFToS
// CHECK: spirv.SLessThan
// CHECK: spirv.IMul
// CHECK: spirv.LogicalOr
// CHECK: spirv.ShiftRightArithmetic
// CHECK: spirv.EntryPoint "GLCompute" @compute
module attributes {gpu.container_module} {
  gpu.module @kernels attributes {spirv.target_env = #spirv.target_env<#spirv.vce<v1.0, [Shader], []>, #spirv.resource_limits<>>} {
    gpu.func @compute() kernel attributes {spirv.entry_point_abi = #spirv.entry_point_abi<workgroup_size = [1, 1, 1]>} {
      // Opaque inputs, so that nothing folds away.
      %a = spirv.Undef : i32
      %b = spirv.Undef : i32
      %f = spirv.Undef : f32
      %g = spirv.Undef : f32
      %0 = rarith.addi %a, %b : i32
      %1 = rarith.remsi %0, %b : i32
      %2 = rarith.maximumf %f, %g : f32
      %3 = rarith.fptosi %2 : f32 to i32
      %4 = rarith.cmpi slt, %1, %3 : i32
      %5 = rarith.select %4, %1, %3 : i32
      %c7 = rarith.constant 7 : i32
      %6 = rarith.muli %5, %c7 : i32
      %7 = rarith.cmpf uno, %f, %g : f32
      %8 = rarith.extui %7 : i1 to i32
      %9 = rarith.shrsi %6, %8 : i32
      gpu.return
    }
  }
}
