//! rarith: the behaviour of upstream's arith dialect, op by op.

mod addi;
mod cmpi;
mod constant;
pub mod fold;

use crate::ffi::ir::{Attr, Location, Op, Type};
use crate::registry::OpBehaviour;

/// The Rust hooks of `rarith.<mnemonic>`.
pub fn behaviour(mnemonic: &str) -> OpBehaviour {
    match mnemonic {
        "constant" => constant::BEHAVIOUR,
        "addi" => addi::BEHAVIOUR,
        "cmpi" => cmpi::BEHAVIOUR,
        _ => crate::registry::NO_HOOKS,
    }
}

/// `ArithDialect::materializeConstant`: `ub.poison` for poison, else an
/// `rarith.constant` when the value is buildable with the type.
pub fn materialize_constant(value: Attr, ty: Type, loc: Location) -> Option<Op> {
    if fold::is_poison(value) {
        return Op::create("ub.poison", loc, &[], &[ty], &[("value", value)]);
    }
    constant::materialize(value, ty, loc)
}
