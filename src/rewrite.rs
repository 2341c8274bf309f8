//! Rewrite patterns written in safe Rust: a closure (with whatever state it
//! captures) rooted at an op type generated from ODS, on the scoped handles
//! of [`crate::ir`]. A pattern joins `canonicalize`
//! ([`add_to_canonicalize`]) or runs in MLIR's greedy driver from your own
//! pass ([`PassScope::apply_greedily`](crate::pipeline::PassScope::apply_greedily)).
//!
//! The closure gets the root op, through its typed scoped view
//! (`MulIOpRef` for [`MulIOp`](crate::ods::rarith::MulIOp): operands,
//! results and attributes by their ODS names, `op.rhs()`,
//! `op.overflow_flags()`, and an [`OpRef`](crate::ir::OpRef) for the
//! rest), and a [`Rewriter`]: it inserts new ops (built with
//! [`crate::ops`]) before the root, and replaces or erases the root.
//! Replacing and erasing take effect when the closure returns, so no
//! handle it holds can dangle; the pattern applied when it changed the IR.
//! What it inserts may only use values in the IR (an op it built but did
//! not insert gives none: that is an `Err`). A panic in a pattern is
//! caught: it becomes an error diagnostic at the root, and the pipeline or
//! the greedy run fails.
//!
//! ```
//! use melior::ir::attribute::IntegerAttribute;
//! use rmlir::ods::rarith::{IntegerOverflowFlags, MulIOp};
//! use rmlir::rewrite::Pattern;
//!
//! // x * 2 -> x + x: a toy strength reduction, rooted at rarith.muli.
//! let pattern = Pattern::new::<MulIOp>("doc-mul-by-two", |op, rewriter| {
//!     let rhs = IntegerAttribute::try_from(op.rhs().constant()?).ok()?;
//!     (rhs.value() == 2).then_some(())?;
//!     let lhs = op.lhs();
//!     let add = rmlir::ops::rarith::addi(op.location(), lhs, lhs, IntegerOverflowFlags::NONE)
//!         .ok()?;
//!     let add = rewriter.insert(add).ok()?;
//!     rewriter.replace_root(&[add.result(0)?]).ok()
//! });
//! rmlir::rewrite::add_to_canonicalize(pattern).unwrap();
//!
//! let context = rmlir::new_context();
//! let mut module = rmlir::parse(&context, "func.func @f(%x: i32) -> i32 {
//!     %c2 = rarith.constant 2 : i32
//!     %0 = rarith.muli %x, %c2 : i32
//!     return %0 : i32
//! }").unwrap();
//! rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)").unwrap();
//! let text = module.as_operation().to_string();
//! assert!(text.contains("rarith.addi %arg0, %arg0 : i32"), "{text}");
//! ```

use crate::Error;

pub use crate::ffi::user_patterns::{Pattern, Rewriter};

/// Adds `pattern` to `canonicalize`: every canonicalize pass that starts
/// from now on, in this process (in pipelines run from Rust, in
/// `rmlir-opt`, and in `mlir-opt` loading a plugin that registers it),
/// applies it with rmlir's own patterns. Fails when the pattern is not
/// rooted at an rarith/rshape op or its name is taken.
pub fn add_to_canonicalize(pattern: Pattern) -> Result<(), Error> {
    if crate::registry::op_id(pattern.root()).is_none() {
        return Err(Error::new(
            crate::ErrorKind::Registration,
            format!(
                "pattern `{}` is rooted at `{}`, which is no rarith or rshape op",
                pattern.name(),
                pattern.root()
            ),
        ));
    }
    crate::ffi::user_patterns::add_to_canonicalize(pattern)
}
