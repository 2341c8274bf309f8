//! Running lowered code: the JIT (MLIR's ExecutionEngine), called with
//! scalars and ranked memrefs through each function's C interface.

mod host;
mod signature;
mod values;

pub use host::{CpuFeatures, HostCpu, host_cpu};
pub use signature::{C_SIGNATURE, EMIT_C_INTERFACE};
pub use values::{Arg, Element, MemRef, Returned, Scalar};

use crate::error::{Error, ErrorKind};
use crate::ir::{Op, sref};
use crate::semantics::float::{Format, Fp, Rounding};
use host::take_bridge_string;
use melior::ir::Module;
use mlir_sys::*;
use signature::{Callable, Signature, Slot};
use std::collections::HashMap;
use std::ffi::c_void;

/// How much LLVM optimizes JIT-compiled code (its `-O` levels, for the
/// IR passes and for code generation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum OptLevel {
    /// `-O0`: no optimization.
    O0,
    /// `-O1`.
    O1,
    /// `-O2`, the default (as `mlir-runner`'s).
    #[default]
    O2,
    /// `-O3`.
    O3,
}

impl OptLevel {
    fn level(self) -> i32 {
        match self {
            OptLevel::O0 => 0,
            OptLevel::O1 => 1,
            OptLevel::O2 => 2,
            OptLevel::O3 => 3,
        }
    }
}

/// Serializes what the JITs of a process do with LLVM's process-wide state
/// (target machines, ORC sessions, debugger registration of emitted code):
/// creating, compiling on first call, and destroying an engine. (Added while
/// chasing crashes of parallel tests whose cause turned out to be concurrent
/// pass registration, see `ffi::context`; kept, as LLVM does not promise
/// that this state is thread-safe.)
static JIT_LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn jit_lock() -> std::sync::MutexGuard<'static, ()> {
    JIT_LOCK
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// A JIT-compiled LLVM-dialect module. Engines may live on any thread;
/// their creation, calls and destruction are serialized process-wide.
///
/// A function is called through its C interface, which lowering emits
/// for functions marked `llvm.emit_c_interface`:
/// [`emit_c_interfaces`] marks every function of a module, and records its
/// signature ([`C_SIGNATURE`]) so that memrefs can be passed. Calls are checked against the signature: a wrong count, kind,
/// element type or static dimension is an error, never a call.
///
/// What the called code does is the program's own: the JIT runs native
/// code, and an out-of-bounds `memref.load` in the IR is one in the process.
pub struct Jit {
    engine: MlirExecutionEngine,
    /// What calling each function of the module takes.
    callables: HashMap<String, Callable>,
}

/// An error of the JIT, with diagnostics.
fn jit_error(message: impl Into<String>) -> Error {
    Error::new(ErrorKind::Jit, message)
}

impl Jit {
    /// Compiles `module` (LLVM dialect only) at `opt` for the host CPU
    /// with [`CpuFeatures::Exact`], loading the given shared runtime
    /// libraries (e.g. `libmlir_c_runner_utils.so`). Fails, with MLIR's
    /// diagnostics, when a library does not exist, or the module does not
    /// translate to LLVM IR (ops left of other dialects) or does not
    /// compile.
    pub fn new(module: &Module, opt: OptLevel, shared_libs: &[&str]) -> Result<Jit, Error> {
        Jit::with_features(module, opt, shared_libs, CpuFeatures::Exact)
    }

    /// [`Jit::new`], with the CPU features chosen by the caller.
    pub fn with_features(
        module: &Module,
        opt: OptLevel,
        shared_libs: &[&str],
        features: CpuFeatures,
    ) -> Result<Jit, Error> {
        if let Some(missing) = shared_libs
            .iter()
            .find(|l| !std::path::Path::new(l).is_file())
        {
            return Err(jit_error(format!(
                "shared library `{missing}` does not exist"
            )));
        }
        let libs: Vec<MlirStringRef> = shared_libs.iter().map(|s| sref(s)).collect();
        let overrides = features.overrides();
        let mut error: *mut std::ffi::c_char = std::ptr::null_mut();
        let context = module.context();
        // SAFETY: the module is borrowed for the call, and so its context.
        let context = unsafe { context.to_ref() };
        let (engine, diagnostics) = crate::diagnostics::capture(context, || {
            let _serialized = jit_lock();
            // SAFETY: module is live; libs borrows shared_libs and
            // `overrides` outlives the call; the engine copies what it
            // keeps; `error` is a valid out-pointer, set only on failure.
            unsafe {
                crate::bindings::rmlirExecutionEngineCreate(
                    module.to_raw(),
                    opt.level(),
                    libs.len() as isize,
                    libs.as_ptr(),
                    sref(&overrides),
                    &mut error,
                )
            }
        });
        if engine.ptr.is_null() {
            let why = take_bridge_string(error);
            return Err(jit_error(format!(
                "cannot compile the module{}{why}",
                if why.is_empty() { "" } else { ": " }
            ))
            .with_diagnostics(diagnostics));
        }
        for (name, address) in bf16_runtime() {
            // SAFETY: the engine is live; `address` is a function of this
            // library, alive as long as the process.
            unsafe { mlirExecutionEngineRegisterSymbol(engine, sref(name), address) };
        }
        // SAFETY: the module is borrowed for the walk, which only reads it
        // and keeps no handle past it.
        let callables = unsafe { Op::from_raw(module.as_operation().to_raw()) }
            .map(signature::callables)
            .unwrap_or_default();
        Ok(Jit { engine, callables })
    }

    /// The signature of `name`, or why it cannot be called.
    fn signature(&self, name: &str) -> Result<&Signature, Error> {
        match self.callables.get(name) {
            None => Err(jit_error(format!(
                "no function `{name}` in the JIT-compiled module"
            ))),
            Some(Callable::NoCInterface) => Err(jit_error(format!(
                "`{name}` has no C interface: mark it `{EMIT_C_INTERFACE}` before lowering \
                 (`emit_c_interfaces` marks every function of a module)"
            ))),
            Some(Callable::Private) => Err(jit_error(format!(
                "`{name}` is private: the JIT exports public functions only"
            ))),
            Some(Callable::Yes(Err(why))) => Err(jit_error(format!(
                "`{name}` cannot be called from Rust: {why}"
            ))),
            Some(Callable::Yes(Ok(signature))) => Ok(signature),
        }
    }

    /// Calls `name` with `args` and returns its results, scalars and
    /// memrefs (copied out; the buffers the function allocated for them
    /// are freed). The call is checked against the function's signature
    /// first: an unknown function, a wrong number or kind of arguments, a
    /// memref of another element type or rank, or of a size that does not
    /// fit a static dimension, is an error, never a call.
    pub fn invoke(&self, name: &str, args: &mut [Arg<'_>]) -> Result<Vec<Returned>, Error> {
        let signature = self.signature(name)?;
        check_args(name, signature, args)?;
        // Storage the packed call points into: memref descriptors, scalar
        // copies, and the results.
        let mut descriptors: Vec<Vec<i64>> = Vec::new();
        let mut scalars: Vec<Scalar> = Vec::new();
        let mut buffers: Vec<(usize, usize)> = Vec::new();
        for arg in args.iter_mut() {
            match arg {
                Arg::Scalar(s) => scalars.push(*s),
                Arg::MemRef(m) => {
                    let (data, len) = m.buffer();
                    buffers.push((data as usize, len));
                    descriptors.push(m.descriptor());
                }
            }
        }
        let through_pointer = signature.returns_through_pointer();
        let (offsets, size) = signature.result_layout();
        // 64-bit words: the struct of results, aligned for every field.
        let mut results = vec![0u64; size.div_ceil(8).max(1)];
        let mut results_ptr: *mut c_void = results.as_mut_ptr().cast();
        let mut scalar_result = match signature.results.as_slice() {
            [Slot::Scalar(k)] => Some(Scalar::zero(*k)),
            _ => None,
        };
        let mut descriptor_ptrs: Vec<*mut c_void> = descriptors
            .iter_mut()
            .map(|d| d.as_mut_ptr().cast())
            .collect();
        let mut packed: Vec<*mut c_void> = Vec::with_capacity(args.len() + 1);
        if through_pointer {
            packed.push(&mut results_ptr as *mut *mut c_void as *mut c_void);
        }
        let (mut next_scalar, mut next_descriptor) = (0, 0);
        for arg in args.iter() {
            match arg {
                Arg::Scalar(_) => {
                    packed.push(scalars[next_scalar].as_mut_ptr());
                    next_scalar += 1;
                }
                Arg::MemRef(_) => {
                    packed.push(
                        &mut descriptor_ptrs[next_descriptor] as *mut *mut c_void as *mut c_void,
                    );
                    next_descriptor += 1;
                }
            }
        }
        if let Some(r) = scalar_result.as_mut() {
            packed.push(r.as_mut_ptr());
        }
        let _serialized = jit_lock();
        // SAFETY: the packed interface of `name`'s C wrapper reads one
        // pointer per parameter (the results' struct first when it returns
        // through a pointer; a descriptor pointer per memref; the scalar
        // per scalar) and writes a scalar result through the last one; all
        // pointees are live locals of the types the checked signature
        // says, and the descriptors describe memrefs lent mutably.
        let ok = unsafe {
            mlirExecutionEngineInvokePacked(self.engine, sref(name), packed.as_mut_ptr())
        };
        if ok.value == 0 {
            return Err(jit_error(format!(
                "`{name}` has no C interface in the compiled code"
            )));
        }
        if let Some(r) = scalar_result {
            return Ok(vec![Returned::Scalar(r)]);
        }
        let base: *const u8 = results.as_ptr().cast();
        let mut freed: Vec<usize> = Vec::new();
        let mut returned = Vec::with_capacity(signature.results.len());
        for (slot, &offset) in signature.results.iter().zip(&offsets) {
            // SAFETY: `offset` is within the results' struct, laid out as
            // the C interface wrote it.
            let at = unsafe { base.add(offset) };
            returned.push(match slot {
                // SAFETY: a scalar of this kind was written at `at`.
                Slot::Scalar(k) => Returned::Scalar(unsafe { Scalar::read(*k, at) }),
                Slot::MemRef { element, dims } => {
                    // SAFETY: a descriptor of this rank was written at `at`.
                    let memref =
                        unsafe { take_memref(*element, dims.len(), at, &buffers, &mut freed) };
                    Returned::MemRef(memref.ok_or_else(|| {
                        jit_error(format!("`{name}` returned a memref of negative size"))
                    })?)
                }
            });
        }
        Ok(returned)
    }

    /// Calls `name`, whose parameters and result are scalars, with `args`,
    /// returning a result of the kind of `result` (None for functions
    /// returning nothing): [`invoke`](Jit::invoke) for scalars, the result
    /// kind checked too.
    pub fn call(
        &self,
        name: &str,
        args: &[Scalar],
        result: Option<Scalar>,
    ) -> Result<Option<Scalar>, Error> {
        let signature = self.signature(name)?;
        let asked = Signature {
            params: args.iter().map(|a| Slot::Scalar(a.kind())).collect(),
            results: result.map(|r| Slot::Scalar(r.kind())).into_iter().collect(),
        };
        if *signature != asked {
            return Err(jit_error(format!(
                "`{name}` has signature {}; called with {}",
                signature.spelling(),
                asked.spelling()
            )));
        }
        let mut args: Vec<Arg> = args.iter().map(|&s| Arg::Scalar(s)).collect();
        let returned = self.invoke(name, &mut args)?;
        Ok(returned.first().and_then(Returned::scalar))
    }
}

/// Checks `args` against `signature`.
fn check_args(name: &str, signature: &Signature, args: &[Arg<'_>]) -> Result<(), Error> {
    let spell = |arg: &Arg| match arg {
        Arg::Scalar(s) => s.kind().spelling().to_owned(),
        Arg::MemRef(m) => {
            let dims: String = m.shape().iter().map(|d| format!("{d}x")).collect();
            format!("memref<{dims}{}>", m.kind().spelling())
        }
    };
    let fits = |slot: &Slot, arg: &Arg| match (slot, arg) {
        (Slot::Scalar(k), Arg::Scalar(s)) => *k == s.kind(),
        (Slot::MemRef { element, dims }, Arg::MemRef(m)) => {
            *element == m.kind()
                && dims.len() == m.shape().len()
                && dims
                    .iter()
                    .zip(m.shape())
                    .all(|(d, s)| d.is_none_or(|d| d == *s))
        }
        _ => false,
    };
    let fine = signature.params.len() == args.len()
        && signature.params.iter().zip(args).all(|(s, a)| fits(s, a));
    if fine {
        Ok(())
    } else {
        let given: Vec<String> = args.iter().map(spell).collect();
        Err(jit_error(format!(
            "`{name}` has signature {}; called with ({})",
            signature.spelling(),
            given.join(", ")
        )))
    }
}

unsafe extern "C" {
    fn free(p: *mut c_void);
}

/// What `memref.get_global` lowers the allocated pointer of a global's
/// memref to: nothing to free.
const GLOBAL_SENTINEL: usize = 0xdeadbeef;

/// Copies out the memref whose descriptor (of `rank`) is at `at`, then
/// frees its buffer unless an argument's buffer holds it, it is a global's,
/// or another result freed it already.
///
/// # Safety
/// `at` holds a descriptor the called code wrote, addressing readable
/// elements of `element`'s kind.
unsafe fn take_memref(
    element: signature::Kind,
    rank: usize,
    at: *const u8,
    arguments: &[(usize, usize)],
    freed: &mut Vec<usize>,
) -> Option<MemRef> {
    // SAFETY: the descriptor is 3 + 2 * rank words at `at`.
    let words: Vec<i64> = (0..3 + 2 * rank)
        .map(|i| unsafe { at.cast::<i64>().add(i).read_unaligned() })
        .collect();
    let (allocated, aligned, offset) = (words[0] as usize, words[1] as *const u8, words[2]);
    let (sizes, strides) = words[3..].split_at(rank);
    // SAFETY: the caller guarantees the addressed elements are readable.
    let memref = unsafe { MemRef::copy_from(element, aligned, offset, sizes, strides) };
    let lent = arguments
        .iter()
        .any(|&(start, len)| allocated >= start && allocated <= start + len);
    if allocated != 0 && allocated != GLOBAL_SENTINEL && !lent && !freed.contains(&allocated) {
        freed.push(allocated);
        // SAFETY: the called code allocated this buffer with the C
        // library's malloc (memref.alloc's lowering) and handed it to the
        // caller with the result; it is no argument's, no global's, and
        // freed once.
        unsafe { free(allocated as *mut c_void) };
    }
    memref
}

/// Marks every `func.func` defined in `module` with `llvm.emit_c_interface`,
/// so that lowering emits the `_mlir_ciface_` wrappers the JIT calls, and
/// records its function type as [`C_SIGNATURE`], so that the JIT knows the
/// memrefs' element types and ranks. Call it before lowering. Declarations
/// (runtime functions such as `printI64`) keep their plain C symbol.
pub fn emit_c_interfaces(module: &mut Module) {
    let Some(root) = Op::from_melior(module) else {
        return;
    };
    let unit = root.context().unit_attr();
    let defined =
        |op: Op| op.name() == "func.func" && op.region(0).and_then(|r| r.first_block()).is_some();
    for f in crate::rewrite::walk::collect(root, defined) {
        f.set_discardable_attr(EMIT_C_INTERFACE, unit);
        if let Some(ty) = f.attr("function_type") {
            f.set_discardable_attr(C_SIGNATURE, ty);
        }
    }
}

impl Drop for Jit {
    fn drop(&mut self) {
        let _serialized = jit_lock();
        // SAFETY: the engine was created by rmlirExecutionEngineCreate and is
        // destroyed exactly once.
        unsafe { mlirExecutionEngineDestroy(self.engine) }
    }
}

/// The bf16 truncations LLVM calls out of line on targets without bf16
/// instructions (`fptrunc` to `bf16`, and arithmetic on `bf16`, which LLVM
/// performs in `f32`). compiler-rt provides them, but the C runtime of this
/// platform (libgcc) does not, so the JIT gets them from here.
fn bf16_runtime() -> [(&'static str, *mut c_void); 2] {
    [
        ("__truncsfbf2", truncsfbf2 as *mut c_void),
        ("__truncdfbf2", truncdfbf2 as *mut c_void),
    ]
}

/// A `bf16` result in the register of a float result: the caller reads the
/// low 16 bits of the return register, which is where the bits of an `f32`
/// return value with those low bits lie.
fn bf16_in_f32_register(value: Fp) -> f32 {
    f32::from_bits(value.convert(Format::BF16, Rounding::ToNearestEven).bits as u32)
}

/// `__truncsfbf2`: `f32` to `bf16`, to nearest, ties to even.
extern "C" fn truncsfbf2(x: f32) -> f32 {
    bf16_in_f32_register(Fp::from_bits(Format::F32, u128::from(x.to_bits())))
}

/// `__truncdfbf2`: `f64` to `bf16`, rounded once, to nearest, ties to even.
extern "C" fn truncdfbf2(x: f64) -> f32 {
    bf16_in_f32_register(Fp::from_bits(Format::F64, u128::from(x.to_bits())))
}

unsafe extern "C" {
    /// The C library's standard output stream (glibc's `FILE *stdout`).
    static mut stdout: *mut c_void;
    fn setvbuf(stream: *mut c_void, buf: *mut std::ffi::c_char, mode: i32, size: usize) -> i32;
}

/// Makes the C library's stdout unbuffered, so that what JIT-compiled code
/// prints (runtime `printI64`, `cf.assert` messages through `puts`) is not
/// lost when it aborts.
pub fn unbuffer_c_stdout() {
    const IONBF: i32 = 2;
    // SAFETY: `stdout` is the C library's stream object, initialised before
    // main; setvbuf is called before this process writes to it from C code.
    unsafe {
        setvbuf(stdout, std::ptr::null_mut(), IONBF, 0);
    }
}
