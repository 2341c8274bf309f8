//===- DataFlow.cpp - MLIR's integer range analysis for Rust passes -------===//
//
// Generic: runs MLIR's own data-flow solver (dead code analysis + integer
// range analysis) on any op and answers the range of any value, so a Rust
// pass decides with exactly the lattice upstream's passes use. Names no
// dialect.
//
//===----------------------------------------------------------------------===//

#include "rmlir/BridgeCxx.h"

#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::dataflow;

struct RmlirIntRangeSolver {
  DataFlowSolver solver;
};

extern "C" RmlirIntRangeSolver *rmlirIntRangeSolverRun(MlirOperation root) {
  auto *state = new RmlirIntRangeSolver();
  state->solver.load<DeadCodeAnalysis>();
  state->solver.load<IntegerRangeAnalysis>();
  if (failed(state->solver.initializeAndRun(unwrap(root)))) {
    delete state;
    return nullptr;
  }
  return state;
}

extern "C" void rmlirIntRangeSolverDestroy(RmlirIntRangeSolver *state) {
  delete state;
}


extern "C" int rmlirIntRangeSolverLookup(RmlirIntRangeSolver *state,
                                         MlirValue value, uint64_t *umin,
                                         uint64_t *umax, uint64_t *smin,
                                         uint64_t *smax, intptr_t capacity) {
  auto *lattice =
      state->solver.lookupState<IntegerValueRangeLattice>(unwrap(value));
  if (!lattice || lattice->getValue().isUninitialized())
    return -1;
  const ConstantIntRanges &range = lattice->getValue().getValue();
  rmlir::bridge::copyWords(range.umin(), umin, capacity);
  rmlir::bridge::copyWords(range.umax(), umax, capacity);
  rmlir::bridge::copyWords(range.smin(), smin, capacity);
  rmlir::bridge::copyWords(range.smax(), smax, capacity);
  return static_cast<int>(range.umin().getBitWidth());
}

extern "C" int rmlirIntRangeSolverNonNegative(RmlirIntRangeSolver *state,
                                              MlirValue value) {
  auto *lattice =
      state->solver.lookupState<IntegerValueRangeLattice>(unwrap(value));
  if (!lattice || lattice->getValue().isUninitialized())
    return -1;
  return lattice->getValue().getValue().smin().isNonNegative() ? 1 : 0;
}

extern "C" void rmlirIntRangeSolverForgetOp(RmlirIntRangeSolver *state,
                                            MlirOperation op) {
  Operation *operation = unwrap(op);
  state->solver.eraseState(state->solver.getProgramPointAfter(operation));
  for (Value result : operation->getResults())
    state->solver.eraseState(result);
}

extern "C" void rmlirIntRangeSolverCopyRange(RmlirIntRangeSolver *state,
                                             MlirValue from, MlirValue to) {
  auto *old = state->solver.lookupState<IntegerValueRangeLattice>(unwrap(from));
  if (!old)
    return;
  (void)state->solver.getOrCreateState<IntegerValueRangeLattice>(unwrap(to))
      ->join(*old);
}

extern "C" void rmlirIntRangeSolverForgetValue(RmlirIntRangeSolver *state,
                                               MlirValue value) {
  if (state->solver.lookupState<IntegerValueRangeLattice>(unwrap(value)))
    state->solver.eraseState(unwrap(value));
}

namespace {
/// Keeps the solver's states in step with erasures, as upstream's
/// DataFlowListener does in its int-range passes.
class SolverListener : public RewriterBase::Listener {
public:
  explicit SolverListener(DataFlowSolver &solver) : solver(solver) {}

protected:
  void notifyOperationErased(Operation *op) override {
    solver.eraseState(solver.getProgramPointAfter(op));
    for (Value result : op->getResults())
      solver.eraseState(result);
  }

  DataFlowSolver &solver;
};

} // namespace

extern "C" bool rmlirIntRangeSolverApplyPatterns(
    RmlirIntRangeSolver *state, MlirOperation root,
    const RmlirRewritePattern *patterns, intptr_t numPatterns, int topDown) {
  Operation *rootOp = unwrap(root);
  SolverListener listener(state->solver);
  GreedyRewriteConfig config;
  config.setListener(&listener);
  if (topDown >= 0)
    config.setUseTopDownTraversal(topDown != 0);
  return succeeded(applyPatternsGreedily(
      rootOp,
      rmlir::bridge::rustPatternSet(rootOp->getContext(), patterns,
                                    numPatterns, /*anyOnEmpty=*/true),
      config));
}

extern "C" void rmlirIntRangeSolverWalkAndApplyPatterns(
    RmlirIntRangeSolver *state, MlirOperation root,
    const RmlirRewritePattern *patterns, intptr_t numPatterns) {
  Operation *rootOp = unwrap(root);
  SolverListener listener(state->solver);
  walkAndApplyPatterns(
      rootOp,
      FrozenRewritePatternSet(rmlir::bridge::rustPatternSet(
          rootOp->getContext(), patterns, numPatterns, /*anyOnEmpty=*/true)),
      &listener);
}

extern "C" MlirOperation rmlirMaterializeConstantForValue(
    MlirPatternRewriter rewriter, MlirValue value, MlirAttribute attr,
    MlirType type) {
  Value v = unwrap(value);
  Operation *def = v.getDefiningOp();
  if (!def) {
    Region *region = v.getParentRegion();
    def = region ? region->getParentOp() : nullptr;
  }
  Dialect *dialect = def ? def->getDialect() : nullptr;
  if (!dialect)
    return {nullptr};
  PatternRewriter &rw = *unwrap(rewriter);
  Operation *op =
      dialect->materializeConstant(rw, unwrap(attr), unwrap(type), v.getLoc());
  return wrap(op);
}

extern "C" void rmlirRewriterSetInsertionPointToStart(MlirPatternRewriter rw,
                                                      MlirBlock block) {
  unwrap(rw)->setInsertionPointToStart(unwrap(block));
}

extern "C" void rmlirRewriterSetInsertionPointToEnd(MlirPatternRewriter rw,
                                                    MlirBlock block) {
  unwrap(rw)->setInsertionPointToEnd(unwrap(block));
}

extern "C" bool rmlirRewriterInsert(MlirPatternRewriter rw, MlirOperation op) {
  if (!rmlirCanInsertInto(op, wrap(unwrap(rw)->getInsertionBlock())))
    return false;
  unwrap(rw)->insert(unwrap(op));
  return true;
}

extern "C" bool rmlirOperationIsTriviallyDead(MlirOperation op) {
  return isOpTriviallyDead(unwrap(op));
}

extern "C" bool rmlirOperationWouldBeTriviallyDead(MlirOperation op) {
  return wouldOpBeTriviallyDead(unwrap(op));
}

extern "C" bool rmlirOperationIsConstantLike(MlirOperation op) {
  return matchPattern(unwrap(op), m_Constant());
}

extern "C" MlirLocation rmlirValueGetLoc(MlirValue value) {
  return wrap(unwrap(value).getLoc());
}

extern "C" bool rmlirOperationIsElementwise(MlirOperation op) {
  return unwrap(op)->hasTrait<OpTrait::Elementwise>();
}
