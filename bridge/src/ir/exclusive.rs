//! Exclusive access to a piece of IR: what a pass runs on, and what MLIR's
//! drivers (which free ops as they go) borrow mutably.

use crate::ir::{Context, Op};
use mlir_sys::{MlirOperation, mlirOperationGetContext};
use std::marker::PhantomData;

/// Exclusive access to an op and everything nested in it: the op a pass
/// runs on, or a melior module borrowed mutably.
///
/// Every handle to the IR is borrowed from it ([`Ir::root`], then what the
/// root leads to), and the drivers that free ops before they return
/// ([`greedy::apply_patterns_greedily`](crate::rewrite::greedy::apply_patterns_greedily),
/// [`DialectConversion::apply_partial`](crate::rewrite::dialect_conversion::DialectConversion::apply_partial),
/// [`IntRangeSolver::apply_patterns`](crate::analysis::dataflow::IntRangeSolver::apply_patterns))
/// borrow it mutably: no handle taken before a driver runs can be used
/// after it, so none can reach an op the driver freed.
///
/// Contexts, types and attributes are uniqued in the context and live as
/// long as it, not as long as the IR: [`Ir::context`] is not borrowed from
/// the token, so what a pass builds from it (the types a conversion
/// targets) can be kept across driver runs. Locations, ops, values, blocks
/// and regions come only from the IR, so an op a pass creates is bounded by
/// the IR borrow too.
///
/// ```compile_fail
/// use rmlir_bridge::exclusive::Ir;
/// use rmlir_bridge::greedy::apply_patterns_greedily;
/// fn pass(ir: &mut Ir) -> bool {
///     let first = ir.root().region(0).and_then(|r| r.first_block());
///     apply_patterns_greedily(ir, &[]); // error: `ir` is borrowed by `first`
///     first.is_some()
/// }
/// ```
pub struct Ir<'c> {
    root: MlirOperation,
    _context: PhantomData<&'c mut ()>,
}

impl<'c> Ir<'c> {
    /// Exclusive access to `root` and what it holds.
    ///
    /// # Safety
    ///
    /// `root` is a live op that stays alive, and that nothing else changes
    /// or frees, for `'c` (MLIR hands a pass its op so).
    #[inline]
    pub(crate) unsafe fn from_raw(root: MlirOperation) -> Ir<'c> {
        Ir {
            root,
            _context: PhantomData,
        }
    }

    /// Exclusive access to the module op of a melior module, for as long as
    /// the module is borrowed mutably.
    pub fn from_melior(module: &'c mut melior::ir::Module) -> Ir<'c> {
        // SAFETY: the module's op lives as long as the module, which is
        // borrowed mutably (so neither read nor changed elsewhere) for 'c.
        unsafe { Ir::from_raw(module.as_operation().to_raw()) }
    }

    /// The root op: every handle to the IR starts here, and lives no longer
    /// than this borrow of the token.
    #[inline]
    pub fn root(&self) -> Op<'_> {
        // SAFETY: the root is live for 'c, and the handle is bounded by
        // the borrow of the token, which drivers borrow mutably.
        unsafe { Op::from_raw(self.root) }.expect("a live root op")
    }

    /// The context of the IR, for all of `'c`: what it makes (types,
    /// attributes) lives as long as the context and can be kept across
    /// driver runs. It makes no op, value or location.
    #[inline]
    pub fn context(&self) -> Context<'c> {
        // SAFETY: the root is live; its context outlives the IR, so it is
        // live for 'c.
        unsafe { Context::from_raw(mlirOperationGetContext(self.root)) }.expect("a live context")
    }
}
