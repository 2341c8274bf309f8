//! rarith and rshape as MLIR sees them: their C API handles, registration
//! in a melior context or a dialect registry, the plugin entry points of
//! `librmlir.so`, and `rmlir-opt`'s main. Each hands the FFI layer rmlir's
//! [`DESCRIPTOR`].

use crate::ffi::context;
use crate::registry::DESCRIPTOR;
use melior::dialect::DialectRegistry;
use mlir_sys::MlirDialectHandle;

/// The C API handle of the rarith dialect.
pub fn rarith_dialect_handle() -> MlirDialectHandle {
    context::dialect_handle(&DESCRIPTOR, "rarith")
}

/// The C API handle of the rshape dialect.
pub fn rshape_dialect_handle() -> MlirDialectHandle {
    context::dialect_handle(&DESCRIPTOR, "rshape")
}

/// Adds rarith and rshape to a melior dialect registry.
pub fn register_dialects(registry: &DialectRegistry) {
    context::register_dialects(&DESCRIPTOR, registry);
}

/// Registers every rmlir pass with MLIR's global pass registry (idempotent).
pub fn register_passes() {
    context::register_passes(&DESCRIPTOR);
}

/// A melior context with every upstream dialect, rarith, rshape, every pass
/// and the LLVM IR translations registered and loaded.
pub fn new_context() -> melior::Context {
    context::new_context(&DESCRIPTOR)
}

/// `rmlir-opt`: upstream's MlirOptMain with every upstream dialect and pass
/// plus ours; returns the process exit code.
pub fn opt_main(args: &[String]) -> i32 {
    context::opt_main(
        &DESCRIPTOR,
        "rmlir modular optimizer driver (upstream + rarith/rshape)",
        args,
    )
}

/// `rmlir-lsp-server`: upstream's MLIR language server with every upstream
/// dialect plus ours (point an editor's MLIR extension at the binary);
/// returns the process exit code.
pub fn lsp_server_main(args: &[String]) -> i32 {
    context::lsp_server_main(&DESCRIPTOR, args)
}

/// `rmlir-reduce`: upstream's `mlir-reduce` with every upstream dialect and
/// pass plus ours; returns the process exit code.
pub fn reduce_main(args: &[String]) -> i32 {
    context::reduce_main(&DESCRIPTOR, args)
}

rmlir_bridge::export_plugin!(
    crate::registry::DESCRIPTOR as rmlirDescriptor__rarith,
    [
        rarith => mlirGetDialectHandle__rarith__,
        rshape => mlirGetDialectHandle__rshape__,
    ]
);
