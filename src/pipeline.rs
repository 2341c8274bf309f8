//! Running pass pipelines over modules from Rust.

use melior::ir::Module;
use melior::pass::PassManager;

/// The pipeline that takes rarith programs (with upstream func, scf, cf and
/// arith) to the LLVM dialect; `rarith-expand` first legalizes the ops that
/// have no LLVM counterpart.
pub const LOWER_TO_LLVM: &str = "builtin.module(rarith-expand,convert-scf-to-cf,convert-rarith-to-llvm,\
convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)";

/// Runs a textual pass pipeline (`builtin.module(...)`) over `module`.
/// Diagnostics go to the context's handlers (stderr by default).
pub fn run(context: &melior::Context, module: &mut Module, pipeline: &str) -> Result<(), String> {
    let pm = PassManager::new(context);
    melior::utility::parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline)
        .map_err(|e| format!("invalid pass pipeline `{pipeline}`: {e}"))?;
    pm.run(module)
        .map_err(|_| format!("pass pipeline `{pipeline}` failed"))
}

/// Marks every `func.func` with `llvm.emit_c_interface`, so that lowering
/// emits the `_mlir_ciface_` wrappers the JIT's packed calls use.
pub fn emit_c_interfaces(module: &Module) {
    use crate::ffi::ir::Op;
    let Some(root) = Op::from_melior(module) else {
        return;
    };
    let unit = root.context().unit_attr();
    // Declarations (runtime functions such as `printI64`) keep their plain
    // C symbol.
    let defined =
        |op: Op| op.name() == "func.func" && op.region(0).and_then(|r| r.first_block()).is_some();
    for f in crate::ffi::walk::collect(root, defined) {
        f.set_discardable_attr("llvm.emit_c_interface", unit);
    }
}
