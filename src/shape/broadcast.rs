//! `rshape.broadcast`: verifier and folder.

use crate::ffi::ir::{Attr, Op};
use crate::registry::{Folded, OpBehaviour};
use crate::semantics::shape::broadcast;

pub const BEHAVIOUR: OpBehaviour = OpBehaviour {
    fold: Some(fold),
    verify: Some(verify),
    ..crate::registry::NO_HOOKS
};

/// Operands that can hold an error value require a `!rshape.shape` result.
fn verify(op: Op) -> bool {
    let result = op.result(0).ty();
    if op.operands().any(|v| super::can_hold_error(v.ty())) && !super::is_shape_type(result) {
        op.emit_op_error(
            "if at least one of the operands can hold error values then the result must be of type `shape` to propagate them",
        );
        return false;
    }
    true
}

/// One operand of the result's type folds to itself; constant operands fold
/// to their broadcast when it exists (incompatible shapes do not fold).
fn fold(op: Op, operands: &[Option<Attr>]) -> Option<Folded> {
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
