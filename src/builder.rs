//! A typed Rust API for building rarith and rshape ops with melior.
//!
//! Each function returns a detached `melior::ir::Operation` to append to a
//! block; result types are inferred as MLIR would infer them.

use crate::ods::rarith::IntegerOverflowFlags;
use crate::semantics::cmp::CmpIPredicate;
use melior::Context;
use melior::ir::ValueLike;
use melior::ir::attribute::AttributeLike;
use melior::ir::attribute::{Attribute, DenseElementsAttribute, IntegerAttribute};
use melior::ir::operation::OperationBuilder;
use melior::ir::r#type::{IntegerType, RankedTensorType};
use melior::ir::{Identifier, Location, Operation, Type, Value};

/// Integer overflow flags of `rarith.addi` and friends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Overflow {
    /// No signed wrap.
    pub nsw: bool,
    /// No unsigned wrap.
    pub nuw: bool,
}

impl Overflow {
    fn bits(self) -> u64 {
        self.nsw as u64 | (self.nuw as u64) << 1
    }
}

fn enum_attr<'c>(context: &'c Context, name: &str, value: u64) -> Attribute<'c> {
    let ctx = crate::ffi::ir::Context::from_melior(context);
    let attr = ctx
        .enum_attr(name, value)
        .unwrap_or_else(|| panic!("no enum attribute {name}"));
    attr.to_melior(context)
}

/// `rarith.constant` of a typed attribute (`42 : i32`, `dense<...>`, ...).
pub fn constant<'c>(
    context: &'c Context,
    value: Attribute<'c>,
    location: Location<'c>,
) -> Operation<'c> {
    OperationBuilder::new("rarith.constant", location)
        .add_attributes(&[(Identifier::new(context, "value"), value)])
        .add_results(&[value.r#type()])
        .build()
        .expect("valid rarith.constant")
}

/// `rarith.constant` of an integer of type `ty` (integer or index).
pub fn constant_int<'c>(
    context: &'c Context,
    value: i64,
    ty: Type<'c>,
    location: Location<'c>,
) -> Operation<'c> {
    constant(context, IntegerAttribute::new(ty, value).into(), location)
}

/// `rarith.addi %lhs, %rhs overflow<...>`.
pub fn addi<'c>(
    context: &'c Context,
    lhs: Value<'c, '_>,
    rhs: Value<'c, '_>,
    overflow: Overflow,
    location: Location<'c>,
) -> Operation<'c> {
    OperationBuilder::new("rarith.addi", location)
        .add_operands(&[lhs, rhs])
        .add_attributes(&[(
            Identifier::new(context, "overflowFlags"),
            enum_attr(context, IntegerOverflowFlags::ATTR_NAME, overflow.bits()),
        )])
        .add_results(&[lhs.r#type()])
        .build()
        .expect("valid rarith.addi")
}

/// `rarith.cmpi <predicate>, %lhs, %rhs` (result: i1 of the operands' shape).
pub fn cmpi<'c>(
    context: &'c Context,
    predicate: CmpIPredicate,
    lhs: Value<'c, '_>,
    rhs: Value<'c, '_>,
    location: Location<'c>,
) -> Operation<'c> {
    let i64t = IntegerType::new(context, 64).into();
    OperationBuilder::new("rarith.cmpi", location)
        .add_operands(&[lhs, rhs])
        .add_attributes(&[(
            Identifier::new(context, "predicate"),
            IntegerAttribute::new(i64t, predicate as i64).into(),
        )])
        .enable_result_type_inference()
        .build()
        .expect("valid rarith.cmpi")
}

/// `rshape.const_shape [extents] : tensor<N x index>`.
pub fn const_shape<'c>(
    context: &'c Context,
    extents: &[i64],
    location: Location<'c>,
) -> Operation<'c> {
    let index = Type::index(context);
    let ty: Type = RankedTensorType::new(&[extents.len() as u64], index, None).into();
    let values: Vec<Attribute> = extents
        .iter()
        .map(|&e| IntegerAttribute::new(index, e).into())
        .collect();
    let attr = DenseElementsAttribute::new(ty, &values).expect("index elements");
    OperationBuilder::new("rshape.const_shape", location)
        .add_attributes(&[(Identifier::new(context, "shape"), attr.into())])
        .add_results(&[ty])
        .build()
        .expect("valid rshape.const_shape")
}

/// `rshape.broadcast %shapes... -> result_type`.
pub fn broadcast<'c>(
    shapes: &[Value<'c, '_>],
    result_type: Type<'c>,
    location: Location<'c>,
) -> Operation<'c> {
    OperationBuilder::new("rshape.broadcast", location)
        .add_operands(shapes)
        .add_results(&[result_type])
        .build()
        .expect("valid rshape.broadcast")
}
