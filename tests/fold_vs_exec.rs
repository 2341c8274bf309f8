//! Fold-vs-execution agreement: for random constant operands, the constant
//! rarith's folders produce must equal, bit for bit, what the lowered code
//! computes natively (JIT). A mismatch is a bug in a folder or a lowering.
//!
//! Each case is a function `@fK(a, b) = op(a, b)` (executed on the
//! arguments) and `@gK() = op(const a, const b)` (canonicalized first, so the
//! folder decides). Both are lowered to LLVM and run by the JIT. NaN results
//! compare as "both NaN": IEEE leaves the sign and payload of a computed NaN
//! unspecified, and x86 and APFloat differ there. Cases whose result is
//! undefined (division by zero, signed overflow of sdiv, shifts >= width)
//! are not generated. `RMLIR_FOLD_EXEC_CASES` raises the count.

mod common;
use common::Rng;

use melior::ir::Module;
use rmlir::ffi::exec::{Jit, Scalar};

#[derive(Clone, Copy, Debug)]
enum Ty {
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::I8 => "i8",
            Ty::I16 => "i16",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
        }
    }
    fn width(self) -> u32 {
        match self {
            Ty::I8 => 8,
            Ty::I16 => 16,
            Ty::I32 | Ty::F32 => 32,
            Ty::I64 | Ty::F64 => 64,
        }
    }
    fn is_float(self) -> bool {
        matches!(self, Ty::F32 | Ty::F64)
    }
    /// A random value: edges often, anything sometimes.
    fn random(self, rng: &mut Rng) -> Scalar {
        let raw = match rng.below(4) {
            0 => [0u64, 1, u64::MAX, 2, 3, 7, 1 << (self.width() - 1)][rng.below(7)],
            1 => rng.next() % 17,
            _ => rng.next(),
        };
        match self {
            Ty::I8 => Scalar::I8(raw as i8),
            Ty::I16 => Scalar::I16(raw as i16),
            Ty::I32 => Scalar::I32(raw as i32),
            Ty::I64 => Scalar::I64(raw as i64),
            Ty::F32 => Scalar::F32(match rng.below(3) {
                0 => [
                    0.0,
                    -0.0,
                    1.0,
                    -1.5,
                    f32::INFINITY,
                    f32::NEG_INFINITY,
                    f32::NAN,
                    1e-45,
                ][rng.below(8)],
                1 => (rng.next() % 2000) as f32 / 16.0 - 60.0,
                _ => f32::from_bits(raw as u32),
            }),
            Ty::F64 => Scalar::F64(match rng.below(3) {
                0 => [
                    0.0,
                    -0.0,
                    1.0,
                    -1.5,
                    f64::INFINITY,
                    f64::NEG_INFINITY,
                    f64::NAN,
                    5e-324,
                ][rng.below(8)],
                1 => (rng.next() % 2000) as f64 / 16.0 - 60.0,
                _ => f64::from_bits(raw),
            }),
        }
    }
}

fn literal(v: Scalar, ty: Ty) -> String {
    match v {
        Scalar::I8(x) => format!("{x} : {}", ty.name()),
        Scalar::I16(x) => format!("{x} : {}", ty.name()),
        Scalar::I32(x) => format!("{x} : {}", ty.name()),
        Scalar::I64(x) => format!("{x} : {}", ty.name()),
        Scalar::F32(x) => format!("0x{:08X} : f32", x.to_bits()),
        Scalar::F64(x) => format!("0x{:016X} : f64", x.to_bits()),
        Scalar::I1(x) => format!("{x}"),
    }
}

fn as_i128(v: Scalar) -> i128 {
    match v {
        Scalar::I8(x) => x as i128,
        Scalar::I16(x) => x as i128,
        Scalar::I32(x) => x as i128,
        Scalar::I64(x) => x as i128,
        _ => 0,
    }
}

const INT_OPS: &[&str] = &[
    "addi",
    "subi",
    "muli",
    "divui",
    "divsi",
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
    "ceildivui",
    "ceildivsi",
    "floordivsi",
];
const FLOAT_OPS: &[&str] = &[
    "addf", "subf", "mulf", "divf", "remf", "maximumf", "minimumf", "maxnumf", "minnumf",
];

/// True when `op(a, b)` is undefined behaviour (no test case).
fn undefined(op: &str, ty: Ty, a: Scalar, b: Scalar) -> bool {
    let (x, y, w) = (as_i128(a), as_i128(b), ty.width());
    let min = -(1i128 << (w - 1));
    match op {
        "divui" | "divsi" | "remui" | "remsi" | "ceildivui" | "ceildivsi" | "floordivsi"
            if y == 0 =>
        {
            true
        }
        "divsi" | "remsi" | "ceildivsi" | "floordivsi" if x == min && y == -1 => true,
        "shli" | "shrui" | "shrsi" => (y as u128 & ((1u128 << w) - 1)) >= w as u128,
        _ => false,
    }
}

struct Case {
    op: &'static str,
    ty: Ty,
    a: Scalar,
    b: Scalar,
}

fn result_kind(ty: Ty) -> Scalar {
    match ty {
        Ty::I8 => Scalar::I8(0),
        Ty::I16 => Scalar::I16(0),
        Ty::I32 => Scalar::I32(0),
        Ty::I64 => Scalar::I64(0),
        Ty::F32 => Scalar::F32(0.0),
        Ty::F64 => Scalar::F64(0.0),
    }
}

fn same(x: Scalar, y: Scalar) -> bool {
    match (x, y) {
        (Scalar::F32(a), Scalar::F32(b)) => {
            (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
        }
        (Scalar::F64(a), Scalar::F64(b)) => {
            (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
        }
        _ => x == y,
    }
}

/// `maxnumf`/`minnumf` of `+0.0` and `-0.0` may return either zero (the
/// op's definition, rule A32): folding and execution may pick differently.
fn either_zero_allowed(op: &str, a: Scalar, b: Scalar, x: Scalar, y: Scalar) -> bool {
    let zero = |v: Scalar| match v {
        Scalar::F32(f) => f == 0.0,
        Scalar::F64(f) => f == 0.0,
        _ => false,
    };
    matches!(op, "maxnumf" | "minnumf") && [a, b, x, y].into_iter().all(zero)
}

#[test]
fn folded_constants_equal_native_execution() {
    let count: usize = std::env::var("RMLIR_FOLD_EXEC_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(400);
    let mut rng = Rng(0x0f01_d0e5_u64);
    let types = [Ty::I8, Ty::I16, Ty::I32, Ty::I64, Ty::F32, Ty::F64];
    let mut cases = Vec::new();
    while cases.len() < count {
        let ty = types[rng.below(types.len())];
        let ops = if ty.is_float() { FLOAT_OPS } else { INT_OPS };
        let op = ops[rng.below(ops.len())];
        let (a, b) = (ty.random(&mut rng), ty.random(&mut rng));
        if !ty.is_float() && undefined(op, ty, a, b) {
            continue;
        }
        cases.push(Case { op, ty, a, b });
    }

    let mut exec_src = String::new();
    let mut fold_src = String::new();
    for (k, c) in cases.iter().enumerate() {
        let t = c.ty.name();
        exec_src.push_str(&format!(
            "func.func @f{k}(%a: {t}, %b: {t}) -> {t} {{\n  %r = rarith.{} %a, %b : {t}\n  return %r : {t}\n}}\n",
            c.op
        ));
        fold_src.push_str(&format!(
            "func.func @g{k}() -> {t} {{\n  %a = rarith.constant {}\n  %b = rarith.constant {}\n  %r = rarith.{} %a, %b : {t}\n  return %r : {t}\n}}\n",
            literal(c.a, c.ty),
            literal(c.b, c.ty),
            c.op
        ));
    }

    let context = rmlir::new_context();
    let mut exec = Module::parse(&context, &exec_src).expect("execution module parses");
    let mut folded = Module::parse(&context, &fold_src).expect("fold module parses");
    rmlir::pipeline::run(&context, &mut folded, "builtin.module(canonicalize)")
        .expect("canonicalize");
    let folded_text = folded.as_operation().to_string();
    let unfolded = cases
        .iter()
        .filter(|c| folded_text.contains(&format!("rarith.{} ", c.op)))
        .count();
    for m in [&mut exec, &mut folded] {
        rmlir::pipeline::emit_c_interfaces(m);
        rmlir::pipeline::run(&context, m, rmlir::pipeline::LOWER_TO_LLVM).expect("lowers");
    }
    let exec_jit = Jit::new(&exec, 0, &[]).expect("jit");
    let fold_jit = Jit::new(&folded, 0, &[]).expect("jit");

    let mut mismatches = Vec::new();
    for (k, c) in cases.iter().enumerate() {
        let run = exec_jit
            .call(&format!("f{k}"), &[c.a, c.b], Some(result_kind(c.ty)))
            .unwrap()
            .unwrap();
        let fold = fold_jit
            .call(&format!("g{k}"), &[], Some(result_kind(c.ty)))
            .unwrap()
            .unwrap();
        if !same(run, fold) && !either_zero_allowed(c.op, c.a, c.b, run, fold) {
            mismatches.push(format!(
                "{} {:?} {:?} : {}: folded {:?}, executed {:?}",
                c.op,
                c.a,
                c.b,
                c.ty.name(),
                fold,
                run
            ));
        }
    }
    assert!(
        mismatches.is_empty(),
        "fold/execution mismatches:\n{}",
        mismatches.join("\n")
    );
    // Most cases must really have been decided by a folder.
    assert!(
        unfolded * 5 < cases.len(),
        "{unfolded} of {} cases did not fold",
        cases.len()
    );
}
