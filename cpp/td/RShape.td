//===- RShape.td - the rshape dialect: upstream shape, behaviour in Rust --===//
//
// Declarations only: types, operands, results, attributes, traits and syntax
// matching upstream MLIR 22's shape dialect (plus the older ops of the 002
// seed). Folders, verifiers, patterns and shape rules are Rust (src/shape/).
//
//===----------------------------------------------------------------------===//

#ifndef RSHAPE_TD
#define RSHAPE_TD

include "RMlirBase.td"
include "mlir/IR/AttrTypeBase.td"

def RShape_Dialect : Dialect {
  let name = "rshape";
  let cppNamespace = "::mlir::rshape";
  let summary = "upstream's shape dialect, implemented in Rust";
  let useDefaultTypePrinterParser = 1;
  let hasConstantMaterializer = 1;
  // Folded index and i1 results materialize as rarith.constant; shape
  // patterns create tensor ops (as upstream's shape depends on arith, tensor).
  let dependentDialects = ["::mlir::rarith::RArithDialect",
                           "::mlir::tensor::TensorDialect"];
}

//===----------------------------------------------------------------------===//
// Types
//===----------------------------------------------------------------------===//

class RShape_Type<string name, string typeMnemonic>
    : TypeDef<RShape_Dialect, name> {
  let mnemonic = typeMnemonic;
}

def RShape_ShapeType : RShape_Type<"Shape", "shape"> {
  let summary = "shape or extent tensor (possibly unranked or invalid)";
}
def RShape_SizeType : RShape_Type<"Size", "size"> {
  let summary = "non-negative integer that may be unknown or invalid";
}
def RShape_ValueShapeType : RShape_Type<"ValueShape", "value_shape"> {
  let summary = "a value together with its shape";
}
def RShape_WitnessType : RShape_Type<"Witness", "witness"> {
  let summary = "a witness of a passed constraint, no runtime data";
}

def RShape_ExtentTensorType : 1DTensorOf<[Index]>,
    BuildableType<"::mlir::RankedTensorType::get({::mlir::ShapedType::kDynamic}, "
                  "$_builder.getType<::mlir::IndexType>())">;

def RShape_ShapeOrSizeType
    : AnyTypeOf<[RShape_SizeType, RShape_ShapeType], "shape or size">;
def RShape_ShapeOrExtentTensorType
    : AnyTypeOf<[RShape_ShapeType, RShape_ExtentTensorType], "shape or extent tensor">;
def RShape_SizeOrIndexType
    : AnyTypeOf<[RShape_SizeType, Index], "size or index">;

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class RShape_Op<string mnemonic, list<Trait> traits = []>
    : RustOp<RShape_Dialect, mnemonic, traits>;

def RShape_BroadcastOp : RShape_Op<"broadcast", [Commutative, Pure]> {
  let summary = "Returns the broadcasted output shape of two or more inputs";
  let arguments = (ins Variadic<RShape_ShapeOrExtentTensorType>:$shapes,
                       OptionalAttr<StrAttr>:$error);
  let results = (outs RShape_ShapeOrExtentTensorType:$result);
  let assemblyFormat = [{
    $shapes attr-dict `:` type($shapes) `->` type($result)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def RShape_ConstShapeOp : RShape_Op<"const_shape",
    [ConstantLike, Pure, RustInferTypesCompatible]> {
  let summary = "Creates a constant shape or extent tensor";
  let arguments = (ins IndexElementsAttr:$shape);
  let results = (outs RShape_ShapeOrExtentTensorType:$result);
  let assemblyFormat = "attr-dict custom<IndexList>($shape) `:` type($result)";
  let hasFolder = 1;
}

def RShape_ConstSizeOp : RShape_Op<"const_size",
    [ConstantLike, Pure, RustResultNames]> {
  let summary = "Creates a constant of type `shape.size`";
  let arguments = (ins IndexAttr:$value);
  let results = (outs RShape_SizeType:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
}

def RShape_ConstWitnessOp : RShape_Op<"const_witness", [ConstantLike, Pure]> {
  let summary = "An operation that returns a statically known witness value";
  let arguments = (ins BoolAttr:$passing);
  let results = (outs RShape_WitnessType:$result);
  let assemblyFormat = "$passing attr-dict";
  let hasFolder = 1;
}

def RShape_IndexToSizeOp : RShape_Op<"index_to_size", [Pure]> {
  let summary = "Converts a standard index to a shape size";
  let arguments = (ins Index:$arg);
  let results = (outs RShape_SizeType:$result);
  let assemblyFormat = "$arg attr-dict";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

def RShape_SizeToIndexOp : RShape_Op<"size_to_index",
    [RustCastCompatible, Pure]> {
  let summary = "Casts between index types of the shape and standard dialect";
  let arguments = (ins RShape_SizeOrIndexType:$arg);
  let results = (outs Index:$result);
  let assemblyFormat = "$arg attr-dict `:` type($arg)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

class RShape_SizeArithOp<string mnemonic, list<Trait> traits = []>
    : RShape_Op<mnemonic, traits # [Pure, RustInferTypesCompatible]> {
  let arguments = (ins RShape_SizeOrIndexType:$lhs, RShape_SizeOrIndexType:$rhs);
  let results = (outs RShape_SizeOrIndexType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasFolder = 1;
  let hasVerifier = 1;
}

def RShape_AddOp : RShape_SizeArithOp<"add", [Commutative]> {
  let summary = "Addition of sizes and indices";
}

def RShape_MulOp : RShape_SizeArithOp<"mul", [Commutative]> {
  let summary = "Multiplication of sizes and indices";
}

def RShape_DivOp : RShape_SizeArithOp<"div"> {
  let summary = "Division of sizes and indices";
}

#endif // RSHAPE_TD
