//! The older ops of seed 002 (`join`, `create_shape`, `constant`): each
//! canonicalizes to its modern equivalent (`meet`, `from_extent_tensor` of
//! `index_cast` extents, `const_size`/`const_shape`).

use super::{is_shape_type, is_size_type};
use crate::ffi::ir::{Attr, Op};
use crate::ffi::rewrite::Rewriter;
use crate::ods::OdsOp;
use crate::ods::rarith;
use crate::ods::rshape;
use crate::semantics::ApInt;
use rmlir_bridge::hooks;
use rmlir_bridge::patterns;

hooks!(rshape::JoinOp {
    patterns: patterns!(rshape::JoinOp:
        "JoinToMeet" => join_to_meet / 1,
    ),
});

hooks!(rshape::CreateShapeOp {
    patterns: patterns!(rshape::CreateShapeOp:
        "CreateShapeToFromExtentTensor" => create_shape_to_from_extent_tensor / 1,
    ),
});

hooks!(rshape::ConstantOp {
    verify: verify_constant,
    patterns: patterns!(rshape::ConstantOp:
        "ConstantToConstSizeOrShape" => constant_to_const_op / 1,
    ),
});

/// `join` is `meet` under its old name (same operands, error and type).
fn join_to_meet<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let ty = op.result(0).ty();
    let operands = [op.operand(0), op.operand(1)];
    let error = op.attr("error");
    let attrs: Vec<(&str, Attr)> = error.map(|e| ("error", e)).into_iter().collect();
    let meet = rw.create(rshape::MeetOp::OP, op.location(), &operands, &[ty], &attrs);
    rw.replace_op(op, &[meet.result(0)]);
    true
}

/// `create_shape %t : tensor<Nxi32>` is `from_extent_tensor` of
/// `rarith.index_cast %t : tensor<Nxi32> to tensor<Nxindex>`.
fn create_shape_to_from_extent_tensor<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let input = op.operand(0);
    let ctx = op.context();
    let Some(extents_ty) = input.ty().with_element_type(ctx.index_type()) else {
        return false;
    };
    let loc = op.location();
    let extents = rw.create(rarith::IndexCastOp::OP, loc, &[input], &[extents_ty], &[]);
    let shape = rw.create(
        rshape::FromExtentTensorOp::OP,
        loc,
        &[extents.result(0)],
        &[op.result(0).ty()],
        &[],
    );
    rw.replace_op(op, &[shape.result(0)]);
    true
}

/// The extents of an array of integer attributes.
fn array_extents(value: Attr) -> Option<Vec<i64>> {
    value
        .array_elements()?
        .into_iter()
        .map(|a| a.as_int().map(|v| v.to_i64_wrapping()))
        .collect()
}

/// A size takes an integer, a shape an array of integers.
fn verify_constant(op: Op) -> bool {
    let ty = op.result(0).ty();
    let Some(value) = op.attr("value") else {
        return true;
    };
    if is_size_type(ty) && !value.is_integer() {
        op.emit_op_error("requires an integer `value` for a `!rshape.size` result");
        return false;
    }
    if is_shape_type(ty) && array_extents(value).is_none() {
        op.emit_op_error("requires an array of integers as `value` for a `!rshape.shape` result");
        return false;
    }
    true
}

/// `constant N : !rshape.size` is `const_size N`; `constant [..] :
/// !rshape.shape` is `const_shape [..] : !rshape.shape`.
fn constant_to_const_op<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let ty = op.result(0).ty();
    let Some(value) = op.attr("value") else {
        return false;
    };
    let ctx = op.context();
    let new = if is_size_type(ty) {
        let Some(n) = value.as_int() else {
            return false;
        };
        let index = Attr::int(ctx.index_type(), &ApInt::from_i64(64, n.to_i64_wrapping()));
        rw.create(
            rshape::ConstSizeOp::OP,
            op.location(),
            &[],
            &[ty],
            &[("value", index)],
        )
    } else {
        let Some(extents) = array_extents(value) else {
            return false;
        };
        let shape = Attr::index_tensor(ctx, &extents);
        rw.create(
            rshape::ConstShapeOp::OP,
            op.location(),
            &[],
            &[ty],
            &[("shape", shape)],
        )
    };
    rw.replace_op(op, &[new.result(0)]);
    true
}
