//===- RMlirPasses.td - rmlir's passes, declared once -------*- tablegen -*-===//
//
// Every pass rmlir implements in Rust: its argument, summary, anchor op,
// dependent dialects and typed options. build.rs generates from these
// records the pass table the bridge registers, one options struct per pass
// (parsed from the pipeline text) and the trait each pass implements in
// src/passes: a pass declared here and not implemented is a compile error.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_PASSES
#define RMLIR_PASSES

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Lowering
//===----------------------------------------------------------------------===//

def ConvertRArithToLLVM : Pass<"convert-rarith-to-llvm"> {
  let summary = "Convert rarith ops to the LLVM dialect";
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
  let options = [
    Option<"indexBitwidth", "index-bitwidth", "unsigned", /*default=*/"0",
           "Bitwidth of the index type, 0 to use size of machine word">,
  ];
}

def ConvertRArithToEmitC : Pass<"convert-rarith-to-emitc"> {
  let summary = "Convert rarith ops to the EmitC dialect";
  let dependentDialects = ["::mlir::emitc::EmitCDialect"];
}

def ConvertRArithToSPIRV : Pass<"convert-rarith-to-spirv"> {
  let summary = "Convert rarith ops to the SPIR-V dialect";
  let dependentDialects = ["::mlir::spirv::SPIRVDialect"];
  let options = [
    Option<"emulateLT32BitScalarTypes", "emulate-lt-32-bit-scalar-types",
           "bool", /*default=*/"true",
           "Emulate narrower scalar types with 32-bit ones if not supported by "
           "the target">,
    Option<"emulateUnsupportedFloatTypes", "emulate-unsupported-float-types",
           "bool", /*default=*/"true",
           "Emulate unsupported float types by representing them with integer "
           "types of same bit width">,
  ];
}

def RArithExpand : Pass<"rarith-expand"> {
  let summary =
      "Legalize rarith ops to be convertible to LLVM (upstream's arith-expand)";
  let dependentDialects = ["::mlir::rarith::RArithDialect"];
  let options = [
    Option<"includeBf16", "include-bf16", "bool", /*default=*/"false",
           "Enable the BF16 expansion patterns">,
    Option<"includeF8E8M0", "include-f8e8m0", "bool", /*default=*/"false",
           "Enable the F8E8M0 expansion patterns">,
    Option<"includeF4E2M1", "include-f4e2m1", "bool", /*default=*/"false",
           "Enable the F4E2M1 expansion patterns">,
  ];
}

def ConvertRArithToAPFloat : Pass<"convert-rarith-to-apfloat", "ModuleOp"> {
  let summary = "Convert rarith float ops to APFloat runtime library calls";
  let dependentDialects = ["::mlir::rarith::RArithDialect",
                           "::mlir::func::FuncDialect",
                           "::mlir::vector::VectorDialect"];
}

def RArithEmulateWideInt : Pass<"rarith-emulate-wide-int"> {
  let summary = "Emulate 2*N-bit integer operations using N-bit operations";
  let dependentDialects = ["::mlir::rarith::RArithDialect",
                           "::mlir::vector::VectorDialect"];
  let options = [
    Option<"widestIntSupported", "widest-int-supported", "unsigned",
           /*default=*/"32", "Widest integer type supported by the target">,
  ];
}

def RArithEmulateUnsupportedFloats
    : Pass<"rarith-emulate-unsupported-floats"> {
  let summary = "Emulate operations on unsupported floats with extf/truncf";
  let dependentDialects = ["::mlir::rarith::RArithDialect"];
  let options = [
    ListOption<"sourceTypeStrs", "source-types", "std::string",
               "MLIR types without rarith support on a given target">,
    Option<"targetTypeStr", "target-type", "std::string", /*default=*/"\"f32\"",
           "MLIR type to convert the unsupported source types to">,
  ];
}

def ConvertRShapeToStd : Pass<"convert-rshape-to-std", "ModuleOp"> {
  let summary =
      "Convert rshape ops on extent tensors and indices to rarith, scf and tensor";
  let dependentDialects = ["::mlir::rarith::RArithDialect",
                           "::mlir::scf::SCFDialect",
                           "::mlir::tensor::TensorDialect"];
}

def ConvertRShapeConstraints : Pass<"convert-rshape-constraints"> {
  let summary = "Convert rshape constraint operations to cf.assert checks";
  let dependentDialects = ["::mlir::cf::ControlFlowDialect",
                           "::mlir::rshape::RShapeDialect"];
}

def RShapeToRShapeLowering : Pass<"rshape-to-rshape-lowering", "func::FuncOp"> {
  let summary =
      "Legalize rshape ops to ones convertible to rarith (num_elements to reduce)";
  let dependentDialects = ["::mlir::rshape::RShapeDialect"];
}

//===----------------------------------------------------------------------===//
// Transforms
//===----------------------------------------------------------------------===//

def ConvertRArithToArith : Pass<"convert-rarith-to-arith"> {
  let summary = "Convert rarith ops to upstream arith ops (one to one)";
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def ConvertArithToRArith : Pass<"convert-arith-to-rarith"> {
  let summary = "Convert upstream arith ops to rarith ops (one to one)";
  let dependentDialects = ["::mlir::rarith::RArithDialect"];
}

def OutlineRShapeComputation
    : Pass<"outline-rshape-computation", "ModuleOp"> {
  let summary = "Outline the computations of with_shape shapes into "
                "rshape.func (upstream's outline-shape-computation)";
  let dependentDialects = ["::mlir::rshape::RShapeDialect"];
}

def RShapeReifyShapeFunctions
    : Pass<"rshape-reify-shape-functions", "ModuleOp"> {
  let summary = "Reify the library shape functions of mapped ops at their "
                "shape_of uses, in constrained form (seed 003, stage 1 to 2)";
  let dependentDialects = ["::mlir::rarith::RArithDialect",
                           "::mlir::rshape::RShapeDialect"];
}

def RemoveRShapeConstraints
    : Pass<"remove-rshape-constraints", "func::FuncOp"> {
  let summary = "Replace all rshape cstr_ ops with a true witness";
  let dependentDialects = ["::mlir::rshape::RShapeDialect"];
}

def RArithUnsignedWhenEquivalent : Pass<"rarith-unsigned-when-equivalent"> {
  let summary =
      "Replace signed ops with unsigned ones where they are proven equivalent";
  let dependentDialects = ["::mlir::rarith::RArithDialect"];
}

def RArithIntRangeOptimizations : Pass<"rarith-int-range-optimizations"> {
  let summary = "Do optimizations based on integer range analysis (rarith)";
  let dependentDialects = ["::mlir::rarith::RArithDialect"];
}

def RArithIntRangeNarrowing : Pass<"rarith-int-range-narrowing"> {
  let summary =
      "Reduce integer operations bitwidth based on integer range analysis";
  let dependentDialects = ["::mlir::rarith::RArithDialect"];
  let options = [
    ListOption<"bitwidthsSupported", "int-bitwidths-supported", "unsigned",
               "Integer bitwidths supported">,
  ];
}

def RMlirRequireLLVM : Pass<"rmlir-require-llvm", "ModuleOp"> {
  let summary = "Fail when an op that does not translate to LLVM IR remains";
  let description = [{
    The last step of a lowering to the LLVM dialect: reports every op left
    that is neither of the `llvm` dialect nor the module, and fails, so that
    a pipeline that left ops of other dialects (partial conversions keep
    what they cannot lower) fails where it ran, not later in translation.
  }];
}

//===----------------------------------------------------------------------===//
// Test only
//===----------------------------------------------------------------------===//

def TestRMlirPanic : Pass<"test-rmlir-panic"> {
  let summary =
      "Test only: panics inside a Rust pass to exercise the FFI panic guard";
}

def TestRMlirArithInterfaces : Pass<"test-rmlir-arith-interfaces"> {
  let summary = "Test only: reports (and sets) what arith's op interfaces "
                "answer for every op";
  let options = [
    Option<"setFastmath", "set-fastmath", "std::string", /*default=*/"",
           "Fast-math flags to set on every op that has them">,
    Option<"setOverflow", "set-overflow", "std::string", /*default=*/"",
           "Overflow flags to set on every op that has them">,
  ];
}

#endif // RMLIR_PASSES
