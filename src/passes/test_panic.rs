//! `test-rmlir-panic`: a test-only pass whose body panics, proving that a Rust
//! panic inside a hook becomes a diagnostic and a failure, never an unwind
//! into C++ or an abort.

use crate::ffi::ir::Op;
use crate::registry::PassDef;

pub const PASS: PassDef = PassDef {
    argument: "test-rmlir-panic",
    description: "Test only: panics inside a Rust pass to exercise the FFI panic guard",
    op_name: "",
    dependent_dialects: Vec::new,
    options: &[],
    run: |op, _| run(op),
};

fn run(_: Op) -> bool {
    panic!("deliberate panic from test-rmlir-panic")
}
