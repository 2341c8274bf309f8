//! What lowerings to SPIR-V ask of an op's SPIR-V target environment.

use crate::bindings as b;
use crate::ir::{Op, sref};

impl Op<'_> {
    /// Whether the SPIR-V target environment of the op (the nearest
    /// `spirv.target_env` above it, or MLIR's default) allows the extension
    /// named `extension` (`"SPV_KHR_no_integer_wrap_decoration"`); false for
    /// a name that is no SPIR-V extension.
    pub fn spirv_target_allows_extension(self, extension: &str) -> bool {
        // SAFETY: the op is live; the name is borrowed for the call.
        unsafe { b::rmlirSpirvTargetAllowsExtension(self.raw(), sref(extension)) }
    }
}
