//! The plugin entry points. A Rust cdylib exports only Rust `#[no_mangle]`
//! symbols, so MLIR's entry points (`mlirGetDialectPluginInfo`,
//! `mlirGetPassPluginInfo`) are Rust functions, defined here once for every
//! library built on the bridge: they serve every descriptor linked into
//! the library (each crate's [`export_plugin!`](crate::export_plugin)
//! exports its descriptor under a name of its own, so that any number of
//! dialect crates link into one library or program), installing the hook
//! table and handing MLIR the registration callbacks.

use crate::error::{Error, ErrorKind};
use crate::hooks::model::Descriptor;
use crate::hooks::try_install;
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

use crate::hooks::loader::{
    RTLD_LAZY, RTLD_NOLOAD, dlclose, dlerror, dlopen, dlsym, this_object_path,
};

/// The symbol a library exports to have its own registration run when it
/// is loaded as a plugin (`rmlir::plugin!` defines it).
const REGISTRATION_SYMBOL: &std::ffi::CStr = c"rmlir_plugin_register";

/// Runs the registration of the shared library this code is part of, when
/// it exports one (`rmlir_plugin_register`), once. A plugin is loaded
/// with `RTLD_LOCAL`, so its symbols are looked up in that library itself.
fn run_library_registration() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        let Some(path) = this_object_path()
            .and_then(|p| std::ffi::CString::new(p.into_os_string().into_encoded_bytes()).ok())
        else {
            return;
        };
        // SAFETY: `path` is the NUL-terminated path of this loaded object;
        // RTLD_NOLOAD only returns a handle to it, loading nothing.
        let handle = unsafe { dlopen(path.as_ptr(), RTLD_LAZY | RTLD_NOLOAD) };
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
    crate::ir::guard::guard("plugin registration", || None, (), register);
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
    match crate::ir::guard::guard(
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

/// The dialect plugin callback (`void(DialectRegistry &)`, the reference
/// passed as a pointer): this library's dialects, from its own hook table.
extern "C" fn register_dialects(registry: *mut c_void) {
    crate::hooks::register_dialects_into(mlir_sys::MlirDialectRegistry { ptr: registry });
}

/// The pass plugin callback (`void()`): this library's passes, with its own
/// hook table.
extern "C" fn register_passes() {
    let _writing = crate::passes::pass_registry_write();
    crate::hooks::register_all_passes();
}

/// The dialect plugin's info: installs `descriptor` and hands MLIR this
/// library's callback that registers its dialects.
fn dialect_plugin_info() -> PluginLibraryInfo {
    if !install_linked() {
        return info(register_no_dialects as *mut c_void);
    }
    info(register_dialects as *mut c_void)
}

/// The pass plugin's info: installs the library's descriptors and hands
/// MLIR this library's callback that registers their passes.
fn pass_plugin_info() -> PluginLibraryInfo {
    if !install_linked() {
        return info(register_no_passes as *mut c_void);
    }
    info(register_passes as *mut c_void)
}

/// Entry point of `--load-dialect-plugin`: the dialects of every
/// descriptor linked into this library.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn mlirGetDialectPluginInfo() -> PluginLibraryInfo {
    dialect_plugin_info()
}

/// Entry point of `--load-pass-plugin`: the passes of every descriptor
/// linked into this library.
#[allow(unsafe_code)]
#[unsafe(no_mangle)]
pub extern "C" fn mlirGetPassPluginInfo() -> PluginLibraryInfo {
    pass_plugin_info()
}

/// The prefix of the symbols under which [`export_plugin!`](crate::export_plugin)
/// exports descriptors.
const DESCRIPTOR_PREFIX: &[u8] = b"rmlirDescriptor__";

/// Installs every descriptor linked into this library (once); false, with
/// a message, when there is none or one cannot be served.
fn install_linked() -> bool {
    static INSTALLED: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *INSTALLED.get_or_init(|| {
        let descriptors = linked_descriptors();
        if descriptors.is_empty() {
            eprintln!("rmlir-bridge: this library exports no descriptor (export_plugin!)");
            return false;
        }
        let mut all = true;
        for descriptor in descriptors {
            all &= install_for_plugin(descriptor);
        }
        all
    })
}

/// The descriptors exported by this library: the symbols of its dynamic
/// symbol table named `rmlirDescriptor__*`, each a function returning one.
fn linked_descriptors() -> Vec<&'static Descriptor> {
    let Some(path) = this_object_path() else {
        return Vec::new();
    };
    let names = exported_names(&path, DESCRIPTOR_PREFIX).unwrap_or_default();
    let Ok(c_path) = std::ffi::CString::new(path.into_os_string().into_encoded_bytes()) else {
        return Vec::new();
    };
    // SAFETY: `c_path` is the NUL-terminated path of this loaded object;
    // RTLD_NOLOAD only returns a handle to it, loading nothing.
    let handle = unsafe { dlopen(c_path.as_ptr(), RTLD_LAZY | RTLD_NOLOAD) };
    if handle.is_null() {
        return Vec::new();
    }
    let mut found: Vec<&'static Descriptor> = Vec::new();
    for name in names {
        let Ok(name) = std::ffi::CString::new(name) else {
            continue;
        };
        // SAFETY: handle is live; the name is NUL-terminated.
        let symbol = unsafe { dlsym(handle, name.as_ptr()) };
        if symbol.is_null() {
            continue;
        }
        // SAFETY: `export_plugin!` defines these symbols as
        // `extern "C" fn() -> *const c_void`, returning a `&'static
        // Descriptor` of this very crate (linked once into the library).
        let get: extern "C" fn() -> *const c_void = unsafe { std::mem::transmute(symbol) };
        // SAFETY: as above: a pointer to a 'static Descriptor.
        let descriptor = unsafe { &*get().cast::<Descriptor>() };
        if !found.iter().any(|d| std::ptr::eq(*d, descriptor)) {
            found.push(descriptor);
        }
    }
    // SAFETY: drops the reference dlopen took; the library stays loaded.
    unsafe { dlclose(handle) };
    found
}

/// The names of the defined symbols of the ELF object at `path`'s dynamic
/// symbol table that start with `prefix`, read from its section headers.
fn exported_names(path: &std::path::Path, prefix: &[u8]) -> std::io::Result<Vec<Vec<u8>>> {
    use std::io::{Read, Seek, SeekFrom};
    let mut file = std::fs::File::open(path)?;
    let mut read_at = |offset: u64, len: usize| -> std::io::Result<Vec<u8>> {
        let mut bytes = vec![0; len];
        file.seek(SeekFrom::Start(offset))?;
        file.read_exact(&mut bytes)?;
        Ok(bytes)
    };
    let bad = || std::io::Error::new(std::io::ErrorKind::InvalidData, "not a 64-bit ELF object");
    let u16_at = |b: &[u8], o: usize| b.get(o..o + 2).map(|s| u16::from_le_bytes([s[0], s[1]]));
    let u32_at = |b: &[u8], o: usize| {
        b.get(o..o + 4)
            .map(|s| u32::from_le_bytes(s.try_into().expect("4 bytes")))
    };
    let u64_at = |b: &[u8], o: usize| {
        b.get(o..o + 8)
            .map(|s| u64::from_le_bytes(s.try_into().expect("8 bytes")))
    };
    let header = read_at(0, 64)?;
    // ELF, 64-bit, little-endian.
    if header[..4] != *b"\x7fELF" || header[4] != 2 || header[5] != 1 {
        return Err(bad());
    }
    let section_table = u64_at(&header, 0x28).ok_or_else(bad)?;
    let entry_size = usize::from(u16_at(&header, 0x3A).ok_or_else(bad)?);
    let count = usize::from(u16_at(&header, 0x3C).ok_or_else(bad)?);
    if entry_size < 64 {
        return Err(bad());
    }
    let sections = read_at(section_table, entry_size * count)?;
    let section = |i: usize| sections.get(i * entry_size..(i + 1) * entry_size);
    const SHT_DYNSYM: u32 = 11;
    let Some(dynsym) = (0..count)
        .filter_map(section)
        .find(|s| u32_at(s, 4) == Some(SHT_DYNSYM))
    else {
        return Ok(Vec::new());
    };
    let field = |s: &[u8], o| u64_at(s, o).ok_or_else(bad);
    let (offset, size) = (field(dynsym, 0x18)?, field(dynsym, 0x20)?);
    let strings = section(u32_at(dynsym, 0x28).ok_or_else(bad)? as usize).ok_or_else(bad)?;
    let (strings_offset, strings_size) = (field(strings, 0x18)?, field(strings, 0x20)?);
    let symbols = read_at(offset, size as usize)?;
    let strings = read_at(strings_offset, strings_size as usize)?;
    let mut names = Vec::new();
    // Elf64_Sym: 24 bytes; st_name at 0, st_shndx (0: undefined) at 6.
    for symbol in symbols.chunks_exact(24) {
        let (Some(name), Some(index)) = (u32_at(symbol, 0), u16_at(symbol, 6)) else {
            continue;
        };
        let Some(rest) = strings.get(name as usize..) else {
            continue;
        };
        let name = &rest[..rest.iter().position(|&c| c == 0).unwrap_or(rest.len())];
        if index != 0 && name.starts_with(prefix) {
            names.push(name.to_vec());
        }
    }
    Ok(names)
}

/// Exports `$descriptor` under the symbol `$name` (`rmlirDescriptor__`
/// and a name of the crate's own: its first dialect's), which the plugin
/// entry points of a library built on the bridge look for: any library
/// (`cdylib`) linking the crate serves its dialects as a plugin
/// (`--load-dialect-plugin`, `--load-pass-plugin`), next to those of every
/// other crate it links. Also exports the C API dialect handle of each of
/// its dialects, under the name MLIR's C API gives it:
///
/// ```ignore
/// rmlir_bridge::export_plugin!(DESCRIPTOR as rmlirDescriptor__toy, [
///     toy => mlirGetDialectHandle__toy__,
/// ]);
/// ```
#[macro_export]
macro_rules! export_plugin {
    ($descriptor:path as $name:ident, [$($dialect:ident => $export:ident),* $(,)?]) => {
        /// The crate's descriptor, for the plugin entry points of the
        /// library it is linked into.
        #[allow(unsafe_code)]
        #[unsafe(no_mangle)]
        pub extern "C" fn $name() -> *const ::std::ffi::c_void {
            let descriptor: &'static $crate::model::Descriptor = &$descriptor;
            (descriptor as *const $crate::model::Descriptor).cast()
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

/// `RTLD_NOW | RTLD_GLOBAL`: what `mlir-opt` loads plugins with (symbols
/// shared with what loads later).
const RTLD_NOW_GLOBAL: c_int = 2 | 0x100;

/// Loads the MLIR plugin at `path` into this process, as `mlir-opt`'s
/// `--load-dialect-plugin` and `--load-pass-plugin` do: its dialects join
/// `context` (loaded, so that IR using them parses), its passes MLIR's
/// pass registry (so that pipeline strings name them). A library built on
/// the bridge (`export_plugin!`, `rmlir::plugin!`) keeps its own hook table
/// and serves its dialects next to this process's. Fails when the library
/// does not load or is no MLIR plugin (neither entry point), or was built
/// for another plugin API version.
///
/// # Safety
/// Loading a library runs its initializers, and its entry points are
/// called with MLIR's plugin signatures: `path` must be an MLIR plugin
/// built against the MLIR this process uses (LLVM 22's `libMLIR`).
pub unsafe fn load_plugin(context: &melior::Context, path: &str) -> Result<(), Error> {
    let failed =
        |why: String| Error::new(ErrorKind::Registration, format!("plugin `{path}`: {why}"));
    let c_path =
        std::ffi::CString::new(path).map_err(|_| failed("a path with a NUL byte".into()))?;
    // SAFETY: the caller vouches for the library; the path is NUL-terminated.
    let handle = unsafe { dlopen(c_path.as_ptr(), RTLD_NOW_GLOBAL) };
    if handle.is_null() {
        // SAFETY: dlerror returns the thread's last error message, or null.
        let why = unsafe { dlerror() };
        let why = if why.is_null() {
            "it does not load".to_owned()
        } else {
            // SAFETY: a NUL-terminated message of the C library.
            unsafe { std::ffi::CStr::from_ptr(why) }
                .to_string_lossy()
                .into_owned()
        };
        return Err(failed(why));
    }
    type Entry = unsafe extern "C" fn() -> PluginLibraryInfo;
    let entry = |name: &std::ffi::CStr| -> Option<PluginLibraryInfo> {
        // SAFETY: handle is live; the name is NUL-terminated.
        let symbol = unsafe { dlsym(handle, name.as_ptr()) };
        // SAFETY: an MLIR plugin defines its entry points with this
        // signature (the caller vouches for the library).
        (!symbol.is_null()).then(|| unsafe { std::mem::transmute::<*mut c_void, Entry>(symbol)() })
    };
    let dialects = entry(c"mlirGetDialectPluginInfo");
    let passes = entry(c"mlirGetPassPluginInfo");
    if dialects.is_none() && passes.is_none() {
        return Err(failed(
            "no MLIR plugin entry point (mlirGetDialectPluginInfo, mlirGetPassPluginInfo)".into(),
        ));
    }
    for info in dialects.iter().chain(&passes) {
        if info.api_version != PLUGIN_API_VERSION {
            return Err(failed(format!(
                "plugin API version {} (this MLIR's is {PLUGIN_API_VERSION})",
                info.api_version
            )));
        }
    }
    if let Some(info) = dialects {
        let registry = melior::dialect::DialectRegistry::new();
        // SAFETY: the callback is `void(DialectRegistry &)`; the registry
        // is live for the call.
        let register: extern "C" fn(*mut c_void) = unsafe { std::mem::transmute(info.register) };
        register(registry.to_raw().ptr);
        context.append_dialect_registry(&registry);
        context.load_all_available_dialects();
    }
    if let Some(info) = passes {
        let _writing = crate::passes::pass_registry_write();
        // SAFETY: the callback is `void()`; registration is serialized by
        // the lock.
        let register: extern "C" fn() = unsafe { std::mem::transmute(info.register) };
        register();
    }
    Ok(())
}
