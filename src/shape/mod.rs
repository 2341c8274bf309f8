//! rshape: the behaviour of upstream's shape dialect, op by op.

mod broadcast;
mod const_shape;
mod constraints;
mod extents;
mod legacy;
mod operands;
mod regions;
mod size_arith;
mod sizes;

use crate::ffi::ir::{Attr, Context, Detached, Dims, Location, Op, Type, Value};
use crate::ods::OdsOp;
use crate::ods::rshape;

/// True for `!rshape.shape`.
pub fn is_shape_type(ty: Type) -> bool {
    ty.ods_name() == rshape::types::SHAPE
}

/// True for `!rshape.size`.
pub fn is_size_type(ty: Type) -> bool {
    ty.ods_name() == rshape::types::SIZE
}

/// `!rshape.size` of the context.
pub fn size_type<'ir>(ctx: Context<'ir>) -> Type<'ir> {
    ctx.ods_type(rshape::types::SIZE)
        .expect("rshape.size is registered")
}

/// `!rshape.shape` of the context.
pub fn shape_type<'ir>(ctx: Context<'ir>) -> Type<'ir> {
    ctx.ods_type(rshape::types::SHAPE)
        .expect("rshape.shape is registered")
}

/// Upstream's `verifySizeOrIndexOp`: operands that can hold an error value
/// require a `!rshape.size` result.
pub fn verify_size_or_index(op: Op) -> bool {
    if op.operands().any(|v| can_hold_error(v.ty())) && !is_size_type(op.result(0).ty()) {
        op.emit_op_error(
            "if at least one of the operands can hold error values then the result must be of type `size` to propagate them",
        );
        return false;
    }
    true
}

/// Upstream's `verifyShapeOrExtentTensorOp`: operands that can hold an error
/// value require a `!rshape.shape` result.
pub fn verify_shape_or_extent_tensor(op: Op) -> bool {
    if op.operands().any(|v| can_hold_error(v.ty())) && !is_shape_type(op.result(0).ty()) {
        op.emit_op_error(
            "if at least one of the operands can hold error values then the result must be of type `shape` to propagate them",
        );
        return false;
    }
    true
}

/// Exactly one type on each side, each a size or an index (upstream's
/// `eachHasOnlyOneOfTypes<SizeType, IndexType>`).
pub fn one_size_or_index_each<'ir>(l: &[Type<'ir>], r: &[Type<'ir>]) -> bool {
    let ok = |t: &Type<'ir>| is_size_type(*t) || t.is_index();
    l.len() == 1 && r.len() == 1 && l.iter().chain(r).all(ok)
}

/// A few operands, results or shapes, on the stack (shape ops rarely have
/// more): what the shape hooks collect into instead of a `Vec`.
pub(crate) type Few<T> = smallvec::SmallVec<[T; 4]>;

/// The extents a value is known to have: the (possibly dynamic) dims of the
/// ranked operand of a `shape_of`, or a constant's extents (upstream's
/// `getShapeVec`).
pub fn known_extents(v: Value) -> Option<Dims> {
    let def = v.defining_op()?;
    if def.isa::<rshape::ShapeOfOp>() {
        return def.operand(0).ty().dims();
    }
    def.constant_value()?.as_i64_elements().map(Dims::from_vec)
}

/// True for the types that can hold an error value (`shape`, `size`,
/// `value_shape`).
pub fn can_hold_error(ty: Type) -> bool {
    [
        rshape::types::SHAPE,
        rshape::types::SIZE,
        rshape::types::VALUE_SHAPE,
    ]
    .contains(&ty.ods_name())
}

/// True for extent tensors `tensor<?xindex>`/`tensor<Nxindex>`.
pub fn is_extent_tensor(ty: Type) -> bool {
    ty.is_ranked_tensor() && ty.rank() == Some(1) && ty.element_type_or_self().is_index()
}

/// `ShapeDialect::materializeConstant`: `const_shape` for shapes and extent
/// tensors, else an `rarith.constant` when buildable.
///
/// Unlike upstream, an extent tensor type whose size is not the number of
/// extents (e.g. `tensor<?xindex>`) is not materialized: the `const_shape`
/// would be invalid (see docs/upstream-differences.md).
pub fn materialize_constant<'ir>(
    value: Attr<'ir>,
    ty: Type<'ir>,
    loc: Location<'ir>,
) -> Option<Detached<'ir>> {
    if crate::arith::fold::is_poison(value) {
        return Op::create("ub.poison", loc, &[], &[ty], &[("value", value)]);
    }
    let extent_tensor = is_extent_tensor(ty);
    if extent_tensor || is_shape_type(ty) {
        if !value.is_dense_elements() || !value.ty()?.element_type_or_self().is_index() {
            return None;
        }
        if extent_tensor && ty.dims()?.as_slice() != [value.num_elements()] {
            return None;
        }
        return Op::create(
            rshape::ConstShapeOp::OP,
            loc,
            &[],
            &[ty],
            &[("shape", value)],
        );
    }
    match ty.ods_name() {
        rshape::types::SIZE if value.is_integer() => Op::create(
            rshape::ConstSizeOp::OP,
            loc,
            &[],
            &[ty],
            &[("value", value)],
        ),
        rshape::types::WITNESS if value.is_integer() => Op::create(
            rshape::ConstWitnessOp::OP,
            loc,
            &[],
            &[ty],
            &[("passing", value)],
        ),
        _ => crate::arith::materialize_constant(value, ty, loc),
    }
}

/// `ShapeDialect::verifyOperationAttribute`: `rshape.lib` may only sit on a
/// symbol table and names one shape function library or an array of them
/// whose mappings name each op at most once.
pub fn verify_operation_attribute<'ir>(op: Op<'ir>, name: &str, value: Attr<'ir>) -> bool {
    if name != rshape::attrs::LIB {
        return true;
    }
    let fail = |message: &str| {
        op.emit_error(message);
        false
    };
    if !op.is_symbol_table() {
        return fail("rshape.lib attribute may only be on op implementing SymbolTable");
    }
    let is_library = |o: Op<'ir>| o.isa::<rshape::FunctionLibraryOp>();
    if value.is_symbol_ref() {
        return match op.lookup_symbol(value) {
            None => fail(&format!(
                "shape function library {} not found",
                value.to_string_lossy()
            )),
            Some(lib) if is_library(lib) => true,
            Some(_) => fail(&format!(
                "{} required to be shape function library",
                value.to_string_lossy()
            )),
        };
    }
    let Some(libraries) = value.array_elements() else {
        return fail(
            "only SymbolRefAttr or array of SymbolRefAttrs allowed as rshape.lib attribute",
        );
    };
    let mut mapped: Vec<&str> = Vec::new();
    for lib_ref in libraries {
        if !lib_ref.is_symbol_ref() {
            return fail("only SymbolRefAttr allowed in rshape.lib attribute array");
        }
        let Some(lib) = op.lookup_symbol(lib_ref).filter(|l| is_library(*l)) else {
            return fail(&format!(
                "{} does not refer to FunctionLibraryOp",
                lib_ref.to_string_lossy()
            ));
        };
        for op_name in lib
            .attr("mapping")
            .and_then(Attr::dict_names)
            .unwrap_or_default()
        {
            if mapped.contains(&op_name) {
                return fail(&format!(
                    "only one op to shape mapping allowed, found multiple for `\"{op_name}\"`"
                ));
            }
            mapped.push(op_name);
        }
    }
    true
}
