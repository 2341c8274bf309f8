//! `rmlir-require-llvm`: the last step of a lowering to the LLVM dialect.
//! Partial conversions leave what they cannot lower; this pass reports each
//! op left that is neither of the `llvm` dialect nor the module, outermost
//! first, and fails.

use super::{RunPass, decls};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::Op;
use crate::ffi::walk;

impl RunPass for decls::RMlirRequireLLVM {
    type Options = decls::RMlirRequireLLVMOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run(ir.root())
    }
}

/// True for an op that translates to LLVM IR as it is.
fn is_llvm(op: Op) -> bool {
    op.name() == "builtin.module" || op.name().starts_with("llvm.")
}

fn run(root: Op) -> bool {
    let left = walk::collect_preorder(root, |op| !is_llvm(op));
    for op in &left {
        op.emit_error(&format!(
            "'{}' op was not lowered to the LLVM dialect",
            op.name()
        ));
    }
    left.is_empty()
}
