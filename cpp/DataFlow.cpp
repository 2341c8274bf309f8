//===- DataFlow.cpp - MLIR's integer range analysis for Rust passes -------===//
//
// Generic: runs MLIR's own data-flow solver (dead code analysis + integer
// range analysis) on any op and answers the range of any value, so a Rust
// pass decides with exactly the lattice upstream's passes use. Names no
// dialect.
//
//===----------------------------------------------------------------------===//

#include "rmlir/Bridge.h"

#include "mlir/Analysis/DataFlow/DeadCodeAnalysis.h"
#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/CAPI/IR.h"

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

static void copyWords(const llvm::APInt &value, uint64_t *words,
                      intptr_t capacity) {
  unsigned n = value.getNumWords();
  const uint64_t *raw = value.getRawData();
  for (intptr_t i = 0; i < capacity; ++i)
    words[i] = static_cast<unsigned>(i) < n ? raw[i] : 0;
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
  copyWords(range.umin(), umin, capacity);
  copyWords(range.umax(), umax, capacity);
  copyWords(range.smin(), smin, capacity);
  copyWords(range.smax(), smax, capacity);
  return static_cast<int>(range.umin().getBitWidth());
}

extern "C" void rmlirIntRangeSolverForgetOp(RmlirIntRangeSolver *state,
                                            MlirOperation op) {
  Operation *operation = unwrap(op);
  state->solver.eraseState(state->solver.getProgramPointAfter(operation));
  for (Value result : operation->getResults())
    state->solver.eraseState(result);
}
