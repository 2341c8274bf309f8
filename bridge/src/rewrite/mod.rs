//! The pattern rewriter handed to Rust canonicalization patterns.

pub mod dialect_conversion;
pub mod greedy;
pub mod user_patterns;
pub mod walk;

use crate::bindings as b;
use crate::ir::region::Block;
use crate::ir::{Attr, Detached, Location, Op, Type, Value};
use mlir_sys::*;
use smallvec::SmallVec;

/// A canonicalization pattern implemented in Rust (declare them with
/// [`patterns!`](macro@crate::patterns)).
#[derive(Debug)]
pub struct PatternDef {
    /// The upstream pattern name (used as the debug name).
    pub name: &'static str,
    /// The root op name.
    pub root: &'static str,
    /// Pattern benefit.
    pub benefit: u16,
    /// Matches and rewrites; returns true when it changed the IR.
    pub rewrite: for<'ir> fn(Op<'ir>, &mut Rewriter<'ir>) -> bool,
}

/// A `PatternRewriter` for the duration of one `matchAndRewrite` call. New ops
/// are inserted before the root op; every change goes through the rewriter so
/// the driver sees it. Changes that free IR (replacing, erasing, inlining a
/// block) are carried out when the pattern returns, checked against each
/// other; until then every handle of the pattern reads what it read before.
pub struct Rewriter<'ir> {
    raw: MlirPatternRewriter,
    root: Op<'ir>,
    /// Replacements and erasures asked for, carried out by
    /// [`finish`](Rewriter::finish) once the pattern has returned: no handle
    /// of the pattern (all bounded by `'ir`, the call) can reach a freed op.
    /// (Inline room for one: a rewrite that applies mostly records one
    /// replacement, which then costs no allocation.)
    pending: SmallVec<[Pending; 1]>,
    /// The ops inserted by this match, in order: erased again when the
    /// pattern declines (returns false), so that a pattern that does not
    /// apply changes nothing (and the greedy driver, seeing no change,
    /// converges).
    inserted: SmallVec<[MlirOperation; 16]>,
    /// The type converter of the conversion pattern being applied (null
    /// outside conversions and for patterns without one).
    converter: *const b::RmlirTypeConverter,
}

impl<'ir> Rewriter<'ir> {
    /// Applies one pattern at `root`: `rewrite` gets a rewriter of MLIR's
    /// `raw` (with the conversion's `converter`, null outside conversions
    /// and for patterns without one); the changes it deferred are carried
    /// out when it returns true, and dropped when it returns false, when
    /// the ops it inserted are erased again (last first; one left in use,
    /// through a change made at once such as `replace_all_uses`, stays).
    /// Every trampoline of a pattern goes through here.
    #[inline(always)]
    pub(crate) fn apply(
        raw: MlirPatternRewriter,
        root: Op<'ir>,
        converter: *const b::RmlirTypeConverter,
        rewrite: impl FnOnce(&mut Rewriter<'ir>) -> bool,
    ) -> bool {
        let mut rw = Rewriter {
            raw,
            root,
            pending: SmallVec::new(),
            inserted: SmallVec::new(),
            converter,
        };
        let changes = crate::ir::in_place_changes();
        let rewrote = rewrite(&mut rw);
        if rewrote {
            rw.finish();
        } else {
            let inserted_any = !rw.inserted.is_empty();
            let kept = rw.decline();
            // What a declining pattern changed in place cannot be undone:
            // a bug in the pattern, reported (by the guard) at the root.
            // Seen when an op it inserted is still used (an existing op was
            // set to use it), or when it inserted nothing and changed an op
            // in place (with ops inserted, their own changes do not count).
            assert!(
                !kept && (inserted_any || crate::ir::in_place_changes() == changes),
                "a pattern declined (returned false) after changing `{}` or an op near it in \
                 place, which cannot be undone: change ops in place only when returning true",
                root.name()
            );
        }
        rewrote
    }

    /// The type the conversion's type converter makes of `ty` (MLIR's
    /// `getTypeConverter()->convertType`); None when it does not convert,
    /// and outside conversions.
    pub fn convert_type(&self, ty: Type<'ir>) -> Option<Type<'ir>> {
        if self.converter.is_null() {
            return None;
        }
        // SAFETY: the converter is the live one of the pattern being
        // applied; ty is live.
        unsafe { Type::from_raw(b::rmlirTypeConverterConvertType(self.converter, ty.raw())) }
    }

    /// Creates an op of a registered name before the root op. Panics if the
    /// name is not registered (a bug in the pattern, caught by the FFI guard).
    pub fn create<'n>(
        &mut self,
        name: impl Into<crate::ir::op_access::OpName<'n>>,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Op<'ir> {
        let op = Op::create_registered(name, loc, operands, result_types, attrs);
        self.insert(op)
    }

    /// MLIR's `createOrFold`: creates an op before the root op and folds it
    /// at once; returns its results, or what it folded to (the op is then
    /// erased; constants are materialized before the root op).
    pub fn create_or_fold<'n>(
        &mut self,
        name: impl Into<crate::ir::op_access::OpName<'n>>,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> SmallVec<[Value<'ir>; 2]> {
        let op = Op::create_registered(name, loc, operands, result_types, attrs).into_owned_raw();
        let mut out: SmallVec<[MlirValue; 2]> = smallvec::smallvec![
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
                op,
                out.as_mut_ptr(),
                out.len() as isize,
            )
        };
        assert!(
            n >= 0,
            "creating an op of another context, or one holding the root"
        );
        out.truncate(n as usize);
        out.into_iter()
            .map(|v| {
                // SAFETY: the bridge filled `out` with live values: what the
                // op folded to, or the created op's own results.
                unsafe { Value::from_raw(v) }.expect("the bridge returns no null value")
            })
            .collect()
    }

    /// Inserts a detached op before the root op.
    pub fn insert(&mut self, op: Detached<'ir>) -> Op<'ir> {
        // SAFETY: raw is the live rewriter; root is live; the op is detached
        // (never inserted) and becomes owned by root's block.
        let op = op.insert_with(|raw| unsafe {
            b::rmlirRewriterInsertBefore(self.raw, self.root.raw(), raw)
        });
        self.inserted.push(op.raw());
        op
    }

    /// The pattern declined: its deferred changes are dropped and the ops
    /// it inserted erased again (the unused ones, last first).
    #[inline]
    /// Drops the deferred changes and erases the inserted ops again; true
    /// when one stays because it is still used (an existing op was changed
    /// in place to use it).
    fn decline(&mut self) -> bool {
        // Most declining patterns asked for nothing: skip the clear's loop.
        if !self.pending.is_empty() {
            self.pending.clear();
        }
        let mut kept = false;
        while let Some(raw) = self.inserted.pop() {
            // SAFETY: the op was inserted by this match and nothing freed
            // it (deferred changes were never carried out).
            let Some(op) = (unsafe { Op::from_raw(raw) }) else {
                continue;
            };
            // SAFETY: op is live.
            if unsafe { b::rmlirOperationUsedOutside(op.raw(), true) } {
                kept = true;
                continue;
            }
            // SAFETY: op is live, unused, and this match's own.
            unsafe { mlirRewriterBaseEraseOp(self.base(), op.raw()) }
        }
        kept
    }

    /// Creates an op like `model` with new operands and result types, before
    /// the root op.
    pub fn create_like(
        &mut self,
        model: Op<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
    ) -> Op<'ir> {
        let op = model.create_like(operands, result_types);
        self.insert(op)
    }

    fn base(&self) -> MlirRewriterBase {
        // SAFETY: raw is the live pattern rewriter of this match.
        unsafe { mlirPatternRewriterAsBase(self.raw) }
    }

    /// Replaces every use of `from` with `to`, when the pattern returns
    /// true (like every change that is not an insertion: a pattern that
    /// declines changes nothing).
    pub fn replace_all_uses(&mut self, from: Value<'ir>, to: Value<'ir>) {
        assert!(
            from.ty().context() == to.ty().context(),
            "replacing uses with a value of another context"
        );
        let holders = self.holders(&[], &[from, to], None);
        self.pending
            .push(Pending::ReplaceAllUses(from.raw(), to.raw(), holders));
    }

    /// Moves the insertion point of [`Rewriter::insert_here`] to the start
    /// of `block`.
    pub fn set_insertion_point_to_start(&mut self, block: crate::ir::region::Block<'ir>) {
        // SAFETY: the rewriter and the block are live.
        unsafe { b::rmlirRewriterSetInsertionPointToStart(self.raw, block.raw()) }
    }

    /// Moves the insertion point of [`Rewriter::insert_here`] to the end of
    /// `block`.
    pub fn set_insertion_point_to_end(&mut self, block: crate::ir::region::Block<'ir>) {
        // SAFETY: the rewriter and the block are live.
        unsafe { b::rmlirRewriterSetInsertionPointToEnd(self.raw, block.raw()) }
    }

    /// Inserts a detached op at the rewriter's insertion point (before the
    /// root op unless moved).
    pub fn insert_here(&mut self, op: Detached<'ir>) -> Op<'ir> {
        // SAFETY: the rewriter is live; the op is detached (never inserted)
        // and becomes owned by the insertion block.
        let op = op.insert_with(|raw| unsafe { b::rmlirRewriterInsert(self.raw, raw) });
        self.inserted.push(op.raw());
        op
    }

    /// The constant `attr` of type `ty` standing for `value`, as the dialect
    /// of the value's defining op (or of the op owning its block) builds it,
    /// at the insertion point; None when that dialect cannot.
    pub fn materialize_constant_for(
        &mut self,
        value: Value<'ir>,
        attr: Attr<'ir>,
        ty: Type<'ir>,
    ) -> Option<Op<'ir>> {
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

    /// Moves the ops of `source` to the end of `dest`, the arguments of
    /// `source` replaced by `args` (one value of each argument's type), and
    /// erases the emptied `source`, once the pattern has returned (MLIR's
    /// `mergeBlocks`). `source` must have no predecessors by then (erase
    /// the branch to it first), and must not hold `dest`.
    pub fn merge_blocks(&mut self, source: Block<'ir>, dest: Block<'ir>, args: &[Value<'ir>]) {
        let mut holders = self.holders(&[], args, Some(source));
        holders.extend(self.holders(&[], &[], Some(dest)));
        self.pending.push(Pending::MergeBlocks(
            source.raw(),
            dest.raw(),
            args.iter().map(|v| v.raw()).collect(),
            holders,
        ));
    }

    /// Moves `op` right before `existing` (in any block of the scope), once
    /// the pattern has returned. `op` must not hold `existing`.
    pub fn move_op_before(&mut self, op: Op<'ir>, existing: Op<'ir>) {
        let holders = self.holders(&[op, existing], &[], None);
        self.pending
            .push(Pending::MoveBefore(op.raw(), existing.raw(), holders));
    }

    /// A copy of `op` (with what it holds) inserted before the root, its
    /// operands read through `mapping`, to which the copy's results are
    /// added (MLIR's `clone(op, IRMapping)`): how a pattern copies a region's
    /// ops out of it.
    pub fn clone_with_mapping(
        &mut self,
        op: Op<'ir>,
        mapping: &mut std::collections::HashMap<Value<'ir>, Value<'ir>>,
    ) -> Op<'ir> {
        let copy = crate::rewrite::walk::clone_with_mapping(op, mapping);
        self.insert(copy)
    }

    /// Erases an op without uses, once the pattern has returned (until
    /// then the op stays where it is).
    pub fn erase_op(&mut self, op: Op<'ir>) {
        let holders = self.holders(&[op], &[], None);
        self.pending.push(Pending::Erase(op.raw(), holders));
    }

    /// Moves the operations of `block` before `op`, its arguments replaced
    /// by `args` (one value of the argument's type each), and erases the
    /// emptied block, once the pattern has returned (MLIR's
    /// `inlineBlockBefore`). The block must have no predecessors and not
    /// hold `op`.
    pub fn inline_block_before(&mut self, block: Block<'ir>, op: Op<'ir>, args: &[Value<'ir>]) {
        let holders = self.holders(&[op], args, Some(block));
        self.pending.push(Pending::InlineBlockBefore(
            block.raw(),
            op.raw(),
            args.iter().map(|v| v.raw()).collect(),
            holders,
        ));
    }

    /// Replaces `op` (whose results must match `values` one to one) and
    /// erases it, once the pattern has returned: until then `op` and its
    /// uses stay as they are.
    pub fn replace_op(&mut self, op: Op<'ir>, values: &[Value<'ir>]) {
        let holders = self.holders(&[op], values, None);
        let mut raw = SmallVec::with_capacity(values.len());
        for v in values {
            raw.push(v.raw());
        }
        self.pending.push(Pending::Replace(op.raw(), raw, holders));
    }

    /// For a change recorded after others: the ops holding what it touches
    /// (`ops`, the owners of `values`, `block`'s op), read now while all of
    /// it is live, so that carrying it out can check that an earlier change
    /// freed none of them without reading anything. The first change needs
    /// none: nothing is freed before it.
    fn holders(
        &self,
        ops: &[Op<'ir>],
        values: &[Value<'ir>],
        block: Option<Block<'ir>>,
    ) -> Vec<MlirOperation> {
        if self.pending.is_empty() {
            return Vec::new();
        }
        let owners = values.iter().filter_map(|v| {
            v.defining_op()
                .or_else(|| v.owner_block().and_then(|b| b.parent_op()))
        });
        ops.iter()
            .copied()
            .chain(owners)
            .chain(block.and_then(|b| b.parent_op()))
            .map(|op| op.raw())
            .collect()
    }

    /// Carries out the replacements and erasures the pattern asked for, in
    /// order, once it has returned, so that no handle of the pattern
    /// outlives what it refers to.
    #[inline]
    fn finish(&mut self) {
        let root = self.root;
        if let [Pending::Replace(op, ..)] = self.pending.as_slice()
            && op.ptr == root.raw().ptr
        {
            // The usual rewrite: the root replaced, alone. Nothing is freed
            // before the replacement itself, so the root's location is read
            // only for a report, while the root is live.
            let refused = crate::ir::guard::guard(
                "a pattern's changes",
                || Some(root.location()),
                true,
                || {
                    self.replace_root();
                    false
                },
            );
            if refused {
                crate::ir::guard::mark_panicked(root);
            }
            return;
        }
        if !self.pending.is_empty() {
            // A change refused halfway may come after one that freed the
            // root: the report goes to the root's location, read now.
            let (root, loc) = (self.root, self.root.location());
            let mut root_freed = false;
            let refused = crate::ir::guard::guard(
                "a pattern's changes",
                || Some(loc),
                true,
                || {
                    self.carry_out(&mut root_freed);
                    false
                },
            );
            // The changes before the refused one stay: the run must fail.
            // The root (unless a change freed it) is marked as an op a hook
            // panicked on is, so that it fails verification.
            if refused && !root_freed {
                crate::ir::guard::mark_panicked(root);
            }
        }
    }

    /// Carries out the one pending change, the root's replacement, with the
    /// checks [`carry_out`](Rewriter::carry_out) makes on it (the scope
    /// check has nothing to check on the root itself): every panic comes
    /// before the replacement, which frees the root.
    fn replace_root(&mut self) {
        let Some(Pending::Replace(_, values, _)) = self.pending.pop() else {
            unreachable!("finish checked the one pending change")
        };
        crate::rewrite::walk::check_not_root(self.root);
        self.replace_now(self.root, &values);
    }

    /// Replaces `op` with `values` through MLIR's rewriter, refusing (with a
    /// panic, before anything changes) a count that does not match its
    /// results, a value of its own or of another context, or a value
    /// inside it used outside. `op` and the values must be live.
    fn replace_now(&self, op: Op<'ir>, values: &[MlirValue]) {
        assert_eq!(
            op.num_results(),
            values.len(),
            "replacing `{}` needs one value per result",
            op.name()
        );
        // SAFETY: the caller passes a live op and live values; the values
        // are an array of `values.len()` handles.
        let replaced = unsafe {
            b::rmlirRewriterReplaceOp(self.raw, op.raw(), values.as_ptr(), values.len() as isize)
        };
        assert!(
            replaced,
            "replacing `{}` with a value of its own or of another context, or while a value inside it is used outside",
            op.name()
        );
    }

    /// Panics unless the blocks of `owner`'s regions, which a pattern
    /// changes (merging or inlining a block), are in the root's scope: the
    /// regions of the scope's op itself, or of an op under it.
    fn check_blocks_in_scope(&self, owner: Op<'ir>) {
        // SAFETY: both ops are live (nothing holding them was freed).
        let inside = unsafe {
            let own = b::rmlirOperationIsolatedScope(self.root.raw());
            own.ptr.is_null()
                || own.ptr == owner.raw().ptr
                || b::rmlirOperationIsProperAncestor(own, owner.raw())
        };
        assert!(
            inside,
            "a pattern changed the blocks of `{}`, outside the scope it runs in",
            owner.name()
        );
    }

    /// Panics unless `op`, which a pattern matched at the root changes, is
    /// in the root's scope: under the root's closest ancestor isolated from
    /// above (what the driver, or a pass run in parallel with others on
    /// the sibling ops, owns). One it erases or replaces (`frees`) must not
    /// hold the root either, nor be the root of a running pass or driver.
    fn check_in_scope(&self, op: Op<'ir>, frees: bool) {
        if op != self.root {
            // SAFETY: both ops are live (nothing holding them was freed).
            let (inside, holds) = unsafe {
                let own = b::rmlirOperationIsolatedScope(self.root.raw());
                (
                    own.ptr.is_null() || b::rmlirOperationIsProperAncestor(own, op.raw()),
                    b::rmlirOperationIsProperAncestor(op.raw(), self.root.raw()),
                )
            };
            assert!(
                inside,
                "a pattern changed `{}`, outside the scope it runs in",
                op.name()
            );
            assert!(
                !(frees && holds),
                "a pattern erased or replaced `{}`, which holds the op it matched",
                op.name()
            );
        }
        if frees {
            crate::rewrite::walk::check_not_root(op);
        }
    }

    /// The checks made on every pending change before any is carried out
    /// (while all they read is live), so that a rewrite they refuse changes
    /// nothing: a change touching what an earlier one frees (found by
    /// freeing nothing, only listing what each would), a replacement by the
    /// wrong number of values, a block merged or inlined twice, an erasure
    /// of an op the earlier changes leave used, a merge or inline of a
    /// block they leave with predecessors. After a change that moves ops,
    /// and for a move itself, carrying the changes out decides.
    fn check_all_before(&self, pending: &[Pending]) {
        // What each change would free, less the ops an earlier change moved
        // out of a block (inlined, merged or moved before another op): the
        // check must refuse nothing that carrying the changes out accepts.
        let mut freed: SmallVec<[*mut std::ffi::c_void; 2]> = SmallVec::new();
        let mut moved: SmallVec<[*mut std::ffi::c_void; 4]> = SmallVec::new();
        let mut inlined: SmallVec<[*mut std::ffi::c_void; 1]> = SmallVec::new();
        let frees = |op: Op<'ir>, freed: &mut SmallVec<[*mut std::ffi::c_void; 2]>, moved: &[_]| {
            let mut all = SmallVec::new();
            doom(op, &mut all);
            freed.extend(all.into_iter().filter(|o| !moved.contains(o)));
        };
        let moves = |op: Op<'ir>, moved: &mut SmallVec<[*mut std::ffi::c_void; 4]>| {
            let mut all: SmallVec<[*mut std::ffi::c_void; 2]> = SmallVec::new();
            doom(op, &mut all);
            moved.extend(all);
        };
        // Nothing was freed yet: every recorded op, block and value is live
        // (what each SAFETY below refers to).
        for (k, change) in pending.iter().enumerate() {
            match change {
                Pending::Replace(op, values, holders) => {
                    check_untouched(holders, &freed);
                    // SAFETY: see above.
                    let op = unsafe { Op::from_raw(*op) }.expect("a recorded op");
                    assert_eq!(
                        op.num_results(),
                        values.len(),
                        "replacing `{}` needs one value per result",
                        op.name()
                    );
                    frees(op, &mut freed, &moved);
                }
                Pending::Erase(op, holders) => {
                    check_untouched(holders, &freed);
                    // SAFETY: see above.
                    let op = unsafe { Op::from_raw(*op) }.expect("a recorded op");
                    assert!(
                        !still_used_after(op, &pending[..k]).unwrap_or(false),
                        "erasing `{}`, whose results (or values inside it) are still used",
                        op.name()
                    );
                    frees(op, &mut freed, &moved);
                }
                Pending::MergeBlocks(block, dest, _, holders) => {
                    assert!(
                        !inlined.contains(&block.ptr) && !inlined.contains(&dest.ptr),
                        "merging a block that was inlined or merged already"
                    );
                    check_untouched(holders, &freed);
                    assert!(
                        !keeps_predecessors(*block, &freed, &moved),
                        "{MERGE_MISFIT}"
                    );
                    inlined.push(block.ptr);
                    // SAFETY: see above.
                    let block = unsafe { Block::from_raw(*block) }.expect("a recorded block");
                    for op in crate::rewrite::walk::block_ops(block) {
                        moves(op, &mut moved);
                    }
                }
                Pending::InlineBlockBefore(block, _, _, holders) => {
                    assert!(!inlined.contains(&block.ptr), "inlining a block twice");
                    check_untouched(holders, &freed);
                    assert!(
                        !keeps_predecessors(*block, &freed, &moved),
                        "{INLINE_MISFIT}"
                    );
                    inlined.push(block.ptr);
                    // SAFETY: see above.
                    let block = unsafe { Block::from_raw(*block) }.expect("a recorded block");
                    for op in crate::rewrite::walk::block_ops(block) {
                        moves(op, &mut moved);
                    }
                }
                Pending::MoveBefore(op, _, holders) => {
                    check_untouched(holders, &freed);
                    // SAFETY: see above.
                    moves(
                        unsafe { Op::from_raw(*op) }.expect("a recorded op"),
                        &mut moved,
                    );
                }
                Pending::ReplaceAllUses(_, _, holders) => check_untouched(holders, &freed),
            }
        }
    }

    /// The checks of [`check_in_scope`](Rewriter::check_in_scope) on every
    /// pending change, made before any is carried out (while all it reads,
    /// the root included, is live).
    fn check_all_in_scope(&self, pending: &[Pending]) {
        for pending in pending {
            // SAFETY: nothing was freed yet: every recorded op and block is
            // live.
            unsafe {
                match *pending {
                    Pending::Replace(op, ..) | Pending::Erase(op, _) => {
                        self.check_in_scope(Op::from_raw(op).expect("a recorded op"), true);
                    }
                    Pending::MergeBlocks(source, dest, _, _) => {
                        for block in [source, dest] {
                            if let Some(owner) = Op::from_raw(mlirBlockGetParentOperation(block)) {
                                self.check_blocks_in_scope(owner);
                            }
                        }
                    }
                    // Uses of a value are inside the scope that sees it.
                    Pending::ReplaceAllUses(..) => {}
                    Pending::MoveBefore(op, existing, _) => {
                        self.check_in_scope(Op::from_raw(op).expect("a recorded op"), false);
                        self.check_in_scope(Op::from_raw(existing).expect("a recorded op"), false);
                    }
                    Pending::InlineBlockBefore(block, op, _, _) => {
                        self.check_in_scope(Op::from_raw(op).expect("a recorded op"), false);
                        if let Some(owner) = Op::from_raw(mlirBlockGetParentOperation(block)) {
                            self.check_blocks_in_scope(owner);
                        }
                    }
                }
            }
        }
    }

    /// Carries out the pending changes in order. A change that would touch
    /// what an earlier one freed (an op erased or replaced, or nested in
    /// one; a value such an op defined; a block inlined already), or that
    /// MLIR would carry out on invalid input (erasing an op still used,
    /// replacing with the wrong number of values, inlining a block with
    /// arguments), is a bug in the pattern: it panics, and the panic guard
    /// reports it at the op.
    fn carry_out(&mut self, root_freed: &mut bool) {
        let mut freed: SmallVec<[*mut std::ffi::c_void; 2]> = SmallVec::new();
        let mut inlined: SmallVec<[*mut std::ffi::c_void; 1]> = SmallVec::new();
        // Taken first: a refused change leaves nothing pending behind.
        let pending = std::mem::take(&mut self.pending);
        self.check_all_in_scope(&pending);
        // One change (the usual replacement) has nothing before it to
        // conflict with: carrying it out checks it before it changes
        // anything, as the checks of several changes would.
        if pending.len() > 1 {
            self.check_all_before(&pending);
        }
        for pending in pending {
            match pending {
                Pending::Replace(op, values, holders) => {
                    check_untouched(&holders, &freed);
                    // SAFETY: nothing holding op was freed (checked above).
                    let op = unsafe { Op::from_raw(op) }.expect("a recorded op");
                    doom(op, &mut freed);
                    // op and the values are live: nothing holding them was
                    // freed.
                    self.replace_now(op, &values);
                    *root_freed |= freed.contains(&self.root.raw().ptr);
                }
                Pending::Erase(op, holders) => {
                    check_untouched(&holders, &freed);
                    // SAFETY: nothing holding op was freed (checked above).
                    let op = unsafe { Op::from_raw(op) }.expect("a recorded op");
                    // SAFETY: op is live.
                    let used = unsafe { b::rmlirOperationUsedOutside(op.raw(), true) };
                    assert!(
                        !used,
                        "erasing `{}`, whose results (or values inside it) are still used",
                        op.name()
                    );
                    doom(op, &mut freed);
                    *root_freed |= freed.contains(&self.root.raw().ptr);
                    // SAFETY: op is live and unused.
                    unsafe {
                        mlirRewriterBaseEraseOp(mlirPatternRewriterAsBase(self.raw), op.raw())
                    }
                }
                Pending::MergeBlocks(source, dest, args, holders) => {
                    assert!(
                        !inlined.contains(&source.ptr) && !inlined.contains(&dest.ptr),
                        "merging a block that was inlined or merged already"
                    );
                    check_untouched(&holders, &freed);
                    // SAFETY: both blocks and the values are live (nothing
                    // holding them was freed, neither block was merged).
                    let can = unsafe {
                        b::rmlirCanMergeBlocks(source, dest, args.as_ptr(), args.len() as isize)
                    };
                    assert!(can, "{MERGE_MISFIT}");
                    inlined.push(source.ptr);
                    // SAFETY: checked above; one value of the argument's type
                    // per argument of `source`.
                    unsafe {
                        mlirRewriterBaseMergeBlocks(
                            mlirPatternRewriterAsBase(self.raw),
                            source,
                            dest,
                            args.len() as isize,
                            args.as_ptr(),
                        )
                    }
                }
                Pending::ReplaceAllUses(from, to, holders) => {
                    check_untouched(&holders, &freed);
                    // SAFETY: both values are live (nothing holding them was
                    // freed); the rewriter notifies its listener.
                    unsafe {
                        mlirRewriterBaseReplaceAllUsesWith(
                            mlirPatternRewriterAsBase(self.raw),
                            from,
                            to,
                        )
                    }
                }
                Pending::MoveBefore(op, existing, holders) => {
                    check_untouched(&holders, &freed);
                    // SAFETY: both ops are live (nothing holding them was
                    // freed).
                    let can = unsafe { b::rmlirCanMoveBefore(op, existing) };
                    assert!(can, "{MOVE_MISFIT}");
                    // SAFETY: both live; `op` does not hold `existing`.
                    unsafe {
                        mlirRewriterBaseMoveOpBefore(
                            mlirPatternRewriterAsBase(self.raw),
                            op,
                            existing,
                        )
                    }
                }
                Pending::InlineBlockBefore(block, op, args, holders) => {
                    assert!(!inlined.contains(&block.ptr), "inlining a block twice");
                    check_untouched(&holders, &freed);
                    // SAFETY: the block, op and values are live: the block
                    // was not inlined before, and nothing holding any of
                    // them was freed. Checked now, as earlier changes may
                    // have moved the op or dropped the block's predecessors.
                    let can = unsafe {
                        b::rmlirCanInlineBlockBefore(block, op, args.as_ptr(), args.len() as isize)
                    };
                    assert!(can, "{INLINE_MISFIT}");
                    inlined.push(block.ptr);
                    // SAFETY: block, op and the values are live; there is one
                    // value of the argument's type per block argument.
                    unsafe {
                        mlirRewriterBaseInlineBlockBefore(
                            mlirPatternRewriterAsBase(self.raw),
                            block,
                            op,
                            args.len() as isize,
                            args.as_ptr(),
                        )
                    }
                }
            }
        }
    }
}

/// Whether `block` would still have a predecessor once the ops `freed` are
/// gone: a predecessor whose terminator no earlier change frees. False
/// (carrying the changes out decides) when an earlier change moved ops.
fn keeps_predecessors(
    block: MlirBlock,
    freed: &[*mut std::ffi::c_void],
    moved: &[*mut std::ffi::c_void],
) -> bool {
    if !moved.is_empty() {
        return false;
    }
    // SAFETY: the block and its predecessors are live (nothing was freed
    // yet); positions are within the count.
    unsafe {
        (0..mlirBlockGetNumPredecessors(block)).any(|i| {
            let terminator = mlirBlockGetTerminator(mlirBlockGetPredecessor(block, i));
            terminator.ptr.is_null() || !freed.contains(&terminator.ptr)
        })
    }
}

/// Whether `op`'s results (or values defined inside it) would still be used
/// outside it once the changes `earlier` are carried out, read while all
/// of it is live: its outside users now, less those the earlier changes
/// free or move to other values, plus the users of values the earlier
/// changes replace by one of its values. None when an earlier change
/// moves ops (an inline, merge or move, which may bring users inside it):
/// then carrying the changes out decides.
fn still_used_after(op: Op<'_>, earlier: &[Pending]) -> Option<bool> {
    if earlier.iter().any(|p| {
        matches!(
            p,
            Pending::InlineBlockBefore(..) | Pending::MergeBlocks(..) | Pending::MoveBefore(..)
        )
    }) {
        return None;
    }
    let inside: Vec<Op<'_>> = crate::rewrite::walk::collect(op, |_| true);
    let ours = |v: MlirValue| {
        // SAFETY: the recorded values are live (nothing was freed yet).
        let Some(v) = (unsafe { Value::from_raw(v) }) else {
            return false;
        };
        v.defining_op()
            .or_else(|| v.owner_block().and_then(|b| b.parent_op()))
            .is_some_and(|owner| owner == op || inside.contains(&owner))
    };
    let outside = |user: &Op<'_>| *user != op && !inside.contains(user);
    // The users of `v` outside `op`.
    let users_of = |v: MlirValue| -> Vec<*mut std::ffi::c_void> {
        // SAFETY: as above.
        unsafe { Value::from_raw(v) }.map_or_else(Vec::new, |v| {
            v.users()
                .iter()
                .filter(|u| outside(u))
                .map(|u| u.raw().ptr)
                .collect()
        })
    };
    // (value of `op`, user outside it), one per use.
    let mut uses: Vec<(MlirValue, *mut std::ffi::c_void)> = Vec::new();
    for o in std::iter::once(op).chain(inside.iter().copied()) {
        for v in o.results() {
            uses.extend(
                v.users()
                    .iter()
                    .filter(|u| outside(u))
                    .map(|u| (v.raw(), u.raw().ptr)),
            );
        }
    }
    for change in earlier {
        match change {
            Pending::ReplaceAllUses(from, to, _) => {
                let moved = users_of(*from);
                uses.retain(|(v, _)| v.ptr != from.ptr);
                if ours(*to) {
                    uses.extend(moved.into_iter().map(|u| (*to, u)));
                }
            }
            Pending::Replace(replaced, values, _) => {
                // SAFETY: as above.
                let Some(replaced) = (unsafe { Op::from_raw(*replaced) }) else {
                    continue;
                };
                let mut gone = SmallVec::<[*mut std::ffi::c_void; 2]>::new();
                doom(replaced, &mut gone);
                for (result, to) in replaced.results().zip(values.iter()) {
                    if ours(*to) {
                        let moved = users_of(result.raw());
                        uses.extend(moved.into_iter().map(|u| (*to, u)));
                    }
                }
                uses.retain(|(_, u)| !gone.contains(u));
            }
            Pending::Erase(erased, _) => {
                // SAFETY: as above.
                let Some(erased) = (unsafe { Op::from_raw(*erased) }) else {
                    continue;
                };
                let mut gone = SmallVec::<[*mut std::ffi::c_void; 2]>::new();
                doom(erased, &mut gone);
                uses.retain(|(_, u)| !gone.contains(u));
            }
            _ => {}
        }
    }
    Some(!uses.is_empty())
}

/// Why a merge, an inline or a move is refused (checked before any change,
/// and again when carried out).
const MERGE_MISFIT: &str = "merging a block with predecessors, into itself or a block it holds, \
                            or with arguments that the values given do not match (count and types)";
const INLINE_MISFIT: &str = "inlining a block with predecessors, with arguments that the values \
                             given do not match (count and types), or before an op in no block or \
                             inside it";
const MOVE_MISFIT: &str =
    "moving an op before itself, before an op it holds, or before an op in no block";

/// Panics when a change would touch IR (its `holders`) an earlier change
/// of the same rewrite frees.
fn check_untouched(holders: &[MlirOperation], freed: &[*mut std::ffi::c_void]) {
    assert!(
        !holders.iter().any(|h| freed.contains(&h.ptr)),
        "a pattern changed IR that it had already erased or replaced"
    );
}

/// Adds `op` and every op nested in it (read now, while they are live) to
/// what the change about to be carried out frees.
fn doom(op: Op, freed: &mut SmallVec<[*mut std::ffi::c_void; 2]>) {
    freed.push(op.raw().ptr);
    if op.num_regions() != 0 {
        freed.extend(
            crate::rewrite::walk::collect(op, |_| true)
                .iter()
                .map(|o| o.raw().ptr),
        );
    }
}

impl Drop for Rewriter<'_> {
    fn drop(&mut self) {
        // Every trampoline calls `finish` after the pattern returns; only a
        // panic (which the guard reports) leaves changes behind.
        debug_assert!(
            self.pending.is_empty() || std::thread::panicking(),
            "a rewriter dropped with changes it never carried out"
        );
    }
}

/// A change that frees IR, deferred until the pattern returns.
/// Each carries the ops holding what it touches (empty for the first).
enum Pending {
    /// `replaceOp(op, values)`.
    Replace(MlirOperation, SmallVec<[MlirValue; 2]>, Vec<MlirOperation>),
    /// `eraseOp(op)`.
    Erase(MlirOperation, Vec<MlirOperation>),
    /// `inlineBlockBefore(block, op)`.
    InlineBlockBefore(MlirBlock, MlirOperation, Vec<MlirValue>, Vec<MlirOperation>),
    /// `mergeBlocks(source, dest, args)`.
    MergeBlocks(MlirBlock, MlirBlock, Vec<MlirValue>, Vec<MlirOperation>),
    /// `moveOpBefore(op, existing)`.
    MoveBefore(MlirOperation, MlirOperation, Vec<MlirOperation>),
    /// `replaceAllUsesWith(from, to)`.
    ReplaceAllUses(MlirValue, MlirValue, Vec<MlirOperation>),
}
