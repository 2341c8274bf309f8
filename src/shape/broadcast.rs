//! `rshape.broadcast`: verifier, folder and canonicalization patterns.

use super::operands::{drop_information_losing_casts, remove_duplicates, remove_empty_shapes};
use super::{is_shape_type, shape_type};
use crate::ffi::ir::{Attr, Op, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::OdsOp;
use crate::ods::rshape;
use crate::registry::Folded;
use crate::semantics::shape::{DYNAMIC, broadcast};
use rmlir_bridge::hooks;
use rmlir_bridge::patterns;

hooks!(rshape::BroadcastOp {
    fold: fold,
    verify: super::verify_shape_or_extent_tensor,
    // Upstream's registration order.
    patterns: patterns!(rshape::BroadcastOp:
        "BroadcastConcretizeResultTypePattern" => concretize_result_type / 1,
        "BroadcastFoldConstantOperandsPattern" => fold_constant_operands / 1,
        "BroadcastForwardSingleOperandPattern" => forward_single_operand / 1,
        "CanonicalizeCastExtentTensorOperandsPattern" => drop_information_losing_casts / 1,
        "RemoveDuplicateOperandsPattern" => remove_duplicates / 1,
        "RemoveEmptyShapeOperandsPattern" => remove_empty_shapes / 1,
    ),
});

/// One operand of the result's type folds to itself; constant operands fold
/// to their broadcast when it exists (incompatible shapes do not fold).
fn fold<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if op.num_operands() == 1 {
        let only = op.operand(0);
        return (only.ty() == op.result(0).ty()).then_some(Folded::Value(only));
    }
    let mut shapes = operands.iter();
    let mut result = (*shapes.next()?)?.as_i64_elements()?;
    for next in shapes {
        let next = (*next)?.as_i64_elements()?;
        result = broadcast(&result, &next)?;
    }
    Some(Folded::Attr(Attr::index_tensor(op.context(), &result)))
}

/// A `tensor<?xindex>` result over extent tensors of static lengths becomes
/// `tensor<N x index>` (N the longest), cast back to the old type.
fn concretize_result_type<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let ty = op.result(0).ty();
    if !ty.is_ranked_tensor() || ty.dims().and_then(|d| d.first().copied()) != Some(DYNAMIC) {
        return false;
    }
    let mut max_rank = 0;
    for v in op.operands() {
        if let Some(n) = v.ty().is_ranked_tensor().then(|| v.ty().dims()).flatten() {
            if n[0] == DYNAMIC {
                return false;
            }
            max_rank = max_rank.max(n[0]);
        }
    }
    let ctx = op.context();
    let concrete = ctx.ranked_tensor(&[max_rank], ctx.index_type());
    let operands: Vec<Value> = op.operands().collect();
    let loc = op.location();
    let new = rw.create(rshape::BroadcastOp::OP, loc, &operands, &[concrete], &[]);
    let cast = rw.create("tensor.cast", loc, &[new.result(0)], &[ty], &[]);
    rw.replace_op(op, &[cast.result(0)]);
    true
}

/// Two or more `const_shape` operands that broadcast together become one
/// constant operand (appended last).
fn fold_constant_operands<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let mut folded: Vec<i64> = Vec::new();
    let mut kept: Vec<Value> = Vec::new();
    for v in op.operands() {
        let extents = v
            .defined_by::<rshape::ConstShapeOp>()
            .and_then(|c| c.attr("shape"))
            .and_then(Attr::as_i64_elements);
        if let Some(b) = extents.and_then(|e| broadcast(&folded, &e)) {
            folded = b;
            continue;
        }
        kept.push(v);
    }
    if op.num_operands() - kept.len() < 2 {
        return false;
    }
    let ctx = op.context();
    let loc = op.location();
    let ty = ctx.ranked_tensor(&[folded.len() as i64], ctx.index_type());
    let attr = Attr::index_tensor(ctx, &folded);
    let constant = rw.create(
        rshape::ConstShapeOp::OP,
        loc,
        &[],
        &[ty],
        &[("shape", attr)],
    );
    kept.push(constant.result(0));
    let result_ty = op.result(0).ty();
    let new = rw.create(rshape::BroadcastOp::OP, loc, &kept, &[result_ty], &[]);
    rw.replace_op(op, &[new.result(0)]);
    true
}

/// A broadcast of one operand is that operand, converted to the result type
/// (`from_extent_tensor` to a shape, `tensor.cast` between extent tensors).
fn forward_single_operand<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    if op.num_operands() != 1 {
        return false;
    }
    let mut value = op.operand(0);
    let ty = op.result(0).ty();
    if value.ty() != ty {
        let loc = op.location();
        value = if is_shape_type(ty) {
            let shape = shape_type(op.context());
            rw.create(rshape::FromExtentTensorOp::OP, loc, &[value], &[shape], &[])
                .result(0)
        } else {
            rw.create("tensor.cast", loc, &[value], &[ty], &[])
                .result(0)
        };
    }
    rw.replace_op(op, &[value]);
    true
}
