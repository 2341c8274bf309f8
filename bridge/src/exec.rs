//! Running lowered code: the JIT (MLIR's ExecutionEngine).

use super::ir::sref;
use crate::semantics::float::{Format, Fp, Rounding};
use melior::ir::Module;
use mlir_sys::*;
use std::collections::HashMap;
use std::ffi::c_void;

/// A scalar argument or result of a JIT-called function.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// `i1`.
    I1(bool),
    /// `i8`.
    I8(i8),
    /// `i16`.
    I16(i16),
    /// `i32`.
    I32(i32),
    /// `i64` (and `index` after lowering).
    I64(i64),
    /// `f32`.
    F32(f32),
    /// `f64`.
    F64(f64),
}

impl Scalar {
    /// A zero of the same kind, used as the result slot.
    fn zero_like(self) -> Scalar {
        match self {
            Scalar::I1(_) => Scalar::I1(false),
            Scalar::I8(_) => Scalar::I8(0),
            Scalar::I16(_) => Scalar::I16(0),
            Scalar::I32(_) => Scalar::I32(0),
            Scalar::I64(_) => Scalar::I64(0),
            Scalar::F32(_) => Scalar::F32(0.0),
            Scalar::F64(_) => Scalar::F64(0.0),
        }
    }

    /// The LLVM type of this kind of scalar, as the IR spells it.
    fn llvm_type(self) -> &'static str {
        match self {
            Scalar::I1(_) => "i1",
            Scalar::I8(_) => "i8",
            Scalar::I16(_) => "i16",
            Scalar::I32(_) => "i32",
            Scalar::I64(_) => "i64",
            Scalar::F32(_) => "f32",
            Scalar::F64(_) => "f64",
        }
    }

    fn as_mut_ptr(&mut self) -> *mut c_void {
        match self {
            Scalar::I1(v) => v as *mut bool as *mut c_void,
            Scalar::I8(v) => v as *mut i8 as *mut c_void,
            Scalar::I16(v) => v as *mut i16 as *mut c_void,
            Scalar::I32(v) => v as *mut i32 as *mut c_void,
            Scalar::I64(v) => v as *mut i64 as *mut c_void,
            Scalar::F32(v) => v as *mut f32 as *mut c_void,
            Scalar::F64(v) => v as *mut f64 as *mut c_void,
        }
    }
}

/// Which of the host CPU's instructions JIT-compiled code may use.
///
/// The JIT compiles for the host CPU (its name and features as LLVM detects
/// them). Nearly every x86-64 instruction LLVM selects computes exactly what
/// IEEE 754 and LLVM's semantics prescribe, so results do not depend on the
/// host; the exception is the `bf16` conversion of AVX512-BF16 and
/// AVX-NE-CONVERT (`vcvtneps2bf16`), which treats subnormal inputs as zero
/// and flushes subnormal results to zero. On hosts that have it, LLVM uses
/// it for every `f32` to `bf16` rounding (`truncf`, and the rounding back of
/// `bf16` arithmetic, which LLVM computes in `f32`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CpuFeatures {
    /// The host's features minus the instructions whose results are not
    /// IEEE-exact ([`CpuFeatures::INEXACT`]): `bf16` roundings go through
    /// `__truncsfbf2`/`__truncdfbf2` (correctly rounded, subnormals kept), so
    /// results are the same on every host and equal rarith's folds.
    #[default]
    Exact,
    /// Every feature of the host, as upstream's `mlir-runner` compiles: on
    /// hosts with AVX512-BF16 or AVX-NE-CONVERT, `bf16` results that would
    /// be subnormal (or come from a subnormal `f32`) are zero.
    Native,
}

impl CpuFeatures {
    /// The LLVM target features [`CpuFeatures::Exact`] turns off: the
    /// `bf16` conversions that flush subnormals to zero (AVX10 implies
    /// AVX512-BF16, so turning that off turns AVX10 off too).
    pub const INEXACT: [&'static str; 2] = ["avx512bf16", "avxneconvert"];

    /// The feature changes applied on top of the host's, as LLVM spells
    /// them (`-avx512bf16,...`).
    fn overrides(self) -> String {
        match self {
            CpuFeatures::Exact => CpuFeatures::INEXACT
                .iter()
                .map(|f| format!("-{f}"))
                .collect::<Vec<_>>()
                .join(","),
            CpuFeatures::Native => String::new(),
        }
    }

    /// True when code compiled with these features on this host rounds
    /// `f32` to `bf16` with an instruction that flushes subnormals to zero.
    pub fn flushes_bf16_subnormals(self) -> bool {
        self == CpuFeatures::Native && host_cpu().has_inexact_bf16_conversion()
    }
}

/// The host CPU as LLVM (and so the JIT) sees it.
#[derive(Clone, Debug)]
pub struct HostCpu {
    /// LLVM's name for it (`znver4`, `sapphirerapids`, `x86-64`, ...).
    pub name: String,
    /// The features it has, by LLVM name, sorted.
    pub features: Vec<String>,
}

impl HostCpu {
    /// True when the host has a feature of [`CpuFeatures::INEXACT`].
    pub fn has_inexact_bf16_conversion(&self) -> bool {
        CpuFeatures::INEXACT
            .iter()
            .any(|f| self.features.iter().any(|g| g == f))
    }
}

/// Takes a string the bridge allocated.
fn take_bridge_string(raw: *mut std::ffi::c_char) -> String {
    if raw.is_null() {
        return String::new();
    }
    // SAFETY: the bridge returns a NUL-terminated malloc'd string, read once
    // here and freed right after by its own allocator.
    let text = unsafe { std::ffi::CStr::from_ptr(raw) }
        .to_string_lossy()
        .into_owned();
    // SAFETY: raw came from the bridge and is freed exactly once.
    unsafe { super::bindings::rmlirFreeString(raw) };
    text
}

/// The host CPU: its LLVM name and the features it has.
pub fn host_cpu() -> HostCpu {
    // SAFETY: both functions only query the host and return owned strings.
    let name = take_bridge_string(unsafe { super::bindings::rmlirHostCpuName() });
    // SAFETY: as above.
    let all = take_bridge_string(unsafe { super::bindings::rmlirHostCpuFeatures() });
    let features = all
        .split(',')
        .filter_map(|f| f.strip_prefix('+'))
        .map(String::from)
        .collect();
    HostCpu { name, features }
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
pub struct Jit {
    engine: MlirExecutionEngine,
    /// Each function's parameter types and result type ("void" for none),
    /// as the IR spells them: calls are checked against them.
    signatures: HashMap<String, (Vec<String>, String)>,
}

/// The signature of every `llvm.func` of `module`.
fn signatures(module: &Module) -> HashMap<String, (Vec<String>, String)> {
    // SAFETY: the module is borrowed for the call, which only reads it and
    // keeps no handle past it.
    let Some(root) = (unsafe { super::ir::Op::from_raw(module.as_operation().to_raw()) }) else {
        return HashMap::new();
    };
    super::walk::collect(root, |op| op.name() == "llvm.func")
        .into_iter()
        .filter_map(|f| {
            let name = f.attr("sym_name")?.as_str()?.to_owned();
            let ty = f.attr("function_type")?.type_value()?;
            // SAFETY: ty is a live LLVM function type; positions are below
            // its input count.
            let (inputs, result) = unsafe {
                let inputs = (0..mlirLLVMFunctionTypeGetNumInputs(ty.raw()))
                    .filter_map(|i| {
                        super::ir::Type::from_raw(mlirLLVMFunctionTypeGetInput(ty.raw(), i))
                    })
                    .map(|t| t.to_string_lossy())
                    .collect();
                let result = super::ir::Type::from_raw(mlirLLVMFunctionTypeGetReturnType(ty.raw()))
                    .map(|t| t.to_string_lossy())
                    .unwrap_or_default();
                (inputs, result)
            };
            let result = if result == "!llvm.void" {
                "void".to_owned()
            } else {
                result
            };
            Some((name, (inputs, result)))
        })
        .collect()
}

impl Jit {
    /// Compiles `module` (LLVM dialect only) at `opt_level` for the host CPU
    /// with [`CpuFeatures::Exact`], with the given shared runtime libraries
    /// (e.g. `libmlir_c_runner_utils.so`). Fails when the module does not
    /// translate to LLVM IR or does not compile.
    pub fn new(module: &Module, opt_level: usize, shared_libs: &[&str]) -> Result<Jit, String> {
        Jit::with_features(module, opt_level, shared_libs, CpuFeatures::Exact)
    }

    /// [`Jit::new`], with the CPU features chosen by the caller.
    pub fn with_features(
        module: &Module,
        opt_level: usize,
        shared_libs: &[&str],
        features: CpuFeatures,
    ) -> Result<Jit, String> {
        let libs: Vec<MlirStringRef> = shared_libs.iter().map(|s| sref(s)).collect();
        let overrides = features.overrides();
        let mut error: *mut std::ffi::c_char = std::ptr::null_mut();
        let _serialized = jit_lock();
        // SAFETY: module is live; libs borrows shared_libs and `overrides`
        // outlives the call; the engine copies what it keeps; `error` is a
        // valid out-pointer, set only on failure.
        let engine = unsafe {
            super::bindings::rmlirExecutionEngineCreate(
                module.to_raw(),
                opt_level as i32,
                libs.len() as isize,
                libs.as_ptr(),
                sref(&overrides),
                &mut error,
            )
        };
        if engine.ptr.is_null() {
            let why = take_bridge_string(error);
            return Err(format!(
                "failed to create the execution engine (is the module fully lowered to LLVM?){}{why}",
                if why.is_empty() { "" } else { ": " }
            ));
        }
        for (name, address) in bf16_runtime() {
            // SAFETY: the engine is live; `address` is a function of this
            // library, alive as long as the process.
            unsafe { mlirExecutionEngineRegisterSymbol(engine, sref(name), address) };
        }
        Ok(Jit {
            engine,
            signatures: signatures(module),
        })
    }

    /// Calls `name` with scalar `args`, returning a result of the kind of
    /// `result` (None for functions returning nothing). The call is checked
    /// against the function's signature in the module: an unknown function,
    /// a wrong number of arguments or a wrong scalar kind is an error, never
    /// a call.
    pub fn call(
        &self,
        name: &str,
        args: &[Scalar],
        result: Option<Scalar>,
    ) -> Result<Option<Scalar>, String> {
        let Some((params, returns)) = self.signatures.get(name) else {
            return Err(format!("no function `{name}` in the JIT-compiled module"));
        };
        let given: Vec<&str> = args.iter().map(|a| a.llvm_type()).collect();
        let given_result = result.map_or("void", |r| r.llvm_type());
        if given != *params || given_result != returns {
            return Err(format!(
                "`{name}` takes ({}) -> {returns}; called with ({}) -> {given_result}",
                params.join(", "),
                given.join(", ")
            ));
        }
        let mut args: Vec<Scalar> = args.to_vec();
        let mut result = result.map(Scalar::zero_like);
        let mut ptrs: Vec<*mut c_void> = args.iter_mut().map(|a| a.as_mut_ptr()).collect();
        if let Some(r) = result.as_mut() {
            ptrs.push(r.as_mut_ptr());
        }
        let _serialized = jit_lock();
        // SAFETY: the packed interface of `name` reads one pointer per
        // argument and writes the result through the last one; all pointees
        // are live locals of the matching scalar types. The caller states the
        // signature, as with mlir-runner's --entry-point-result.
        let ok =
            unsafe { mlirExecutionEngineInvokePacked(self.engine, sref(name), ptrs.as_mut_ptr()) };
        if ok.value == 0 {
            return Err(format!(
                "`{name}` cannot be called: private functions (internal linkage) are not \
                 exported by the JIT; make it public, or call `pipeline::emit_c_interfaces` \
                 before lowering"
            ));
        }
        Ok(result)
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
