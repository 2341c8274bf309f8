//! `rshape.const_shape`: result-type inference and patterns (its fold, "the
//! shape attribute", is declared in ODS: `rustFoldsToAttr`).

use crate::ffi::ir::{AttrLookup, Context, Location, Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rshape};
use rmlir_bridge::hooks;
use rmlir_bridge::patterns;

hooks!(rshape::ConstShapeOp {
    infer_types: infer,
    compatible_types: compatible,
    patterns: patterns!(rshape::ConstShapeOp:
        "TensorCastConstShape" => tensor_cast_of_const_shape / 2 @ "tensor.cast",
    ),
});

/// A `tensor.cast` of a `const_shape` to a static type is a `const_shape`
/// of that type.
fn tensor_cast_of_const_shape<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(constant) = op.operand(0).defined_by::<rshape::ConstShapeOp>() else {
        return false;
    };
    let ty = op.result(0).ty();
    let is_static = ty
        .dims()
        .is_some_and(|d| d.iter().all(|&x| x != crate::semantics::shape::DYNAMIC));
    let Some(shape) = constant.attr("shape").filter(|_| is_static) else {
        return false;
    };
    let new = rw.create(
        rshape::ConstShapeOp::OP,
        op.location(),
        &[],
        &[ty],
        &[("shape", shape)],
    );
    rw.replace_op(op, &[new.result(0)]);
    true
}

/// The inferred type is `tensor<N x index>` for N extents.
fn infer<'ir>(
    ctx: Context<'ir>,
    _: Location<'ir>,
    _: &[Value<'ir>],
    attrs: &AttrLookup<'ir>,
) -> Option<Vec<Type<'ir>>> {
    let shape = attrs.get("shape")?;
    let n = shape.num_elements();
    Some(vec![ctx.ranked_tensor(&[n], ctx.index_type())])
}

/// `!rshape.shape` is compatible with any inferred type; otherwise the types
/// must be equal.
fn compatible<'ir>(inferred: &[Type<'ir>], actual: &[Type<'ir>]) -> bool {
    match (inferred, actual) {
        ([l], [r]) => super::is_shape_type(*l) || super::is_shape_type(*r) || l == r,
        _ => false,
    }
}
