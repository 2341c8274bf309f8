//! Support of the builders generated from ODS (`crate::ops`): identifiers
//! and enum attributes in a location's context, and building with MLIR's
//! diagnostics captured as the error. Names no dialect.

use crate::error::Error;
use crate::ir::scoped::ValueRef;
use crate::ir::{Context as RawContext, sref};
use melior::ir::block::BlockArgument;
use melior::ir::operation::{OperationBuilder, OperationLike, OperationResult};
use melior::ir::{Attribute, Identifier, Location, Operation, Value, ValueLike};
use mlir_sys::{
    MlirValue, mlirIdentifierGet, mlirIntegerAttrGet, mlirIntegerTypeGet, mlirLocationGetContext,
    mlirTypeGetContext, mlirValueGetType,
};
use std::fmt;
use std::marker::PhantomData;

/// Why a generated builder built no op: an [`Error`] of kind
/// [`ErrorKind::Build`](crate::error::ErrorKind::Build), naming the op
/// ([`Error::op`]) with MLIR's diagnostics.
pub type BuildError = Error;

/// An operand of a generated builder: a melior value (an op result or
/// block argument) or a scoped [`ValueRef`] of a pass or pattern, with the
/// lifetime `'v` of what it was borrowed from.
#[derive(Clone, Copy, Debug)]
pub struct Operand<'c, 'v> {
    raw: MlirValue,
    _borrow: PhantomData<(&'c melior::Context, &'v ())>,
}

impl<'c, 'v> Operand<'c, 'v> {
    /// The raw value.
    fn raw(self) -> MlirValue {
        self.raw
    }
}

/// A melior value kind (owned or borrowed) as an operand.
macro_rules! operand_from {
    ($($value:ident),*) => {$(
        impl<'c, 'v> From<$value<'c, 'v>> for Operand<'c, 'v> {
            fn from(value: $value<'c, 'v>) -> Self {
                Operand {
                    raw: value.to_raw(),
                    _borrow: PhantomData,
                }
            }
        }

        impl<'c, 'v> From<&$value<'c, 'v>> for Operand<'c, 'v> {
            fn from(value: &$value<'c, 'v>) -> Self {
                Operand::from(*value)
            }
        }
    )*};
}

operand_from!(Value, OperationResult, BlockArgument);

impl<'s> From<ValueRef<'s>> for Operand<'s, 's> {
    fn from(value: ValueRef<'s>) -> Self {
        Operand {
            raw: value.raw_value().raw(),
            _borrow: PhantomData,
        }
    }
}

impl<'s> From<&ValueRef<'s>> for Operand<'s, 's> {
    fn from(value: &ValueRef<'s>) -> Self {
        Operand::from(*value)
    }
}

/// An op a generated builder built, not yet in any block: it borrows its
/// operands (`'v`), so it cannot outlive the block or op they belong to.
/// Insert it with a pattern's
/// [`Rewriter::insert`](crate::rewrite::user_patterns::Rewriter::insert), or hand it
/// to melior ([`Built::into_operation`]), whose blocks own their ops.
#[derive(Debug)]
pub struct Built<'c, 'v> {
    op: Operation<'c>,
    _operands: PhantomData<&'v ()>,
}

impl<'c, 'v> Built<'c, 'v> {
    /// The op, for melior (`block.append_operation(op.into_operation())`):
    /// from here on melior's rules hold, which do not tie the op to its
    /// operands (see the crate's soundness notes).
    pub fn into_operation(self) -> Operation<'c> {
        self.op
    }
}

impl<'c> std::ops::Deref for Built<'c, '_> {
    type Target = Operation<'c>;
    fn deref(&self) -> &Operation<'c> {
        &self.op
    }
}

impl<'c> From<Built<'c, '_>> for Operation<'c> {
    fn from(built: Built<'c, '_>) -> Operation<'c> {
        built.op
    }
}

impl fmt::Display for Built<'_, '_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.op, f)
    }
}

/// The operands, as melior values of the location's context; an error
/// naming `op` for an operand of another context.
pub fn ods_checked_operands<'c, 'v>(
    op: &'static str,
    location: Location<'c>,
    operands: &[Operand<'c, 'v>],
) -> Result<Vec<Value<'c, 'v>>, BuildError> {
    // SAFETY: the location is live.
    let context = unsafe { mlirLocationGetContext(location.to_raw()) };
    operands
        .iter()
        .enumerate()
        .map(|(i, operand)| {
            // SAFETY: the operand is a live value (borrowed for 'v).
            let of = unsafe { mlirTypeGetContext(mlirValueGetType(operand.raw())) };
            if of.ptr != context.ptr {
                return Err(Error::build(
                    op,
                    vec![format!("operand {i} is a value of another context")],
                ));
            }
            // SAFETY: the value is live for 'v, in the context 'c.
            Ok(unsafe { Value::from_raw(operand.raw()) })
        })
        .collect()
}

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
        .ok_or_else(|| Error::build(attr_name, vec![format!("no enum attribute `{attr_name}`")]))?;
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
pub fn finish<'c, 'v>(
    op: &'static str,
    builder: OperationBuilder<'c>,
    verify: bool,
    location: Location<'c>,
) -> Result<Built<'c, 'v>, BuildError> {
    let context_ref = location.context();
    // SAFETY: the reference is used only while `context_ref` lives (this
    // function), as `ContextRef::to_ref` requires.
    let context = unsafe { context_ref.to_ref() };
    let (verified, diagnostics) = crate::diagnostics::capture(context, || {
        builder.build().ok().filter(|o| !verify || o.verify())
    });
    verified
        .map(|op| Built {
            op,
            _operands: PhantomData,
        })
        .ok_or_else(|| Error::build(op, diagnostics))
}

/// What the builders generated from ODS use.
pub mod support {
    pub use super::{
        BuildError, Built, Operand, bit_enum, finish, identifier, ods_checked_operands, unit,
        value_enum,
    };
    pub use melior::ir::operation::OperationBuilder;
    pub use melior::ir::{Attribute, Identifier, Location, Operation, Region, Type, Value};
}
