//! `test-rmlir-panic`: a test-only pass whose body panics, proving that a Rust
//! panic inside a hook becomes a diagnostic and a failure, never an unwind
//! into C++ or an abort.

use super::{RunPass, decls};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::Op;

impl RunPass for decls::TestRMlirPanic {
    type Options = decls::TestRMlirPanicOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run(ir.root())
    }
}

fn run(_: Op) -> bool {
    panic!("deliberate panic from test-rmlir-panic")
}
