//! `toy`: an MLIR dialect implemented in Rust on `rmlir-bridge` alone.
//!
//! Everything about an op is declared once, in ODS (`td/Toy.td`); the
//! build script (`rmlir_bridge_build::DialectBuild`) generates the C++ op
//! classes and, from the same records, the Rust side included below: the
//! op table, a typed view per op ([`ods::toy::ClampOp`]...) and the hook
//! table, which reads each hook ODS declares from the op's implementation
//! of the matching trait (so a hook declared and not implemented does not
//! compile). This crate implements the hooks ([`fold`]), a lowering pass
//! declared in `td/ToyPasses.td` ([`lowering`]), and hands the bridge its
//! [`DESCRIPTOR`]. Its `cdylib` is a plugin for stock `mlir-opt`:
//!
//! ```text
//! mlir-opt --load-dialect-plugin=libtoy_dialect.so \
//!          --load-pass-plugin=libtoy_dialect.so \
//!          --pass-pipeline='builtin.module(canonicalize,convert-toy-to-arith)' in.mlir
//! ```
//!
//! The hook table and the ODS agree, both ways: a hook implemented in
//! `hooks!` that ODS does not declare (MLIR would never call it), and a
//! hook ODS declares that Rust leaves out, are compile errors that say
//! what to add (`scripts/dialect-outside-check.sh` makes both edits).

#![deny(unsafe_code)]

pub mod fold;
pub mod lowering;
pub mod scope;

use rmlir_bridge::context;
use rmlir_bridge::ir::{Attr, Detached, Location, Op, Type};
use rmlir_bridge::model::{Descriptor, DialectHooks};
use rmlir_bridge::typed::OdsOp;

// `ods` (typed views), `ops` (builders), `registry` (op and hook tables),
// `passes` (declared passes), `dialects` (handles, plugin entry points and
// `descriptor`): what the build script generated.
rmlir_bridge::include_generated!();

/// `Dialect::materializeConstant`: folds to an i64 become `toy.constant`.
fn materialize_constant<'ir>(
    value: Attr<'ir>,
    ty: Type<'ir>,
    loc: Location<'ir>,
) -> Option<Detached<'ir>> {
    if !value.is_integer() || ty.int_width() != Some(64) {
        return None;
    }
    Op::create(
        ods::toy::ConstantOp::OP,
        loc,
        &[],
        &[ty],
        &[("value", value)],
    )
}

/// What this crate hands the bridge: the generated tables, and the one
/// hook of the toy dialect itself.
pub static DESCRIPTOR: Descriptor =
    dialects::descriptor(&[DialectHooks::new("toy").materialize_constant(materialize_constant)]);

/// A melior context with every upstream dialect and pass, and toy's.
pub fn new_context() -> melior::Context {
    context::new_context(&DESCRIPTOR)
}

/// Adds toy's dialect and passes to `context`, made by another crate on
/// the bridge (`rmlir::new_context()`, say): both are served in one
/// process.
pub fn add_to(context: &melior::Context) {
    context::add_to_context(&DESCRIPTOR, context);
}
