//! rmlir: MLIR's `arith` and `shape` dialects, as `rarith` and `rshape`,
//! implemented in Rust and living inside a real upstream MLIR 22 context.
//!
//! Layers (data flows downward only):
//! - [`semantics`]: pure Rust, no MLIR types (integers of any width,
//!   predicates, the shape lattice);
//! - [`ffi`]: the only module that calls C: safe handles over the MLIR C API
//!   and the C++ bridge, the hook table, the panic guard, plugin entry points;
//! - [`arith`], [`shape`]: per-op hooks (folders, verifiers, patterns);
//! - [`passes`]: Rust passes (lowering);
//! - [`registry`]: which ops ODS declares and which Rust functions implement
//!   them.

pub mod arith;
pub mod builder;
pub mod ffi;
pub mod ods;
pub mod passes;
pub mod pipeline;
pub mod registry;
pub mod semantics;
pub mod shape;
pub mod types;

pub use ffi::context::{new_context, register_dialects, register_passes};
