//! The EmitC dialect's C types (`size_t`, `ptrdiff_t`, `ssize_t`), built
//! and recognized through MLIR's C API, for lowerings to EmitC.

use crate::ir::{Context, Type};
use mlir_sys::{
    mlirEmitCPtrDiffTTypeGet, mlirEmitCSignedSizeTTypeGet, mlirEmitCSizeTTypeGet,
    mlirTypeIsAEmitCPtrDiffTType, mlirTypeIsAEmitCSignedSizeTType, mlirTypeIsAEmitCSizeTType,
};

impl<'ir> Context<'ir> {
    /// `!emitc.size_t` (the EmitC dialect must be loaded).
    #[inline]
    pub fn emitc_size_t_type(self) -> Type<'ir> {
        // SAFETY: self is a live context.
        unsafe { Type::from_raw(mlirEmitCSizeTTypeGet(self.raw())) }.expect("!emitc.size_t")
    }
    /// `!emitc.ptrdiff_t` (the EmitC dialect must be loaded).
    #[inline]
    pub fn emitc_ptrdiff_t_type(self) -> Type<'ir> {
        // SAFETY: self is a live context.
        unsafe { Type::from_raw(mlirEmitCPtrDiffTTypeGet(self.raw())) }.expect("!emitc.ptrdiff_t")
    }
    /// `!emitc.ssize_t` (the EmitC dialect must be loaded).
    #[inline]
    pub fn emitc_ssize_t_type(self) -> Type<'ir> {
        // SAFETY: self is a live context.
        unsafe { Type::from_raw(mlirEmitCSignedSizeTTypeGet(self.raw())) }.expect("!emitc.ssize_t")
    }
}

impl Type<'_> {
    /// True for `!emitc.size_t`.
    #[inline]
    pub fn is_emitc_size_t(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsAEmitCSizeTType(self.raw()) }
    }
    /// True for EmitC's pointer-wide integer types: `!emitc.size_t`,
    /// `!emitc.ssize_t` and `!emitc.ptrdiff_t`.
    #[inline]
    pub fn is_emitc_pointer_wide(self) -> bool {
        // SAFETY: type is live.
        self.is_emitc_size_t()
            || unsafe {
                mlirTypeIsAEmitCSignedSizeTType(self.raw())
                    || mlirTypeIsAEmitCPtrDiffTType(self.raw())
            }
    }
}
