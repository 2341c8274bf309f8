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
include "mlir/IR/SymbolInterfaces.td"
include "mlir/Interfaces/CallInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/FunctionInterfaces.td"

def RShape_Dialect : Dialect {
  let name = "rshape";
  let cppNamespace = "::mlir::rshape";
  let summary = "upstream's shape dialect, implemented in Rust";
  // The type parser also accepts seed 002's spelling `!rshape.type` of the
  // shape type (cpp/RShapeDialect.cpp); printing is ODS's.
  let useDefaultTypePrinterParser = 0;
  let extraClassDeclaration = [{
    ::mlir::Type parseType(::mlir::DialectAsmParser &parser) const override;
    void printType(::mlir::Type type,
                   ::mlir::DialectAsmPrinter &printer) const override;
  }];
  let hasConstantMaterializer = 1;
  // `rshape.lib`: the function libraries a symbol table uses (verified by
  // verifyOperationAttribute, in Rust).
  let discardableAttrs = (ins "::mlir::Attribute":$lib);
  // Patterns registered from Rust at run time (rmlir::rewrite) join
  // canonicalize through the dialect.
  let hasCanonicalizer = 1;
  // `rshape.lib` on a symbol table names shape function libraries.
  let hasOperationAttrVerify = 1;
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
def RShape_AnyShapeOrSizeType
    : AnyTypeOf<[RShape_SizeOrIndexType, RShape_ShapeOrExtentTensorType],
                "any shape or size">;

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

class RShape_Op<string mnemonic, list<Trait> traits = []>
    : RustOp<RShape_Dialect, mnemonic, traits>;

// An op whose custom syntax is one of the generic helpers of
// cpp/include/rmlir/Syntax.h: rmlir::syntax::parse<helper> and
// print<helper>, instantiated for this op class (plus `templateArgs`).
class RShape_SyntaxOp<string mnemonic, string helper, string templateArgs,
                      list<Trait> traits = []>
    : RShape_Op<mnemonic, traits> {
  let hasCustomAssemblyFormat = 1;
  code rustExtraDefinition = "";
  let extraClassDefinition = rustForwarders # [{
::mlir::ParseResult $cppClass::parse(::mlir::OpAsmParser &parser,
                                     ::mlir::OperationState &result) {
  return ::rmlir::syntax::parse}] # helper # [{<$cppClass}] # templateArgs # [{>(parser, result);
}
void $cppClass::print(::mlir::OpAsmPrinter &p) {
  ::rmlir::syntax::print}] # helper # [{(p, *this);
}
}] # rustExtraDefinition;
}

def RShape_BroadcastOp : RShape_Op<"broadcast", [Commutative, Pure]> {
  let summary = "Returns the broadcasted output shape of two or more inputs";
  let arguments = (ins Variadic<RShape_ShapeOrExtentTensorType>:$shapes,
                       OptionalAttr<StrAttr>:$error);
  let results = (outs RShape_ShapeOrExtentTensorType:$result);
  let assemblyFormat = [{
    $shapes attr-dict `:` type($shapes) `->` type($result)
  }];
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def RShape_ConstShapeOp : RShape_Op<"const_shape",
    [ConstantLike, Pure, RustInferTypesCompatible]> {
  let summary = "Creates a constant shape or extent tensor";
  let arguments = (ins IndexElementsAttr:$shape);
  let results = (outs RShape_ShapeOrExtentTensorType:$result);
  let assemblyFormat = "attr-dict custom<IndexList>($shape) `:` type($result)";
  let hasFolder = 1;
  let rustFoldsToAttr = "shape";
  let hasCanonicalizer = 1;
}

def RShape_ConstSizeOp : RShape_Op<"const_size",
    [ConstantLike, Pure, RustResultNames]> {
  let summary = "Creates a constant of type `shape.size`";
  let arguments = (ins IndexAttr:$value);
  let results = (outs RShape_SizeType:$result);
  let assemblyFormat = "$value attr-dict";
  let hasFolder = 1;
  let rustFoldsToAttr = "value";
}

def RShape_ConstWitnessOp : RShape_Op<"const_witness", [ConstantLike, Pure]> {
  let summary = "An operation that returns a statically known witness value";
  let arguments = (ins BoolAttr:$passing);
  let results = (outs RShape_WitnessType:$result);
  let assemblyFormat = "$passing attr-dict";
  let hasFolder = 1;
  let rustFoldsToAttr = "passing";
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

//===----------------------------------------------------------------------===//
// Shapes and extent tensors
//===----------------------------------------------------------------------===//

def RShape_ShapeOfOp : RShape_Op<"shape_of", [Pure, RustInferTypesCompatible]> {
  let summary = "Returns shape of a value or shaped type operand";
  let arguments = (ins AnyTypeOf<[AnyShaped, RShape_ValueShapeType]>:$arg);
  let results = (outs RShape_ShapeOrExtentTensorType:$result);
  let assemblyFormat = "$arg attr-dict `:` type($arg) `->` type($result)";
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def RShape_RankOp : RShape_Op<"rank", [Pure, RustInferTypesCompatible]> {
  let summary = "Gets the rank of a shape";
  let arguments = (ins RShape_ShapeOrExtentTensorType:$shape);
  let results = (outs RShape_SizeOrIndexType:$rank);
  let assemblyFormat = "$shape attr-dict `:` type($shape) `->` type($rank)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def RShape_NumElementsOp : RShape_Op<"num_elements",
    [Pure, RustInferTypesCompatible]> {
  let summary = "Returns the number of elements for a given shape";
  let arguments = (ins RShape_ShapeOrExtentTensorType:$shape);
  let results = (outs RShape_SizeOrIndexType:$result);
  let assemblyFormat = "$shape attr-dict `:` type($shape) `->` type($result)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def RShape_GetExtentOp : RShape_Op<"get_extent",
    [Pure, RustInferTypesCompatible]> {
  let summary = "Gets the specified extent from a shape or extent tensor";
  let arguments = (ins RShape_ShapeOrExtentTensorType:$shape,
                       RShape_SizeOrIndexType:$dim);
  let results = (outs RShape_SizeOrIndexType:$extent);
  let assemblyFormat = "$shape `,` $dim attr-dict `:` type($shape) `,` "
                       "type($dim) `->` type($extent)";
  let hasFolder = 1;
  let hasVerifier = 1;
}

def RShape_DimOp : RShape_Op<"dim", [Pure, RustInferTypesCompatible]> {
  let summary = "Gets the specified extent from the shape of a shaped input";
  let arguments = (ins AnyShaped:$value, RShape_SizeOrIndexType:$index);
  let results = (outs RShape_SizeOrIndexType:$extent);
  let assemblyFormat = "$value `,` $index attr-dict `:` type($value) `,`"
                       "type($index) `->` type($extent)";
  // Upstream declares no verifier (an out-of-range constant index is
  // accepted and not folded).
  let hasFolder = 1;
}

def RShape_FromExtentsOp : RShape_Op<"from_extents", [Pure]> {
  let summary = "Creates a shape from extents";
  let arguments = (ins Variadic<RShape_SizeOrIndexType>:$extents);
  let results = (outs RShape_ShapeType:$shape);
  let assemblyFormat = "$extents attr-dict `:` type($extents)";
  let hasFolder = 1;
}

def RShape_FromExtentTensorOp : RShape_Op<"from_extent_tensor", [Pure]> {
  let summary = "Creates a shape from a tensor of extents";
  let arguments = (ins 1DTensorOf<[Index]>:$input);
  let results = (outs RShape_ShapeType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
}

def RShape_ToExtentTensorOp : RShape_Op<"to_extent_tensor",
    [RustCastCompatible, Pure]> {
  let summary = "Creates a dimension tensor from a shape";
  let arguments = (ins RShape_ShapeOrExtentTensorType:$input);
  let results = (outs IndexTensor:$result);
  let assemblyFormat = "$input attr-dict `:` type($input) `->` type($result)";
  let hasFolder = 1;
}

def RShape_ValueAsShapeOp : RShape_Op<"value_as_shape", [Pure]> {
  let summary = "Returns value as a shape";
  let arguments = (ins AnyTypeOf<[1DTensorOf<[AnyInteger, Index]>,
                                  RShape_ValueShapeType]>:$arg);
  let results = (outs RShape_ShapeOrExtentTensorType:$result);
  let assemblyFormat = "$arg attr-dict `:` type($arg) `->` type($result)";
}

def RShape_ValueOfOp : RShape_Op<"value_of", [Pure]> {
  let summary = "Returns value of a !shape.value_shape operand";
  let arguments = (ins RShape_ValueShapeType:$arg);
  let results = (outs AnyShaped:$result);
  let assemblyFormat = "$arg attr-dict `:` type($result)";
}

def RShape_WithOp : RShape_Op<"with_shape", [Pure]> {
  let summary = "Returns ValueShape with given shape";
  let arguments = (ins AnyTypeOf<[AnyShaped, RShape_ValueShapeType]>:$operand,
                       RShape_ShapeOrExtentTensorType:$shape);
  let results = (outs RShape_ValueShapeType:$result);
  let assemblyFormat = "operands attr-dict `:` type($operand) `,` type($shape)";
}

def RShape_ConcatOp : RShape_Op<"concat", [Pure]> {
  let summary = "Concatenates two shapes";
  let arguments = (ins RShape_ShapeOrExtentTensorType:$lhs,
                       RShape_ShapeOrExtentTensorType:$rhs);
  let results = (outs RShape_ShapeOrExtentTensorType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasFolder = 1;
}

def RShape_SplitAtOp : RShape_Op<"split_at", [Pure]> {
  let summary = "Splits a shape at a given index";
  let arguments = (ins RShape_ShapeOrExtentTensorType:$operand,
                       RShape_SizeOrIndexType:$index);
  let results = (outs RShape_ShapeOrExtentTensorType:$head,
                      RShape_ShapeOrExtentTensorType:$tail);
  let hasFolder = 1;
}

def RShape_AnyOp : RShape_Op<"any", [Commutative, Pure]> {
  let summary = "Return any combination of the input shapes";
  let arguments = (ins Variadic<RShape_ShapeOrExtentTensorType>:$inputs);
  let results = (outs RShape_ShapeOrExtentTensorType:$result);
  let assemblyFormat = "$inputs attr-dict `:` type($inputs) `->` type($result)";
  let hasFolder = 1;
}

def RShape_ShapeEqOp : RShape_Op<"shape_eq", [Pure, Commutative]> {
  let summary = "Returns whether the input shapes or extent tensors are equal";
  let arguments = (ins Variadic<RShape_ShapeOrExtentTensorType>:$shapes);
  let results = (outs I1:$result);
  let assemblyFormat = "$shapes attr-dict `:` type($shapes)";
  let hasFolder = 1;
}

def RShape_IsBroadcastableOp : RShape_Op<"is_broadcastable", [Commutative]> {
  let summary = "Determines if 2+ shapes can be successfully broadcasted";
  let arguments = (ins Variadic<RShape_ShapeOrExtentTensorType>:$shapes);
  let results = (outs I1:$result);
  let assemblyFormat = "$shapes attr-dict `:` type($shapes)";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
}

class RShape_ShapeOrSizeOp<string mnemonic>
    : RShape_Op<mnemonic, [Commutative, Pure, RustInferTypesCompatible]> {
  let arguments = (ins RShape_ShapeOrSizeType:$lhs, RShape_ShapeOrSizeType:$rhs);
  let results = (outs RShape_ShapeOrSizeType:$result);
  let assemblyFormat = [{
    $lhs `,` $rhs attr-dict `:` type($lhs) `,` type($rhs) `->` type($result)
  }];
  let hasFolder = 1;
}

def RShape_MaxOp : RShape_ShapeOrSizeOp<"max"> {
  let summary = "Elementwise maximum";
}

def RShape_MinOp : RShape_ShapeOrSizeOp<"min"> {
  let summary = "Elementwise minimum";
}

def RShape_MeetOp : RShape_Op<"meet",
    [Commutative, RustInferTypesCompatible]> {
  let summary = "Returns the least general shape or size of its operands";
  let arguments = (ins RShape_AnyShapeOrSizeType:$arg0,
                       RShape_AnyShapeOrSizeType:$arg1,
                       OptionalAttr<StrAttr>:$error);
  let results = (outs RShape_AnyShapeOrSizeType:$result);
  let assemblyFormat = [{
    $arg0 `,` $arg1 (`,` `error` `=` $error^)? attr-dict `:`
      type($arg0) `,` type($arg1) `->` type($result)
  }];
}

def RShape_DebugPrintOp : RShape_Op<"debug_print", []> {
  let summary = "Prints the input shape or size";
  let arguments = (ins RShape_ShapeOrSizeType:$input);
  let results = (outs RShape_ShapeOrSizeType:$output);
}

//===----------------------------------------------------------------------===//
// Constraints and witnesses
//===----------------------------------------------------------------------===//

def RShape_CstrBroadcastableOp : RShape_Op<"cstr_broadcastable",
    [Commutative]> {
  let summary = "Determines if 2+ shapes can be successfully broadcasted";
  let arguments = (ins Variadic<RShape_ShapeOrExtentTensorType>:$shapes);
  let results = (outs RShape_WitnessType:$result);
  let assemblyFormat = "$shapes attr-dict `:` type($shapes)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
  let hasVerifier = 1;
}

def RShape_CstrEqOp : RShape_Op<"cstr_eq", [Commutative]> {
  let summary = "Determines if all input shapes are equal";
  let arguments = (ins Variadic<RShape_ShapeOrExtentTensorType>:$shapes);
  let results = (outs RShape_WitnessType:$result);
  let assemblyFormat = "$shapes attr-dict `:` type($shapes)";
  let hasCanonicalizer = 1;
  let hasFolder = 1;
}

def RShape_CstrRequireOp : RShape_Op<"cstr_require", []> {
  let summary = "Represents a runtime assertion that an i1 is `true`";
  let arguments = (ins I1:$pred, StrAttr:$msg);
  let results = (outs RShape_WitnessType:$result);
  let assemblyFormat = "$pred `,` $msg attr-dict";
  let hasFolder = 1;
}

def RShape_AssumingAllOp : RShape_Op<"assuming_all", [Commutative, Pure]> {
  let summary = "Return a logical AND of all witnesses";
  let arguments = (ins Variadic<RShape_WitnessType>:$inputs);
  let results = (outs RShape_WitnessType:$result);
  let assemblyFormat = "$inputs attr-dict";
  let hasFolder = 1;
  let hasCanonicalizer = 1;
  let hasVerifier = 1;
}

def RShape_AssumingOp : RShape_SyntaxOp<"assuming", "Assuming", ", WitnessType", [
    SingleBlockImplicitTerminator<"AssumingYieldOp">,
    DeclareOpInterfaceMethods<RegionBranchOpInterface>,
    RecursiveMemoryEffects]> {
  let summary = "Execute the region";
  let arguments = (ins RShape_WitnessType:$witness);
  let regions = (region SizedRegion<1>:$doRegion);
  let results = (outs Variadic<AnyType>:$results);
  let hasCanonicalizer = 1;
  // Control enters the region once and leaves to the results.
  let rustExtraDefinition = [{
void $cppClass::getSuccessorRegions(::mlir::RegionBranchPoint point,
    ::llvm::SmallVectorImpl<::mlir::RegionSuccessor> &regions) {
  ::rmlir::syntax::runOnceRegionSuccessors(getOperation(), point, regions);
}
}];
}

def RShape_AssumingYieldOp : RShape_Op<"assuming_yield",
    [Pure, ReturnLike, Terminator, HasParent<"AssumingOp">]> {
  let summary = "Yield operation";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ /* no operands */ }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

//===----------------------------------------------------------------------===//
// Reductions and shape functions
//===----------------------------------------------------------------------===//

def RShape_ReduceOp : RShape_SyntaxOp<"reduce", "Reduce", "",
    [SingleBlockImplicitTerminator<"YieldOp">]> {
  let summary = "Returns an expression reduced over a shape or extent tensor";
  let arguments = (ins RShape_ShapeOrExtentTensorType:$shape,
                       Variadic<AnyType>:$initVals);
  let results = (outs Variadic<AnyType>:$result);
  let regions = (region SizedRegion<1>:$region);
  let hasVerifier = 1;
}

def RShape_YieldOp : RShape_Op<"yield",
    [HasParent<"ReduceOp, FunctionLibraryOp">, Pure, ReturnLike, Terminator]> {
  let summary = "Returns the value to parent op";
  let arguments = (ins Variadic<AnyType>:$operands);
  let builders = [OpBuilder<(ins), [{ build($_builder, $_state, {}); }]>];
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
  let hasVerifier = 1;
}

def RShape_FunctionLibraryOp : RShape_SyntaxOp<"function_library",
    "FunctionLibrary", "",
    [AffineScope, IsolatedFromAbove, NoRegionArguments, SymbolTable, Symbol,
     NoTerminator, OpAsmOpInterface, SingleBlock]> {
  let summary = "Represents shape functions and corresponding ops";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       OptionalAttr<StrAttr>:$sym_visibility,
                       DictionaryAttr:$mapping);
  let regions = (region AnyRegion:$body);
  let extraClassDeclaration = rustDeclarations # [{
    static ::llvm::StringRef getDefaultDialect() { return "rshape"; }
  }];
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "::llvm::StringRef":$name), [{
    $_state.addAttribute(::mlir::SymbolTable::getSymbolAttrName(),
                         $_builder.getStringAttr(name));
  }]>];
}

def RShape_FuncOp : RShape_SyntaxOp<"func", "Function", "",
    [AffineScope, AutomaticAllocationScope, FunctionOpInterface,
     IsolatedFromAbove, OpAsmOpInterface]> {
  let summary = "Shape function";
  let arguments = (ins SymbolNameAttr:$sym_name,
                       TypeAttrOf<FunctionType>:$function_type,
                       OptionalAttr<DictArrayAttr>:$arg_attrs,
                       OptionalAttr<DictArrayAttr>:$res_attrs,
                       OptionalAttr<StrAttr>:$sym_visibility);
  let regions = (region AnyRegion:$body);
  let extraClassDeclaration = rustDeclarations # [{
    ::mlir::Region *getCallableRegion() {
      return isExternal() ? nullptr : &getBody();
    }
    ::llvm::ArrayRef<::mlir::Type> getArgumentTypes() {
      return getFunctionType().getInputs();
    }
    ::llvm::ArrayRef<::mlir::Type> getResultTypes() {
      return getFunctionType().getResults();
    }
    static ::llvm::StringRef getDefaultDialect() { return "rshape"; }
    bool isDeclaration() { return isExternal(); }
  }];
}

def RShape_ReturnOp : RShape_Op<"return",
    [Pure, HasParent<"FuncOp">, ReturnLike, Terminator]> {
  let summary = "Shape function return operation";
  let arguments = (ins Variadic<AnyType>:$operands);
  let assemblyFormat = "attr-dict ($operands^ `:` type($operands))?";
}

//===----------------------------------------------------------------------===//
// The older ops of seed 002. They parse and verify, and canonicalize to their
// modern equivalents.
//===----------------------------------------------------------------------===//

def RShape_JoinOp : RShape_Op<"join", [Commutative, SameOperandsAndResultType]> {
  let summary = "Returns the least general shape.size of its operands";
  let description = [{
    Seed 002's name of `meet`: `%c = rshape.join %a, %b, error="<reason>" :
    !rshape.type`. Canonicalizes to `rshape.meet`.
  }];
  let arguments = (ins RShape_ShapeOrSizeType:$arg0,
                       RShape_ShapeOrSizeType:$arg1,
                       OptionalAttr<StrAttr>:$error);
  let results = (outs RShape_ShapeOrSizeType:$result);
  let assemblyFormat = [{
    $arg0 `,` $arg1 (`,` `error` `=` $error^)? attr-dict `:` type($result)
  }];
  let hasCanonicalizer = 1;
}

def RShape_CreateShapeOp : RShape_Op<"create_shape", [Pure]> {
  let summary = "Creates a shape descriptor from a tensor";
  let description = [{
    Seed 002: a shape from a 1-D tensor of i32 extents. Canonicalizes to
    `rshape.from_extent_tensor` of the extents cast to `index`.
  }];
  let arguments = (ins 1DTensorOf<[I32]>:$input);
  let results = (outs RShape_ShapeType:$result);
  let assemblyFormat = "$input attr-dict `:` type($input)";
  let hasCanonicalizer = 1;
}

def RShape_ConstantOp : RShape_Op<"constant", [Pure]> {
  let summary = "Creates a shape constant";
  let description = [{
    Seed 002: `%x = rshape.constant 10 : !rshape.size` (an integer for a
    size) or `rshape.constant [1, 2] : !rshape.shape` (an array of integers
    for a shape). Canonicalizes to `const_size` / `const_shape`.
  }];
  let arguments = (ins AnyAttr:$value);
  let results = (outs RShape_ShapeOrSizeType:$result);
  // Integers in `value` are i64 and written without their type.
  let assemblyFormat = "custom<UntypedAttr>($value) attr-dict `:` type($result)";
  let hasVerifier = 1;
  let hasCanonicalizer = 1;
}

#endif // RSHAPE_TD
