//! Regions and blocks: what region-holding ops (`rshape.assuming`,
//! `rshape.reduce`, ...) need to verify and rewrite themselves.

use crate::ir::{Detached, Op, Type, Value};
use mlir_sys::*;
use std::ffi::c_void;
use std::marker::PhantomData;
use std::ptr::NonNull;

/// A region of an op.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct Region<'ir>(NonNull<c_void>, PhantomData<&'ir ()>);

/// A block of a region.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
#[repr(transparent)]
pub struct Block<'ir>(NonNull<c_void>, PhantomData<&'ir ()>);

impl<'ir> Region<'ir> {
    /// Wraps a raw region; `None` for a null one.
    ///
    /// # Safety
    ///
    /// `raw` is null or a live region, as the C API gave it.
    #[inline]
    unsafe fn from_raw(raw: MlirRegion) -> Option<Self> {
        NonNull::new(raw.ptr).map(|p| Region(p, PhantomData))
    }
    #[inline]
    pub(crate) fn raw(self) -> MlirRegion {
        MlirRegion {
            ptr: self.0.as_ptr(),
        }
    }
    /// The first block, if the region has any.
    #[inline]
    pub fn first_block(self) -> Option<Block<'ir>> {
        // SAFETY: the region is live.
        unsafe { Block::from_raw(mlirRegionGetFirstBlock(self.raw())) }
    }
    /// Every block, in order.
    #[inline]
    pub fn blocks(self) -> impl Iterator<Item = Block<'ir>> {
        std::iter::successors(self.first_block(), |b| {
            // SAFETY: the block is live.
            unsafe { Block::from_raw(mlirBlockGetNextInRegion(b.raw())) }
        })
    }
    /// Appends a new block with arguments of `types` (at `loc`).
    pub fn append_block(self, types: &[Type<'ir>], loc: crate::ir::Location<'ir>) -> Block<'ir> {
        self.append_block_with_locs(types, &vec![loc; types.len()])
    }
    /// Appends a new block with an argument of each type of `types`, at the
    /// location of the same index in `locs` (as many as types); panics
    /// when the counts differ.
    pub fn append_block_with_locs(
        self,
        types: &[Type<'ir>],
        locs: &[crate::ir::Location<'ir>],
    ) -> Block<'ir> {
        // SAFETY: the region is live (a region of an op).
        let context = unsafe { crate::bindings::rmlirRegionGetContext(self.raw()) };
        assert_eq!(types.len(), locs.len(), "one location per block argument");
        assert!(
            locs.iter().all(|l| l.context().raw().ptr == context.ptr)
                && types.iter().all(|t| t.context().raw().ptr == context.ptr),
            "a block of another context's types or location"
        );
        let locs: Vec<MlirLocation> = locs.iter().map(|l| l.raw()).collect();
        // SAFETY: the types and locations are live and the arrays have
        // `types.len()` entries; the new block is handed to the live region,
        // which owns it from then on.
        unsafe {
            let block = mlirBlockCreate(types.len() as isize, types.as_ptr().cast(), locs.as_ptr());
            mlirRegionAppendOwnedBlock(self.raw(), block);
            Block::from_raw(block).expect("new block")
        }
    }
    /// Moves every block of `source` into this region, which must be empty
    /// (MLIR would free what it holds), of the same context, and must not
    /// be, or be nested in, `source`; panics otherwise.
    pub fn take_body(self, source: Region<'ir>) {
        // SAFETY: both regions are live.
        let can = unsafe { crate::bindings::rmlirRegionCanTakeBody(self.raw(), source.raw()) };
        assert!(
            can,
            "taking a body into a region that has blocks, that the body holds, or of another context"
        );
        // SAFETY: both regions are live; this one is empty and not in the
        // source.
        unsafe { mlirRegionTakeBody(self.raw(), source.raw()) }
    }
}

impl<'ir> Block<'ir> {
    /// Wraps a raw block; `None` for a null one.
    ///
    /// # Safety
    ///
    /// `raw` is null or a live block, as the C API gave it.
    #[inline]
    pub(crate) unsafe fn from_raw(raw: MlirBlock) -> Option<Self> {
        NonNull::new(raw.ptr).map(|p| Block(p, PhantomData))
    }
    #[inline]
    pub(crate) fn raw(self) -> MlirBlock {
        MlirBlock {
            ptr: self.0.as_ptr(),
        }
    }
    /// Number of block arguments.
    #[inline]
    pub fn num_arguments(self) -> usize {
        // SAFETY: the block is live.
        unsafe { mlirBlockGetNumArguments(self.raw()) as usize }
    }
    /// The types of the block arguments.
    pub fn argument_types(self) -> impl Iterator<Item = Type<'ir>> {
        (0..self.num_arguments()).map(move |i| {
            // SAFETY: the block is live and i is in range.
            let arg = unsafe { mlirBlockGetArgument(self.raw(), i as isize) };
            // SAFETY: a handle MLIR gave us: live (or null).
            unsafe { Value::from_raw(arg) }
                .expect("block argument")
                .ty()
        })
    }
    /// Block argument `i`.
    #[inline]
    pub fn argument(self, i: usize) -> Value<'ir> {
        assert!(i < self.num_arguments(), "block argument index");
        // SAFETY: the block is live and i is in range.
        unsafe { Value::from_raw(mlirBlockGetArgument(self.raw(), i as isize)) }.expect("argument")
    }
    /// Appends a detached op at the end of the block, which takes it.
    #[inline]
    pub fn append(self, op: Detached<'ir>) -> Op<'ir> {
        // SAFETY: the block is live; the op is detached (never inserted),
        // and appended only where it may go.
        op.insert_with(|raw| unsafe {
            let can = crate::bindings::rmlirCanInsertInto(raw, self.raw());
            if can {
                mlirBlockAppendOwnedOperation(self.raw(), raw);
            }
            can
        })
    }
    /// The ops of the block, in order.
    pub fn ops(self) -> impl Iterator<Item = Op<'ir>> {
        // SAFETY: the block is live.
        let first = unsafe { Op::from_raw(mlirBlockGetFirstOperation(self.raw())) };
        std::iter::successors(first, |op| {
            // SAFETY: the op is live and in this block.
            unsafe { Op::from_raw(mlirOperationGetNextInBlock(op.raw())) }
        })
    }
    /// The block's terminator, if its last op is one.
    pub fn terminator(self) -> Option<Op<'ir>> {
        // SAFETY: the block is live.
        unsafe { Op::from_raw(mlirBlockGetTerminator(self.raw())) }
    }
}

impl<'ir> Op<'ir> {
    /// Region `i` of the op.
    pub fn region(self, i: usize) -> Option<Region<'ir>> {
        // SAFETY: the op is live; the index is checked against the count.
        unsafe {
            if (i as isize) < mlirOperationGetNumRegions(self.raw()) {
                Region::from_raw(mlirOperationGetRegion(self.raw(), i as isize))
            } else {
                None
            }
        }
    }
    /// The op that holds this op's region, if any.
    #[inline]
    pub fn parent_op(self) -> Option<Op<'ir>> {
        // SAFETY: the op is live.
        unsafe { Op::from_raw(mlirOperationGetParentOperation(self.raw())) }
    }
    /// The block that holds the op.
    #[inline]
    pub fn parent_block(self) -> Option<Block<'ir>> {
        // SAFETY: the op is live.
        unsafe { Block::from_raw(mlirOperationGetBlock(self.raw())) }
    }
    /// The types of the op's results.
    #[inline]
    pub fn result_types(self) -> impl Iterator<Item = Type<'ir>> {
        (0..self.num_results()).map(move |i| self.result(i).ty())
    }
}

impl<'ir> Block<'ir> {
    /// The op whose region holds the block (None for a detached block).
    #[inline]
    pub fn parent_op(self) -> Option<Op<'ir>> {
        // SAFETY: the block is live.
        unsafe { Op::from_raw(mlirBlockGetParentOperation(self.raw())) }
    }
}

impl<'ir> Value<'ir> {
    /// The block whose argument this value is (None for an op result).
    #[inline]
    pub fn owner_block(self) -> Option<Block<'ir>> {
        // SAFETY: the value is live; only a block argument is asked for its
        // owner.
        unsafe {
            if mlirValueIsABlockArgument(self.raw()) {
                Block::from_raw(mlirBlockArgumentGetOwner(self.raw()))
            } else {
                None
            }
        }
    }
}
