//===- Fault.td - a test dialect whose Rust hooks are wrong on purpose ----===//
//
// Each op declares one hook that its Rust implementation gets wrong
// (src/lib.rs): the lit tests check that stock mlir-opt reports each bug
// once, at the op, and fails.
//
//===----------------------------------------------------------------------===//

#ifndef FAULT_TD
#define FAULT_TD

include "RMlirBase.td"

def Fault_Dialect : Dialect {
  let name = "fault";
  let summary = "Ops whose Rust hooks are wrong on purpose (for tests)";
  let cppNamespace = "::mlir::fault";
}

class Fault_Op<string mnemonic, list<Trait> traits = []>
    : RustOp<Fault_Dialect, mnemonic, traits>;

def Fault_PanicFoldOp : Fault_Op<"panic_fold", [Pure]> {
  let summary = "its folder panics";
  let arguments = (ins I64:$input);
  let results = (outs I64:$result);
  let assemblyFormat = "$input attr-dict";
  let hasFolder = 1;
}

def Fault_SelfFoldOp : Fault_Op<"self_fold", [Pure]> {
  let summary = "its folder returns the op's own result, changing nothing";
  let arguments = (ins I64:$input);
  let results = (outs I64:$result);
  let assemblyFormat = "$input attr-dict";
  let hasFolder = 1;
}

def Fault_PanicPatternOp : Fault_Op<"panic_pattern", [Pure]> {
  let summary = "its canonicalization pattern panics";
  let arguments = (ins I64:$input);
  let results = (outs I64:$result);
  let assemblyFormat = "$input attr-dict";
  let hasCanonicalizer = 1;
}

def Fault_TouchDeclineOp : Fault_Op<"touch_decline", [Pure]> {
  let summary = "its pattern changes it in place, then declines";
  let arguments = (ins I64:$input);
  let results = (outs I64:$result);
  let assemblyFormat = "$input attr-dict";
  let hasCanonicalizer = 1;
}

def Fault_HalfRewriteOp : Fault_Op<"half_rewrite", [Pure]> {
  let summary = "its pattern asks for changes that do not fit together";
  let arguments = (ins I64:$input);
  let results = (outs I64:$result);
  let assemblyFormat = "$input attr-dict";
  let hasCanonicalizer = 1;
}

#endif // FAULT_TD

def Fault_BadRangeOp : Fault_Op<"bad_range", [Pure, RustIntRange]> {
  let summary = "its range hook gives a range of the wrong width, and one "
                "for a result it does not have";
  let arguments = (ins I64:$input);
  let results = (outs I64:$result);
  let assemblyFormat = "$input attr-dict";
}
