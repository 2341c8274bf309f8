//! rmlir: MLIR's `arith` and `shape` dialects, as `rarith` and `rshape`,
//! implemented in Rust and living inside a real upstream MLIR 22 context.
//!
//! Build a function with the builders generated from ODS ([`ops`]),
//! canonicalize it, lower it to the LLVM dialect and run it in the JIT:
//!
//! ```
//! use melior::dialect::func;
//! use melior::ir::attribute::{IntegerAttribute, StringAttribute, TypeAttribute};
//! use melior::ir::operation::OperationLike;
//! use melior::ir::r#type::{FunctionType, IntegerType};
//! use melior::ir::{Block, BlockLike, Identifier, Location, Module, Region, RegionLike, Type};
//! use rmlir::jit::{Jit, Scalar};
//! use rmlir::ods::rarith::IntegerOverflowFlags;
//! use rmlir::ops::rarith;
//!
//! let context = rmlir::new_context();
//! let location = Location::unknown(&context);
//! let i32t: Type = IntegerType::new(&context, 32).into();
//!
//! // func @scale(%x: i32) -> i32 { return (%x * 6) * 7 }
//! let block = Block::new(&[(i32t, location)]);
//! let x = block.argument(0).unwrap().into();
//! let six = block.append_operation(
//!     rarith::constant(location, IntegerAttribute::new(i32t, 6).into()).unwrap());
//! let seven = block.append_operation(
//!     rarith::constant(location, IntegerAttribute::new(i32t, 7).into()).unwrap());
//! let none = IntegerOverflowFlags::NONE;
//! let a = block.append_operation(
//!     rarith::muli(location, x, six.result(0).unwrap().into(), none).unwrap());
//! let b = block.append_operation(rarith::muli(
//!     location, a.result(0).unwrap().into(), seven.result(0).unwrap().into(), none).unwrap());
//! block.append_operation(func::r#return(&[b.result(0).unwrap().into()], location));
//! let body = Region::new();
//! body.append_block(block);
//! let mut module = Module::new(location);
//! module.body().append_operation(func::func(
//!     &context,
//!     StringAttribute::new(&context, "scale"),
//!     TypeAttribute::new(FunctionType::new(&context, &[i32t], &[i32t]).into()),
//!     body,
//!     &[(Identifier::new(&context, "sym_visibility"),
//!        StringAttribute::new(&context, "public").into())],
//!     location,
//! ));
//!
//! // The two multiplications by constants fold into one (x * 42).
//! rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)")?;
//! assert!(module.as_operation().to_string().contains("rarith.constant 42 : i32"));
//!
//! // Lower to the LLVM dialect and call it.
//! rmlir::pipeline::emit_c_interfaces(&mut module);
//! rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM)?;
//! let jit = Jit::new(&module, 2, &[])?;
//! assert_eq!(jit.call("scale", &[Scalar::I32(2)], Some(Scalar::I32(0)))?, Some(Scalar::I32(84)));
//! # Ok::<(), String>(())
//! ```
//!
//! Your own passes join pipelines by name ([`pipeline::register_pass`]);
//! your own rewrite patterns, closures rooted at an op type generated from
//! ODS, join `canonicalize` or run in your passes ([`rewrite`]); a failed
//! pipeline, a panicking pattern among its causes, returns MLIR's
//! diagnostics ([`pipeline::PipelineError`]); [`plugin!`] makes your
//! `cdylib` a plugin for stock `mlir-opt` that carries all of it. A crate
//! that depends on rmlir needs no build script of its own (see the README,
//! and `examples/downstream`, a crate that does all of this).
//!
//! The public surface: [`new_context`], [`ops`] (builders), [`ods`] (the
//! ODS enums and flags, op types), [`pipeline`] (running and registering
//! passes), [`rewrite`] (patterns), [`jit`], [`plugin!`]. Every handle it
//! hands out is melior's, with the lifetimes of what owns it. The other
//! modules are rmlir's own layers, private unless rmlir's `internals`
//! feature (its tests, benchmark and fuzzer) makes them public; data flows
//! downward only:
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
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod types;
#[cfg(not(feature = "internals"))]
mod types;

/// Running lowered modules: MLIR's ExecutionEngine with calls checked
/// against the function's signature (a mismatch is an `Err`, never a
/// crash), and IEEE-exact code on every host by default.
pub mod jit {
    pub use crate::ffi::exec::{CpuFeatures, HostCpu, Jit, Scalar, host_cpu, unbuffer_c_stdout};
}

/// The `main` of `rmlir-opt`: MLIR's `mlir-opt` driver with every upstream
/// dialect and pass and rarith, rshape and rmlir's passes registered;
/// returns the exit code.
pub fn opt_main(args: &[String]) -> i32 {
    dialects::opt_main(args)
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
