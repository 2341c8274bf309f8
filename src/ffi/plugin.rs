//! The Rust halves of the plugin entry points. A Rust cdylib exports only
//! Rust `#[no_mangle]` symbols, so the exported names are Rust functions
//! ([`export_plugin!`](crate::export_plugin) writes them for a descriptor);
//! they install the hook table and hand MLIR the C++ registration callbacks.

use super::bindings as b;
use super::hooks::install;
use super::model::Descriptor;
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

/// The dialect plugin's info: installs `descriptor` and hands MLIR the
/// C++ callback that registers the bridge's dialects.
pub fn dialect_plugin_info(descriptor: &'static Descriptor) -> PluginLibraryInfo {
    install(descriptor);
    // SAFETY: returns the address of a C++ function `void(DialectRegistry&)`.
    info(unsafe { b::rmlirBridgeDialectPluginCallback() })
}

/// The pass plugin's info: installs `descriptor` and hands MLIR the C++
/// callback that registers its passes.
pub fn pass_plugin_info(descriptor: &'static Descriptor) -> PluginLibraryInfo {
    install(descriptor);
    // SAFETY: returns the address of a C++ function `void()`.
    info(unsafe { b::rmlirBridgePassPluginCallback() })
}

/// Exports the plugin entry points of a shared library whose dialects are
/// described by `$descriptor` (`--load-dialect-plugin`,
/// `--load-pass-plugin`), and a C API dialect handle per listed dialect:
///
/// ```ignore
/// export_plugin!(registry::DESCRIPTOR, [
///     mlirGetDialectHandle__rarith__ => rmlirBridgeRArithDialectHandle,
/// ]);
/// ```
#[macro_export]
macro_rules! export_plugin {
    ($descriptor:path, [$($export:ident => $bridge:ident),* $(,)?]) => {
        /// Entry point of `--load-dialect-plugin`.
        #[allow(unsafe_code)]
        #[unsafe(no_mangle)]
        pub extern "C" fn mlirGetDialectPluginInfo() -> $crate::ffi::plugin::PluginLibraryInfo {
            $crate::ffi::plugin::dialect_plugin_info(&$descriptor)
        }

        /// Entry point of `--load-pass-plugin`.
        #[allow(unsafe_code)]
        #[unsafe(no_mangle)]
        pub extern "C" fn mlirGetPassPluginInfo() -> $crate::ffi::plugin::PluginLibraryInfo {
            $crate::ffi::plugin::pass_plugin_info(&$descriptor)
        }

        $(
            /// C API dialect handle, for any C API client.
            #[allow(unsafe_code)]
            #[unsafe(no_mangle)]
            pub extern "C" fn $export() -> ::mlir_sys::MlirDialectHandle {
                $crate::ffi::context::dialect_handle(
                    &$descriptor,
                    $crate::ffi::bindings::$bridge,
                )
            }
        )*
    };
}
