//! Support of the builders generated from ODS (`crate::ops`): identifiers
//! and enum attributes in a location's context, and building with MLIR's
//! diagnostics captured as the error. Names no dialect.

use super::ir::{Context as RawContext, sref};
use melior::ir::operation::{OperationBuilder, OperationLike};
use melior::ir::{Attribute, Identifier, Location, Operation};
use mlir_sys::{mlirIdentifierGet, mlirIntegerAttrGet, mlirIntegerTypeGet, mlirLocationGetContext};
use std::fmt;

/// Why a generated builder built no op: the op's name and what MLIR said
/// (result type inference or verification failed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError {
    /// The op (`rarith.addi`).
    pub op: &'static str,
    /// MLIR's diagnostics, each with its location.
    pub diagnostics: Vec<String>,
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "cannot build `{}`", self.op)?;
        for d in &self.diagnostics {
            write!(f, "\n  {d}")?;
        }
        Ok(())
    }
}

impl std::error::Error for BuildError {}

/// `name` as an identifier of the location's context.
pub fn identifier<'c>(location: Location<'c>, name: &str) -> Identifier<'c> {
    // SAFETY: the location is live and borrows its context for 'c;
    // identifiers are uniqued in (and live as long as) that context.
    unsafe {
        let context = mlirLocationGetContext(location.to_raw());
        Identifier::from_raw(mlirIdentifierGet(context, sref(name)))
    }
}

/// The unit attribute of the location's context (a `UnitAttr` that is
/// present).
pub fn unit(location: Location<'_>) -> Attribute<'_> {
    // SAFETY: the location is live and borrows its context; the unit
    // attribute is uniqued in (and lives as long as) that context.
    unsafe {
        let context = mlirLocationGetContext(location.to_raw());
        Attribute::from_raw(mlir_sys::mlirUnitAttrGet(context))
    }
}

/// The type named `name` in ODS (`rshape.shape`) in `context`, after
/// loading the dialect that declares it (`dialect`), so that any melior
/// context works.
pub fn ods_type<'c>(
    context: &'c melior::Context,
    dialect: mlir_sys::MlirDialectHandle,
    name: &str,
) -> melior::ir::Type<'c> {
    // SAFETY: the handle is a dialect handle of this library; loading a
    // dialect into a live context is always allowed.
    unsafe { mlir_sys::mlirDialectHandleLoadDialect(dialect, context.to_raw()) };
    let ty = RawContext::from_melior(context)
        .ods_type(name)
        .unwrap_or_else(|| panic!("`{name}` is not declared by the dialect loaded for it"));
    // SAFETY: the type is uniqued in `context`, which outlives 'c.
    unsafe { melior::ir::Type::from_raw(ty.raw()) }
}

/// `name = #dialect.enum<bits>`: a bit-enum attribute by its full name.
pub fn bit_enum<'c>(
    location: Location<'c>,
    name: &str,
    attr_name: &'static str,
    bits: u32,
) -> Result<(Identifier<'c>, Attribute<'c>), BuildError> {
    // SAFETY: the location is live; its context outlives 'c.
    let context = unsafe { RawContext::from_raw(mlirLocationGetContext(location.to_raw())) }
        .expect("a location has a context");
    let attr = context
        .enum_attr(attr_name, u64::from(bits))
        .ok_or_else(|| BuildError {
            op: attr_name,
            diagnostics: vec![format!("no enum attribute `{attr_name}`")],
        })?;
    // SAFETY: the attribute is uniqued in the location's context ('c).
    let attr = unsafe { Attribute::from_raw(attr.raw()) };
    Ok((identifier(location, name), attr))
}

/// `name = <value> : iN`: a value enum stored as an integer attribute.
pub fn value_enum<'c>(
    location: Location<'c>,
    name: &str,
    width: u32,
    value: u64,
) -> (Identifier<'c>, Attribute<'c>) {
    // SAFETY: the location is live; the type and attribute are uniqued in
    // its context, which outlives 'c.
    let attr = unsafe {
        let context = mlirLocationGetContext(location.to_raw());
        let ty = mlirIntegerTypeGet(context, width);
        Attribute::from_raw(mlirIntegerAttrGet(ty, value as i64))
    };
    (identifier(location, name), attr)
}

/// Builds the op, then verifies it unless it needs a parent to verify;
/// MLIR's diagnostics on the way become the error.
pub fn finish<'c>(
    op: &'static str,
    builder: OperationBuilder<'c>,
    verify: bool,
    location: Location<'c>,
) -> Result<Operation<'c>, BuildError> {
    let context_ref = location.context();
    // SAFETY: the reference is used only while `context_ref` lives (this
    // function), as `ContextRef::to_ref` requires.
    let context = unsafe { context_ref.to_ref() };
    let (verified, diagnostics) = super::diagnostics::capture(context, || {
        builder.build().ok().filter(|o| !verify || o.verify())
    });
    verified.ok_or(BuildError { op, diagnostics })
}

/// What the builders generated from ODS use.
pub mod support {
    pub use super::{BuildError, bit_enum, finish, identifier, unit, value_enum};
    pub use melior::ir::operation::OperationBuilder;
    pub use melior::ir::{Attribute, Identifier, Location, Operation, Region, Type, Value};
}
