//! The 8-bit float formats LLVM cannot compute, executed: every f8E4M3FN and
//! f8E5M2 float op is lowered by `convert-rarith-to-apfloat`, JIT-compiled
//! against upstream's APFloat runtime (`libmlir_apfloat_wrappers.so`) and
//! run; each result must equal what rarith's folders compute
//! (`rmlir::semantics::float`, the code every float folder calls), bit for
//! bit (any NaN matches any NaN, as LangRef leaves NaN payloads open).
//!
//! The folder hooks themselves are checked the same way, before and after
//! canonicalize: functions with constant f8 operands are canonicalized (the
//! hooks fold them) and JIT-run, and each must return what the op returns
//! when executed on those operands.
//!
//! `make test` runs a sample of operand pairs; `make verify`
//! (`RMLIR_VERIFY_EXHAUSTIVE=1`) runs every pair of values for the binary
//! ops and comparisons, and every value for the casts, and prints a table.

mod common;
use common::Rng;

use melior::ir::Module;
use rmlir::ffi::exec::{Jit, OptLevel, Scalar};
use rmlir::semantics::ApInt;
use rmlir::semantics::float::{Format, Fp, Rounding};
use std::cmp::Ordering;

const FORMATS: &[(&str, Format)] = &[("f8E4M3FN", Format::F8E4M3FN), ("f8E5M2", Format::F8E5M2)];

const BINARY: &[&str] = &[
    "addf", "subf", "mulf", "divf", "remf", "minimumf", "maximumf", "minnumf", "maxnumf",
];

const PREDICATES: &[&str] = &[
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

fn fold_binary(op: &str, a: Fp, b: Fp) -> Fp {
    match op {
        "addf" => a + b,
        "subf" => a - b,
        "mulf" => a * b,
        "divf" => a / b,
        "remf" => a % b,
        "minimumf" => a.minimum(b),
        "maximumf" => a.maximum(b),
        "minnumf" => a.minnum(b),
        "maxnumf" => a.maxnum(b),
        _ => unreachable!("{op}"),
    }
}

fn fold_compare(pred: &str, a: Fp, b: Fp) -> bool {
    let o = a.partial_cmp(b);
    let (lt, eq, gt, un) = (
        o == Some(Ordering::Less),
        o == Some(Ordering::Equal),
        o == Some(Ordering::Greater),
        o.is_none(),
    );
    match pred {
        "false" => false,
        "oeq" => eq,
        "ogt" => gt,
        "oge" => gt || eq,
        "olt" => lt,
        "ole" => lt || eq,
        "one" => lt || gt,
        "ord" => !un,
        "ueq" => un || eq,
        "ugt" => un || gt,
        "uge" => un || gt || eq,
        "ult" => un || lt,
        "ule" => un || lt || eq,
        "une" => !eq,
        "uno" => un,
        "true" => true,
        _ => unreachable!("{pred}"),
    }
}

/// One function per op, format and predicate, on i8 bit patterns.
fn program() -> String {
    let mut s = String::new();
    for (ty, _) in FORMATS {
        let prologue = format!(
            "  %x = rarith.bitcast %a : i8 to {ty}\n  %y = rarith.bitcast %b : i8 to {ty}\n"
        );
        for op in BINARY {
            s += &format!(
                "func.func @{op}_{ty}(%a: i8, %b: i8) -> i8 {{\n{prologue}  %r = rarith.{op} %x, %y : {ty}\n  %o = rarith.bitcast %r : {ty} to i8\n  return %o : i8\n}}\n"
            );
        }
        for p in PREDICATES {
            s += &format!(
                "func.func @cmp_{p}_{ty}(%a: i8, %b: i8) -> i1 {{\n{prologue}  %r = rarith.cmpf {p}, %x, %y : {ty}\n  return %r : i1\n}}\n"
            );
        }
        s += &format!(
            "func.func @negf_{ty}(%a: i8) -> i8 {{\n  %x = rarith.bitcast %a : i8 to {ty}\n  %r = rarith.negf %x : {ty}\n  %o = rarith.bitcast %r : {ty} to i8\n  return %o : i8\n}}\n\
             func.func @extf_{ty}(%a: i8) -> f32 {{\n  %x = rarith.bitcast %a : i8 to {ty}\n  %r = rarith.extf %x : {ty} to f32\n  return %r : f32\n}}\n\
             func.func @truncf_{ty}(%a: f32) -> i8 {{\n  %r = rarith.truncf %a : f32 to {ty}\n  %o = rarith.bitcast %r : {ty} to i8\n  return %o : i8\n}}\n\
             func.func @fptosi_{ty}(%a: i8) -> i32 {{\n  %x = rarith.bitcast %a : i8 to {ty}\n  %r = rarith.fptosi %x : {ty} to i32\n  return %r : i32\n}}\n\
             func.func @fptoui_{ty}(%a: i8) -> i32 {{\n  %x = rarith.bitcast %a : i8 to {ty}\n  %r = rarith.fptoui %x : {ty} to i32\n  return %r : i32\n}}\n\
             func.func @sitofp_{ty}(%a: i8) -> i8 {{\n  %r = rarith.sitofp %a : i8 to {ty}\n  %o = rarith.bitcast %r : {ty} to i8\n  return %o : i8\n}}\n\
             func.func @uitofp_{ty}(%a: i8) -> i8 {{\n  %r = rarith.uitofp %a : i8 to {ty}\n  %o = rarith.bitcast %r : {ty} to i8\n  return %o : i8\n}}\n"
        );
    }
    s
}

fn apfloat_runtime() -> String {
    format!(
        "{}/lib/libmlir_apfloat_wrappers.so",
        common::upstream::llvm_prefix()
    )
}

fn same_float(format: Format, x: u8, y: u8) -> bool {
    let (fx, fy) = (
        Fp::from_bits(format, u128::from(x)),
        Fp::from_bits(format, u128::from(y)),
    );
    x == y || (fx.is_nan() && fy.is_nan())
}

struct Row {
    name: String,
    cases: u64,
    mismatches: Vec<String>,
}

#[test]
fn f8_ops_execute_as_they_fold() {
    let exhaustive = std::env::var("RMLIR_VERIFY_EXHAUSTIVE").is_ok_and(|v| v == "1");
    let context = rmlir::new_context();
    let mut module = Module::parse(&context, &program()).expect("program parses");
    rmlir::pipeline::emit_c_interfaces(&mut module);
    rmlir::pipeline::run(
        &context,
        &mut module,
        "builtin.module(convert-rarith-to-apfloat,canonicalize,convert-rarith-to-llvm,\
         convert-func-to-llvm,reconcile-unrealized-casts)",
    )
    .expect("lowers");
    let lib = apfloat_runtime();
    let jit = Jit::new(&module, OptLevel::O0, &[lib.as_str()]).expect("jit");
    let mut rng = Rng(0xf8f8_0001);
    let pairs: Vec<(u8, u8)> = if exhaustive {
        (0..=255u8)
            .flat_map(|a| (0..=255u8).map(move |b| (a, b)))
            .collect()
    } else {
        (0..1500)
            .map(|_| (rng.next() as u8, rng.next() as u8))
            .collect()
    };
    let call_i8 = |name: &str, args: &[Scalar], result: Scalar| -> Scalar {
        jit.call(name, args, Some(result))
            .expect("call")
            .expect("result")
    };
    let mut rows: Vec<Row> = Vec::new();
    for &(ty, format) in FORMATS {
        let fp = |bits: u8| Fp::from_bits(format, u128::from(bits));
        for op in BINARY {
            let mut row = Row {
                name: format!("{op} {ty}"),
                cases: 0,
                mismatches: Vec::new(),
            };
            for &(a, b) in &pairs {
                let Scalar::I8(got) = call_i8(
                    &format!("{op}_{ty}"),
                    &[Scalar::I8(a as i8), Scalar::I8(b as i8)],
                    Scalar::I8(0),
                ) else {
                    unreachable!()
                };
                let want = fold_binary(op, fp(a), fp(b)).to_apint().low_u64() as u8;
                row.cases += 1;
                if !same_float(format, got as u8, want) {
                    row.mismatches.push(format!(
                        "{op} {a:#04x}, {b:#04x} : {ty}: folded {want:#04x}, executed {:#04x}",
                        got as u8
                    ));
                }
            }
            rows.push(row);
        }
        let mut cmp = Row {
            name: format!("cmpf (16 predicates) {ty}"),
            cases: 0,
            mismatches: Vec::new(),
        };
        for p in PREDICATES {
            let take = if exhaustive { pairs.len() } else { 200 };
            for &(a, b) in pairs.iter().take(take) {
                let Scalar::I1(got) = call_i8(
                    &format!("cmp_{p}_{ty}"),
                    &[Scalar::I8(a as i8), Scalar::I8(b as i8)],
                    Scalar::I1(false),
                ) else {
                    unreachable!()
                };
                let want = fold_compare(p, fp(a), fp(b));
                cmp.cases += 1;
                if got != want {
                    cmp.mismatches.push(format!(
                        "cmpf {p} {a:#04x}, {b:#04x} : {ty}: folded {want}, executed {got}"
                    ));
                }
            }
        }
        rows.push(cmp);
        let mut casts = Row {
            name: format!("negf, extf, fptosi, fptoui, sitofp, uitofp {ty}"),
            cases: 0,
            mismatches: Vec::new(),
        };
        for v in 0..=255u8 {
            let x = fp(v);
            let Scalar::I8(n) =
                call_i8(&format!("negf_{ty}"), &[Scalar::I8(v as i8)], Scalar::I8(0))
            else {
                unreachable!()
            };
            if !same_float(format, n as u8, (-x).to_apint().low_u64() as u8) {
                casts.mismatches.push(format!("negf {v:#04x} : {ty}"));
            }
            let Scalar::F32(e) = call_i8(
                &format!("extf_{ty}"),
                &[Scalar::I8(v as i8)],
                Scalar::F32(0.0),
            ) else {
                unreachable!()
            };
            let want = x
                .convert(Format::F32, Rounding::ToNearestEven)
                .to_apint()
                .low_u64() as u32;
            if e.to_bits() != want && !(e.is_nan() && x.is_nan()) {
                casts.mismatches.push(format!(
                    "extf {v:#04x} : {ty}: folded {want:#x}, executed {:#x}",
                    e.to_bits()
                ));
            }
            for (name, signed) in [("fptosi", true), ("fptoui", false)] {
                // Out of range (or NaN): poison, anything goes.
                let Some(want) = x.to_int(32, signed) else {
                    continue;
                };
                let Scalar::I32(got) = call_i8(
                    &format!("{name}_{ty}"),
                    &[Scalar::I8(v as i8)],
                    Scalar::I32(0),
                ) else {
                    unreachable!()
                };
                if got as u32 as u64 != want.low_u64() {
                    casts.mismatches.push(format!(
                        "{name} {v:#04x} : {ty}: folded {}, executed {got}",
                        want.low_u64() as i64
                    ));
                }
            }
            for (name, signed) in [("sitofp", true), ("uitofp", false)] {
                let Scalar::I8(got) = call_i8(
                    &format!("{name}_{ty}"),
                    &[Scalar::I8(v as i8)],
                    Scalar::I8(0),
                ) else {
                    unreachable!()
                };
                let want = Fp::from_int(format, &ApInt::from_u64(8, u64::from(v)), signed)
                    .expect("in range");
                if !same_float(format, got as u8, want.to_apint().low_u64() as u8) {
                    casts.mismatches.push(format!("{name} {v} : {ty}"));
                }
            }
            casts.cases += 7;
        }
        rows.push(casts);
        let mut trunc = Row {
            name: format!("truncf f32 -> {ty}"),
            cases: 0,
            mismatches: Vec::new(),
        };
        let samples = if exhaustive { 200_000 } else { 3000 };
        for k in 0..samples {
            // Edges first, then random bit patterns and values near the format.
            let bits = match k {
                0..=9 => [
                    0u32,
                    0x8000_0000,
                    0x7f80_0000,
                    0xff80_0000,
                    0x7fc0_0000,
                    1,
                    0x3f80_0000,
                    0x43e0_0000,
                    0x4700_0000,
                    0x3b80_0000,
                ][k],
                _ if k % 2 == 0 => rng.next() as u32,
                _ => {
                    0x3800_0000u32.wrapping_add((rng.next() as u32) % 0x1000_0000)
                        | ((rng.next() as u32) & 0x8000_0000)
                }
            };
            let f = f32::from_bits(bits);
            let Scalar::I8(got) =
                call_i8(&format!("truncf_{ty}"), &[Scalar::F32(f)], Scalar::I8(0))
            else {
                unreachable!()
            };
            let want = Fp::from_bits(Format::F32, u128::from(bits))
                .convert(format, Rounding::ToNearestEven);
            trunc.cases += 1;
            if !same_float(format, got as u8, want.to_apint().low_u64() as u8) {
                trunc.mismatches.push(format!(
                    "truncf {bits:#010x} to {ty}: folded {:#04x}, executed {:#04x}",
                    want.to_apint().low_u64(),
                    got as u8
                ));
            }
        }
        rows.push(trunc);
    }
    if exhaustive {
        println!("{:<48} {:>10} {:>11}", "op (format)", "cases", "mismatches");
        for r in &rows {
            println!("{:<48} {:>10} {:>11}", r.name, r.cases, r.mismatches.len());
        }
    }
    let failures: Vec<&String> = rows
        .iter()
        .flat_map(|r| r.mismatches.iter())
        .take(20)
        .collect();
    assert!(
        failures.is_empty(),
        "fold/execution mismatches:\n{}",
        failures
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join("\n")
    );
}

/// Before and after canonicalize: each function computes one op on constant
/// f8 operands; canonicalize folds it (through the hooks) and the JIT runs
/// the folded function, which must return what the unfolded op returns when
/// executed (through the APFloat runtime) on the same operands.
#[test]
fn f8_folders_agree_with_execution_before_and_after_canonicalize() {
    let exhaustive = std::env::var("RMLIR_VERIFY_EXHAUSTIVE").is_ok_and(|v| v == "1");
    let per_op = if exhaustive { 2048 } else { 48 };
    let mut rng = Rng(0xf01d_f8f8);
    let mut cases: Vec<(String, String, u8, u8)> = Vec::new();
    let mut folded_src = String::new();
    for (ty, _) in FORMATS {
        for op in BINARY {
            for _ in 0..per_op {
                let (a, b) = (rng.next() as u8, rng.next() as u8);
                let k = cases.len();
                folded_src += &format!(
                    "func.func @c{k}() -> i8 {{\n  %a = rarith.constant {a} : i8\n  %b = rarith.constant {b} : i8\n  %x = rarith.bitcast %a : i8 to {ty}\n  %y = rarith.bitcast %b : i8 to {ty}\n  %r = rarith.{op} %x, %y : {ty}\n  %o = rarith.bitcast %r : {ty} to i8\n  return %o : i8\n}}\n"
                );
                cases.push((op.to_string(), ty.to_string(), a, b));
            }
        }
    }
    let lower = "builtin.module(convert-rarith-to-apfloat,canonicalize,convert-rarith-to-llvm,\
                 convert-func-to-llvm,reconcile-unrealized-casts)";
    let context = rmlir::new_context();
    let mut folded = Module::parse(&context, &folded_src).expect("parses");
    rmlir::pipeline::run(&context, &mut folded, "builtin.module(canonicalize)")
        .expect("canonicalize");
    let text = folded.as_operation().to_string();
    let unfolded = BINARY
        .iter()
        .filter(|op| text.contains(&format!("rarith.{op} ")))
        .count();
    assert_eq!(unfolded, 0, "every constant f8 op folds:\n{text}");
    rmlir::pipeline::emit_c_interfaces(&mut folded);
    rmlir::pipeline::run(&context, &mut folded, lower).expect("lowers");
    let mut exec = Module::parse(&context, &program()).expect("parses");
    rmlir::pipeline::emit_c_interfaces(&mut exec);
    rmlir::pipeline::run(&context, &mut exec, lower).expect("lowers");
    let lib = apfloat_runtime();
    let (folded_jit, exec_jit) = (
        Jit::new(&folded, OptLevel::O0, &[lib.as_str()]).expect("jit"),
        Jit::new(&exec, OptLevel::O0, &[lib.as_str()]).expect("jit"),
    );
    let mut mismatches = Vec::new();
    for (k, (op, ty, a, b)) in cases.iter().enumerate() {
        let format = FORMATS.iter().find(|(t, _)| t == ty).expect("format").1;
        let Some(Scalar::I8(after)) = folded_jit
            .call(&format!("c{k}"), &[], Some(Scalar::I8(0)))
            .expect("call")
        else {
            unreachable!()
        };
        let Some(Scalar::I8(before)) = exec_jit
            .call(
                &format!("{op}_{ty}"),
                &[Scalar::I8(*a as i8), Scalar::I8(*b as i8)],
                Some(Scalar::I8(0)),
            )
            .expect("call")
        else {
            unreachable!()
        };
        // minnumf/maxnumf with a signaling NaN: the op's definition (and
        // upstream's folder) give the other operand, APFloat's minnum a quiet
        // NaN; LangRef allows either.
        let signaling = |v: u8| Fp::from_bits(format, u128::from(v)).is_signaling();
        let either = (op == "minnumf" || op == "maxnumf") && (signaling(*a) || signaling(*b));
        let other = if signaling(*b) { *a } else { *b };
        if either && same_float(format, after as u8, other) {
            continue;
        }
        if !same_float(format, after as u8, before as u8) {
            mismatches.push(format!(
                "{op} {a:#04x}, {b:#04x} : {ty}: folded {:#04x}, executed {:#04x}",
                after as u8, before as u8
            ));
        }
    }
    if exhaustive {
        println!(
            "f8 folders before/after canonicalize: {} cases, {} mismatches",
            cases.len(),
            mismatches.len()
        );
    }
    assert!(mismatches.is_empty(), "{}", mismatches.join("\n"));
}
