//! Integer casts: extui, extsi, trunci, index_cast, index_castui — folders,
//! verifiers and cast compatibility.

use super::fold::cast_int;
use crate::ffi::ir::{Attr, Op, Type};
use crate::ods::{OdsOp, rarith};
use crate::registry::Folded;
use rmlir_bridge::hooks;

hooks!(rarith::ExtUIOp {
    fold: fold_extui,
    verify: verify_ext,
    cast_compatible: wider_int,
});
hooks!(rarith::ExtSIOp {
    fold: fold_extsi,
    patterns: super::patterns::EXTSI,
    verify: verify_ext,
    cast_compatible: wider_int,
});
hooks!(rarith::TruncIOp {
    fold: fold_trunci,
    patterns: super::patterns::TRUNCI,
    verify: verify_trunc,
    cast_compatible: narrower_int,
});
hooks!(rarith::IndexCastOp {
    fold: fold_index_cast,
    patterns: super::patterns::INDEX_CAST,
    cast_compatible: index_cast_compatible,
});
hooks!(rarith::IndexCastUIOp {
    fold: fold_index_castui,
    patterns: super::patterns::INDEX_CASTUI,
    cast_compatible: index_cast_compatible,
});

/// Width of the (element) integer type.
fn elt_width(ty: Type) -> Option<u32> {
    let e = ty.element_type_or_self();
    if e.is_integer() { e.int_width() } else { None }
}

/// One input, one output, both (shapes of) integers; `ok(src, dst)` on the
/// widths (upstream's checkWidthChangeCast).
fn width_change<'ir>(
    inputs: &[Type<'ir>],
    outputs: &[Type<'ir>],
    ok: fn(u32, u32) -> bool,
) -> bool {
    let Some((i, o)) = super::fold::cast_pair(inputs, outputs) else {
        return false;
    };
    match (elt_width(i), elt_width(o)) {
        (Some(a), Some(b)) => ok(a, b),
        _ => false,
    }
}

fn wider_int<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    width_change(inputs, outputs, |a, b| b > a)
}

fn narrower_int<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    width_change(inputs, outputs, |a, b| b < a)
}

/// Element type of a value, vector, tensor or memref type.
fn scalar_of<'ir>(ty: Type<'ir>) -> Type<'ir> {
    ty.element_type_or_self()
}

/// index <-> signless integer (possibly shaped or memrefs).
fn index_cast_compatible<'ir>(inputs: &[Type<'ir>], outputs: &[Type<'ir>]) -> bool {
    let Some((i, o)) = super::fold::cast_pair(inputs, outputs) else {
        return false;
    };
    let (s, d) = (scalar_of(i), scalar_of(o));
    (s.is_index() && d.is_signless_integer()) || (s.is_signless_integer() && d.is_index())
}

/// The result must be wider than the operand.
fn verify_ext(op: Op) -> bool {
    super::fold::verify_width_change(op, true, Type::int_width)
}

/// The result must be narrower than the operand.
fn verify_trunc(op: Op) -> bool {
    super::fold::verify_width_change(op, false, Type::int_width)
}

/// `ext(ext(x)) = ext(x)` (in place), then constants.
fn fold_ext<'ir, Ext: OdsOp<'ir>>(
    op: Op<'ir>,
    operands: &[Option<Attr<'ir>>],
    signed: bool,
) -> Option<Folded<'ir>> {
    if let Some(inner) = op.operand(0).defined_by::<Ext>() {
        op.set_operand(0, inner.operand(0));
        return Some(Folded::Value(op.result(0)));
    }
    let ty = op.result(0).ty();
    let w = elt_width(ty)?;
    cast_int(operands, ty, |a| {
        Some(if signed { a.sext(w) } else { a.zext(w) })
    })
    .map(Folded::Attr)
}

fn fold_extui<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_ext::<rarith::ExtUIOp>(op, operands, false)
}

fn fold_extsi<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    fold_ext::<rarith::ExtSIOp>(op, operands, true)
}

/// `trunc(ext(a))`: `trunc(a)` when `a` is wider, `a` when it has the result
/// type; `trunc(trunc(a)) = trunc(a)`; then constants.
fn fold_trunci<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let input = op.operand(0);
    let ty = op.result(0).ty();
    if let Some(ext) = input
        .defined_by_id(rarith::ExtUIOp::ID)
        .or_else(|| input.defined_by_id(rarith::ExtSIOp::ID))
    {
        let src = ext.operand(0);
        let (sw, dw) = (elt_width(src.ty())?, elt_width(ty)?);
        if sw > dw {
            op.set_operand(0, src);
            return Some(Folded::Value(op.result(0)));
        }
        if src.ty().element_type_or_self() == ty.element_type_or_self() {
            return Some(Folded::Value(src));
        }
    }
    if let Some(inner) = input.defined_by::<rarith::TruncIOp>() {
        op.set_operand(0, inner.operand(0));
        return Some(Folded::Value(op.result(0)));
    }
    let w = elt_width(ty)?;
    cast_int(operands, ty, |a| Some(a.trunc(w))).map(Folded::Attr)
}

/// Width of the result element (64 for index).
fn result_width(op: Op) -> Option<u32> {
    op.result(0).ty().element_type_or_self().int_width()
}

/// Constants are sign-extended or truncated to the result width.
fn fold_index_cast<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let w = result_width(op)?;
    cast_int(operands, op.result(0).ty(), |a| {
        Some(if a.width() < w { a.sext(w) } else { a.trunc(w) })
    })
    .map(Folded::Attr)
}

/// Constants are zero-extended or truncated to the result width.
fn fold_index_castui<'ir>(op: Op<'ir>, operands: &[Option<Attr<'ir>>]) -> Option<Folded<'ir>> {
    let w = result_width(op)?;
    cast_int(operands, op.result(0).ty(), |a| {
        Some(if a.width() < w { a.zext(w) } else { a.trunc(w) })
    })
    .map(Folded::Attr)
}
