//! A downstream binary: builds a function with rmlir's generated builders,
//! canonicalizes it, lowers it to the LLVM dialect and runs it in the JIT.

use melior::dialect::func;
use melior::ir::attribute::{StringAttribute, TypeAttribute};
use melior::ir::operation::OperationLike;
use melior::ir::r#type::{FunctionType, IntegerType};
use melior::ir::{Block, BlockLike, Identifier, Location, Module, Region, RegionLike, Type};
use melior::ir::attribute::IntegerAttribute;
use rmlir::ods::rarith::IntegerOverflowFlags;
use rmlir::ops::rarith;
use rmlir::jit::{Jit, Scalar};

/// `func @scale(%x: i32) -> i32 { (x + 40) + 2 }`, public.
pub fn build(context: &melior::Context) -> Module<'_> {
    let location = Location::unknown(context);
    let module = Module::new(location);
    let i32t: Type = IntegerType::new(context, 32).into();
    let block = Block::new(&[(i32t, location)]);
    let x = block.argument(0).unwrap().into();
    let constant = |v: i64| {
        let value = IntegerAttribute::new(i32t, v).into();
        block.append_operation(rarith::constant(location, value).expect("a constant"))
    };
    let (c40, c2) = (constant(40), constant(2));
    let none = IntegerOverflowFlags::NONE;
    let a = block.append_operation(
        rarith::addi(location, x, c40.result(0).unwrap().into(), none).expect("x + 40"),
    );
    let b = block.append_operation(
        rarith::addi(
            location,
            a.result(0).unwrap().into(),
            c2.result(0).unwrap().into(),
            none,
        )
        .expect("(x + 40) + 2"),
    );
    block.append_operation(func::r#return(&[b.result(0).unwrap().into()], location));
    let region = Region::new();
    region.append_block(block);
    module.body().append_operation(func::func(
        context,
        StringAttribute::new(context, "scale"),
        TypeAttribute::new(FunctionType::new(context, &[i32t], &[i32t]).into()),
        region,
        &[(
            Identifier::new(context, "sym_visibility"),
            StringAttribute::new(context, "public").into(),
        )],
        location,
    ));
    module
}

/// Canonicalizes and lowers `module`, then calls `scale(x)` in the JIT.
pub fn run(context: &melior::Context, module: &mut Module, x: i32) -> Result<i32, String> {
    rmlir::pipeline::run(context, module, "builtin.module(canonicalize)")?;
    rmlir::pipeline::emit_c_interfaces(module);
    rmlir::pipeline::run(context, module, rmlir::pipeline::LOWER_TO_LLVM)?;
    let jit = Jit::new(module, 2, &[])?;
    match jit.call("scale", &[Scalar::I32(x)], Some(Scalar::I32(0)))? {
        Some(Scalar::I32(v)) => Ok(v),
        other => Err(format!("unexpected result {other:?}")),
    }
}

fn main() {
    let context = rmlir::new_context();
    let mut module = build(&context);
    assert!(module.as_operation().verify());
    rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)")
        .expect("canonicalize");
    println!("{}", module.as_operation());
    let result = run(&context, &mut module, 58).expect("runs");
    println!("scale(58) = {result}");
}
