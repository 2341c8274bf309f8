//! Constant-folding helpers shared by rarith folders: what upstream's
//! `constFoldBinaryOp` and `m_Zero`/`m_One` do, over [`ApInt`] values.

use crate::ffi::ir::{Attr, IntConst, Type};
use crate::semantics::ApInt;

/// True for `#ub.poison` (the only attribute of the `ub` dialect).
pub fn is_poison(attr: Attr) -> bool {
    attr.dialect_namespace() == "ub"
}

/// The integer a constant attribute matches as in `m_ConstantInt`: a scalar
/// integer/index attribute or an integer splat.
pub fn splat_int(attr: Option<Attr>) -> Option<ApInt> {
    attr?.as_splat_int()
}

/// `m_Zero()` on an operand's constant value.
pub fn is_zero(attr: Option<Attr>) -> bool {
    splat_int(attr).is_some_and(|v| v.is_zero())
}

/// `m_One()` on an operand's constant value.
pub fn is_one(attr: Option<Attr>) -> bool {
    splat_int(attr).is_some_and(|v| v.is_one())
}

/// Upstream's `constFoldBinaryOp<IntegerAttr>`: folds two integer constants
/// of the same type elementwise (scalars, splats, dense elements). With
/// `result_type == None` the result has the operands' type and poison
/// operands propagate; with an explicit result type there is no poison
/// propagation (as upstream's overload). `f` returning `None` refuses the fold.
pub fn binary_int<'ir>(
    operands: &[Option<Attr<'ir>>],
    result_type: Option<Type<'ir>>,
    f: impl Fn(&ApInt, &ApInt) -> Option<ApInt>,
) -> Option<Attr<'ir>> {
    let [lhs, rhs] = operands else { return None };
    // Two scalar integer attributes, the common case, first: neither is
    // poison nor dense, so only their types are left to compare.
    if let (Some(l), Some(r)) = (*lhs, *rhs)
        && let (Some(a), Some(b)) = (l.as_int(), r.as_int())
    {
        let lt = l.ty()?;
        if lt != r.ty()? {
            return None;
        }
        return Some(Attr::int(result_type.unwrap_or(lt), &f(&a, &b)?));
    }
    if result_type.is_none() {
        if let Some(p) = lhs.filter(|a| is_poison(*a)) {
            return Some(p);
        }
        if let Some(p) = rhs.filter(|a| is_poison(*a)) {
            return Some(p);
        }
    }
    let (lhs, rhs) = ((*lhs)?, (*rhs)?);
    let (lt, rt) = (lhs.ty()?, rhs.ty()?);
    if lt != rt {
        return None;
    }
    let result_type = result_type.unwrap_or(lt);
    if let Some(out) = binary_lanes(lhs, rhs, result_type, &f) {
        return out;
    }
    match (lhs.as_int_const()?, rhs.as_int_const()?) {
        (IntConst::Scalar(a), IntConst::Scalar(b)) => Some(Attr::int(result_type, &f(&a, &b)?)),
        (IntConst::Splat(a), IntConst::Splat(b)) => {
            Some(Attr::dense_ints(result_type, &[f(&a, &b)?]))
        }
        (IntConst::Scalar(_), _) | (_, IntConst::Scalar(_)) => None,
        (a, b) => {
            let n = usize::try_from(lhs.num_elements()).ok()?;
            let (a, b) = (expand(a, n), expand(b, n));
            let values = a
                .iter()
                .zip(&b)
                .map(|(x, y)| f(x, y))
                .collect::<Option<Vec<_>>>()?;
            Some(Attr::dense_ints(result_type, &values))
        }
    }
}

/// [`binary_int`] on two non-splat dense constants of at most 64-bit
/// elements, with a result of at most 64-bit elements: one word per element
/// in and out, no decoded vectors. None when the operands are not such
/// constants (the caller folds them); Some(None) when `f` refuses.
fn binary_lanes<'ir>(
    lhs: Attr<'ir>,
    rhs: Attr<'ir>,
    result_type: Type<'ir>,
    f: &impl Fn(&ApInt, &ApInt) -> Option<ApInt>,
) -> Option<Option<Attr<'ir>>> {
    let out_width = result_type.element_type_or_self().int_width()?;
    if !(1..=64).contains(&out_width) {
        return None;
    }
    // Each side's lanes; a splat (against a non-splat) is its one value in
    // every lane.
    let lanes = |side: Attr<'ir>, width: Option<u32>| -> Option<(u32, Vec<u64>)> {
        if side.is_splat() {
            let value = side.as_splat_int()?;
            let w = width?;
            return (value.width() == w).then(|| (w, vec![value.low_u64()]));
        }
        side.dense_lanes()
    };
    let (width, a, b) = match (lhs.is_splat(), rhs.is_splat()) {
        (true, true) => return None,
        (false, _) => {
            let (width, a) = lhs.dense_lanes()?;
            (width, a, lanes(rhs, Some(width))?.1)
        }
        (true, false) => {
            let (width, b) = rhs.dense_lanes()?;
            (width, lanes(lhs, Some(width))?.1, b)
        }
    };
    let n = a.len().max(b.len());
    let lane = |v: &[u64], i: usize| if v.len() == 1 { v[0] } else { v[i] };
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        let (x, y) = (lane(&a, i), lane(&b, i));
        match f(&ApInt::from_u64(width, x), &ApInt::from_u64(width, y)) {
            Some(r) => out.push(r.low_u64()),
            None => return Some(None),
        }
    }
    Some(Some(Attr::dense_from_lanes(result_type, &out)))
}

fn expand(c: IntConst, n: usize) -> Vec<ApInt> {
    match c {
        IntConst::Dense(v) => v,
        IntConst::Splat(v) | IntConst::Scalar(v) => vec![v; n],
    }
}

/// `Builder::getZeroAttr`: zero of an integer, index, or statically shaped
/// vector/tensor type; None otherwise (upstream would build a dense
/// attribute of dynamic shape: see docs/upstream-differences.md).
pub fn zero_attr<'ir>(ty: Type<'ir>) -> Option<Attr<'ir>> {
    let width = |t: Type<'ir>| t.int_width();
    if ty.is_integer() || ty.is_index() {
        return Some(Attr::int(ty, &ApInt::zero(width(ty)?)));
    }
    if (ty.is_vector() || ty.is_ranked_tensor()) && ty.dims()?.iter().all(|&d| d >= 0) {
        let elt = ty.element_type_or_self();
        if elt.is_integer() || elt.is_index() {
            return Some(Attr::dense_ints(ty, &[ApInt::zero(width(elt)?)]));
        }
    }
    None
}

/// Upstream's `constFoldCastOp<IntegerAttr, IntegerAttr>`: folds a constant
/// integer operand (scalar, splat, dense) into `result_type`; poison
/// propagates; `f` returning None refuses the fold.
pub fn cast_int<'ir>(
    operands: &[Option<Attr<'ir>>],
    result_type: Type<'ir>,
    f: impl Fn(&ApInt) -> Option<ApInt>,
) -> Option<Attr<'ir>> {
    let operand = operands.first().copied().flatten()?;
    if is_poison(operand) {
        return Some(operand);
    }
    match operand.as_int_const()? {
        IntConst::Scalar(v) => Some(Attr::int(result_type, &f(&v)?)),
        IntConst::Splat(v) => {
            if result_type.dims()?.iter().any(|&d| d < 0) {
                return None;
            }
            Some(Attr::dense_ints(result_type, &[f(&v)?]))
        }
        IntConst::Dense(vs) => {
            let values = vs.iter().map(&f).collect::<Option<Vec<_>>>()?;
            Some(Attr::dense_ints(result_type, &values))
        }
    }
}

/// The integer constant defining `v` (scalar or splat), as `m_ConstantInt`
/// matches a Value: only values of integer or index type (or vectors and
/// tensors of them) match, so e.g. an `!rshape.size` constant does not.
pub fn constant_int_of(v: crate::ffi::ir::Value) -> Option<ApInt> {
    let elt = v.ty().element_type_or_self();
    if !(elt.is_integer() || elt.is_index()) {
        return None;
    }
    v.defining_op()?.constant_value()?.as_splat_int()
}

/// Upstream's `verifyExtOp`/`verifyTruncateOp`: the result (element) width
/// must be greater (`wider`) or smaller than the operand's, by `width` (the
/// integer or float width of an element type).
pub fn verify_width_change<'ir>(
    op: crate::ffi::ir::Op<'ir>,
    wider: bool,
    width: fn(Type<'ir>) -> Option<u32>,
) -> bool {
    let src = op.operand(0).ty().element_type_or_self();
    let dst = op.result(0).ty().element_type_or_self();
    let (Some(a), Some(b)) = (width(src), width(dst)) else {
        return true;
    };
    let ok = if wider { a < b } else { a > b };
    if !ok {
        let rel = if wider { "wider" } else { "shorter" };
        op.emit_error(&format!(
            "result type '{}' must be {rel} than operand type '{}'",
            dst.to_string_lossy(),
            src.to_string_lossy()
        ));
    }
    ok
}

/// Upstream's `areValidCastInputsAndOutputs`, the part every rarith cast's
/// `areCastCompatible` shares: one input and one output, both shaped or both
/// not, and two ranked tensors carry the same encoding. Shapes themselves are
/// checked by the ops' shape traits.
pub fn cast_pair<'ir>(
    inputs: &[Type<'ir>],
    outputs: &[Type<'ir>],
) -> Option<(Type<'ir>, Type<'ir>)> {
    match (inputs, outputs) {
        ([i], [o])
            if i.is_shaped() == o.is_shaped() && i.tensor_encoding() == o.tensor_encoding() =>
        {
            Some((*i, *o))
        }
        _ => None,
    }
}
