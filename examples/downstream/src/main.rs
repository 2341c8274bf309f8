//! A downstream binary: builds a function with rmlir's generated builders,
//! optimizes it with its own pass and pattern next to rmlir's, lowers it to
//! the LLVM dialect and runs it in the JIT.

use melior::ir::Module;
use melior::ir::operation::OperationLike;
use rmlir::jit::{Jit, OptLevel, Scalar};
use rmlir_downstream::{DIVISIONS_SHIFTED, OPTIMIZE, build, register};
use std::sync::atomic::Ordering;

/// Lowers `module` and calls `scale(x)` in the JIT.
fn run(context: &melior::Context, module: &mut Module, x: i32) -> Result<i32, String> {
    rmlir::pipeline::emit_c_interfaces(module);
    rmlir::pipeline::run(context, module, rmlir::pipeline::LOWER_TO_LLVM)?;
    let jit = Jit::new(module, OptLevel::O2, &[])?;
    match jit.call("scale", &[Scalar::I32(x)], Some(Scalar::I32(0)))? {
        Some(Scalar::I32(v)) => Ok(v),
        other => Err(format!("unexpected result {other:?}")),
    }
}

fn main() {
    register();
    let context = rmlir::new_context();
    let mut module = build(&context);
    assert!(module.as_operation().verify());
    rmlir::pipeline::run(&context, &mut module, OPTIMIZE).expect("optimizes");
    println!("{}", module.as_operation());
    println!(
        "divisions shifted: {}",
        DIVISIONS_SHIFTED.load(Ordering::Relaxed)
    );
    let result = run(&context, &mut module, 58).expect("runs");
    println!("scale(58) = {result}");
    let shape = rmlir_downstream::broadcast_in_jit(&[8, 1, 3], &[5, 1]).expect("broadcasts");
    println!("broadcast([8, 1, 3], [5, 1]) = {shape:?}");
    let with_toy = rmlir_downstream::new_context_with_toy();
    let lowered = rmlir_downstream::toy_through_rarith(&with_toy).expect("lowers");
    println!("toy through rarith:\n{lowered}");
}
