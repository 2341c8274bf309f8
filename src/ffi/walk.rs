//! IR traversal and in-place editing for Rust passes.

use super::ir::{Attr, Location, Op, Type, Value};
use mlir_sys::*;
use std::ffi::c_void;

/// Every op nested under `root` (post-order, root excluded) that `keep`
/// accepts.
pub fn collect(root: Op, keep: impl Fn(Op) -> bool) -> Vec<Op> {
    struct State<'a> {
        root: Op,
        keep: &'a dyn Fn(Op) -> bool,
        out: Vec<Op>,
    }
    unsafe extern "C" fn visit(op: MlirOperation, data: *mut c_void) -> MlirWalkResult {
        // SAFETY: data is the &mut State passed to mlirOperationWalk below,
        // live for the whole walk; op is a live op handed out by the walk.
        let state = unsafe { &mut *(data as *mut State) };
        if let Some(op) = Op::from_raw(op) {
            if op != state.root && (state.keep)(op) {
                state.out.push(op);
            }
        }
        MlirWalkResult_MlirWalkResultAdvance
    }
    let mut state = State {
        root,
        keep: &keep,
        out: Vec::new(),
    };
    // SAFETY: root is live; the callback only touches `state`, which outlives
    // the walk.
    unsafe {
        mlirOperationWalk(
            root.raw(),
            Some(visit),
            &mut state as *mut State as *mut c_void,
            MlirWalkOrder_MlirWalkPostOrder,
        )
    };
    state.out
}

/// Replaces every use of `op`'s results with `values` and erases `op`.
pub fn replace_and_erase(op: Op, values: &[Value]) {
    assert_eq!(op.num_results(), values.len(), "replacement count");
    for (i, v) in values.iter().enumerate() {
        // SAFETY: both values are live and of the same context.
        unsafe { mlirValueReplaceAllUsesOfWith(op.result(i).raw(), v.raw()) };
    }
    // SAFETY: op is live, in a block, and now has no uses.
    unsafe { mlirOperationDestroy(op.raw()) };
}

/// Inserts new ops immediately before an anchor op.
pub struct Builder {
    anchor: Op,
}

impl Builder {
    /// A builder inserting before `anchor` (which must be in a block).
    pub fn before(anchor: Op) -> Self {
        Builder { anchor }
    }

    /// Creates and inserts an op of a registered name.
    pub fn create(
        &self,
        name: &str,
        loc: Location,
        operands: &[Value],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
    ) -> Op {
        let op = Op::create(name, loc, operands, result_types, attrs)
            .unwrap_or_else(|| panic!("op `{name}` is not registered"));
        // SAFETY: anchor is live and in a block; op is detached and becomes
        // owned by that block.
        unsafe {
            let block = mlirOperationGetBlock(self.anchor.raw());
            mlirBlockInsertOwnedOperationBefore(block, self.anchor.raw(), op.raw());
        }
        op
    }

    /// `builtin.unrealized_conversion_cast %v : T to U`.
    pub fn cast(&self, v: Value, to: Type) -> Value {
        let loc = self.anchor.location();
        self.create("builtin.unrealized_conversion_cast", loc, &[v], &[to], &[])
            .result(0)
    }
}
