//===- RArithDialect.cpp - rarith: generated classes + generic wiring -----===//
//
// Instantiates what ODS generated from td/RArith.td. No op is named here: op
// behaviour is forwarded to Rust by the generated code itself.
//
//===----------------------------------------------------------------------===//

#include "rmlir/BridgeCxx.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/CastInterfaces.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/VectorInterfaces.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/TypeSwitch.h"

// rarith's attributes and op interfaces are upstream arith's (td/RArith.td).
#include "mlir/Dialect/Arith/IR/Arith.h"

#include "RArithDialect.h.inc"
namespace mlir::rarith {
using ::rmlir::bridge::parseConditionAndResultTypes;
using ::rmlir::bridge::printConditionAndResultTypes;
} // namespace mlir::rarith

#define GET_OP_CLASSES
#include "RArithOps.h.inc"

using namespace mlir;

#include "RArithDialect.cpp.inc"
#define GET_OP_CLASSES
#include "RArithOps.cpp.inc"

void mlir::rarith::RArithDialect::initialize() {
  rmlir::bridge::addOperations<
#define GET_OP_LIST
#include "RArithOps.cpp.inc"
      >(*this);
  rmlir::bridge::addDialectInterfaces(this);
  rmlir::bridge::registerEnumAttrAccess(rmlir::bridge::EnumAttrs<
#define GET_ATTRDEF_LIST
#include "mlir/Dialect/Arith/IR/ArithOpsAttributes.cpp.inc"
                                        >::access());
}

void mlir::rarith::RArithDialect::getCanonicalizationPatterns(
    RewritePatternSet &results) const {
  rmlir::bridge::addDialectCanonicalizationPatterns(this, results);
}

Operation *mlir::rarith::RArithDialect::materializeConstant(
    OpBuilder &builder, Attribute value, Type type, Location loc) {
  return rmlir::bridge::materializeConstant(this, builder, value, type, loc);
}

RMLIR_DIALECT_HANDLE(rarith, mlir::rarith::RArithDialect)

// Typed access to each op's attributes by ODS index (generated).
#include "RArithOpAccess.cpp.inc"
