//! rmlir-bridge: define MLIR dialects in Rust, inside a real upstream MLIR
//! 22 context.
//!
//! A dialect is declared once, in ODS, with the classes of `RMlirBase.td`
//! (`RustOp`, the `Rust*` hook traits). `rmlir-bridge-build` generates from
//! it the C++ op classes, whose hooks (folder, verifier, canonicalization
//! patterns, type inference, int ranges, ...) forward to Rust through the
//! generic C++ bridge of this crate, and the Rust side: a typed view per
//! op, the hook table and builders. The crate implements each hook ODS
//! declares as a trait of [`model::hooks`] ([`hooks!`](macro@hooks)) and hands the
//! bridge a [`model::Descriptor`]; [`export_plugin!`] makes its `cdylib`
//! a dialect and pass plugin for stock `mlir-opt`. See the README for the
//! recipe, and `examples/toy` for a whole dialect.
//!
//! This crate is the only one with `unsafe`: safe handles over the MLIR C
//! API and the bridge, the hook table the C++ bridge calls, and the panic
//! guard that keeps Rust panics from unwinding into C++. It names no
//! dialect and no pass: what to dispatch to comes in a descriptor.
//!
//! Its handles ([`ir::Op`], [`ir::Value`], [`ir::Attr`]...) are `Copy`
//! and carry no lifetime: they are valid while MLIR keeps the object alive
//! (an op until it is erased, attributes and types as long as their
//! context). Hooks receive them from MLIR and must not keep them past the
//! call. Only this crate makes them, from what MLIR (or melior) hands it:
//! wrapping a raw handle is an `unsafe fn` private to the crate, each use
//! with its `SAFETY` reason. What the handles do not prevent is using one
//! after MLIR freed its object (an op after `walk::erase`, a module's op
//! after the melior module dropped): the lifetimes that would are not
//! there yet, so code on this layer keeps to the hook it runs in.

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
pub mod passes;
pub mod plugin;
pub mod region;
pub mod rewrite;
pub mod semantics;
pub mod typed;
pub mod user_passes;
pub mod user_patterns;
pub mod value_bounds;
pub mod walk;
mod words;

/// Includes, in the crate root, the files `rmlir_bridge_build::DialectBuild`
/// generated into `OUT_DIR`, where the generated code expects them (the
/// default `Paths`):
/// - `ods`: a typed view per op (`ods::<dialect>::ClampOp`), with the ODS
///   enums in `ods::enums` (re-exported next to the ops);
/// - `ops`: a typed builder per op (`ops::<dialect>::clamp(...)`);
/// - `registry`: `ODS_OPS` (the op table) and `GENERATED_BEHAVIOURS` (the
///   hook table) for the crate's [`model::Descriptor`];
/// - `passes`: per pass declared in ODS a marker type and an options
///   struct, and `ODS_PASSES` (empty when the crate declares none).
///
/// The crate adds `dialects` (a `<name>_dialect_handle()` per dialect) and
/// its descriptor.
#[macro_export]
macro_rules! include_generated {
    () => {
        /// The typed layer generated from ODS: a view per op, the enums.
        pub mod ods {
            /// The ODS enums, as Rust enums and bit flags.
            pub mod enums {
                include!(concat!(env!("OUT_DIR"), "/ods_enums.rs"));
            }
            include!(concat!(env!("OUT_DIR"), "/ods_typed.rs"));
        }
        /// Typed builders of every op (melior handles), generated from ODS.
        pub mod ops {
            include!(concat!(env!("OUT_DIR"), "/ods_builders.rs"));
        }
        /// The op table and the hook table generated from ODS.
        pub mod registry {
            include!(concat!(env!("OUT_DIR"), "/ods_ops.rs"));
            include!(concat!(env!("OUT_DIR"), "/ods_wiring.rs"));
        }
        /// The passes declared in ODS: marker types, typed options, table.
        pub mod passes {
            include!(concat!(env!("OUT_DIR"), "/ods_passes.rs"));
        }
    };
}
