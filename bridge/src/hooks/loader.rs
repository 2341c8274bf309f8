//! The dynamic loader (glibc's `dl*`): where the object holding this code
//! is, and its error messages. What finds a dialect library and a plugin's
//! own exports.

use std::ffi::{c_char, c_int, c_void};

/// `Dl_info` of glibc's `dladdr`.
#[repr(C)]
struct DlInfo {
    dli_fname: *const c_char,
    dli_fbase: *mut c_void,
    dli_sname: *const c_char,
    dli_saddr: *mut c_void,
}

pub(crate) const RTLD_LAZY: c_int = 1;
pub(crate) const RTLD_NOW: c_int = 2;
pub(crate) const RTLD_NOLOAD: c_int = 4;

unsafe extern "C" {
    fn dladdr(addr: *const c_void, info: *mut DlInfo) -> c_int;
    pub(crate) fn dlopen(file: *const c_char, mode: c_int) -> *mut c_void;
    pub(crate) fn dlsym(handle: *mut c_void, name: *const c_char) -> *mut c_void;
    pub(crate) fn dlclose(handle: *mut c_void) -> c_int;
    pub(crate) fn dlerror() -> *const c_char;
}

/// The path of the shared object (library or executable) this code is part
/// of, as the loader opened it.
pub(crate) fn this_object_path() -> Option<std::path::PathBuf> {
    let mut info = DlInfo {
        dli_fname: std::ptr::null(),
        dli_fbase: std::ptr::null_mut(),
        dli_sname: std::ptr::null(),
        dli_saddr: std::ptr::null_mut(),
    };
    let here = this_object_path as fn() -> Option<std::path::PathBuf> as *const c_void;
    // SAFETY: `here` is an address in this object; `info` is writable.
    if unsafe { dladdr(here, &mut info) } == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dli_fname is the NUL-terminated path of a loaded object.
    let name = unsafe { std::ffi::CStr::from_ptr(info.dli_fname) };
    let path = std::path::PathBuf::from(name.to_string_lossy().into_owned());
    // The executable is reported as it was started (maybe a relative
    // path); libraries by the path the loader opened.
    if path.is_absolute() {
        Some(path)
    } else {
        std::fs::read_link("/proc/self/exe").ok()
    }
}

/// The last dynamic-loader error, as text.
pub(crate) fn loader_error() -> String {
    // SAFETY: dlerror returns null or a NUL-terminated message that stays
    // valid until the next loader call on this thread.
    let message = unsafe { dlerror() };
    if message.is_null() {
        return "unknown error".into();
    }
    // SAFETY: non-null, NUL-terminated (above).
    unsafe { std::ffi::CStr::from_ptr(message) }
        .to_string_lossy()
        .into_owned()
}
