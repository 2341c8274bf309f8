//! IR traversal and in-place editing for Rust passes.

use crate::ir::exclusive::Ir;
use crate::ir::{Attr, Detached, Location, Op, Type, Value};
use mlir_sys::*;
use std::ffi::c_void;

/// Every op nested under `root` (post-order, root excluded) that `keep`
/// accepts.
pub fn collect<'ir>(root: Op<'ir>, keep: impl Fn(Op<'ir>) -> bool) -> Vec<Op<'ir>> {
    collect_in(root, keep, MlirWalkOrder_MlirWalkPostOrder)
}

/// Every op nested under `root` in pre-order (parents before their
/// regions' ops, blocks in order; root excluded) that `keep` accepts: the
/// order in which MLIR's dialect conversion visits ops.
pub fn collect_preorder<'ir>(root: Op<'ir>, keep: impl Fn(Op<'ir>) -> bool) -> Vec<Op<'ir>> {
    collect_in(root, keep, MlirWalkOrder_MlirWalkPreOrder)
}

fn collect_in<'ir>(
    root: Op<'ir>,
    keep: impl Fn(Op<'ir>) -> bool,
    order: MlirWalkOrder,
) -> Vec<Op<'ir>> {
    struct State<'ir> {
        root: Op<'ir>,
        out: Vec<Op<'ir>>,
    }
    unsafe extern "C" fn visit(op: MlirOperation, data: *mut c_void) -> MlirWalkResult {
        // SAFETY: data is the &mut State passed to mlirOperationWalk below,
        // live for the whole walk; op is a live op handed out by the walk.
        let state = unsafe { &mut *(data as *mut State) };
        // SAFETY: the walk passes each live op it visits.
        if let Some(op) = (unsafe { Op::from_raw(op) }).filter(|o| *o != state.root) {
            state.out.push(op);
        }
        MlirWalkResult_MlirWalkResultAdvance
    }
    let mut state = State {
        root,
        out: Vec::new(),
    };
    // SAFETY: root is live; the callback only pushes to `state`, which
    // outlives the walk, and cannot unwind. `keep` runs after the walk, so
    // nothing it does (erasing an op) can pull IR from under MLIR's walk.
    unsafe {
        mlirOperationWalk(
            root.raw(),
            Some(visit),
            &mut state as *mut State as *mut c_void,
            order,
        )
    };
    state.out.retain(|o| keep(*o));
    state.out
}

/// Replaces every use of `op`'s results with `values` and erases `op`, as
/// [`erase`] does.
pub fn replace_and_erase<'ir>(ir: &Ir, op: Op<'ir>, values: &[Value<'ir>]) {
    check_erasable(ir, op);
    assert_eq!(op.num_results(), values.len(), "replacement count");
    assert!(
        values.iter().all(|v| v.ty().context() == op.context()),
        "replacing `{}` with a value of another context",
        op.name()
    );
    for (i, v) in values.iter().enumerate() {
        // SAFETY: both values are live and of the same context.
        unsafe { mlirValueReplaceAllUsesOfWith(op.result(i).raw(), v.raw()) };
    }
    bury(ir, op);
}

/// What folding `op` gave, with `op` left in place: `None` when it does not
/// fold, `Some(empty)` for an in-place fold, else the replacement values
/// (constants materialized right before `op`).
pub fn try_fold<'ir>(op: Op<'ir>) -> Option<Vec<Value<'ir>>> {
    assert!(
        op.parent_block().is_some(),
        "folding `{}`, which is in no block",
        op.name()
    );
    let n = op.num_results();
    let mut raw = vec![
        MlirValue {
            ptr: std::ptr::null_mut()
        };
        n
    ];
    // SAFETY: op is live and in a block; `raw` has room for every result.
    let count = unsafe { crate::bindings::rmlirTryFold(op.raw(), raw.as_mut_ptr(), n as isize) };
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
/// (constants materialized before it); true when it was folded away (taken
/// out of its block, freed as [`erase`] says). Panics where [`erase`]
/// would.
pub fn try_fold_and_replace(ir: &Ir, op: Op) -> bool {
    check_erasable(ir, op);
    let freed_later = under_running_pass(op);
    // SAFETY: op is live and in a block; on success the bridge has buried
    // it (out of its block, references dropped, not freed).
    let folded = unsafe { crate::bindings::rmlirTryFoldAndReplace(op.raw()) };
    if folded && freed_later {
        keep_buried(op);
    }
    folded
}

/// Replaces every use of `old` with `new`.
pub fn replace_uses<'ir>(old: Value<'ir>, new: Value<'ir>) {
    assert!(
        old.ty().context() == new.ty().context(),
        "replacing uses with a value of another context"
    );
    // SAFETY: both values are live and of the same context.
    unsafe { mlirValueReplaceAllUsesOfWith(old.raw(), new.raw()) }
}

/// Erases an op (with its regions) whose results have no uses left: it
/// leaves its block and drops its operands at once, and is freed when the
/// pass that erased it returns, so that no handle the pass holds (to it or
/// to an op nested in it) can reach freed memory. Outside a pass it is
/// never freed.
///
/// It takes the pass's [`Ir`] (the token of the IR it changes, or of any
/// other IR the pass holds exclusively) to show that it runs in a pass
/// body, not in a hook or pattern MLIR's drivers call: those erase through
/// their rewriter, as an op a driver has in its worklists must not leave
/// its block behind the driver's back.
///
/// Panics (a bug the panic guard reports at the op being processed) when
/// the op is not in a block (already erased, never inserted, or a
/// top-level op), when it is or holds the root of a pass running on this
/// thread, or when its results are still used.
pub fn erase(ir: &Ir, op: Op) {
    bury(ir, op);
}

/// The checks of [`erase`].
fn check_erasable(ir: &Ir, op: Op) {
    check_no_driver(op);
    assert!(
        op.parent_block().is_some(),
        "erasing `{}`, which is in no block (erased already, never inserted, or top-level)",
        op.name()
    );
    // SAFETY: both ops are live.
    let under =
        unsafe { crate::bindings::rmlirOperationIsProperAncestor(ir.root().raw(), op.raw()) };
    assert!(
        under,
        "erasing `{}`, which is not in the IR given",
        op.name()
    );
    check_not_root(op);
}

/// Whether `op` is under the root of the innermost pass running on this
/// thread: then it is freed when the outermost pass returns (an op of some
/// other IR, which may go with its context before then, is leaked).
fn under_running_pass(op: Op) -> bool {
    GRAVEYARD.with(|g| {
        g.passes.get() > 0
            && g.roots.borrow().last().is_some_and(|root| {
                // SAFETY: the roots are live; no driver runs (checked), so
                // the last is the innermost pass's.
                unsafe { crate::bindings::rmlirOperationIsProperAncestor(*root, op.raw()) }
            })
    })
}

/// Panics while a driver runs on this thread (the op is then in its
/// worklists, and it would free it a second time): patterns and hooks
/// erase through their rewriter, and pass bodies between driver runs.
fn check_no_driver(op: Op) {
    assert!(
        !DriverRoots::running(),
        "erasing `{}` with `walk` while a driver runs (use the pattern's rewriter)",
        op.name()
    );
}

/// Panics when `op` is, or holds, the root of a pass or a driver running
/// on this thread: freeing it would free what MLIR (or the driver) is
/// still working on.
pub(crate) fn check_not_root(op: Op) {
    GRAVEYARD.with(|g| {
        let roots = g.roots.borrow();
        // An op without regions holds no other op: it can only be a root
        // itself (compared without walking up from every root).
        if roots.is_empty() || op.num_regions() == 0 {
            assert!(
                !roots.iter().any(|root| root.ptr == op.raw().ptr),
                "erasing `{}`, which is or holds the root of a running pass or driver",
                op.name()
            );
            return;
        }
        for &root in roots.iter() {
            // SAFETY: the roots of the passes and drivers running on this
            // thread are live until their scopes end.
            let mut at = unsafe { Op::from_raw(root) };
            while let Some(o) = at {
                assert!(
                    o != op,
                    "erasing `{}`, which is or holds the root of a running pass or driver",
                    op.name()
                );
                at = o.parent_op();
            }
        }
    });
}

/// The roots of a driver a pass runs, for as long as it runs: no pattern
/// may erase or replace them (or an op holding one), see [`check_not_root`].
pub(crate) struct DriverRoots(usize);

impl DriverRoots {
    /// A driver starting on `roots`; panics when one runs on this thread
    /// already (a pattern or callback starting a driver).
    pub(crate) fn enter(roots: &[Op]) -> DriverRoots {
        assert!(
            !DriverRoots::running(),
            "a driver started while another runs on this thread"
        );
        DriverRoots::callback(roots)
    }

    /// A callback that must neither start a driver nor erase through
    /// `walk` (a user pattern), with the ops it must not free.
    pub(crate) fn callback(roots: &[Op]) -> DriverRoots {
        GRAVEYARD.with(|g| {
            g.roots.borrow_mut().extend(roots.iter().map(|r| r.raw()));
            g.drivers.set(g.drivers.get() + 1);
        });
        DriverRoots(roots.len())
    }

    /// Whether a driver, or a callback that must not start one, runs on
    /// this thread.
    pub(crate) fn running() -> bool {
        GRAVEYARD.with(|g| g.drivers.get() > 0)
    }
}

impl Drop for DriverRoots {
    fn drop(&mut self) {
        GRAVEYARD.with(|g| {
            g.drivers.set(g.drivers.get() - 1);
            let mut roots = g.roots.borrow_mut();
            let keep = roots.len() - self.0;
            roots.truncate(keep);
        });
    }
}

fn bury(ir: &Ir, op: Op) {
    check_erasable(ir, op);
    // SAFETY: op is live.
    let used = unsafe { crate::bindings::rmlirOperationUsedOutside(op.raw(), true) };
    assert!(
        !used,
        "erasing `{}`, whose results (or values inside it) are still used",
        op.name()
    );
    let freed_later = under_running_pass(op);
    // SAFETY: op is live and in a block, and its results have no uses.
    unsafe { crate::bindings::rmlirOperationBury(op.raw()) };
    if freed_later {
        keep_buried(op);
    }
}

/// Frees a buried op when the outermost pass on this thread returns; leaks
/// it outside passes.
fn keep_buried(op: Op) {
    GRAVEYARD.with(|g| g.buried.borrow_mut().push(op.raw()));
}

/// The ops erased on this thread, freed when the outermost pass returns,
/// and the roots of the passes running on it.
struct Graveyard {
    buried: std::cell::RefCell<Vec<MlirOperation>>,
    /// The blocks merged away on this thread, freed with the ops.
    blocks: std::cell::RefCell<Vec<MlirBlock>>,
    roots: std::cell::RefCell<Vec<MlirOperation>>,
    passes: std::cell::Cell<u32>,
    /// The drivers running on this thread (and user pattern callbacks).
    drivers: std::cell::Cell<u32>,
}

thread_local! {
    static GRAVEYARD: Graveyard = const {
        Graveyard {
            buried: std::cell::RefCell::new(Vec::new()),
            blocks: std::cell::RefCell::new(Vec::new()),
            roots: std::cell::RefCell::new(Vec::new()),
            passes: std::cell::Cell::new(0),
            drivers: std::cell::Cell::new(0),
        }
    };
}

/// A pass running on this thread, on `root`: ops it erases are freed when
/// it returns, after every handle of the pass is gone (the pass's handles
/// are bounded by its call). A pass nested in it (a pipeline it runs on IR
/// of its own) frees its own ops when it returns, before that IR (and its
/// context) can go.
pub(crate) struct PassScope {
    /// How many buried ops earlier scopes left to free.
    first_buried: usize,
    /// How many merged-away blocks earlier scopes left to free.
    first_block: usize,
}

impl PassScope {
    pub(crate) fn enter(root: Op) -> PassScope {
        GRAVEYARD.with(|g| {
            g.passes.set(g.passes.get() + 1);
            g.roots.borrow_mut().push(root.raw());
            PassScope {
                first_buried: g.buried.borrow().len(),
                first_block: g.blocks.borrow().len(),
            }
        })
    }
}

impl Drop for PassScope {
    fn drop(&mut self) {
        GRAVEYARD.with(|g| {
            g.passes.set(g.passes.get() - 1);
            g.roots.borrow_mut().pop();
            let buried: Vec<MlirOperation> =
                g.buried.borrow_mut().drain(self.first_buried..).collect();
            for op in buried {
                // An op whose values the pass used again after erasing it
                // (an operand set to one of them) is leaked, not freed.
                // SAFETY: a buried op lives until freed here.
                if unsafe { crate::bindings::rmlirOperationUsedOutside(op, true) } {
                    continue;
                }
                // SAFETY: a buried op is out of its block (so no other op
                // frees it), holds no references, and was buried once (a
                // second erase finds it in no block); its pass has returned.
                unsafe { mlirOperationDestroy(op) };
            }
            let blocks: Vec<MlirBlock> = g.blocks.borrow_mut().drain(self.first_block..).collect();
            for block in blocks {
                // SAFETY: a merged-away block lives until freed here.
                let used = unsafe {
                    (0..mlirBlockGetNumArguments(block)).any(|i| {
                        !mlirOpOperandIsNull(mlirValueGetFirstUse(mlirBlockGetArgument(block, i)))
                    })
                };
                // One whose argument the pass used again is leaked.
                if !used {
                    // SAFETY: detached (no region frees it), empty, its
                    // pass has returned.
                    unsafe { mlirBlockDestroy(block) };
                }
            }
        });
    }
}

/// Moves the ops of `block` (its terminator included) before `before`,
/// the uses of its arguments replaced by `args` (one value of each
/// argument's type, defined outside the block), for a pass body: what MLIR's
/// `inlineBlockBefore` does, leaving the emptied block to the op that holds
/// it (erase that op next, e.g. with [`replace_and_erase`]). Panics (a bug
/// in the pass, reported at the op by the guard) unless both are in the IR
/// `ir` gives, the block has no predecessors and does not hold `before`, and
/// the values fit its arguments.
pub fn inline_block_before<'ir>(
    ir: &Ir,
    block: crate::ir::region::Block<'ir>,
    before: Op<'ir>,
    args: &[Value<'ir>],
) {
    check_no_driver(before);
    let root = ir.root().raw();
    let owner = block.parent_op();
    // SAFETY: the root, `before` and the block's owner are live.
    let under = |op: Op| unsafe { crate::bindings::rmlirOperationIsProperAncestor(root, op.raw()) };
    assert!(
        under(before) && owner.is_some_and(under),
        "inlining a block, or before `{}`, outside the IR given",
        before.name()
    );
    let raw_args: Vec<MlirValue> = args.iter().map(|v| v.raw()).collect();
    // SAFETY: the block, `before` and the values are live.
    let can = unsafe {
        crate::bindings::rmlirCanInlineBlockBefore(
            block.raw(),
            before.raw(),
            raw_args.as_ptr(),
            raw_args.len() as isize,
        )
    };
    assert!(
        can,
        "inlining a block with predecessors, with arguments that the values given do not \
         match (count and types), or before an op in no block or inside it"
    );
    for (i, v) in args.iter().enumerate() {
        // SAFETY: the argument and the value are live, of the same type
        // and context (checked above).
        unsafe { mlirValueReplaceAllUsesOfWith(block.argument(i).raw(), v.raw()) };
    }
    for op in block_ops(block) {
        // SAFETY: op is live, in `block`; `before` is live, in a block
        // outside `block` (checked above).
        unsafe { mlirOperationMoveBefore(op.raw(), before.raw()) };
    }
}

/// Moves the ops of `source` to the end of `dest`, the uses of its
/// arguments replaced by `args` (one value of each argument's type, defined
/// outside it), and erases `source`, for a pass body: what MLIR's
/// `mergeBlocks` does (a block's lone successor folded into it, say).
/// Panics (a bug in the pass, reported at the op by the guard) unless both
/// blocks are in the IR `ir` gives (the regions of its root included),
/// distinct, `source` has no predecessors and does not hold `dest`, and the
/// values fit its arguments. The erased block is freed when the pass
/// returns, so a handle to it stays readable (it is in no region).
pub fn merge_blocks<'ir>(
    ir: &Ir,
    source: crate::ir::region::Block<'ir>,
    dest: crate::ir::region::Block<'ir>,
    args: &[Value<'ir>],
) {
    assert!(
        !DriverRoots::running(),
        "merging blocks with `walk` while a driver runs (use the pattern's rewriter)"
    );
    let root = ir.root();
    let inside = |b: crate::ir::region::Block<'ir>| {
        b.parent_op().is_some_and(|owner| {
            // SAFETY: the root and the block's owner are live.
            let under =
                unsafe { crate::bindings::rmlirOperationIsProperAncestor(root.raw(), owner.raw()) };
            owner == root || under
        })
    };
    assert!(
        inside(source) && inside(dest),
        "merging blocks outside the IR given"
    );
    let raw_args: Vec<MlirValue> = args.iter().map(|v| v.raw()).collect();
    // SAFETY: both blocks and the values are live.
    let can = unsafe {
        crate::bindings::rmlirCanMergeBlocks(
            source.raw(),
            dest.raw(),
            raw_args.as_ptr(),
            raw_args.len() as isize,
        )
    };
    assert!(
        can,
        "merging a block with predecessors, into itself or a block it holds, or with \
         arguments that the values given do not match (count and types)"
    );
    for (i, v) in args.iter().enumerate() {
        // SAFETY: the argument and the value are live, of the same type and
        // context (checked above).
        unsafe { mlirValueReplaceAllUsesOfWith(source.argument(i).raw(), v.raw()) };
    }
    for op in block_ops(source) {
        // SAFETY: op is live, in `source`; `dest` is live and not in
        // `source` (checked above): the op leaves its block for the end of
        // `dest`.
        unsafe {
            mlirOperationRemoveFromParent(op.raw());
            mlirBlockAppendOwnedOperation(dest.raw(), op.raw());
        }
    }
    // SAFETY: `source` is live, empty, without predecessors, in a region;
    // detached, it is owned here.
    unsafe { mlirBlockDetach(source.raw()) };
    if GRAVEYARD.with(|g| g.passes.get() > 0) {
        GRAVEYARD.with(|g| g.blocks.borrow_mut().push(source.raw()));
    }
}

/// Moves `op` right before `existing`, for a pass body (MLIR's
/// `moveBefore`): into another block, or out of a region to before the op
/// holding it. Panics (a bug in the pass, reported at the op by the guard)
/// unless both are in the IR `ir` gives and `op` does not hold `existing`.
pub fn move_before<'ir>(ir: &Ir, op: Op<'ir>, existing: Op<'ir>) {
    check_no_driver(op);
    let root = ir.root().raw();
    // SAFETY: the root and both ops are live.
    let under = |o: Op| unsafe { crate::bindings::rmlirOperationIsProperAncestor(root, o.raw()) };
    assert!(
        under(op) && under(existing),
        "moving `{}` before `{}`, outside the IR given",
        op.name(),
        existing.name()
    );
    // SAFETY: both ops are live.
    let can = unsafe { crate::bindings::rmlirCanMoveBefore(op.raw(), existing.raw()) };
    assert!(
        can,
        "moving `{}` before itself, before an op it holds, or before an op in no block",
        op.name()
    );
    // SAFETY: both live, in blocks of the IR given; `op` does not hold
    // `existing`.
    unsafe { mlirOperationMoveBefore(op.raw(), existing.raw()) };
}

/// The ops of a block, in order.
pub fn block_ops<'ir>(block: crate::ir::region::Block<'ir>) -> Vec<Op<'ir>> {
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
pub fn clone_with_mapping<'ir>(
    op: Op<'ir>,
    mapping: &mut std::collections::HashMap<Value<'ir>, Value<'ir>>,
) -> Detached<'ir> {
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
    Detached::new(clone)
}

/// The block of the op a builder inserts next to; panics when the op is in
/// none (erased since, or never inserted).
fn anchored_block(anchor: Op) -> MlirBlock {
    match anchor.parent_block() {
        Some(block) => block.raw(),
        None => panic!(
            "inserting next to `{}`, which is in no block",
            anchor.name()
        ),
    }
}

/// Where a [`Builder`] inserts.
#[derive(Clone, Copy)]
enum Point<'ir> {
    Before(Op<'ir>),
    After(Op<'ir>),
    BlockStart(MlirBlock),
    BlockEnd(MlirBlock),
}

/// Inserts new ops at a fixed point of a block.
pub struct Builder<'ir> {
    point: Point<'ir>,
    loc: Location<'ir>,
}

impl<'ir> Builder<'ir> {
    /// A builder inserting before `anchor` (which must be in a block).
    pub fn before(anchor: Op<'ir>) -> Self {
        Builder {
            point: Point::Before(anchor),
            loc: anchor.location(),
        }
    }

    /// A builder inserting right after `anchor` (which must be in a block).
    pub fn after(anchor: Op<'ir>) -> Self {
        Builder {
            point: Point::After(anchor),
            loc: anchor.location(),
        }
    }

    /// A builder inserting at the start of `block` (ops get `loc`; each
    /// new op goes before the ones the block had).
    pub fn at_start(block: crate::ir::region::Block<'ir>, loc: Location<'ir>) -> Self {
        Builder {
            point: Point::BlockStart(block.raw()),
            loc,
        }
    }

    /// A builder appending at the end of `block` (ops get `loc`).
    pub fn at_end(block: crate::ir::region::Block<'ir>, loc: Location<'ir>) -> Self {
        Builder {
            point: Point::BlockEnd(block.raw()),
            loc,
        }
    }

    /// A builder inserting right after the definition of `v`: after its
    /// defining op, or at the start of its block for a block argument.
    pub fn after_value(v: Value<'ir>) -> Self {
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
    pub fn create<'n>(
        &self,
        name: impl Into<crate::ir::op_access::OpName<'n>>,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Op<'ir> {
        let op = Op::create_registered(name, loc, operands, result_types, attrs);
        self.insert(op)
    }

    /// The block the builder inserts into.
    fn block(&self) -> MlirBlock {
        match self.point {
            Point::Before(anchor) | Point::After(anchor) => anchored_block(anchor),
            Point::BlockStart(block) | Point::BlockEnd(block) => block,
        }
    }

    /// Inserts a detached op at the builder's point.
    pub fn insert(&self, op: Detached<'ir>) -> Op<'ir> {
        let block = self.block();
        // SAFETY: the anchor op or block is live; the op is detached (never
        // inserted), and becomes owned by that block only where it may go.
        op.insert_with(|raw| unsafe {
            if !crate::bindings::rmlirCanInsertInto(raw, block) {
                return false;
            }
            match self.point {
                Point::Before(anchor) => {
                    mlirBlockInsertOwnedOperationBefore(block, anchor.raw(), raw)
                }
                Point::After(anchor) => {
                    mlirBlockInsertOwnedOperationAfter(block, anchor.raw(), raw)
                }
                Point::BlockStart(_) => mlirBlockInsertOwnedOperation(block, 0, raw),
                Point::BlockEnd(_) => mlirBlockAppendOwnedOperation(block, raw),
            }
            true
        })
    }

    /// `builtin.unrealized_conversion_cast %v : T to U`.
    pub fn cast(&self, v: Value<'ir>, to: Type<'ir>) -> Value<'ir> {
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
