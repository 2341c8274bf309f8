//! `rshape.const_shape`: folder and result-type inference.

use crate::ffi::ir::{Attr, AttrLookup, Context, Location, Op, Type, Value};
use crate::registry::{Folded, OpBehaviour};

pub const BEHAVIOUR: OpBehaviour = OpBehaviour {
    fold: Some(fold),
    infer_types: Some(infer),
    compatible_types: Some(compatible),
    ..crate::registry::NO_HOOKS
};

/// A constant shape folds to its extents.
fn fold(op: Op, _: &[Option<Attr>]) -> Option<Folded> {
    op.attr("shape").map(Folded::Attr)
}

/// The inferred type is `tensor<N x index>` for N extents.
fn infer(ctx: Context, _: Location, _: &[Value], attrs: &AttrLookup) -> Option<Vec<Type>> {
    let shape = attrs.get("shape")?;
    let n = shape.num_elements();
    Some(vec![ctx.ranked_tensor(&[n], ctx.index_type())])
}

/// `!rshape.shape` is compatible with any inferred type; otherwise the types
/// must be equal.
fn compatible(inferred: &[Type], actual: &[Type]) -> bool {
    match (inferred, actual) {
        ([l], [r]) => super::is_shape_type(*l) || super::is_shape_type(*r) || l == r,
        _ => false,
    }
}
