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
        if let Some(op) = Op::from_raw(op)
            && op != state.root
            && (state.keep)(op)
        {
            state.out.push(op);
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

/// Folds `op` as the dialect conversion driver does before lowering it
/// (constants materialized before it); true when it was folded away.
pub fn try_fold_and_replace(op: Op) -> bool {
    // SAFETY: op is live and in a block; on success the bridge erases it and
    // the handle must not be used again (the caller drops it).
    unsafe { super::bindings::rmlirTryFoldAndReplace(op.raw()) }
}

/// Where a [`Builder`] inserts.
#[derive(Clone, Copy)]
enum Point {
    Before(Op),
    After(Op),
    BlockStart(MlirBlock),
}

/// Inserts new ops at a fixed point of a block.
pub struct Builder {
    point: Point,
    loc: Location,
}

impl Builder {
    /// A builder inserting before `anchor` (which must be in a block).
    pub fn before(anchor: Op) -> Self {
        Builder {
            point: Point::Before(anchor),
            loc: anchor.location(),
        }
    }

    /// A builder inserting right after the definition of `v`: after its
    /// defining op, or at the start of its block for a block argument.
    pub fn after_value(v: Value) -> Self {
        match v.defining_op() {
            Some(op) => Builder {
                point: Point::After(op),
                loc: op.location(),
            },
            None => {
                // SAFETY: v is a live block argument (not an op result).
                let block = unsafe { mlirBlockArgumentGetOwner(v.raw()) };
                // SAFETY: the block is live; its parent op gives a location.
                let parent = Op::from_raw(unsafe { mlirBlockGetParentOperation(block) })
                    .expect("block argument of a block inside an op");
                Builder {
                    point: Point::BlockStart(block),
                    loc: parent.location(),
                }
            }
        }
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
        self.insert(op)
    }

    /// Inserts a detached op at the builder's point.
    pub fn insert(&self, op: Op) -> Op {
        // SAFETY: the anchor op or block is live; op is detached and becomes
        // owned by that block.
        unsafe {
            match self.point {
                Point::Before(anchor) => {
                    let block = mlirOperationGetBlock(anchor.raw());
                    mlirBlockInsertOwnedOperationBefore(block, anchor.raw(), op.raw());
                }
                Point::After(anchor) => {
                    let block = mlirOperationGetBlock(anchor.raw());
                    mlirBlockInsertOwnedOperationAfter(block, anchor.raw(), op.raw());
                }
                Point::BlockStart(block) => mlirBlockInsertOwnedOperation(block, 0, op.raw()),
            }
        }
        op
    }

    /// `builtin.unrealized_conversion_cast %v : T to U`.
    pub fn cast(&self, v: Value, to: Type) -> Value {
        self.create(
            "builtin.unrealized_conversion_cast",
            self.loc,
            &[v],
            &[to],
            &[],
        )
        .result(0)
    }
}
