//===- Toy.td - a small dialect whose behaviour lives in Rust -------------===//
//
// The example dialect of rmlir-bridge: five ops on i64, each hook declared
// here once (hasFolder, hasVerifier, hasCanonicalizer) and implemented in
// Rust (src/); a region op, toy.scope, with its terminator; and two ops
// without behaviour whose names are Rust keywords (the generated Rust
// escapes them). RustOp (RMlirBase.td) makes the generated C++ forward every
// hook to the bridge.
//
//===----------------------------------------------------------------------===//

#ifndef TOY_TD
#define TOY_TD

include "RMlirBase.td"
include "mlir/IR/BuiltinAttributes.td"

def Toy_Dialect : Dialect {
  let name = "toy";
  let summary = "A toy dialect of integer arithmetic, implemented in Rust";
  let cppNamespace = "::mlir::toy";
  let hasConstantMaterializer = 1;
}

class Toy_Op<string mnemonic, list<Trait> traits = []>
    : RustOp<Toy_Dialect, mnemonic, traits>;

def Toy_ConstantOp : Toy_Op<"constant", [ConstantLike, Pure]> {
  let summary = "an i64 constant";
  let arguments = (ins I64Attr:$value);
  let results = (outs I64:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  // Its fold is its attribute: no call into Rust.
  let rustFoldsToAttr = "value";
}

def Toy_AddOp : Toy_Op<"add", [Pure, Commutative]> {
  let summary = "wrapping addition";
  let arguments = (ins I64:$lhs, I64:$rhs);
  let results = (outs I64:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def Toy_MulOp : Toy_Op<"mul", [Pure, Commutative]> {
  let summary = "wrapping multiplication";
  let arguments = (ins I64:$lhs, I64:$rhs);
  let results = (outs I64:$result);
  let assemblyFormat = "$lhs `,` $rhs attr-dict";
  let hasFolder = 1;
}

def Toy_NegOp : Toy_Op<"neg", [Pure]> {
  let summary = "wrapping negation";
  let arguments = (ins I64:$input);
  let results = (outs I64:$result);
  let assemblyFormat = "$input attr-dict";
  let hasFolder = 1;
}

def Toy_ClampOp : Toy_Op<"clamp", [Pure]> {
  let summary = "the operand clamped to [lo, hi]";
  let arguments = (ins I64:$input, I64Attr:$lo, I64Attr:$hi);
  let results = (outs I64:$result);
  let assemblyFormat = "$input `to` ` ` `[` $lo `,` $hi `]` attr-dict";
  let hasFolder = 1;
  let hasVerifier = 1;
}

// A region op: its body computes the result from block arguments bound to
// its inputs. Canonicalization inlines it (a Rust pattern, through the
// rewriter's `inline_block_before` with the inputs as arguments), and so
// does the lowering pass (`walk::inline_block_before`).
def Toy_ScopeOp : Toy_Op<"scope", [RecursiveMemoryEffects]> {
  let summary = "the value its body yields, its arguments bound to the inputs";
  let arguments = (ins Variadic<I64>:$inputs);
  let results = (outs I64:$result);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "`(` $inputs `)` $body attr-dict";
  let hasRegionVerifier = 1;
  let hasCanonicalizer = 1;
}

def Toy_YieldOp : Toy_Op<"yield", [Pure, Terminator, HasParent<"ScopeOp">]> {
  let summary = "the value of the enclosing toy.scope";
  let arguments = (ins I64:$value);
  let assemblyFormat = "$value attr-dict";
}

// Names that are Rust keywords, for the generated Rust to escape (builders,
// views, scoped views): `rmlir-bridge-build` makes them `r#let` (functions)
// and `use_`, `self_`, ... (accessors and parameters).
def Toy_LetOp : Toy_Op<"let", [Pure]> {
  let summary = "its first operand (operands named like Rust keywords)";
  let arguments = (ins I64:$use, I64:$where, I64:$self, I64:$impl,
                   I64Attr:$loop);
  let results = (outs I64:$match);
  let assemblyFormat =
      "$use `,` $where `,` $self `,` $impl `loop` $loop attr-dict";
}

def Toy_TypeOp : Toy_Op<"type", [Pure]> {
  let summary = "its operand (an op named like a Rust keyword)";
  let arguments = (ins I64:$input);
  let results = (outs I64:$result);
  let assemblyFormat = "$input attr-dict";
}

#endif // TOY_TD
