//! rarith's float canonicalization patterns: MulFOfNegF, DivFOfNegF,
//! TruncFSIToFPToSIToFP, TruncFUIToFPToUIToFP and CmpFIntToFPConst.

use crate::ffi::ir::{Attr, Location, Op};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::registry::PatternDef;
use crate::semantics::ApInt;
use crate::semantics::cmp::CmpIPredicate;
use crate::semantics::float::Fp;
use rmlir_bridge::patterns;
use std::cmp::Ordering;

/// `op(negf(x), negf(y))` -> `op(x, y)` keeping the outer fast-math flags.
fn of_negf<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let (Some(a), Some(b)) = (
        op.operand(0).defined_by::<rarith::NegFOp>(),
        op.operand(1).defined_by::<rarith::NegFOp>(),
    ) else {
        return false;
    };
    let (x, y) = (a.operand(0), b.operand(0));
    if x.ty() != y.ty() {
        return false;
    }
    let loc = Location::fused(&[op.location(), a.location(), b.location()]);
    let fmf = op.attr("fastmath").expect("fastmath");
    let new = rw
        .create(
            op.name(),
            loc,
            &[x, y],
            &[op.result(0).ty()],
            &[("fastmath", fmf)],
        )
        .result(0);
    rw.replace_op(op, &[new]);
    true
}

/// `truncf(itofp(x))` -> `itofp(x)` of the truncf's type, when the truncf
/// has no rounding mode.
fn truncf_of_itofp<'ir, ItoFp: OdsOp<'ir>>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(cast) = op.operand(0).defined_by::<ItoFp>() else {
        return false;
    };
    if op.attr("roundingmode").is_some() {
        return false;
    }
    let loc = Location::fused(&[op.location(), cast.location()]);
    let new = rw
        .create(
            ItoFp::NAME,
            loc,
            &[cast.operand(0)],
            &[op.result(0).ty()],
            &[],
        )
        .result(0);
    rw.replace_op(op, &[new]);
    true
}

fn truncf_sitofp<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    truncf_of_itofp::<rarith::SIToFPOp>(op, rw)
}
fn truncf_uitofp<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    truncf_of_itofp::<rarith::UIToFPOp>(op, rw)
}

/// The integer predicate of a float one (ordered or not alike); None for
/// `false`, `true`, `ord`, `uno` (handled separately or not at all).
fn int_predicate(pred: u64, unsigned: bool) -> Option<CmpIPredicate> {
    use CmpIPredicate::*;
    Some(match pred {
        1 | 8 => Eq,
        2 | 9 => {
            if unsigned {
                Ugt
            } else {
                Sgt
            }
        }
        3 | 10 => {
            if unsigned {
                Uge
            } else {
                Sge
            }
        }
        4 | 11 => {
            if unsigned {
                Ult
            } else {
                Slt
            }
        }
        5 | 12 => {
            if unsigned {
                Ule
            } else {
                Sle
            }
        }
        6 | 13 => Ne,
        _ => return None,
    })
}

fn replace_with_bool<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>, value: bool) -> bool {
    let c = super::constant::create(rw, op.context().bool_attr(value), op.location()).result(0);
    rw.replace_op(op, &[c]);
    true
}

/// cmpf(itofp(x), C) -> cmpi(x, int(C)) or a constant, when the integer
/// converts exactly enough for the comparison to be decided on integers.
/// Unlike upstream (which reaches llvm_unreachable and crashes), the
/// predicates `false` and `true` are left alone.
fn cmpf_int_to_fp_const<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(flt) = op
        .operand(1)
        .defining_op()
        .and_then(|d| d.constant_value())
        .and_then(Attr::as_float)
    else {
        return false;
    };
    if flt.is_nan() {
        return false;
    }
    let mantissa = Fp::precision(flt.format) as i32;
    let lhs = op.operand(0);
    let (unsigned, int_val) = if let Some(si) = lhs.defined_by::<rarith::SIToFPOp>() {
        (false, si.operand(0))
    } else if let Some(ui) = lhs.defined_by::<rarith::UIToFPOp>() {
        (true, ui.operand(0))
    } else {
        return false;
    };
    let int_ty = int_val.ty();
    let Some(int_width) = int_ty.is_integer().then(|| int_ty.int_width()).flatten() else {
        return false;
    };
    if int_width > 128 {
        return false;
    }
    let value_bits = if unsigned { int_width } else { int_width - 1 } as i32;
    if int_width as i32 > mantissa {
        let exponent = flt.ilogb();
        if exponent == i32::MAX {
            if Fp::largest(flt.format).ilogb() < value_bits {
                return false;
            }
        } else if mantissa <= exponent && exponent <= value_bits {
            return false;
        }
    }
    let Some(pred_f) = op.enum_attr("predicate") else {
        return false;
    };
    let mut pred = match pred_f {
        7 => return replace_with_bool(op, rw, true),
        14 => return replace_with_bool(op, rw, false),
        p => match int_predicate(p, unsigned) {
            Some(p) => p,
            None => return false,
        },
    };
    use CmpIPredicate::*;
    let bound =
        |v: &ApInt, signed: bool| Fp::from_int(flt.format, v, signed).expect("width <= 128");
    let (max, min) = if unsigned {
        (
            bound(&ApInt::all_ones(int_width), false),
            bound(&ApInt::zero(int_width), false),
        )
    } else {
        (
            bound(&ApInt::signed_max(int_width), true),
            bound(&ApInt::signed_min(int_width), true),
        )
    };
    if max.partial_cmp(flt) == Some(Ordering::Less) {
        let t = matches!(pred, Ne)
            || if unsigned {
                matches!(pred, Ult | Ule)
            } else {
                matches!(pred, Slt | Sle)
            };
        return replace_with_bool(op, rw, t);
    }
    if min.partial_cmp(flt) == Some(Ordering::Greater) {
        let t = matches!(pred, Ne)
            || if unsigned {
                matches!(pred, Ugt | Uge)
            } else {
                matches!(pred, Sgt | Sge)
            };
        return replace_with_bool(op, rw, t);
    }
    let Some(rhs_int) = flt.to_int(int_width, !unsigned) else {
        return false;
    };
    if !flt.is_zero() {
        let back = Fp::from_int(flt.format, &rhs_int, !unsigned).expect("width <= 128");
        if back.partial_cmp(flt) != Some(Ordering::Equal) {
            let neg = flt.is_negative();
            match pred {
                Ne => return replace_with_bool(op, rw, true),
                Eq => return replace_with_bool(op, rw, false),
                Ule if neg => return replace_with_bool(op, rw, false),
                Sle if neg => pred = Slt,
                Ult if neg => return replace_with_bool(op, rw, false),
                Ult => pred = Ule,
                Slt if !neg => pred = Sle,
                Ugt if neg => return replace_with_bool(op, rw, true),
                Sgt if neg => pred = Sge,
                Uge if neg => return replace_with_bool(op, rw, true),
                Uge => pred = Ugt,
                Sge if !neg => pred = Sgt,
                _ => {}
            }
        }
    }
    let loc = op.location();
    let c = super::constant::create(rw, Attr::int(int_ty, &rhs_int), loc).result(0);
    let p = Attr::int(
        op.context().integer_type(64),
        &ApInt::from_u64(64, pred as u64),
    );
    let new = rw
        .create(
            rarith::CmpIOp::OP,
            loc,
            &[int_val, c],
            &[op.result(0).ty()],
            &[("predicate", p)],
        )
        .result(0);
    rw.replace_op(op, &[new]);
    true
}

/// Patterns rooted at rarith.mulf.
pub const MULF: &[PatternDef] = patterns!(rarith::MulFOp:
    "MulFOfNegF" => of_negf / 3,
);
/// Patterns rooted at rarith.divf.
pub const DIVF: &[PatternDef] = patterns!(rarith::DivFOp:
    "DivFOfNegF" => of_negf / 3,
);
/// Patterns rooted at rarith.truncf.
pub const TRUNCF: &[PatternDef] = patterns!(rarith::TruncFOp:
    "TruncFSIToFPToSIToFP" => truncf_sitofp / 2,
    "TruncFUIToFPToUIToFP" => truncf_uitofp / 2,
);
/// Patterns rooted at rarith.cmpf.
pub const CMPF: &[PatternDef] = patterns!(rarith::CmpFOp:
    "CmpFIntToFPConst" => cmpf_int_to_fp_const / 1,
);
