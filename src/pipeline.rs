//! Running pass pipelines over modules from Rust.

use crate::{Error, ErrorKind};
use melior::ir::Module;
use melior::pass::PassManager;

/// The pipeline that takes rarith programs (with upstream func, scf, cf and
/// arith) to the LLVM dialect; `rarith-expand` first legalizes the ops that
/// have no LLVM counterpart.
pub const LOWER_TO_LLVM: &str = "builtin.module(rarith-expand,convert-scf-to-cf,convert-rarith-to-llvm,\
convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,reconcile-unrealized-casts)";

/// Runs a textual pass pipeline (`builtin.module(...)`) over `module`. The
/// diagnostics it emits are returned with the error (an [`Error`] of kind
/// [`ErrorKind::Pipeline`]; they are not printed).
/// A pipeline that emitted an error diagnostic failed, even where the pass
/// that emitted it went on (as the greedy driver does past a pattern that
/// panicked).
///
/// ```
/// let context = rmlir::new_context();
/// let mut module = rmlir::parse(&context, "func.func @f(%x: i32) -> i32 {
///     %0 = rarith.divui %x, %x : i32
///     return %0 : i32
/// }").unwrap();
/// rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)").unwrap();
/// let error = rmlir::pipeline::run(&context, &mut module, "builtin.module(no-such-pass)")
///     .unwrap_err();
/// assert!(error.to_string().contains("does not refer to a registered pass"));
/// ```
pub fn run(context: &melior::Context, module: &mut Module, pipeline: &str) -> Result<(), Error> {
    let fail = |reason: String, diagnostics| {
        Error::new(
            ErrorKind::Pipeline,
            format!("pass pipeline `{pipeline}` {reason}"),
        )
        .with_diagnostics(diagnostics)
    };
    if module.context() != *context {
        return Err(fail(
            "was given a module of another context".to_string(),
            Vec::new(),
        ));
    }
    let pm = PassManager::new(context);
    let (parsed, diagnostics) = crate::ffi::diagnostics::capture(context, || {
        let _reading = crate::ffi::context::pass_registry_read();
        melior::utility::parse_pass_pipeline(pm.as_operation_pass_manager(), pipeline)
    });
    parsed.map_err(|e| fail(format!("does not parse: {e}"), diagnostics))?;
    let (ran, diagnostics, errors) =
        crate::ffi::diagnostics::capture_counting_errors(context, || pm.run(module));
    match ran {
        Err(_) => Err(fail("failed".to_string(), diagnostics)),
        // A pass that emits an error and carries on (a caught panic in a
        // pattern or folder does) still failed the pipeline.
        Ok(()) if errors > 0 => Err(fail("emitted errors".to_string(), diagnostics)),
        Ok(()) => Ok(()),
    }
}

/// Registers a pass written in safe Rust under `argument`, so that pipeline
/// strings (here, in `rmlir-opt` and in anything using MLIR's pass registry)
/// name it like any pass. `body` gets the [`PassScope`] of the op the pass
/// runs on: that op and what it holds, nothing above or beside it (MLIR may
/// run the pass on the op's siblings on other threads meanwhile). An `Err`
/// is an error diagnostic at that op and a failed pipeline, and a panic is
/// caught and reported the same way. The pass takes no options. Fails when
/// `argument` is no pass name or names a registered pass.
///
/// ```
/// use rmlir::ods::rarith::DivSIOp;
///
/// rmlir::pipeline::register_pass("doc-no-divsi", "Rejects signed division", |pass| {
///     let found = pass.op().nested_ops().iter().any(|op| op.is::<DivSIOp>());
///     if found { Err("signed division is not allowed here".into()) } else { Ok(()) }
/// })
/// .unwrap();
/// let context = rmlir::new_context();
/// let mut module = rmlir::parse(&context, "func.func @f(%x: i32) -> i32 {
///     %0 = rarith.divsi %x, %x : i32
///     return %0 : i32
/// }").unwrap();
/// let error = rmlir::pipeline::run(&context, &mut module, "builtin.module(doc-no-divsi)")
///     .unwrap_err();
/// assert!(error.to_string().contains("signed division is not allowed here"));
/// ```
pub fn register_pass<F>(argument: &str, description: &str, body: F) -> Result<(), Error>
where
    F: for<'c> Fn(&mut PassScope<'c>) -> Result<(), Error> + Send + Sync + 'static,
{
    crate::dialects::register_passes();
    let first_id = crate::registry::DESCRIPTOR.passes.len() as u32;
    crate::ffi::user_passes::register(first_id, argument, description, Box::new(body))
}

pub use crate::ffi::user_passes::PassScope;

/// What [`plugin!`](crate::plugin) expands to call.
#[doc(hidden)]
pub use crate::ffi::plugin::run_registration as __run_plugin_registration;

/// Marks every `func.func` with `llvm.emit_c_interface`, so that lowering
/// emits the `_mlir_ciface_` wrappers the JIT's packed calls use.
pub fn emit_c_interfaces(module: &mut Module) {
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
