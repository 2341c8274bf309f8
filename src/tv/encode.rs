//! rarith's semantics in SMT-LIB: a straight-line function becomes a list
//! of definitions over its arguments, one per value (its bits and whether
//! it is poison), and the condition under which it has undefined
//! behaviour.
//!
//! Integers (and `index`, at the validator's index width) are bit-vectors.
//! Floats are bit-vectors too (their IEEE encoding), decoded into the
//! solver's floating-point theory for arithmetic and encoded back, a NaN
//! result as the quiet NaN of the format: the model does not track NaN
//! payloads, and results compare equal when both are NaN, as LLVM's
//! semantics leave a computed NaN's sign and payload open.
//!
//! The rules are arith's (which lowers to LLVM and takes LLVM's poison
//! and UB rules):
//! - any op with a poison operand gives poison, except `select`, whose
//!   unchosen operand does not matter;
//! - `nsw`/`nuw` make signed/unsigned overflow poison (`addi`, `subi`,
//!   `muli`, `shli`, and `trunci`, where they mean the value does not fit);
//!   `exact` makes a nonzero remainder (divisions) or shifted-out ones
//!   (right shifts) poison;
//! - a shift by at least the width gives poison;
//! - division or remainder by zero, by a poison divisor, and the signed
//!   overflow `MIN / -1` (possible when the dividend is poison) are
//!   undefined behaviour;
//! - `fptosi`/`fptoui` of NaN, infinities or values out of range give
//!   poison;
//! - fast-math: `nnan`/`ninf` make NaN/infinite operands and results
//!   poison; `nsz` lets a zero result have either sign. The other flags
//!   (reassoc, arcp, contract, afn) permit value changes the model does
//!   not describe: they are read as no flag, so a rewrite that relies on
//!   them is reported, never wrongly proven.

use crate::ffi::ir::{Attr, IntConst, Op, Type, Value};
use crate::ffi::semantics::float::Format;
use std::collections::HashMap;
use std::fmt::Write;

/// The type of a value as the model sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ty {
    /// An integer (or `index`) of this width.
    Int(u32),
    /// An IEEE binary float: exponent bits and significand bits (hidden
    /// bit included), as SMT-LIB's `(_ FloatingPoint eb sb)`.
    Float { eb: u32, sb: u32 },
}

impl Ty {
    /// Bits of the value's encoding.
    pub fn width(self) -> u32 {
        match self {
            Ty::Int(w) => w,
            Ty::Float { eb, sb } => eb + sb,
        }
    }
    fn sort(self) -> String {
        format!("(_ BitVec {})", self.width())
    }
    fn fp_sort(self) -> String {
        match self {
            Ty::Float { eb, sb } => format!("(_ FloatingPoint {eb} {sb})"),
            Ty::Int(_) => unreachable!("fp_sort of an integer"),
        }
    }
}

/// The model's type of an MLIR type, or why it has none.
pub fn model_type(ty: Type<'_>, index_width: u32) -> Result<Ty, String> {
    if ty.is_index() {
        return Ok(Ty::Int(index_width));
    }
    if ty.is_integer() && ty.is_signless_integer() {
        // i0 has no bit-vector sort; counterexamples print up to 128 bits.
        return match ty.int_width() {
            Some(w @ 1..=128) => Ok(Ty::Int(w)),
            _ => Err(format!(
                "type `{}` is not modelled (i1 to i128 are)",
                ty.to_string_lossy()
            )),
        };
    }
    let ieee = match ty.float_format() {
        Some(Format::F16) => Some((5, 11)),
        Some(Format::BF16) => Some((8, 8)),
        Some(Format::F32) => Some((8, 24)),
        Some(Format::F64) => Some((11, 53)),
        Some(Format::F128) => Some((15, 113)),
        Some(Format::F8E5M2) => Some((5, 3)),
        Some(Format::F8E4M3) => Some((4, 4)),
        Some(Format::F8E3M4) => Some((3, 5)),
        _ => None,
    };
    match ieee {
        Some((eb, sb)) => Ok(Ty::Float { eb, sb }),
        None => Err(format!(
            "type `{}` is not modelled (scalar signless integers, index and IEEE floats are)",
            ty.to_string_lossy()
        )),
    }
}

/// A value in the model: the names of its definitions.
#[derive(Clone, Debug)]
pub struct Sym {
    /// Its bits.
    pub bits: String,
    /// Whether it is poison.
    pub poison: String,
    /// Whether a zero value may have either sign (an `nsz` result).
    pub free_zero_sign: String,
    pub ty: Ty,
}

/// An unsigned bit-vector literal of width `w`.
pub fn bv(w: u32, value: u128) -> String {
    format!("(_ bv{value} {w})")
}

fn bv_words(w: u32, words: &[u64]) -> String {
    // Words are little-endian; the widest value is a few words.
    let mut bits = String::with_capacity(w as usize);
    for i in (0..w).rev() {
        let word = words.get((i / 64) as usize).copied().unwrap_or(0);
        bits.push(if word >> (i % 64) & 1 == 1 { '1' } else { '0' });
    }
    format!("#b{bits}")
}

/// The quiet NaN of a float type (sign clear, top significand bit set).
fn qnan(ty: Ty) -> String {
    let Ty::Float { eb, sb } = ty else {
        unreachable!()
    };
    let w = eb + sb;
    let mut words = vec![0u64; (w as usize).div_ceil(64)];
    for i in (sb - 2)..(w - 1) {
        words[(i / 64) as usize] |= 1 << (i % 64);
    }
    bv_words(w, &words)
}

/// One function's encoding, with the names of one side (`b` before, `a`
/// after) and the arguments shared by both.
pub struct Encoder<'ir> {
    prefix: &'static str,
    index_width: u32,
    /// Definitions, in order.
    pub script: String,
    values: HashMap<Value<'ir>, Sym>,
    /// Conditions of undefined behaviour (any one suffices).
    pub ub: Vec<String>,
    /// The returned values.
    pub results: Vec<Sym>,
    count: usize,
    /// Ops already encoded (by either side), by name, operands and
    /// attributes: their results and UB conditions. An op of "after" that
    /// "before" has too (same operands, same attributes) reuses its
    /// definitions, so that the solver sees the shared structure instead
    /// of proving two copies equal.
    memo: HashMap<String, (Vec<Sym>, Vec<String>)>,
    /// Values of this side proven equal to values of the other: their
    /// uses read the other side's definitions.
    aliases: HashMap<Value<'ir>, Sym>,
    /// The op results, in the order they were defined, with their ops'
    /// names (scalar values only).
    pub defined: Vec<(Value<'ir>, &'ir str)>,
    /// Values of 1-D vector type: their elements.
    vectors: HashMap<Value<'ir>, Vec<Sym>>,
    /// For each returned value, whether it was a vector (its entry in
    /// `results` is then its elements concatenated, element 0 lowest, and
    /// poison when any element is).
    pub vector_results: Vec<bool>,
}

/// Whether `v` is a vector (the model holds those by their elements).
fn is_vector(v: Value<'_>) -> bool {
    v.ty().is_vector()
}

/// The shape of a 1-D fixed-length vector type of modelled elements: its
/// length and element type.
pub fn vector_shape(ty: Type<'_>, index_width: u32) -> Option<(usize, Ty)> {
    if !ty.is_vector() || ty.is_scalable_vector() {
        return None;
    }
    match ty.dims()?.as_slice() {
        &[n] if n > 0 => Some((
            n as usize,
            model_type(ty.element_type_or_self(), index_width).ok()?,
        )),
        _ => None,
    }
}

const ARITH: [&str; 2] = ["rarith", "arith"];

impl<'ir> Encoder<'ir> {
    pub fn new(prefix: &'static str, index_width: u32) -> Encoder<'ir> {
        Encoder {
            prefix,
            index_width,
            script: String::new(),
            values: HashMap::new(),
            ub: Vec::new(),
            results: Vec::new(),
            count: 0,
            memo: HashMap::new(),
            aliases: HashMap::new(),
            defined: Vec::new(),
            vectors: HashMap::new(),
            vector_results: Vec::new(),
        }
    }

    /// The value `v` as defined (or aliased) on this side.
    pub fn sym(&self, v: Value<'ir>) -> Option<&Sym> {
        self.values.get(&v)
    }

    /// A new encoder for the other side, that reuses this one's ops and
    /// reads `aliases` for the values proven equal to this side's.
    pub fn next_side(
        &self,
        prefix: &'static str,
        aliases: HashMap<Value<'ir>, Sym>,
    ) -> Encoder<'ir> {
        let mut next = Encoder::new(prefix, self.index_width);
        next.memo = self.memo.clone();
        next.aliases = aliases;
        next
    }

    /// The memo key of `op`: name, operands, attributes, result types.
    fn key(&self, op: Op<'ir>) -> Option<String> {
        let mut key = op.name().to_string();
        for v in op.operands() {
            let s = self.values.get(&v)?;
            let _ = write!(key, "|{}:{}:{}", s.bits, s.poison, s.free_zero_sign);
        }
        for (name, attr) in op.attributes() {
            let _ = write!(key, "|{name}={}", attr.to_string_lossy());
        }
        for r in op.results() {
            let _ = write!(key, "|{}", r.ty().to_string_lossy());
        }
        Some(key)
    }

    /// Binds argument `value` to the shared argument `arg`.
    pub fn bind_argument(&mut self, value: Value<'ir>, arg: Sym) {
        self.values.insert(value, arg);
    }

    /// Binds vector argument `value` (of `n` elements of `k` bits) to the
    /// shared scalar argument `arg` of `n * k` bits: element `j` is bits
    /// `j*k ..= (j+1)*k - 1` of it (element 0 lowest), poison when `arg`
    /// is, as `rarith-emulate-wide-int` splits a wide integer.
    pub fn bind_split_argument(&mut self, value: Value<'ir>, arg: &Sym, n: usize, k: u32) {
        let elements = (0..n as u32)
            .map(|j| Sym {
                bits: format!("((_ extract {} {}) {})", (j + 1) * k - 1, j * k, arg.bits),
                poison: arg.poison.clone(),
                free_zero_sign: "false".into(),
                ty: Ty::Int(k),
            })
            .collect();
        self.vectors.insert(value, elements);
    }

    fn define(&mut self, suffix: &str, sort: &str, term: &str) -> String {
        let name = format!("{}{}{suffix}", self.prefix, self.count);
        let _ = writeln!(self.script, "(define-fun {name} () {sort} {term})");
        name
    }

    /// Defines a new value from its terms.
    fn value(&mut self, ty: Ty, bits: &str, poison: &str) -> Sym {
        self.count += 1;
        let bits = self.define("", &ty.sort(), bits);
        let poison = self.define("p", "Bool", poison);
        Sym {
            bits,
            poison,
            free_zero_sign: "false".into(),
            ty,
        }
    }

    fn operand(&self, op: Op<'ir>, i: usize) -> Result<Sym, String> {
        self.values.get(&op.operand(i)).cloned().ok_or_else(|| {
            format!(
                "`{}`: operand {i} is not defined in the function",
                op.name()
            )
        })
    }

    fn bind(&mut self, op: Op<'ir>, i: usize, sym: Sym) {
        self.values.insert(op.result(i), sym);
    }

    fn result_ty(&self, op: Op<'ir>, i: usize) -> Result<Ty, String> {
        model_type(op.result(i).ty(), self.index_width)
    }

    /// Encodes one op of the function body.
    pub fn op(&mut self, op: Op<'ir>) -> Result<(), String> {
        if op.name() == "func.return" || op.num_results() == 0 {
            return self.encode_op(op);
        }
        // Ops on vectors are encoded as they come (no memo), and only their
        // scalar results are candidates for the sweep.
        if op.operands().chain(op.results()).any(|v| is_vector(v)) {
            self.encode_op(op)?;
            for r in op.results().filter(|r| !is_vector(*r)) {
                if let Some(alias) = self.aliases.get(&r) {
                    self.values.insert(r, alias.clone());
                }
                self.defined.push((r, op.name()));
            }
            return Ok(());
        }
        let key = self.key(op);
        if let Some((results, ub)) = key.as_ref().and_then(|k| self.memo.get(k)).cloned() {
            for (i, sym) in results.into_iter().enumerate() {
                self.bind(op, i, sym);
            }
            self.ub.extend(ub);
        } else {
            let ub_before = self.ub.len();
            self.encode_op(op)?;
            if let Some(key) = key {
                let results = op.results().map(|r| self.values[&r].clone()).collect();
                let ub = self.ub[ub_before..].to_vec();
                self.memo.insert(key, (results, ub));
            }
        }
        for r in op.results() {
            if let Some(alias) = self.aliases.get(&r) {
                self.values.insert(r, alias.clone());
            }
            self.defined.push((r, op.name()));
        }
        Ok(())
    }

    fn encode_op(&mut self, op: Op<'ir>) -> Result<(), String> {
        let name = op.name();
        let (dialect, mnemonic) = name.split_once('.').unwrap_or(("", name));
        if name == "func.return" {
            for i in 0..op.num_operands() {
                let v = op.operand(i);
                if is_vector(v) {
                    let r = self.concatenation(v)?;
                    self.results.push(r);
                    self.vector_results.push(true);
                } else {
                    let r = self.operand(op, i)?;
                    self.results.push(r);
                    self.vector_results.push(false);
                }
            }
            return Ok(());
        }
        if dialect == "vector" {
            return self.vector_op(op, mnemonic);
        }
        if name == "ub.poison" {
            let ty = self.result_ty(op, 0)?;
            let sym = self.value(ty, &bv(ty.width(), 0), "true");
            self.bind(op, 0, sym);
            return Ok(());
        }
        // rshape's size arithmetic on `index` is arith's (what
        // convert-rshape-to-std makes of it); on `!rshape.size` it is not
        // modelled.
        if let ("rshape", "add" | "mul") = (dialect, mnemonic) {
            if !op.result(0).ty().is_index() {
                return Err(format!("`{name}` on `!rshape.size` is not modelled"));
            }
            return self.int_binary(op, if mnemonic == "add" { "addi" } else { "muli" });
        }
        if !ARITH.contains(&dialect) {
            return Err(format!("op `{name}` is not modelled"));
        }
        if op.num_regions() != 0 {
            return Err(format!("op `{name}` has regions"));
        }
        match mnemonic {
            "constant" => self.constant(op),
            "addi" | "subi" | "muli" | "divui" | "divsi" | "remui" | "remsi" | "ceildivui"
            | "ceildivsi" | "floordivsi" | "andi" | "ori" | "xori" | "shli" | "shrui" | "shrsi"
            | "maxsi" | "maxui" | "minsi" | "minui" => self.int_binary(op, mnemonic),
            "addui_extended" | "mulsi_extended" | "mului_extended" => self.extended(op, mnemonic),
            "cmpi" => self.cmpi(op),
            "select" => self.select(op),
            "extui" | "extsi" | "trunci" | "index_cast" | "index_castui" => {
                self.int_cast(op, mnemonic)
            }
            "bitcast" => {
                let a = self.operand(op, 0)?;
                let ty = self.result_ty(op, 0)?;
                let sym = self.value(ty, &a.bits, &a.poison);
                self.bind(op, 0, sym);
                Ok(())
            }
            "addf" | "subf" | "mulf" | "divf" | "remf" | "maximumf" | "minimumf" | "maxnumf"
            | "minnumf" => self.float_binary(op, mnemonic),
            "negf" => self.negf(op),
            "cmpf" => self.cmpf(op),
            "extf" | "truncf" | "sitofp" | "uitofp" | "fptosi" | "fptoui" => {
                self.float_cast(op, mnemonic)
            }
            _ => Err(format!("op `{name}` is not modelled")),
        }
    }

    /// The elements of vector operand `i` of `op`.
    fn elements(&self, op: Op<'ir>, i: usize) -> Result<Vec<Sym>, String> {
        self.vectors.get(&op.operand(i)).cloned().ok_or_else(|| {
            format!(
                "`{}`: vector operand {i} is not modelled (1-D vectors of modelled elements are)",
                op.name()
            )
        })
    }

    /// The static position of a `vector.extract`/`vector.insert` into a
    /// 1-D vector of `n` elements.
    fn position(op: Op<'ir>, n: usize) -> Result<usize, String> {
        let dynamic = op.name() == "vector.extract" && op.num_operands() > 1
            || op.name() == "vector.insert" && op.num_operands() > 2;
        match op
            .attr("static_position")
            .and_then(|a| a.as_dense_i64_array())
            .as_deref()
        {
            Some(&[p]) if !dynamic && (0..n as i64).contains(&p) => Ok(p as usize),
            _ => Err(format!(
                "`{}` at a dynamic, poison or nested position is not modelled",
                op.name()
            )),
        }
    }

    /// The `vector` ops that move elements of 1-D vectors: `extract` and
    /// `insert` at static positions, `from_elements`, `broadcast` of a
    /// scalar.
    fn vector_op(&mut self, op: Op<'ir>, mnemonic: &str) -> Result<(), String> {
        match mnemonic {
            "extract" => {
                let elements = self.elements(op, 0)?;
                let p = Self::position(op, elements.len())?;
                if is_vector(op.result(0)) {
                    return Err("`vector.extract` of a vector is not modelled".into());
                }
                self.bind(op, 0, elements[p].clone());
                Ok(())
            }
            "insert" => {
                if is_vector(op.operand(0)) {
                    return Err("`vector.insert` of a vector is not modelled".into());
                }
                let value = self.operand(op, 0)?;
                let mut elements = self.elements(op, 1)?;
                let p = Self::position(op, elements.len())?;
                elements[p] = value;
                self.vectors.insert(op.result(0), elements);
                Ok(())
            }
            "from_elements" | "broadcast" => {
                let (n, _) = vector_shape(op.result(0).ty(), self.index_width)
                    .ok_or_else(|| format!("`vector.{mnemonic}` of this type is not modelled"))?;
                if is_vector(op.operand(0)) {
                    return Err("`vector.broadcast` of a vector is not modelled".into());
                }
                let elements = if mnemonic == "broadcast" {
                    vec![self.operand(op, 0)?; n]
                } else {
                    (0..op.num_operands())
                        .map(|i| self.operand(op, i))
                        .collect::<Result<_, _>>()?
                };
                self.vectors.insert(op.result(0), elements);
                Ok(())
            }
            _ => Err(format!("op `vector.{mnemonic}` is not modelled")),
        }
    }

    /// A constant vector of integers: its elements.
    fn vector_constant(&mut self, op: Op<'ir>) -> Result<(), String> {
        let ty = op.result(0).ty();
        let (n, element) = vector_shape(ty, self.index_width)
            .ok_or_else(|| format!("a constant of type `{}`", ty.to_string_lossy()))?;
        let Ty::Int(w) = element else {
            return Err("float vector constants are not modelled".into());
        };
        let attr: Attr<'ir> = op.attr("value").ok_or("a constant without a value")?;
        let values = match attr.as_int_const() {
            Some(IntConst::Splat(x)) => vec![x; n],
            Some(IntConst::Dense(v)) if v.len() == n => v,
            _ => return Err(format!("constant `{}`", attr.to_string_lossy())),
        };
        let elements = values
            .iter()
            .map(|x| self.value(element, &bv_words(w, x.words()), "false"))
            .collect();
        self.vectors.insert(op.result(0), elements);
        Ok(())
    }

    /// A returned vector as one value: its elements concatenated (element
    /// 0 lowest), poison when any element is.
    fn concatenation(&mut self, v: Value<'ir>) -> Result<Sym, String> {
        let elements = self
            .vectors
            .get(&v)
            .cloned()
            .ok_or("a returned vector is not modelled")?;
        let width = elements.iter().map(|e| e.ty.width()).sum();
        let bits = if elements.len() == 1 {
            elements[0].bits.clone()
        } else {
            let parts: Vec<&str> = elements.iter().rev().map(|e| e.bits.as_str()).collect();
            format!("(concat {})", parts.join(" "))
        };
        let poisons: Vec<String> = elements.iter().map(|e| e.poison.clone()).collect();
        Ok(self.value(Ty::Int(width), &bits, &or(&poisons)))
    }

    fn constant(&mut self, op: Op<'ir>) -> Result<(), String> {
        if is_vector(op.result(0)) {
            return self.vector_constant(op);
        }
        let ty = self.result_ty(op, 0)?;
        let attr: Attr<'ir> = op.attr("value").ok_or("a constant without a value")?;
        let words = match ty {
            Ty::Int(_) => attr.as_int(),
            Ty::Float { .. } => attr.as_float_bits(),
        }
        .ok_or_else(|| format!("constant `{}` is not a scalar", attr.to_string_lossy()))?;
        let bits = bv_words(ty.width(), words.words());
        let sym = self.value(ty, &bits, "false");
        self.bind(op, 0, sym);
        Ok(())
    }

    fn int_binary(&mut self, op: Op<'ir>, mnemonic: &str) -> Result<(), String> {
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let Ty::Int(w) = a.ty else {
            return Err(format!("`{}` on floats", op.name()));
        };
        let flags = op.enum_attr("overflowFlags").unwrap_or(0);
        let (nsw, nuw) = (flags & 1 != 0, flags & 2 != 0);
        let exact = op.attr("isExact").is_some();
        let (x, y) = (a.bits.as_str(), b.bits.as_str());
        let zero = bv(w, 0);
        let ones = format!("(bvnot {zero})");
        let smin = format!("(bvshl {} {})", bv(w, 1), bv(w, u128::from(w - 1)));
        let mut poison = vec![a.poison.clone(), b.poison.clone()];
        let sext = |n: u32, t: &str| format!("((_ sign_extend {n}) {t})");
        let zext = |n: u32, t: &str| format!("((_ zero_extend {n}) {t})");
        // Division: by zero, by poison, and MIN / -1 are UB.
        let unsigned_ub = format!("(or {} (= {y} {zero}))", b.poison);
        let signed_ub = format!(
            "(or {} (= {y} {zero}) (and (= {y} {ones}) (or {} (= {x} {smin}))))",
            b.poison, a.poison
        );
        let bits = match mnemonic {
            "addi" | "subi" | "muli" => {
                let f = match mnemonic {
                    "addi" => "bvadd",
                    "subi" => "bvsub",
                    _ => "bvmul",
                };
                let n = if mnemonic == "muli" { w } else { 1 };
                let r = format!("({f} {x} {y})");
                if nsw {
                    poison.push(format!(
                        "(not (= ({f} {} {}) {}))",
                        sext(n, x),
                        sext(n, y),
                        sext(n, &r)
                    ));
                }
                if nuw {
                    poison.push(format!(
                        "(not (= ({f} {} {}) {}))",
                        zext(n, x),
                        zext(n, y),
                        zext(n, &r)
                    ));
                }
                r
            }
            "divui" | "remui" | "ceildivui" => {
                self.ub.push(unsigned_ub);
                let q = format!("(bvudiv {x} {y})");
                let rem = format!("(bvurem {x} {y})");
                if exact {
                    poison.push(format!("(not (= {rem} {zero}))"));
                }
                match mnemonic {
                    "divui" => q,
                    "remui" => rem,
                    _ => format!("(ite (= {rem} {zero}) {q} (bvadd {q} {}))", bv(w, 1)),
                }
            }
            "divsi" | "remsi" | "ceildivsi" | "floordivsi" => {
                self.ub.push(signed_ub);
                let q = format!("(bvsdiv {x} {y})");
                let rem = format!("(bvsrem {x} {y})");
                if exact {
                    poison.push(format!("(not (= {rem} {zero}))"));
                }
                // Same signs: the quotient rounds up (ceil) when inexact;
                // different signs: down (floor).
                let same_sign = format!("(= (bvslt {x} {zero}) (bvslt {y} {zero}))");
                match mnemonic {
                    "divsi" => q,
                    "remsi" => rem,
                    "ceildivsi" => format!(
                        "(ite (and (not (= {rem} {zero})) {same_sign}) (bvadd {q} {}) {q})",
                        bv(w, 1)
                    ),
                    _ => format!(
                        "(ite (and (not (= {rem} {zero})) (not {same_sign})) (bvsub {q} {}) {q})",
                        bv(w, 1)
                    ),
                }
            }
            "andi" => format!("(bvand {x} {y})"),
            "ori" => format!("(bvor {x} {y})"),
            "xori" => format!("(bvxor {x} {y})"),
            "shli" | "shrui" | "shrsi" => {
                poison.push(format!("(bvuge {y} {})", bv(w, u128::from(w))));
                let f = match mnemonic {
                    "shli" => "bvshl",
                    "shrui" => "bvlshr",
                    _ => "bvashr",
                };
                let r = format!("({f} {x} {y})");
                if mnemonic == "shli" {
                    if nsw {
                        poison.push(format!("(not (= (bvashr {r} {y}) {x}))"));
                    }
                    if nuw {
                        poison.push(format!("(not (= (bvlshr {r} {y}) {x}))"));
                    }
                } else if exact {
                    poison.push(format!("(not (= (bvshl {r} {y}) {x}))"));
                }
                r
            }
            "maxsi" => format!("(ite (bvsgt {x} {y}) {x} {y})"),
            "maxui" => format!("(ite (bvugt {x} {y}) {x} {y})"),
            "minsi" => format!("(ite (bvslt {x} {y}) {x} {y})"),
            "minui" => format!("(ite (bvult {x} {y}) {x} {y})"),
            _ => unreachable!(),
        };
        let sym = self.value(a.ty, &bits, &or(&poison));
        self.bind(op, 0, sym);
        Ok(())
    }

    fn extended(&mut self, op: Op<'ir>, mnemonic: &str) -> Result<(), String> {
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let Ty::Int(w) = a.ty else {
            return Err(format!("`{}` on floats", op.name()));
        };
        let (x, y) = (a.bits.as_str(), b.bits.as_str());
        let poison = or(&[a.poison.clone(), b.poison.clone()]);
        let (lo, hi, hi_ty) = match mnemonic {
            "addui_extended" => {
                let sum = format!("(bvadd {x} {y})");
                let carry = format!("(ite (bvult {sum} {x}) #b1 #b0)");
                (sum, carry, Ty::Int(1))
            }
            _ => {
                let ext = if mnemonic == "mulsi_extended" {
                    "sign_extend"
                } else {
                    "zero_extend"
                };
                let wide = format!("(bvmul ((_ {ext} {w}) {x}) ((_ {ext} {w}) {y}))");
                (
                    format!("(bvmul {x} {y})"),
                    format!("((_ extract {} {w}) {wide})", 2 * w - 1),
                    Ty::Int(w),
                )
            }
        };
        let s0 = self.value(a.ty, &lo, &poison);
        let s1 = self.value(hi_ty, &hi, &poison);
        self.bind(op, 0, s0);
        self.bind(op, 1, s1);
        Ok(())
    }

    fn cmpi(&mut self, op: Op<'ir>) -> Result<(), String> {
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let (x, y) = (a.bits.as_str(), b.bits.as_str());
        let test = match op.enum_attr("predicate") {
            Some(0) => format!("(= {x} {y})"),
            Some(1) => format!("(not (= {x} {y}))"),
            Some(2) => format!("(bvslt {x} {y})"),
            Some(3) => format!("(bvsle {x} {y})"),
            Some(4) => format!("(bvsgt {x} {y})"),
            Some(5) => format!("(bvsge {x} {y})"),
            Some(6) => format!("(bvult {x} {y})"),
            Some(7) => format!("(bvule {x} {y})"),
            Some(8) => format!("(bvugt {x} {y})"),
            Some(9) => format!("(bvuge {x} {y})"),
            p => return Err(format!("cmpi predicate {p:?}")),
        };
        let sym = self.value(
            Ty::Int(1),
            &format!("(ite {test} #b1 #b0)"),
            &or(&[a.poison, b.poison]),
        );
        self.bind(op, 0, sym);
        Ok(())
    }

    fn select(&mut self, op: Op<'ir>) -> Result<(), String> {
        let c = self.operand(op, 0)?;
        let (t, f) = (self.operand(op, 1)?, self.operand(op, 2)?);
        if c.ty != Ty::Int(1) {
            return Err("select on a non-scalar condition".into());
        }
        let cond = format!("(= {} #b1)", c.bits);
        let bits = format!("(ite {cond} {} {})", t.bits, f.bits);
        let poison = format!("(or {} (ite {cond} {} {}))", c.poison, t.poison, f.poison);
        let mut sym = self.value(t.ty, &bits, &poison);
        if t.free_zero_sign != "false" || f.free_zero_sign != "false" {
            sym.free_zero_sign = format!("(ite {cond} {} {})", t.free_zero_sign, f.free_zero_sign);
        }
        self.bind(op, 0, sym);
        Ok(())
    }

    fn int_cast(&mut self, op: Op<'ir>, mnemonic: &str) -> Result<(), String> {
        let a = self.operand(op, 0)?;
        let to = self.result_ty(op, 0)?;
        let (Ty::Int(from_w), Ty::Int(to_w)) = (a.ty, to) else {
            return Err(format!("`{}` on floats", op.name()));
        };
        let x = a.bits.as_str();
        let signed = matches!(mnemonic, "extsi" | "index_cast");
        let mut poison = vec![a.poison.clone()];
        let bits = if to_w > from_w {
            let ext = if signed { "sign_extend" } else { "zero_extend" };
            format!("((_ {ext} {}) {x})", to_w - from_w)
        } else if to_w < from_w {
            let r = format!("((_ extract {} 0) {x})", to_w - 1);
            let flags = op.enum_attr("overflowFlags").unwrap_or(0);
            if mnemonic == "trunci" && flags & 1 != 0 {
                poison.push(format!(
                    "(not (= ((_ sign_extend {}) {r}) {x}))",
                    from_w - to_w
                ));
            }
            if mnemonic == "trunci" && flags & 2 != 0 {
                poison.push(format!(
                    "(not (= ((_ zero_extend {}) {r}) {x}))",
                    from_w - to_w
                ));
            }
            r
        } else {
            x.to_string()
        };
        let sym = self.value(to, &bits, &or(&poison));
        self.bind(op, 0, sym);
        Ok(())
    }

    /// The fast-math flags of `op` (0 when absent).
    fn fastmath(op: Op<'ir>) -> u64 {
        op.enum_attr("fastmath").unwrap_or(0)
    }

    /// Decoded floating-point term of `s`.
    fn fp(s: &Sym) -> String {
        let Ty::Float { eb, sb } = s.ty else {
            unreachable!()
        };
        format!("((_ to_fp {eb} {sb}) {})", s.bits)
    }

    /// The poison added by `nnan`/`ninf` for decoded terms `fps`.
    fn fast_math_poison(flags: u64, fps: &[String]) -> Vec<String> {
        let mut poison = Vec::new();
        for t in fps {
            if flags & 2 != 0 {
                poison.push(format!("(fp.isNaN {t})"));
            }
            if flags & 4 != 0 {
                poison.push(format!("(fp.isInfinite {t})"));
            }
        }
        poison
    }

    /// Defines a float result from its floating-point term `r`.
    fn float_result(
        &mut self,
        op: Op<'ir>,
        ty: Ty,
        r: &str,
        mut poison: Vec<String>,
        inputs: &[String],
        free_zero: &str,
    ) -> Sym {
        self.count += 1;
        let fp = self.define("f", &ty.fp_sort(), r);
        let flags = Self::fastmath(op);
        let mut checked = inputs.to_vec();
        checked.push(fp.clone());
        poison.extend(Self::fast_math_poison(flags, &checked));
        let bits = format!("(ite (fp.isNaN {fp}) {} (fp.to_ieee_bv {fp}))", qnan(ty));
        let mut sym = self.value(ty, &bits, &or(&poison));
        let nsz = flags & 8 != 0;
        sym.free_zero_sign = match (nsz, free_zero) {
            (true, _) => "true".into(),
            (false, f) => f.into(),
        };
        sym
    }

    fn float_binary(&mut self, op: Op<'ir>, mnemonic: &str) -> Result<(), String> {
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let Ty::Float { eb, sb } = a.ty else {
            return Err(format!("`{}` on integers", op.name()));
        };
        let (x, y) = (Self::fp(&a), Self::fp(&b));
        let (x, y) = (self.define_fp(&a.ty, &x), self.define_fp(&b.ty, &y));
        let mut free_zero = "false".to_string();
        let r = match mnemonic {
            "addf" => format!("(fp.add RNE {x} {y})"),
            "subf" => format!("(fp.sub RNE {x} {y})"),
            "mulf" => format!("(fp.mul RNE {x} {y})"),
            "divf" => format!("(fp.div RNE {x} {y})"),
            // fmod: IEEE's remainder rounds the quotient to nearest; when
            // that leaves a remainder of the other sign than the
            // dividend, add the divisor back (exact: the result is
            // representable). A zero result takes the dividend's sign.
            "remf" => {
                let r = format!("(fp.rem {x} {y})");
                let back = format!("(ite (fp.isNegative {x}) (fp.neg (fp.abs {y})) (fp.abs {y}))");
                format!(
                    "(ite (fp.isZero {r}) (ite (fp.isNegative {x}) (fp.neg (fp.abs {r})) (fp.abs {r})) \
                     (ite (= (fp.isNegative {r}) (fp.isNegative {x})) {r} (fp.add RNE {r} {back})))"
                )
            }
            // IEEE 754-2019 maximum/minimum: NaN if either is; -0 < +0.
            "maximumf" | "minimumf" => {
                let max = mnemonic == "maximumf";
                let gt = if max { "fp.gt" } else { "fp.lt" };
                let zero_pick = if max {
                    format!("(ite (fp.isNegative {x}) {y} {x})")
                } else {
                    format!("(ite (fp.isNegative {x}) {x} {y})")
                };
                format!(
                    "(ite (or (fp.isNaN {x}) (fp.isNaN {y})) (_ NaN {eb} {sb}) \
                     (ite ({gt} {x} {y}) {x} (ite ({gt} {y} {x}) {y} {zero_pick})))"
                )
            }
            // LLVM's maxnum/minnum: the other operand when one is NaN;
            // either zero when they are zeros of both signs.
            _ => {
                let gt = if mnemonic == "maxnumf" {
                    "fp.gt"
                } else {
                    "fp.lt"
                };
                free_zero = format!("(and (fp.isZero {x}) (fp.isZero {y}))");
                format!(
                    "(ite (fp.isNaN {x}) {y} (ite (fp.isNaN {y}) {x} (ite ({gt} {y} {x}) {y} {x})))"
                )
            }
        };
        let poison = vec![a.poison.clone(), b.poison.clone()];
        let sym = self.float_result(op, a.ty, &r, poison, &[x, y], &free_zero);
        self.bind(op, 0, sym);
        Ok(())
    }

    fn define_fp(&mut self, ty: &Ty, term: &str) -> String {
        self.count += 1;
        self.define("d", &ty.fp_sort(), term)
    }

    fn negf(&mut self, op: Op<'ir>) -> Result<(), String> {
        let a = self.operand(op, 0)?;
        let w = a.ty.width();
        // A sign flip of the bits, NaNs included (LLVM's fneg).
        let sign = format!("(bvshl {} {})", bv(w, 1), bv(w, u128::from(w - 1)));
        let x = Self::fp(&a);
        let mut poison = vec![a.poison.clone()];
        poison.extend(Self::fast_math_poison(Self::fastmath(op), &[x]));
        let mut sym = self.value(a.ty, &format!("(bvxor {} {sign})", a.bits), &or(&poison));
        if Self::fastmath(op) & 8 != 0 {
            sym.free_zero_sign = "true".into();
        }
        self.bind(op, 0, sym);
        Ok(())
    }

    fn cmpf(&mut self, op: Op<'ir>) -> Result<(), String> {
        let (a, b) = (self.operand(op, 0)?, self.operand(op, 1)?);
        let (x, y) = (Self::fp(&a), Self::fp(&b));
        let (x, y) = (self.define_fp(&a.ty, &x), self.define_fp(&b.ty, &y));
        let uno = format!("(or (fp.isNaN {x}) (fp.isNaN {y}))");
        let test = match op.enum_attr("predicate") {
            Some(0) => "false".to_string(),
            Some(1) => format!("(fp.eq {x} {y})"),
            Some(2) => format!("(fp.gt {x} {y})"),
            Some(3) => format!("(fp.geq {x} {y})"),
            Some(4) => format!("(fp.lt {x} {y})"),
            Some(5) => format!("(fp.leq {x} {y})"),
            Some(6) => format!("(or (fp.lt {x} {y}) (fp.gt {x} {y}))"),
            Some(7) => format!("(not {uno})"),
            Some(8) => format!("(or {uno} (fp.eq {x} {y}))"),
            Some(9) => format!("(or {uno} (fp.gt {x} {y}))"),
            Some(10) => format!("(or {uno} (fp.geq {x} {y}))"),
            Some(11) => format!("(or {uno} (fp.lt {x} {y}))"),
            Some(12) => format!("(or {uno} (fp.leq {x} {y}))"),
            Some(13) => format!("(not (fp.eq {x} {y}))"),
            Some(14) => uno,
            Some(15) => "true".to_string(),
            p => return Err(format!("cmpf predicate {p:?}")),
        };
        let mut poison = vec![a.poison.clone(), b.poison.clone()];
        poison.extend(Self::fast_math_poison(Self::fastmath(op), &[x, y]));
        let sym = self.value(Ty::Int(1), &format!("(ite {test} #b1 #b0)"), &or(&poison));
        self.bind(op, 0, sym);
        Ok(())
    }

    fn float_cast(&mut self, op: Op<'ir>, mnemonic: &str) -> Result<(), String> {
        let a = self.operand(op, 0)?;
        let to = self.result_ty(op, 0)?;
        match (mnemonic, a.ty, to) {
            ("extf" | "truncf", Ty::Float { .. }, Ty::Float { eb, sb }) => {
                let mode = match op.enum_attr("roundingmode") {
                    None | Some(0) => "RNE",
                    Some(1) => "RTN",
                    Some(2) => "RTP",
                    Some(3) => "RTZ",
                    Some(4) => "RNA",
                    Some(m) => return Err(format!("rounding mode {m}")),
                };
                let x = Self::fp(&a);
                let r = format!("((_ to_fp {eb} {sb}) {mode} {x})");
                let sym = self.float_result(op, to, &r, vec![a.poison.clone()], &[x], "false");
                self.bind(op, 0, sym);
            }
            ("sitofp" | "uitofp", Ty::Int(_), Ty::Float { eb, sb }) => {
                let f = if mnemonic == "sitofp" {
                    "to_fp"
                } else {
                    "to_fp_unsigned"
                };
                let r = format!("((_ {f} {eb} {sb}) RNE {})", a.bits);
                let sym = self.float_result(op, to, &r, vec![a.poison.clone()], &[], "false");
                self.bind(op, 0, sym);
            }
            ("fptosi" | "fptoui", Ty::Float { eb, sb }, Ty::Int(w)) => {
                let x = Self::fp(&a);
                let x = self.define_fp(&a.ty, &x);
                // The value truncated toward zero, in a format with at
                // least two significand bits more than exponent bits: z3
                // 4.8's fp.roundToIntegral fails on narrower significands
                // (bf16, f8E4M3: "invalid zero_extend application").
                // Widening the significand is exact.
                let sb = sb.max(eb + 2);
                let t = format!("(fp.roundToIntegral RTZ ((_ to_fp {eb} {sb}) RNE {x}))");
                let t = self.define_fp(&Ty::Float { eb, sb }, &t);
                // Range checks in that format: the bounds are powers of
                // two, exact there, or infinite where they are beyond its
                // range (and then no finite value reaches them).
                let bound = |k: u32| {
                    let one = bv(w + 1, 1);
                    let k = bv(w + 1, u128::from(k));
                    format!("((_ to_fp_unsigned {eb} {sb}) RNE (bvshl {one} {k}))")
                };
                let in_range = if mnemonic == "fptosi" {
                    format!(
                        "(and (fp.lt {t} {}) (fp.geq {t} (fp.neg {})))",
                        bound(w - 1),
                        bound(w - 1)
                    )
                } else {
                    format!(
                        "(and (fp.lt {t} {}) (or (fp.isZero {t}) (not (fp.isNegative {t}))))",
                        bound(w)
                    )
                };
                let f = if mnemonic == "fptosi" {
                    "fp.to_sbv"
                } else {
                    "fp.to_ubv"
                };
                // z3 4.8 rejects a conversion to one bit ("bit-vector size
                // must be greater than zero"): convert to two and keep the
                // low one (the value is in range wherever it is not poison).
                let bits = if w == 1 {
                    format!("((_ extract 0 0) ((_ {f} 2) RTZ {x}))")
                } else {
                    format!("((_ {f} {w}) RTZ {x})")
                };
                let mut poison = vec![
                    a.poison.clone(),
                    format!("(fp.isNaN {x})"),
                    format!("(fp.isInfinite {x})"),
                    format!("(not {in_range})"),
                ];
                poison.extend(Self::fast_math_poison(Self::fastmath(op), &[x]));
                let sym = self.value(to, &bits, &or(&poison));
                self.bind(op, 0, sym);
            }
            _ => return Err(format!("`{}` on these types", op.name())),
        }
        Ok(())
    }
}

/// The disjunction of `terms` (`false` for none).
pub fn or(terms: &[String]) -> String {
    let terms: Vec<&String> = terms.iter().filter(|t| t.as_str() != "false").collect();
    match terms.len() {
        0 => "false".into(),
        1 => terms[0].clone(),
        _ => format!(
            "(or {})",
            terms
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        ),
    }
}
