//! Upstream canonicalization patterns of other dialects that are written
//! against arith's C++ classes (`arith::ConstantIndexOp`,
//! `arith::IndexCastOp`, `arith::AddFOp`...) and so never see rarith: the
//! same rewrites, matching rarith, as rarith patterns (registered with the
//! rarith op they look for, rooted where upstream's are).

use crate::ffi::ir::{Attr, Op, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::registry::PatternDef;
use rmlir_bridge::patterns;
use std::collections::HashMap;

/// The value of the `rarith.constant` of `index` type defining `v` (what
/// upstream's `arith::ConstantIndexOp` matches).
fn constant_index(v: Value) -> Option<i64> {
    let constant = v.defined_by::<rarith::ConstantOp>()?;
    if !v.ty().is_index() {
        return None;
    }
    constant.value()?.as_int()?.to_i64()
}

/// memref's `ViewOpShapeFolder`: the dynamic sizes of a `memref.view` that
/// are `rarith.constant`s become static dims of a new view, cast back to
/// the old type: `view %m[%s][%c4, %n] : memref<?x?xf32>` becomes `cast
/// (view %m[%s][%n] : memref<4x?xf32>)`.
pub fn view_shape_folder<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    // Upstream's "none of the operands is a constant index" early exit.
    if !op.operands().any(|v| constant_index(v).is_some()) {
        return false;
    }
    let ty = op.result(0).ty();
    let Some(dims) = ty.dims() else {
        return false;
    };
    // Operands: the source, the byte shift, one size per dynamic dim.
    let mut sizes = op.operands().skip(2);
    let mut kept: Vec<Value<'ir>> = op.operands().take(2).collect();
    let mut shape = Vec::with_capacity(dims.len());
    for dim in dims {
        if dim >= 0 {
            shape.push(dim);
            continue;
        }
        let Some(size) = sizes.next() else {
            return false;
        };
        match constant_index(size) {
            Some(value) => shape.push(value),
            None => {
                shape.push(dim);
                kept.push(size);
            }
        }
    }
    let Some(new_ty) = ty.memref_with_shape(&shape) else {
        return false;
    };
    if new_ty == ty {
        return false;
    }
    let loc = op.location();
    let view = rw.create("memref.view", loc, &kept, &[new_ty], &[]);
    let cast = rw.create("memref.cast", loc, &[view.result(0)], &[ty], &[]);
    rw.replace_op(op, &[cast.result(0)]);
    true
}

/// True for what `Builder::getZeroAttr` gives for the attribute's type:
/// integer 0, float +0.0, or their splats (dense attributes of one value
/// are uniqued as splats, so "equal to the zero attribute" is this).
fn is_zero_attr(attr: Attr) -> bool {
    if let Some(v) = attr.as_splat_int() {
        return v.is_zero();
    }
    matches!(attr.float_const_bits(), Some((bits, true)) if bits[0].is_zero())
}

/// vector's `CanonicalizeContractAdd`: `add(contract(a, b, zero), c)` is
/// `contract(a, b, c)` (either operand of the add), with `zero` the
/// `rarith.constant` zero of the accumulator's type.
pub fn contract_add<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let fuse = |rw: &mut Rewriter<'ir>, contraction: Value<'ir>, other: Value<'ir>| {
        let Some(contract) = contraction.defining_op() else {
            return false;
        };
        if contract.name() != "vector.contract" || contract.num_operands() < 3 {
            return false;
        }
        let acc = contract.operand(2);
        let Some(zero) = acc.defined_by::<rarith::ConstantOp>() else {
            return false;
        };
        if !zero.value().is_some_and(is_zero_attr) {
            return false;
        }
        let mut mapping = HashMap::from([(acc, other)]);
        let fused = rw.clone_with_mapping(contract, &mut mapping);
        rw.replace_op(op, &[fused.result(0)]);
        true
    };
    let (a, b) = (op.operand(0), op.operand(1));
    fuse(rw, a, b) || fuse(rw, b, a)
}

/// tensor's `ExtractElementFromIndexCast`: the element of an `index_cast`
/// of a tensor is the `index_cast` of the element,
/// `extract(index_cast(t))[i] = index_cast(extract(t[i]))`.
pub fn extract_from_index_cast<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
    let Some(cast) = op.operand(0).defined_by::<rarith::IndexCastOp>() else {
        return false;
    };
    let source = cast.operand(0);
    let element = source.ty().element_type_or_self();
    let operands: Vec<Value<'ir>> = std::iter::once(source)
        .chain(op.operands().skip(1))
        .collect();
    let extract = rw.create("tensor.extract", op.location(), &operands, &[element], &[]);
    let result_ty = op.result(0).ty();
    let new = rw.create(
        rarith::IndexCastOp::OP,
        op.location(),
        &[extract.result(0)],
        &[result_ty],
        &[],
    );
    rw.replace_op(op, &[new.result(0)]);
    true
}

/// Patterns rooted at other dialects' ops that look for rarith.constant.
pub const CONSTANT: &[PatternDef] = patterns!(rarith::ConstantOp:
    "ViewOpShapeFolder" => view_shape_folder / 1 @ "memref.view",
);

/// Patterns of rarith.addf: vector's contraction + add.
pub const ADDF: &[PatternDef] = patterns!(rarith::AddFOp:
    "CanonicalizeContractAdd" => contract_add / 1,
);
