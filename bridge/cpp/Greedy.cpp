//===- Greedy.cpp - MLIR's greedy pattern driver over Rust patterns -------===//
//
// Generic: rewrite patterns whose matchAndRewrite is a Rust callback, and
// MLIR's own greedy driver (folding included) run over them. The pattern
// set lives on the stack for the run (MLIR's C API leaks the shell of every
// pattern set it freezes). Names no dialect.
//
//===----------------------------------------------------------------------===//

#include "rmlir/BridgeCxx.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

namespace {
struct RustRewritePattern final : RewritePattern {
  RustRewritePattern(MLIRContext *ctx, const RmlirRewritePattern &spec)
      : RewritePattern(MatchAnyOpTypeTag(), spec.benefit, ctx), spec(spec) {}
  RustRewritePattern(MLIRContext *ctx, StringRef root,
                     const RmlirRewritePattern &spec)
      : RewritePattern(root, spec.benefit, ctx), spec(spec) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    return success(spec.rewrite(spec.userData, wrap(op), wrap(&rewriter)));
  }

  RmlirRewritePattern spec;
};
} // namespace

void rmlir::bridge::addRustPatterns(RewritePatternSet &set,
                                    const RmlirRewritePattern *patterns,
                                    intptr_t numPatterns, bool anyOnEmpty) {
  MLIRContext *ctx = set.getContext();
  for (intptr_t i = 0; i < numPatterns; ++i) {
    const RmlirRewritePattern &p = patterns[i];
    if (p.root.length == 0 && anyOnEmpty)
      set.add<RustRewritePattern>(ctx, p);
    else
      set.add<RustRewritePattern>(ctx, StringRef(p.root.data, p.root.length),
                                  p);
  }
}

extern "C" bool rmlirApplyPatternsGreedily(MlirOperation root,
                                           const RmlirRewritePattern *patterns,
                                           intptr_t numPatterns) {
  Operation *rootOp = unwrap(root);
  RewritePatternSet set(rootOp->getContext());
  rmlir::bridge::addRustPatterns(set, patterns, numPatterns,
                                 /*anyOnEmpty=*/false);
  return succeeded(applyPatternsGreedily(rootOp, std::move(set)));
}
