//! MLIR's value semantics in pure Rust, free of MLIR types: integers of any
//! width (APInt), the floating-point formats of MLIR 22 (APFloat, through
//! rustc_apfloat, and the small formats it lacks) and integer ranges
//! (ConstantIntRanges). The handles of [`crate::ir`] read attributes into
//! these and build attributes from them.

#![forbid(unsafe_code)]

pub mod apint;
pub mod float;
pub mod int_range;
pub mod small_float;

pub use apint::ApInt;
