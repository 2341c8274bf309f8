//! IR traversal and in-place editing for Rust passes.

use super::ir::{Attr, Location, Op, Type, Value};
use mlir_sys::*;
use std::ffi::c_void;

/// Every op nested under `root` (post-order, root excluded) that `keep`
/// accepts.
pub fn collect(root: Op, keep: impl Fn(Op) -> bool) -> Vec<Op> {
    collect_in(root, keep, MlirWalkOrder_MlirWalkPostOrder)
}

/// Every op nested under `root` in pre-order (parents before their
/// regions' ops, blocks in order; root excluded) that `keep` accepts: the
/// order in which MLIR's dialect conversion visits ops.
pub fn collect_preorder(root: Op, keep: impl Fn(Op) -> bool) -> Vec<Op> {
    collect_in(root, keep, MlirWalkOrder_MlirWalkPreOrder)
}

fn collect_in(root: Op, keep: impl Fn(Op) -> bool, order: MlirWalkOrder) -> Vec<Op> {
    struct State<'a> {
        root: Op,
        keep: &'a dyn Fn(Op) -> bool,
        out: Vec<Op>,
        /// A panic of `keep`, carried across the C walk and resumed after it.
        panic: Option<Box<dyn std::any::Any + Send>>,
    }
    unsafe extern "C" fn visit(op: MlirOperation, data: *mut c_void) -> MlirWalkResult {
        // SAFETY: data is the &mut State passed to mlirOperationWalk below,
        // live for the whole walk; op is a live op handed out by the walk.
        let state = unsafe { &mut *(data as *mut State) };
        // SAFETY: the walk passes each live op it visits.
        let Some(op) = (unsafe { Op::from_raw(op) }).filter(|o| *o != state.root) else {
            return MlirWalkResult_MlirWalkResultAdvance;
        };
        // A panic must not unwind through the C walk: it interrupts the walk
        // and is resumed once control is back in Rust.
        match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| (state.keep)(op))) {
            Ok(true) => state.out.push(op),
            Ok(false) => {}
            Err(payload) => {
                state.panic = Some(payload);
                return MlirWalkResult_MlirWalkResultInterrupt;
            }
        }
        MlirWalkResult_MlirWalkResultAdvance
    }
    let mut state = State {
        root,
        keep: &keep,
        out: Vec::new(),
        panic: None,
    };
    // SAFETY: root is live; the callback only touches `state`, which outlives
    // the walk, and never unwinds.
    unsafe {
        mlirOperationWalk(
            root.raw(),
            Some(visit),
            &mut state as *mut State as *mut c_void,
            order,
        )
    };
    if let Some(payload) = state.panic {
        std::panic::resume_unwind(payload);
    }
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

/// What folding `op` gave, with `op` left in place: `None` when it does not
/// fold, `Some(empty)` for an in-place fold, else the replacement values
/// (constants materialized right before `op`).
pub fn try_fold(op: Op) -> Option<Vec<Value>> {
    let n = op.num_results();
    let mut raw = vec![
        MlirValue {
            ptr: std::ptr::null_mut()
        };
        n
    ];
    // SAFETY: op is live and in a block; `raw` has room for every result.
    let count = unsafe { super::bindings::rmlirTryFold(op.raw(), raw.as_mut_ptr(), n as isize) };
    if count < 0 {
        return None;
    }
    raw.truncate(count as usize);
    // SAFETY: the bridge filled `raw` with the live values the op folded to.
    Some(
        raw.into_iter()
            .filter_map(|v| unsafe { Value::from_raw(v) })
            .collect(),
    )
}

/// Folds `op` as the dialect conversion driver does before lowering it
/// (constants materialized before it); true when it was folded away.
pub fn try_fold_and_replace(op: Op) -> bool {
    // SAFETY: op is live and in a block; on success the bridge erases it and
    // the handle must not be used again (the caller drops it).
    unsafe { super::bindings::rmlirTryFoldAndReplace(op.raw()) }
}

/// Replaces every use of `old` with `new`.
pub fn replace_uses(old: Value, new: Value) {
    // SAFETY: both values are live and of the same context.
    unsafe { mlirValueReplaceAllUsesOfWith(old.raw(), new.raw()) }
}

/// Erases an op (with its regions) whose results have no uses left.
pub fn erase(op: Op) {
    // SAFETY: op is live and in a block; the caller removed its uses.
    unsafe { mlirOperationDestroy(op.raw()) }
}

/// The ops of a block, in order.
pub fn block_ops(block: super::region::Block) -> Vec<Op> {
    let mut out = Vec::new();
    // SAFETY: the block is live; the walk only reads the op list.
    let mut next = unsafe { Op::from_raw(mlirBlockGetFirstOperation(block.raw())) };
    while let Some(op) = next {
        out.push(op);
        // SAFETY: op is live and in the block.
        next = unsafe { Op::from_raw(mlirOperationGetNextInBlock(op.raw())) };
    }
    out
}

/// A detached deep copy of `op` whose operands (its nested ops' too) are
/// read through `mapping`; the copy's results are added to `mapping` (what
/// MLIR's `OpBuilder::clone(op, IRMapping)` does).
pub fn clone_with_mapping(op: Op, mapping: &mut std::collections::HashMap<Value, Value>) -> Op {
    // SAFETY: op is live; the clone is a new detached op owned by the caller.
    let clone = unsafe { Op::from_raw(mlirOperationClone(op.raw())) }.expect("clone");
    let remap = |o: Op| {
        for i in 0..o.num_operands() {
            if let Some(&v) = mapping.get(&o.operand(i)) {
                o.set_operand(i, v);
            }
        }
    };
    for nested in collect(clone, |_| true) {
        remap(nested);
    }
    remap(clone);
    for i in 0..op.num_results() {
        mapping.insert(op.result(i), clone.result(i));
    }
    clone
}

/// Where a [`Builder`] inserts.
#[derive(Clone, Copy)]
enum Point {
    Before(Op),
    After(Op),
    BlockStart(MlirBlock),
    BlockEnd(MlirBlock),
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

    /// A builder inserting right after `anchor` (which must be in a block).
    pub fn after(anchor: Op) -> Self {
        Builder {
            point: Point::After(anchor),
            loc: anchor.location(),
        }
    }

    /// A builder inserting at the start of `block` (ops get `loc`; each
    /// new op goes before the ones the block had).
    pub fn at_start(block: super::region::Block, loc: Location) -> Self {
        Builder {
            point: Point::BlockStart(block.raw()),
            loc,
        }
    }

    /// A builder appending at the end of `block` (ops get `loc`).
    pub fn at_end(block: super::region::Block, loc: Location) -> Self {
        Builder {
            point: Point::BlockEnd(block.raw()),
            loc,
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
                let parent = unsafe { Op::from_raw(mlirBlockGetParentOperation(block)) }
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
        let op = Op::create_registered(name, loc, operands, result_types, attrs);
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
                Point::BlockEnd(block) => mlirBlockAppendOwnedOperation(block, op.raw()),
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
