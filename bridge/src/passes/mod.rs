//! Passes implemented in Rust and declared in ODS (MLIR's `PassBase.td`):
//! `rmlir-bridge-build` generates from the declarations a marker type and
//! a typed options struct per pass, and the pass table ([`PassDef`]s) the
//! bridge registers with MLIR. The table calls each declared pass's
//! [`RunPass`] implementation, so a declaration without one does not
//! compile.

pub mod user_passes;

pub use crate::hooks::model::{PassDef, PassOption, PassOptions};
use crate::ir::exclusive::Ir;

/// A pass declared in ODS, implemented in Rust.
pub trait RunPass {
    /// The pass's options, generated from its ODS declaration.
    type Options;
    /// Runs the pass on the op `ir` gives exclusive access to; false
    /// signals failure (after diagnostics).
    fn run(ir: &mut Ir, options: Self::Options) -> bool;
}

/// Parses the options of pass `P` and runs it; options that do not parse
/// are an error at the pass's op.
pub fn run_declared<P: RunPass>(
    ir: &mut Ir,
    options: &PassOptions,
    parse: fn(&PassOptions) -> Result<P::Options, String>,
) -> bool {
    match parse(options) {
        Ok(options) => P::run(ir, options),
        Err(message) => {
            ir.root().emit_error(&message);
            false
        }
    }
}

/// The value of option `name` written `text`.
pub fn parse_value<T: std::str::FromStr>(name: &str, text: &str) -> Result<T, String> {
    text.parse()
        .map_err(|_| format!("invalid value `{text}` for option {name}"))
}

/// MLIR's pass registry is a plain global map: a registration while another
/// thread looks a pass up (parsing a pipeline) corrupts it (a segfault, or a
/// C++ exception unwinding into Rust). Rust code that parses pipelines holds
/// this lock for reading, code that registers passes for writing.
static PASS_REGISTRY: std::sync::RwLock<()> = std::sync::RwLock::new(());

/// Held while parsing a pass pipeline.
pub fn pass_registry_read() -> std::sync::RwLockReadGuard<'static, ()> {
    PASS_REGISTRY.read().unwrap_or_else(|e| e.into_inner())
}

/// Held while registering passes.
pub fn pass_registry_write() -> std::sync::RwLockWriteGuard<'static, ()> {
    PASS_REGISTRY.write().unwrap_or_else(|e| e.into_inner())
}
