//===- RArith.td - the rarith dialect: upstream arith, behaviour in Rust --===//
//
// Declarations only: operands, results, attributes, traits and syntax, matching
// upstream MLIR 22's arith dialect. Folders, verifiers, patterns and
// interfaces are Rust (src/arith/), reached through RustOp (RMlirBase.td).
//
//===----------------------------------------------------------------------===//

#ifndef RARITH_TD
#define RARITH_TD

include "RMlirBase.td"
include "mlir/IR/BuiltinAttributeInterfaces.td"
include "mlir/IR/EnumAttr.td"
include "mlir/Interfaces/VectorInterfaces.td"

def RArith_Dialect : Dialect {
  let name = "rarith";
  let cppNamespace = "::mlir::rarith";
  let summary = "upstream's arith dialect, implemented in Rust";
  let hasConstantMaterializer = 1;
  let useDefaultAttributePrinterParser = 1;
}

//===----------------------------------------------------------------------===//
// Enums and attributes
//===----------------------------------------------------------------------===//

def RArith_CmpIPredicateAttr : I64EnumAttr<"CmpIPredicate", "",
    [I64EnumAttrCase<"eq", 0>, I64EnumAttrCase<"ne", 1>,
     I64EnumAttrCase<"slt", 2>, I64EnumAttrCase<"sle", 3>,
     I64EnumAttrCase<"sgt", 4>, I64EnumAttrCase<"sge", 5>,
     I64EnumAttrCase<"ult", 6>, I64EnumAttrCase<"ule", 7>,
     I64EnumAttrCase<"ugt", 8>, I64EnumAttrCase<"uge", 9>]> {
  let cppNamespace = "::mlir::rarith";
}

def RArith_CmpFPredicateAttr : I64EnumAttr<"CmpFPredicate", "",
    [I64EnumAttrCase<"AlwaysFalse", 0, "false">, I64EnumAttrCase<"OEQ", 1, "oeq">,
     I64EnumAttrCase<"OGT", 2, "ogt">, I64EnumAttrCase<"OGE", 3, "oge">,
     I64EnumAttrCase<"OLT", 4, "olt">, I64EnumAttrCase<"OLE", 5, "ole">,
     I64EnumAttrCase<"ONE", 6, "one">, I64EnumAttrCase<"ORD", 7, "ord">,
     I64EnumAttrCase<"UEQ", 8, "ueq">, I64EnumAttrCase<"UGT", 9, "ugt">,
     I64EnumAttrCase<"UGE", 10, "uge">, I64EnumAttrCase<"ULT", 11, "ult">,
     I64EnumAttrCase<"ULE", 12, "ule">, I64EnumAttrCase<"UNE", 13, "une">,
     I64EnumAttrCase<"UNO", 14, "uno">, I64EnumAttrCase<"AlwaysTrue", 15, "true">]> {
  let cppNamespace = "::mlir::rarith";
}

def RArith_FMnone : I32BitEnumAttrCaseNone<"none">;
def RArith_FMreassoc : I32BitEnumAttrCaseBit<"reassoc", 0>;
def RArith_FMnnan : I32BitEnumAttrCaseBit<"nnan", 1>;
def RArith_FMninf : I32BitEnumAttrCaseBit<"ninf", 2>;
def RArith_FMnsz : I32BitEnumAttrCaseBit<"nsz", 3>;
def RArith_FMarcp : I32BitEnumAttrCaseBit<"arcp", 4>;
def RArith_FMcontract : I32BitEnumAttrCaseBit<"contract", 5>;
def RArith_FMafn : I32BitEnumAttrCaseBit<"afn", 6>;
def RArith_FMfast : I32BitEnumAttrCaseGroup<"fast",
    [RArith_FMreassoc, RArith_FMnnan, RArith_FMninf, RArith_FMnsz,
     RArith_FMarcp, RArith_FMcontract, RArith_FMafn]>;

def RArith_FastMathFlags : I32BitEnumAttr<"FastMathFlags",
    "Floating point fast math flags",
    [RArith_FMnone, RArith_FMreassoc, RArith_FMnnan, RArith_FMninf,
     RArith_FMnsz, RArith_FMarcp, RArith_FMcontract, RArith_FMafn,
     RArith_FMfast]> {
  let separator = ",";
  let cppNamespace = "::mlir::rarith";
  let genSpecializedAttr = 0;
  let printBitEnumPrimaryGroups = 1;
}

def RArith_FastMathAttr : EnumAttr<RArith_Dialect, RArith_FastMathFlags, "fastmath"> {
  let assemblyFormat = "`<` $value `>`";
}

def RArith_IOFnone : I32BitEnumAttrCaseNone<"none">;
def RArith_IOFnsw : I32BitEnumAttrCaseBit<"nsw", 0>;
def RArith_IOFnuw : I32BitEnumAttrCaseBit<"nuw", 1>;

def RArith_IntegerOverflowFlags : I32BitEnumAttr<"IntegerOverflowFlags",
    "Integer overflow arith flags", [RArith_IOFnone, RArith_IOFnsw, RArith_IOFnuw]> {
  let separator = ", ";
  let cppNamespace = "::mlir::rarith";
  let genSpecializedAttr = 0;
  let printBitEnumPrimaryGroups = 1;
}

def RArith_IntegerOverflowAttr
    : EnumAttr<RArith_Dialect, RArith_IntegerOverflowFlags, "overflow"> {
  let assemblyFormat = "`<` $value `>`";
}

def RArith_RoundingModeAttr : I32EnumAttr<"RoundingMode",
    "Floating point rounding mode",
    [I32EnumAttrCase<"to_nearest_even", 0>, I32EnumAttrCase<"downward", 1>,
     I32EnumAttrCase<"upward", 2>, I32EnumAttrCase<"toward_zero", 3>,
     I32EnumAttrCase<"to_nearest_away", 4>]> {
  let cppNamespace = "::mlir::rarith";
}

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

class RArith_Op<string mnemonic, list<Trait> traits = []>
    : RustOp<RArith_Dialect, mnemonic,
             traits # [DeclareOpInterfaceMethods<VectorUnrollOpInterface>,
                       NoMemoryEffect] # ElementwiseMappable.traits>;

class RArith_BinaryOp<string mnemonic, list<Trait> traits = []>
    : RArith_Op<mnemonic, traits # [SameOperandsAndResultType]> {
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

class RArith_IntBinaryOpWithOverflowFlags<string mnemonic, list<Trait> traits = []>
    : RArith_BinaryOp<mnemonic, traits # [Pure]>,
      Arguments<(ins SignlessIntegerOrIndexLike:$lhs,
                     SignlessIntegerOrIndexLike:$rhs,
                     DefaultValuedAttr<RArith_IntegerOverflowAttr,
                         "::mlir::rarith::IntegerOverflowFlags::none">:$overflowFlags)>,
      Results<(outs SignlessIntegerOrIndexLike:$result)> {
  let assemblyFormat = [{ $lhs `,` $rhs (`overflow` `` $overflowFlags^)?
                          attr-dict `:` type($result) }];
}

class RArith_CompareOp<string mnemonic, list<Trait> traits = []>
    : RArith_Op<mnemonic, traits # [Pure, SameTypeOperands,
        TypesMatchWith<"result type has i1 element type and same shape as operands",
                       "lhs", "result", RustTypeTransform<"i1_same_shape">.transformer>]> {
  let results = (outs BoolLike:$result);
  let assemblyFormat = "$predicate `,` $lhs `,` $rhs attr-dict `:` type($lhs)";
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

def RArith_ConstantOp : RustOp<RArith_Dialect, "constant",
    [ConstantLike, Pure, RustResultNames, AllTypesMatch<["value", "result"]>]> {
  let summary = "integer or floating point constant";
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def RArith_AddIOp : RArith_IntBinaryOpWithOverflowFlags<"addi", [Commutative]> {
  let summary = "integer addition operation";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_CmpIOp : RArith_CompareOp<"cmpi"> {
  let summary = "integer comparison operation";
  let arguments = (ins RArith_CmpIPredicateAttr:$predicate,
                       SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs);
  let hasFolder = 1;
}

#endif // RARITH_TD
