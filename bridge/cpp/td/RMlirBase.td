//===- RMlirBase.td - ODS base classes whose behaviour lives in Rust ------===//
//
// Every op of rarith and rshape derives from RustOp. Its generated C++ never
// computes anything: fold(), verify(), getCanonicalizationPatterns() and the
// methods of the interfaces marked below forward to Rust through the generic
// bridge (cpp/include/rmlir/BridgeCxx.h). Which hooks an op has is declared
// once, here in ODS (hasFolder, hasVerifier, hasCanonicalizer, Rust* traits);
// build.rs derives the Rust op table from the same records.
//
//===----------------------------------------------------------------------===//

#ifndef RMLIR_BASE_TD
#define RMLIR_BASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/CastInterfaces.td"
include "mlir/Interfaces/VectorInterfaces.td"
include "mlir/Interfaces/InferIntRangeInterface.td"

// Interface traits whose methods are implemented by Rust hooks.
def RustResultNames
    : DeclareOpInterfaceMethods<OpAsmOpInterface, ["getAsmResultNames"]>;
def RustInferTypes : DeclareOpInterfaceMethods<InferTypeOpInterface>;
// As RustInferTypes, plus a Rust isCompatibleReturnTypes (declared below:
// ODS does not declare that static method for DeclareOpInterfaceMethods).
def RustInferTypesCompatible : DeclareOpInterfaceMethods<InferTypeOpInterface>;

def RustCastCompatible : DeclareOpInterfaceMethods<CastOpInterface>;
def RustUnrollShape
    : DeclareOpInterfaceMethods<VectorUnrollOpInterface, ["getShapeForUnroll"]>;
def RustSpeculatable : DeclareOpInterfaceMethods<ConditionallySpeculatable>;
def RustIntRange
    : DeclareOpInterfaceMethods<InferIntRangeInterface,
                                ["inferResultRangesFromOptional"]>;

// Type transformers for TypesMatchWith, answered by Rust.
class RustTypeTransform<string name> {
  string transformer = "::rmlir::bridge::transformType(\"" # name # "\", $_self)";
}

class RustOp<Dialect dialect, string mnemonic, list<Trait> traits = []>
    : Op<dialect, mnemonic, traits> {
  // True when ODS declares the one-result form of fold().
  bit rustSingleResultFold =
      !if(!eq(!size(results), 1),
          !not(!isa<Variadic>(!getdagarg<TypeConstraint>(results, 0))), 0);

  // A ConstantLike op's fold is "my attribute": naming that attribute here
  // (its one source of truth) makes the generated fold return it directly,
  // with no call into Rust on the hottest fold of all (the canonicalizer
  // folds every constant it meets). Such an op has no Rust fold hook.
  string rustFoldsToAttr = "";

  bit rustCompatibleTypes =
      !foldl(0, traits, acc, t, !or(acc, !eq(!cast<string>(t), "RustInferTypesCompatible")));

  code rustDeclarations = !if(rustCompatibleTypes, [{
    static bool isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual);
  }], "");

  code rustForwarders = !strconcat(
    !if(!ne(rustFoldsToAttr, ""),
        !strconcat("::mlir::OpFoldResult $cppClass::fold(FoldAdaptor) {\n",
                   "  return getProperties().", rustFoldsToAttr, ";\n}\n"),
    !if(hasFolder, !if(rustSingleResultFold, [{
::mlir::OpFoldResult $cppClass::fold(FoldAdaptor adaptor) {
  return ::rmlir::bridge::foldSingle(
      ::rmlir::bridge::opIdOf<$cppClass>(), getOperation(), adaptor.getOperands());
}
}], [{
::llvm::LogicalResult $cppClass::fold(FoldAdaptor adaptor,
    ::llvm::SmallVectorImpl<::mlir::OpFoldResult> &results) {
  return ::rmlir::bridge::foldMany(
      ::rmlir::bridge::opIdOf<$cppClass>(), getOperation(), adaptor.getOperands(), results);
}
}]), "")),
    !if(hasVerifier, [{
::llvm::LogicalResult $cppClass::verify() {
  return ::rmlir::bridge::verify(::rmlir::bridge::opIdOf<$cppClass>(),
                                 getOperation());
}
}], ""),
    !if(hasRegionVerifier, [{
::llvm::LogicalResult $cppClass::verifyRegions() {
  return ::rmlir::bridge::verifyRegions(
      ::rmlir::bridge::opIdOf<$cppClass>(), getOperation());
}
}], ""),
    !if(hasCanonicalizer, [{
void $cppClass::getCanonicalizationPatterns(::mlir::RewritePatternSet &results,
                                            ::mlir::MLIRContext *context) {
  ::rmlir::bridge::addCanonicalizationPatterns(
      ::rmlir::bridge::opIdOf<$cppClass>(), results, context);
}
}], ""),
    !if(!foldl(0, traits, acc, t, !or(acc, !eq(!cast<string>(t), "RustResultNames"))), [{
void $cppClass::getAsmResultNames(::mlir::OpAsmSetValueNameFn setNameFn) {
  ::rmlir::bridge::getAsmResultNames(::rmlir::bridge::opIdOf<$cppClass>(),
                                     getOperation(), setNameFn);
}
}], ""),
    !if(!foldl(0, traits, acc, t, !or(acc, !eq(!cast<string>(t), "RustCastCompatible"))), [{
bool $cppClass::areCastCompatible(::mlir::TypeRange inputs,
                                  ::mlir::TypeRange outputs) {
  return ::rmlir::bridge::areCastCompatible(
      ::rmlir::bridge::opIdOf<$cppClass>(), inputs, outputs);
}
}], ""),
    !if(!foldl(0, traits, acc, t, !or(acc, !eq(!cast<string>(t), "RustSpeculatable"))), [{
::mlir::Speculation::Speculatability $cppClass::getSpeculatability() {
  return ::rmlir::bridge::getSpeculatability(
      ::rmlir::bridge::opIdOf<$cppClass>(), getOperation());
}
}], ""),
    !if(!foldl(0, traits, acc, t, !or(acc, !eq(!cast<string>(t), "RustIntRange"))), [{
void $cppClass::inferResultRangesFromOptional(
    ::llvm::ArrayRef<::mlir::IntegerValueRange> argRanges,
    ::mlir::SetIntLatticeFn setResultRange) {
  ::rmlir::bridge::inferIntRangesFromOptional(
      ::rmlir::bridge::opIdOf<$cppClass>(), getOperation(), argRanges,
      setResultRange);
}
}], ""),
    !if(!foldl(0, traits, acc, t, !or(acc, !eq(!cast<string>(t), "RustUnrollShape"))), [{
::std::optional<::llvm::SmallVector<int64_t, 4>> $cppClass::getShapeForUnroll() {
  return ::rmlir::bridge::getShapeForUnroll(
      ::rmlir::bridge::opIdOf<$cppClass>(), getOperation());
}
}], ""),
    !if(rustCompatibleTypes, [{
bool $cppClass::isCompatibleReturnTypes(::mlir::TypeRange inferred,
                                        ::mlir::TypeRange actual) {
  return ::rmlir::bridge::isCompatibleReturnTypes(
      ::rmlir::bridge::opIdOf<$cppClass>(), inferred, actual);
}
}], ""),
    !if(!foldl(0, traits, acc, t, !or(acc, !or(!eq(!cast<string>(t), "RustInferTypes"),
                                         !eq(!cast<string>(t), "RustInferTypesCompatible")))), [{
::llvm::LogicalResult $cppClass::inferReturnTypes(::mlir::MLIRContext *context,
    ::std::optional<::mlir::Location> location, ::mlir::ValueRange operands,
    ::mlir::DictionaryAttr attributes, ::mlir::OpaqueProperties properties,
    ::mlir::RegionRange regions,
    ::llvm::SmallVectorImpl<::mlir::Type> &inferredReturnTypes) {
  return ::rmlir::bridge::inferReturnTypes(
      ::rmlir::bridge::opIdOf<$cppClass>(), context, location, operands,
      attributes, properties, &::rmlir::bridge::inherentAttrOf<$cppClass>,
      inferredReturnTypes);
}
}], ""));

  let extraClassDeclaration = rustDeclarations;
  let extraClassDefinition = rustForwarders;
}

#endif // RMLIR_BASE_TD
