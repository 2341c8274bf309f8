//! rarith: the behaviour of upstream's arith dialect, op by op.

mod addi;
mod bitcast;
pub mod bufferize;
mod cmpi;
mod constant;
mod extended;
mod float_ops;
mod float_patterns;
pub mod fold;
mod int_binary;
mod int_casts;
mod int_range;
mod interop_patterns;
pub(crate) mod patterns;
mod select;
pub mod value_bounds;

use crate::ffi::ir::{Attr, Detached, Location, Op, Type};

/// `ArithDialect::materializeConstant`: `ub.poison` for poison, else an
/// `rarith.constant` when the value is buildable with the type.
pub fn materialize_constant<'ir>(
    value: Attr<'ir>,
    ty: Type<'ir>,
    loc: Location<'ir>,
) -> Option<Detached<'ir>> {
    if fold::is_poison(value) {
        return Op::create("ub.poison", loc, &[], &[ty], &[("value", value)]);
    }
    constant::materialize(value, ty, loc)
}
