//! rmlir: MLIR's `arith` and `shape` dialects, as `rarith` and `rshape`,
//! implemented in Rust and living inside a real upstream MLIR 22 context.
//!
//! Layers (data flows downward only):
//! - [`semantics`]: pure Rust, no MLIR types (integers of any width,
//!   predicates, the shape lattice, the enums of our ODS);
//! - [`ffi`]: the only module with `unsafe`: safe handles over the MLIR C
//!   API and the C++ bridge, the hook model and table, the panic guard, the
//!   plugin entry points; it names no dialect and dispatches through the
//!   descriptor it is given;
//! - [`ods`]: the typed layer generated from ODS (op views, op identity);
//! - [`arith`], [`shape`]: per-op hooks (folders, verifiers, patterns),
//!   implemented as the traits of [`registry::hooks`];
//! - [`passes`]: Rust passes (lowering);
//! - [`registry`]: the hook table generated from ODS and rmlir's
//!   [`registry::DESCRIPTOR`]; [`dialects`]: rarith/rshape as MLIR sees
//!   them (handles, registration, plugin entry points).

#![deny(unsafe_code)]

pub mod arith;
pub mod dialects;
#[allow(unsafe_code)]
pub mod ffi;
pub mod ods;
pub mod ops;
pub mod passes;
pub mod pipeline;
pub mod registry;
pub mod semantics;
pub mod shape;
pub mod types;

pub use dialects::{new_context, register_dialects, register_passes};
