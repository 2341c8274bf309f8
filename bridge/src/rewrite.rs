//! The pattern rewriter handed to Rust canonicalization patterns.

use super::bindings as b;
use super::ir::{Attr, Location, Op, Type, Value};
use super::region::Block;
use mlir_sys::*;

/// A `PatternRewriter` for the duration of one `matchAndRewrite` call. New ops
/// are inserted before the root op; every change goes through the rewriter so
/// the greedy driver sees it.
pub struct Rewriter {
    raw: MlirPatternRewriter,
    root: Op,
    /// The type converter of the conversion pattern being applied (null
    /// outside conversions and for patterns without one).
    converter: *const b::RmlirTypeConverter,
}

impl Rewriter {
    pub(crate) fn new(raw: MlirPatternRewriter, root: Op) -> Self {
        Rewriter {
            raw,
            root,
            converter: std::ptr::null(),
        }
    }

    /// A rewriter of a conversion pattern that has `converter`.
    pub(crate) fn with_converter(
        raw: MlirPatternRewriter,
        root: Op,
        converter: *const b::RmlirTypeConverter,
    ) -> Self {
        Rewriter {
            raw,
            root,
            converter,
        }
    }

    /// The type the conversion's type converter makes of `ty` (MLIR's
    /// `getTypeConverter()->convertType`); None when it does not convert,
    /// and outside conversions.
    pub fn convert_type(&self, ty: Type) -> Option<Type> {
        if self.converter.is_null() {
            return None;
        }
        // SAFETY: the converter is the live one of the pattern being
        // applied; ty is live.
        unsafe { Type::from_raw(b::rmlirTypeConverterConvertType(self.converter, ty.raw())) }
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
        let op = Op::create_registered(name, loc, operands, result_types, attrs);
        // SAFETY: raw is the live rewriter of this match; root is the live op
        // being rewritten; op is detached and becomes owned by root's block.
        unsafe { b::rmlirRewriterInsertBefore(self.raw, self.root.raw(), op.raw()) };
        op
    }

    /// MLIR's `createOrFold`: creates an op before the root op and folds it
    /// at once; returns its results, or what it folded to (the op is then
    /// erased; constants are materialized before the root op).
    pub fn create_or_fold(
        &mut self,
        name: &str,
        loc: Location,
        operands: &[Value],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
    ) -> Vec<Value> {
        let op = Op::create_registered(name, loc, operands, result_types, attrs);
        let mut out = vec![
            MlirValue {
                ptr: std::ptr::null_mut()
            };
            result_types.len()
        ];
        // SAFETY: raw is the live rewriter of this match; root is live; op is
        // detached and becomes owned by root's block (or is erased); `out`
        // holds `capacity` writable values.
        let n = unsafe {
            b::rmlirRewriterCreateOrFold(
                self.raw,
                self.root.raw(),
                op.raw(),
                out.as_mut_ptr(),
                out.len() as isize,
            )
        };
        out.truncate(n.max(0) as usize);
        out.into_iter()
            .map(|v| {
                // SAFETY: the bridge filled `out` with live values: what the
                // op folded to, or the created op's own results.
                unsafe { Value::from_raw(v) }.expect("the bridge returns no null value")
            })
            .collect()
    }

    /// Inserts a detached op (from [`Op::create_like`]) before the root op.
    pub fn insert(&mut self, op: Op) -> Op {
        // SAFETY: raw is the live rewriter; root is live; op is detached and
        // becomes owned by root's block.
        unsafe { b::rmlirRewriterInsertBefore(self.raw, self.root.raw(), op.raw()) };
        op
    }

    /// Creates an op like `model` with new operands and result types, before
    /// the root op.
    pub fn create_like(&mut self, model: Op, operands: &[Value], result_types: &[Type]) -> Op {
        let op = model.create_like(operands, result_types);
        self.insert(op)
    }

    fn base(&self) -> MlirRewriterBase {
        // SAFETY: raw is the live pattern rewriter of this match.
        unsafe { mlirPatternRewriterAsBase(self.raw) }
    }

    /// Replaces every use of `from` with `to`.
    pub fn replace_all_uses(&mut self, from: Value, to: Value) {
        // SAFETY: both values are live; the rewriter notifies its listener.
        unsafe { mlirRewriterBaseReplaceAllUsesWith(self.base(), from.raw(), to.raw()) }
    }

    /// Moves the insertion point of [`Rewriter::insert_here`] to the start
    /// of `block`.
    pub fn set_insertion_point_to_start(&mut self, block: super::region::Block) {
        // SAFETY: the rewriter and the block are live.
        unsafe { b::rmlirRewriterSetInsertionPointToStart(self.raw, block.raw()) }
    }

    /// Moves the insertion point of [`Rewriter::insert_here`] to the end of
    /// `block`.
    pub fn set_insertion_point_to_end(&mut self, block: super::region::Block) {
        // SAFETY: the rewriter and the block are live.
        unsafe { b::rmlirRewriterSetInsertionPointToEnd(self.raw, block.raw()) }
    }

    /// Inserts a detached op at the rewriter's insertion point (before the
    /// root op unless moved).
    pub fn insert_here(&mut self, op: Op) -> Op {
        // SAFETY: the rewriter is live; op is detached and becomes owned by
        // the insertion block.
        unsafe { b::rmlirRewriterInsert(self.raw, op.raw()) };
        op
    }

    /// The constant `attr` of type `ty` standing for `value`, as the dialect
    /// of the value's defining op (or of the op owning its block) builds it,
    /// at the insertion point; None when that dialect cannot.
    pub fn materialize_constant_for(&mut self, value: Value, attr: Attr, ty: Type) -> Option<Op> {
        // SAFETY: the rewriter, value, attribute and type are live.
        unsafe {
            Op::from_raw(b::rmlirMaterializeConstantForValue(
                self.raw,
                value.raw(),
                attr.raw(),
                ty.raw(),
            ))
        }
    }

    /// Erases an op without uses.
    pub fn erase_op(&mut self, op: Op) {
        // SAFETY: op is live and (by the caller) has no uses left.
        unsafe { mlirRewriterBaseEraseOp(self.base(), op.raw()) }
    }

    /// Moves the operations of `block` (which has no arguments) before `op`;
    /// the emptied block is erased.
    pub fn inline_block_before(&mut self, block: Block, op: Op) {
        // SAFETY: block and op are live, op is not inside block; the block
        // has no arguments, so no replacement values are needed.
        unsafe {
            mlirRewriterBaseInlineBlockBefore(
                self.base(),
                block.raw(),
                op.raw(),
                0,
                std::ptr::null(),
            )
        }
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
