//! The builders generated from ODS (`rmlir::ops`): every op has one; result
//! types are inferred where ODS says they follow from the operands; typed
//! enums and flags become the attributes upstream prints; an op that does
//! not verify is an error with MLIR's diagnostics, at build time.

use melior::ir::attribute::{DenseElementsAttribute, IntegerAttribute, StringAttribute};
use melior::ir::operation::OperationLike;
use melior::ir::r#type::{IntegerType, RankedTensorType};
use melior::ir::{Block, BlockLike, Location, Region, RegionLike, Type, Value, ValueLike};
use rmlir::ods::rarith::{CmpIPredicate, FastMathFlags, IntegerOverflowFlags, RoundingMode};
use rmlir::ops::{rarith, rshape};

/// A block with one argument per type, whose arguments the ops use.
fn args<'c>(types: &[Type<'c>], location: Location<'c>) -> Block<'c> {
    let with_locations: Vec<_> = types.iter().map(|&t| (t, location)).collect();
    Block::new(&with_locations)
}

fn arg<'c, 'a>(block: &'a Block<'c>, i: usize) -> Value<'c, 'a> {
    block.argument(i).unwrap().into()
}

/// The op as upstream prints it, its operands unnamed (it is detached).
fn text(op: &melior::ir::Operation) -> String {
    op.to_string()
        .replace("<<UNKNOWN SSA VALUE>>", "%x")
        .trim()
        .to_string()
}

#[test]
fn result_types_follow_from_operands_where_ods_says_so() {
    let context = rmlir::new_context();
    let loc = Location::unknown(&context);
    let i32t: Type = IntegerType::new(&context, 32).into();
    let f32t = Type::float32(&context);
    let block = args(&[i32t, i32t, f32t], loc);
    let add = rarith::addi(
        loc,
        arg(&block, 0),
        arg(&block, 1),
        IntegerOverflowFlags::NONE,
    )
    .unwrap();
    assert_eq!(text(&add), "%0 = rarith.addi %x, %x : i32");
    let cmp = rarith::cmpi(loc, arg(&block, 0), arg(&block, 1), CmpIPredicate::Ult).unwrap();
    assert_eq!(text(&cmp), "%0 = rarith.cmpi ult, %x, %x : i32");
    assert_eq!(
        cmp.result(0).unwrap().r#type(),
        IntegerType::new(&context, 1).into()
    );
    let seven = IntegerAttribute::new(i32t, 7).into();
    let constant = rarith::constant(loc, seven).unwrap();
    assert_eq!(text(&constant), "%c7_i32 = rarith.constant 7 : i32");
    let neg = rarith::negf(
        loc,
        arg(&block, 2),
        FastMathFlags::NNAN | FastMathFlags::NINF,
    )
    .unwrap();
    assert_eq!(text(&neg), "%0 = rarith.negf %x fastmath<nnan,ninf> : f32");
}

#[test]
fn unit_attributes_are_flags() {
    let context = rmlir::new_context();
    let loc = Location::unknown(&context);
    let i8t: Type = IntegerType::new(&context, 8).into();
    let block = args(&[i8t, i8t], loc);
    let exact = rarith::divui(loc, arg(&block, 0), arg(&block, 1), true).unwrap();
    assert_eq!(text(&exact), "%0 = rarith.divui %x, %x exact : i8");
    let inexact = rarith::shrsi(loc, arg(&block, 0), arg(&block, 1), false).unwrap();
    assert_eq!(text(&inexact), "%0 = rarith.shrsi %x, %x : i8");
}

#[test]
fn casts_take_their_result_type_and_optional_attributes() {
    let context = rmlir::new_context();
    let loc = Location::unknown(&context);
    let f64t = Type::float64(&context);
    let f32t = Type::float32(&context);
    let block = args(&[f64t, f32t], loc);
    let trunc = rarith::truncf(
        loc,
        arg(&block, 0),
        Some(RoundingMode::TowardZero),
        None,
        f32t,
    )
    .unwrap();
    assert_eq!(
        text(&trunc),
        "%0 = rarith.truncf %x toward_zero : f64 to f32"
    );
    let ext = rarith::extf(loc, arg(&block, 1), Some(FastMathFlags::FAST), f64t).unwrap();
    assert_eq!(
        text(&ext),
        "%0 = rarith.extf %x fastmath<fast> : f32 to f64"
    );
    let plain = rarith::extf(loc, arg(&block, 1), None, f64t).unwrap();
    assert_eq!(text(&plain), "%0 = rarith.extf %x : f32 to f64");
    let i1t: Type = IntegerType::new(&context, 1).into();
    let bits = args(&[IntegerType::new(&context, 8).into()], loc);
    let sum = rarith::addui_extended(
        loc,
        arg(&bits, 0),
        arg(&bits, 0),
        bits.argument(0).unwrap().r#type(),
        i1t,
    )
    .unwrap();
    assert_eq!(
        text(&sum),
        "%sum, %overflow = rarith.addui_extended %x, %x : i8, i1"
    );
}

#[test]
fn ops_that_do_not_verify_are_errors_with_the_diagnostics() {
    let context = rmlir::new_context();
    let loc = Location::unknown(&context);
    let i32t: Type = IntegerType::new(&context, 32).into();
    let i64t: Type = IntegerType::new(&context, 64).into();
    let f32t = Type::float32(&context);
    let block = args(&[i32t, i64t, f32t], loc);
    // Operands of two types: addi's result type cannot be inferred.
    let error = rarith::addi(
        loc,
        arg(&block, 0),
        arg(&block, 1),
        IntegerOverflowFlags::NONE,
    )
    .unwrap_err();
    assert_eq!(error.op(), Some("rarith.addi"));
    assert!(!error.diagnostics().is_empty(), "{error}");
    // A float is no operand of an integer op.
    let error = rarith::addi(
        loc,
        arg(&block, 2),
        arg(&block, 2),
        IntegerOverflowFlags::NONE,
    )
    .unwrap_err();
    assert!(
        error.to_string().contains("signless-integer-like"),
        "{error}"
    );
    // extf must widen: upstream's diagnostic, at build time.
    let error = rarith::extf(loc, arg(&block, 2), None, Type::float16(&context)).unwrap_err();
    assert!(error.to_string().contains("rarith.extf"), "{error}");
    assert!(
        error
            .diagnostics()
            .iter()
            .any(|d| d.contains("operand type 'f32' and result type 'f16' are cast incompatible")),
        "{error}"
    );
    // A shaped constant of the wrong element type.
    let tensor = RankedTensorType::new(&[2], i32t, None).into();
    let dense =
        DenseElementsAttribute::new(tensor, &[IntegerAttribute::new(i32t, 1).into()]).unwrap();
    let error = rshape::const_shape(loc, dense.into()).unwrap_err();
    assert_eq!(error.op(), Some("rshape.const_shape"));
}

#[test]
fn rshape_ops_build_with_regions_and_terminators() {
    let context = rmlir::new_context();
    let loc = Location::unknown(&context);
    let index = Type::index(&context);
    let tensor: Type = RankedTensorType::new(&[2, 3], Type::float32(&context), None).into();
    let block = args(&[tensor], loc);
    let shape = rshape::shape_of(loc, arg(&block, 0)).unwrap();
    assert_eq!(
        text(&shape),
        "%0 = rshape.shape_of %x : tensor<2x3xf32> -> tensor<2xindex>"
    );
    let rank = rshape::rank(loc, shape.result(0).unwrap()).unwrap();
    assert_eq!(rank.result(0).unwrap().r#type(), index);
    let broadcast = rshape::broadcast(
        loc,
        [shape.result(0).unwrap(), shape.result(0).unwrap()],
        Some(StringAttribute::new(&context, "incompatible").into()),
        shape.result(0).unwrap().r#type(),
    )
    .unwrap();
    assert!(
        text(&broadcast).contains("error = \"incompatible\""),
        "{}",
        text(&broadcast)
    );
    // A terminator that needs its parent builds detached, and verifies in it.
    let passing = melior::ir::attribute::Attribute::parse(&context, "true").unwrap();
    let witness = rshape::const_witness(loc, passing).unwrap();
    let body = Block::new(&[]);
    let three = IntegerAttribute::new(index, 3).into();
    let inner = body.append_operation(rarith::constant(loc, three).unwrap().into_operation());
    body.append_operation(
        rshape::assuming_yield(loc, [inner.result(0).unwrap()])
            .unwrap()
            .into_operation(),
    );
    let region = Region::new();
    region.append_block(body);
    let assuming = rshape::assuming(loc, witness.result(0).unwrap(), &[index], [region]).unwrap();
    assert!(
        text(&assuming).starts_with("%0 = rshape.assuming %x -> (index) {"),
        "{}",
        text(&assuming)
    );
}

#[test]
fn rshape_types_have_constructors_in_any_context() {
    // A plain melior context: the constructor loads rshape itself.
    let context = melior::Context::new();
    let shape = rshape::types::shape(&context);
    assert_eq!(shape.to_string(), "!rshape.shape");
    assert_eq!(rshape::types::size(&context).to_string(), "!rshape.size");
    assert_eq!(
        rshape::types::witness(&context).to_string(),
        "!rshape.witness"
    );
    assert_eq!(
        rshape::types::value_shape(&context).to_string(),
        "!rshape.value_shape"
    );
    assert_eq!(rmlir::ods::rshape::types::SHAPE, "rshape.shape");
    // And ops on them build and infer there too.
    let loc = Location::unknown(&context);
    let block = args(&[shape, shape], loc);
    let rank = rshape::rank(loc, arg(&block, 0)).unwrap();
    assert_eq!(
        text(&rank),
        "%0 = rshape.rank %x : !rshape.shape -> !rshape.size"
    );
}
