//! Small SSA functions over rarith's integer ops, for the execution
//! harnesses: one description renders the function as MLIR twice (as
//! written, and with every use of a value behind an opaque call, so that
//! nothing can fold or rewrite it) and evaluates it in Rust with LLVM's
//! poison and undefined-behaviour rules, so that a harness knows which
//! inputs it may compare and which it must not run.

// Shared by several test binaries: each uses a part.
#![allow(dead_code)]

use std::fmt::Write;

/// An integer type: `iN` or `index` (64 bits here, as the lowering makes it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct IntTy {
    pub width: u32,
    pub index: bool,
}

impl IntTy {
    pub const fn int(width: u32) -> IntTy {
        IntTy {
            width,
            index: false,
        }
    }
    pub const INDEX: IntTy = IntTy {
        width: 64,
        index: true,
    };
    pub fn name(self) -> String {
        if self.index {
            "index".into()
        } else {
            format!("i{}", self.width)
        }
    }
    pub fn mask(self) -> u128 {
        if self.width >= 128 {
            u128::MAX
        } else {
            (1u128 << self.width) - 1
        }
    }
    /// The signed value of the bits `v`.
    pub fn signed(self, v: u128) -> i128 {
        let v = v & self.mask();
        if self.width < 128 && v >> (self.width - 1) & 1 == 1 {
            v as i128 - (1i128 << self.width)
        } else {
            v as i128
        }
    }
    /// The bits of `v` (wrapped).
    pub fn bits(self, v: i128) -> u128 {
        (v as u128) & self.mask()
    }
    pub fn smin(self) -> i128 {
        -(1i128 << (self.width - 1))
    }
    pub fn smax(self) -> i128 {
        (1i128 << (self.width - 1)) - 1
    }
    /// The cast from this type to its ABI type.
    pub fn widen(self) -> &'static str {
        if self.index { "index_castui" } else { "extui" }
    }
    /// The cast from the ABI type to this type.
    pub fn narrow(self) -> &'static str {
        if self.index { "index_cast" } else { "trunci" }
    }
    /// The type on the JIT boundary: widths without a `Scalar` travel as
    /// the next wider one (`index` as `i64`).
    pub fn abi(self) -> IntTy {
        if self.index {
            return IntTy::int(64);
        }
        let w = match self.width {
            1 => 1,
            2..=8 => 8,
            9..=16 => 16,
            17..=32 => 32,
            _ => 64,
        };
        IntTy::int(w)
    }
}

/// Overflow flags of `addi`/`subi`/`muli`/`shli`/`trunci`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Flags {
    pub nsw: bool,
    pub nuw: bool,
}

impl Flags {
    pub const NONE: Flags = Flags {
        nsw: false,
        nuw: false,
    };
    pub const NSW: Flags = Flags {
        nsw: true,
        nuw: false,
    };
    pub const NUW: Flags = Flags {
        nsw: false,
        nuw: true,
    };
    pub const BOTH: Flags = Flags {
        nsw: true,
        nuw: true,
    };
    /// The four combinations.
    pub const ALL: [Flags; 4] = [Flags::NONE, Flags::NSW, Flags::NUW, Flags::BOTH];
    /// The flags both have.
    pub fn and(self, other: Flags) -> Flags {
        Flags {
            nsw: self.nsw && other.nsw,
            nuw: self.nuw && other.nuw,
        }
    }
    /// The flags as written after an op's operands (with a leading space),
    /// or nothing.
    pub fn syntax(self) -> &'static str {
        match (self.nsw, self.nuw) {
            (false, false) => "",
            (true, false) => " overflow<nsw>",
            (false, true) => " overflow<nuw>",
            (true, true) => " overflow<nsw, nuw>",
        }
    }
}

/// A value of a function: its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct V(pub usize);

#[derive(Clone, Debug)]
enum Def {
    Arg(usize),
    Const(i128),
    /// Binary op (mnemonic), flags.
    Bin(&'static str, V, V, Flags),
    Cmp(&'static str, V, V),
    Select(V, V, V),
    /// Cast (mnemonic: extui, extsi, trunci, index_cast, index_castui).
    Cast(&'static str, V, Flags),
    /// Result `k` of an extended op (addui_extended, mulsi_extended,
    /// mului_extended) on two operands; the op is printed once.
    Extended(&'static str, V, V, usize),
}

/// A value as evaluated: its bits, or poison.
pub type Val = Option<u128>;

/// Evaluation failed: the function has undefined behaviour on the inputs
/// (it must not be run on them).
#[derive(Debug)]
pub struct Ub;

/// An SSA function description.
#[derive(Clone, Debug, Default)]
pub struct Func {
    params: Vec<IntTy>,
    defs: Vec<(IntTy, Def)>,
    result: Option<V>,
}

impl Func {
    pub fn new(params: &[IntTy]) -> Func {
        let mut f = Func {
            params: params.to_vec(),
            ..Func::default()
        };
        for (i, &t) in params.iter().enumerate() {
            f.defs.push((t, Def::Arg(i)));
        }
        f
    }
    fn push(&mut self, ty: IntTy, d: Def) -> V {
        self.defs.push((ty, d));
        V(self.defs.len() - 1)
    }
    pub fn arg(&self, i: usize) -> V {
        V(i)
    }
    pub fn ty(&self, v: V) -> IntTy {
        self.defs[v.0].0
    }
    pub fn constant(&mut self, ty: IntTy, value: i128) -> V {
        self.push(ty, Def::Const(ty.signed(ty.bits(value))))
    }
    pub fn bin(&mut self, op: &'static str, a: V, b: V) -> V {
        self.bin_flags(op, a, b, Flags::NONE)
    }
    pub fn bin_flags(&mut self, op: &'static str, a: V, b: V, flags: Flags) -> V {
        let t = self.ty(a);
        self.push(t, Def::Bin(op, a, b, flags))
    }
    pub fn cmp(&mut self, pred: &'static str, a: V, b: V) -> V {
        self.push(IntTy::int(1), Def::Cmp(pred, a, b))
    }
    pub fn select(&mut self, c: V, a: V, b: V) -> V {
        let t = self.ty(a);
        self.push(t, Def::Select(c, a, b))
    }
    pub fn cast(&mut self, op: &'static str, a: V, to: IntTy) -> V {
        self.cast_flags(op, a, to, Flags::NONE)
    }
    /// Zero extension to `to` (`extui`, or `index_castui` to `index`).
    pub fn zext(&mut self, a: V, to: IntTy) -> V {
        self.cast(if to.index { "index_castui" } else { "extui" }, a, to)
    }
    pub fn cast_flags(&mut self, op: &'static str, a: V, to: IntTy, flags: Flags) -> V {
        self.push(to, Def::Cast(op, a, flags))
    }
    /// Result `k` of `op` (addui_extended: sum, overflow; mul*_extended:
    /// low, high).
    pub fn extended(&mut self, op: &'static str, a: V, b: V, k: usize) -> V {
        let t = if op == "addui_extended" && k == 1 {
            IntTy::int(1)
        } else {
            self.ty(a)
        };
        self.push(t, Def::Extended(op, a, b, k))
    }
    pub fn ret(&mut self, v: V) {
        self.result = Some(v);
    }
    pub fn result_ty(&self) -> IntTy {
        self.ty(self.result.expect("result"))
    }
    pub fn params(&self) -> &[IntTy] {
        &self.params
    }

    /// The SSA name of `v` in the rendered function.
    fn name(&self, v: V) -> String {
        match &self.defs[v.0] {
            (ty, Def::Arg(k)) if ty.abi() == *ty => format!("%p{k}"),
            (_, Def::Extended(_, _, _, k)) => format!("%e{}#{k}", v.0),
            _ => format!("%v{}", v.0),
        }
    }

    /// The function as MLIR: `@name` taking and returning the ABI types.
    /// With `opaque`, every use of a value goes through a call of
    /// `@opaque_<abi>` (declared by [`opaque_decls`]), so that no fold or
    /// pattern sees two uses as one value or a constant as constant.
    pub fn render(&self, name: &str, opaque: bool) -> String {
        let mut s = String::new();
        let params: Vec<String> = self
            .params
            .iter()
            .enumerate()
            .map(|(i, t)| format!("%p{i}: {}", t.abi().name()))
            .collect();
        let rt = self.result_ty();
        writeln!(
            s,
            "func.func @{name}({}) -> {} {{",
            params.join(", "),
            rt.abi().name()
        )
        .unwrap();
        let name = |v: V| -> String { self.name(v) };
        let mut fresh = 0usize;
        // A use of value `v`: the value, or a fresh opaque copy of it.
        let mut use_of = |s: &mut String, v: V| -> String {
            let ty = self.ty(v);
            if !opaque {
                return name(v);
            }
            fresh += 1;
            let abi = ty.abi();
            let mut src = name(v);
            if abi != ty {
                writeln!(
                    s,
                    "  %w{fresh} = rarith.{} {src} : {} to {}",
                    ty.widen(),
                    ty.name(),
                    abi.name()
                )
                .unwrap();
                src = format!("%w{fresh}");
            }
            writeln!(
                s,
                "  %o{fresh} = func.call @opaque_{}({src}) : ({}) -> {}",
                abi.name(),
                abi.name(),
                abi.name()
            )
            .unwrap();
            if abi != ty {
                writeln!(
                    s,
                    "  %u{fresh} = rarith.{} %o{fresh} : {} to {}",
                    ty.narrow(),
                    abi.name(),
                    ty.name()
                )
                .unwrap();
                return format!("%u{fresh}");
            }
            format!("%o{fresh}")
        };
        for (i, (ty, d)) in self.defs.iter().enumerate() {
            let t = ty.name();
            match d {
                Def::Arg(k) => {
                    let abi = ty.abi();
                    if abi != *ty {
                        let narrow = ty.narrow();
                        writeln!(s, "  %v{i} = rarith.{narrow} %p{k} : {} to {t}", abi.name())
                            .unwrap();
                    }
                }
                Def::Const(c) => {
                    let lit = if ty.width == 1 && !ty.index {
                        if *c != 0 { "true" } else { "false" }.to_string()
                    } else {
                        format!("{c} : {t}")
                    };
                    writeln!(s, "  %v{i} = rarith.constant {lit}").unwrap();
                }
                Def::Bin(op, a, b, flags) => {
                    let (a, b) = (use_of(&mut s, *a), use_of(&mut s, *b));
                    if op.contains('.') {
                        // An op of another dialect on index/size operands
                        // (rshape.add, rshape.mul): `op a, b : T, T -> T`.
                        writeln!(s, "  %v{i} = {op} {a}, {b} : {t}, {t} -> {t}").unwrap();
                    } else {
                        let flags = flags.syntax();
                        writeln!(s, "  %v{i} = rarith.{op} {a}, {b}{flags} : {t}").unwrap();
                    }
                }
                Def::Cmp(p, a, b) => {
                    let at = self.ty(*a).name();
                    let (a, b) = (use_of(&mut s, *a), use_of(&mut s, *b));
                    writeln!(s, "  %v{i} = rarith.cmpi {p}, {a}, {b} : {at}").unwrap();
                }
                Def::Select(c, a, b) => {
                    let (c, a, b) = (use_of(&mut s, *c), use_of(&mut s, *a), use_of(&mut s, *b));
                    writeln!(s, "  %v{i} = rarith.select {c}, {a}, {b} : {t}").unwrap();
                }
                Def::Cast(op, a, flags) => {
                    let at = self.ty(*a).name();
                    let a = use_of(&mut s, *a);
                    writeln!(
                        s,
                        "  %v{i} = rarith.{op} {a}{} : {at} to {t}",
                        flags.syntax()
                    )
                    .unwrap();
                }
                Def::Extended(op, a, b, _) => {
                    // Each result gets its own op (the other result unused).
                    let at = self.ty(*a).name();
                    let (x, y) = (use_of(&mut s, *a), use_of(&mut s, *b));
                    let types = if *op == "addui_extended" {
                        format!("{at}, i1")
                    } else {
                        at
                    };
                    writeln!(s, "  %e{i}:2 = rarith.{op} {x}, {y} : {types}").unwrap();
                }
            }
        }
        let r = self.result.expect("result");
        let abi = rt.abi();
        let rv = self.name(r);
        if abi == rt {
            writeln!(s, "  return {rv} : {}", rt.name()).unwrap();
        } else {
            writeln!(
                s,
                "  %ret = rarith.{} {rv} : {} to {}\n  return %ret : {}",
                rt.widen(),
                rt.name(),
                abi.name(),
                abi.name()
            )
            .unwrap();
        }
        s.push_str("}\n");
        s
    }

    /// Evaluates the function on `args` (bits of each parameter): the
    /// result, poison (None), or undefined behaviour.
    pub fn eval(&self, args: &[u128]) -> Result<Val, Ub> {
        let mut vals: Vec<Val> = Vec::with_capacity(self.defs.len());
        for (ty, d) in &self.defs {
            let ty = *ty;
            let v = match d {
                Def::Arg(k) => Some(args[*k] & ty.mask()),
                Def::Const(c) => Some(ty.bits(*c)),
                Def::Bin(op, a, b, flags) => {
                    let (Some(x), Some(y)) = (vals[a.0], vals[b.0]) else {
                        // Division by poison is UB; anything else on
                        // poison is poison.
                        if is_division(op) {
                            return Err(Ub);
                        }
                        vals.push(None);
                        continue;
                    };
                    binary(op, ty, x, y, *flags)?
                }
                Def::Cmp(p, a, b) => {
                    let at = self.ty(*a);
                    match (vals[a.0], vals[b.0]) {
                        (Some(x), Some(y)) => Some(u128::from(compare(p, at, x, y))),
                        _ => None,
                    }
                }
                Def::Select(c, a, b) => match vals[c.0] {
                    None => None,
                    Some(1) => vals[a.0],
                    Some(_) => vals[b.0],
                },
                Def::Cast(op, a, flags) => {
                    let at = self.ty(*a);
                    vals[a.0].and_then(|x| cast(op, at, ty, x, *flags))
                }
                Def::Extended(op, a, b, k) => {
                    let at = self.ty(*a);
                    match (vals[a.0], vals[b.0]) {
                        (Some(x), Some(y)) => Some(extended(op, at, x, y, *k)),
                        _ => None,
                    }
                }
            };
            vals.push(v);
        }
        Ok(vals[self.result.expect("result").0])
    }
}

/// `@opaque_<t>`: identity functions the optimizers do not see through
/// (private, defined in the module, never inlined at -O0).
pub fn opaque_decls() -> String {
    let mut s = String::new();
    for t in ["i1", "i8", "i16", "i32", "i64", "index"] {
        writeln!(
            s,
            "func.func private @opaque_{t}(%x: {t}) -> {t} attributes {{ no_inline }} {{\n  return %x : {t}\n}}"
        )
        .unwrap();
    }
    s
}

fn is_division(op: &str) -> bool {
    matches!(
        op,
        "divui" | "divsi" | "remui" | "remsi" | "ceildivui" | "ceildivsi" | "floordivsi"
    )
}

fn compare(p: &str, t: IntTy, x: u128, y: u128) -> bool {
    let (sx, sy) = (t.signed(x), t.signed(y));
    match p {
        "eq" => x == y,
        "ne" => x != y,
        "slt" => sx < sy,
        "sle" => sx <= sy,
        "sgt" => sx > sy,
        "sge" => sx >= sy,
        "ult" => x < y,
        "ule" => x <= y,
        "ugt" => x > y,
        "uge" => x >= y,
        _ => panic!("predicate {p}"),
    }
}

/// A binary op on bits `x`, `y` of type `t`, with LLVM's rules.
fn binary(op: &str, t: IntTy, x: u128, y: u128, f: Flags) -> Result<Val, Ub> {
    // rshape's size arithmetic on index lowers to the wrapping integer op.
    let op = match op {
        "rshape.add" => "addi",
        "rshape.mul" => "muli",
        other => other,
    };
    let w = t.width;
    let (sx, sy) = (t.signed(x), t.signed(y));
    let wrap = |v: i128| Some(t.bits(v));
    let checked = |exact_s: Option<i128>, exact_u: Option<u128>, v: i128| -> Val {
        if f.nsw && exact_s.is_none_or(|e| e < t.smin() || e > t.smax()) {
            return None;
        }
        if f.nuw && exact_u.is_none_or(|e| e > t.mask()) {
            return None;
        }
        Some(t.bits(v))
    };
    let div_ub = || y == 0;
    let sdiv_ub = || y == 0 || (sx == t.smin() && sy == -1);
    Ok(match op {
        "addi" => checked(sx.checked_add(sy), x.checked_add(y), sx.wrapping_add(sy)),
        "subi" => checked(sx.checked_sub(sy), x.checked_sub(y), sx.wrapping_sub(sy)),
        "muli" => checked(sx.checked_mul(sy), x.checked_mul(y), sx.wrapping_mul(sy)),
        "andi" => Some(x & y),
        "ori" => Some(x | y),
        "xori" => Some(x ^ y),
        "maxsi" => Some(if sx >= sy { x } else { y }),
        "minsi" => Some(if sx <= sy { x } else { y }),
        "maxui" => Some(x.max(y)),
        "minui" => Some(x.min(y)),
        "shli" => {
            if y >= u128::from(w) {
                None
            } else {
                let r = t.bits((x << y) as i128);
                let mut v = Some(r);
                if f.nsw && t.signed(r) >> y != sx {
                    v = None;
                }
                if f.nuw && r >> y != x {
                    v = None;
                }
                v
            }
        }
        "shrui" => (y < u128::from(w)).then(|| x >> y),
        "shrsi" => (y < u128::from(w)).then(|| t.bits(sx >> y)),
        "divui" | "remui" | "ceildivui" => {
            if div_ub() {
                return Err(Ub);
            }
            match op {
                "divui" => Some(x / y),
                "remui" => Some(x % y),
                _ => Some(x.div_ceil(y)),
            }
        }
        "divsi" | "remsi" | "ceildivsi" | "floordivsi" => {
            if sdiv_ub() {
                return Err(Ub);
            }
            match op {
                "divsi" => wrap(sx / sy),
                "remsi" => wrap(sx % sy),
                "ceildivsi" => {
                    let q = sx / sy;
                    wrap(if (sx % sy != 0) && ((sx < 0) == (sy < 0)) {
                        q + 1
                    } else {
                        q
                    })
                }
                _ => {
                    let q = sx / sy;
                    wrap(if (sx % sy != 0) && ((sx < 0) != (sy < 0)) {
                        q - 1
                    } else {
                        q
                    })
                }
            }
        }
        _ => panic!("binary op {op}"),
    })
}

fn cast(op: &str, from: IntTy, to: IntTy, x: u128, f: Flags) -> Val {
    let sx = from.signed(x);
    match op {
        "extui" | "index_castui" if to.width >= from.width => Some(x),
        "extsi" | "index_cast" if to.width >= from.width => Some(to.bits(sx)),
        "trunci" | "index_cast" | "index_castui" => {
            let r = x & to.mask();
            if f.nsw && to.signed(r) != sx {
                return None;
            }
            if f.nuw && r != x {
                return None;
            }
            Some(r)
        }
        _ => panic!("cast {op} from {from:?} to {to:?}"),
    }
}

fn extended(op: &str, t: IntTy, x: u128, y: u128, k: usize) -> u128 {
    let w = t.width;
    match (op, k) {
        ("addui_extended", 0) => (x + y) & t.mask(),
        ("addui_extended", _) => u128::from(x + y > t.mask()),
        ("mului_extended", _) => {
            let p = x * y;
            if k == 0 {
                p & t.mask()
            } else {
                (p >> w) & t.mask()
            }
        }
        ("mulsi_extended", _) => {
            let p = t.signed(x) * t.signed(y);
            let bits = p as u128;
            if k == 0 {
                bits & t.mask()
            } else {
                ((p >> w) as u128) & t.mask()
            }
        }
        _ => panic!("extended {op}"),
    }
}
