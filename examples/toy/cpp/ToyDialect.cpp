//===- ToyDialect.cpp - toy: generated classes + generic wiring -----------===//
//
// Instantiates what ODS generated from td/Toy.td. Nothing here computes:
// every hook of every op forwards to Rust through the bridge.
//
//===----------------------------------------------------------------------===//

#include "rmlir/BridgeCxx.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "ToyDialect.h.inc"

#define GET_OP_CLASSES
#include "ToyOps.h.inc"

using namespace mlir;

#include "ToyDialect.cpp.inc"
#define GET_OP_CLASSES
#include "ToyOps.cpp.inc"

void mlir::toy::ToyDialect::initialize() {
  rmlir::bridge::addOperations<
#define GET_OP_LIST
#include "ToyOps.cpp.inc"
      >(*this);
  rmlir::bridge::addDialectInterfaces(this);
}

Operation *mlir::toy::ToyDialect::materializeConstant(OpBuilder &builder,
                                                      Attribute value,
                                                      Type type,
                                                      Location loc) {
  return rmlir::bridge::materializeConstant(this, builder, value, type, loc);
}

RMLIR_DIALECT_HANDLE(toy, mlir::toy::ToyDialect)

// Typed access to each op's attributes by ODS index (generated).
#include "ToyOpAccess.cpp.inc"
