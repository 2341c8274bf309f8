//! Pure semantics, free of MLIR types: integers of any width, comparison
//! predicates and the shape lattice. Everything here is unit- and
//! property-tested on its own; the op hooks in `arith`/`shape` only translate
//! between IR and these types.

#![forbid(unsafe_code)]

pub mod cmp;
pub mod enums;
pub mod lattice;
pub mod shape;

// MLIR's value semantics (APInt, APFloat, ConstantIntRanges) are the
// bridge's: its handles read attributes into them.
pub use rmlir_bridge::semantics::{ApInt, float, int_range, small_float};
