//! The pattern rewriter handed to Rust canonicalization patterns.

use super::bindings as b;
use super::ir::{Attr, Location, Op, Type, Value};
use mlir_sys::MlirPatternRewriter;

/// A `PatternRewriter` for the duration of one `matchAndRewrite` call. New ops
/// are inserted before the root op; every change goes through the rewriter so
/// the greedy driver sees it.
pub struct Rewriter {
    raw: MlirPatternRewriter,
    root: Op,
}

impl Rewriter {
    pub(crate) fn new(raw: MlirPatternRewriter, root: Op) -> Self {
        Rewriter { raw, root }
    }

    /// Creates an op of a registered name before the root op. Panics if the
    /// name is not registered (a bug in the pattern, caught by the FFI guard).
    pub fn create(
        &mut self,
        name: &str,
        loc: Location,
        operands: &[Value],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
    ) -> Op {
        let op = Op::create(name, loc, operands, result_types, attrs)
            .unwrap_or_else(|| panic!("op `{name}` is not registered"));
        // SAFETY: raw is the live rewriter of this match; root is the live op
        // being rewritten; op is detached and becomes owned by root's block.
        unsafe { b::rmlirRewriterInsertBefore(self.raw, self.root.raw(), op.raw()) };
        op
    }

    /// Replaces `op` (whose results must match `values` one to one) and
    /// erases it.
    pub fn replace_op(&mut self, op: Op, values: &[Value]) {
        // SAFETY: op is live; Value is repr(transparent) over MlirValue, so
        // the slice is an array of MlirValue borrowed for the call.
        unsafe {
            b::rmlirRewriterReplaceOp(
                self.raw,
                op.raw(),
                values.as_ptr().cast(),
                values.len() as isize,
            )
        }
    }
}
