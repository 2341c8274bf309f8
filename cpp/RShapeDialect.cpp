//===- RShapeDialect.cpp - rshape: generated classes + generic wiring -----===//
//
// Instantiates what ODS generated from td/RShape.td. No op is named here: op
// behaviour is forwarded to Rust by the generated code itself.
//
//===----------------------------------------------------------------------===//

#include "rmlir/BridgeCxx.h"
#include "rmlir/Syntax.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

#include "mlir/Dialect/Tensor/IR/Tensor.h"

#include "RArithDialect.h.inc"
#include "RShapeDialect.h.inc"
#define GET_TYPEDEF_CLASSES
#include "RShapeTypes.h.inc"

namespace mlir::rshape {
using ::rmlir::bridge::parseIndexList;
using ::rmlir::bridge::printIndexList;
using ::rmlir::syntax::parseUntypedAttr;
using ::rmlir::syntax::printUntypedAttr;
} // namespace mlir::rshape

#define GET_OP_CLASSES
#include "RShapeOps.h.inc"

using namespace mlir;

#include "RShapeDialect.cpp.inc"
#define GET_TYPEDEF_CLASSES
#include "RShapeTypes.cpp.inc"
#define GET_OP_CLASSES
#include "RShapeOps.cpp.inc"

void mlir::rshape::RShapeDialect::initialize() {
  rmlir::bridge::addOperations<
#define GET_OP_LIST
#include "RShapeOps.cpp.inc"
      >(*this);
  addTypes<
#define GET_TYPEDEF_LIST
#include "RShapeTypes.cpp.inc"
      >();
  rmlir::bridge::addDialectInterfaces(this);
  // As upstream's shape dialect: unregistered `rshape.*` ops are allowed
  // (prototyping).
  allowUnknownOperations();
  using Names = rmlir::bridge::TypeNames<
#define GET_TYPEDEF_LIST
#include "RShapeTypes.cpp.inc"
      >;
  rmlir::bridge::registerTypeNames(&Names::nameOf, &Names::byName);
}

/// ODS's type syntax, plus seed 002's spelling `type` of the shape type
/// (an alias: it parses to `!rshape.shape` and prints as that).
Type mlir::rshape::RShapeDialect::parseType(DialectAsmParser &parser) const {
  llvm::SMLoc loc = parser.getCurrentLocation();
  llvm::StringRef mnemonic;
  Type type;
  if (OptionalParseResult result = generatedTypeParser(parser, &mnemonic, type);
      result.has_value())
    return type;
  if (mnemonic == "type")
    return ShapeType::get(getContext());
  parser.emitError(loc) << "unknown  type `" << mnemonic << "` in dialect `"
                        << getNamespace() << "`";
  return {};
}

void mlir::rshape::RShapeDialect::printType(Type type,
                                            DialectAsmPrinter &printer) const {
  (void)generatedTypePrinter(type, printer);
}

LogicalResult mlir::rshape::RShapeDialect::verifyOperationAttribute(
    Operation *op, NamedAttribute attribute) {
  return rmlir::bridge::verifyOperationAttribute(this, op, attribute);
}

void mlir::rshape::RShapeDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  rmlir::bridge::addDialectCanonicalizationPatterns(this, results);
}

Operation *mlir::rshape::RShapeDialect::materializeConstant(
    OpBuilder &builder, Attribute value, Type type, Location loc) {
  return rmlir::bridge::materializeConstant(this, builder, value, type, loc);
}

RMLIR_DIALECT_HANDLE(rshape, mlir::rshape::RShapeDialect)

// Typed access to each op's attributes by ODS index (generated).
#include "RShapeOpAccess.cpp.inc"
