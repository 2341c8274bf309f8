//! `rarith.bitcast`: reinterpretation of bits between integers and floats of
//! one width (elementwise for dense constants).

use super::fold::is_poison;
use crate::ffi::ir::{Attr, Op, Type};
use crate::ffi::rewrite::Rewriter;
use crate::ods::OdsOp;
use crate::ods::rarith;
use crate::registry::Folded;
use crate::semantics::ApInt;
use rmlir_bridge::hooks;
use rmlir_bridge::patterns;

hooks!(rarith::BitcastOp {
    fold: fold_bitcast,
    cast_compatible: same_width,
    patterns: patterns!(rarith::BitcastOp:
        "BitcastOfBitcast" => bitcast_of_bitcast / 2,
    ),
});

/// Bit width of an integer or float (element) type, memrefs included.
fn bit_width(ty: Type) -> Option<u32> {
    let e = ty.element_type_or_self();
    if e.is_signless_integer() {
        e.int_width()
    } else {
        crate::ffi::ir::float_width(e)
    }
}

/// One input and one output, both shaped or both not, of equal widths.
fn same_width<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    super::fold::cast_pair(inputs, outputs)
        .is_some_and(|(i, o)| matches!((bit_width(i), bit_width(o)), (Some(a), Some(b)) if a == b))
}

/// The bits of a scalar constant (integer or float).
fn scalar_bits(a: Attr) -> Option<ApInt> {
    a.as_int().or_else(|| a.as_float_bits())
}

/// A scalar constant of `ty` with `bits`.
fn scalar_of<'ir>(ty: Type<'ir>, bits: &ApInt) -> Attr<'ir> {
    if ty.is_float() {
        Attr::float_from_bits(ty, bits)
    } else {
        Attr::int(ty, bits)
    }
}

/// Dense constants reinterpret lane by lane; scalars reinterpret their bits;
/// poison stays poison; other shaped constants do not fold.
fn fold_bitcast<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let a = operands.first().copied().flatten()?;
    let ty = op.result(0).ty();
    if a.is_dense_elements() {
        let n = usize::try_from(a.num_elements()).ok()?;
        let lanes: Vec<ApInt> = if a.is_splat() {
            vec![a.dense_int_at(0)?]
        } else {
            let w = bit_width(a.ty()?)?;
            crate::ffi::ir::read_dense_lanes(a, n, w)?
        };
        return Some(Folded::Attr(Attr::dense_bits(ty, &lanes)));
    }
    if ty.is_shaped() {
        return None;
    }
    if is_poison(a) {
        return Some(Folded::Attr(a));
    }
    Some(Folded::Attr(scalar_of(ty, &scalar_bits(a)?)))
}

/// bitcast(bitcast(x)) -> bitcast(x)
fn bitcast_of_bitcast<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(inner) = op.operand(0).defined_by::<rarith::BitcastOp>() else {
        return false;
    };
    let loc = crate::ffi::ir::Location::fused(&[op.location(), inner.location()]);
    let new = rw
        .create(
            rarith::BitcastOp::OP,
            loc,
            &[inner.operand(0)],
            &[op.result(0).ty()],
            &[],
        )
        .result(0);
    rw.replace_op(op, &[new]);
    true
}
