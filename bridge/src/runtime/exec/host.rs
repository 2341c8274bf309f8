//! The host CPU as LLVM (and so the JIT) sees it, and which of its
//! features JIT-compiled code may use.

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
    pub(super) fn overrides(self) -> String {
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
pub(super) fn take_bridge_string(raw: *mut std::ffi::c_char) -> String {
    if raw.is_null() {
        return String::new();
    }
    // SAFETY: the bridge returns a NUL-terminated malloc'd string, read once
    // here and freed right after by its own allocator.
    let text = unsafe { std::ffi::CStr::from_ptr(raw) }
        .to_string_lossy()
        .into_owned();
    // SAFETY: raw came from the bridge and is freed exactly once.
    unsafe { crate::bindings::rmlirFreeString(raw) };
    text
}

/// The host CPU: its LLVM name and the features it has.
pub fn host_cpu() -> HostCpu {
    // SAFETY: both functions only query the host and return owned strings.
    let name = take_bridge_string(unsafe { crate::bindings::rmlirHostCpuName() });
    // SAFETY: as above.
    let all = take_bridge_string(unsafe { crate::bindings::rmlirHostCpuFeatures() });
    let features = all
        .split(',')
        .filter_map(|f| f.strip_prefix('+'))
        .map(String::from)
        .collect();
    HostCpu { name, features }
}
