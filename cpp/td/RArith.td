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
include "mlir/Dialect/Arith/IR/ArithBase.td"
include "mlir/Dialect/Arith/IR/ArithOpsInterfaces.td"
include "mlir/Interfaces/VectorInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def RArith_Dialect : Dialect {
  let name = "rarith";
  let cppNamespace = "::mlir::rarith";
  let summary = "upstream's arith dialect, implemented in Rust";
  let hasConstantMaterializer = 1;
  // Patterns registered from Rust at run time (rmlir::rewrite) join
  // canonicalize through the dialect.
  let hasCanonicalizer = 1;
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

//===----------------------------------------------------------------------===//
// Enums and attributes: upstream arith's own
//===----------------------------------------------------------------------===//

// rarith holds arith's attribute classes (#arith.fastmath, #arith.overflow,
// the predicate and rounding-mode enums), so the custom syntax is the same
// and upstream code written against arith's attributes and interfaces
// (ArithFastMathInterface, ArithIntegerOverflowFlagsInterface,
// ArithRoundingModeInterface) works on rarith ops unchanged.
defvar RArith_CmpIPredicateAttr = Arith_CmpIPredicateAttr;
defvar RArith_CmpFPredicateAttr = Arith_CmpFPredicateAttr;
defvar RArith_FastMathAttr = Arith_FastMathAttr;
defvar RArith_IntegerOverflowAttr = Arith_IntegerOverflowAttr;
defvar RArith_RoundingModeAttr = Arith_RoundingModeAttr;

//===----------------------------------------------------------------------===//
// Op classes
//===----------------------------------------------------------------------===//

class RArith_Op<string mnemonic, list<Trait> traits = []>
    : RustOp<RArith_Dialect, mnemonic,
             traits # [DeclareOpInterfaceMethods<VectorUnrollOpInterface>,
                       NoMemoryEffect] # ElementwiseMappable.traits>;

// Ops with several results: the unroll shape (that of the first result) is
// answered by Rust.
class RArith_MultiResultOp<string mnemonic, list<Trait> traits = []>
    : RustOp<RArith_Dialect, mnemonic,
             traits # [RustUnrollShape, NoMemoryEffect] # ElementwiseMappable.traits>;

class RArith_BinaryOp<string mnemonic, list<Trait> traits = []>
    : RArith_Op<mnemonic, traits # [SameOperandsAndResultType]> {
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($result)";
}

class RArith_IntBinaryOpWithOverflowFlags<string mnemonic, list<Trait> traits = []>
    : RArith_BinaryOp<mnemonic, traits # [Pure, ArithIntegerOverflowFlagsInterface]>,
      Arguments<(ins SignlessIntegerOrIndexLike:$lhs,
                     SignlessIntegerOrIndexLike:$rhs,
                     DefaultValuedAttr<RArith_IntegerOverflowAttr,
                         "::mlir::arith::IntegerOverflowFlags::none">:$overflowFlags)>,
      Results<(outs SignlessIntegerOrIndexLike:$result)> {
  let assemblyFormat = [{ $lhs `,` $rhs (`overflow` `` $overflowFlags^)?
                          attr-dict `:` type($result) }];
}

class RArith_IntBinaryOp<string mnemonic, list<Trait> traits = []>
    : RArith_BinaryOp<mnemonic, traits>,
      Arguments<(ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs)>,
      Results<(outs SignlessIntegerOrIndexLike:$result)>;

class RArith_TotalIntBinaryOp<string mnemonic, list<Trait> traits = []>
    : RArith_IntBinaryOp<mnemonic, traits # [Pure]>;

class RArith_IntBinaryOpWithExactFlag<string mnemonic, list<Trait> traits = []>
    : RArith_BinaryOp<mnemonic, traits>,
      Arguments<(ins SignlessIntegerOrIndexLike:$lhs,
                     SignlessIntegerOrIndexLike:$rhs, UnitAttr:$isExact)>,
      Results<(outs SignlessIntegerOrIndexLike:$result)> {
  let assemblyFormat = [{ $lhs `,` $rhs (`exact` $isExact^)?
                          attr-dict `:` type($result) }];
}

// Input and output tensors have identical dimensions (stricter than
// SameOperandsAndResultShape, which accepts compatible dynamic dims).
// Upstream reads the shape of any TensorType, which an unranked tensor does
// not have (undefined behaviour: `extf %a : tensor<*xf64> to tensor<*xf64>`
// crashes upstream's verifier); an unranked tensor has no dimensions here.
def RArith_SameInputOutputTensorDims : PredOpTrait<
    "input and output have the same tensor dimensions",
    AllMatchSameOperatorPred<["in", "out"],
      "(::llvm::isa<::mlir::RankedTensorType>($_self.getType()) ?"
      " ::llvm::cast<::mlir::RankedTensorType>($_self.getType()).getShape() :"
      " ::llvm::ArrayRef<int64_t>{})">>;

class RArith_CastOp<string mnemonic, TypeConstraint From, TypeConstraint To,
                    list<Trait> traits = []>
    : RArith_Op<mnemonic, traits # [Pure, SameOperandsAndResultShape,
                RArith_SameInputOutputTensorDims, RustCastCompatible]>,
      Arguments<(ins From:$in)>,
      Results<(outs To:$out)> {
  let assemblyFormat = "$in attr-dict `:` type($in) `to` type($out)";
}

// Casts do not accept index: signless integers, vectors or tensors thereof.
def RArith_SignlessFixedWidthIntegerLike : TypeConstraint<Or<[
        AnySignlessInteger.predicate,
        VectorOfAnyRankOf<[AnySignlessInteger]>.predicate,
        TensorOf<[AnySignlessInteger]>.predicate]>,
    "signless-fixed-width-integer-like">;

class RArith_IToICastOp<string mnemonic, list<Trait> traits = []>
    : RArith_CastOp<mnemonic, RArith_SignlessFixedWidthIntegerLike,
                    RArith_SignlessFixedWidthIntegerLike, traits>;

// index_cast and index_castui also convert memrefs of integers and indices.
def RArith_IndexCastTypeConstraint : TypeConstraint<Or<[
        SignlessIntegerOrIndexLike.predicate,
        MemRefOf<[AnySignlessInteger, Index]>.predicate]>,
    "signless-integer-like or memref of signless-integer">;

class RArith_FloatBinaryOp<string mnemonic, list<Trait> traits = []>
    : RArith_BinaryOp<mnemonic, !listconcat([Pure, ArithFastMathInterface], traits)>,
      Arguments<(ins FloatLike:$lhs, FloatLike:$rhs,
                     DefaultValuedAttr<RArith_FastMathAttr,
                         "::mlir::arith::FastMathFlags::none">:$fastmath)>,
      Results<(outs FloatLike:$result)> {
  let assemblyFormat = [{ $lhs `,` $rhs (`fastmath` `` $fastmath^)?
                          attr-dict `:` type($result) }];
}

class RArith_FloatUnaryOp<string mnemonic, list<Trait> traits = []>
    : RArith_Op<mnemonic, traits # [SameOperandsAndResultType, Pure,
                                    ArithFastMathInterface]>,
      Arguments<(ins FloatLike:$operand,
                     DefaultValuedAttr<RArith_FastMathAttr,
                         "::mlir::arith::FastMathFlags::none">:$fastmath)>,
      Results<(outs FloatLike:$result)> {
  let assemblyFormat = [{ $operand (`fastmath` `` $fastmath^)?
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
    [ConstantLike, Pure, RustResultNames, RustIntRange,
     AllTypesMatch<["value", "result"]>]> {
  let summary = "integer or floating point constant";
  let arguments = (ins TypedAttrInterface:$value);
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict $value";
  let hasFolder = 1;
  let rustFoldsToAttr = "value";
  let hasVerifier = 1;
  // memref's ViewOpShapeFolder, which upstream writes against arith's class.
  let hasCanonicalizer = 1;
}

def RArith_AddIOp : RArith_IntBinaryOpWithOverflowFlags<"addi",
    [Commutative, RustIntRange]> {
  let summary = "integer addition operation";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_CmpIOp : RArith_CompareOp<"cmpi", [RustIntRange]> {
  let summary = "integer comparison operation";
  let arguments = (ins RArith_CmpIPredicateAttr:$predicate,
                       SignlessIntegerOrIndexLike:$lhs,
                       SignlessIntegerOrIndexLike:$rhs);
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_AddUIExtendedOp : RArith_MultiResultOp<"addui_extended", [Pure, Commutative,
    AllTypesMatch<["lhs", "rhs", "sum"]>]> {
  let summary = "extended unsigned integer addition operation returning sum and overflow bit";
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$sum, BoolLike:$overflow);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($sum) `,` type($overflow)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_SubIOp : RArith_IntBinaryOpWithOverflowFlags<"subi", [RustIntRange]> {
  let summary = "Integer subtraction operation.";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_MulIOp : RArith_IntBinaryOpWithOverflowFlags<"muli",
    [Commutative, RustResultNames, RustIntRange]> {
  let summary = "Integer multiplication operation.";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_MulSIExtendedOp : RArith_MultiResultOp<"mulsi_extended", [Pure, Commutative,
    AllTypesMatch<["lhs", "rhs", "low", "high"]>]> {
  let summary = "extended signed integer multiplication operation";
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$low, SignlessIntegerOrIndexLike:$high);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_MulUIExtendedOp : RArith_MultiResultOp<"mului_extended", [Pure, Commutative,
    AllTypesMatch<["lhs", "rhs", "low", "high"]>]> {
  let summary = "extended unsigned integer multiplication operation";
  let arguments = (ins SignlessIntegerOrIndexLike:$lhs, SignlessIntegerOrIndexLike:$rhs);
  let results = (outs SignlessIntegerOrIndexLike:$low, SignlessIntegerOrIndexLike:$high);
  let assemblyFormat = "$lhs `,` $rhs attr-dict `:` type($lhs)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_DivUIOp : RArith_IntBinaryOpWithExactFlag<"divui", [RustSpeculatable, RustIntRange]> {
  let summary = "unsigned integer division operation";
  let hasFolder = 1;
}

def RArith_DivSIOp : RArith_IntBinaryOpWithExactFlag<"divsi", [RustSpeculatable, RustIntRange]> {
  let summary = "signed integer division operation";
  let hasFolder = 1;
}

def RArith_CeilDivUIOp : RArith_IntBinaryOp<"ceildivui", [RustSpeculatable, RustIntRange]> {
  let summary = "unsigned ceil integer division operation";
  let hasFolder = 1;
}

def RArith_CeilDivSIOp : RArith_IntBinaryOp<"ceildivsi", [RustSpeculatable, RustIntRange]> {
  let summary = "signed ceil integer division operation";
  let hasFolder = 1;
}

def RArith_FloorDivSIOp : RArith_TotalIntBinaryOp<"floordivsi", [RustIntRange]> {
  let summary = "signed floor integer division operation";
  let hasFolder = 1;
}

def RArith_RemUIOp : RArith_TotalIntBinaryOp<"remui", [RustIntRange]> {
  let summary = "unsigned integer division remainder operation";
  let hasFolder = 1;
}

def RArith_RemSIOp : RArith_TotalIntBinaryOp<"remsi", [RustIntRange]> {
  let summary = "signed integer division remainder operation";
  let hasFolder = 1;
}

def RArith_AndIOp : RArith_TotalIntBinaryOp<"andi", [Commutative, Idempotent, RustIntRange]> {
  let summary = "integer binary and";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_OrIOp : RArith_TotalIntBinaryOp<"ori", [Commutative, Idempotent, RustIntRange]> {
  let summary = "integer binary or";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_XOrIOp : RArith_TotalIntBinaryOp<"xori", [Commutative, RustIntRange]> {
  let summary = "integer binary xor";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_ShLIOp : RArith_IntBinaryOpWithOverflowFlags<"shli", [RustIntRange]> {
  let summary = "integer left-shift";
  let hasFolder = 1;
}

def RArith_ShRUIOp : RArith_IntBinaryOpWithExactFlag<"shrui", [Pure, RustIntRange]> {
  let summary = "unsigned integer right-shift";
  let hasFolder = 1;
}

def RArith_ShRSIOp : RArith_IntBinaryOpWithExactFlag<"shrsi", [Pure, RustIntRange]> {
  let summary = "signed integer right-shift";
  let hasFolder = 1;
}

def RArith_MaxSIOp : RArith_TotalIntBinaryOp<"maxsi", [Commutative, RustIntRange]> {
  let summary = "signed integer maximum operation";
  let hasFolder = 1;
}

def RArith_MaxUIOp : RArith_TotalIntBinaryOp<"maxui", [Commutative, RustIntRange]> {
  let summary = "unsigned integer maximum operation";
  let hasFolder = 1;
}

def RArith_MinSIOp : RArith_TotalIntBinaryOp<"minsi", [Commutative, RustIntRange]> {
  let summary = "signed integer minimum operation";
  let hasFolder = 1;
}

def RArith_MinUIOp : RArith_TotalIntBinaryOp<"minui", [Commutative, RustIntRange]> {
  let summary = "unsigned integer minimum operation";
  let hasFolder = 1;
}

def RArith_ExtUIOp : RArith_IToICastOp<"extui", [RustIntRange]> {
  let summary = "integer zero extension operation";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def RArith_ExtSIOp : RArith_IToICastOp<"extsi", [RustIntRange]> {
  let summary = "integer sign extension operation";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def RArith_TruncIOp : RArith_Op<"trunci",
    [Pure, RustIntRange, SameOperandsAndResultShape, RArith_SameInputOutputTensorDims,
     RustCastCompatible, ArithIntegerOverflowFlagsInterface]> {
  let summary = "integer truncation operation";
  let arguments = (ins
      RArith_SignlessFixedWidthIntegerLike:$in,
      DefaultValuedAttr<RArith_IntegerOverflowAttr,
          "::mlir::arith::IntegerOverflowFlags::none">:$overflowFlags);
  let results = (outs RArith_SignlessFixedWidthIntegerLike:$out);
  let assemblyFormat = [{
    $in (`overflow` `` $overflowFlags^)? attr-dict
    `:` type($in) `to` type($out)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def RArith_AddFOp : RArith_FloatBinaryOp<"addf", [Commutative]> {
  let summary = "floating point addition operation";
  let hasFolder = 1;
  // vector's CanonicalizeContractAdd, which upstream writes against arith's
  // class.
  let hasCanonicalizer = 1;
}

def RArith_SubFOp : RArith_FloatBinaryOp<"subf"> {
  let summary = "floating point subtraction operation";
  let hasFolder = 1;
}

def RArith_MulFOp : RArith_FloatBinaryOp<"mulf", [Commutative]> {
  let summary = "floating point multiplication operation";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_DivFOp : RArith_FloatBinaryOp<"divf"> {
  let summary = "floating point division operation";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_RemFOp : RArith_FloatBinaryOp<"remf"> {
  let summary = "floating point division remainder operation";
  let hasFolder = 1;
}

def RArith_NegFOp : RArith_FloatUnaryOp<"negf"> {
  let summary = "floating point negation";
  let hasFolder = 1;
}

def RArith_MaximumFOp : RArith_FloatBinaryOp<"maximumf", [Commutative]> {
  let summary = "floating-point maximum operation";
  let hasFolder = 1;
}

def RArith_MaxNumFOp : RArith_FloatBinaryOp<"maxnumf", [Commutative]> {
  let summary = "floating-point maximum operation";
  let hasFolder = 1;
}

def RArith_MinimumFOp : RArith_FloatBinaryOp<"minimumf", [Commutative]> {
  let summary = "floating-point minimum operation";
  let hasFolder = 1;
}

def RArith_MinNumFOp : RArith_FloatBinaryOp<"minnumf", [Commutative]> {
  let summary = "floating-point minimum operation";
  let hasFolder = 1;
}

def RArith_CmpFOp : RArith_CompareOp<"cmpf", [ArithFastMathInterface]> {
  let summary = "floating-point comparison operation";
  let arguments = (ins RArith_CmpFPredicateAttr:$predicate,
                       FloatLike:$lhs, FloatLike:$rhs,
                       DefaultValuedAttr<RArith_FastMathAttr,
                           "::mlir::arith::FastMathFlags::none">:$fastmath);
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let assemblyFormat = [{ $predicate `,` $lhs `,` $rhs (`fastmath` `` $fastmath^)?
                          attr-dict `:` type($lhs)}];
}

def RArith_ExtFOp : RArith_CastOp<"extf", FloatLike, FloatLike,
                                  [ArithFastMathInterface]> {
  let summary = "cast from floating-point to wider floating-point";
  let arguments = (ins FloatLike:$in, OptionalAttr<RArith_FastMathAttr>:$fastmath);
  let results = (outs FloatLike:$out);
  let assemblyFormat = [{ $in (`fastmath` `` $fastmath^)?
                          attr-dict `:` type($in) `to` type($out) }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def RArith_TruncFOp : RArith_CastOp<"truncf", FloatLike, FloatLike,
    [ArithRoundingModeInterface, ArithFastMathInterface]> {
  let summary = "cast from floating-point to narrower floating-point";
  let arguments = (ins FloatLike:$in,
                       OptionalAttr<RArith_RoundingModeAttr>:$roundingmode,
                       OptionalAttr<RArith_FastMathAttr>:$fastmath);
  let results = (outs FloatLike:$out);
  let assemblyFormat = [{ $in ($roundingmode^)?
                          (`fastmath` `` $fastmath^)?
                          attr-dict `:` type($in) `to` type($out) }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def RArith_ScalingExtFOp : RArith_Op<"scaling_extf",
    [Pure, RArith_SameInputOutputTensorDims, RustCastCompatible,
     ArithFastMathInterface]>,
    Arguments<(ins FloatLike:$in, FloatLike:$scale,
                   OptionalAttr<RArith_FastMathAttr>:$fastmath)>,
    Results<(outs FloatLike:$out)> {
  let summary = "Upcasts input floats using provided scales values following OCP MXFP Spec";
  let hasVerifier = 1;
  let assemblyFormat = [{ $in `,` $scale (`fastmath` `` $fastmath^)? attr-dict `:`
                          type($in) `,` type($scale) `to` type($out)}];
}

def RArith_ScalingTruncFOp : RArith_Op<"scaling_truncf",
    [Pure, RArith_SameInputOutputTensorDims, RustCastCompatible,
     ArithRoundingModeInterface, ArithFastMathInterface]>,
    Arguments<(ins FloatLike:$in, FloatLike:$scale,
                   OptionalAttr<RArith_RoundingModeAttr>:$roundingmode,
                   OptionalAttr<RArith_FastMathAttr>:$fastmath)>,
    Results<(outs FloatLike:$out)> {
  let summary = "Downcasts input floating point values using provided scales values following OCP MXFP Spec";
  let hasVerifier = 1;
  let assemblyFormat = [{ $in `,` $scale ($roundingmode^)? (`fastmath` `` $fastmath^)?
                          attr-dict `:` type($in) `,` type($scale) `to` type($out)}];
}

def RArith_UIToFPOp : RArith_CastOp<"uitofp", RArith_SignlessFixedWidthIntegerLike, FloatLike> {
  let summary = "cast from unsigned integer type to floating-point";
  let hasFolder = 1;
}

def RArith_SIToFPOp : RArith_CastOp<"sitofp", RArith_SignlessFixedWidthIntegerLike, FloatLike> {
  let summary = "cast from integer type to floating-point";
  let hasFolder = 1;
}

def RArith_FPToUIOp : RArith_CastOp<"fptoui", FloatLike, RArith_SignlessFixedWidthIntegerLike> {
  let summary = "cast from floating-point type to integer type";
  let hasFolder = 1;
}

def RArith_FPToSIOp : RArith_CastOp<"fptosi", FloatLike, RArith_SignlessFixedWidthIntegerLike> {
  let summary = "cast from floating-point type to integer type";
  let hasFolder = 1;
}

def RArith_BitcastTypeConstraint : TypeConstraint<Or<[
        SignlessIntegerOrFloatLike.predicate,
        MemRefOf<[AnySignlessInteger, AnyFloat]>.predicate]>,
    "signless-integer-or-float-like or memref of signless-integer or float">;

def RArith_BitcastOp : RArith_CastOp<"bitcast", RArith_BitcastTypeConstraint,
                                     RArith_BitcastTypeConstraint> {
  let summary = "bitcast between values of equal bit width";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_IndexCastOp : RArith_CastOp<"index_cast",
    RArith_IndexCastTypeConstraint, RArith_IndexCastTypeConstraint,
    [RustIntRange]> {
  let summary = "cast between index and integer types";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RArith_IndexCastUIOp : RArith_CastOp<"index_castui",
    RArith_IndexCastTypeConstraint, RArith_IndexCastTypeConstraint,
    [RustIntRange]> {
  let summary = "unsigned cast between index and integer types";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

class RArith_BooleanConditionOrMatchingShape<string condition, string result>
    : PredOpTrait<condition # " is signless i1 or has matching shape",
                  Or<[TypeIsPred<condition, I1>,
                      AllShapesMatch<[condition, result]>.predicate]>>;

def RArith_SelectOp : RArith_Op<"select", [Pure, RustIntRange,
    AllTypesMatch<["true_value", "false_value", "result"]>,
    RArith_BooleanConditionOrMatchingShape<"condition", "result">,
    SelectLikeOpInterface]> {
  let summary = "select operation";
  let arguments = (ins BoolLike:$condition, AnyType:$true_value,
                       AnyType:$false_value);
  let results = (outs AnyType:$result);
  // `: T` for an i1 condition, `: C, T` for a shaped one.
  let assemblyFormat = [{
    $condition `,` $true_value `,` $false_value attr-dict `:`
    custom<ConditionAndResultTypes>(type($condition), type($result))
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

#endif // RARITH_TD
