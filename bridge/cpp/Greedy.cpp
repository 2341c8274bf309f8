//===- Greedy.cpp - MLIR's greedy pattern driver over Rust patterns -------===//
//
// Generic: rewrite patterns whose matchAndRewrite is a Rust callback, and
// MLIR's own greedy driver (folding included) run over them. The pattern
// set lives on the stack for the run, or, inside a Rust pass, in the pass
// instance's cache (MLIR's C API leaks the shell of every pattern set it
// freezes, so neither goes through it). Names no dialect.
//
//===----------------------------------------------------------------------===//

#include "rmlir/BridgeCxx.h"

#include "mlir/CAPI/IR.h"
#include "mlir/CAPI/Rewrite.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <optional>
#include <string>

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

RewritePatternSet
rmlir::bridge::rustPatternSet(MLIRContext *ctx,
                              const RmlirRewritePattern *patterns,
                              intptr_t numPatterns, bool anyOnEmpty) {
  RewritePatternSet set(ctx);
  for (intptr_t i = 0; i < numPatterns; ++i) {
    const RmlirRewritePattern &p = patterns[i];
    if (p.root.length == 0 && anyOnEmpty)
      set.add<RustRewritePattern>(ctx, p);
    else
      set.add<RustRewritePattern>(ctx, StringRef(p.root.data, p.root.length),
                                  p);
  }
  return set;
}

/// One pattern as the cache keeps it: its root name copied (the caller's
/// string may not outlive the call), the rest as given.
struct CachedPattern {
  std::string root;
  unsigned benefit;
  bool (*rewrite)(void *, MlirOperation, MlirPatternRewriter);
  void *userData;

  bool operator==(const RmlirRewritePattern &p) const {
    return benefit == p.benefit && rewrite == p.rewrite &&
           userData == p.userData &&
           llvm::StringRef(root) == llvm::StringRef(p.root.data, p.root.length);
  }
};

struct rmlir::bridge::GreedyPatternCache::Impl {
  /// The context the set was built in (its patterns name ops of it).
  MLIRContext *ctx = nullptr;
  llvm::SmallVector<CachedPattern, 4> key;
  std::optional<FrozenRewritePatternSet> frozen;

  bool matches(MLIRContext *context, const RmlirRewritePattern *patterns,
               intptr_t numPatterns) const {
    if (!frozen || ctx != context ||
        key.size() != static_cast<size_t>(numPatterns))
      return false;
    for (intptr_t i = 0; i < numPatterns; ++i)
      if (!(key[i] == patterns[i]))
        return false;
    return true;
  }
};

rmlir::bridge::GreedyPatternCache::GreedyPatternCache() = default;
rmlir::bridge::GreedyPatternCache::~GreedyPatternCache() = default;

namespace {
/// The cache of the pass running on this thread (`GreedyCacheScope`).
thread_local rmlir::bridge::GreedyPatternCache *activeGreedyCache = nullptr;

/// `patterns` as a frozen set: the one `cache` holds when it was built from
/// the same patterns in the same context, else a new one, which `cache`
/// then keeps. A copy (the set is shared, not duplicated), so that the run
/// holds it whatever happens to the cache meanwhile.
FrozenRewritePatternSet frozenPatterns(rmlir::bridge::GreedyPatternCache &cache,
                                       MLIRContext *ctx,
                                       const RmlirRewritePattern *patterns,
                                       intptr_t numPatterns) {
  if (!cache.impl)
    cache.impl = std::make_unique<rmlir::bridge::GreedyPatternCache::Impl>();
  auto &impl = *cache.impl;
  if (impl.matches(ctx, patterns, numPatterns))
    return *impl.frozen;
  impl.frozen.emplace(rmlir::bridge::rustPatternSet(ctx, patterns, numPatterns,
                                                    /*anyOnEmpty=*/false));
  impl.ctx = ctx;
  impl.key.clear();
  for (intptr_t i = 0; i < numPatterns; ++i) {
    const RmlirRewritePattern &p = patterns[i];
    impl.key.push_back({std::string(p.root.data, p.root.length), p.benefit,
                        p.rewrite, p.userData});
  }
  return *impl.frozen;
}
} // namespace

rmlir::bridge::GreedyCacheScope::GreedyCacheScope(GreedyPatternCache &cache)
    : saved(activeGreedyCache) {
  activeGreedyCache = &cache;
}

rmlir::bridge::GreedyCacheScope::~GreedyCacheScope() {
  activeGreedyCache = saved;
}

extern "C" bool rmlirApplyPatternsGreedily(MlirOperation root,
                                           const RmlirRewritePattern *patterns,
                                           intptr_t numPatterns) {
  Operation *rootOp = unwrap(root);
  MLIRContext *ctx = rootOp->getContext();
  if (rmlir::bridge::GreedyPatternCache *cache = activeGreedyCache)
    return succeeded(applyPatternsGreedily(
        rootOp, frozenPatterns(*cache, ctx, patterns, numPatterns)));
  return succeeded(applyPatternsGreedily(
      rootOp, rmlir::bridge::rustPatternSet(ctx, patterns, numPatterns,
                                            /*anyOnEmpty=*/false)));
}
