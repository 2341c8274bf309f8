//! rshape: the behaviour of upstream's shape dialect, op by op.

mod broadcast;
mod const_shape;
mod size_arith;
mod sizes;

use crate::ffi::ir::{Attr, Location, Op, Type};
use crate::registry::OpBehaviour;

/// The Rust hooks of `rshape.<mnemonic>`.
pub fn behaviour(mnemonic: &str) -> OpBehaviour {
    match mnemonic {
        "broadcast" => broadcast::BEHAVIOUR,
        "const_shape" => const_shape::BEHAVIOUR,
        "const_size" => sizes::CONST_SIZE,
        "add" => size_arith::ADD,
        "mul" => size_arith::MUL,
        "div" => size_arith::DIV,
        "const_witness" => sizes::CONST_WITNESS,
        "index_to_size" => sizes::INDEX_TO_SIZE,
        "size_to_index" => sizes::SIZE_TO_INDEX,
        _ => crate::registry::NO_HOOKS,
    }
}

/// True for `!rshape.shape`.
pub fn is_shape_type(ty: Type) -> bool {
    ty.ods_name() == "rshape.shape"
}

/// True for the types that can hold an error value (`shape`, `size`,
/// `value_shape`).
pub fn can_hold_error(ty: Type) -> bool {
    matches!(
        ty.ods_name(),
        "rshape.shape" | "rshape.size" | "rshape.value_shape"
    )
}

/// True for extent tensors `tensor<?xindex>`/`tensor<Nxindex>`.
pub fn is_extent_tensor(ty: Type) -> bool {
    ty.is_ranked_tensor() && ty.rank() == Some(1) && ty.element_type_or_self().is_index()
}

/// `ShapeDialect::materializeConstant`: `const_shape` for shapes and extent
/// tensors, else an `rarith.constant` when buildable.
///
/// Unlike upstream, an extent tensor type whose size is not the number of
/// extents (e.g. `tensor<?xindex>`) is not materialized: the `const_shape`
/// would be invalid (see docs/upstream-differences.md).
pub fn materialize_constant(value: Attr, ty: Type, loc: Location) -> Option<Op> {
    if crate::arith::fold::is_poison(value) {
        return Op::create("ub.poison", loc, &[], &[ty], &[("value", value)]);
    }
    if is_shape_type(ty) || is_extent_tensor(ty) {
        if !value.is_dense_elements() || !value.ty()?.element_type_or_self().is_index() {
            return None;
        }
        if is_extent_tensor(ty) && ty.dims()? != [value.num_elements()] {
            return None;
        }
        return Op::create("rshape.const_shape", loc, &[], &[ty], &[("shape", value)]);
    }
    match ty.ods_name() {
        "rshape.size" if value.is_integer() => {
            Op::create("rshape.const_size", loc, &[], &[ty], &[("value", value)])
        }
        "rshape.witness" if value.is_integer() => Op::create(
            "rshape.const_witness",
            loc,
            &[],
            &[ty],
            &[("passing", value)],
        ),
        _ => crate::arith::materialize_constant(value, ty, loc),
    }
}
