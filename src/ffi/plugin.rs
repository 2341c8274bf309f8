//! The Rust halves of the plugin entry points. A Rust cdylib exports only
//! Rust `#[no_mangle]` symbols, so these functions are the exported names;
//! they install the hook table and hand MLIR the C++ registration callbacks.

use super::bindings as b;
use super::context::{rarith_dialect_handle, rshape_dialect_handle};
use super::hooks::install;
use mlir_sys::MlirDialectHandle;
use std::ffi::{c_char, c_void};

/// MLIR's `MLIR_PLUGIN_API_VERSION`.
const PLUGIN_API_VERSION: u32 = 1;
const NAME: &[u8] = b"rmlir\0";
const VERSION: &[u8] = concat!(env!("CARGO_PKG_VERSION"), "\0").as_bytes();

/// `mlir::DialectPluginLibraryInfo` / `mlir::PassPluginLibraryInfo`: both are
/// a version, two strings and one callback.
#[repr(C)]
pub struct PluginLibraryInfo {
    api_version: u32,
    plugin_name: *const c_char,
    plugin_version: *const c_char,
    register: *mut c_void,
}

fn info(register: *mut c_void) -> PluginLibraryInfo {
    PluginLibraryInfo {
        api_version: PLUGIN_API_VERSION,
        plugin_name: NAME.as_ptr().cast(),
        plugin_version: VERSION.as_ptr().cast(),
        register,
    }
}

/// Entry point of `--load-dialect-plugin`.
#[unsafe(no_mangle)]
pub extern "C" fn mlirGetDialectPluginInfo() -> PluginLibraryInfo {
    install();
    // SAFETY: returns the address of a C++ function `void(DialectRegistry&)`.
    info(unsafe { b::rmlirBridgeDialectPluginCallback() })
}

/// Entry point of `--load-pass-plugin`.
#[unsafe(no_mangle)]
pub extern "C" fn mlirGetPassPluginInfo() -> PluginLibraryInfo {
    install();
    // SAFETY: returns the address of a C++ function `void()`.
    info(unsafe { b::rmlirBridgePassPluginCallback() })
}

/// C API dialect handle of rarith, for any C API client.
#[unsafe(no_mangle)]
pub extern "C" fn mlirGetDialectHandle__rarith__() -> MlirDialectHandle {
    rarith_dialect_handle()
}

/// C API dialect handle of rshape, for any C API client.
#[unsafe(no_mangle)]
pub extern "C" fn mlirGetDialectHandle__rshape__() -> MlirDialectHandle {
    rshape_dialect_handle()
}
