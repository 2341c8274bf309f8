//! The crate's own pass and pattern, next to rmlir's, agree with Rust's
//! arithmetic after lowering and JIT.

use rmlir::jit::{Jit, Scalar};
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
    rmlir::pipeline::emit_c_interfaces(&module);
    rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM).unwrap();
    let jit = Jit::new(&module, 2, &[]).unwrap();
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
    assert!(taken.unwrap_err().contains("already registered"));
}
