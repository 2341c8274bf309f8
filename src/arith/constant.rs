//! `rarith.constant`: verifier, result names, materialization (its fold,
//! "the value attribute", is declared in ODS: `rustFoldsToAttr`).

use crate::ffi::ir::{Attr, Detached, Location, Op, Type};
use crate::ods::OdsOp;
use crate::ods::rarith;
use rmlir_bridge::hooks;

hooks!(rarith::ConstantOp {
    verify: verify,
    result_names: result_names,
    patterns: super::interop_patterns::CONSTANT,
});

fn value<'ir>(op: Op<'ir>) -> Attr<'ir> {
    rarith::ConstantOp::from_op_unchecked(op)
        .value()
        .expect("rarith.constant has a value attribute")
}

/// Upstream's `ConstantOp::verify`.
fn verify(op: Op) -> bool {
    let ty = op.result(0).ty();
    let value = value(op);
    if ty.is_integer() && !ty.is_signless_integer() {
        op.emit_op_error("integer return type must be signless");
        return false;
    }
    if !(value.is_integer() || value.is_float() || value.is_elements()) {
        op.emit_op_error("value must be an integer, float, or elements attribute");
        return false;
    }
    // "intializing" is upstream's spelling; diagnostics match upstream's text.
    if ty.is_scalable_vector() && !value.is_splat() {
        op.emit_op_error(
            "intializing scalable vectors with elements attribute is not supported unless it's a vector splat",
        );
        return false;
    }
    true
}

/// `%c42_i32`, `%c-1_i64`, `%c7` (index), `%true`/`%false` (i1), else `%cst`.
fn result_names(op: Op, set: &mut dyn FnMut(usize, &str)) {
    let ty = op.result(0).ty();
    let value = value(op);
    let name = match value.as_int().filter(|_| value.is_integer()) {
        Some(v) if ty.is_integer() && v.width() == 1 => {
            if v.is_zero() {
                "false".to_owned()
            } else {
                "true".to_owned()
            }
        }
        Some(v) if ty.is_integer() => {
            format!(
                "c{}_{}{}",
                v.to_string_signed(),
                ty.integer_prefix(),
                v.width()
            )
        }
        Some(v) => format!("c{}", v.to_string_signed()),
        // A zero-width integer (its only value is 0) has no ApInt.
        None if value.is_integer() && ty.is_integer() && ty.int_width() == Some(0) => {
            format!("c0_{}0", ty.integer_prefix())
        }
        None => "cst".to_owned(),
    };
    set(0, &name);
}

/// Upstream's `ConstantOp::isBuildableWith`.
pub fn is_buildable_with<'ir>(value: Attr<'ir>, ty: Type<'ir>) -> bool {
    if value.ty() != Some(ty) {
        return false;
    }
    let elt = ty.element_type_or_self();
    if elt.is_integer() && !elt.is_signless_integer() {
        return false;
    }
    value.is_integer() || value.is_float() || value.is_elements()
}

/// Builds a detached `rarith.constant` when buildable.
pub fn materialize<'ir>(
    value: Attr<'ir>,
    ty: Type<'ir>,
    loc: Location<'ir>,
) -> Option<Detached<'ir>> {
    if !is_buildable_with(value, ty) {
        return None;
    }
    Op::create(rarith::ConstantOp::OP, loc, &[], &[ty], &[("value", value)])
}

/// Creates an `rarith.constant` of `value` with the rewriter.
pub fn create<'ir>(
    rw: &mut crate::ffi::rewrite::Rewriter<'ir>,
    value: Attr<'ir>,
    loc: Location<'ir>,
) -> Op<'ir> {
    let ty = value.ty().expect("typed constant");
    rw.create(rarith::ConstantOp::OP, loc, &[], &[ty], &[("value", value)])
}
