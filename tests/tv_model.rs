//! The validator's SMT model checked against execution: every template of
//! the rewrite harness, at every type it runs on, with edge constants, is
//! evaluated in the model (`rmlir::tv::Validator::evaluate`) on edge and
//! random arguments, and compared with
//! - the JIT (the function lowered to LLVM and run), where the model gives
//!   a value: the same bits (floats: the same bits, or both NaN);
//! - the reference evaluator of `tests/common/ssa.rs` (LLVM's poison and
//!   UB rules in plain Rust): the same value, poison where it finds
//!   poison, undefined behaviour (or poison: the reference is coarser and
//!   calls any division of poison UB) where it finds UB.
//!
//! As `fold_vs_exec` checks folders against execution, this checks the
//! model that proofs rest on.

mod common;
use common::Rng;
use common::exec::{bits, jit_of, scalar};
use common::ssa::opaque_decls;
use common::templates::*;
use rmlir::ffi::exec::Scalar;
use rmlir::tv::{Options, Outcome, Validator};

fn validator() -> Validator {
    Validator::new(Options::default()).expect("z3 starts (scripts/install-deps.sh installs it)")
}

#[test]
fn the_model_agrees_with_the_jit_and_the_reference_evaluator_on_integers() {
    let context = rmlir::new_context();
    let mut validator = validator();
    let mut rng = Rng(0x70de_1c4e_c4ed);
    let (mut failures, mut values, mut checked) = (Vec::new(), 0, 0);
    for tpl in templates() {
        for &t in tpl.types {
            let e = edges(t);
            let c: Vec<i128> = (0..tpl.consts).map(|_| *rng.pick(&e)).collect();
            let f = (tpl.build)(t, &c);
            let jit = jit_of(
                &context,
                &format!("{}{}", opaque_decls(), f.render("f", true)),
                false,
            );
            let mut module = rmlir::parse(&context, &f.render("f", false)).expect("parses");
            let rt = f.result_ty();
            for round in 0..8 {
                let args: Vec<u128> = f
                    .params()
                    .iter()
                    .map(|p| {
                        if round < 4 {
                            p.bits(*rng.pick(&edges(*p)))
                        } else {
                            u128::from(rng.next()) & p.mask()
                        }
                    })
                    .collect();
                let given: Vec<Option<u128>> = args.iter().map(|&a| Some(a)).collect();
                let model = validator
                    .evaluate(&mut module, "f", &given)
                    .expect("evaluates")[0];
                let reference = f.eval(&args);
                checked += 1;
                let what = format!(
                    "{} at {}, constants {c:?}, args {args:?}",
                    tpl.targets[0],
                    t.name()
                );
                let agrees = match (&reference, model) {
                    (Ok(Some(v)), Outcome::Value(m, _)) => *v == m,
                    (Ok(None), Outcome::Poison) => true,
                    (Err(_), Outcome::Ub | Outcome::Poison) => true,
                    _ => false,
                };
                if !agrees {
                    failures.push(format!("{what}: model {model}, reference {reference:?}"));
                    continue;
                }
                if let Outcome::Value(m, _) = model {
                    let abi: Vec<Scalar> = f
                        .params()
                        .iter()
                        .zip(&args)
                        .map(|(&p, &v)| scalar(p, v))
                        .collect();
                    let ran = bits(jit.call("f", &abi, Some(scalar(rt, 0))).unwrap().unwrap());
                    values += 1;
                    if ran & rt.mask() != m {
                        failures.push(format!("{what}: model {model}, JIT {ran:#x}"));
                    }
                }
            }
        }
    }
    println!("{checked} evaluations, {values} values compared with the JIT");
    assert!(
        values > checked / 2,
        "too few values: {values} of {checked}"
    );
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_model_agrees_with_the_jit_on_floats() {
    let context = rmlir::new_context();
    let mut validator = validator();
    let mut rng = Rng(0xf10a_7c4e_c4ed);
    let (mut failures, mut values) = (Vec::new(), 0);
    for tpl in float_templates() {
        for &t in tpl.types {
            // Constants as arguments: nothing folds on the way to the JIT.
            let text = render_float(&tpl, t, "f", None);
            let jit = jit_of(&context, &text, false);
            let mut module = rmlir::parse(&context, &text).expect("parses");
            for _ in 0..12 {
                let floats: Vec<u128> = (0..tpl.args).map(|_| t.random(&mut rng)).collect();
                let x = u128::from(rng.next() as u16);
                let consts: Vec<u128> = (0..tpl.consts).map(|_| t.random(&mut rng)).collect();
                let mut args = floats.clone();
                let mut abi: Vec<Scalar> = floats.iter().map(|&b| t.scalar(b)).collect();
                if tpl.int_arg {
                    args.push(x);
                    abi.push(Scalar::I16(x as u16 as i16));
                }
                args.extend(&consts);
                abi.extend(consts.iter().map(|&b| t.scalar(b)));
                let given: Vec<Option<u128>> = args.iter().map(|&a| Some(a)).collect();
                let model = validator
                    .evaluate(&mut module, "f", &given)
                    .expect("evaluates")[0];
                let Outcome::Value(m, _) = model else {
                    continue;
                };
                let slot = if tpl.cmp {
                    Scalar::I1(false)
                } else if t.abi() == t.name() {
                    t.scalar(0)
                } else {
                    Scalar::I16(0)
                };
                let ran = bits(jit.call("f", &abi, Some(slot)).unwrap().unwrap());
                let ran = if tpl.cmp {
                    ran & 1
                } else {
                    ran & ((1 << t.width()) - 1)
                };
                values += 1;
                let same = ran == m || (!tpl.cmp && t.is_nan(ran) && t.is_nan(m));
                if !same {
                    failures.push(format!(
                        "{} at {}: args {args:x?}: model {m:#x}, JIT {ran:#x}",
                        tpl.targets[0],
                        t.name()
                    ));
                }
            }
        }
    }
    println!("{values} float values compared with the JIT");
    assert!(values > 100, "too few values: {values}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
