//! Registration of the bridge's dialects and passes, for every kind of
//! host: C API clients, melior contexts, and the rmlir-opt driver. Each
//! entry point installs the descriptor it is given before MLIR can reach a
//! hook.

use crate::bindings as b;
use crate::hooks::install;
use crate::hooks::model::Descriptor;
use crate::ir::sref;
use melior::dialect::DialectRegistry;
use mlir_sys::*;

/// The C API handle of the descriptor's dialect `namespace` (installing
/// the descriptor). Panics when the descriptor has no such dialect.
pub fn dialect_handle(descriptor: &'static Descriptor, namespace: &str) -> MlirDialectHandle {
    install(descriptor);
    crate::hooks::dialect_handle(namespace)
        .unwrap_or_else(|| panic!("rmlir-bridge: no dialect `{namespace}` in the descriptor"))
}

/// The C API handle functions of the upstream dialects that passes declared
/// in ODS may depend on (`rmlir-bridge-build` names them).
macro_rules! upstream_handles {
    ($($name:ident => $capi:ident),* $(,)?) => {
        $(
            #[doc = concat!("The C API handle of upstream's `", stringify!($name), "` dialect.")]
            pub fn $name() -> MlirDialectHandle {
                // SAFETY: returns a static handle.
                unsafe { $capi() }
            }
        )*
    };
}

upstream_handles!(
    affine_dialect_handle => mlirGetDialectHandle__affine__,
    arith_dialect_handle => mlirGetDialectHandle__arith__,
    bufferization_dialect_handle => mlirGetDialectHandle__bufferization__,
    cf_dialect_handle => mlirGetDialectHandle__cf__,
    emitc_dialect_handle => mlirGetDialectHandle__emitc__,
    func_dialect_handle => mlirGetDialectHandle__func__,
    index_dialect_handle => mlirGetDialectHandle__index__,
    linalg_dialect_handle => mlirGetDialectHandle__linalg__,
    llvm_dialect_handle => mlirGetDialectHandle__llvm__,
    math_dialect_handle => mlirGetDialectHandle__math__,
    memref_dialect_handle => mlirGetDialectHandle__memref__,
    scf_dialect_handle => mlirGetDialectHandle__scf__,
    spirv_dialect_handle => mlirGetDialectHandle__spirv__,
    tensor_dialect_handle => mlirGetDialectHandle__tensor__,
    ub_dialect_handle => mlirGetDialectHandle__ub__,
    vector_dialect_handle => mlirGetDialectHandle__vector__,
);

/// Adds the descriptor's dialects to a melior dialect registry.
pub fn register_dialects(descriptor: &'static Descriptor, registry: &DialectRegistry) {
    install(descriptor);
    crate::hooks::insert_dialects_of(descriptor, registry.to_raw());
}

/// Registers every pass of the descriptor with MLIR's global pass registry
/// (idempotent).
pub fn register_passes(descriptor: &'static Descriptor) {
    install(descriptor);
    let _writing = pass_registry_write();
    crate::hooks::register_passes_of(descriptor);
}

/// Adds the descriptor's dialects to `context` (a melior context made by
/// another crate's `new_context`, say rmlir's) and loads them, and
/// registers its passes: a crate's own dialect next to rmlir's in one Rust
/// process, served by the same bridge.
pub fn add_to_context(descriptor: &'static Descriptor, context: &melior::Context) {
    let registry = DialectRegistry::new();
    register_dialects(descriptor, &registry);
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    register_passes(descriptor);
}

pub use crate::passes::{pass_registry_read, pass_registry_write};

/// `args` as C's `main` gets them (NUL-terminated strings, then a null
/// pointer), for `f(argc, argv)`.
fn with_argv(args: &[String], f: impl FnOnce(i32, *mut *mut std::ffi::c_char) -> i32) -> i32 {
    let owned: Vec<std::ffi::CString> = args
        .iter()
        .map(|a| std::ffi::CString::new(a.as_str()).expect("argument without NUL"))
        .collect();
    let mut argv: Vec<*mut std::ffi::c_char> = owned.iter().map(|a| a.as_ptr() as *mut _).collect();
    argv.push(std::ptr::null_mut());
    f(owned.len() as i32, argv.as_mut_ptr())
}

/// Runs upstream's MlirOptMain with every upstream dialect and pass plus
/// the descriptor's; `title` heads its `--help`. Returns the process exit
/// code.
pub fn opt_main(descriptor: &'static Descriptor, title: &str, args: &[String]) -> i32 {
    register_passes(descriptor);
    with_argv(args, |argc, argv| {
        // SAFETY: argv holds argc NUL-terminated strings that outlive the
        // call, followed by a null pointer, as main's argv.
        unsafe { b::rmlirBridgeOptMain(crate::hooks::table(), argc, argv, sref(title)) }
    })
}

/// Runs upstream's MLIR language server (`mlir-lsp-server`, over stdio)
/// with every upstream dialect plus the descriptor's (and those of any
/// other descriptor installed in this library): diagnostics, hover and
/// go-to-definition for their IR in an editor. Returns the exit code.
pub fn lsp_server_main(descriptor: &'static Descriptor, args: &[String]) -> i32 {
    install(descriptor);
    with_argv(args, |argc, argv| {
        // SAFETY: as in `opt_main`.
        unsafe { b::rmlirBridgeLspServerMain(crate::hooks::table(), argc, argv) }
    })
}

/// Runs upstream's `mlir-reduce` with every upstream dialect and pass plus
/// the descriptor's: shrinks a program while an interestingness test
/// (`--test=script`) still holds. Returns the exit code.
pub fn reduce_main(descriptor: &'static Descriptor, args: &[String]) -> i32 {
    register_passes(descriptor);
    with_argv(args, |argc, argv| {
        // SAFETY: as in `opt_main`.
        unsafe { b::rmlirBridgeReduceMain(crate::hooks::table(), argc, argv) }
    })
}

/// A melior context with every upstream dialect, the bridge's dialects,
/// every pass and the LLVM IR translations registered and loaded.
pub fn new_context(descriptor: &'static Descriptor) -> melior::Context {
    let registry = DialectRegistry::new();
    melior::utility::register_all_dialects(&registry);
    register_dialects(descriptor, &registry);
    let context = melior::Context::new();
    context.append_dialect_registry(&registry);
    context.load_all_available_dialects();
    melior::utility::register_all_llvm_translations(&context);
    register_all_passes_once(descriptor);
    context
}

/// Registers every upstream pass and ours with MLIR's global pass registry,
/// once per process. The registry is a plain global map: contexts created
/// on parallel threads (tests do) registering at the same time corrupted it
/// (crashes now and then: a segfault, or a C++ exception from a corrupted
/// object unwinding into Rust).
fn register_all_passes_once(descriptor: &'static Descriptor) {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        {
            let _writing = pass_registry_write();
            melior::utility::register_all_passes();
        }
        register_passes(descriptor);
    });
}
