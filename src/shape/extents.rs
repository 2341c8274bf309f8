//! Ops that read or build extents: `shape_of`, `rank`, `num_elements`,
//! `get_extent`, `dim`, `from_extents`, `to_extent_tensor`, `concat`,
//! `split_at`, `any`, `max`/`min`, and the type rules of `meet`.

use super::{
    is_extent_tensor, is_shape_type, is_size_type, one_size_or_index_each, shape_type, size_type,
};
use crate::ffi::ir::{Attr, AttrLookup, Context, Location, Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::OdsOp;
use crate::ods::rarith;
use crate::ods::rshape;
use crate::registry::Folded;
use crate::semantics::ApInt;
use crate::semantics::shape as lattice;
use rmlir_bridge::hooks;
use rmlir_bridge::patterns;

hooks!(rshape::ShapeOfOp {
    verify: super::verify_shape_or_extent_tensor,
    infer_types: infer_shape_of,
    compatible_types: shape_of_compatible,
    // Upstream's registration order, which decides between equal benefits.
    patterns: patterns!(rshape::ShapeOfOp:
        "ShapeOfCastExtentTensor" => shape_of_cast_extent_tensor / 1 @ "tensor.cast",
        "ExtractFromShapeOfExtentTensor" => extract_from_shape_of / 2 @ "tensor.extract",
        "ShapeOfOpToConstShapeOp" => shape_of_to_const_shape / 1,
        "ShapeOfFromReshape" => shape_of_from_reshape / 1,
    ),
});

hooks!(rshape::RankOp {
    fold: fold_rank,
    verify: super::verify_size_or_index,
    infer_types: infer_size_if_shape,
    compatible_types: one_size_or_index_each,
    patterns: patterns!(rshape::RankOp:
        "RankShapeOfCanonicalizationPattern" => rank_of_shape_of / 1,
    ),
});

hooks!(rshape::NumElementsOp {
    fold: fold_num_elements,
    verify: super::verify_size_or_index,
    infer_types: infer_size_if_shape,
    compatible_types: one_size_or_index_each,
});

hooks!(rshape::GetExtentOp {
    fold: fold_get_extent,
    verify: super::verify_size_or_index,
    infer_types: infer_index,
    compatible_types: one_size_or_index_each,
});

hooks!(rshape::DimOp {
    fold: fold_dim,
    infer_types: infer_dim,
    compatible_types: one_size_or_index_each,
});

hooks!(rshape::FromExtentsOp {
    fold: fold_from_extents,
});

hooks!(rshape::ToExtentTensorOp {
    fold: fold_to_extent_tensor,
    cast_compatible: to_extent_tensor_compatible,
});

hooks!(rshape::ConcatOp { fold: fold_concat });

hooks!(rshape::SplitAtOp {
    fold_many: fold_split_at,
});

hooks!(rshape::AnyOp { fold: fold_any });

hooks!(
    rshape::MaxOp,
    rshape::MinOp {
        fold: fold_same_operands,
        infer_types: infer_max_min,
        compatible_types: max_min_compatible,
    }
);

hooks!(rshape::MeetOp {
    infer_types: infer_meet,
    compatible_types: meet_compatible,
});

/// The constant value of a dimension operand: a `const_size` (its value as
/// an unsigned number, saturated) or an integer `rarith.constant` (signed),
/// as upstream's `getConstantDim`/`getConstantIndex` read them.
fn constant_dim(v: Value) -> Option<i64> {
    let def = v.defining_op()?;
    match def.name() {
        rshape::ConstSizeOp::NAME => {
            let value = def.attr("value")?.as_int()?;
            Some(value.to_u64_saturating() as i64)
        }
        rarith::ConstantOp::NAME => Some(def.attr("value")?.as_int()?.to_i64_wrapping()),
        _ => None,
    }
}

fn index_attr<'ir>(ctx: Context<'ir>, value: i64) -> Attr<'ir> {
    Attr::int(ctx.index_type(), &ApInt::from_i64(64, value))
}

/// `!rshape.shape` for a value shape; `tensor<R x index>` (R dynamic for
/// unranked operands) for shaped ones.
fn infer_shape_of<'ir>(
    ctx: Context<'ir>,
    _: Location<'ir>,
    ops: &[Value<'ir>],
    _: &AttrLookup<'ir>,
) -> Option<Vec<Type<'ir>>> {
    Some(vec![shape_of_type(ctx, ops.first()?.ty())])
}

fn shape_of_type<'ir>(ctx: Context<'ir>, ty: Type<'ir>) -> Type<'ir> {
    if ty.ods_name() == rshape::types::VALUE_SHAPE {
        return shape_type(ctx);
    }
    let rank = ty.rank().map_or(lattice::DYNAMIC, |r| r as i64);
    ctx.ranked_tensor(&[rank], ctx.index_type())
}

/// MLIR's `verifyCompatibleShapes` on two shaped types: equal ranks (or an
/// unranked one) and pairwise equal or dynamic extents.
fn compatible_shapes<'ir>(a: Type<'ir>, b: Type<'ir>) -> bool {
    if !a.is_shaped() || !b.is_shaped() {
        return false;
    }
    match (a.dims(), b.dims()) {
        (Some(x), Some(y)) => {
            x.len() == y.len()
                && x.iter()
                    .zip(&y)
                    .all(|(&p, &q)| p == q || p == lattice::DYNAMIC || q == lattice::DYNAMIC)
        }
        _ => true,
    }
}

fn shape_of_compatible<'ir>(l: &[Type<'ir>], r: &[Type<'ir>]) -> bool {
    let ([a], [b]) = (l, r) else {
        return false;
    };
    if a == b {
        return true;
    }
    let shape_like = |t: &Type<'ir>| is_shape_type(*t) || t.is_shaped();
    if !shape_like(a) || !shape_like(b) {
        return false;
    }
    is_shape_type(*a) || is_shape_type(*b) || compatible_shapes(*a, *b)
}

/// `tensor.cast` of a `shape_of` to a rank-1 type that does not contradict
/// the ranked argument: the `shape_of` of the cast's type.
fn shape_of_cast_extent_tensor<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let ty = op.result(0).ty();
    if !ty.is_ranked_tensor() || ty.rank() != Some(1) {
        return false;
    }
    let Some(shape_of) = op.operand(0).defined_by::<rshape::ShapeOfOp>() else {
        return false;
    };
    let arg = shape_of.operand(0);
    let Some(arg_rank) = arg
        .ty()
        .is_ranked_tensor()
        .then(|| arg.ty().rank())
        .flatten()
    else {
        return false;
    };
    let dim = ty.dims().expect("ranked")[0];
    if dim != lattice::DYNAMIC && dim != arg_rank as i64 {
        return false;
    }
    let new = rw.create(rshape::ShapeOfOp::OP, op.location(), &[arg], &[ty], &[]);
    rw.replace_op(op, &[new.result(0)]);
    true
}

/// `tensor.extract` of a `shape_of` extent tensor is a `tensor.dim`.
fn extract_from_shape_of<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(shape_of) = op.operand(0).defined_by::<rshape::ShapeOfOp>() else {
        return false;
    };
    if op.num_operands() < 2 {
        return false;
    }
    let (arg, index) = (shape_of.operand(0), op.operand(1));
    let ctx = op.context();
    let dim = rw.create(
        "tensor.dim",
        op.location(),
        &[arg, index],
        &[ctx.index_type()],
        &[],
    );
    rw.replace_op(op, &[dim.result(0)]);
    true
}

/// The `shape_of` a statically shaped value is a `const_shape` (cast to the
/// result type when that differs). For a `!rshape.shape` result the constant
/// takes that type: upstream builds an invalid `tensor.cast` to
/// `!shape.shape` and crashes (see docs/upstream-differences.md).
fn shape_of_to_const_shape<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let ty = op.operand(0).ty();
    let Some(dims) = ty
        .dims()
        .filter(|d| d.iter().all(|&x| x != lattice::DYNAMIC))
    else {
        return false;
    };
    if !ty.is_shaped() {
        return false;
    }
    let ctx = op.context();
    let loc = op.location();
    let attr = Attr::index_tensor(ctx, &dims);
    let result_ty = op.result(0).ty();
    let inferred = if is_shape_type(result_ty) {
        result_ty
    } else {
        ctx.ranked_tensor(&[dims.len() as i64], ctx.index_type())
    };
    let mut value = rw
        .create(
            rshape::ConstShapeOp::OP,
            loc,
            &[],
            &[inferred],
            &[("shape", attr)],
        )
        .result(0);
    if value.ty() != result_ty {
        value = rw
            .create("tensor.cast", loc, &[value], &[result_ty], &[])
            .result(0);
    }
    rw.replace_op(op, &[value]);
    true
}

/// The extent-tensor `shape_of` a `tensor.reshape` result is the reshape's
/// shape operand (cast with `tensor.cast`, or `rarith.index_cast` for
/// integer extents, when the types differ).
fn shape_of_from_reshape<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(reshape) = op.operand(0).defined_by_name("tensor.reshape") else {
        return false;
    };
    let result_ty = op.result(0).ty();
    if !result_ty.is_tensor() {
        return false;
    }
    let mut shape = reshape.operand(1);
    let shape_ty = shape.ty();
    if result_ty != shape_ty {
        let loc = op.location();
        if result_ty.element_type_or_self() == shape_ty.element_type_or_self() {
            shape = rw
                .create("tensor.cast", loc, &[shape], &[result_ty], &[])
                .result(0);
        } else if !is_extent_tensor(shape_ty) {
            shape = rw
                .create(rarith::IndexCastOp::OP, loc, &[shape], &[result_ty], &[])
                .result(0);
        }
    }
    rw.replace_op(op, &[shape]);
    true
}

/// A constant shape's rank is its number of extents.
fn fold_rank<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let shape = operands[0]?;
    if !shape.is_dense_elements() {
        return None;
    }
    Some(Folded::Attr(index_attr(op.context(), shape.num_elements())))
}

/// `!rshape.size` for a `!rshape.shape` operand, else `index`.
fn infer_size_if_shape<'ir>(
    ctx: Context<'ir>,
    _: Location<'ir>,
    ops: &[Value<'ir>],
    _: &AttrLookup<'ir>,
) -> Option<Vec<Type<'ir>>> {
    let shape = ops.first()?.ty();
    Some(vec![if is_shape_type(shape) {
        size_type(ctx)
    } else {
        ctx.index_type()
    }])
}

/// `rank(shape_of(x))` of a ranked tensor `x` is a constant.
fn rank_of_shape_of<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(shape_of) = op.operand(0).defined_by::<rshape::ShapeOfOp>() else {
        return false;
    };
    let arg = shape_of.operand(0).ty();
    let Some(rank) = arg.is_ranked_tensor().then(|| arg.rank()).flatten() else {
        return false;
    };
    let ty = op.result(0).ty();
    let ctx = op.context();
    let value = index_attr(ctx, rank as i64);
    let new = if ty.is_index() {
        rw.create(
            rarith::ConstantOp::OP,
            op.location(),
            &[],
            &[ty],
            &[("value", value)],
        )
    } else if is_size_type(ty) {
        rw.create(
            rshape::ConstSizeOp::OP,
            op.location(),
            &[],
            &[ty],
            &[("value", value)],
        )
    } else {
        return false;
    };
    rw.replace_op(op, &[new.result(0)]);
    true
}

/// A constant shape's number of elements: the wrapping 64-bit product.
fn fold_num_elements<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let extents = operands[0]?.as_i64_elements()?;
    let n = lattice::num_elements(&extents);
    Some(Folded::Attr(index_attr(op.context(), n)))
}

fn infer_index<'ir>(
    ctx: Context<'ir>,
    _: Location<'ir>,
    _: &[Value<'ir>],
    _: &AttrLookup<'ir>,
) -> Option<Vec<Type<'ir>>> {
    Some(vec![ctx.index_type()])
}

/// A constant shape at a constant, in-range dimension. Negative dimensions
/// do not fold (upstream indexes out of bounds: see
/// docs/upstream-differences.md).
fn fold_get_extent<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let extents = operands[0]?.as_i64_elements()?;
    let dim = constant_dim(op.operand(1))?;
    let extent = *extents.get(usize::try_from(dim).ok()?)?;
    Some(Folded::Attr(index_attr(op.context(), extent)))
}

/// The result has the type of the index operand.
fn infer_dim<'ir>(
    _: Context<'ir>,
    _: Location<'ir>,
    ops: &[Value<'ir>],
    _: &AttrLookup<'ir>,
) -> Option<Vec<Type<'ir>>> {
    Some(vec![ops.get(1)?.ty()])
}

/// A static extent of a ranked operand at a constant, in-range dimension.
fn fold_dim<'ir>(op: Op<'ir>, _: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let dims = op.operand(0).ty().dims()?;
    let index = constant_dim(op.operand(1))?;
    let extent = *dims.get(usize::try_from(index).ok()?)?;
    (extent != lattice::DYNAMIC).then(|| Folded::Attr(index_attr(op.context(), extent)))
}

/// Constant extents make a constant shape.
fn fold_from_extents<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let extents = operands
        .iter()
        .map(|a| Some((*a)?.as_int()?.to_i64_wrapping()))
        .collect::<Option<Vec<i64>>>()?;
    Some(Folded::Attr(Attr::index_tensor(op.context(), &extents)))
}

/// A constant shape is its own extent tensor.
fn fold_to_extent_tensor<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let extents = operands[0]?.as_i64_elements()?;
    Some(Folded::Attr(Attr::index_tensor(op.context(), &extents)))
}

/// From a shape or a rank-1 index tensor to any tensor of index.
fn to_extent_tensor_compatible<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    let ([input], [output]) = (inputs, outputs) else {
        return false;
    };
    let input_ok = if input.is_ranked_tensor() {
        input.element_type_or_self().is_index() && input.rank() == Some(1)
    } else {
        is_shape_type(*input)
    };
    input_ok && output.is_tensor() && output.element_type_or_self().is_index()
}

/// Two constant shapes concatenate.
fn fold_concat<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let lhs = operands[0]?.as_i64_elements()?;
    let rhs = operands[1]?.as_i64_elements()?;
    let all = [lhs, rhs].concat();
    Some(Folded::Attr(Attr::index_tensor(op.context(), &all)))
}

/// A constant shape split at a constant index in `[-rank, rank]`.
fn fold_split_at<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Vec<Folded<'ir>>> {
    let extents = operands[0]?.as_i64_elements()?;
    let index = operands[1]?.as_int()?.to_i64_wrapping();
    let (head, tail) = lattice::split_at(&extents, index)?;
    let ctx = op.context();
    Some(vec![
        Folded::Attr(Attr::index_tensor(ctx, head)),
        Folded::Attr(Attr::index_tensor(ctx, tail)),
    ])
}

/// Any constant operand is a valid answer; upstream takes the last one
/// (constants are ordered last by commutativity).
fn fold_any<'ir>(_: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    operands.last().copied().flatten().map(Folded::Attr)
}

/// `max(x, x) = min(x, x) = x`.
fn fold_same_operands<'ir>(op: Op<'ir>, _: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (l, r) = (op.operand(0), op.operand(1));
    (l == r).then_some(Folded::Value(l))
}

/// The operands' type when they agree, else `!rshape.size`.
fn infer_max_min<'ir>(
    ctx: Context<'ir>,
    _: Location<'ir>,
    ops: &[Value<'ir>],
    _: &AttrLookup<'ir>,
) -> Option<Vec<Type<'ir>>> {
    let (l, r) = (ops.first()?.ty(), ops.get(1)?.ty());
    Some(vec![if l == r { l } else { size_type(ctx) }])
}

fn max_min_compatible<'ir>(l: &[Type<'ir>], r: &[Type<'ir>]) -> bool {
    match (l, r) {
        ([a], [b]) => {
            (is_shape_type(*a) && is_shape_type(*b)) || (is_size_type(*a) && is_size_type(*b))
        }
        _ => false,
    }
}

/// Upstream's rule for `meet`: sizes meet sizes or indices (a size wins),
/// shapes meet shapes or extent tensors (a shape wins), extent tensors of
/// equal or dynamic length meet each other.
fn infer_meet<'ir>(
    _: Context<'ir>,
    loc: Location<'ir>,
    ops: &[Value<'ir>],
    _: &AttrLookup<'ir>,
) -> Option<Vec<Type<'ir>>> {
    let fail = |message: &str| {
        loc.emit_error(message);
        None
    };
    let is_shape_like = |t: Type<'ir>| is_shape_type(t) || is_extent_tensor(t);
    let mut types = ops.iter().map(|v| v.ty());
    let mut acc = types.next()?;
    for t in types {
        let (mut l, mut r) = (acc, t);
        if !(is_shape_type(l) || is_size_type(l)) {
            std::mem::swap(&mut l, &mut r);
        }
        if is_size_type(l) {
            if !(is_size_type(r) || r.is_index()) {
                return fail("requires all sizes or shapes");
            }
            acc = l;
        } else if l.is_index() {
            if !r.is_index() {
                return fail("requires all sizes or shapes");
            }
            acc = r;
        } else if is_shape_type(l) {
            if !is_shape_like(r) {
                return fail("requires all sizes or shapes");
            }
            acc = l;
        } else if is_extent_tensor(l) {
            let n1 = l.dims()?[0];
            let Some(n2) = r
                .is_ranked_tensor()
                .then(|| r.dims())
                .flatten()
                .map(|d| d[0])
            else {
                return fail("requires all sizes or shapes");
            };
            if n1 == lattice::DYNAMIC {
                acc = l;
            } else if n2 == lattice::DYNAMIC {
                acc = r;
            } else if n1 != n2 {
                return fail("unequal shape cardinality");
            } else {
                acc = l;
            }
        }
    }
    Some(vec![acc])
}

fn meet_compatible<'ir>(l: &[Type<'ir>], r: &[Type<'ir>]) -> bool {
    let ([a], [b]) = (l, r) else {
        return false;
    };
    if a == b {
        return true;
    }
    let (mut lhs, mut rhs) = (*a, *b);
    if !(is_shape_type(lhs) || is_size_type(lhs)) {
        std::mem::swap(&mut lhs, &mut rhs);
    }
    if is_size_type(lhs) {
        return is_size_type(rhs) || rhs.is_index();
    }
    if is_shape_type(lhs) {
        return is_shape_type(rhs) || rhs.is_tensor();
    }
    compatible_shapes(lhs, rhs)
}
