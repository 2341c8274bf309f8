//! Fold-vs-execution agreement: for random constant operands, the constant
//! rarith's folders produce must equal, bit for bit, what the lowered code
//! computes natively (JIT). A mismatch is a bug in a folder or a lowering.
//!
//! Types: i1, i8, i16, i32, i64, index, f16, bf16, f32, f64. Ops: every
//! binary integer and float op with a folder, `cmpi`/`cmpf` with each
//! predicate, every cast between the types it accepts (ext/trunc, int<->float,
//! index casts, bitcast) and `negf`. Each case is a function
//! `@fK(a, b) = op(a, b)` (executed on the arguments; half types cross the
//! boundary as `i16` bits through `bitcast`) and `@gK() = op(const a, const b)`
//! (canonicalized first, so the folder decides). Both are lowered to LLVM and run by the JIT. NaN results
//! compare as "both NaN": IEEE leaves the sign and payload of a computed NaN
//! unspecified, and x86 and APFloat differ there. Cases whose result is
//! undefined (division by zero, signed overflow of sdiv, shifts >= width,
//! float-to-int conversions out of range) are not generated. `RMLIR_FOLD_EXEC_CASES` raises the count.

mod common;
use common::Rng;

use melior::ir::Module;
use rmlir::ffi::exec::{CpuFeatures, Jit, OptLevel, Scalar};

#[derive(Clone, Copy, Debug, PartialEq)]
enum Ty {
    I1,
    I8,
    I16,
    I32,
    I64,
    Index,
    F16,
    BF16,
    F32,
    F64,
}

/// An operand: the value passed to the executed function (its ABI form;
/// `f16`/`bf16` travel as their `i16` bit patterns) and its literal in the
/// folded function's `rarith.constant`.
#[derive(Clone, Debug)]
struct Operand {
    abi: Scalar,
    literal: String,
}

/// The bit pattern of a JIT scalar.
fn bits_of(v: Scalar) -> u64 {
    match v {
        Scalar::I1(x) => u64::from(x),
        Scalar::I8(x) => x as u8 as u64,
        Scalar::I16(x) => x as u16 as u64,
        Scalar::I32(x) => x as u32 as u64,
        Scalar::I64(x) => x as u64,
        Scalar::F32(x) => u64::from(x.to_bits()),
        Scalar::F64(x) => x.to_bits(),
    }
}

impl Ty {
    fn name(self) -> &'static str {
        match self {
            Ty::I1 => "i1",
            Ty::I8 => "i8",
            Ty::I16 => "i16",
            Ty::I32 => "i32",
            Ty::I64 => "i64",
            Ty::Index => "index",
            Ty::F16 => "f16",
            Ty::BF16 => "bf16",
            Ty::F32 => "f32",
            Ty::F64 => "f64",
        }
    }
    /// The type on the executed function's boundary.
    fn abi(self) -> &'static str {
        match self {
            Ty::F16 | Ty::BF16 => "i16",
            _ => self.name(),
        }
    }
    /// Exponent and mantissa widths of a float type.
    fn float_layout(self) -> (u32, u32) {
        match self {
            Ty::F16 => (5, 10),
            Ty::BF16 => (8, 7),
            Ty::F32 => (8, 23),
            _ => (11, 52),
        }
    }
    /// True when `bits` is a NaN of this float type.
    fn is_nan(self, bits: u64) -> bool {
        let (e, m) = self.float_layout();
        (bits >> m) & ((1 << e) - 1) == (1 << e) - 1 && bits & ((1 << m) - 1) != 0
    }
    /// True when `bits` is a signaling NaN (quiet bit clear).
    fn is_signaling(self, bits: u64) -> bool {
        let (_, m) = self.float_layout();
        self.is_nan(bits) && bits & (1 << (m - 1)) == 0
    }
    fn width(self) -> u32 {
        match self {
            Ty::I1 => 1,
            Ty::I8 => 8,
            Ty::I16 | Ty::F16 | Ty::BF16 => 16,
            Ty::I32 | Ty::F32 => 32,
            Ty::I64 | Ty::Index | Ty::F64 => 64,
        }
    }
    fn is_float(self) -> bool {
        matches!(self, Ty::F16 | Ty::BF16 | Ty::F32 | Ty::F64)
    }
    /// A random operand: edges often, anything sometimes.
    fn random(self, rng: &mut Rng) -> Operand {
        let raw = match rng.below(4) {
            0 => [0u64, 1, u64::MAX, 2, 3, 7, 1 << (self.width() - 1)][rng.below(7)],
            1 => rng.next() % 17,
            _ => rng.next(),
        };
        let int = |abi: Scalar, value: i128| Operand {
            abi,
            literal: format!("{value} : {}", self.name()),
        };
        match self {
            Ty::I1 => Operand {
                abi: Scalar::I1(raw & 1 == 1),
                literal: (if raw & 1 == 1 { "true" } else { "false" }).into(),
            },
            Ty::I8 => int(Scalar::I8(raw as i8), raw as i8 as i128),
            Ty::I16 => int(Scalar::I16(raw as i16), raw as i16 as i128),
            Ty::I32 => int(Scalar::I32(raw as i32), raw as i32 as i128),
            Ty::I64 | Ty::Index => int(Scalar::I64(raw as i64), raw as i64 as i128),
            Ty::F16 | Ty::BF16 => {
                // +0, -0, 1, -1.5, +inf, -inf, qNaN, sNaN, min subnormal, max finite.
                let edges: [u16; 10] = if self == Ty::F16 {
                    [
                        0, 0x8000, 0x3c00, 0xbe00, 0x7c00, 0xfc00, 0x7e00, 0x7d00, 1, 0x7bff,
                    ]
                } else {
                    [
                        0, 0x8000, 0x3f80, 0xbfc0, 0x7f80, 0xff80, 0x7fc0, 0x7fa0, 1, 0x7f7f,
                    ]
                };
                let bits = match rng.below(3) {
                    0 => edges[rng.below(edges.len())],
                    // Small numbers near one another, so results stay exact-ish.
                    1 => edges[2] + (rng.next() % 64) as u16,
                    _ => raw as u16,
                };
                Operand {
                    abi: Scalar::I16(bits as i16),
                    literal: format!("0x{bits:04X} : {}", self.name()),
                }
            }
            Ty::F32 | Ty::F64 => {
                // +0, -0, 1, -1.5, +inf, -inf, NaN, the smallest subnormal;
                // or small numbers; or any bits.
                let tiny = if self == Ty::F32 { 1e-45 } else { 5e-324 };
                let value = match rng.below(3) {
                    0 => Some(
                        [
                            0.0,
                            -0.0,
                            1.0,
                            -1.5,
                            f64::INFINITY,
                            f64::NEG_INFINITY,
                            f64::NAN,
                            tiny,
                        ][rng.below(8)],
                    ),
                    1 => Some((rng.next() % 2000) as f64 / 16.0 - 60.0),
                    _ => None,
                };
                // Every chosen value converts to f32 exactly.
                if self == Ty::F32 {
                    let v = value.map_or(f32::from_bits(raw as u32), |x| x as f32);
                    Operand {
                        abi: Scalar::F32(v),
                        literal: format!("0x{:08X} : f32", v.to_bits()),
                    }
                } else {
                    let v = value.unwrap_or(f64::from_bits(raw));
                    Operand {
                        abi: Scalar::F64(v),
                        literal: format!("0x{:016X} : f64", v.to_bits()),
                    }
                }
            }
        }
    }
}

/// The signed value of an integer operand (`i1` true is -1).
fn as_i128(v: Scalar) -> i128 {
    match v {
        Scalar::I1(x) => -i128::from(x),
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
    "cmpi eq,",
    "cmpi ne,",
    "cmpi slt,",
    "cmpi sle,",
    "cmpi sgt,",
    "cmpi sge,",
    "cmpi ult,",
    "cmpi ule,",
    "cmpi ugt,",
    "cmpi uge,",
];
const FLOAT_OPS: &[&str] = &[
    "addf",
    "subf",
    "mulf",
    "divf",
    "remf",
    "maximumf",
    "minimumf",
    "maxnumf",
    "minnumf",
    "cmpf false,",
    "cmpf oeq,",
    "cmpf ogt,",
    "cmpf oge,",
    "cmpf olt,",
    "cmpf ole,",
    "cmpf one,",
    "cmpf ord,",
    "cmpf ueq,",
    "cmpf ugt,",
    "cmpf uge,",
    "cmpf ult,",
    "cmpf ule,",
    "cmpf une,",
    "cmpf uno,",
    "cmpf true,",
];

/// The op's mnemonic (`cmpi slt,` is `cmpi`).
fn mnemonic(op: &str) -> &str {
    op.split(' ').next().unwrap_or(op)
}

/// True for the comparisons, whose result is `i1`.
fn is_comparison(op: &str) -> bool {
    matches!(mnemonic(op), "cmpi" | "cmpf")
}

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

/// How an op is spelled: `op %x, %y : t`, `op %x : t to r`, or `op %x : t`.
#[derive(Clone, Copy, PartialEq)]
enum Form {
    Binary,
    Cast,
    Unary,
}

struct Case {
    op: &'static str,
    form: Form,
    /// The operands' type.
    ty: Ty,
    /// The result's type.
    to: Ty,
    args: Vec<Operand>,
}

impl Case {
    /// The op applied to `%x` (and `%y`), then `return`, half results as
    /// their bits.
    fn body(&self) -> String {
        let (t, r, abi) = (self.ty.name(), self.to.name(), self.to.abi());
        let mut s = match self.form {
            Form::Binary => format!("  %r = rarith.{} %x, %y : {t}\n", self.op),
            Form::Cast => format!("  %r = rarith.{} %x : {t} to {r}\n", self.op),
            Form::Unary => format!("  %r = rarith.{} %x : {t}\n", self.op),
        };
        if r == abi {
            s.push_str(&format!("  return %r : {abi}\n"));
        } else {
            s.push_str(&format!(
                "  %w = rarith.bitcast %r : {r} to {abi}\n  return %w : {abi}\n"
            ));
        }
        s
    }
    fn names(&self) -> &'static [&'static str] {
        &["x", "y"][..self.args.len()]
    }
    /// `@f<k>(args)`: computes on its arguments (half types arrive as bits).
    fn executed(&self, k: usize) -> String {
        let (t, abi) = (self.ty.name(), self.ty.abi());
        // Half types arrive as `%x_in` bits and are bitcast to `%x`.
        let half = t != abi;
        let params: Vec<String> = self
            .names()
            .iter()
            .map(|n| format!("%{n}{}: {abi}", if half { "_in" } else { "" }))
            .collect();
        let mut s = format!(
            "func.func @f{k}({}) -> {} {{\n",
            params.join(", "),
            self.to.abi()
        );
        if half {
            for n in self.names() {
                s.push_str(&format!("  %{n} = rarith.bitcast %{n}_in : {abi} to {t}\n"));
            }
        }
        s + &self.body() + "}\n"
    }
    /// `@g<k>()`: the same on constants, for the folders to decide.
    fn folded(&self, k: usize) -> String {
        let mut s = format!("func.func @g{k}() -> {} {{\n", self.to.abi());
        for (n, a) in self.names().iter().zip(&self.args) {
            s.push_str(&format!("  %{n} = rarith.constant {}\n", a.literal));
        }
        s + &self.body() + "}\n"
    }
    /// A zero of the result's ABI kind (the JIT's result slot).
    fn result_slot(&self) -> Scalar {
        match self.to.abi() {
            "i1" => Scalar::I1(false),
            "i8" => Scalar::I8(0),
            "i16" => Scalar::I16(0),
            "i32" => Scalar::I32(0),
            "i64" | "index" => Scalar::I64(0),
            "f32" => Scalar::F32(0.0),
            _ => Scalar::F64(0.0),
        }
    }

    /// Folded `x` and executed `y` agree: the same bits, or both NaN (IEEE
    /// leaves the sign and payload of a computed NaN unspecified).
    fn agree(&self, x: Scalar, y: Scalar) -> bool {
        let (x, y) = (bits_of(x), bits_of(y));
        x == y || (self.to.is_float() && self.to.is_nan(x) && self.to.is_nan(y))
    }

    /// Where LLVM leaves the result open and folding and execution may
    /// legitimately differ:
    /// - `maxnumf`/`minnumf` of `+0.0` and `-0.0` may return either zero
    ///   (the op's definition, rule A32);
    /// - LLVM may treat a signaling NaN operand as a quiet one (LangRef,
    ///   "Behavior of Floating-Point NaN values"), so `maxnumf`/`minnumf`
    ///   of an sNaN and a number may return the number where the folder
    ///   returns a quiet NaN.
    fn either_allowed(&self, folded: Scalar, executed: Scalar) -> bool {
        if !matches!(self.op, "maxnumf" | "minnumf") {
            return false;
        }
        let (a, b) = (bits_of(self.args[0].abi), bits_of(self.args[1].abi));
        let (f, e) = (bits_of(folded), bits_of(executed));
        let sign = 1u64 << (self.ty.width() - 1);
        let zero = |v: u64| v & !sign == 0;
        if [a, b, f, e].into_iter().all(zero) {
            return true;
        }
        let number_beside_snan = (self.ty.is_signaling(a) && e == b && !self.ty.is_nan(b))
            || (self.ty.is_signaling(b) && e == a && !self.ty.is_nan(a));
        self.ty.is_nan(f) && number_beside_snan
    }
}

const TYPES: [Ty; 10] = [
    Ty::I1,
    Ty::I8,
    Ty::I16,
    Ty::I32,
    Ty::I64,
    Ty::Index,
    Ty::F16,
    Ty::BF16,
    Ty::F32,
    Ty::F64,
];

/// A random binary op or comparison on a random type, with defined operands.
fn binary_case(rng: &mut Rng) -> Option<Case> {
    let ty = TYPES[rng.below(TYPES.len())];
    let ops = if ty.is_float() { FLOAT_OPS } else { INT_OPS };
    let op = ops[rng.below(ops.len())];
    let (a, b) = (ty.random(rng), ty.random(rng));
    if !ty.is_float() && undefined(op, ty, a.abi, b.abi) {
        return None;
    }
    let to = if is_comparison(op) { Ty::I1 } else { ty };
    Some(Case {
        op,
        form: Form::Binary,
        ty,
        to,
        args: vec![a, b],
    })
}

/// The `f64` equal to a float operand (every operand type converts exactly).
fn float_value(ty: Ty, bits: u64) -> f64 {
    use rmlir::semantics::float::{Format, Fp, Rounding};
    let format = match ty {
        Ty::F16 => Format::F16,
        Ty::BF16 => Format::BF16,
        Ty::F32 => Format::F32,
        _ => Format::F64,
    };
    let wide =
        Fp::from_bits(format, u128::from(bits)).convert(Format::F64, Rounding::ToNearestEven);
    f64::from_bits(wide.bits as u64)
}

/// A random cast, or `negf`, between types it accepts; `fptosi`/`fptoui`
/// only where the truncated value fits (else the result is poison).
fn cast_case(rng: &mut Rng) -> Option<Case> {
    let from = TYPES[rng.below(TYPES.len())];
    let to = TYPES[rng.below(TYPES.len())];
    let int = |t: Ty| !t.is_float() && t != Ty::Index;
    let bits_equal = from.width() == to.width() && from != to;
    let candidates: Vec<(&'static str, Form)> = [
        ("extsi", int(from) && int(to) && from.width() < to.width()),
        ("extui", int(from) && int(to) && from.width() < to.width()),
        ("trunci", int(from) && int(to) && from.width() > to.width()),
        (
            "index_cast",
            (int(from) && to == Ty::Index) || (from == Ty::Index && int(to)),
        ),
        (
            "index_castui",
            (int(from) && to == Ty::Index) || (from == Ty::Index && int(to)),
        ),
        ("sitofp", int(from) && to.is_float()),
        ("uitofp", int(from) && to.is_float()),
        ("fptosi", from.is_float() && int(to) && to != Ty::I1),
        ("fptoui", from.is_float() && int(to) && to != Ty::I1),
        (
            "extf",
            from.is_float() && to.is_float() && from.width() < to.width(),
        ),
        (
            "truncf",
            from.is_float() && to.is_float() && from.width() > to.width(),
        ),
        (
            "bitcast",
            bits_equal
                && (from.is_float() || to.is_float())
                && from != Ty::Index
                && to != Ty::Index,
        ),
    ]
    .into_iter()
    .filter(|(_, ok)| *ok)
    .map(|(op, _)| (op, Form::Cast))
    .chain((from == to && from.is_float()).then_some(("negf", Form::Unary)))
    .collect();
    if candidates.is_empty() {
        return None;
    }
    let (op, form) = candidates[rng.below(candidates.len())];
    let a = from.random(rng);
    if matches!(op, "fptosi" | "fptoui") {
        let v = float_value(from, bits_of(a.abi)).trunc();
        let w = to.width() as i32;
        let (lo, hi) = if op == "fptosi" {
            (-(2f64.powi(w - 1)), 2f64.powi(w - 1) - 1.0)
        } else {
            (0.0, 2f64.powi(w) - 1.0)
        };
        if !(v >= lo && v <= hi) {
            return None;
        }
    }
    Some(Case {
        op,
        form,
        ty: from,
        to,
        args: vec![a],
    })
}

/// True when `executed` is what an instruction that flushes `bf16`
/// subnormals (`vcvtneps2bf16`: subnormal `f32` inputs read as zero,
/// subnormal results written as zero) gives where the IEEE rounding gives
/// `folded`: a zero of the same sign, for a `folded` no larger than the
/// smallest normal `bf16` (the largest value a subnormal `f32` rounds to).
fn bf16_flushed(folded: Scalar, executed: Scalar) -> bool {
    let (f, e) = (bits_of(folded) as u16, bits_of(executed) as u16);
    let sign = 0x8000;
    e == f & sign && f & !sign <= 0x0080
}

/// Which executions a case is checked on: the JIT's IEEE-exact feature set
/// always, and every feature of the host (on hosts with `bf16` conversion
/// instructions, a different code path: see `docs/jit-cpu-features.md`).
const FEATURE_SETS: [CpuFeatures; 2] = [CpuFeatures::Exact, CpuFeatures::Native];

/// Folds one copy of `cases`, runs both (the executed functions once per
/// feature set of [`FEATURE_SETS`]), and returns the mismatches and how many
/// cases did not fold. A `bf16` result of native code may be flushed to
/// zero only where the host's native code rounds with an instruction that
/// flushes ([`CpuFeatures::flushes_bf16_subnormals`]); exact code never.
fn run_cases(cases: &[Case]) -> (Vec<String>, usize) {
    let mut exec_src = String::new();
    let mut fold_src = String::new();
    for (k, c) in cases.iter().enumerate() {
        exec_src.push_str(&c.executed(k));
        fold_src.push_str(&c.folded(k));
    }
    let context = rmlir::new_context();
    let mut exec = Module::parse(&context, &exec_src).expect("execution module parses");
    let mut folded = Module::parse(&context, &fold_src).expect("fold module parses");
    rmlir::pipeline::run(&context, &mut folded, "builtin.module(canonicalize)")
        .expect("canonicalize");
    let folded_text = folded.as_operation().to_string();
    let unfolded = cases
        .iter()
        .filter(|c| folded_text.contains(&format!("rarith.{} ", mnemonic(c.op))))
        .count();
    for m in [&mut exec, &mut folded] {
        rmlir::pipeline::emit_c_interfaces(m);
        rmlir::pipeline::run(&context, m, rmlir::pipeline::LOWER_TO_LLVM).expect("lowers");
    }
    let fold_jit = Jit::new(&folded, OptLevel::O0, &[]).expect("jit");
    let expected: Vec<Scalar> = (0..cases.len())
        .map(|k| {
            fold_jit
                .call(&format!("g{k}"), &[], Some(cases[k].result_slot()))
                .unwrap()
                .unwrap()
        })
        .collect();
    let mut mismatches = Vec::new();
    for features in FEATURE_SETS {
        let flushes = features.flushes_bf16_subnormals();
        let exec_jit = Jit::with_features(&exec, OptLevel::O0, &[], features).expect("jit");
        for (k, c) in cases.iter().enumerate() {
            let args: Vec<Scalar> = c.args.iter().map(|a| a.abi).collect();
            let run = exec_jit
                .call(&format!("f{k}"), &args, Some(c.result_slot()))
                .unwrap()
                .unwrap();
            let fold = expected[k];
            let flushed = flushes && c.to == Ty::BF16 && bf16_flushed(fold, run);
            if !c.agree(fold, run) && !c.either_allowed(fold, run) && !flushed {
                let literals: Vec<&str> = c.args.iter().map(|a| a.literal.as_str()).collect();
                mismatches.push(format!(
                    "{} {} -> {} ({features:?} CPU features): folded {:?}, executed {:?}",
                    c.op,
                    literals.join(", "),
                    c.to.name(),
                    fold,
                    run
                ));
            }
        }
    }
    (mismatches, unfolded)
}

fn case_count(default: usize) -> usize {
    std::env::var("RMLIR_FOLD_EXEC_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn check(cases: &[Case]) {
    let (mismatches, unfolded) = run_cases(cases);
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

#[test]
fn binary_ops_and_comparisons_fold_as_they_execute() {
    let mut rng = Rng(0x0f01_d0e5_u64);
    let count = case_count(600);
    let mut cases = Vec::new();
    while cases.len() < count {
        cases.extend(binary_case(&mut rng));
    }
    check(&cases);
}

#[test]
fn casts_fold_as_they_execute() {
    let mut rng = Rng(0xca57_0f01_u64);
    let count = case_count(400);
    let mut cases = Vec::new();
    while cases.len() < count {
        cases.extend(cast_case(&mut rng));
    }
    check(&cases);
}

/// The one place where the host decides a result, pinned on both feature
/// sets: `0x0001 * 1.390625` in `bf16` is the smallest subnormal (IEEE, and
/// rarith's fold). Exact code computes it on every host; native code
/// computes it too unless the host rounds to `bf16` with an instruction
/// that flushes subnormals, and then gives `+0`.
#[test]
fn bf16_subnormal_results_depend_on_the_feature_set_only_where_the_host_flushes() {
    let context = rmlir::new_context();
    let mut module = Module::parse(
        &context,
        r#"
        func.func @mul(%a: i16, %b: i16) -> i16 {
          %x = rarith.bitcast %a : i16 to bf16
          %y = rarith.bitcast %b : i16 to bf16
          %p = rarith.mulf %x, %y : bf16
          %r = rarith.bitcast %p : bf16 to i16
          return %r : i16
        }"#,
    )
    .expect("parses");
    rmlir::pipeline::emit_c_interfaces(&mut module);
    rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_TO_LLVM).expect("lowers");
    let args = [Scalar::I16(0x0001), Scalar::I16(0x3FB2)];
    for features in FEATURE_SETS {
        let jit = Jit::with_features(&module, OptLevel::O2, &[], features).expect("jit");
        let product = jit.call("mul", &args, Some(Scalar::I16(0))).unwrap();
        let expected = if features.flushes_bf16_subnormals() {
            0x0000
        } else {
            0x0001
        };
        assert_eq!(product, Some(Scalar::I16(expected)), "{features:?}");
    }
}
