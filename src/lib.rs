//! rmlir: MLIR's `arith` and `shape` dialects, as `rarith` and `rshape`,
//! implemented in Rust and living inside a real upstream MLIR 22 context.
//!
//! Parse a program (or build one), transform it with rmlir's passes and
//! your own, lower it to the LLVM dialect and run it in the JIT:
//!
//! ```
//! use melior::ir::attribute::IntegerAttribute;
//! use melior::ir::operation::OperationLike;
//! use rmlir::jit::{Jit, OptLevel, Scalar};
//! use rmlir::ods::rarith::{IntegerOverflowFlags, MulIOp};
//! use rmlir::ops::rarith;
//! use rmlir::rewrite::Pattern;
//!
//! let context = rmlir::new_context();
//! let mut module = rmlir::parse(&context, "
//!     func.func @scale(%x: i32) -> i32 {
//!       %c4 = rarith.constant 4 : i32
//!       %c8 = rarith.constant 8 : i32
//!       %0 = rarith.muli %x, %c4 : i32
//!       %1 = rarith.muli %0, %c8 : i32
//!       return %1 : i32
//!     }")?;
//!
//! // The two multiplications by constants fold into one (x * 32).
//! rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)")?;
//! assert!(module.as_operation().to_string().contains("rarith.constant 32 : i32"));
//!
//! // A pattern of your own (x * 2^k -> x << k), applied by a pass of your own.
//! let to_shift = Pattern::new::<MulIOp>("mul-to-shift", |op, rewriter| {
//!     let c = IntegerAttribute::try_from(op.rhs().constant()?).ok()?.value();
//!     (c > 0 && c.count_ones() == 1).then_some(())?;
//!     let x = op.lhs();
//!     let k = IntegerAttribute::new(x.r#type(), c.trailing_zeros().into());
//!     let k = rewriter.insert(rarith::constant(op.location(), k.into()).ok()?).ok()?;
//!     let flags = IntegerOverflowFlags::NONE;
//!     let shl = rarith::shli(op.location(), x, k.result(0)?, flags).ok()?;
//!     let shl = rewriter.insert(shl).ok()?;
//!     rewriter.replace_root(&[shl.result(0)?]).ok()
//! });
//! rmlir::pipeline::register_pass("mul-to-shift", "x * 2^k -> x << k", move |pass| {
//!     pass.apply_greedily(std::slice::from_ref(&to_shift))
//! })?;
//! rmlir::pipeline::run(&context, &mut module, "builtin.module(mul-to-shift)")?;
//! assert!(module.as_operation().to_string().contains("rarith.shli %arg0, %c5_i32 : i32"));
//!
//! // Lower to the LLVM dialect and call it.
//! rmlir::pipeline::emit_c_interfaces(&mut module);
//! rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM)?;
//! let jit = Jit::new(&module, OptLevel::O2, &[])?;
//! assert_eq!(jit.call("scale", &[Scalar::I32(3)], Some(Scalar::I32(0)))?, Some(Scalar::I32(96)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Every IR handle a pass or pattern body gets is scoped and bounded (see
//! [`soundness`]): safe code using this API cannot reach freed IR, IR of
//! another context, or IR another thread is changing.
//!
//! Your own passes join pipelines by name ([`pipeline::register_pass`]),
//! with typed options if you like ([`pass_options!`],
//! [`pipeline::register_pass_with_options`]);
//! your own rewrite patterns, closures rooted at an op type generated from
//! ODS, join `canonicalize` or run in your passes ([`rewrite`]); a failed
//! pipeline, a panicking pattern among its causes, returns MLIR's
//! diagnostics (one [`Error`] type throughout); [`plugin!`] makes your
//! `cdylib` a plugin for stock `mlir-opt` that carries all of it. A crate
//! that depends on rmlir needs no build script of its own (see the README,
//! and `examples/downstream`, a crate that does all of this).
//!
//! The public surface: [`new_context`], [`parse`], [`new_module`], [`ops`]
//! (builders), [`ods`] (the ODS enums and flags, op types), [`ir`] (the
//! scoped handles of pass and pattern bodies), [`pipeline`] (running and
//! registering passes), [`pass_options!`], [`rewrite`] (patterns),
//! [`jit`], [`plugin!`], [`Error`]. Types, attributes and locations are
//! melior's; IR handles in passes and patterns are rmlir's own ([`ir`]).
//! The other modules are rmlir's own layers, private unless rmlir's
//! `internals` feature (its tests, benchmark and fuzzer) makes them public;
//! data flows downward only:
//! - `semantics`: pure Rust, no MLIR types (predicates, the shape
//!   lattice, the enums of our ODS; integers and floats from the bridge);
//! - `ffi`: the `rmlir-bridge` crate, the only one with `unsafe`: safe
//!   handles over the MLIR C API and the C++ bridge, the hook model and
//!   table, the panic guard, the plugin entry points, MLIR's value
//!   semantics (APInt, APFloat); it names no dialect and dispatches
//!   through the descriptor it is given;
//! - `ods`: the typed layer generated from ODS (op views, op identity);
//! - `arith`, `shape`: per-op hooks (folders, verifiers, patterns),
//!   implemented as the traits of `rmlir_bridge::model::hooks`;
//! - `passes`: Rust passes (lowering);
//! - `registry`: the hook table generated from ODS and rmlir's
//!   descriptor; `dialects`: rarith/rshape as MLIR sees them (handles,
//!   registration, plugin entry points).

#![deny(unsafe_code)]
// Without `internals`, the layers below are private and what only rmlir's
// tests use of them is unused.
#![cfg_attr(not(feature = "internals"), allow(dead_code))]

// rmlir's own layers: public but hidden from the docs with the `internals`
// feature (rmlir's tests, benchmark and fuzzer), private otherwise: a crate
// that depends on rmlir works with melior's handles and the typed API. (Spelled out: a module declared by a macro could not export
// the macros it defines.)
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod arith;
#[cfg(not(feature = "internals"))]
mod arith;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod dialects;
#[cfg(not(feature = "internals"))]
mod dialects;
// The FFI layer is the bridge crate: rmlir itself has no `unsafe`.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub use rmlir_bridge as ffi;
#[cfg(not(feature = "internals"))]
use rmlir_bridge as ffi;
pub mod ods;
pub mod ops;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod passes;
#[cfg(not(feature = "internals"))]
mod passes;
pub mod pipeline;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod registry;
#[cfg(not(feature = "internals"))]
mod registry;
pub mod rewrite;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod semantics;
#[cfg(not(feature = "internals"))]
mod semantics;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod shape;
#[cfg(not(feature = "internals"))]
mod shape;
pub mod soundness;
/// Translation validation: proofs with an SMT solver that a transformed
/// function refines the original (see the module docs).
pub mod tv;
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod types;
#[cfg(not(feature = "internals"))]
mod types;

pub use rmlir_bridge::error::{Error, ErrorKind};

/// Declares the options struct of a pass of your own, for
/// [`pipeline::register_pass_with_options`].
pub use rmlir_bridge::pass_options;

/// The IR handles of pass and pattern bodies: read-only, scoped to the op
/// the pass runs on (or the isolated op a pattern's match lies in), bounded
/// by the borrow they came from. See the crate's "Soundness" section.
pub mod ir {
    pub use crate::ffi::scoped::{BlockRef, OpRef, RegionRef, ScopedOp, ValueRef, Walk};
}

/// Parses `source` as a module of `context`, bound to the context's
/// lifetime (melior's `Module::parse` is not). A module that does not
/// parse or verify is an [`Error`] of kind [`ErrorKind::Parse`] with
/// MLIR's diagnostics.
///
/// ```
/// use melior::ir::operation::OperationLike;
/// let context = rmlir::new_context();
/// let module = rmlir::parse(&context, "func.func @f() { return }").unwrap();
/// assert!(module.as_operation().verify());
/// let error = rmlir::parse(&context, "func.func @f( {").unwrap_err();
/// assert_eq!(error.kind(), rmlir::ErrorKind::Parse);
/// assert!(error.diagnostics()[0].contains("expected"), "{error}");
/// ```
pub fn parse<'c>(
    context: &'c melior::Context,
    source: &str,
) -> Result<melior::ir::Module<'c>, Error> {
    let (module, diagnostics) =
        ffi::diagnostics::capture(context, || melior::ir::Module::parse(context, source));
    module.ok_or_else(|| {
        Error::new(ErrorKind::Parse, "the source does not parse as a module")
            .with_diagnostics(diagnostics)
    })
}

/// An empty module of `context`, bound to the context's lifetime (melior's
/// `Module::new` is not).
pub fn new_module(context: &melior::Context) -> melior::ir::Module<'_> {
    melior::ir::Module::new(melior::ir::Location::unknown(context))
}

/// Loads an MLIR plugin into this process (`mlir-opt`'s
/// `--load-dialect-plugin` and `--load-pass-plugin`): another library built
/// on the bridge (a dialect of your own, a `cdylib` with
/// `rmlir_bridge::export_plugin!`) serves its dialects next to rarith and
/// rshape with its own hooks, so one pipeline can lower it to rarith. See
/// `tests/plugins.rs`.
pub use rmlir_bridge::plugin::load_plugin;

/// Running lowered modules: MLIR's ExecutionEngine, called with scalars and
/// ranked memrefs, each call checked against the function's signature (a
/// mismatch is an `Err`, never a call), and IEEE-exact code on every host
/// by default.
pub mod jit {
    pub use crate::ffi::exec::{
        Arg, CpuFeatures, Element, HostCpu, Jit, MemRef, OptLevel, Returned, Scalar, host_cpu,
        unbuffer_c_stdout,
    };
}

/// The `main` of `rmlir-opt`: MLIR's `mlir-opt` driver with every upstream
/// dialect and pass and rarith, rshape and rmlir's passes registered;
/// returns the exit code.
pub fn opt_main(args: &[String]) -> i32 {
    dialects::opt_main(args)
}

/// `rmlir-lsp-server`'s main: upstream's MLIR language server (over stdio)
/// with every upstream dialect plus rarith and rshape; returns the exit
/// code.
pub fn lsp_server_main(args: &[String]) -> i32 {
    dialects::lsp_server_main(args)
}

/// `rmlir-reduce`'s main: upstream's `mlir-reduce` with every upstream
/// dialect and pass plus rarith, rshape and the rmlir passes; returns the
/// exit code.
pub fn reduce_main(args: &[String]) -> i32 {
    dialects::reduce_main(args)
}

pub use dialects::{new_context, register_dialects, register_passes};

/// Makes the `cdylib` crate it is used in a plugin for stock `mlir-opt`
/// that carries rarith, rshape, rmlir's passes and what `$register` (a
/// `fn()`) adds: passes ([`pipeline::register_pass`](crate::pipeline::register_pass))
/// and canonicalization patterns
/// ([`rewrite::add_to_canonicalize`](crate::rewrite::add_to_canonicalize)).
/// `$register` runs once, when `mlir-opt` loads the library
/// (`--load-dialect-plugin` or `--load-pass-plugin`), before any pipeline
/// is parsed; a panic in it is reported, not propagated.
///
/// ```ignore
/// fn register() {
///     rmlir::pipeline::register_pass("my-pass", "Does mine", |op| Ok(())).unwrap();
/// }
/// rmlir::plugin!(register);
/// ```
#[macro_export]
macro_rules! plugin {
    ($register:path) => {
        $crate::__export_registration!($crate::pipeline::__run_plugin_registration($register));
    };
}

#[doc(hidden)]
pub use rmlir_bridge::export_registration as __export_registration;
