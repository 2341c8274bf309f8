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
//! rmlir::pipeline::emit_c_interfaces(&module);
//! rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM)?;
//! let jit = Jit::new(&module, 2, &[])?;
//! assert_eq!(jit.call("scale", &[Scalar::I32(2)], Some(Scalar::I32(0)))?, Some(Scalar::I32(84)));
//! # Ok::<(), String>(())
//! ```
//!
//! Your own passes join pipelines by name ([`pipeline::register_pass`]);
//! a failed pipeline returns MLIR's diagnostics
//! ([`pipeline::PipelineError`]); a crate that depends on rmlir needs no
//! build script of its own (see the README).
//!
//! The public surface: [`new_context`], [`ops`] (builders), [`ods`] (the
//! ODS enums and flags, typed views of ops), [`pipeline`] (running and
//! registering passes), [`jit`]. The other modules are rmlir's own layers,
//! public for its binaries and tests but hidden from these docs; data
//! flows downward only:
//! - `semantics`: pure Rust, no MLIR types (integers of any width,
//!   predicates, floats, the shape lattice, the enums of our ODS);
//! - `ffi`: the only module with `unsafe`: safe handles over the MLIR C
//!   API and the C++ bridge, the hook model and table, the panic guard, the
//!   plugin entry points; it names no dialect and dispatches through the
//!   descriptor it is given;
//! - `ods`: the typed layer generated from ODS (op views, op identity);
//! - `arith`, `shape`: per-op hooks (folders, verifiers, patterns),
//!   implemented as the traits of `registry::hooks`;
//! - `passes`: Rust passes (lowering);
//! - `registry`: the hook table generated from ODS and rmlir's
//!   descriptor; `dialects`: rarith/rshape as MLIR sees them (handles,
//!   registration, plugin entry points).

#![deny(unsafe_code)]

#[doc(hidden)]
pub mod arith;
#[doc(hidden)]
pub mod dialects;
#[doc(hidden)]
#[allow(unsafe_code)]
pub mod ffi;
pub mod ods;
pub mod ops;
#[doc(hidden)]
pub mod passes;
pub mod pipeline;
#[doc(hidden)]
pub mod registry;
#[doc(hidden)]
pub mod semantics;
#[doc(hidden)]
pub mod shape;
#[doc(hidden)]
pub mod types;

/// Running lowered modules: MLIR's ExecutionEngine with calls checked
/// against the function's signature (a mismatch is an `Err`, never a
/// crash), and IEEE-exact code on every host by default.
pub mod jit {
    pub use crate::ffi::exec::{CpuFeatures, Jit, Scalar};
}

pub use dialects::{new_context, register_dialects, register_passes};
