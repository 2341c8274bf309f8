//! The downstream crate's own test target links and runs rmlir too.

use rmlir::jit::{Jit, OptLevel, Scalar};

#[test]
fn a_parsed_rarith_function_folds_and_runs() {
    let context = rmlir::new_context();
    let mut module = rmlir::parse(
        &context,
        "func.func @f(%x: i64) -> i64 {
           %c = rarith.constant 6 : i64
           %d = rarith.constant 7 : i64
           %p = rarith.muli %c, %d : i64
           %r = rarith.addi %x, %p : i64
           return %r : i64
         }",
    )
    .expect("parses");
    rmlir::pipeline::run(&context, &mut module, "builtin.module(canonicalize)").unwrap();
    assert!(
        module
            .as_operation()
            .to_string()
            .contains("rarith.constant 42 : i64")
    );
    rmlir::pipeline::emit_c_interfaces(&mut module);
    rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM).unwrap();
    let jit = Jit::new(&module, OptLevel::O2, &[]).unwrap();
    let r = jit
        .call("f", &[Scalar::I64(100)], Some(Scalar::I64(0)))
        .unwrap();
    assert_eq!(r, Some(Scalar::I64(142)));
}

#[test]
fn a_built_shape_function_returns_its_extent_tensor_from_the_jit() {
    assert_eq!(
        rmlir_downstream::broadcast_in_jit(&[2, 1, 4], &[3, 1]).unwrap(),
        [2, 3, 4]
    );
    assert_eq!(rmlir_downstream::broadcast_in_jit(&[], &[7]).unwrap(), [7]);
}
