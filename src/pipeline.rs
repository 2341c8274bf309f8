//! Running pass pipelines over modules from Rust.

use crate::{Error, ErrorKind};
use melior::ir::Module;
use melior::pass::PassManager;

/// The pipeline that takes rarith programs (with upstream func, scf, cf and
/// arith) to the LLVM dialect; `rarith-expand` first legalizes the ops that
/// have no LLVM counterpart, and `rmlir-require-llvm` last fails the
/// pipeline when an op of another dialect is left (an rshape op, a tensor:
/// use [`LOWER_RSHAPE_TO_LLVM`]).
pub const LOWER_TO_LLVM: &str = "builtin.module(rarith-expand,convert-scf-to-cf,\
convert-rarith-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,convert-func-to-llvm,\
reconcile-unrealized-casts,rmlir-require-llvm)";

/// The pipeline that takes rshape programs (shape functions on extent
/// tensors and sizes, with rarith, tensor, func, scf and cf) to the LLVM
/// dialect: `num_elements` and other composite ops expanded, constraints
/// turned into `cf.assert`s, rshape lowered to tensor, scf and rarith,
/// tensors bufferized at function boundaries too (identity layouts: an
/// extent tensor argument or result is a `memref<?xindex>`, which the JIT
/// passes as a [`jit::MemRef`](crate::jit::MemRef) of `i64`), then
/// [`LOWER_TO_LLVM`]'s steps with memrefs. Mark functions with
/// [`emit_c_interfaces`] first to call them from the JIT.
///
/// ```
/// use rmlir::jit::{Arg, Jit, MemRef, OptLevel};
///
/// let context = rmlir::new_context();
/// let mut module = rmlir::parse(&context, "
///   func.func @broadcast(%a: tensor<?xindex>, %b: tensor<?xindex>) -> tensor<?xindex> {
///     %0 = rshape.broadcast %a, %b : tensor<?xindex>, tensor<?xindex> -> tensor<?xindex>
///     return %0 : tensor<?xindex>
///   }").unwrap();
/// rmlir::pipeline::emit_c_interfaces(&mut module);
/// rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_RSHAPE_TO_LLVM).unwrap();
/// let jit = Jit::new(&module, OptLevel::O2, &[]).unwrap();
/// let (mut a, mut b) = (MemRef::vector(vec![8i64, 1, 3]), MemRef::vector(vec![5i64, 1]));
/// let out = jit.invoke("broadcast", &mut [Arg::from(&mut a), Arg::from(&mut b)]).unwrap();
/// assert_eq!(out[0].memref().unwrap().elements::<i64>().unwrap(), &[8, 5, 3]);
/// ```
pub const LOWER_RSHAPE_TO_LLVM: &str = "builtin.module(func.func(rshape-to-rshape-lowering),\
convert-rshape-constraints,canonicalize,convert-rshape-to-std,canonicalize,\
one-shot-bufferize{bufferize-function-boundaries function-boundary-type-conversion=identity-layout-map},\
convert-linalg-to-loops,expand-strided-metadata,lower-affine,rarith-expand,convert-scf-to-cf,\
convert-rarith-to-llvm,convert-arith-to-llvm,convert-cf-to-llvm,finalize-memref-to-llvm,\
convert-func-to-llvm,reconcile-unrealized-casts,rmlir-require-llvm)";

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
/// caught and reported the same way. The pass takes no options
/// ([`register_pass_with_options`] registers one that does). Fails when
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
    crate::ffi::user_passes::register(argument, description, Box::new(body))
}

/// Registers a pass written in safe Rust under `argument` that takes the
/// options `O` declares, most simply a struct declared with
/// [`pass_options!`](crate::pass_options). Pipelines give them as
/// `argument{name=value flag list=a,b}` (the field `fold_after` is the
/// option `fold-after`; the last occurrence of a name wins), and `body`
/// gets them built, defaults for those not given, with the [`PassScope`]
/// of the op the pass runs on. Options that do not build (an unknown name,
/// a value of the wrong type, a flag given anything but `true`, `false`,
/// `1` or `0`) fail the pipeline when it is parsed, with a message naming
/// the option. Otherwise as [`register_pass`]; fails also when `O`
/// declares an option name twice or one that is no option name.
///
/// ```
/// use melior::ir::attribute::IntegerAttribute;
///
/// rmlir::pass_options! {
///     /// Options of `doc-max-constant`.
///     pub struct MaxConstantOptions {
///         /// The largest integer constant allowed.
///         max: i64 = 100,
///     }
/// }
///
/// rmlir::pipeline::register_pass_with_options::<MaxConstantOptions, _>(
///     "doc-max-constant",
///     "Rejects integer constants above a bound",
///     |pass, options| {
///         for op in pass.op().nested_ops() {
///             let constant = op.constant_value().and_then(|a| IntegerAttribute::try_from(a).ok());
///             match constant.map(|c| c.value()) {
///                 Some(c) if c > options.max => {
///                     return Err(format!("constant {c} is above max={}", options.max).into());
///                 }
///                 _ => {}
///             }
///         }
///         Ok(())
///     },
/// )
/// .unwrap();
/// let context = rmlir::new_context();
/// let mut module = rmlir::parse(&context, "func.func @f() -> i32 {
///     %0 = rarith.constant 1000 : i32
///     return %0 : i32
/// }").unwrap();
/// let mut run = |pipeline| rmlir::pipeline::run(&context, &mut module, pipeline);
///
/// // The default bound rejects the constant; a bound given accepts it.
/// let error = run("builtin.module(doc-max-constant)").unwrap_err();
/// assert!(error.to_string().contains("constant 1000 is above max=100"), "{error}");
/// run("builtin.module(doc-max-constant{max=1000})").unwrap();
///
/// // A value of the wrong type, and an option the pass does not declare.
/// let error = run("builtin.module(doc-max-constant{max=x})").unwrap_err();
/// assert!(error.to_string().contains("invalid value `x` for option max"), "{error}");
/// let error = run("builtin.module(doc-max-constant{limit=5})").unwrap_err();
/// assert!(error.to_string().contains("no such option limit"), "{error}");
/// ```
pub fn register_pass_with_options<O, F>(
    argument: &str,
    description: &str,
    body: F,
) -> Result<(), Error>
where
    O: PassOptionSet + 'static,
    F: for<'c> Fn(&mut PassScope<'c>, &O) -> Result<(), Error> + Send + Sync + 'static,
{
    crate::dialects::register_passes();
    crate::ffi::user_passes::register_with_options::<O, F>(argument, description, body)
}

pub use crate::ffi::user_passes::{OptionKind, OptionValue, PassOptionSet, PassOptions, PassScope};

/// What [`plugin!`](crate::plugin) expands to call.
#[doc(hidden)]
pub use crate::ffi::plugin::run_registration as __run_plugin_registration;

pub use crate::ffi::exec::emit_c_interfaces;
