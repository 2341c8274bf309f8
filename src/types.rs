//! Type rules named by ODS `TypesMatchWith` constraints (see
//! `RustTypeTransform` in cpp/td/RMlirBase.td).

use crate::ffi::ir::Type;

/// Applies the transform `name` to `ty`.
pub fn transform<'ir>(name: &str, ty: Type<'ir>) -> Option<Type<'ir>> {
    match name {
        "i1_same_shape" => i1_same_shape(ty),
        _ => None,
    }
}

/// `i1`, or a vector/tensor of `i1` with the shape of `ty` (upstream's
/// `getI1SameShape`).
pub fn i1_same_shape<'ir>(ty: Type<'ir>) -> Option<Type<'ir>> {
    let i1 = ty.context().integer_type(1);
    ty.with_element_type(i1)
}
