//! MLIR's integer range analysis (its data-flow solver, with dead code
//! analysis) run from Rust: the ranges upstream's arith passes decide with.

use crate::bindings as b;
use crate::ir::exclusive::Ir;
use crate::ir::guard::guard_op;
use crate::ir::{Op, Value, sref};
use crate::rewrite::Rewriter;
use crate::semantics::ApInt;
use crate::semantics::int_range::IntRange;
use mlir_sys::{MlirOperation, MlirPatternRewriter};
use std::ffi::c_void;

/// The solved integer ranges of everything under one op. Values created
/// after the run have no range; forget an op before erasing it
/// ([`IntRangeSolver::forget`]) so that a new value at the same address
/// never inherits its state.
pub struct IntRangeSolver {
    raw: *mut b::RmlirIntRangeSolver,
}

impl IntRangeSolver {
    /// Runs dead code and integer range analysis on `root` to a fixpoint;
    /// None when the solver fails.
    pub fn run(root: Op) -> Option<IntRangeSolver> {
        // SAFETY: root is a live op; the solver keeps no reference to it
        // beyond the analysis states, which live as long as the IR it is
        // asked about.
        let raw = unsafe { b::rmlirIntRangeSolverRun(root.raw()) };
        (!raw.is_null()).then_some(IntRangeSolver { raw })
    }

    /// Whether the analysis reached `value` and found its signed lower
    /// bound non-negative (every value it may hold is), without building
    /// its range.
    pub fn non_negative(&self, value: Value<'_>) -> bool {
        // SAFETY: the solver is live; value is live.
        unsafe { b::rmlirIntRangeSolverNonNegative(self.raw, value.raw()) == 1 }
    }

    /// The range of `value`, if the analysis reached it.
    pub fn range<'ir>(&self, value: Value<'ir>) -> Option<IntRange> {
        const INLINE: usize = 2;
        let mut bounds = [[0u64; INLINE]; 4];
        let [umin, umax, smin, smax] = &mut bounds;
        // SAFETY: the solver is live; value is live; each buffer has INLINE
        // words of room.
        let width = unsafe {
            b::rmlirIntRangeSolverLookup(
                self.raw,
                value.raw(),
                umin.as_mut_ptr(),
                umax.as_mut_ptr(),
                smin.as_mut_ptr(),
                smax.as_mut_ptr(),
                INLINE as isize,
            )
        };
        let width = u32::try_from(width).ok()?;
        if width as usize <= INLINE * 64 {
            let [umin, umax, smin, smax] = bounds.map(|w| ApInt::from_words(width, &w));
            return Some(IntRange {
                umin,
                umax,
                smin,
                smax,
            });
        }
        let n = (width as usize).div_ceil(64);
        let mut wide = vec![vec![0u64; n]; 4];
        let [umin, umax, smin, smax] = &mut wide[..] else {
            unreachable!("four bounds")
        };
        // SAFETY: as above, with n words of room per bound.
        unsafe {
            b::rmlirIntRangeSolverLookup(
                self.raw,
                value.raw(),
                umin.as_mut_ptr(),
                umax.as_mut_ptr(),
                smin.as_mut_ptr(),
                smax.as_mut_ptr(),
                n as isize,
            )
        };
        Some(IntRange {
            umin: ApInt::from_words(width, umin),
            umax: ApInt::from_words(width, umax),
            smin: ApInt::from_words(width, smin),
            smax: ApInt::from_words(width, smax),
        })
    }

    /// Joins the range of `from` into the state of `to` (a value made to
    /// stand for it).
    pub fn copy_range<'ir>(&self, from: Value<'ir>, to: Value<'ir>) {
        // SAFETY: the solver and both values are live.
        unsafe { b::rmlirIntRangeSolverCopyRange(self.raw, from.raw(), to.raw()) }
    }

    /// Forgets the state of `value`, if any.
    pub fn forget_value<'ir>(&self, value: Value<'ir>) {
        // SAFETY: the solver and the value are live.
        unsafe { b::rmlirIntRangeSolverForgetValue(self.raw, value.raw()) }
    }

    /// MLIR's greedy driver (folding included) over `patterns` on the op
    /// `ir` gives access to, keeping this solver's states in step with
    /// every erasure; `top_down` None keeps the driver's default order.
    /// False when it did not converge. The driver frees the ops it
    /// replaces, so it borrows `ir` mutably: no handle taken before can be
    /// used after.
    pub fn apply_patterns(
        &self,
        ir: &mut Ir,
        patterns: &[SolverPattern<'_>],
        top_down: Option<bool>,
    ) -> bool {
        let order = top_down.map_or(-1, i32::from);
        drive(ir, patterns, |root, raw| {
            // SAFETY: the solver and root are live; the patterns (and what
            // their user data points to) outlive the call, the only time
            // they are used.
            unsafe {
                b::rmlirIntRangeSolverApplyPatterns(
                    self.raw,
                    root,
                    raw.as_ptr(),
                    raw.len() as isize,
                    order,
                )
            }
        })
    }

    /// MLIR's walk driver (`walkAndApplyPatterns`, as upstream's
    /// `arith-unsigned-when-equivalent` runs): each op under the op `ir`
    /// gives access to is matched once, in post-order, without folding,
    /// this solver's states kept in step with every erasure. The driver
    /// frees the ops it replaces, so it borrows `ir` mutably: no handle
    /// taken before can be used after.
    pub fn walk_and_apply_patterns(&self, ir: &mut Ir, patterns: &[SolverPattern<'_>]) {
        drive(ir, patterns, |root, raw| {
            // SAFETY: the solver and root are live; the patterns (and what
            // their user data points to) outlive the call, the only time
            // they are used.
            unsafe {
                b::rmlirIntRangeSolverWalkAndApplyPatterns(
                    self.raw,
                    root,
                    raw.as_ptr(),
                    raw.len() as isize,
                )
            }
        })
    }

    /// Forgets the states of `op` (call before erasing it).
    pub fn forget<'ir>(&self, op: Op<'ir>) {
        // SAFETY: the solver and op are live.
        unsafe { b::rmlirIntRangeSolverForgetOp(self.raw, op.raw()) }
    }
}

impl Drop for IntRangeSolver {
    fn drop(&mut self) {
        // SAFETY: raw came from rmlirIntRangeSolverRun and is freed once.
        unsafe { b::rmlirIntRangeSolverDestroy(self.raw) }
    }
}

/// What both drivers share: the op `ir` gives access to entered as a
/// driver root (its handles are checked against it), and the bridge's
/// descriptors of `patterns`, handed to `run` with the root.
fn drive<T>(
    ir: &mut Ir,
    patterns: &[SolverPattern<'_>],
    run: impl FnOnce(MlirOperation, &[b::RmlirRewritePattern]) -> T,
) -> T {
    let root = ir.root();
    let _roots = crate::rewrite::walk::DriverRoots::enter(&[root]);
    run(root.raw(), &raw_patterns(patterns))
}

/// The bridge's descriptors of `patterns` (each calling back into its
/// rewrite through [`rewrite_trampoline`]).
fn raw_patterns(patterns: &[SolverPattern<'_>]) -> Vec<b::RmlirRewritePattern> {
    patterns
        .iter()
        .map(|p| b::RmlirRewritePattern {
            root: sref(p.root.unwrap_or("")),
            benefit: u32::from(p.benefit),
            rewrite: Some(rewrite_trampoline),
            userData: p as *const SolverPattern as *mut c_void,
        })
        .collect()
}

/// A rewrite pattern for [`IntRangeSolver::apply_patterns`] and
/// [`IntRangeSolver::walk_and_apply_patterns`].
pub struct SolverPattern<'a> {
    /// The op name it matches (None: any op).
    pub root: Option<&'static str>,
    /// Its benefit.
    pub benefit: u16,
    /// Rewrites the op; true if it did.
    pub rewrite: &'a dyn for<'x> Fn(Op<'x>, &mut Rewriter<'x>) -> bool,
}

/// A rewrite for a [`SolverPattern`]: a closure over any match's handles
/// (its handles cannot outlive the match).
pub fn rewrite_fn<F>(f: F) -> F
where
    F: for<'x> Fn(Op<'x>, &mut Rewriter<'x>) -> bool,
{
    f
}

extern "C" fn rewrite_trampoline(
    data: *mut c_void,
    op: MlirOperation,
    rewriter: MlirPatternRewriter,
) -> bool {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    // SAFETY: `data` is the &SolverPattern that `apply_patterns` passed,
    // alive for the driver's run.
    let pattern = unsafe { &*(data as *const SolverPattern) };
    guard_op("rewrite pattern", op, false, || {
        Rewriter::apply(rewriter, op, std::ptr::null(), |rw| {
            (pattern.rewrite)(op, rw)
        })
    })
}
