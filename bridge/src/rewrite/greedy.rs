//! MLIR's greedy pattern driver (folding included) over Rust patterns, for
//! passes that upstream writes as `applyPatternsGreedily` over a pattern set.

use crate::bindings as b;
use crate::ir::exclusive::Ir;
use crate::ir::guard::guard_op;
use crate::ir::{Op, sref};
use crate::rewrite::PatternDef;
use crate::rewrite::Rewriter;
use crate::rewrite::walk::DriverRoots;
use mlir_sys::{MlirOperation, MlirPatternRewriter};
use std::ffi::c_void;

extern "C" fn match_and_rewrite(
    user_data: *mut c_void,
    op: MlirOperation,
    rewriter: MlirPatternRewriter,
) -> bool {
    // SAFETY: the driver passes the live op it is matching.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    // SAFETY: user_data is the &'static PatternDef that `run` passed.
    let def = unsafe { &*(user_data as *const PatternDef) };
    guard_op(def.name, op, false, || {
        Rewriter::apply(rewriter, op, std::ptr::null(), |rw| (def.rewrite)(op, rw))
    })
}

/// A pattern's callback: matches and rewrites the op with the driver's
/// rewriter, given the pattern's user data; true when it rewrote.
pub(crate) type RewriteCallback =
    extern "C" fn(user_data: *mut c_void, op: MlirOperation, rewriter: MlirPatternRewriter) -> bool;

/// One pattern for [`apply`]: its root op name ('static: MLIR copies it),
/// benefit and user data (what the callback gets; live for the whole run).
pub(crate) struct RawPattern {
    pub root: &'static str,
    pub benefit: u16,
    pub user_data: *mut c_void,
}

/// Applies `patterns` (all matched by `callback`) and folding greedily to
/// the regions of `root` until a fixpoint, as upstream's
/// `applyPatternsGreedily(getOperation(), ...)`. False when the driver did
/// not converge.
pub(crate) fn apply(
    root: Op,
    patterns: impl IntoIterator<Item = RawPattern>,
    callback: RewriteCallback,
) -> bool {
    let raw: smallvec::SmallVec<[b::RmlirRewritePattern; 8]> = patterns
        .into_iter()
        .map(|p| b::RmlirRewritePattern {
            root: sref(p.root),
            benefit: u32::from(p.benefit),
            rewrite: Some(callback),
            userData: p.user_data,
        })
        .collect();
    // SAFETY: root is a live op; each pattern's root name is 'static and
    // its user data outlives the run (the caller's contract); the array is
    // borrowed for the call, which builds, runs and frees the pattern set.
    unsafe { b::rmlirApplyPatternsGreedily(root.raw(), raw.as_ptr(), raw.len() as isize) }
}

/// Applies `patterns` and folding greedily to the regions of the op `ir`
/// gives access to, until a fixpoint, as upstream's
/// `applyPatternsGreedily(getOperation(), ...)`. Returns false when the
/// driver did not converge. The driver frees the ops it replaces, so it
/// borrows `ir` mutably: no handle taken before can be used after.
pub fn apply_patterns_greedily(ir: &mut Ir, patterns: &[&'static [PatternDef]]) -> bool {
    let root = ir.root();
    let _roots = DriverRoots::enter(&[root]);
    run(root, patterns)
}

/// [`apply_patterns_greedily`] to each op `pick` chooses under the root
/// (the root included), in order: upstream's `applyPatternsGreedily(funcOp,
/// ...)` for each function a pass walks. Each must be isolated from above
/// (a function), as MLIR asks of a driver's root. The driver never changes what
/// surrounds the op it runs on, and no pattern may erase or replace one of
/// the chosen ops (that panics), so each is still there when its turn
/// comes. Panics when one holds another, or is not under the root. True
/// when the driver converged on every one.
pub fn apply_patterns_greedily_each(
    ir: &mut Ir,
    pick: impl for<'x> FnOnce(Op<'x>) -> Vec<Op<'x>>,
    patterns: &[&'static [PatternDef]],
) -> bool {
    let root = ir.root();
    let ops = pick(root);
    let chosen: std::collections::HashSet<Op> = ops.iter().copied().collect();
    for &op in &ops {
        // SAFETY: op is live.
        let isolated = unsafe { crate::bindings::rmlirOperationIsIsolatedFromAbove(op.raw()) };
        assert!(
            isolated,
            "a greedy driver root that is not isolated from above (`{}`)",
            op.name()
        );
        let mut at = op.parent_op();
        let mut under_root = op == root;
        while let Some(parent) = at {
            assert!(
                !chosen.contains(&parent),
                "greedy driver roots nested in one another (`{}` in `{}`)",
                op.name(),
                parent.name()
            );
            under_root |= parent == root;
            at = parent.parent_op();
        }
        assert!(
            under_root,
            "a greedy driver root outside the IR it was given"
        );
    }
    let _roots = DriverRoots::enter(&ops);
    let mut converged = true;
    for op in ops {
        converged &= run(op, patterns);
    }
    converged
}

/// The greedy driver over `patterns` on `root`.
fn run(root: Op, patterns: &[&'static [PatternDef]]) -> bool {
    let raw = patterns
        .iter()
        .flat_map(|set| set.iter())
        .map(|def| RawPattern {
            root: def.root,
            benefit: def.benefit,
            user_data: def as *const PatternDef as *mut c_void,
        });
    apply(root, raw, match_and_rewrite)
}
