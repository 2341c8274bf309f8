//! Every rewrite proven by execution: for every canonicalization pattern
//! and every folder of rarith, functions that trigger it are run before and
//! after `canonicalize` through the JIT on the same inputs, and must give
//! the same bits.
//!
//! "Before" is the function with every use of every value behind an opaque
//! call, so that nothing folds or rewrites it on the way to native code;
//! "after" is the function as written, canonicalized. Integer functions are
//! also evaluated in Rust with LLVM's poison and undefined-behaviour rules
//! (tests/common/ssa.rs): inputs with undefined behaviour are not run,
//! inputs whose result is poison before are not compared (anything is
//! allowed after), and the evaluation must agree with the "before" run.
//! Floats compare bit for bit, NaNs as "both NaN" (LangRef leaves a
//! computed NaN's sign and payload open).
//!
//! Inputs: edges and random values; every operand pair for `i1`, `i4` and
//! `i8` in the exhaustive sweep (`make verify`, which prints the table:
//! target, cases, fired, mismatches). Each pattern and folder must fire at
//! least once (counted by the hooks), and no hook may panic.

mod common;
use common::Rng;
use common::exec::{bits, jit_of, scalar};
use common::ssa::{Func, opaque_decls};
use common::templates::*;

use rmlir::ffi::exec::Scalar;
use rmlir::ffi::guard::caught_panics;
use rmlir::ffi::hooks::{activity, record_activity};
use rmlir::ffi::typed::id_index;
use rmlir::registry::ODS_OPS;
use std::collections::BTreeMap;

/// Operand tuples for the arguments of `f`: every combination for small
/// widths when `exhaustive` (at most 2^16), else edges and random values.
fn inputs(f: &Func, exhaustive: bool, rng: &mut Rng) -> Vec<Vec<u128>> {
    let params = f.params();
    let total_bits: u32 = params.iter().map(|t| t.width).sum();
    if exhaustive && total_bits <= 16 {
        let n = 1u64 << total_bits;
        return (0..n)
            .map(|mut k| {
                params
                    .iter()
                    .map(|t| {
                        let v = u128::from(k) & t.mask();
                        k >>= t.width;
                        v
                    })
                    .collect()
            })
            .collect();
    }
    let count = if exhaustive { 3000 } else { 48 };
    (0..count)
        .map(|_| {
            params
                .iter()
                .map(|&t| {
                    if rng.below(2) == 0 {
                        t.bits(*rng.pick(&edges(t)))
                    } else {
                        u128::from(rng.next()) & t.mask()
                    }
                })
                .collect()
        })
        .collect()
}

/// Results per target.
#[derive(Default)]
struct Row {
    cases: u64,
    mismatches: Vec<String>,
}

/// Runs every template on every type and its inputs; returns the rows.
fn sweep(exhaustive: bool) -> BTreeMap<&'static str, Row> {
    let context = rmlir::new_context();
    let mut rows: BTreeMap<&'static str, Row> = BTreeMap::new();
    let mut rng = Rng(0x005e_ed0f_4e11);
    let only = std::env::var("RMLIR_VERIFY_ONLY").unwrap_or_default();
    for tpl in templates() {
        if !tpl.targets.iter().any(|t| t.contains(only.as_str())) {
            continue;
        }
        for &t in tpl.types {
            // Constant combinations: all pairs of edges when exhaustive
            // (fewer for wide types), a random few otherwise.
            let keep = if exhaustive {
                12 * (1 + 3 * (tpl.consts / 3))
            } else {
                3 * (1 + tpl.consts / 3)
            };
            let combos = constant_tuples(&edges(t), tpl.consts, keep, &mut rng);
            let funcs: Vec<Func> = combos.iter().map(|c| (tpl.build)(t, c)).collect();
            let mut before = opaque_decls();
            let mut after = String::new();
            for (k, f) in funcs.iter().enumerate() {
                before.push_str(&f.render(&format!("f{k}"), true));
                after.push_str(&f.render(&format!("f{k}"), false));
            }
            let before_jit = jit_of(&context, &before, false);
            let after_jit = jit_of(&context, &after, true);
            for (k, f) in funcs.iter().enumerate() {
                let rt = f.result_ty();
                let name = format!("f{k}");
                for args in inputs(f, exhaustive, &mut rng) {
                    let Ok(model) = f.eval(&args) else { continue };
                    let Some(expected) = model else { continue };
                    let abi: Vec<Scalar> = f
                        .params()
                        .iter()
                        .zip(&args)
                        .map(|(&p, &v)| scalar(p, v))
                        .collect();
                    let slot = Some(scalar(rt, 0));
                    let b = bits(before_jit.call(&name, &abi, slot).unwrap().unwrap());
                    let a = bits(after_jit.call(&name, &abi, slot).unwrap().unwrap());
                    let (b, a) = (b & rt.mask(), a & rt.mask());
                    for target in tpl.targets {
                        let row = rows.entry(target).or_default();
                        row.cases += 1;
                        if (a != b || b != expected) && row.mismatches.len() < 5 {
                            row.mismatches.push(format!(
                                "{} on {}, consts {:?}, args {args:?}: before {b}, after {a}, model {expected}",
                                target,
                                t.name(),
                                combos[k],
                            ));
                        }
                    }
                }
            }
        }
    }
    rows
}

/// The rshape folders the integer sweep covers (those on index that lower
/// to code).
const RSHAPE_FOLDS: &[&str] = &["rshape.add", "rshape.mul"];

/// (target, fired) for every rarith pattern and folder, and the rshape
/// folders of [`RSHAPE_FOLDS`].
fn fired() -> Vec<(String, u64)> {
    let act = activity();
    let mut out: Vec<(String, u64)> = act
        .rewrites
        .iter()
        .filter(|(_, op, _)| ODS_OPS[id_index(*op)].name.starts_with("rarith."))
        .map(|(name, _, n)| (name.to_string(), *n))
        .collect();
    for (op, n) in act.folds {
        let o = &ODS_OPS[id_index(op)];
        if (o.name.starts_with("rarith.") || RSHAPE_FOLDS.contains(&o.name)) && o.has_folder {
            out.push((format!("fold {}", o.name), n));
        }
    }
    out
}

/// rarith patterns of other dialects' upstream rewrites, on tensors,
/// memrefs and vector contractions, which the scalar sweeps cannot build:
/// their differential tests compare them with upstream's own patterns
/// (`tests/lit/differential/extract-of-index-cast.mlir`,
/// `view-shape-folder.mlir`, `contract-add.mlir`).
const ON_TENSORS: &[&str] = &[
    "ExtractElementFromIndexCast",
    "ViewOpShapeFolder",
    "CanonicalizeContractAdd",
];

/// Targets the integer harness does not cover (float ops, covered by
/// `fold_vs_exec` and the float sweep; constants fold to their attribute
/// in ODS).
fn is_float_target(t: &str) -> bool {
    [
        "MulFOfNegF",
        "DivFOfNegF",
        "CmpFIntToFPConst",
        "TruncFSIToFPToSIToFP",
        "TruncFUIToFPToUIToFP",
        "BitcastOfBitcast",
    ]
    .contains(&t)
        || t.ends_with('f')
        || t.ends_with("fp")
        || t.ends_with("fptosi")
        || t.ends_with("fptoui")
        || t.ends_with("bitcast")
        || t.ends_with("scaling_extf")
        || t.ends_with("scaling_truncf")
}

/// One test, so that the hooks' global counts of one sweep are not mixed
/// with another's (tests of one binary run in parallel).
#[test]
fn every_rewrite_preserves_execution() {
    let exhaustive = std::env::var("RMLIR_VERIFY_EXHAUSTIVE").is_ok_and(|v| v == "1");
    rmlir::register_passes(); // installs the hooks
    record_activity(); // counting is off until asked for
    let mut failures = integer_sweep(exhaustive);
    failures.extend(float_sweep(exhaustive));
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The integer sweep: prints its table, returns its failures.
fn integer_sweep(exhaustive: bool) -> Vec<String> {
    let panics_before = caught_panics();
    let before = fired();
    let rows = sweep(exhaustive);
    let after = fired();
    let mut failures = Vec::new();
    println!(
        "{:<34} {:>10} {:>8} {:>10}",
        "pattern / folder", "cases", "fired", "mismatches"
    );
    for ((target, n1), (_, n0)) in after.iter().zip(&before) {
        if is_float_target(target) || ON_TENSORS.contains(&target.as_str()) {
            continue;
        }
        let fired = n1 - n0;
        let none = Vec::new();
        let (cases, bad) = rows
            .get(target.as_str())
            .map_or((0, &none), |r| (r.cases, &r.mismatches));
        println!("{target:<34} {cases:>10} {fired:>8} {:>10}", bad.len());
        if fired == 0 {
            failures.push(format!("{target}: never fired"));
        }
        if cases == 0 {
            failures.push(format!("{target}: no case compared"));
        }
        failures.extend(bad.iter().cloned());
    }
    let panics = caught_panics() - panics_before;
    if panics > 0 {
        failures.push(format!("{panics} panics caught by the hook guard"));
    }
    failures
}

// Floats ----------------------------------------------------------------------

/// The float sweep: prints its table, returns its failures.
fn float_sweep(exhaustive: bool) -> Vec<String> {
    let panics_before = caught_panics();
    let before_counts = fired();
    let context = rmlir::new_context();
    let mut rng = Rng(0x000f_10a7_5eed);
    let mut rows: BTreeMap<&'static str, Row> = BTreeMap::new();
    for tpl in float_templates() {
        for &t in tpl.types {
            let combos: Vec<Vec<u128>> = (0..if exhaustive { 24 } else { 6 })
                .map(|_| (0..tpl.consts).map(|_| t.random(&mut rng)).collect())
                .collect();
            let mut before = String::new();
            let mut after = String::new();
            for (k, c) in combos.iter().enumerate() {
                before.push_str(&render_float(&tpl, t, &format!("f{k}"), None));
                after.push_str(&render_float(&tpl, t, &format!("f{k}"), Some(c)));
            }
            let before_jit = jit_of(&context, &before, false);
            let after_jit = jit_of(&context, &after, true);
            let result_slot = if tpl.cmp {
                Scalar::I1(false)
            } else {
                t.scalar(0)
            };
            let inputs = if exhaustive { 2000 } else { 64 };
            for (k, c) in combos.iter().enumerate() {
                for _ in 0..inputs {
                    let args: Vec<u128> = (0..tpl.args).map(|_| t.random(&mut rng)).collect();
                    let mut abi: Vec<Scalar> = args.iter().map(|&b| t.scalar(b)).collect();
                    let x = rng.next() as u16 as i16;
                    if tpl.int_arg {
                        abi.push(Scalar::I16(x));
                    }
                    let mut before_args = abi.clone();
                    before_args.extend(c.iter().map(|&b| t.scalar(b)));
                    let name = format!("f{k}");
                    let b = bits(
                        before_jit
                            .call(&name, &before_args, Some(result_slot))
                            .unwrap()
                            .unwrap(),
                    );
                    let a = bits(
                        after_jit
                            .call(&name, &abi, Some(result_slot))
                            .unwrap()
                            .unwrap(),
                    );
                    let same = a == b || (!tpl.cmp && t.is_nan(a) && t.is_nan(b));
                    for target in tpl.targets {
                        let row = rows.entry(target).or_default();
                        row.cases += 1;
                        if !same && row.mismatches.len() < 5 {
                            row.mismatches.push(format!(
                                "{target} on {}, consts {c:x?}, args {args:x?} x {x}: before {b:#x}, after {a:#x}",
                                t.name()
                            ));
                        }
                    }
                }
            }
        }
    }
    let after_counts = fired();
    let mut failures = Vec::new();
    println!(
        "{:<34} {:>10} {:>8} {:>10}",
        "pattern / folder (floats)", "cases", "fired", "mismatches"
    );
    for ((target, n1), (_, n0)) in after_counts.iter().zip(&before_counts) {
        if !is_float_target(target) {
            continue;
        }
        if target.ends_with("scaling_extf") || target.ends_with("scaling_truncf") {
            // Their operands are f8/f4 types, which LLVM cannot compute in:
            // they need rarith-emulate-unsupported-floats (not yet there).
            continue;
        }
        let fired = n1 - n0;
        let none = Vec::new();
        let (cases, bad) = rows
            .get(target.as_str())
            .map_or((0, &none), |r| (r.cases, &r.mismatches));
        println!("{target:<34} {cases:>10} {fired:>8} {:>10}", bad.len());
        if fired == 0 {
            failures.push(format!("{target}: never fired"));
        }
        if cases == 0 {
            failures.push(format!("{target}: no case compared"));
        }
        failures.extend(bad.iter().cloned());
    }
    let panics = caught_panics() - panics_before;
    if panics > 0 {
        failures.push(format!("{panics} panics caught by the hook guard"));
    }
    failures
}
