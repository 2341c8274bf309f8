//! Pure semantics, free of MLIR types: integers of any width, comparison
//! predicates and the shape lattice. Everything here is unit- and
//! property-tested on its own; the op hooks in `arith`/`shape` only translate
//! between IR and these types.

#![forbid(unsafe_code)]

pub mod apint;
pub mod cmp;
pub mod enums;
pub mod float;
pub mod int_range;
pub mod lattice;
pub mod shape;
pub mod small_float;

pub use apint::ApInt;
