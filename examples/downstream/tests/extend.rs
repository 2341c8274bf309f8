//! The crate's own pass and pattern, next to rmlir's, agree with Rust's
//! arithmetic after lowering and JIT.

use rmlir::jit::{Jit, OptLevel, Scalar};
use rmlir_downstream::{OPTIMIZE, build, register};

#[test]
fn strength_reduction_keeps_the_meaning_of_scale() {
    register();
    let context = rmlir::new_context();
    let mut module = build(&context);
    rmlir::pipeline::run(&context, &mut module, OPTIMIZE).unwrap();
    let text = module.as_operation().to_string();
    assert!(
        text.contains("rarith.shli") && text.contains("rarith.shrui"),
        "{text}"
    );
    assert!(
        !text.contains("rarith.muli") && !text.contains("rarith.divui"),
        "{text}"
    );
    rmlir::pipeline::emit_c_interfaces(&mut module);
    rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM).unwrap();
    let jit = Jit::new(&module, OptLevel::O2, &[]).unwrap();
    for x in [0, 58, -42, -100, i32::MAX, i32::MIN, 0x1000_0000] {
        let expected = (x.wrapping_add(42).wrapping_mul(8) as u32 / 4) as i32;
        let got = jit
            .call("scale", &[Scalar::I32(x)], Some(Scalar::I32(0)))
            .unwrap();
        assert_eq!(got, Some(Scalar::I32(expected)), "scale({x})");
    }
}

#[test]
fn the_pass_is_registered_once_and_named_in_pipelines() {
    register();
    register();
    let taken = rmlir::pipeline::register_pass("downstream-strength-reduce", "again", |_| Ok(()));
    assert!(
        taken
            .unwrap_err()
            .to_string()
            .contains("already registered")
    );
}

#[test]
fn rshape_ir_built_with_the_generated_builders_folds() {
    use melior::dialect::func;
    use melior::ir::attribute::{StringAttribute, TypeAttribute};
    use melior::ir::operation::OperationLike;
    use melior::ir::r#type::{FunctionType, RankedTensorType};
    use melior::ir::{Block, BlockLike, Location, Region, RegionLike, Type};
    use rmlir::ops::rshape;

    // func @rank(%t: tensor<2x3xf32>) -> index { rank(shape_of(%t)) }
    let context = rmlir::new_context();
    let location = Location::unknown(&context);
    let index = Type::index(&context);
    let tensor: Type = RankedTensorType::new(&[2, 3], Type::float32(&context), None).into();
    let block = Block::new(&[(tensor, location)]);
    let shape = block.append_operation(
        rshape::shape_of(location, block.argument(0).unwrap())
            .unwrap()
            .into_operation(),
    );
    let rank = block.append_operation(
        rshape::rank(location, shape.result(0).unwrap())
            .unwrap()
            .into_operation(),
    );
    block.append_operation(func::r#return(&[rank.result(0).unwrap().into()], location));
    let region = Region::new();
    region.append_block(block);
    let mut module = rmlir::new_module(&context);
    module.body().append_operation(func::func(
        &context,
        StringAttribute::new(&context, "rank"),
        TypeAttribute::new(FunctionType::new(&context, &[tensor], &[index]).into()),
        region,
        &[],
        location,
    ));
    assert!(module.as_operation().verify());
    rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)").unwrap();
    let text = module.as_operation().to_string();
    assert!(text.contains("rarith.constant 2 : index"), "{text}");
    assert!(!text.contains("rshape."), "{text}");
}
