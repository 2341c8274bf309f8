//! Passes implemented in Rust, registered with MLIR's pass registry by the
//! bridge (flags in rmlir-opt, names in stock mlir-opt's --pass-pipeline).

mod arith_bridge;
mod arith_expand;
mod arith_to_apfloat;
mod arith_to_llvm;
mod driver;
mod emulate_unsupported_floats;
mod emulate_wide_int;
mod int_range_narrowing;
mod int_range_optimizations;
mod outline;
mod reify;
mod shape_constraints;
mod shape_lowering;
mod shape_to_std;
mod test_arith_interfaces;
mod test_panic;
mod unsigned_when_equivalent;

use crate::registry::PassDef;

pub use arith_to_llvm::TO_LLVM as RARITH_TO_LLVM;

/// Every Rust pass; the index is the pass id.
pub static ALL: &[PassDef] = &[
    arith_to_llvm::PASS,
    arith_bridge::TO_ARITH,
    arith_bridge::FROM_ARITH,
    arith_expand::PASS,
    outline::PASS,
    reify::PASS,
    shape_constraints::CONVERT,
    shape_constraints::REMOVE,
    shape_lowering::PASS,
    shape_to_std::PASS,
    test_panic::PASS,
    test_arith_interfaces::PASS,
    unsigned_when_equivalent::PASS,
    emulate_unsupported_floats::PASS,
    int_range_optimizations::PASS,
    int_range_narrowing::PASS,
    arith_to_apfloat::PASS,
    emulate_wide_int::PASS,
];
