//! Translation validation of rarith (and arith) programs with an SMT
//! solver, in the manner of Alive2: given a function before and after a
//! transformation, prove that "after" *refines* "before" for every
//! argument value, or find arguments where it does not.
//!
//! Refinement: where "before" has undefined behaviour, anything is
//! allowed; where a result of "before" is poison, any result is allowed in
//! its place; otherwise "after" must not have undefined behaviour and must
//! return the same values (floats: the same bits, or both NaN; a zero may
//! differ in sign where "before" let it, `nsz`). Arguments range over all
//! values, poison included.
//!
//! The semantics are in [`encode`](crate::tv::encode); the solver is z3, found on the `PATH`
//! (or at `$RMLIR_Z3`), which `scripts/install-deps.sh` installs.
//! Functions are straight-line (one block) over scalar integers, `index`
//! (at [`Options::index_bitwidth`](crate::tv::Options::index_bitwidth)) and IEEE floats; an op or type the
//! model does not describe makes the verdict [`Verdict::Unsupported`](crate::tv::Verdict::Unsupported),
//! never a proof. Where "after" takes or returns a 1-D vector of integers
//! in place of one integer of "before" as wide as all its elements (what
//! `rarith-emulate-wide-int` makes of a wide integer), the vector holds
//! that integer's bits, the lowest first: element `j` of an argument is
//! its bits `j*k ..< (j+1)*k`, and a returned vector is compared as its
//! elements concatenated (poison when any element is).
//!
//! ```
//! let context = rmlir::new_context();
//! let mut before = rmlir::parse(&context, "func.func @f(%x: i8) -> i8 {
//!     %c = rarith.constant 2 : i8
//!     %0 = rarith.muli %x, %c : i8
//!     return %0 : i8 }")?;
//! let mut after = rmlir::parse(&context, "func.func @f(%x: i8) -> i8 {
//!     %c = rarith.constant 1 : i8
//!     %0 = rarith.shli %x, %c : i8
//!     return %0 : i8 }")?;
//! let mut validator = rmlir::tv::Validator::new(rmlir::tv::Options::default())?;
//! for (name, verdict) in validator.check_modules(&mut before, &mut after)? {
//!     assert!(verdict.is_proven(), "{name}: {verdict}");
//! }
//! # Ok::<(), rmlir::Error>(())
//! ```

pub mod encode;
pub mod solver;

use crate::ffi::ir::{Op, Type, Value};
use crate::{Error, ErrorKind};
use encode::{Encoder, Sym, Ty, bv, model_type, or, vector_shape};
use solver::{Answer, Solver, bv_value};
use std::collections::HashMap;
use std::fmt;

/// How the validator works.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// The width of `index` (64 unless the target says otherwise).
    pub index_bitwidth: u32,
    /// Milliseconds the solver may spend on one query.
    pub timeout_ms: u32,
    /// Whether arguments may be poison (as in LLVM; on by default).
    pub poison_arguments: bool,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            index_bitwidth: 64,
            timeout_ms: 20_000,
            poison_arguments: true,
        }
    }
}

/// The argument attribute that makes an argument stand for a constant: it
/// ranges over every value of its type but never poison. A pattern whose
/// source matches constants is proven for *all* of them by writing them as
/// arguments so marked (`tests/common/shapes.rs`).
pub const CONSTANT_ARGUMENT: &str = "rmlir.tv.constant";

/// The positions of `function`'s arguments marked [`CONSTANT_ARGUMENT`].
fn constant_arguments(function: Op<'_>) -> Vec<usize> {
    let Some(dicts) = function.attr("arg_attrs").and_then(|a| a.array_elements()) else {
        return Vec::new();
    };
    dicts
        .into_iter()
        .enumerate()
        .filter(|(_, d)| d.dict_get(CONSTANT_ARGUMENT).is_some())
        .map(|(i, _)| i)
        .collect()
}

/// A value in a counterexample.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The function has undefined behaviour (for a result: no value).
    Ub,
    /// Poison.
    Poison,
    /// A value: its bits and its type.
    Value(u128, Ty),
}

/// Arguments on which "after" does not refine "before".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Counterexample {
    /// The arguments.
    pub arguments: Vec<Outcome>,
    /// The results of "before".
    pub before: Vec<Outcome>,
    /// The results of "after".
    pub after: Vec<Outcome>,
}

/// The validator's answer for one function.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// "After" refines "before" for every argument.
    Proven,
    /// It does not, on these arguments.
    Counterexample(Counterexample),
    /// The solver gave up (a timeout, usually).
    Unknown(String),
    /// The functions use what the model does not describe.
    Unsupported(String),
}

impl Verdict {
    /// Whether the refinement was proven.
    pub fn is_proven(&self) -> bool {
        matches!(self, Verdict::Proven)
    }
}

/// A straight-line function: its name and top-level op.
struct Function<'ir> {
    name: String,
    op: Op<'ir>,
}

/// The functions (with bodies) of a module.
fn functions<'ir>(module: Op<'ir>) -> Vec<Function<'ir>> {
    let Some(body) = module.region(0).and_then(|r| r.first_block()) else {
        return Vec::new();
    };
    body.ops()
        .filter(|op| op.name() == "func.func")
        .filter(|op| op.region(0).and_then(|r| r.first_block()).is_some())
        .filter_map(|op| {
            let name = op.attr("sym_name")?.as_str()?.to_string();
            Some(Function { name, op })
        })
        .collect()
}

/// A solver session for validating functions.
pub struct Validator {
    solver: Solver,
    options: Options,
}

fn solver_error(message: String) -> Error {
    Error::new(ErrorKind::Other, message)
}

/// The module op of a melior module.
fn module_op<'m>(module: &'m mut melior::ir::Module) -> Result<Op<'m>, Error> {
    Op::from_melior(module).ok_or_else(|| Error::new(ErrorKind::Other, "an empty module"))
}

impl Validator {
    /// Starts the solver. Fails when z3 cannot be started.
    pub fn new(options: Options) -> Result<Validator, Error> {
        let solver = Solver::start(options.timeout_ms).map_err(solver_error)?;
        Ok(Validator { solver, options })
    }

    /// Validates every function of `before` against the function of the
    /// same name in `after`, in the order of `before`.
    pub fn check_modules(
        &mut self,
        before: &mut melior::ir::Module,
        after: &mut melior::ir::Module,
    ) -> Result<Vec<(String, Verdict)>, Error> {
        let before = functions(module_op(before)?);
        let after = functions(module_op(after)?);
        let mut verdicts = Vec::with_capacity(before.len());
        for f in &before {
            let verdict = match after.iter().find(|g| g.name == f.name) {
                Some(g) => self.check(f.op, g.op)?,
                None => Verdict::Unsupported(format!("no function @{} after", f.name)),
            };
            verdicts.push((f.name.clone(), verdict));
        }
        Ok(verdicts)
    }

    /// The shared arguments of `function`: declarations and symbols.
    fn arguments(&self, function: Op<'_>) -> Result<(String, Vec<Sym>), String> {
        let block = function
            .region(0)
            .and_then(|r| r.first_block())
            .ok_or("a function without a body")?;
        let mut decls = String::new();
        let mut args = Vec::new();
        let constants = constant_arguments(function);
        for (i, t) in block.argument_types().enumerate() {
            let ty = model_type(t, self.options.index_bitwidth)?;
            decls.push_str(&format!("(declare-const x{i} (_ BitVec {}))\n", ty.width()));
            let poison = if self.options.poison_arguments && !constants.contains(&i) {
                decls.push_str(&format!("(declare-const x{i}p Bool)\n"));
                format!("x{i}p")
            } else {
                "false".to_string()
            };
            args.push(Sym {
                bits: format!("x{i}"),
                poison,
                free_zero_sign: "false".into(),
                ty,
            });
        }
        Ok((decls, args))
    }

    /// Encodes `function` with `prefix`, over the shared `args`; with
    /// `previous`, reusing the ops that side encoded and reading `aliases`
    /// for the values proven equal to its values.
    fn encode<'ir>(
        &self,
        prefix: &'static str,
        function: Op<'ir>,
        args: &[Sym],
        splits: &[Split],
        previous: Option<&Encoder<'ir>>,
        aliases: &HashMap<Value<'ir>, Sym>,
    ) -> Result<Encoder<'ir>, String> {
        let region = function.region(0).ok_or("a function without a body")?;
        if region.blocks().count() != 1 {
            return Err("functions with more than one block are not modelled".into());
        }
        let block = region.first_block().ok_or("a function without a body")?;
        let mut encoder = match previous {
            Some(p) => p.next_side(prefix, aliases.clone()),
            None => Encoder::new(prefix, self.options.index_bitwidth),
        };
        for (i, arg) in args.iter().enumerate() {
            match splits.get(i) {
                Some(&Some((n, k))) => encoder.bind_split_argument(block.argument(i), arg, n, k),
                _ => encoder.bind_argument(block.argument(i), arg.clone()),
            }
        }
        for op in block.ops() {
            encoder.op(op)?;
        }
        Ok(encoder)
    }

    /// How the arguments of "after" correspond to those of "before": the
    /// same type, or (`Some((n, k))`) a vector of `n` integers of `k` bits
    /// where "before" has one integer of `n * k` bits, split in `n`
    /// elements, the lowest bits first (what `rarith-emulate-wide-int`
    /// makes of a wide integer). None when the signatures do not
    /// correspond.
    fn correspondence(&self, before: &[Type<'_>], after: &[Type<'_>]) -> Option<Vec<Split>> {
        if before.len() != after.len() {
            return None;
        }
        let width = self.options.index_bitwidth;
        before
            .iter()
            .zip(after)
            .map(|(b, a)| {
                if b == a {
                    return Some(None);
                }
                let (Ok(Ty::Int(w)), Some((n, Ty::Int(k)))) =
                    (model_type(*b, width), vector_shape(*a, width))
                else {
                    return None;
                };
                (!b.is_index() && n as u32 * k == w).then_some(Some((n, k)))
            })
            .collect()
    }

    /// Validates `after` against `before` (two `func.func` ops).
    fn check(&mut self, before: Op<'_>, after: Op<'_>) -> Result<Verdict, Error> {
        let (decls, args) = match self.arguments(before) {
            Ok(a) => a,
            Err(e) => return Ok(Verdict::Unsupported(e)),
        };
        let after_types: Vec<_> = after
            .region(0)
            .and_then(|r| r.first_block())
            .map(|b| b.argument_types().collect())
            .unwrap_or_default();
        let before_types: Vec<_> = before
            .region(0)
            .and_then(|r| r.first_block())
            .map(|b| b.argument_types().collect())
            .unwrap_or_default();
        let Some(splits) = self.correspondence(&before_types, &after_types) else {
            return Ok(Verdict::Unsupported("the signatures differ".into()));
        };
        let none = HashMap::new();
        let b = match self.encode("b", before, &args, &[], None, &none) {
            Ok(b) => b,
            Err(e) => return Ok(Verdict::Unsupported(e)),
        };
        let a = match self.encode("a", after, &args, &splits, Some(&b), &none) {
            Ok(a) => a,
            Err(e) => return Ok(Verdict::Unsupported(e)),
        };
        if b.results.len() != a.results.len()
            || b.results.iter().zip(&a.results).any(|(x, y)| x.ty != y.ty)
        {
            return Ok(Verdict::Unsupported("the result types differ".into()));
        }
        // A vector result is compared as one value (its elements
        // concatenated, poison when any is), which is exact only against
        // a scalar of "before" (a wide integer split in halves): vectors
        // returned by "before" are not modelled.
        if b.vector_results.iter().any(|&v| v) {
            return Ok(Verdict::Unsupported(
                "functions returning vectors are not modelled".into(),
            ));
        }
        // A quick try on the whole functions; when the solver cannot
        // decide it quickly, prove the values of "after" equal to values
        // of "before" one at a time (each a small query), let "after" use
        // those, and try again with the full time.
        let quick = self.options.timeout_ms.min(QUICK_MS);
        let (script, terms) = refinement_query(&decls, &args, &b, &a);
        let mut answer = self
            .solver
            .check_within(&script, &terms, quick)
            .map_err(solver_error)?;
        let mut a = a;
        if matches!(answer, Answer::Unknown(_)) {
            let aliases = self.sweep(&decls, &args, &splits, &b, after, &a)?;
            if !aliases.is_empty() {
                a = match self.encode("a", after, &args, &splits, Some(&b), &aliases) {
                    Ok(a) => a,
                    Err(e) => return Ok(Verdict::Unsupported(e)),
                };
            }
            let (script, terms) = refinement_query(&decls, &args, &b, &a);
            answer = self.solver.check(&script, &terms).map_err(solver_error)?;
        }
        Ok(match answer {
            Answer::Unsat => Verdict::Proven,
            Answer::Unknown(reason) => Verdict::Unknown(reason),
            Answer::Sat(values) => {
                let outcome = |i: usize, ty: Ty| -> Outcome {
                    if values[2 * i + 1] == "true" {
                        Outcome::Poison
                    } else {
                        Outcome::Value(bv_value(&values[2 * i]).unwrap_or(0), ty)
                    }
                };
                let n = args.len();
                let m = b.results.len();
                let after_ub = values.last().is_some_and(|v| v == "true");
                let arguments = args
                    .iter()
                    .enumerate()
                    .map(|(i, s)| outcome(i, s.ty))
                    .collect();
                let before = (0..m).map(|k| outcome(n + k, b.results[k].ty)).collect();
                let after = (0..m)
                    .map(|k| {
                        if after_ub {
                            Outcome::Ub
                        } else {
                            outcome(n + m + k, a.results[k].ty)
                        }
                    })
                    .collect();
                Verdict::Counterexample(Counterexample {
                    arguments,
                    before,
                    after,
                })
            }
        })
    }

    /// Values of `after` proven equal (bits, poison and zero-sign
    /// freedom) to values of `before`, each by a query of its own: the
    /// aliases "after" may read instead of its own definitions. Candidates
    /// are values of the same type, those of ops of the same name first.
    fn sweep<'ir>(
        &mut self,
        decls: &str,
        args: &[Sym],
        splits: &[Split],
        b: &Encoder<'ir>,
        after: Op<'ir>,
        first: &Encoder<'ir>,
    ) -> Result<HashMap<Value<'ir>, Sym>, Error> {
        let mut aliases: HashMap<Value<'ir>, Sym> = HashMap::new();
        let own = |s: &Sym| s.bits.starts_with('a');
        for &(value, name) in &first.defined {
            let a = match self.encode("a", after, args, splits, Some(b), &aliases) {
                Ok(a) => a,
                Err(_) => break,
            };
            let Some(s) = a.sym(value).cloned() else {
                continue;
            };
            if !own(&s) {
                continue;
            }
            let mut candidates: Vec<(&Sym, bool)> = b
                .defined
                .iter()
                .rev()
                .filter_map(|&(v, n)| b.sym(v).map(|c| (c, n == name)))
                .filter(|(c, _)| c.ty == s.ty)
                .collect();
            candidates.sort_by_key(|(_, same)| !same);
            candidates.dedup_by(|x, y| x.0.bits == y.0.bits);
            for (c, _) in candidates.into_iter().take(SWEEP_CANDIDATES) {
                let script = format!(
                    "{decls}{}{}(assert (or (not (= {} {})) (not (= {} {})) (not (= {} {}))))\n",
                    b.script,
                    a.script,
                    s.bits,
                    c.bits,
                    s.poison,
                    c.poison,
                    s.free_zero_sign,
                    c.free_zero_sign
                );
                let answer = self
                    .solver
                    .check_within(&script, &[], SWEEP_MS)
                    .map_err(solver_error)?;
                if answer == Answer::Unsat {
                    aliases.insert(value, c.clone());
                    break;
                }
            }
        }
        Ok(aliases)
    }

    /// Evaluates function `name` of `module` in the model on `arguments`
    /// (`None`: poison): its results, or `[Outcome::Ub]`.
    pub fn evaluate(
        &mut self,
        module: &mut melior::ir::Module,
        name: &str,
        arguments: &[Option<u128>],
    ) -> Result<Vec<Outcome>, Error> {
        let unsupported = |e: String| Error::new(ErrorKind::Other, e);
        let function = functions(module_op(module)?)
            .into_iter()
            .find(|f| f.name == name)
            .ok_or_else(|| unsupported(format!("no function @{name}")))?;
        let (mut decls, args) = self.arguments(function.op).map_err(unsupported)?;
        if args.len() != arguments.len() {
            return Err(unsupported(format!(
                "@{name} takes {} arguments",
                args.len()
            )));
        }
        for (i, (s, v)) in args.iter().zip(arguments).enumerate() {
            match v {
                Some(bits) => {
                    let mask = u128::MAX >> (128 - s.ty.width().min(128));
                    decls.push_str(&format!(
                        "(assert (= x{i} {}))\n",
                        bv(s.ty.width(), bits & mask)
                    ));
                    if self.options.poison_arguments {
                        decls.push_str(&format!("(assert (not x{i}p))\n"));
                    }
                }
                None if self.options.poison_arguments => {
                    decls.push_str(&format!(
                        "(assert x{i}p)\n(assert (= x{i} {}))\n",
                        bv(s.ty.width(), 0)
                    ));
                }
                None => return Err(unsupported("poison arguments are off".into())),
            }
        }
        let f = self
            .encode("b", function.op, &args, &[], None, &HashMap::new())
            .map_err(unsupported)?;
        let ub = or(&f.ub);
        let mut terms = vec![ub];
        for s in &f.results {
            terms.push(s.bits.clone());
            terms.push(s.poison.clone());
        }
        let script = format!("{decls}{}", f.script);
        match self.solver.check(&script, &terms).map_err(solver_error)? {
            Answer::Sat(values) if values[0] == "true" => Ok(vec![Outcome::Ub]),
            Answer::Sat(values) => Ok(f
                .results
                .iter()
                .enumerate()
                .map(|(k, s)| {
                    if values[2 + 2 * k] == "true" {
                        Outcome::Poison
                    } else {
                        Outcome::Value(bv_value(&values[1 + 2 * k]).unwrap_or(0), s.ty)
                    }
                })
                .collect()),
            other => Err(solver_error(format!("evaluation of @{name}: {other:?}"))),
        }
    }
}

/// Milliseconds of the first, whole-function try.
const QUICK_MS: u32 = 2_000;
/// Milliseconds for proving one value of "after" equal to one of "before".
const SWEEP_MS: u32 = 1_000;
/// How an argument of "after" holds the argument of "before": itself
/// (None), or split in `n` integers of `k` bits.
type Split = Option<(usize, u32)>;

/// Values of "before" tried for each value of "after".
const SWEEP_CANDIDATES: usize = 6;

/// The refinement query of `a` against `b` (UB-free "before" where "after"
/// has UB or a result that does not refine), and the terms a
/// counterexample reports: arguments, results of both, after's UB.
fn refinement_query(
    decls: &str,
    args: &[Sym],
    b: &Encoder<'_>,
    a: &Encoder<'_>,
) -> (String, Vec<String>) {
    let mismatches: Vec<String> = b
        .results
        .iter()
        .zip(&a.results)
        .map(|(x, y)| mismatch(x, y))
        .collect();
    let (b_ub, a_ub) = (or(&b.ub), or(&a.ub));
    let script = format!(
        "{decls}{}{}(assert (not {b_ub}))\n(assert (or {a_ub} {}))\n",
        b.script,
        a.script,
        or(&mismatches)
    );
    let mut terms = Vec::new();
    for s in args.iter().chain(&b.results).chain(&a.results) {
        terms.push(s.bits.clone());
        terms.push(s.poison.clone());
    }
    terms.push(a_ub);
    (script, terms)
}

/// The condition under which after's result `a` does not refine before's
/// `b`.
fn mismatch(b: &Sym, a: &Sym) -> String {
    let equal = match b.ty {
        Ty::Int(_) => format!("(= {} {})", b.bits, a.bits),
        Ty::Float { eb, sb } => {
            let fp = |s: &Sym| format!("((_ to_fp {eb} {sb}) {})", s.bits);
            let (fb, fa) = (fp(b), fp(a));
            let zeros = format!("(and (fp.isZero {fb}) (fp.isZero {fa}))");
            format!(
                "(or (and (fp.isNaN {fb}) (fp.isNaN {fa})) \
                 (ite (and {} (fp.isZero {fa})) (and {} (fp.isZero {fb})) \
                 (or (= {} {}) (and {} {zeros}))))",
                a.free_zero_sign, b.free_zero_sign, b.bits, a.bits, b.free_zero_sign
            )
        }
    };
    format!("(and (not {}) (or {} (not {equal})))", b.poison, a.poison)
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Outcome::Ub => write!(f, "undefined behaviour"),
            Outcome::Poison => write!(f, "poison"),
            Outcome::Value(bits, Ty::Int(w)) => {
                let signed = if w > 0 && w < 128 && bits >> (w - 1) & 1 == 1 {
                    bits as i128 - (1i128 << w)
                } else {
                    bits as i128
                };
                if w == 1 {
                    write!(f, "{bits} : i1")
                } else {
                    write!(f, "{signed} (0x{bits:x}) : i{w}")
                }
            }
            Outcome::Value(bits, ty @ Ty::Float { .. }) => {
                write!(f, "{} (0x{bits:x})", float_text(bits, ty))
            }
        }
    }
}

/// A float's value in decimal, from its bits.
fn float_text(bits: u128, ty: Ty) -> String {
    use rustc_apfloat::Float;
    use rustc_apfloat::ieee::{BFloat, Double, Half, Quad, Single};
    match ty {
        Ty::Float { eb: 5, sb: 11 } => Half::from_bits(bits).to_string(),
        Ty::Float { eb: 8, sb: 8 } => BFloat::from_bits(bits).to_string(),
        Ty::Float { eb: 8, sb: 24 } => Single::from_bits(bits).to_string(),
        Ty::Float { eb: 11, sb: 53 } => Double::from_bits(bits).to_string(),
        Ty::Float { eb: 15, sb: 113 } => Quad::from_bits(bits).to_string(),
        _ => format!("f{}", ty.width()),
    }
}

impl fmt::Display for Counterexample {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, a) in self.arguments.iter().enumerate() {
            writeln!(f, "  %arg{i} = {a}")?;
        }
        for (k, (b, a)) in self.before.iter().zip(&self.after).enumerate() {
            writeln!(f, "  result {k}: before {b}, after {a}")?;
        }
        Ok(())
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Verdict::Proven => write!(f, "proven"),
            Verdict::Counterexample(c) => write!(f, "counterexample\n{c}"),
            Verdict::Unknown(r) => write!(f, "unknown ({r})"),
            Verdict::Unsupported(r) => write!(f, "unsupported: {r}"),
        }
    }
}
