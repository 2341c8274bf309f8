//! Read-only handles to IR inside a *scope*: the op a user's pass runs on,
//! or the closest ancestor isolated from above of a user pattern's root
//! (what MLIR's greedy driver, on one thread, works inside while other
//! threads work on its siblings).
//!
//! These are the IR handles of rmlir's public API. They navigate down
//! (regions, blocks, ops, operands, results) and up to the scope's op, never
//! past it: the scope's op has no parent, no block and no siblings here,
//! and a value's defining op, owner block or users outside the scope are
//! not handed out. So a pass nested in `func.func` cannot reach the
//! function MLIR is changing on another thread, and nothing a handle
//! reaches can be freed while it lives:
//!
//! - every handle carries the lifetime `'s` of the borrow it came from: a
//!   pass's [`PassScope`](crate::passes::user_passes::PassScope), whose drivers
//!   borrow it mutably, or the pattern call that received it;
//! - handles are neither `Send` nor `Sync` (they point into IR one thread
//!   owns);
//! - they change nothing: changes go through a pattern's
//!   [`Rewriter`](crate::rewrite::user_patterns::Rewriter) or a pass's drivers.
//!
//! Types, attributes and locations are melior's, uniqued in the context:
//! reading them from another thread is safe.

use crate::ir::region::{Block as RawBlock, Region as RawRegion};
use crate::ir::{Op, Value as RawValue};
use melior::ir::{Attribute, Location, Type};
use mlir_sys::*;
use std::ffi::c_void;
use std::fmt;
use std::ops::Deref;

/// True when `op` is `wall` or nested in it (attached all the way up).
pub(crate) fn within(op: Op<'_>, wall: Op<'_>) -> bool {
    let mut current = Some(op);
    while let Some(o) = current {
        if o.raw().ptr == wall.raw().ptr {
            return true;
        }
        current = o.parent_op();
    }
    false
}

/// True when `value` is attached inside `wall`: an op result of an op in
/// it, or an argument of a block of a region of an op in it.
pub(crate) fn value_within(value: MlirValue, wall: Op<'_>) -> bool {
    // SAFETY: the value is live (the caller holds it through a handle of
    // the IR, or an op that uses it); only its owner is asked.
    unsafe {
        if mlirValueIsAOpResult(value) {
            Op::from_raw(mlirOpResultGetOwner(value)).is_some_and(|o| within(o, wall))
        } else if mlirValueIsABlockArgument(value) {
            let block = mlirBlockArgumentGetOwner(value);
            Op::from_raw(mlirBlockGetParentOperation(block)).is_some_and(|o| within(o, wall))
        } else {
            false
        }
    }
}

/// An op inside a scope (read-only; `Copy`).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct OpRef<'s> {
    op: Op<'s>,
    wall: Op<'s>,
}

/// An SSA value inside a scope: an op result or a block argument.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct ValueRef<'s> {
    value: RawValue<'s>,
    wall: Op<'s>,
}

/// A block inside a scope.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct BlockRef<'s> {
    block: RawBlock<'s>,
    wall: Op<'s>,
}

/// A region of an op inside a scope.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RegionRef<'s> {
    region: RawRegion<'s>,
    wall: Op<'s>,
}

/// The typed view of an op inside a scope, generated from ODS next to the
/// op's bridge view (`MulIOpRef` for `MulIOp`): what a pattern rooted at
/// that op receives ([`OdsOp::Scoped`](crate::ir::typed::OdsOp::Scoped)). It
/// reads operands, results and attributes by their ODS names
/// (`op.rhs()`, `op.overflow_flags()`), and is an [`OpRef`] for the rest
/// (through `Deref`, or `into()`).
pub trait ScopedOp<'s>: Copy + Deref<Target = OpRef<'s>> + Into<OpRef<'s>> {
    /// The view of `op`, which the caller knows to be of this kind (the
    /// pattern driver only calls a pattern on ops of its root's name). A
    /// view of another kind of op is no unsoundness: its getters panic
    /// (an operand it lacks) or read an absent attribute.
    #[doc(hidden)]
    fn __from_op_ref_unchecked(op: OpRef<'s>) -> Self;
}

/// Where an [`OpRef::walk`] goes next.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// Into the op's regions, then on.
    Advance,
    /// On, past the op's regions.
    Skip,
    /// Nowhere: the walk ends.
    Interrupt,
}

impl<'s> OpRef<'s> {
    /// The handle of `op` in the scope of `wall` (`op` is `wall` or nested
    /// in it).
    #[inline]
    pub(crate) fn new(op: Op<'s>, wall: Op<'s>) -> OpRef<'s> {
        OpRef { op, wall }
    }

    #[inline]
    fn wrap(self, op: Op<'s>) -> OpRef<'s> {
        OpRef::new(op, self.wall)
    }

    #[inline]
    fn value(self, value: RawValue<'s>) -> ValueRef<'s> {
        ValueRef {
            value,
            wall: self.wall,
        }
    }

    /// The op's name (`arith.addi`).
    pub fn name(self) -> &'s str {
        self.op.name()
    }

    /// True when the op is an `O` (an op type of `rmlir::ods`).
    pub fn is<O: crate::ir::typed::OdsOp<'static>>(self) -> bool {
        self.op.name() == O::NAME
    }

    /// The op's location.
    pub fn location(self) -> Location<'s> {
        // SAFETY: locations are uniqued in the context, which outlives 's.
        unsafe { Location::from_raw(self.op.location().raw()) }
    }

    /// The number of operands.
    pub fn num_operands(self) -> usize {
        self.op.num_operands()
    }

    /// Operand `i`, if the op has that many.
    pub fn operand(self, i: usize) -> Option<ValueRef<'s>> {
        (i < self.op.num_operands()).then(|| self.value(self.op.operand(i)))
    }

    /// The operands, in order.
    pub fn operands(self) -> impl Iterator<Item = ValueRef<'s>> {
        self.op.operands().map(move |v| self.value(v))
    }

    /// The number of results.
    pub fn num_results(self) -> usize {
        self.op.num_results()
    }

    /// Result `i`, if the op has that many.
    pub fn result(self, i: usize) -> Option<ValueRef<'s>> {
        (i < self.op.num_results()).then(|| self.value(self.op.result(i)))
    }

    /// The results, in order.
    pub fn results(self) -> impl Iterator<Item = ValueRef<'s>> {
        self.op.results().map(move |v| self.value(v))
    }

    /// The attribute named `name` (inherent or discardable), if present.
    pub fn attribute(self, name: &str) -> Option<Attribute<'s>> {
        let attr = self.op.attr(name)?;
        // SAFETY: attributes are uniqued in the context, which outlives 's.
        Some(unsafe { Attribute::from_raw(attr.raw()) })
    }

    /// Every attribute (inherent, then discardable) with its name.
    pub fn attributes(self) -> Vec<(&'s str, Attribute<'s>)> {
        let mut all = self.op.attributes();
        all.extend(self.op.discardable_attributes());
        all.into_iter()
            // SAFETY: attributes are uniqued in the context, which outlives 's.
            .map(|(n, a)| (n, unsafe { Attribute::from_raw(a.raw()) }))
            .collect()
    }

    /// The number of regions.
    pub fn num_regions(self) -> usize {
        self.op.num_regions()
    }

    /// Region `i`, if the op has that many.
    pub fn region(self, i: usize) -> Option<RegionRef<'s>> {
        self.op.region(i).map(|region| RegionRef {
            region,
            wall: self.wall,
        })
    }

    /// The regions, in order.
    pub fn regions(self) -> impl Iterator<Item = RegionRef<'s>> {
        (0..self.num_regions()).filter_map(move |i| self.region(i))
    }

    /// True when this op is the scope's: the op the pass runs on, or the
    /// isolated op the pattern's match lies in.
    pub fn is_scope(self) -> bool {
        self.op == self.wall
    }

    /// The op holding this one; None for the scope's op (nothing above it
    /// is reachable).
    pub fn parent_op(self) -> Option<OpRef<'s>> {
        if self.is_scope() {
            return None;
        }
        self.op.parent_op().map(|o| self.wrap(o))
    }

    /// The block holding this op; None for the scope's op.
    pub fn block(self) -> Option<BlockRef<'s>> {
        if self.is_scope() {
            return None;
        }
        self.op.parent_block().map(|block| BlockRef {
            block,
            wall: self.wall,
        })
    }

    /// The next op in the same block; None for the scope's op.
    pub fn next_in_block(self) -> Option<OpRef<'s>> {
        if self.is_scope() {
            return None;
        }
        // SAFETY: the op is live and attached (it is nested in the scope).
        unsafe { Op::from_raw(mlirOperationGetNextInBlock(self.op.raw())) }.map(|o| self.wrap(o))
    }

    /// The previous op in the same block; None for the scope's op.
    pub fn prev_in_block(self) -> Option<OpRef<'s>> {
        if self.is_scope() {
            return None;
        }
        let block = self.op.parent_block()?;
        let mut prev = None;
        for o in block.ops() {
            if o == self.op {
                return prev.map(|p| self.wrap(p));
            }
            prev = Some(o);
        }
        None
    }

    /// The constant the op holds, when it is `ConstantLike` (any dialect's):
    /// what MLIR's `m_Constant` binds.
    pub fn constant_value(self) -> Option<Attribute<'s>> {
        if !self.op.is_constant_like() {
            return None;
        }
        let attr = self.op.constant_value()?;
        // SAFETY: attributes are uniqued in the context, which outlives 's.
        Some(unsafe { Attribute::from_raw(attr.raw()) })
    }

    /// Visits this op and every op nested in it, in pre-order (an op before
    /// its regions' ops); `visit` says whether to go into an op's regions,
    /// past them, or stop.
    pub fn walk(self, mut visit: impl FnMut(OpRef<'s>) -> Walk) {
        // A walk of our own over the handles (not MLIR's, with a callback
        // that could unwind through C++).
        fn go<'s>(op: OpRef<'s>, visit: &mut dyn FnMut(OpRef<'s>) -> Walk) -> bool {
            match visit(op) {
                Walk::Interrupt => return false,
                Walk::Skip => return true,
                Walk::Advance => {}
            }
            for region in op.regions() {
                for block in region.blocks() {
                    for inner in block.ops() {
                        if !go(inner, visit) {
                            return false;
                        }
                    }
                }
            }
            true
        }
        go(self, &mut visit);
    }

    /// Every op nested in this one (itself excluded), in pre-order.
    pub fn nested_ops(self) -> Vec<OpRef<'s>> {
        let mut all = Vec::new();
        self.walk(|o| {
            if o != self {
                all.push(o);
            }
            Walk::Advance
        });
        all
    }

    // The read-only primitives of the typed views generated from ODS
    // (`ScopedOp`), hidden from the docs.

    /// Operand `i`, for a getter of a typed view. Panics, naming the op,
    /// when it has fewer (IR that did not verify): a panic in a pattern is
    /// caught, and becomes a diagnostic at the op.
    #[doc(hidden)]
    pub fn __operand(self, i: usize) -> ValueRef<'s> {
        self.operand(i).unwrap_or_else(|| {
            panic!(
                "`{}` has {} operands: it has no operand {i}",
                self.name(),
                self.num_operands()
            )
        })
    }

    /// Region `i`, for a getter of a typed view. Panics, naming the op,
    /// when it has fewer (IR that did not verify).
    #[doc(hidden)]
    pub fn __region(self, i: usize) -> RegionRef<'s> {
        self.region(i).unwrap_or_else(|| {
            panic!(
                "`{}` has {} regions: it has no region {i}",
                self.name(),
                self.num_regions()
            )
        })
    }

    /// Result `i`, for a getter of a typed view. Panics, naming the op,
    /// when it has fewer (IR that did not verify).
    #[doc(hidden)]
    pub fn __result(self, i: usize) -> ValueRef<'s> {
        self.result(i).unwrap_or_else(|| {
            panic!(
                "`{}` has {} results: it has no result {i}",
                self.name(),
                self.num_results()
            )
        })
    }

    /// The enum attribute `name`, attribute `index` of the ODS op of id
    /// `id` (this op), as stored; None when absent or no enum.
    #[doc(hidden)]
    pub fn __ods_enum(self, id: u32, index: u32, name: &str) -> Option<u64> {
        self.op.ods_enum(id, index, name)
    }

    /// Attribute `name`, attribute `index` of the ODS op of id `id` (this
    /// op); None when absent.
    #[doc(hidden)]
    pub fn __ods_attr(self, id: u32, index: u32, name: &str) -> Option<Attribute<'s>> {
        let attr = self.op.ods_attr(id, index, name)?;
        // SAFETY: attributes are uniqued in the context, which outlives 's.
        Some(unsafe { Attribute::from_raw(attr.raw()) })
    }
}

impl fmt::Display for OpRef<'_> {
    /// The op as MLIR prints it, values named within the closest isolated
    /// op (never numbering beyond the scope).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&print_local(self.op))
    }
}

impl fmt::Debug for OpRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "OpRef({})", self.op.name())
    }
}

/// `op` printed with MLIR's local scope: values are numbered within its
/// closest isolated ancestor (or itself), so nothing above the scope is
/// read.
fn print_local(op: Op<'_>) -> String {
    unsafe extern "C" fn push(s: MlirStringRef, data: *mut c_void) {
        // SAFETY: data is the &mut Vec<u8> passed below; s is valid for the
        // duration of the callback.
        unsafe {
            let out = &mut *(data as *mut Vec<u8>);
            out.extend_from_slice(std::slice::from_raw_parts(s.data.cast(), s.length));
        }
    }
    let mut out: Vec<u8> = Vec::new();
    // SAFETY: the op is live; the flags are created and destroyed here; the
    // callback only appends to `out`, which outlives the call.
    unsafe {
        let flags = mlirOpPrintingFlagsCreate();
        mlirOpPrintingFlagsUseLocalScope(flags);
        mlirOperationPrintWithFlags(
            op.raw(),
            flags,
            Some(push),
            &mut out as *mut Vec<u8> as *mut c_void,
        );
        mlirOpPrintingFlagsDestroy(flags);
    }
    String::from_utf8_lossy(&out).into_owned()
}

impl<'s> ValueRef<'s> {
    /// The bridge's handle (for the FFI layer).
    #[inline]
    pub(crate) fn raw_value(self) -> RawValue<'s> {
        self.value
    }

    /// The value's type.
    pub fn r#type(self) -> Type<'s> {
        // SAFETY: types are uniqued in the context, which outlives 's.
        unsafe { Type::from_raw(self.value.ty().raw()) }
    }

    /// The op whose result this is; None for a block argument, and for a
    /// value defined outside the scope (an operand of the scope's op).
    pub fn defining_op(self) -> Option<OpRef<'s>> {
        let op = self.value.defining_op()?;
        within(op, self.wall).then_some(OpRef::new(op, self.wall))
    }

    /// The op that defines this value, when it is an `O`.
    pub fn defined_by<O: crate::ir::typed::OdsOp<'static>>(self) -> Option<OpRef<'s>> {
        self.defining_op().filter(|o| o.is::<O>())
    }

    /// The block whose argument this is; None for an op result, and for a
    /// block outside the scope.
    pub fn owner_block(self) -> Option<BlockRef<'s>> {
        let block = self.value.owner_block()?;
        let holder = block.parent_op()?;
        within(holder, self.wall).then_some(BlockRef {
            block,
            wall: self.wall,
        })
    }

    /// The index of the value among its op's results or its block's
    /// arguments.
    pub fn index(self) -> usize {
        // SAFETY: the value is live; each query matches its kind.
        unsafe {
            if mlirValueIsAOpResult(self.value.raw()) {
                mlirOpResultGetResultNumber(self.value.raw()) as usize
            } else {
                mlirBlockArgumentGetArgNumber(self.value.raw()) as usize
            }
        }
    }

    /// True when the value is a block argument.
    pub fn is_block_argument(self) -> bool {
        // SAFETY: the value is live.
        unsafe { mlirValueIsABlockArgument(self.value.raw()) }
    }

    /// True when something uses the value.
    pub fn has_uses(self) -> bool {
        self.value.has_uses()
    }

    /// The ops in the scope that use the value (each once per use).
    pub fn users(self) -> Vec<OpRef<'s>> {
        self.value
            .users()
            .into_iter()
            .filter(|u| within(*u, self.wall))
            .map(|u| OpRef::new(u, self.wall))
            .collect()
    }

    /// The constant the value holds: the attribute of the `ConstantLike` op
    /// (of any dialect) defining it, as MLIR's `m_Constant` binds it.
    pub fn constant(self) -> Option<Attribute<'s>> {
        self.defining_op()?.constant_value()
    }
}

impl fmt::Debug for ValueRef<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "ValueRef({} #{} : {})",
            if self.is_block_argument() {
                "argument"
            } else {
                "result"
            },
            self.index(),
            self.value.ty().to_string_lossy()
        )
    }
}

impl<'s> BlockRef<'s> {
    /// The number of arguments.
    pub fn num_arguments(self) -> usize {
        self.block.num_arguments()
    }

    /// Argument `i`, if the block has that many.
    pub fn argument(self, i: usize) -> Option<ValueRef<'s>> {
        (i < self.num_arguments()).then(|| ValueRef {
            value: self.block.argument(i),
            wall: self.wall,
        })
    }

    /// The arguments, in order.
    pub fn arguments(self) -> impl Iterator<Item = ValueRef<'s>> {
        (0..self.num_arguments()).filter_map(move |i| self.argument(i))
    }

    /// The ops of the block, in order.
    pub fn ops(self) -> impl Iterator<Item = OpRef<'s>> {
        let wall = self.wall;
        self.block.ops().map(move |op| OpRef::new(op, wall))
    }

    /// The first op, if any.
    pub fn first_op(self) -> Option<OpRef<'s>> {
        self.ops().next()
    }

    /// The block's terminator, if it has one.
    pub fn terminator(self) -> Option<OpRef<'s>> {
        self.block.terminator().map(|o| OpRef::new(o, self.wall))
    }

    /// The op whose region holds the block (in the scope).
    pub fn parent_op(self) -> Option<OpRef<'s>> {
        self.block.parent_op().map(|o| OpRef::new(o, self.wall))
    }
}

impl<'s> RegionRef<'s> {
    /// The blocks, in order.
    pub fn blocks(self) -> impl Iterator<Item = BlockRef<'s>> {
        let wall = self.wall;
        self.region
            .blocks()
            .map(move |block| BlockRef { block, wall })
    }

    /// The first block, if any.
    pub fn first_block(self) -> Option<BlockRef<'s>> {
        self.blocks().next()
    }
}
