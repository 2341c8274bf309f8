//! The Rust halves of the plugin entry points. A Rust cdylib exports only
//! Rust `#[no_mangle]` symbols, so the exported names are Rust functions
//! ([`export_plugin!`](crate::export_plugin) writes them for a descriptor);
//! they install the hook table and hand MLIR the C++ registration callbacks.

use super::bindings as b;
use super::hooks::try_install;
use super::model::Descriptor;
use std::ffi::{c_char, c_int, c_void};

/// MLIR's `MLIR_PLUGIN_API_VERSION`.
const PLUGIN_API_VERSION: u32 = 1;
const NAME: &[u8] = b"rmlir-bridge\0";
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

/// `Dl_info` of glibc's `dladdr`.
#[repr(C)]
struct DlInfo {
    dli_fname: *const c_char,
    dli_fbase: *mut c_void,
    dli_sname: *const c_char,
    dli_saddr: *mut c_void,
}

const RTLD_LAZY: c_int = 1;
const RTLD_NOLOAD: c_int = 4;

unsafe extern "C" {
    fn dladdr(addr: *const c_void, info: *mut DlInfo) -> c_int;
    fn dlopen(file: *const c_char, mode: c_int) -> *mut c_void;
    fn dlsym(handle: *mut c_void, name: *const c_char) -> *mut c_void;
    fn dlclose(handle: *mut c_void) -> c_int;
}

/// The symbol a library exports to have its own registration run when it
/// is loaded as a plugin (`rmlir::plugin!` defines it).
const REGISTRATION_SYMBOL: &std::ffi::CStr = c"rmlir_plugin_register";

/// Runs the registration of the shared library this code is part of, when
/// it exports one (`rmlir_plugin_register`), once. A plugin is loaded
/// with `RTLD_LOCAL`, so its symbols are looked up in that library itself.
fn run_library_registration() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let mut info = DlInfo {
            dli_fname: std::ptr::null(),
            dli_fbase: std::ptr::null_mut(),
            dli_sname: std::ptr::null(),
            dli_saddr: std::ptr::null_mut(),
        };
        let here = run_library_registration as fn() as *const c_void;
        // SAFETY: `here` is an address in this library; `info` is writable.
        if unsafe { dladdr(here, &mut info) } == 0 || info.dli_fname.is_null() {
            return;
        }
        // SAFETY: dli_fname is the NUL-terminated path of a loaded object;
        // RTLD_NOLOAD only returns a handle to it, loading nothing.
        let handle = unsafe { dlopen(info.dli_fname, RTLD_LAZY | RTLD_NOLOAD) };
        if handle.is_null() {
            return;
        }
        // SAFETY: handle is live; the name is NUL-terminated.
        let symbol = unsafe { dlsym(handle, REGISTRATION_SYMBOL.as_ptr()) };
        if !symbol.is_null() {
            // SAFETY: the symbol is defined as an `extern "C" fn()` (`rmlir::plugin!`).
            let register: extern "C" fn() = unsafe { std::mem::transmute(symbol) };
            register();
        }
        // SAFETY: drops the reference dlopen took; the library stays loaded.
        unsafe { dlclose(handle) };
    });
}

/// Runs a plugin's registration function under the panic guard (the
/// body of the `rmlir_plugin_register` a plugin exports).
pub fn run_registration(register: fn()) {
    super::guard::guard("plugin registration", || None, (), register);
}

/// A dialect plugin callback (`void(DialectRegistry *)`) that registers
/// nothing.
extern "C" fn register_no_dialects(_registry: *mut c_void) {}

/// A pass plugin callback (`void()`) that registers nothing.
extern "C" fn register_no_passes() {}

/// Installs `descriptor` for a plugin entry point; when the process already
/// serves another bridge-based library, says so and registers nothing (the
/// library's ops then stay unknown: diagnostics, not a crash).
fn install_for_plugin(descriptor: &'static Descriptor) -> bool {
    match super::guard::guard(
        "plugin",
        || None,
        Err("rmlir-bridge: installing the plugin panicked".into()),
        || try_install(descriptor),
    ) {
        Ok(()) => {
            run_library_registration();
            true
        }
        Err(message) => {
            eprintln!("{message}");
            false
        }
    }
}

/// The dialect plugin's info: installs `descriptor` and hands MLIR the
/// C++ callback that registers the bridge's dialects.
pub fn dialect_plugin_info(descriptor: &'static Descriptor) -> PluginLibraryInfo {
    if !install_for_plugin(descriptor) {
        return info(register_no_dialects as *mut c_void);
    }
    // SAFETY: returns the address of a C++ function `void(DialectRegistry&)`.
    info(unsafe { b::rmlirBridgeDialectPluginCallback() })
}

/// The pass plugin's info: installs `descriptor` and hands MLIR the C++
/// callback that registers its passes.
pub fn pass_plugin_info(descriptor: &'static Descriptor) -> PluginLibraryInfo {
    if !install_for_plugin(descriptor) {
        return info(register_no_passes as *mut c_void);
    }
    // SAFETY: returns the address of a C++ function `void()`.
    info(unsafe { b::rmlirBridgePassPluginCallback() })
}

/// Exports the plugin entry points of the shared library (`cdylib`) whose
/// dialects `$descriptor` describes (`--load-dialect-plugin`,
/// `--load-pass-plugin`), and the C API dialect handle of each of its
/// dialects, under the name MLIR's C API gives it:
///
/// ```ignore
/// rmlir_bridge::export_plugin!(DESCRIPTOR, [
///     toy => mlirGetDialectHandle__toy__,
/// ]);
/// ```
#[macro_export]
macro_rules! export_plugin {
    ($descriptor:path, [$($dialect:ident => $export:ident),* $(,)?]) => {
        /// Entry point of `--load-dialect-plugin`.
        #[allow(unsafe_code)]
        #[unsafe(no_mangle)]
        pub extern "C" fn mlirGetDialectPluginInfo() -> $crate::plugin::PluginLibraryInfo {
            $crate::plugin::dialect_plugin_info(&$descriptor)
        }

        /// Entry point of `--load-pass-plugin`.
        #[allow(unsafe_code)]
        #[unsafe(no_mangle)]
        pub extern "C" fn mlirGetPassPluginInfo() -> $crate::plugin::PluginLibraryInfo {
            $crate::plugin::pass_plugin_info(&$descriptor)
        }

        $(
            /// C API dialect handle, for any C API client.
            #[allow(unsafe_code)]
            #[unsafe(no_mangle)]
            pub extern "C" fn $export() -> ::mlir_sys::MlirDialectHandle {
                $crate::context::dialect_handle(&$descriptor, stringify!($dialect))
            }
        )*
    };
}

/// Defines the symbol `rmlir_plugin_register` the plugin entry points look
/// up in their library (see `run_library_registration`), with `$body` as
/// its body. For crates on the bridge that let their users register more
/// (as `rmlir::plugin!`); the `no_mangle` stays in this crate's macro.
#[doc(hidden)]
#[macro_export]
macro_rules! export_registration {
    ($body:expr) => {
        /// The registration the bridge's plugin entry points look up and run.
        #[allow(unsafe_code)]
        #[unsafe(no_mangle)]
        pub extern "C" fn rmlir_plugin_register() {
            $body
        }
    };
}
