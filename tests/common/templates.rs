//! The rewrite templates of the execution and proof harnesses: for every
//! canonicalization pattern and folder of rarith, small functions that
//! trigger it, parametrised by type and constants. `rewrite_exec` runs
//! them through the JIT before and after `canonicalize`; `prove` proves
//! them with the SMT validator at every width.

// Shared by several test binaries: each uses a part.
#![allow(dead_code)]

use super::Rng;
use super::ssa::{Flags, Func, IntTy};
use rmlir::ffi::exec::Scalar;

pub const I1: IntTy = IntTy::int(1);
pub const I4: IntTy = IntTy::int(4);
pub const I8: IntTy = IntTy::int(8);
pub const I16: IntTy = IntTy::int(16);
pub const I32: IntTy = IntTy::int(32);
pub const I64: IntTy = IntTy::int(64);
pub const INDEX: IntTy = IntTy::INDEX;

/// The integer types most templates run on.
pub const INTS: &[IntTy] = &[I1, I4, I8, I16, I32, I64, INDEX];
/// Without `i1` (ops whose patterns need wider types).
pub const WIDE: &[IntTy] = &[I4, I8, I16, I32, I64, INDEX];
/// The extended ops: upstream's lowering of them on `index` builds an
/// invalid `llvm.extractvalue` of `index` type, so not on `index` here.
pub const EXTENDED: &[IntTy] = &[I4, I8, I16, I32, I64];

/// The overflow flags selected by a template constant.
pub fn flags_of(selector: i128) -> Flags {
    Flags::ALL[selector.rem_euclid(4) as usize]
}

/// An integer template: the rewrites it targets (pattern names, or
/// `fold rarith.<op>`), the types it runs on, how many constants it takes,
/// and the function for a type and constants.
pub struct Template {
    pub targets: &'static [&'static str],
    pub types: &'static [IntTy],
    pub consts: usize,
    pub build: fn(IntTy, &[i128]) -> Func,
}

/// The folder of binary `op` on a constant on either side, on two
/// constants, and on one value twice: four templates (so that poison or
/// undefined behaviour of one form does not hide the others).
macro_rules! fold_binary {
    ($op:literal, $types:expr) => {
        [
            fold_binary!(@one $op, $types, |f: &mut Func, x, _, k| f.bin($op, x, k)),
            fold_binary!(@one $op, $types, |f: &mut Func, _, y, k| f.bin($op, k, y)),
            fold_binary!(@one $op, $types, |f: &mut Func, x, _, _| f.bin($op, x, x)),
            fold_binary!(@one $op, $types, |f: &mut Func, _, _, k| f.bin($op, k, k)),
        ]
    };
    (@one $op:literal, $types:expr, $form:expr) => {
        Template {
            targets: &[concat!("fold rarith.", $op)],
            types: $types,
            consts: 1,
            build: |t, c| {
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let k = f.constant(t, c[0]);
                let r = $form(&mut f, x, y, k);
                f.ret(r);
                f
            },
        }
    };
}

pub fn templates() -> Vec<Template> {
    let mut all: Vec<Template> = [
        fold_binary!("addi", INTS),
        fold_binary!("subi", INTS),
        fold_binary!("muli", INTS),
        fold_binary!("andi", INTS),
        fold_binary!("ori", INTS),
        fold_binary!("xori", INTS),
        fold_binary!("maxsi", INTS),
        fold_binary!("maxui", INTS),
        fold_binary!("minsi", INTS),
        fold_binary!("minui", INTS),
        fold_binary!("shli", WIDE),
        fold_binary!("shrui", WIDE),
        fold_binary!("shrsi", WIDE),
        fold_binary!("divui", INTS),
        fold_binary!("divsi", INTS),
        fold_binary!("ceildivui", INTS),
        fold_binary!("ceildivsi", INTS),
        fold_binary!("floordivsi", INTS),
        fold_binary!("remui", INTS),
        fold_binary!("remsi", INTS),
    ]
    .into_iter()
    .flatten()
    .collect();
    all.extend([
        // rshape's integer/index part that lowers to code: size arithmetic
        // on index (convert-rshape-to-std makes it arith).
        Template {
            targets: &["fold rshape.add", "fold rshape.mul"],
            types: &[INDEX],
            consts: 2,
            build: |t, c| {
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let (c0, c1) = (f.constant(t, c[0]), f.constant(t, c[1]));
                let zero = f.constant(t, 0);
                let a = f.bin("rshape.add", x, c0);
                let b = f.bin("rshape.mul", a, c1);
                let k = f.bin("rshape.add", c0, c1);
                let m = f.bin("rshape.mul", c0, c1);
                let z = f.bin("rshape.mul", y, zero);
                let r = f.bin("rshape.add", b, k);
                let r = f.bin("rshape.add", r, m);
                let r = f.bin("rshape.add", r, z);
                f.ret(r);
                f
            },
        },
        // Constant reassociation (ArithCanonicalization.td): the third
        // constant picks the overflow flags of both ops.
        Template {
            targets: &["AddIAddConstant", "fold rarith.addi"],
            types: INTS,
            consts: 3,
            build: |t, c| {
                let fl = flags_of(c[2]);
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let (c0, c1) = (f.constant(t, c[0]), f.constant(t, c[1]));
                let a = f.bin_flags("addi", x, c0, fl);
                let r = f.bin_flags("addi", a, c1, fl);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["AddISubConstantRHS"],
            types: INTS,
            consts: 3,
            build: |t, c| {
                let fl = flags_of(c[2]);
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let (c0, c1) = (f.constant(t, c[0]), f.constant(t, c[1]));
                let a = f.bin_flags("subi", x, c0, fl);
                let r = f.bin_flags("addi", a, c1, fl);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["AddISubConstantLHS"],
            types: INTS,
            consts: 3,
            build: |t, c| {
                let fl = flags_of(c[2]);
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let (c0, c1) = (f.constant(t, c[0]), f.constant(t, c[1]));
                let d = f.bin_flags("subi", c0, x, fl);
                let r = f.bin_flags("addi", d, c1, fl);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["SubIRHSAddConstant"],
            types: INTS,
            consts: 3,
            build: |t, c| {
                let fl = flags_of(c[2]);
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let (c0, c1) = (f.constant(t, c[0]), f.constant(t, c[1]));
                let a = f.bin_flags("addi", x, c0, fl);
                let r = f.bin_flags("subi", a, c1, fl);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["SubILHSAddConstant"],
            types: INTS,
            consts: 3,
            build: |t, c| {
                let fl = flags_of(c[2]);
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let (c0, c1) = (f.constant(t, c[0]), f.constant(t, c[1]));
                let a = f.bin_flags("addi", x, c0, fl);
                let r = f.bin_flags("subi", c1, a, fl);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["SubIRHSSubConstantRHS", "SubILHSSubConstantRHS"],
            types: INTS,
            consts: 3,
            build: |t, c| {
                let fl = flags_of(c[2]);
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let (c0, c1) = (f.constant(t, c[0]), f.constant(t, c[1]));
                let a = f.bin_flags("subi", x, c0, fl);
                let r1 = f.bin_flags("subi", a, c1, fl);
                let r2 = f.bin_flags("subi", c1, a, fl);
                let r = f.bin("xori", r1, r2);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["SubIRHSSubConstantLHS", "SubILHSSubConstantLHS"],
            types: INTS,
            consts: 3,
            build: |t, c| {
                let fl = flags_of(c[2]);
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let (c0, c1) = (f.constant(t, c[0]), f.constant(t, c[1]));
                let b = f.bin_flags("subi", c0, x, fl);
                let r1 = f.bin_flags("subi", b, c1, fl);
                let r2 = f.bin_flags("subi", c1, b, fl);
                let r = f.bin("xori", r1, r2);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["MulIMulIConstant", "fold rarith.muli"],
            types: INTS,
            consts: 3,
            build: |t, c| {
                let fl = flags_of(c[2]);
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let (c0, c1) = (f.constant(t, c[0]), f.constant(t, c[1]));
                let a = f.bin_flags("muli", x, c0, fl);
                let r = f.bin_flags("muli", a, c1, fl);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["AddIMulNegativeOneRhs", "AddIMulNegativeOneLhs"],
            types: INTS,
            consts: 0,
            build: |t, _| {
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let m = f.constant(t, -1);
                let n = f.bin("muli", y, m);
                let a = f.bin("addi", x, n);
                let b = f.bin("addi", n, x);
                let r = f.bin("xori", a, b);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["SubISubILHSRHSLHS", "fold rarith.subi"],
            types: INTS,
            consts: 0,
            build: |t, _| {
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let a = f.bin_flags("subi", x, y, Flags::NSW);
                let r = f.bin_flags("subi", a, x, Flags::NSW);
                f.ret(r);
                f
            },
        },
        // Extended arithmetic.
        Template {
            targets: &["AddUIExtendedToAddI", "fold rarith.addui_extended"],
            types: EXTENDED,
            consts: 1,
            build: |t, c| {
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let k = f.constant(t, c[0]);
                let s = f.extended("addui_extended", x, y, 0);
                let o = f.extended("addui_extended", x, k, 1);
                let oe = f.zext(o, t);
                let r = f.bin("addi", s, oe);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &[
                "MulSIExtendedToMulI",
                "MulSIExtendedRHSOne",
                "fold rarith.mulsi_extended",
            ],
            types: EXTENDED,
            consts: 1,
            build: |t, c| {
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let k = f.constant(t, c[0]);
                let one = f.constant(t, 1);
                let lo = f.extended("mulsi_extended", x, y, 0);
                let hi = f.extended("mulsi_extended", x, one, 1);
                let hk = f.extended("mulsi_extended", k, y, 1);
                let a = f.bin("addi", lo, hi);
                let r = f.bin("xori", a, hk);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["MulUIExtendedToMulI", "fold rarith.mului_extended"],
            types: EXTENDED,
            consts: 1,
            build: |t, c| {
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let k = f.constant(t, c[0]);
                let lo = f.extended("mului_extended", x, y, 0);
                let hi = f.extended("mului_extended", x, k, 1);
                let r = f.bin("xori", lo, hi);
                f.ret(r);
                f
            },
        },
        // Bitwise ops of extensions.
        Template {
            targets: &[
                "AndOfExtUI",
                "AndOfExtSI",
                "OrOfExtUI",
                "OrOfExtSI",
                "XOrIOfExtUI",
                "XOrIOfExtSI",
            ],
            types: &[I1, I4, I8, I16, I32],
            consts: 0,
            build: |t, _| {
                let w = IntTy::int((t.width * 2 + 3).min(64));
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let (ux, uy) = (f.cast("extui", x, w), f.cast("extui", y, w));
                let (sx, sy) = (f.cast("extsi", x, w), f.cast("extsi", y, w));
                let a = f.bin("andi", ux, uy);
                let b = f.bin("andi", sx, sy);
                let o = f.bin("ori", ux, uy);
                let p = f.bin("ori", sx, sy);
                let q = f.bin("xori", ux, uy);
                let s = f.bin("xori", sx, sy);
                let m1 = f.bin("addi", a, b);
                let m2 = f.bin("addi", o, p);
                let m3 = f.bin("addi", q, s);
                let m = f.bin("addi", m1, m2);
                let r = f.bin("addi", m, m3);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["XOrINotCmpI", "fold rarith.xori", "fold rarith.cmpi"],
            types: INTS,
            consts: 1,
            build: |t, c| {
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let k = f.constant(t, c[0]);
                let ones = f.constant(I1, -1);
                let mut acc = f.constant(I1, 0);
                for p in [
                    "eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge",
                ] {
                    let cmp = f.cmp(p, x, y);
                    let n = f.bin("xori", cmp, ones);
                    let kc = f.cmp(p, k, y);
                    let m = f.bin("andi", n, kc);
                    acc = f.bin("xori", acc, m);
                }
                f.ret(acc);
                f
            },
        },
        Template {
            targets: &["CmpIExtSI", "CmpIExtUI"],
            types: &[I1, I4, I8, I16, I32],
            consts: 0,
            build: |t, _| {
                let w = IntTy::int(t.width + 5);
                let mut f = Func::new(&[t, t]);
                let (x, y) = (f.arg(0), f.arg(1));
                let (sx, sy) = (f.cast("extsi", x, w), f.cast("extsi", y, w));
                let (ux, uy) = (f.cast("extui", x, w), f.cast("extui", y, w));
                let a = f.cmp("eq", sx, sy);
                let b = f.cmp("ne", ux, uy);
                let r = f.bin("xori", a, b);
                f.ret(r);
                f
            },
        },
        // Casts.
        Template {
            targets: &[
                "ExtSIOfExtUI",
                "TruncIExtSIToExtSI",
                "TruncIExtUIToExtUI",
                "fold rarith.extui",
                "fold rarith.extsi",
                "fold rarith.trunci",
            ],
            types: &[I1, I4, I8],
            consts: 1,
            build: |t, c| {
                let (m, w) = (IntTy::int(t.width + 3), IntTy::int(t.width + 9));
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let k = f.constant(t, c[0]);
                let u = f.cast("extui", x, m);
                let s = f.cast("extsi", u, w);
                let e1 = f.cast("extsi", x, w);
                let t1 = f.cast("trunci", e1, m);
                let e2 = f.cast("extui", x, w);
                let t2 = f.cast("trunci", e2, m);
                let t3 = f.cast("trunci", e2, t);
                let t3w = f.cast("extui", t3, w);
                let ku = f.cast("extui", k, w);
                let ks = f.cast("extsi", k, w);
                let kt = f.cast("trunci", ks, m);
                let a = f.bin("xori", t1, t2);
                let a = f.bin("xori", a, kt);
                let aw = f.cast("extui", a, w);
                let r = f.bin("addi", s, aw);
                let r = f.bin("addi", r, t3w);
                let r = f.bin("addi", r, ku);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["TruncIShrSIToTrunciShrUI", "fold rarith.shrsi"],
            types: &[I8, I16, I32],
            consts: 0,
            build: |t, _| {
                let w = IntTy::int(t.width * 2);
                let mut f = Func::new(&[w]);
                let x = f.arg(0);
                let sh = f.constant(w, i128::from(t.width));
                let s = f.bin("shrsi", x, sh);
                let r = f.cast("trunci", s, t);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &[
                "IndexCastOfIndexCast",
                "IndexCastOfExtSI",
                "IndexCastUIOfIndexCastUI",
                "IndexCastUIOfExtUI",
                "fold rarith.index_cast",
                "fold rarith.index_castui",
            ],
            types: &[I8, I16, I32, I64],
            consts: 1,
            build: |t, c| {
                let n = IntTy::int(4);
                let mut f = Func::new(&[t, n]);
                let (x, s) = (f.arg(0), f.arg(1));
                let k = f.constant(t, c[0]);
                let a = f.cast("index_cast", x, INDEX);
                let b = f.cast("index_cast", a, t);
                let u = f.cast("index_castui", x, INDEX);
                let v = f.cast("index_castui", u, t);
                let se = f.cast("extsi", s, t);
                let si = f.cast("index_cast", se, INDEX);
                let ue = f.cast("extui", s, t);
                let ui = f.cast("index_castui", ue, INDEX);
                let ki = f.cast("index_cast", k, INDEX);
                let kui = f.cast("index_castui", k, INDEX);
                let m = f.bin("addi", si, ui);
                let m = f.bin("xori", m, ki);
                let m = f.bin("addi", m, kui);
                let mt = f.cast("index_cast", m, t);
                let r = f.bin("addi", b, v);
                let r = f.bin("xori", r, mt);
                f.ret(r);
                f
            },
        },
        // select.
        Template {
            targets: &[
                "RedundantSelectFalse",
                "RedundantSelectTrue",
                "SelectNotCond",
                "fold rarith.select",
            ],
            types: INTS,
            consts: 1,
            build: |t, c| {
                let mut f = Func::new(&[I1, t, t, t]);
                let (p, x, y, z) = (f.arg(0), f.arg(1), f.arg(2), f.arg(3));
                let k = f.constant(t, c[0]);
                let ones = f.constant(I1, -1);
                let tr = f.constant(I1, 1);
                let inner = f.select(p, x, y);
                let a = f.select(p, inner, z);
                let b = f.select(p, z, inner);
                let np = f.bin("xori", p, ones);
                let d = f.select(np, x, k);
                let e = f.select(tr, y, z);
                let g = f.select(p, x, x);
                let r = f.bin("xori", a, b);
                let r = f.bin("xori", r, d);
                let r = f.bin("xori", r, e);
                let r = f.bin("xori", r, g);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["SelectI1ToNot", "SelectToExtUI"],
            types: &[I4, I8, I32],
            consts: 0,
            build: |t, _| {
                let mut f = Func::new(&[I1, I1]);
                let (p, q) = (f.arg(0), f.arg(1));
                let (fa, tr) = (f.constant(I1, 0), f.constant(I1, 1));
                let n = f.select(p, fa, tr);
                let (one, zero) = (f.constant(t, 1), f.constant(t, 0));
                let e1 = f.select(q, one, zero);
                let e2 = f.select(q, zero, one);
                let nn = f.cast("extui", n, t);
                let r = f.bin("addi", e1, e2);
                let r = f.bin("xori", r, nn);
                f.ret(r);
                f
            },
        },
        Template {
            targets: &["fold rarith.divui", "fold rarith.divsi"],
            types: WIDE,
            consts: 1,
            build: |t, c| {
                // (x * c) / c with flags folds to x.
                let mut f = Func::new(&[t]);
                let x = f.arg(0);
                let k = f.constant(t, c[0]);
                let m = f.bin_flags("muli", x, k, Flags::NUW);
                let d = f.bin("divui", m, k);
                let n = f.bin_flags("muli", x, k, Flags::NSW);
                let e = f.bin("divsi", n, k);
                let r = f.bin("xori", d, e);
                f.ret(r);
                f
            },
        },
    ]);
    all
}

/// Every tuple of `consts` values drawn from `edges`, thinned at random
/// (seeded by `rng`) to at most `keep`.
pub fn constant_tuples<T: Copy>(
    edges: &[T],
    consts: usize,
    keep: usize,
    rng: &mut Rng,
) -> Vec<Vec<T>> {
    let mut all: Vec<Vec<T>> = vec![vec![]];
    for _ in 0..consts {
        all = all
            .into_iter()
            .flat_map(|c| {
                edges.iter().map(move |&x| {
                    let mut c = c.clone();
                    c.push(x);
                    c
                })
            })
            .collect();
    }
    while all.len() > keep {
        all.swap_remove(rng.below(all.len()));
    }
    all
}

/// Interesting values of a type: the edges and a few small numbers.
pub fn edges(t: IntTy) -> Vec<i128> {
    let mut v = vec![0, 1, -1, 2, 3, t.smin(), t.smax(), t.smin() + 1, 7, 5];
    v.iter_mut().for_each(|x| *x = t.signed(t.bits(*x)));
    v.sort();
    v.dedup();
    v
}

// Floats ----------------------------------------------------------------------

/// A float type of the float sweep; half types cross the JIT boundary as
/// their `i16` bits.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FTy {
    F16,
    BF16,
    F32,
    F64,
}

impl FTy {
    pub fn name(self) -> &'static str {
        match self {
            FTy::F16 => "f16",
            FTy::BF16 => "bf16",
            FTy::F32 => "f32",
            FTy::F64 => "f64",
        }
    }
    pub fn abi(self) -> &'static str {
        match self {
            FTy::F16 | FTy::BF16 => "i16",
            t => t.name(),
        }
    }
    pub fn width(self) -> u32 {
        match self {
            FTy::F16 | FTy::BF16 => 16,
            FTy::F32 => 32,
            FTy::F64 => 64,
        }
    }
    /// (exponent bits, mantissa bits).
    pub fn layout(self) -> (u32, u32) {
        match self {
            FTy::F16 => (5, 10),
            FTy::BF16 => (8, 7),
            FTy::F32 => (8, 23),
            FTy::F64 => (11, 52),
        }
    }
    pub fn is_nan(self, bits: u128) -> bool {
        let (e, m) = self.layout();
        (bits >> m) & ((1 << e) - 1) == (1 << e) - 1 && bits & ((1 << m) - 1) != 0
    }
    /// Edges: ±0, ±1, ±1.5, ±inf, qNaN, smallest subnormal, largest finite,
    /// smallest normal, 0.5, 3.
    pub fn edges(self) -> Vec<u128> {
        let (e, m) = self.layout();
        let sign = 1u128 << (e + m);
        let bias = (1u128 << (e - 1)) - 1;
        let one = bias << m;
        let inf = ((1u128 << e) - 1) << m;
        let mut v = vec![
            0,
            one,
            one | (1 << (m - 1)),
            inf,
            inf | (1 << (m - 1)),
            1,
            inf - 1,
            1 << m,
            (bias - 1) << m,
            ((bias + 1) << m) | (1 << (m - 1)),
        ];
        let neg: Vec<u128> = v.iter().map(|b| b | sign).collect();
        v.extend(neg);
        v
    }
    pub fn random(self, rng: &mut Rng) -> u128 {
        if rng.below(2) == 0 {
            *rng.pick(&self.edges())
        } else {
            u128::from(rng.next()) & ((1u128 << self.width()) - 1)
        }
    }
    pub fn literal(self, bits: u128) -> String {
        format!(
            "0x{bits:0w$X} : {}",
            self.name(),
            w = (self.width() / 4) as usize
        )
    }
    pub fn scalar(self, bits: u128) -> Scalar {
        match self {
            FTy::F16 | FTy::BF16 => Scalar::I16(bits as u16 as i16),
            FTy::F32 => Scalar::F32(f32::from_bits(bits as u32)),
            FTy::F64 => Scalar::F64(f64::from_bits(bits as u64)),
        }
    }
}

pub const FLOATS: &[FTy] = &[FTy::F16, FTy::BF16, FTy::F32, FTy::F64];
pub const HALVES_AND_F32: &[FTy] = &[FTy::F16, FTy::BF16, FTy::F32];

/// A float template: `%a0`, `%a1` are float arguments of type `{T}`, `%x` an
/// `i16` argument, `%c0`, `%c1` float constants; the body defines `%r` of
/// the result kind (`{T}`, or `i1` when `cmp`).
pub struct FloatTemplate {
    pub targets: &'static [&'static str],
    pub types: &'static [FTy],
    pub args: usize,
    pub int_arg: bool,
    pub consts: usize,
    pub cmp: bool,
    pub body: &'static str,
}

/// Binary float op `op` with a constant on either side and on both.
macro_rules! fold_float {
    ($op:literal) => {
        FloatTemplate {
            targets: &[concat!("fold rarith.", $op)],
            types: FLOATS,
            args: 1,
            int_arg: false,
            consts: 2,
            cmp: false,
            body: concat!(
                "%s0 = rarith.",
                $op,
                " %a0, %c0 : {T}\n",
                "%s1 = rarith.",
                $op,
                " %c1, %a0 : {T}\n",
                "%s2 = rarith.",
                $op,
                " %c0, %c1 : {T}\n",
                "%s3 = rarith.",
                $op,
                " %s0, %s1 : {T}\n",
                "%r = rarith.",
                $op,
                " %s3, %s2 : {T}"
            ),
        }
    };
}

pub fn float_templates() -> Vec<FloatTemplate> {
    vec![
        FloatTemplate {
            targets: &["MulFOfNegF", "DivFOfNegF", "fold rarith.negf"],
            types: FLOATS,
            args: 2,
            int_arg: false,
            consts: 1,
            cmp: false,
            body: "%n0 = rarith.negf %a0 : {T}\n%n1 = rarith.negf %a1 : {T}\n\
                   %m = rarith.mulf %n0, %n1 : {T}\n%d = rarith.divf %n0, %n1 : {T}\n\
                   %k = rarith.negf %c0 : {T}\n%e = rarith.addf %m, %k : {T}\n\
                   %r = rarith.subf %e, %d : {T}",
        },
        FloatTemplate {
            targets: &[
                "CmpFIntToFPConst",
                "fold rarith.sitofp",
                "fold rarith.uitofp",
            ],
            types: FLOATS,
            args: 0,
            int_arg: true,
            consts: 1,
            cmp: true,
            body: "%i = rarith.sitofp %x : i16 to {T}\n%u = rarith.uitofp %x : i16 to {T}\n\
                   %p0 = rarith.cmpf olt, %i, %c0 : {T}\n%p1 = rarith.cmpf oeq, %i, %c0 : {T}\n\
                   %p2 = rarith.cmpf uge, %u, %c0 : {T}\n%p3 = rarith.cmpf one, %u, %c0 : {T}\n\
                   %ci = rarith.constant 300 : i16\n%k = rarith.sitofp %ci : i16 to {T}\n\
                   %ku = rarith.uitofp %ci : i16 to {T}\n%p4 = rarith.cmpf ogt, %k, %ku : {T}\n\
                   %q0 = rarith.xori %p0, %p1 : i1\n%q1 = rarith.xori %p2, %p3 : i1\n\
                   %q2 = rarith.xori %q0, %q1 : i1\n%r = rarith.xori %q2, %p4 : i1",
        },
        FloatTemplate {
            targets: &[
                "TruncFSIToFPToSIToFP",
                "TruncFUIToFPToUIToFP",
                "fold rarith.truncf",
                "fold rarith.extf",
            ],
            types: HALVES_AND_F32,
            args: 0,
            int_arg: true,
            consts: 1,
            cmp: false,
            body: "%s = rarith.sitofp %x : i16 to f64\n%t = rarith.truncf %s : f64 to {T}\n\
                   %u = rarith.uitofp %x : i16 to f64\n%v = rarith.truncf %u : f64 to {T}\n\
                   %w = rarith.extf %c0 : {T} to f64\n%y = rarith.truncf %w : f64 to {T}\n\
                   %z = rarith.addf %t, %v : {T}\n%r = rarith.addf %z, %y : {T}",
        },
        FloatTemplate {
            targets: &["BitcastOfBitcast", "fold rarith.bitcast"],
            types: FLOATS,
            args: 1,
            int_arg: false,
            consts: 1,
            cmp: false,
            body: "%i = rarith.bitcast %a0 : {T} to {I}\n%f = rarith.bitcast %i : {I} to {T}\n\
                   %k = rarith.bitcast %c0 : {T} to {I}\n%g = rarith.bitcast %k : {I} to {T}\n\
                   %r = rarith.addf %f, %g : {T}",
        },
        FloatTemplate {
            targets: &["fold rarith.cmpf"],
            types: FLOATS,
            args: 1,
            int_arg: false,
            consts: 2,
            cmp: true,
            body: "%p0 = rarith.cmpf olt, %c0, %c1 : {T}\n%p1 = rarith.cmpf uno, %a0, %a0 : {T}\n\
                   %p2 = rarith.cmpf oge, %c1, %c0 : {T}\n%p3 = rarith.cmpf ueq, %c0, %c0 : {T}\n\
                   %p4 = rarith.cmpf true, %a0, %c0 : {T}\n%p5 = rarith.cmpf false, %a0, %c1 : {T}\n\
                   %q0 = rarith.xori %p0, %p1 : i1\n%q1 = rarith.xori %p2, %p3 : i1\n\
                   %q2 = rarith.xori %p4, %p5 : i1\n%q3 = rarith.xori %q0, %q1 : i1\n\
                   %r = rarith.xori %q3, %q2 : i1",
        },
        FloatTemplate {
            targets: &["fold rarith.fptosi", "fold rarith.fptoui"],
            types: FLOATS,
            args: 0,
            int_arg: true,
            consts: 0,
            cmp: false,
            body: "%k = rarith.constant 42 : i16\n%f = rarith.sitofp %k : i16 to {T}\n\
                   %s = rarith.fptosi %f : {T} to i16\n%u = rarith.fptoui %f : {T} to i16\n\
                   %a = rarith.addi %s, %u : i16\n%b = rarith.addi %a, %x : i16\n\
                   %r = rarith.sitofp %b : i16 to {T}",
        },
        fold_float!("addf"),
        fold_float!("subf"),
        fold_float!("mulf"),
        fold_float!("divf"),
        fold_float!("remf"),
        fold_float!("maximumf"),
        fold_float!("minimumf"),
        fold_float!("maxnumf"),
        fold_float!("minnumf"),
    ]
}

/// The float template `tpl` for type `t` as a function `@name`: with
/// `consts` as `rarith.constant`s, or (None) taking them as arguments so
/// that nothing folds.
pub fn render_float(tpl: &FloatTemplate, t: FTy, name: &str, consts: Option<&[u128]>) -> String {
    render_float_at(tpl, t, name, consts, true)
}

/// [`render_float`], with half types crossing the function boundary as
/// their `i16` bits (for the JIT) or as themselves (`halves_as_bits`
/// false: for the validator, which compares floats as floats).
pub fn render_float_at(
    tpl: &FloatTemplate,
    t: FTy,
    name: &str,
    consts: Option<&[u128]>,
    halves_as_bits: bool,
) -> String {
    let native = !halves_as_bits || t.abi() == t.name();
    let mut params: Vec<String> = Vec::new();
    let mut prologue = String::new();
    let float_param = |v: &str, params: &mut Vec<String>, prologue: &mut String| {
        if native {
            params.push(format!("%{v}: {}", t.name()));
        } else {
            params.push(format!("%{v}_bits: i16"));
            prologue.push_str(&format!(
                "  %{v} = rarith.bitcast %{v}_bits : i16 to {}\n",
                t.name()
            ));
        }
    };
    for i in 0..tpl.args {
        float_param(&format!("a{i}"), &mut params, &mut prologue);
    }
    if tpl.int_arg {
        params.push("%x: i16".into());
    }
    match consts {
        Some(values) => {
            for (i, bits) in values.iter().enumerate() {
                prologue.push_str(&format!("  %c{i} = rarith.constant {}\n", t.literal(*bits)));
            }
        }
        None => {
            for i in 0..tpl.consts {
                float_param(&format!("c{i}"), &mut params, &mut prologue);
            }
        }
    }
    let int_name = format!("i{}", t.width());
    let body = tpl.body.replace("{T}", t.name()).replace("{I}", &int_name);
    let (ret_ty, epilogue) = if tpl.cmp {
        ("i1".to_string(), "  return %r : i1\n".to_string())
    } else if native {
        (
            t.name().to_string(),
            format!("  return %r : {}\n", t.name()),
        )
    } else {
        (
            "i16".to_string(),
            format!(
                "  %rb = rarith.bitcast %r : {} to i16\n  return %rb : i16\n",
                t.name()
            ),
        )
    };
    let mut s = format!(
        "func.func @{name}({}) -> {ret_ty} {{\n{prologue}",
        params.join(", ")
    );
    for line in body.lines() {
        s.push_str("  ");
        s.push_str(line.trim());
        s.push('\n');
    }
    s.push_str(&epilogue);
    s.push_str("}\n");
    s
}
