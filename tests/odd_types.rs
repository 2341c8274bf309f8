//! Bad input stays a diagnostic: every rarith op on operands of every kind of
//! type the op admits — `i0`, `index`, wide integers, 0-d, scalable and n-D
//! vectors, unranked and dynamically shaped tensors, f8 and f4 floats — with
//! constant and non-constant operands, through canonicalize, cse,
//! int-range-optimizations, rarith-expand and convert-rarith-to-llvm. A pass
//! may fail with a diagnostic (the lowering does not take tensors); no hook
//! may panic (a panic the guard catches counts as a failure) and nothing may
//! crash.

use melior::ir::Module;
use rmlir::ffi::guard::caught_panics;

/// Integer element types and how a constant of each is spelled.
const INT_ELEMENTS: &[(&str, &str)] = &[
    ("i0", "0"),
    ("i1", "1"),
    ("i8", "-3"),
    ("i64", "7"),
    ("i128", "-170141183460469231731687303715884105728"),
    ("index", "5"),
];

const FLOAT_ELEMENTS: &[(&str, &str)] = &[
    ("f16", "1.5"),
    ("bf16", "-0.0"),
    ("f32", "0x7FC00000"),
    ("f64", "2.0"),
    ("f8E4M3FN", "1.0"),
    ("f8E5M2", "-2.0"),
    ("f4E2M1FN", "0.5"),
];

/// Container shapes: (type of element `E`, whether a constant can have it).
const SHAPES: &[(&str, bool)] = &[
    ("E", true),
    ("vector<E>", true),
    ("vector<4xE>", true),
    ("vector<[4]xE>", false),
    ("vector<2x[4]xE>", false),
    ("vector<2x3xE>", true),
    ("tensor<E>", true),
    ("tensor<3xE>", true),
    ("tensor<?xE>", false),
    ("tensor<2x?xE>", false),
    ("tensor<*xE>", false),
];

const INT_BINARY: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "divui",
    "divsi",
    "ceildivui",
    "ceildivsi",
    "floordivsi",
    "remui",
    "remsi",
    "andi",
    "ori",
    "xori",
    "shli",
    "shrui",
    "shrsi",
    "maxsi",
    "maxui",
    "minsi",
    "minui",
];
const FLOAT_BINARY: &[&str] = &[
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf",
];

fn constant(ty: &str, lit: &str, elt: &str) -> String {
    if ty == elt {
        if elt == "i1" {
            return "rarith.constant true".into();
        }
        return format!("rarith.constant {lit} : {ty}");
    }
    format!("rarith.constant dense<{lit}> : {ty}")
}

/// One function per (element, shape): every op of the family on
/// (arg, arg), (arg, const) and (const, const), and the casts and
/// comparisons the family has.
fn functions() -> Vec<String> {
    let mut out = Vec::new();
    for &(elt, lit) in INT_ELEMENTS.iter().chain(FLOAT_ELEMENTS) {
        let is_float = FLOAT_ELEMENTS.iter().any(|(e, _)| *e == elt);
        for &(shape, constant_ok) in SHAPES {
            let ty = shape.replace('E', elt);
            let i1 = shape.replace('E', "i1");
            let mut body = String::new();
            let mut n = 0usize;
            let line = |s: String, body: &mut String, n: &mut usize| {
                *n += 1;
                body.push_str(&format!("  %r{n} = {s}\n"));
            };
            let operands: Vec<(&str, &str)> = if constant_ok {
                body.push_str(&format!("  %k = {}\n", constant(&ty, lit, elt)));
                vec![("%a", "%b"), ("%a", "%k"), ("%k", "%k")]
            } else {
                vec![("%a", "%b"), ("%a", "%a")]
            };
            for (x, y) in &operands {
                let ops = if is_float { FLOAT_BINARY } else { INT_BINARY };
                for op in ops {
                    let flags = if *op == "addi" { " overflow<nsw>" } else { "" };
                    line(
                        format!("rarith.{op} {x}, {y}{flags} : {ty}"),
                        &mut body,
                        &mut n,
                    );
                }
                if is_float {
                    line(
                        format!("rarith.cmpf olt, {x}, {y} : {ty}"),
                        &mut body,
                        &mut n,
                    );
                    line(format!("rarith.negf {x} : {ty}"), &mut body, &mut n);
                    line(
                        format!("rarith.mulf {x}, {y} fastmath<fast> : {ty}"),
                        &mut body,
                        &mut n,
                    );
                } else {
                    line(
                        format!("rarith.cmpi ult, {x}, {y} : {ty}"),
                        &mut body,
                        &mut n,
                    );
                    for ext in ["addui_extended", "mului_extended", "mulsi_extended"] {
                        let types = if ext == "addui_extended" {
                            format!("{ty}, {i1}")
                        } else {
                            ty.clone()
                        };
                        n += 1;
                        body.push_str(&format!("  %e{n}:2 = rarith.{ext} {x}, {y} : {types}\n"));
                    }
                }
                line(
                    format!("rarith.select %c, {x}, {y} : {i1}, {ty}"),
                    &mut body,
                    &mut n,
                );
            }
            if !is_float && elt != "index" {
                let wide = shape.replace('E', "i200");
                line(
                    format!("rarith.extsi %a : {ty} to {wide}"),
                    &mut body,
                    &mut n,
                );
                line(
                    format!("rarith.extui %a : {ty} to {wide}"),
                    &mut body,
                    &mut n,
                );
                let f = shape.replace('E', "f32");
                line(format!("rarith.sitofp %a : {ty} to {f}"), &mut body, &mut n);
                line(format!("rarith.uitofp %a : {ty} to {f}"), &mut body, &mut n);
                let idx = shape.replace('E', "index");
                line(
                    format!("rarith.index_cast %a : {ty} to {idx}"),
                    &mut body,
                    &mut n,
                );
            }
            if is_float {
                let f64t = shape.replace('E', "f64");
                line(
                    format!("rarith.extf %a : {ty} to {f64t}"),
                    &mut body,
                    &mut n,
                );
                let i8t = shape.replace('E', "i8");
                line(
                    format!("rarith.fptosi %a : {ty} to {i8t}"),
                    &mut body,
                    &mut n,
                );
                line(
                    format!("rarith.fptoui %a : {ty} to {i8t}"),
                    &mut body,
                    &mut n,
                );
            }
            out.push(format!(
                "func.func @f(%a: {ty}, %b: {ty}, %c: {i1}) {{\n{body}  return\n}}\n"
            ));
        }
    }
    out
}

#[test]
fn every_op_on_every_kind_of_type_fails_only_with_diagnostics() {
    let context = rmlir::new_context();
    // Invalid combinations are rejected by the verifier with a diagnostic:
    // swallow them, as a user's driver would print them.
    context.attach_diagnostic_handler(|_| true);
    let panics = caught_panics();
    let mut parsed = 0;
    for text in functions() {
        // A combination the op does not admit fails to parse or verify:
        // that is the diagnostic path, fine. Otherwise every pipeline runs.
        for pipeline in [
            "builtin.module(canonicalize)",
            "builtin.module(cse,canonicalize)",
            "builtin.module(int-range-optimizations)",
            "builtin.module(rarith-expand{include-bf16 include-f8e8m0 include-f4e2m1})",
            "builtin.module(convert-rarith-to-llvm)",
        ] {
            let Some(mut module) = Module::parse(&context, &text) else {
                continue;
            };
            parsed += 1;
            let _ = rmlir::pipeline::run(&context, &mut module, pipeline);
            assert_eq!(
                caught_panics(),
                panics,
                "a hook panicked under {pipeline} on:\n{text}"
            );
        }
    }
    // Most combinations are valid IR: the sweep reached the passes.
    assert!(parsed > 200, "only {parsed} programs parsed");
}
