//! The FFI layer: the only module with `unsafe`. Safe handles over the MLIR C
//! API and the bridge, the hook table the C++ bridge calls, and the panic
//! guard that keeps Rust panics from unwinding into C++. It names no
//! dialect, no pass and nothing above it: what to dispatch to comes in a
//! [`model::Descriptor`].

#![deny(clippy::undocumented_unsafe_blocks)]

#[allow(
    non_camel_case_types,
    non_snake_case,
    non_upper_case_globals,
    dead_code,
    unsafe_op_in_unsafe_fn,
    clippy::all,
    clippy::undocumented_unsafe_blocks
)]
pub mod bindings {
    include!(concat!(env!("OUT_DIR"), "/bridge_bindings.rs"));
}

pub mod arith_interfaces;
pub mod bufferize;
pub mod context;
pub mod dataflow;
pub mod diagnostics;
pub mod dialect_conversion;
pub mod exec;
pub mod greedy;
pub mod guard;
pub mod hooks;
pub mod ir;
pub mod model;
pub mod op_build;
pub mod plugin;
pub mod region;
pub mod rewrite;
pub mod user_passes;
pub mod user_patterns;
pub mod value_bounds;
pub mod walk;
mod words;
