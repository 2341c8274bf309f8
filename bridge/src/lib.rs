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
//! # Handles
//!
//! Its handles ([`ir::Op`], [`ir::Value`], [`ir::Attr`]...) are `Copy` and
//! carry the lifetime `'ir` of what they were borrowed from: the hook,
//! pattern or pass call that received them from MLIR (every hook is a
//! `for<'ir> fn`), or the borrow of a melior module
//! ([`ir::Op::from_melior`]). So a handle cannot be kept past that call, in
//! a static, a thread-local or anything else that outlives it:
//!
//! ```compile_fail
//! use rmlir_bridge::ir::Op;
//! use std::cell::Cell;
//! thread_local!(static KEPT: Cell<Option<Op<'static>>> = Cell::new(None));
//! fn verify(op: Op) -> bool {
//!     KEPT.with(|k| k.set(Some(op))); // error: `op` escapes the hook
//!     true
//! }
//! const VERIFY: rmlir_bridge::model::VerifyFn = verify;
//! ```
//!
//! and what a handle lends (an op's name, its attributes' names) lives no
//! longer than the handle:
//!
//! ```compile_fail
//! fn name(op: rmlir_bridge::ir::Op) -> &'static str {
//!     op.name() // error: the name borrows from the op's `'ir`
//! }
//! ```
//!
//! Wrapping a raw handle is an `unsafe fn` private to this crate, each use
//! with its `SAFETY` reason:
//!
//! ```compile_fail
//! let op = unsafe { rmlir_bridge::ir::Op::from_raw(mlir_sys::MlirOperation { ptr: std::ptr::null_mut() }) };
//! ```
//!
//! Changes that free IR wait until no handle can reach what they free: a
//! pattern's [`replace_op`](rewrite::Rewriter::replace_op),
//! [`erase_op`](rewrite::Rewriter::erase_op) and
//! [`inline_block_before`](rewrite::Rewriter::inline_block_before) are
//! carried out when the pattern has returned (checked against each other:
//! a change to what an earlier one freed panics), a bufferization's
//! [`replace`](bufferize::Bufferizer::replace) when its hook has returned,
//! and the ops a pass erases ([`walk::erase`], [`walk::replace_and_erase`])
//! leave their block at once and are freed when the outermost pass on the
//! thread returns. A new op is an owned [`ir::Detached`] until inserted:
//! inserting consumes it and hands back a handle bounded by the IR it
//! joined, so an op in a block (or a module's op) is never inserted, nor
//! one inserted twice. The callbacks a pass hands MLIR's drivers (conversion patterns,
//! legality, type conversions, materializations, solver patterns) are
//! `for<'x>` closures too ([`dialect_conversion::rewrite_fn`]...): what
//! they see cannot outlive the call. Types and attributes a
//! pass computed before can meet those handles through `within`
//! ([`ir::Type::within`]), which checks the context.
//!
//! A pass holds its IR as a token, [`exclusive::Ir`]: every handle to the
//! IR is borrowed from it, and MLIR's drivers that free the ops they
//! replace before returning ([`greedy::apply_patterns_greedily`],
//! [`dialect_conversion::DialectConversion::apply_partial`],
//! [`dataflow::IntRangeSolver::apply_patterns`]) borrow it mutably, so no
//! handle taken before a driver run can be used after it (see the
//! `compile_fail` example there). Contexts, types and attributes live as
//! long as the context and may outlive the borrow; a context makes no op,
//! value or location, so an op a pass creates is bounded by it too.
//!
//! A pattern changes only the scope it runs in (its root's closest
//! ancestor isolated from above, which MLIR may hand to one thread while
//! another works on the next), never erases an op holding its root or the
//! root of a running pass or driver, nor one whose values are used outside
//! it; these are checked before any change is carried out. No driver
//! starts from a pattern or while another runs on the thread, and
//! [`walk::erase`] takes the pass's [`exclusive::Ir`], so it runs in pass
//! bodies only (a hook or pattern, whose ops may sit in a driver's
//! worklist, has none and erases through its rewriter). A replacement
//! value must not be the replaced op's own; an inserted op must not hold
//! its insertion point.
//!
//! IR of two contexts does not mix: an operand, a replacement value, an
//! inserted op or a moved region body of another context panics (inside a
//! hook or pattern, whose handles share one lifetime, another context can
//! only be one that is never freed).
//!
//! What is left to the code of a pass, as in C++: a handle can still reach
//! above the op the pass runs on (`parent_op` of its root, a symbol
//! lookup), where MLIR may be running other passes in parallel; an op
//! created with operands or types its op does not accept joins the IR
//! unverified until the pass manager verifies it after the pass, so a C++
//! folder may read it first; a value of one module used in another module
//! of the same context is not refused (dropping the first leaves the use
//! dangling). These are the hooks' handles; user passes and patterns
//! ([`user_passes`], [`user_patterns`]) get [`scoped`] handles instead,
//! which stop at the pass's op (or the pattern's isolated scope) and are
//! read-only, with every change through a rewriter that checks what it is
//! given.

#![deny(clippy::undocumented_unsafe_blocks)]

// The bridge reports a panic in a hook as a diagnostic by catching it; a
// build that aborts on panic would make each one a SIGABRT of the whole
// process (mlir-opt included), so it is refused where it is configured.
#[cfg(panic = "abort")]
compile_error!(
    "rmlir-bridge is built with `panic = \"abort\"`, but it catches panics in hooks to report \
     them as MLIR diagnostics (an aborting build would turn each into a SIGABRT of mlir-opt): \
     build with `panic = \"unwind\"` (e.g. `[profile.release] panic = \"unwind\"` in your \
     workspace's Cargo.toml)"
);

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

// The layers, lowest first; each uses only those below it and itself
// (`scripts/layer-check.py`, in `make lint`). A fold, for one: C++ (cpp/)
// calls `hooks::fold`, which finds the op's descriptor by its id and runs
// its folder under `ir::guard`.

// MLIR's value semantics in Rust (integers of any width, floats, ranges),
// diagnostics and errors.
pub mod diagnostics;
pub mod error;
pub mod semantics;

// Handles over MLIR's objects (ops, values, types, attributes, blocks),
// typed views and op identity, building ops, and the panic guard.
pub mod ir;

// Interface models of upstream's interfaces (bufferization, arith's
// fast-math and overflow flags) for bridge dialects.
pub mod interfaces;

// Rewriting: the pattern rewriter, MLIR's drivers (greedy, dialect
// conversion), pass bodies' walks and changes, the Rust API's patterns.
pub mod rewrite;

// Analyses over the IR: integer ranges (dataflow), value bounds.
pub mod analysis;

// The hook model (`model`: descriptors, one trait per hook) and the hook
// table the C++ bridge calls, which dispatches to installed descriptors.
pub mod hooks;

// Passes: those declared in ODS and the Rust API's.
pub mod passes;

// Hosts: contexts and registration, plugins, `opt_main`, the JIT.
pub mod runtime;

// The flat paths every module had before the layers (the public API).
pub use analysis::{dataflow, value_bounds};
pub use hooks::model;
pub use interfaces::{arith_interfaces, bufferize};
pub use ir::{exclusive, guard, op_access, op_build, region, scoped, typed};
pub use passes::user_passes;
pub use rewrite::{dialect_conversion, greedy, user_patterns, walk};
pub use runtime::{context, exec, plugin};

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
        /// The crate's dialects: their C API handles, the plugin entry
        /// points, and `descriptor`, which makes `crate::DESCRIPTOR` from
        /// the generated tables and the dialects' hooks.
        pub mod dialects {
            include!(concat!(env!("OUT_DIR"), "/ods_glue.rs"));
        }
    };
}
