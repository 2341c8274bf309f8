//===- ValueBounds.cpp - ValueBoundsOpInterface answered by Rust ----------===//
//
// Generic: every op whose Rust dialect describes its value bounds gets one
// model of ValueBoundsOpInterface that hands the constraint set to Rust; Rust
// adds bounds through the functions below (affine expressions of values, the
// bound of a value, populating and comparing). Names no dialect of ours.
//
//===----------------------------------------------------------------------===//

#include "rmlir/Bridge.h"
#include "rmlir/BridgeCxx.h"

#include "mlir/CAPI/AffineExpr.h"
#include "mlir/CAPI/IR.h"
#include "mlir/Interfaces/ValueBoundsOpInterface.h"

using namespace mlir;

struct RmlirValueBounds {
  ValueBoundsConstraintSet &cstr;
};

namespace {
std::optional<int64_t> dimOf(int64_t dim) {
  return dim < 0 ? std::nullopt : std::optional<int64_t>(dim);
}

struct RustValueBoundsModel
    : ValueBoundsOpInterface::FallbackModel<RustValueBoundsModel> {
  void populateBoundsForIndexValue(Operation *op, Value value,
                                   ValueBoundsConstraintSet &cstr) const {
    RmlirValueBounds b{cstr};
    rmlir::bridge::hooksFor(op).valueBounds(wrap(op), wrap(value), -1, &b);
  }
  void populateBoundsForShapedValueDim(Operation *op, Value value, int64_t dim,
                                       ValueBoundsConstraintSet &cstr) const {
    RmlirValueBounds b{cstr};
    rmlir::bridge::hooksFor(op).valueBounds(wrap(op), wrap(value), dim, &b);
  }
};
} // namespace

void rmlir::bridge::addValueBoundsModels(Dialect *dialect) {
  const RmlirHooks &hooks = hooksFor(dialect->getNamespace());
  if (!hooks.hasValueBounds)
    return;
  MLIRContext *ctx = dialect->getContext();
  for (RegisteredOperationName name : ctx->getRegisteredOperations()) {
    if (&name.getDialect() != dialect)
      continue;
    StringRef n = name.getStringRef();
    if (hooks.hasValueBounds(MlirStringRef{n.data(), n.size()}))
      name.attachInterface<RustValueBoundsModel>();
  }
}

extern "C" MlirAffineExpr rmlirValueBoundsExpr(RmlirValueBounds *b,
                                               MlirValue value, int64_t dim) {
  return wrap(b->cstr.getExpr(unwrap(value), dimOf(dim)));
}

extern "C" void rmlirValueBoundsBound(RmlirValueBounds *b, MlirValue value,
                                      int64_t dim, int32_t relation,
                                      MlirAffineExpr expr) {
  auto builder = b->cstr.bound(unwrap(value));
  if (dim >= 0)
    builder[dim];
  AffineExpr e = unwrap(expr);
  switch (relation) {
  case RMLIR_BOUND_EQ:
    builder == e;
    break;
  case RMLIR_BOUND_LE:
    builder <= e;
    break;
  case RMLIR_BOUND_GE:
    builder >= e;
    break;
  default:
    break;
  }
}

extern "C" void rmlirValueBoundsPopulate(RmlirValueBounds *b, MlirValue value,
                                         int64_t dim) {
  b->cstr.populateConstraints(unwrap(value), dimOf(dim));
}

extern "C" bool rmlirValueBoundsProvablyLE(RmlirValueBounds *b, MlirValue lhs,
                                           MlirValue rhs, int64_t dim) {
  auto variable = [&](Value v) {
    return dim >= 0 ? ValueBoundsConstraintSet::Variable(v, dim)
                    : ValueBoundsConstraintSet::Variable(v);
  };
  return b->cstr.populateAndCompare(variable(unwrap(lhs)),
                                    ValueBoundsConstraintSet::LE,
                                    variable(unwrap(rhs)));
}
