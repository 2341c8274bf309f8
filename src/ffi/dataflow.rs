//! MLIR's integer range analysis (its data-flow solver, with dead code
//! analysis) run from Rust: the ranges upstream's arith passes decide with.

use super::bindings as b;
use super::ir::{Op, Value};
use crate::semantics::ApInt;
use crate::semantics::int_range::IntRange;

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

    /// The range of `value`, if the analysis reached it.
    pub fn range(&self, value: Value) -> Option<IntRange> {
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

    /// Forgets the states of `op` (call before erasing it).
    pub fn forget(&self, op: Op) {
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
