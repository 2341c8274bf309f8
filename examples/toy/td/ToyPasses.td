//===- ToyPasses.td - the toy dialect's passes, implemented in Rust -------===//

#ifndef TOY_PASSES_TD
#define TOY_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertToyToArith : Pass<"convert-toy-to-arith", "ModuleOp"> {
  let summary = "Lower toy ops to upstream arith";
  let dependentDialects = ["mlir::arith::ArithDialect"];
  let options = [
    Option<"clampWithSelect", "clamp-with-select", "bool", /*default=*/"false",
           "lower clamp with cmpi and select instead of maxsi and minsi">,
  ];
}

#endif // TOY_PASSES_TD
