//! The source and target shapes of rarith's canonicalization patterns that
//! match on constants, written as data (in the manner of MLIR's DRR), so
//! that a pattern is proven for *every* value of its constants, not for a
//! sample of them.
//!
//! A shape is a function body over `%x` and the constants `%c0`, `%c1`
//! (symbolic: function arguments marked `rmlir.tv.constant`, which range
//! over every value but never poison). `before` is what the pattern
//! matches; `after` is what it builds, with the new constant and every
//! decision the pattern takes on the constants (which overflow flags to
//! keep, whether it fires at all) computed by rarith ops from `%c0`, `%c1`
//! and chosen by `select`. `tests/prove.rs` then
//! - proves `after` refines `before` for all `%x` (poison included) and all
//!   constants, at every width: the shape is right;
//! - instantiates both with concrete constants and checks that rmlir's
//!   `canonicalize`, with only this pattern enabled (and the folders, which
//!   evaluate `after`'s constant arithmetic and selects), makes the same IR
//!   of both: the shape is the pattern's.
//!
//! Placeholders: `$T` the type, `$U` the result type (a narrower one for
//! the truncations, else `$T`), `$DIFF` the width of `$T` less that of
//! `$U`, `$WM1` the width of `$T` less one; `$F0`, `$F1` the overflow flags
//! of the source's ops (every combination is proven) and `$M` the flags
//! both have, `$Mnsw`/`$Mnuw` only its `nsw`/`nuw`. The body defines `%r`,
//! which the function returns.

// Shared by several test binaries: each uses a part.
#![allow(dead_code)]

use super::ssa::{Flags, IntTy};
use super::templates::{FTy, edges};

/// One pattern's shapes.
pub struct Shape {
    /// The pattern's name, as `canonicalize{enable-patterns=...}` takes it.
    pub pattern: &'static str,
    /// The widest integer width of the fast subset (`make test`): the
    /// solver's time on a product of three unknowns grows about threefold a
    /// bit (12 s at 8 bits).
    pub fast_up_to: u32,
    /// Its source and target.
    pub kind: Kind,
}

/// How a shape is written.
pub enum Kind {
    /// As text with placeholders, over integers.
    Int {
        /// How many overflow-flag sets the source has (`$F0`, `$F1`).
        flag_sets: usize,
        /// How many constants it matches (`%c0`, `%c1`).
        consts: usize,
        /// Whether `$U` is narrower than `$T` (else the same type).
        narrowing: bool,
        /// Whether it is proven at `index` too.
        index: bool,
        /// The source.
        before: &'static str,
        /// The target.
        after: &'static str,
    },
    /// `CmpFIntToFPConst`, built per predicate, float type and integer
    /// type by [`cmpf_int_to_fp_const`].
    CmpFIntToFP,
}

/// An instance of a shape: its source and target as functions.
pub trait ShapeInstance: Send {
    /// The source (or with `target` the target) as the function `name`:
    /// with `constants` (literals), `%c0`, ... are those values; without,
    /// they are arguments marked `rmlir.tv.constant` (every value, never
    /// poison).
    fn function(&self, name: &str, target: bool, constants: Option<&[String]>) -> String;
    /// A description for reports.
    fn describe(&self) -> String;
    /// Whether upstream's `mlir-opt` aborts on the source (then its
    /// canonicalize is not validated there).
    fn upstream_aborts(&self) -> bool {
        false
    }
}

/// A shape's instances at one type (proven in one module), and the constant
/// values the pattern is checked on.
pub struct Group {
    /// The type, for the report.
    pub label: String,
    /// The first type of the label, for the widths column.
    pub ty: String,
    /// Groups of one family are harder for the solver the later they come:
    /// once one is undecided, the rest of its family is not attempted.
    pub family: String,
    /// The instances at this type (one function each).
    pub instances: Vec<Box<dyn ShapeInstance>>,
    /// How many constants each instance takes.
    pub consts: usize,
    /// Candidate literals for each constant.
    pub values: Vec<String>,
    /// Tuples of constants always checked (the overflowing ones).
    pub tuples: Vec<Vec<String>>,
}

/// `%x: ty`, then the constants, as parameters or as `rarith.constant`s of
/// type `cty`: the parameter list and the body's first lines.
fn header(ty: &str, cty: &str, consts: usize, constants: Option<&[String]>) -> (String, String) {
    let mut params = vec![format!("%x: {ty}")];
    let mut text = String::new();
    for i in 0..consts {
        match constants {
            Some(c) => text.push_str(&format!("%c{i} = rarith.constant {} : {cty}\n", c[i])),
            None => params.push(format!("%c{i}: {cty} {{{}}}", rmlir::tv::CONSTANT_ARGUMENT)),
        }
    }
    (params.join(", "), text)
}

/// The function `name(params) -> result` of `body` (which defines `%r`).
fn wrap(name: &str, params: &str, result: &str, body: &str) -> String {
    let body: String = body.lines().map(|l| format!("  {l}\n")).collect();
    format!("func.func @{name}({params}) -> {result} {{\n{body}  return %r : {result}\n}}\n")
}

/// `%c = A + B`, and whether computing it overflowed as signed (`%sov`) and
/// as unsigned (`%uov`) numbers.
macro_rules! add_ov {
    ($a:literal, $b:literal) => {
        concat!(
            "%c = rarith.addi ",
            $a,
            ", ",
            $b,
            " : $T\n",
            "%zero = rarith.constant 0 : $T\n",
            "%uov = rarith.cmpi ult, %c, ",
            $a,
            " : $T\n",
            "%sa = rarith.xori %c, ",
            $a,
            " : $T\n",
            "%sb = rarith.xori %c, ",
            $b,
            " : $T\n",
            "%sab = rarith.andi %sa, %sb : $T\n",
            "%sov = rarith.cmpi slt, %sab, %zero : $T\n",
        )
    };
}

/// `%c = A - B`, with `%sov` and `%uov` as for [`add_ov`].
macro_rules! sub_ov {
    ($a:literal, $b:literal) => {
        concat!(
            "%c = rarith.subi ",
            $a,
            ", ",
            $b,
            " : $T\n",
            "%zero = rarith.constant 0 : $T\n",
            "%uov = rarith.cmpi ult, ",
            $a,
            ", ",
            $b,
            " : $T\n",
            "%sa = rarith.xori ",
            $a,
            ", ",
            $b,
            " : $T\n",
            "%sb = rarith.xori %c, ",
            $a,
            " : $T\n",
            "%sab = rarith.andi %sa, %sb : $T\n",
            "%sov = rarith.cmpi slt, %sab, %zero : $T\n",
        )
    };
}

/// `%c = A * B`, with `%sov` and `%uov` as for [`add_ov`]: the high half of
/// the unsigned product is not zero, or that of the signed product is not
/// the low half's sign.
macro_rules! mul_ov {
    ($a:literal, $b:literal) => {
        concat!(
            "%c, %uhi = rarith.mului_extended ",
            $a,
            ", ",
            $b,
            " : $T\n",
            "%zero = rarith.constant 0 : $T\n",
            "%uov = rarith.cmpi ne, %uhi, %zero : $T\n",
            "%slo, %shi = rarith.mulsi_extended ",
            $a,
            ", ",
            $b,
            " : $T\n",
            "%wm1 = rarith.constant $WM1 : $T\n",
            "%sign = rarith.shrsi %c, %wm1 : $T\n",
            "%sov = rarith.cmpi ne, %shi, %sign : $T\n",
        )
    };
}

/// `%r = OP LHS, RHS` with the flags both source ops had, less `nsw` where
/// computing the new constant overflowed as signed numbers and less `nuw`
/// where it overflowed as unsigned ones.
macro_rules! merged_flags {
    ($op:literal, $lhs:literal, $rhs:literal) => {
        concat!(
            "%r00 = rarith.",
            $op,
            " ",
            $lhs,
            ", ",
            $rhs,
            " $M : $T\n",
            "%r01 = rarith.",
            $op,
            " ",
            $lhs,
            ", ",
            $rhs,
            " $Mnsw : $T\n",
            "%r10 = rarith.",
            $op,
            " ",
            $lhs,
            ", ",
            $rhs,
            " $Mnuw : $T\n",
            "%r11 = rarith.",
            $op,
            " ",
            $lhs,
            ", ",
            $rhs,
            " : $T\n",
            "%ru0 = rarith.select %uov, %r01, %r00 : $T\n",
            "%ru1 = rarith.select %uov, %r11, %r10 : $T\n",
            "%r = rarith.select %sov, %ru1, %ru0 : $T\n",
        )
    };
}

/// A reassociation of two constants: `outer(inner(..))` to one op.
macro_rules! reassociation {
    ($pattern:literal, $before:expr, $after:expr, index: $index:literal) => {
        reassociation!($pattern, $before, $after, index: $index, fast_up_to: 64)
    };
    ($pattern:literal, $before:expr, $after:expr, index: $index:literal, fast_up_to: $fast:literal) => {
        Shape {
            pattern: $pattern,
            fast_up_to: $fast,
            kind: Kind::Int {
                flag_sets: 2,
                consts: 2,
                narrowing: false,
                index: $index,
                before: $before,
                after: $after,
            },
        }
    };
}

/// Every shape.
pub fn shapes() -> Vec<Shape> {
    vec![
        reassociation!(
            "AddIAddConstant",
            "%a = rarith.addi %x, %c0 $F0 : $T\n%r = rarith.addi %a, %c1 $F1 : $T\n",
            concat!(add_ov!("%c0", "%c1"), merged_flags!("addi", "%x", "%c")),
            index: true
        ),
        reassociation!(
            "AddISubConstantRHS",
            "%a = rarith.subi %x, %c0 $F0 : $T\n%r = rarith.addi %a, %c1 $F1 : $T\n",
            concat!(sub_ov!("%c1", "%c0"), merged_flags!("addi", "%x", "%c")),
            index: true
        ),
        reassociation!(
            "AddISubConstantLHS",
            "%a = rarith.subi %c0, %x $F0 : $T\n%r = rarith.addi %a, %c1 $F1 : $T\n",
            concat!(add_ov!("%c0", "%c1"), merged_flags!("subi", "%c", "%x")),
            index: true
        ),
        // The one reassociation that drops every flag (as upstream).
        reassociation!(
            "SubIRHSAddConstant",
            "%a = rarith.addi %x, %c0 $F0 : $T\n%r = rarith.subi %a, %c1 $F1 : $T\n",
            "%c = rarith.subi %c0, %c1 : $T\n%r = rarith.addi %x, %c : $T\n",
            index: true
        ),
        reassociation!(
            "SubILHSAddConstant",
            "%a = rarith.addi %x, %c0 $F0 : $T\n%r = rarith.subi %c1, %a $F1 : $T\n",
            concat!(sub_ov!("%c1", "%c0"), merged_flags!("subi", "%c", "%x")),
            index: true
        ),
        reassociation!(
            "SubIRHSSubConstantRHS",
            "%a = rarith.subi %x, %c0 $F0 : $T\n%r = rarith.subi %a, %c1 $F1 : $T\n",
            concat!(add_ov!("%c0", "%c1"), merged_flags!("subi", "%x", "%c")),
            index: true
        ),
        reassociation!(
            "SubIRHSSubConstantLHS",
            "%a = rarith.subi %c0, %x $F0 : $T\n%r = rarith.subi %a, %c1 $F1 : $T\n",
            concat!(sub_ov!("%c0", "%c1"), merged_flags!("subi", "%c", "%x")),
            index: true
        ),
        reassociation!(
            "SubILHSSubConstantRHS",
            "%a = rarith.subi %x, %c0 $F0 : $T\n%r = rarith.subi %c1, %a $F1 : $T\n",
            concat!(add_ov!("%c0", "%c1"), merged_flags!("subi", "%c", "%x")),
            index: true
        ),
        reassociation!(
            "SubILHSSubConstantLHS",
            "%a = rarith.subi %c0, %x $F0 : $T\n%r = rarith.subi %c1, %a $F1 : $T\n",
            concat!(sub_ov!("%c1", "%c0"), merged_flags!("addi", "%x", "%c")),
            index: true
        ),
        reassociation!(
            "MulIMulIConstant",
            "%a = rarith.muli %x, %c0 $F0 : $T\n%r = rarith.muli %a, %c1 $F1 : $T\n",
            concat!(mul_ov!("%c0", "%c1"), merged_flags!("muli", "%x", "%c")),
            index: false,
            fast_up_to: 5
        ),
        // trunci(shrsi(x, c)) -> trunci(shrui(x, c)) when c is the number of
        // bits the truncation drops: the bits shifted in are dropped. The
        // truncation keeps its flags where it has `nuw` (it is then defined
        // for a non-negative x only), and none where it has `nsw` alone:
        // shrui(x, c) of a negative x has the kept sign bit set and the
        // dropped bits clear, so it does not fit.
        Shape {
            pattern: "TruncIShrSIToTrunciShrUI",
            fast_up_to: 64,
            kind: Kind::Int {
                flag_sets: 1,
                consts: 1,
                narrowing: true,
                index: false,
                before: "%s = rarith.shrsi %x, %c0 : $T\n%r = rarith.trunci %s $F0 : $T to $U\n",
                after: concat!(
                    "%s = rarith.shrsi %x, %c0 : $T\n",
                    "%d = rarith.constant $DIFF : $T\n",
                    "%fires = rarith.cmpi eq, %c0, %d : $T\n",
                    "%u = rarith.shrui %x, %c0 : $T\n",
                    "%ru = rarith.trunci %u $M_if_nuw : $T to $U\n",
                    "%rs = rarith.trunci %s $F0 : $T to $U\n",
                    "%r = rarith.select %fires, %ru, %rs : $U\n",
                ),
            },
        },
        // cmpf(sitofp/uitofp(x), C) -> cmpi(x, int(C)) or a constant.
        Shape {
            pattern: "CmpFIntToFPConst",
            fast_up_to: 64,
            kind: Kind::CmpFIntToFP,
        },
    ]
}

/// An instance of an integer shape: its types and its source's flags.
#[derive(Clone, Debug)]
pub struct Instance {
    /// `$T`: `i<w>` or `index`.
    pub ty: String,
    /// Its width (64 for `index`).
    pub width: u32,
    /// `$U` and its width.
    pub result: (String, u32),
    /// `$F0`, `$F1`.
    pub flags: Vec<Flags>,
    /// How many constants.
    pub consts: usize,
    /// The source, with placeholders.
    pub before: &'static str,
    /// The target, with placeholders.
    pub after: &'static str,
}

impl Instance {
    /// `body` with the placeholders filled in.
    fn fill(&self, body: &str) -> String {
        let merged = self.flags.iter().fold(
            Flags {
                nsw: true,
                nuw: true,
            },
            |m, f| m.and(*f),
        );
        let only = |nsw, nuw| merged.and(Flags { nsw, nuw }).syntax();
        let if_nuw = if merged.nuw { merged.syntax() } else { "" };
        let mut s = body
            .replace("$M_if_nuw", if_nuw)
            .replace("$Mnsw", only(true, false))
            .replace("$Mnuw", only(false, true))
            .replace("$M", merged.syntax())
            .replace("$WM1", &(self.width - 1).to_string())
            .replace("$DIFF", &(self.width - self.result.1).to_string());
        for (i, f) in self.flags.iter().enumerate() {
            s = s.replace(&format!("$F{i}"), f.syntax());
        }
        s.replace("$T", &self.ty).replace("$U", &self.result.0)
    }
}

impl ShapeInstance for Instance {
    fn function(&self, name: &str, target: bool, constants: Option<&[String]>) -> String {
        let (params, mut body) = header(&self.ty, &self.ty, self.consts, constants);
        body.push_str(&self.fill(if target { self.after } else { self.before }));
        wrap(name, &params, &self.result.0, &body)
    }

    fn describe(&self) -> String {
        let flags: Vec<&str> = self
            .flags
            .iter()
            .map(|f| match f.syntax() {
                "" => "none",
                t => t.trim_start(),
            })
            .collect();
        if self.result.0 == self.ty {
            format!("{}, flags [{}]", self.ty, flags.join("; "))
        } else {
            format!(
                "{} to {}, flags [{}]",
                self.ty,
                self.result.0,
                flags.join("; ")
            )
        }
    }
}

/// Every combination of `n` flag sets.
pub fn flag_combinations(n: usize) -> Vec<Vec<Flags>> {
    let mut all = vec![vec![]];
    for _ in 0..n {
        all = all
            .into_iter()
            .flat_map(|v: Vec<Flags>| {
                Flags::ALL.iter().map(move |f| {
                    let mut v = v.clone();
                    v.push(*f);
                    v
                })
            })
            .collect();
    }
    all
}

impl Shape {
    /// The types the shape is proven at, with its instances there: every
    /// width 1-64 (and `index`) when `full`, else a few up to `fast_up_to`.
    pub fn groups(&self, full: bool) -> Vec<Group> {
        match self.kind {
            Kind::Int {
                flag_sets,
                consts,
                narrowing,
                index,
                before,
                after,
            } => {
                let widths: Vec<u32> = if full {
                    (1..=64).collect()
                } else {
                    [1, 5, 8, 13, 33]
                        .into_iter()
                        .filter(|&w| w <= self.fast_up_to)
                        .collect()
                };
                let mut types: Vec<IntTy> = widths.into_iter().map(IntTy::int).collect();
                if full && index {
                    types.push(IntTy::INDEX);
                }
                let mut groups = Vec::new();
                for t in types {
                    let w = t.width;
                    let results: Vec<u32> = if !narrowing {
                        vec![w]
                    } else {
                        let mut narrow = if full {
                            vec![1, w / 2, w - 1]
                        } else {
                            vec![1, w - 1]
                        };
                        narrow.retain(|&u| u >= 1 && u < w);
                        narrow.sort_unstable();
                        narrow.dedup();
                        narrow
                    };
                    for u in results {
                        let result = if narrowing {
                            (format!("i{u}"), u)
                        } else {
                            (t.name(), w)
                        };
                        // Edges, and the amounts the truncation matches.
                        let diff = i128::from(w - u);
                        let mut values = edges(t);
                        values.extend([diff, diff - 1, diff + 1, i128::from(w)]);
                        let mut values: Vec<i128> =
                            values.iter().map(|&v| t.signed(t.bits(v))).collect();
                        values.sort_unstable();
                        values.dedup();
                        groups.push(Group {
                            label: if narrowing {
                                format!("{} to {}", t.name(), result.0)
                            } else {
                                t.name()
                            },
                            ty: t.name(),
                            family: String::new(),
                            instances: flag_combinations(flag_sets)
                                .into_iter()
                                .map(|flags| {
                                    Box::new(Instance {
                                        ty: t.name(),
                                        width: w,
                                        result: result.clone(),
                                        flags,
                                        consts,
                                        before,
                                        after,
                                    }) as Box<dyn ShapeInstance>
                                })
                                .collect(),
                            consts,
                            values: values.iter().map(|v| v.to_string()).collect(),
                            tuples: if consts == 2 {
                                overflowing_pairs(t)
                            } else {
                                Vec::new()
                            },
                        });
                    }
                }
                groups
            }
            Kind::CmpFIntToFP => {
                let floats: &[FTy] = if full {
                    &[FTy::F16, FTy::BF16, FTy::F32, FTy::F64]
                } else {
                    &[FTy::F16, FTy::BF16]
                };
                let widths: &[u32] = if full {
                    &[1, 8, 11, 12, 16, 24, 32, 64]
                } else {
                    &[8, 16]
                };
                let mut groups = Vec::new();
                for &float in floats {
                    for &width in widths {
                        let mut instances: Vec<Box<dyn ShapeInstance>> = Vec::new();
                        for unsigned in [false, true] {
                            for pred in 0..16 {
                                instances.push(Box::new(CmpF {
                                    float,
                                    width,
                                    unsigned,
                                    pred,
                                }));
                            }
                        }
                        let sign = 1u128 << (float.width() - 1);
                        let mut bits = float.edges();
                        let p = precision(float);
                        for k in [p, width - 1, width] {
                            let b = pow2(float, k);
                            bits.extend([
                                b,
                                b - 1,
                                b + 1,
                                b | sign,
                                (b - 1) | sign,
                                (b + 1) | sign,
                            ]);
                        }
                        // 2.5 and -2.5: not integers.
                        let two = pow2(float, 1);
                        bits.extend([
                            two | 1 << (float.layout().1 - 2),
                            two | 1 << (float.layout().1 - 2) | sign,
                        ]);
                        let mask = (1u128 << float.width()) - 1;
                        let mut bits: Vec<u128> = bits.into_iter().map(|b| b & mask).collect();
                        bits.sort_unstable();
                        bits.dedup();
                        groups.push(Group {
                            label: format!("i{width} to {}", float.name()),
                            ty: float.name().to_string(),
                            family: float.name().to_string(),
                            instances,
                            consts: 1,
                            tuples: Vec::new(),
                            values: bits
                                .iter()
                                .map(|&b| format!("0x{b:0w$X}", w = (float.width() / 4) as usize))
                                .collect(),
                        });
                    }
                }
                groups
            }
        }
    }
}

/// Pairs of constants whose sum, difference or product overflows (or just
/// does not) in either order: the signed extremes, -1 and 1.
fn overflowing_pairs(t: IntTy) -> Vec<Vec<String>> {
    let ends = [t.smax(), t.smin(), -1, 1];
    let ends: Vec<i128> = ends.iter().map(|&v| t.signed(t.bits(v))).collect();
    let mut pairs = Vec::new();
    for &a in &ends {
        for &b in &ends {
            pairs.push(vec![a.to_string(), b.to_string()]);
        }
    }
    pairs.sort();
    pairs.dedup();
    pairs
}

// CmpFIntToFPConst ------------------------------------------------------------

/// The significand's precision of `float`, the implicit bit included.
fn precision(float: FTy) -> u32 {
    float.layout().1 + 1
}

/// The bits of +infinity in `float`.
fn infinity(float: FTy) -> u128 {
    let (e, m) = float.layout();
    ((1u128 << e) - 1) << m
}

/// The bits of 2^k in `float` (infinity where it is too large).
fn pow2(float: FTy, k: u32) -> u128 {
    let (e, m) = float.layout();
    let bias = (1u128 << (e - 1)) - 1;
    if u128::from(k) > bias {
        infinity(float)
    } else {
        (u128::from(k) + bias) << m
    }
}

/// An instance of `CmpFIntToFPConst`: `cmpf <pred>, itofp(x : i<width>), C`.
pub struct CmpF {
    /// The constant's and the conversion's float type.
    pub float: FTy,
    /// The integer's width.
    pub width: u32,
    /// `uitofp` (else `sitofp`).
    pub unsigned: bool,
    /// The float predicate, as arith numbers them (0 `false` ... 15 `true`).
    pub pred: u32,
}

const FLOAT_PREDICATES: [&str; 16] = [
    "false", "oeq", "ogt", "oge", "olt", "ole", "one", "ord", "ueq", "ugt", "uge", "ult", "ule",
    "une", "uno", "true",
];

/// What a comparison becomes: a constant or an integer comparison.
#[derive(Clone, Copy)]
enum Out {
    Bool(bool),
    Cmp(&'static str),
}

impl CmpF {
    /// The integer predicate the pattern compares with; `None`: the float
    /// predicate is not rewritten (`false`, `true`) or not into a
    /// comparison (`ord`, `uno`).
    fn int_predicate(&self) -> Option<&'static str> {
        let u = self.unsigned;
        Some(match self.pred {
            1 | 8 => "eq",
            2 | 9 => {
                if u {
                    "ugt"
                } else {
                    "sgt"
                }
            }
            3 | 10 => {
                if u {
                    "uge"
                } else {
                    "sge"
                }
            }
            4 | 11 => {
                if u {
                    "ult"
                } else {
                    "slt"
                }
            }
            5 | 12 => {
                if u {
                    "ule"
                } else {
                    "sle"
                }
            }
            6 | 13 => "ne",
            _ => return None,
        })
    }

    /// `x <p> C` where C is no integer (k its truncation): what it becomes
    /// for a negative C and for a positive one.
    fn inexact(p: &'static str) -> (Out, Out) {
        use Out::*;
        match p {
            "ne" => (Bool(true), Bool(true)),
            "eq" => (Bool(false), Bool(false)),
            "ule" => (Bool(false), Cmp("ule")),
            "ult" => (Bool(false), Cmp("ule")),
            "ugt" => (Bool(true), Cmp("ugt")),
            "uge" => (Bool(true), Cmp("ugt")),
            "sle" | "slt" => (Cmp("slt"), Cmp("sle")),
            "sgt" | "sge" => (Cmp("sge"), Cmp("sgt")),
            _ => unreachable!("{p}"),
        }
    }

    /// The target's body (after `%i` and `%orig`, the source's ops).
    fn target(&self) -> String {
        let f = self.float.name();
        let t = format!("i{}", self.width);
        let lit = |bits: u128| format!("0x{bits:0w$X}", w = (self.float.width() / 4) as usize);
        let sign = 1u128 << (self.float.width() - 1);
        let inf = infinity(self.float);
        let mut s = String::new();
        let mut line = |l: String| {
            s.push_str(&l);
            s.push('\n');
        };
        let bool_const = |name: &str, b: bool| format!("{name} = rarith.constant {b}");
        // Not rewritten: a NaN constant, and (for integers wider than the
        // significand) a constant between 2^precision and the integers'
        // magnitude, or an infinity the format's finite values cannot
        // bound the integers by.
        line(format!("%nan = rarith.cmpf uno, %c0, %c0 : {f}"));
        let p = precision(self.float);
        let value_bits = if self.unsigned {
            self.width
        } else {
            self.width - 1
        };
        if self.width > p {
            let (e, _) = self.float.layout();
            let emax = (1u32 << (e - 1)) - 1;
            line(format!(
                "%lo = rarith.constant {} : {f}",
                lit(pow2(self.float, p))
            ));
            line(format!(
                "%nlo = rarith.constant {} : {f}",
                lit(pow2(self.float, p) | sign)
            ));
            line(format!(
                "%hi = rarith.constant {} : {f}",
                lit(pow2(self.float, value_bits + 1))
            ));
            line(format!(
                "%nhi = rarith.constant {} : {f}",
                lit(pow2(self.float, value_bits + 1) | sign)
            ));
            line(format!("%big = rarith.cmpf oge, %c0, %lo : {f}"));
            line(format!("%nbig = rarith.cmpf ole, %c0, %nlo : {f}"));
            line(format!("%small = rarith.cmpf olt, %c0, %hi : {f}"));
            line(format!("%nsmall = rarith.cmpf ogt, %c0, %nhi : {f}"));
            line("%pos_mid = rarith.andi %big, %small : i1".into());
            line("%neg_mid = rarith.andi %nbig, %nsmall : i1".into());
            line("%mid = rarith.ori %pos_mid, %neg_mid : i1".into());
            if emax < value_bits {
                line(format!("%inf = rarith.constant {} : {f}", lit(inf)));
                line(format!(
                    "%ninf0 = rarith.constant {} : {f}",
                    lit(inf | sign)
                ));
                line(format!("%pinf = rarith.cmpf oeq, %c0, %inf : {f}"));
                line(format!("%minf = rarith.cmpf oeq, %c0, %ninf0 : {f}"));
                line("%isinf = rarith.ori %pinf, %minf : i1".into());
                line("%guard = rarith.ori %mid, %isinf : i1".into());
            } else {
                line("%guard = rarith.ori %mid, %mid : i1".into());
            }
            line("%nofire = rarith.ori %nan, %guard : i1".into());
        } else {
            line("%nofire = rarith.ori %nan, %nan : i1".into());
        }
        let Some(ip) = self.int_predicate() else {
            match self.pred {
                7 | 14 => {
                    line(bool_const("%b", self.pred == 7));
                    line("%r = rarith.select %nofire, %orig, %b : i1".into());
                }
                _ => line("%r = rarith.select %nofire, %orig, %orig : i1".into()),
            }
            return s;
        };
        let (itofp, fptoi) = if self.unsigned {
            ("uitofp", "fptoui")
        } else {
            ("sitofp", "fptosi")
        };
        // The integers' range, as the format rounds its ends.
        let (max, min) = if self.unsigned {
            ("-1".to_string(), "0".to_string())
        } else {
            let m = 1i128 << (self.width - 1);
            ((m - 1).to_string(), (-m).to_string())
        };
        line(format!("%imax = rarith.constant {max} : {t}"));
        line(format!("%imin = rarith.constant {min} : {t}"));
        line(format!("%fmax = rarith.{itofp} %imax : {t} to {f}"));
        line(format!("%fmin = rarith.{itofp} %imin : {t} to {f}"));
        line(format!("%above = rarith.cmpf olt, %fmax, %c0 : {f}"));
        line(format!("%below = rarith.cmpf ogt, %fmin, %c0 : {f}"));
        let lt_like = if self.unsigned {
            ["ult", "ule"]
        } else {
            ["slt", "sle"]
        };
        let gt_like = if self.unsigned {
            ["ugt", "uge"]
        } else {
            ["sgt", "sge"]
        };
        line(bool_const("%ra", ip == "ne" || lt_like.contains(&ip)));
        line(bool_const("%rb", ip == "ne" || gt_like.contains(&ip)));
        // C truncated toward zero, where that is an integer of the type.
        let upper = pow2(self.float, value_bits);
        line(format!("%upper = rarith.constant {} : {f}", lit(upper)));
        line(format!("%ninf = rarith.constant {} : {f}", lit(inf | sign)));
        line(format!("%under = rarith.cmpf olt, %c0, %upper : {f}"));
        line(format!("%finite_low = rarith.cmpf one, %c0, %ninf : {f}"));
        line("%in_range = rarith.andi %under, %finite_low : i1".into());
        line(format!("%k = rarith.{fptoi} %c0 : {f} to {t}"));
        line(format!("%back = rarith.{itofp} %k : {t} to {f}"));
        line(format!("%zero = rarith.constant {} : {f}", lit(0)));
        line(format!("%moved = rarith.cmpf une, %back, %c0 : {f}"));
        line(format!("%nonzero = rarith.cmpf une, %c0, %zero : {f}"));
        line("%inexact = rarith.andi %moved, %nonzero : i1".into());
        line(format!("%neg = rarith.cmpf olt, %c0, %zero : {f}"));
        line(format!("%exact = rarith.cmpi {ip}, %x, %k : {t}"));
        let (on_neg, on_pos) = CmpF::inexact(ip);
        for (name, out) in [("%on_neg", on_neg), ("%on_pos", on_pos)] {
            line(match out {
                Out::Bool(b) => bool_const(name, b),
                Out::Cmp(q) => format!("{name} = rarith.cmpi {q}, %x, %k : {t}"),
            });
        }
        line("%rounded = rarith.select %neg, %on_neg, %on_pos : i1".into());
        line("%v1 = rarith.select %inexact, %rounded, %exact : i1".into());
        line("%v2 = rarith.select %in_range, %v1, %orig : i1".into());
        line("%v3 = rarith.select %below, %rb, %v2 : i1".into());
        line("%v4 = rarith.select %above, %ra, %v3 : i1".into());
        line("%r = rarith.select %nofire, %orig, %v4 : i1".into());
        s
    }
}

impl ShapeInstance for CmpF {
    fn function(&self, name: &str, target: bool, constants: Option<&[String]>) -> String {
        let t = format!("i{}", self.width);
        let f = self.float.name();
        let (params, mut body) = header(&t, f, 1, constants);
        let itofp = if self.unsigned { "uitofp" } else { "sitofp" };
        let pred = FLOAT_PREDICATES[self.pred as usize];
        body.push_str(&format!("%i = rarith.{itofp} %x : {t} to {f}\n"));
        if target {
            body.push_str(&format!("%orig = rarith.cmpf {pred}, %i, %c0 : {f}\n"));
            body.push_str(&self.target());
        } else {
            body.push_str(&format!("%r = rarith.cmpf {pred}, %i, %c0 : {f}\n"));
        }
        wrap(name, &params, "i1", &body)
    }

    /// Upstream's pattern reaches `llvm_unreachable` on `cmpf false` and
    /// `cmpf true` (docs/upstream-differences.md).
    fn upstream_aborts(&self) -> bool {
        matches!(self.pred, 0 | 15)
    }

    fn describe(&self) -> String {
        format!(
            "cmpf {}, {}(i{}) to {}",
            FLOAT_PREDICATES[self.pred as usize],
            if self.unsigned { "uitofp" } else { "sitofp" },
            self.width,
            self.float.name()
        )
    }
}
