//! Operand-list canonicalizations shared by variadic shape ops (upstream's
//! `RemoveDuplicateOperandsPattern`, `RemoveEmptyShapeOperandsPattern` and
//! `CanonicalizeCastExtentTensorOperandsPattern` templates).

use super::Few;
use crate::ffi::ir::{Attr, Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::OdsOp;
use crate::ods::rshape;
use crate::semantics::shape::DYNAMIC;

fn result_types<'ir>(op: Op<'ir>) -> Few<Type<'ir>> {
    op.result_types().collect()
}

/// Replaces `op` by an op like it (attributes kept) over `operands`.
fn rebuild_with<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>, operands: &[Value<'ir>]) {
    let new = rw.create_like(op, operands, &result_types(op));
    let results: Few<Value> = (0..new.num_results()).map(|i| new.result(i)).collect();
    rw.replace_op(op, &results);
}

/// Keeps the first occurrence of each operand.
pub(crate) fn remove_duplicates<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let mut unique: Few<Value> = Few::with_capacity(op.num_operands());
    for v in op.operands() {
        if !unique.contains(&v) {
            unique.push(v);
        }
    }
    if unique.len() == op.num_operands() {
        return false;
    }
    rebuild_with(op, rw, &unique);
    true
}

/// True when a shape operand is known to have rank 0: a `tensor<0xindex>` or
/// an empty `const_shape`.
fn is_empty_shape(v: Value) -> bool {
    let ty = v.ty();
    if ty.is_ranked_tensor() && ty.dims().is_some_and(|d| d.first() == Some(&0)) {
        return true;
    }
    v.defined_by::<rshape::ConstShapeOp>()
        .and_then(|c| c.attr("shape"))
        .is_some_and(|a| a.num_elements() == 0)
}

/// Drops operands that are empty shapes (the neutral element of
/// broadcasting). When none is left, the op is replaced by its value on no
/// shapes: a `broadcast` by the empty `const_shape` of its result type (as
/// upstream), a `cstr_broadcastable` by a passing witness (upstream builds a
/// `const_shape` of witness type there, which is invalid IR: see
/// docs/upstream-differences.md).
pub(crate) fn remove_empty_shapes<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let kept: Few<Value> = op.operands().filter(|v| !is_empty_shape(*v)).collect();
    if kept.len() == op.num_operands() {
        return false;
    }
    if kept.is_empty() {
        let (ctx, ty) = (op.context(), op.result(0).ty());
        let (name, attr) = if op.isa::<rshape::CstrBroadcastableOp>() {
            (rshape::ConstWitnessOp::OP, ("passing", ctx.bool_attr(true)))
        } else {
            (
                rshape::ConstShapeOp::OP,
                ("shape", Attr::index_tensor(ctx, &[])),
            )
        };
        let new = rw.create(name, op.location(), &[], &[ty], &[attr]);
        rw.replace_op(op, &[new.result(0)]);
        return true;
    }
    rebuild_with(op, rw, &kept);
    true
}

/// Operands that are `tensor.cast`s to `tensor<?xindex>` (casts that lose
/// information) are replaced by the cast's source. Like upstream, the new
/// op keeps no attributes.
pub(crate) fn drop_information_losing_casts<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let mut changed = false;
    let operands: Few<Value> = op
        .operands()
        .map(|v| match v.defined_by_name("tensor.cast") {
            Some(cast)
                if cast
                    .result(0)
                    .ty()
                    .dims()
                    .is_some_and(|d| d.first() == Some(&DYNAMIC)) =>
            {
                changed = true;
                cast.operand(0)
            }
            _ => v,
        })
        .collect();
    if !changed {
        return false;
    }
    let new = rw.create(
        op.op_name(),
        op.location(),
        &operands,
        &result_types(op),
        &[],
    );
    rw.replace_op(op, &[new.result(0)]);
    true
}
