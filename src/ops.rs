//! Typed builders for every rarith and rshape op, generated from ODS
//! (`build.rs`, through `rmlir-bridge-build`): `ops::rarith::addi(location, lhs, rhs,
//! IntegerOverflowFlags::NSW)`. Each takes the op's operands, its
//! attributes (ODS enums as Rust enums and flags, other attributes as
//! melior attributes), the result types that do not follow from the
//! operands, and its regions; it returns the op verified ([`Built`]: it
//! borrows its operands), or an [`Error`](crate::Error) with MLIR's
//! diagnostics (a wrong operand type, or an operand of another context, is
//! an error here, not a verifier failure later). Operands are melior values
//! or the scoped values of pass and pattern bodies ([`Operand`]).
//!
//! ```
//! use melior::ir::{Block, BlockLike, Location, r#type::IntegerType};
//! use rmlir::ods::rarith::IntegerOverflowFlags;
//! use rmlir::ops::rarith;
//!
//! let context = rmlir::new_context();
//! let location = Location::unknown(&context);
//! let i32t = IntegerType::new(&context, 32).into();
//! let block = Block::new(&[(i32t, location), (i32t, location)]);
//! let (a, b) = (block.argument(0).unwrap(), block.argument(1).unwrap());
//! let sum = rarith::addi(location, a, b, IntegerOverflowFlags::NSW).unwrap();
//! assert_eq!(
//!     sum.to_string(),
//!     "%0 = rarith.addi <<UNKNOWN SSA VALUE>>, <<UNKNOWN SSA VALUE>> overflow<nsw> : i32\n"
//! );
//! // An i64 and an i32 are no operands of one addi:
//! let wide = Block::new(&[(IntegerType::new(&context, 64).into(), location)]);
//! let error = rarith::addi(location, a, wide.argument(0).unwrap(),
//!                          IntegerOverflowFlags::NONE).unwrap_err();
//! assert_eq!(error.op(), Some(<rmlir::ods::rarith::AddIOp as rmlir::ods::OdsOp>::NAME));
//! block.append_operation(sum.into_operation());
//! ```

pub use crate::ffi::op_build::{BuildError, Built, Operand};

include!(concat!(env!("OUT_DIR"), "/ods_builders.rs"));
