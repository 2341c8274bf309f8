//! `rshape.add`, `rshape.mul`, `rshape.div` on sizes and indices.

use crate::arith::fold::{binary_int, constant_int_of};
use crate::ffi::ir::{Attr, AttrLookup, Context, Location, Op, Type, Value};
use crate::ods::rshape;
use crate::registry::Folded;
use crate::semantics::ApInt;
use rmlir_bridge::hooks;

/// The hooks of a size arithmetic op, which share all but their folder.
macro_rules! size_op {
    ($($op:ident)::+, $fold:ident) => {
        hooks!($($op)::+ {
            fold: $fold,
            verify: super::verify_size_or_index,
            infer_types: infer,
            compatible_types: super::one_size_or_index_each,
        });
    };
}

size_op!(rshape::AddOp, fold_add);
size_op!(rshape::MulOp, fold_mul);
size_op!(rshape::DivOp, fold_div);

use super::is_size_type as is_size;

/// `!rshape.size` if either operand is a size, else `index`.
fn infer<'ir>(
    ctx: Context<'ir>,
    _: Location<'ir>,
    operands: &[Value<'ir>],
    _: &AttrLookup<'ir>,
) -> Option<Vec<Type<'ir>>> {
    // The size type is taken from a size operand: no parsing on this path.
    match operands.iter().map(|v| v.ty()).find(|t| is_size(*t)) {
        Some(size) => Some(vec![size]),
        None => Some(vec![ctx.index_type()]),
    }
}

/// `x + 0 = x` (an integer/index zero); constants add.
fn fold_add<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    if constant_int_of(op.operand(1)).is_some_and(|c| c.is_zero()) {
        return Some(Folded::Value(op.operand(0)));
    }
    binary_int(operands, None, |a, b| Some(a.wrapping_add(b))).map(Folded::Attr)
}

/// Both constant: the product, as an index attribute.
fn fold_mul<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (a, b) = (operands[0]?.as_int()?, operands[1]?.as_int()?);
    if a.width() != b.width() {
        return None;
    }
    let ctx = op.context();
    Some(Folded::Attr(Attr::int(
        ctx.index_type(),
        &a.wrapping_mul(&b),
    )))
}

/// Both constant, divisor nonzero: the quotient rounded toward negative
/// infinity, as the specification says (upstream rounds -2 div 7 to 0: see
/// docs/upstream-differences.md).
fn fold_div<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let (a, b) = (operands[0]?.as_int()?, operands[1]?.as_int()?);
    if b.is_zero() || a.width() != b.width() {
        return None;
    }
    let q = a.sdiv(&b)?;
    let r = a.srem(&b)?;
    let q = if !r.is_zero() && (a.is_negative() != b.is_negative()) {
        q.wrapping_sub(&ApInt::from_u64(q.width(), 1))
    } else {
        q
    };
    let ctx = op.context();
    Some(Folded::Attr(Attr::int(ctx.index_type(), &q)))
}
