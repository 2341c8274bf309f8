//! Passes implemented in Rust and declared in ODS (MLIR's `PassBase.td`):
//! `rmlir-bridge-build` generates from the declarations a marker type and
//! a typed options struct per pass, and the pass table ([`PassDef`]s) the
//! bridge registers with MLIR. The table calls each declared pass's
//! [`RunPass`] implementation, so a declaration without one does not
//! compile.

use crate::exclusive::Ir;
pub use crate::model::{PassDef, PassOption, PassOptions};

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
