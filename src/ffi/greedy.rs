//! MLIR's greedy pattern driver (folding included) over Rust patterns, for
//! passes that upstream writes as `applyPatternsGreedily` over a pattern set.

use super::guard::guard;
use super::ir::{Op, sref};
use super::model::PatternDef;
use super::rewrite::Rewriter;
use mlir_sys::*;
use std::ffi::c_void;

unsafe extern "C" fn match_and_rewrite(
    _: MlirRewritePattern,
    op: MlirOperation,
    rewriter: MlirPatternRewriter,
    user_data: *mut c_void,
) -> MlirLogicalResult {
    let failure = MlirLogicalResult { value: 0 };
    let Some(op) = Op::from_raw(op) else {
        return failure;
    };
    // SAFETY: user_data is the &'static PatternDef given to
    // mlirOpRewritePatternCreate below.
    let def = unsafe { &*(user_data as *const PatternDef) };
    let rewrote = guard(
        def.name,
        || Some(op.location()),
        false,
        || (def.rewrite)(op, &mut Rewriter::new(rewriter, op)),
    );
    MlirLogicalResult {
        value: i8::from(rewrote),
    }
}

/// Applies `patterns` and folding greedily to the regions of `root` until
/// a fixpoint, as upstream's `applyPatternsGreedily(getOperation(), ...)`.
/// Returns false when the driver did not converge.
pub fn apply_patterns_greedily(root: Op, patterns: &[&'static PatternDef]) -> bool {
    let ctx = root.context().raw();
    // SAFETY: the set is created, filled, frozen and destroyed here; each
    // pattern's user data is a 'static PatternDef and its root name lives as
    // long as the pattern (it is copied into an OperationName by MLIR); root
    // is a live op.
    unsafe {
        let set = mlirRewritePatternSetCreate(ctx);
        for def in patterns {
            let callbacks = MlirRewritePatternCallbacks {
                construct: None,
                destruct: None,
                matchAndRewrite: Some(match_and_rewrite),
            };
            let pattern = mlirOpRewritePatternCreate(
                sref(def.root),
                u32::from(def.benefit),
                ctx,
                callbacks,
                *def as *const PatternDef as *mut c_void,
                0,
                std::ptr::null_mut(),
            );
            mlirRewritePatternSetAdd(set, pattern);
        }
        let frozen = mlirFreezeRewritePattern(set);
        let config = mlirGreedyRewriteDriverConfigCreate();
        let result = mlirApplyPatternsAndFoldGreedilyWithOp(root.raw(), frozen, config);
        mlirGreedyRewriteDriverConfigDestroy(config);
        mlirFrozenRewritePatternSetDestroy(frozen);
        result.value != 0
    }
}
