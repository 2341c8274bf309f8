//! Differential testing of rshape against upstream's shape dialect: random
//! straight-line programs over shapes, extent tensors, sizes, indices and
//! witnesses (constants, arguments and chains of every foldable op),
//! canonicalized by the installed upstream `mlir-opt` (as shape/arith) and by
//! `rmlir-opt` (as rshape/rarith). The outputs must be identical.
//!
//! The generator stays out of the inputs on which upstream crashes or builds
//! invalid IR (docs/upstream-differences.md): negative `get_extent`
//! dimensions, `shape_of` of static tensors as `!shape.shape`, constant
//! results of type `tensor<?xindex>`, division by zero or of negative sizes.
//! Fixed seed and a bounded count in `make test`; `RMLIR_DIFF_SHAPE_PROGRAMS`
//! and `RMLIR_DIFF_SEED` for longer runs, `RMLIR_DIFF_DUMP=<dir>` to keep the
//! programs and rmlir's output of them.

mod common;
use common::{Rng, upstream};

use std::fmt::Write as _;

/// Values available to later ops, by kind.
#[derive(Default)]
struct Pool {
    shapes: Vec<String>,
    /// Extent tensors with their static length.
    extents: Vec<(String, usize)>,
    sizes: Vec<String>,
    indices: Vec<String>,
    witnesses: Vec<String>,
    bools: Vec<String>,
    /// Everything defined, with its type, for the final sink.
    all: Vec<(String, String)>,
}

struct Gen<'a> {
    rng: &'a mut Rng,
    body: String,
    pool: Pool,
    next: usize,
}

const TENSOR_ARGS: &[(&str, usize)] = &[
    ("tensor<2x?xf32>", 2),
    ("tensor<?xf32>", 1),
    ("tensor<3x1x4xf32>", 3),
    ("tensor<f32>", 0),
    ("tensor<1x?x5xi8>", 3),
];

impl Gen<'_> {
    fn fresh(&mut self) -> String {
        self.next += 1;
        format!("%v{}", self.next)
    }

    fn def(&mut self, text: &str, ty: &str) -> String {
        let v = self.fresh();
        writeln!(self.body, "  {v} = {text}").unwrap();
        self.pool.all.push((v.clone(), ty.to_string()));
        v
    }

    fn extents_literal(&mut self) -> (String, usize) {
        let rank = self.rng.below(4);
        let extents: Vec<String> = (0..rank)
            .map(|_| (*self.rng.pick(&[0i64, 1, 1, 2, 3, 4, 5])).to_string())
            .collect();
        (format!("[{}]", extents.join(", ")), rank)
    }

    fn shape(&mut self) -> String {
        if self.pool.shapes.is_empty() || self.rng.below(4) == 0 {
            let (lit, _) = self.extents_literal();
            let v = self.def(
                &format!("shape.const_shape {lit} : !shape.shape"),
                "!shape.shape",
            );
            self.pool.shapes.push(v.clone());
            return v;
        }
        self.rng.pick(&self.pool.shapes).clone()
    }

    fn extent_tensor(&mut self) -> (String, usize) {
        if self.pool.extents.is_empty() || self.rng.below(4) == 0 {
            let (lit, n) = self.extents_literal();
            let ty = format!("tensor<{n}xindex>");
            let v = self.def(&format!("shape.const_shape {lit} : {ty}"), &ty);
            self.pool.extents.push((v.clone(), n));
            return (v, n);
        }
        self.rng.pick(&self.pool.extents).clone()
    }

    /// A shape or an extent tensor, with its type.
    fn shape_like(&mut self) -> (String, String) {
        if self.rng.below(2) == 0 {
            (self.shape(), "!shape.shape".into())
        } else {
            let (v, n) = self.extent_tensor();
            (v, format!("tensor<{n}xindex>"))
        }
    }

    fn size(&mut self) -> String {
        if self.pool.sizes.is_empty() || self.rng.below(4) == 0 {
            let n = *self.rng.pick(&[0i64, 1, 2, 3, 4, 7]);
            let v = self.def(&format!("shape.const_size {n}"), "!shape.size");
            self.pool.sizes.push(v.clone());
            return v;
        }
        self.rng.pick(&self.pool.sizes).clone()
    }

    fn index(&mut self) -> String {
        if self.pool.indices.is_empty() || self.rng.below(4) == 0 {
            let n = *self.rng.pick(&[0i64, 1, 2, 3, 5]);
            let v = self.def(&format!("arith.constant {n} : index"), "index");
            self.pool.indices.push(v.clone());
            return v;
        }
        self.rng.pick(&self.pool.indices).clone()
    }

    /// A size or an index, with its type.
    fn size_or_index(&mut self) -> (String, &'static str) {
        if self.rng.below(2) == 0 {
            (self.size(), "!shape.size")
        } else {
            (self.index(), "index")
        }
    }

    fn witness(&mut self) -> String {
        if self.pool.witnesses.is_empty() || self.rng.below(5) == 0 {
            let b = if self.rng.below(3) == 0 {
                "false"
            } else {
                "true"
            };
            let v = self.def(&format!("shape.const_witness {b}"), "!shape.witness");
            self.pool.witnesses.push(v.clone());
            return v;
        }
        self.rng.pick(&self.pool.witnesses).clone()
    }

    fn shape_likes(&mut self, min: usize) -> (Vec<String>, Vec<String>) {
        let n = min + self.rng.below(3);
        (0..n).map(|_| self.shape_like()).unzip()
    }

    /// Several constraints over a few repeated operands (in any order, some
    /// operands twice), used only by one `assuming_all` (itself sunk): the
    /// programs where constraint subsumption drops and erases ops.
    fn constraint_cluster(&mut self) {
        let (shapes, types) = self.shape_likes(1);
        let mut witnesses = Vec::new();
        for _ in 0..2 + self.rng.below(3) {
            let n = 1 + self.rng.below(4);
            let picks: Vec<usize> = (0..n).map(|_| self.rng.below(shapes.len())).collect();
            let ops: Vec<&str> = picks.iter().map(|&i| shapes[i].as_str()).collect();
            let tys: Vec<&str> = picks.iter().map(|&i| types[i].as_str()).collect();
            let op = if n >= 2 && self.rng.below(4) != 0 {
                "cstr_broadcastable"
            } else {
                "cstr_eq"
            };
            let v = self.fresh();
            writeln!(
                self.body,
                "  {v} = shape.{op} {} : {}",
                ops.join(", "),
                tys.join(", ")
            )
            .unwrap();
            witnesses.push(v);
        }
        if self.rng.below(3) == 0 {
            let again = self.rng.pick(&witnesses).clone();
            witnesses.push(again);
        }
        let v = self.def(
            &format!("shape.assuming_all {}", witnesses.join(", ")),
            "!shape.witness",
        );
        self.pool.witnesses.push(v);
    }

    fn step(&mut self) {
        if self.rng.below(12) == 0 {
            return self.constraint_cluster();
        }
        match self.rng.below(21) {
            0 => {
                let (s, t) = self.shape_like();
                let r = if t == "!shape.shape" {
                    "!shape.size"
                } else {
                    "index"
                };
                let v = self.def(&format!("shape.rank {s} : {t} -> {r}"), r);
                self.push_size_or_index(v, r);
            }
            1 => {
                let (s, t) = self.shape_like();
                let r = if t == "!shape.shape" {
                    "!shape.size"
                } else {
                    "index"
                };
                let v = self.def(&format!("shape.num_elements {s} : {t} -> {r}"), r);
                self.push_size_or_index(v, r);
            }
            2 => {
                let (s, t) = self.shape_like();
                let (d, dt) = self.size_or_index();
                let r = if t == "!shape.shape" || dt == "!shape.size" {
                    "!shape.size"
                } else {
                    "index"
                };
                let v = self.def(&format!("shape.get_extent {s}, {d} : {t}, {dt} -> {r}"), r);
                self.push_size_or_index(v, r);
            }
            3 => {
                let (ops, tys) = self.shape_likes(2);
                let v = self.def(
                    &format!(
                        "shape.broadcast {} : {} -> !shape.shape",
                        ops.join(", "),
                        tys.join(", ")
                    ),
                    "!shape.shape",
                );
                self.pool.shapes.push(v);
            }
            4 => {
                let (a, at) = self.shape_like();
                let (b, bt) = self.shape_like();
                let v = self.def(
                    &format!("shape.concat {a}, {b} : {at}, {bt} -> !shape.shape"),
                    "!shape.shape",
                );
                self.pool.shapes.push(v);
            }
            5 => {
                let (s, t) = self.shape_like();
                let i = *self.rng.pick(&[-4i64, -2, -1, 0, 1, 2, 3, 4]);
                let c = self.def(&format!("arith.constant {i} : index"), "index");
                let v = self.fresh();
                writeln!(
                    self.body,
                    "  {v}:2 = \"shape.split_at\"({s}, {c}) : ({t}, index) -> (!shape.shape, !shape.shape)"
                )
                .unwrap();
                for k in 0..2 {
                    self.pool
                        .all
                        .push((format!("{v}#{k}"), "!shape.shape".into()));
                    self.pool.shapes.push(format!("{v}#{k}"));
                }
            }
            6 => {
                let n = self.rng.below(4);
                let (ops, tys): (Vec<String>, Vec<&str>) =
                    (0..n).map(|_| self.size_or_index()).unzip();
                let text = if n == 0 {
                    "shape.from_extents : ".to_string()
                } else {
                    format!("shape.from_extents {} : {}", ops.join(", "), tys.join(", "))
                };
                if n > 0 {
                    let v = self.def(&text, "!shape.shape");
                    self.pool.shapes.push(v);
                }
            }
            7 => {
                let (ops, tys) = self.shape_likes(1);
                let v = self.def(
                    &format!("shape.shape_eq {} : {}", ops.join(", "), tys.join(", ")),
                    "i1",
                );
                self.pool.bools.push(v);
            }
            8 => {
                let (ops, tys) = self.shape_likes(1);
                let v = self.def(
                    &format!(
                        "shape.is_broadcastable {} : {}",
                        ops.join(", "),
                        tys.join(", ")
                    ),
                    "i1",
                );
                self.pool.bools.push(v);
            }
            9 => {
                let (ops, tys) = self.shape_likes(2);
                let v = self.def(
                    &format!(
                        "shape.cstr_broadcastable {} : {}",
                        ops.join(", "),
                        tys.join(", ")
                    ),
                    "!shape.witness",
                );
                self.pool.witnesses.push(v);
            }
            10 => {
                let (ops, tys) = self.shape_likes(1);
                let v = self.def(
                    &format!("shape.cstr_eq {} : {}", ops.join(", "), tys.join(", ")),
                    "!shape.witness",
                );
                self.pool.witnesses.push(v);
            }
            11 => {
                let n = 1 + self.rng.below(3);
                let ws: Vec<String> = (0..n).map(|_| self.witness()).collect();
                let v = self.def(
                    &format!("shape.assuming_all {}", ws.join(", ")),
                    "!shape.witness",
                );
                self.pool.witnesses.push(v);
            }
            12 => {
                let p = if self.pool.bools.is_empty() || self.rng.below(3) == 0 {
                    let b = if self.rng.below(2) == 0 {
                        "true"
                    } else {
                        "false"
                    };
                    self.def(&format!("arith.constant {b}"), "i1")
                } else {
                    self.rng.pick(&self.pool.bools).clone()
                };
                let v = self.def(
                    &format!("shape.cstr_require {p}, \"msg\""),
                    "!shape.witness",
                );
                self.pool.witnesses.push(v);
            }
            13 | 14 => {
                let op = *self.rng.pick(&["add", "mul", "div"]);
                let (a, at) = self.size_or_index();
                let (b, bt) = if op == "div" {
                    // Nonzero, non-negative divisors only (see the module doc).
                    let n = *self.rng.pick(&[1i64, 2, 3]);
                    (
                        self.def(&format!("shape.const_size {n}"), "!shape.size"),
                        "!shape.size",
                    )
                } else {
                    self.size_or_index()
                };
                let r = if at == "index" && bt == "index" {
                    "index"
                } else {
                    "!shape.size"
                };
                let v = self.def(&format!("shape.{op} {a}, {b} : {at}, {bt} -> {r}"), r);
                self.push_size_or_index(v, r);
            }
            15 => {
                let (ops, tys) = self.shape_likes(1);
                let v = self.def(
                    &format!(
                        "shape.any {} : {} -> !shape.shape",
                        ops.join(", "),
                        tys.join(", ")
                    ),
                    "!shape.shape",
                );
                self.pool.shapes.push(v);
            }
            16 => {
                let op = *self.rng.pick(&["max", "min"]);
                if self.rng.below(2) == 0 {
                    let (a, b) = (self.shape(), self.shape());
                    let v = self.def(
                        &format!(
                            "shape.{op} {a}, {b} : !shape.shape, !shape.shape -> !shape.shape"
                        ),
                        "!shape.shape",
                    );
                    self.pool.shapes.push(v);
                } else {
                    let (a, b) = (self.size(), self.size());
                    let v = self.def(
                        &format!("shape.{op} {a}, {b} : !shape.size, !shape.size -> !shape.size"),
                        "!shape.size",
                    );
                    self.pool.sizes.push(v);
                }
            }
            17 => {
                let k = self.rng.below(TENSOR_ARGS.len());
                let (ty, rank) = TENSOR_ARGS[k];
                let ety = format!("tensor<{rank}xindex>");
                let v = self.def(&format!("shape.shape_of %t{k} : {ty} -> {ety}"), &ety);
                self.pool.extents.push((v, rank));
            }
            18 => {
                let k = self.rng.below(TENSOR_ARGS.len());
                let (ty, rank) = TENSOR_ARGS[k];
                if rank > 0 {
                    let i = self.rng.below(rank);
                    let c = self.def(&format!("arith.constant {i} : index"), "index");
                    let v = self.def(
                        &format!("shape.dim %t{k}, {c} : {ty}, index -> index"),
                        "index",
                    );
                    self.pool.indices.push(v);
                }
            }
            19 => {
                let s = self.size();
                let v = self.def(&format!("shape.size_to_index {s} : !shape.size"), "index");
                self.pool.indices.push(v);
            }
            _ => {
                let (e, n) = self.extent_tensor();
                let ty = format!("tensor<{n}xindex>");
                let v = self.def(&format!("shape.to_extent_tensor {e} : {ty} -> {ty}"), &ty);
                self.pool.extents.push((v, n));
            }
        }
    }

    fn push_size_or_index(&mut self, v: String, ty: &str) {
        if ty == "index" {
            self.pool.indices.push(v);
        } else {
            self.pool.sizes.push(v);
        }
    }
}

/// One function: shape, size, index, witness and tensor arguments, `n` ops,
/// everything sunk at the end.
fn program(rng: &mut Rng, n: usize) -> String {
    let mut g = Gen {
        rng,
        body: String::new(),
        pool: Pool::default(),
        next: 0,
    };
    g.pool.shapes.push("%s0".into());
    g.pool.extents.push(("%e0".into(), 3));
    g.pool.sizes.push("%z0".into());
    g.pool.indices.push("%i0".into());
    g.pool.witnesses.push("%w0".into());
    for _ in 0..n {
        g.step();
    }
    let tensors: Vec<String> = TENSOR_ARGS
        .iter()
        .enumerate()
        .map(|(k, (ty, _))| format!("%t{k}: {ty}"))
        .collect();
    let (names, types): (Vec<String>, Vec<String>) = g.pool.all.iter().cloned().unzip();
    format!(
        "func.func @f(%s0: !shape.shape, %e0: tensor<3xindex>, %z0: !shape.size, %i0: index, %w0: !shape.witness, {}) {{\n{}  \"test.sink\"({}) : ({}) -> ()\n  return\n}}\n",
        tensors.join(", "),
        g.body,
        names.join(", "),
        types.join(", ")
    )
}

fn to_ours(text: &str) -> String {
    upstream::to_ours(text)
}

#[test]
fn random_shape_programs_canonicalize_exactly_as_upstream() {
    let count = upstream::env_or("RMLIR_DIFF_SHAPE_PROGRAMS", 150);
    let seed = upstream::env_or("RMLIR_DIFF_SEED", 0x5ba9_e5ee);
    let mut rng = Rng(seed | 1);
    let programs: Vec<String> = (0..count)
        .map(|_| {
            let n = 6 + rng.below(18);
            program(&mut rng, n)
        })
        .collect();
    let args = [
        "--allow-unregistered-dialect",
        "--split-input-file",
        "--canonicalize",
    ];
    upstream::Comparison {
        name: "shape",
        upstream_args: &args,
        ours_args: &args,
        to_ours,
        documented: upstream::none_documented,
    }
    .assert_same(&programs, seed);
}

/// A random extent-tensor program (what `convert-shape-to-std` lowers):
/// shapes of tensor arguments, extent-tensor arguments, index arithmetic.
fn conversion_program(rng: &mut Rng, n: usize) -> String {
    let mut body = String::new();
    let mut all: Vec<(String, String)> = Vec::new();
    let mut extents: Vec<(String, String)> = vec![
        ("%e0".into(), "tensor<3xindex>".into()),
        ("%e1".into(), "tensor<?xindex>".into()),
    ];
    let mut indices: Vec<String> = vec!["%i0".into()];
    let next = std::cell::Cell::new(0usize);
    let fresh = || {
        next.set(next.get() + 1);
        format!("%v{}", next.get())
    };
    let def = |body: &mut String, all: &mut Vec<(String, String)>, text: String, ty: &str| {
        let v = fresh();
        writeln!(body, "  {v} = {text}").unwrap();
        all.push((v.clone(), ty.to_string()));
        v
    };
    for _ in 0..n {
        let (e, et) = rng.pick(&extents).clone();
        let (f, ft) = rng.pick(&extents).clone();
        let i = rng.pick(&indices).clone();
        match rng.below(11) {
            0 => {
                let v = def(
                    &mut body,
                    &mut all,
                    format!("shape.rank {e} : {et} -> index"),
                    "index",
                );
                indices.push(v);
            }
            1 => {
                let v = def(
                    &mut body,
                    &mut all,
                    format!("shape.get_extent {e}, {i} : {et}, index -> index"),
                    "index",
                );
                indices.push(v);
            }
            2 => {
                let v = def(
                    &mut body,
                    &mut all,
                    format!("shape.broadcast {e}, {f} : {et}, {ft} -> tensor<?xindex>"),
                    "tensor<?xindex>",
                );
                extents.push((v, "tensor<?xindex>".into()));
            }
            3 => {
                def(
                    &mut body,
                    &mut all,
                    format!("shape.shape_eq {e}, {f} : {et}, {ft}"),
                    "i1",
                );
            }
            4 => {
                def(
                    &mut body,
                    &mut all,
                    format!("shape.is_broadcastable {e}, {f} : {et}, {ft}"),
                    "i1",
                );
            }
            5 => {
                let op = *rng.pick(&["add", "mul"]);
                let j = rng.pick(&indices).clone();
                let v = def(
                    &mut body,
                    &mut all,
                    format!("shape.{op} {i}, {j} : index, index -> index"),
                    "index",
                );
                indices.push(v);
            }
            6 => {
                let v = fresh();
                writeln!(
                    body,
                    "  {v}:2 = \"shape.split_at\"({e}, {i}) : ({et}, index) -> (tensor<?xindex>, tensor<?xindex>)"
                )
                .unwrap();
                for k in 0..2 {
                    all.push((format!("{v}#{k}"), "tensor<?xindex>".into()));
                    extents.push((format!("{v}#{k}"), "tensor<?xindex>".into()));
                }
            }
            7 => {
                let v = def(
                    &mut body,
                    &mut all,
                    format!("shape.any {e}, {f} : {et}, {ft} -> {et}"),
                    &et,
                );
                // The result takes the first operand's type: upstream replaces
                // `any` by that operand.
                extents.push((v, et.clone()));
            }
            8 => {
                // Not of the rank-0 argument: upstream lowers `get_extent` of
                // its shape to an invalid `tensor.dim` (see
                // docs/upstream-differences.md).
                let k = rng.below(TENSOR_ARGS.len());
                let (ty, rank) = TENSOR_ARGS[k];
                if rank == 0 {
                    continue;
                }
                let rty = format!("tensor<{rank}xindex>");
                let v = def(
                    &mut body,
                    &mut all,
                    format!("shape.shape_of %t{k} : {ty} -> {rty}"),
                    &rty,
                );
                extents.push((v, rty));
            }
            9 => {
                let c = *rng.pick(&[0i64, 1, 2, 3]);
                let v = def(
                    &mut body,
                    &mut all,
                    format!("arith.constant {c} : index"),
                    "index",
                );
                indices.push(v);
            }
            _ => {
                let k = rng.below(TENSOR_ARGS.len());
                let (ty, rank) = TENSOR_ARGS[k];
                if rank > 0 {
                    let d = rng.below(rank);
                    let c = def(
                        &mut body,
                        &mut all,
                        format!("arith.constant {d} : index"),
                        "index",
                    );
                    let v = def(
                        &mut body,
                        &mut all,
                        format!("shape.dim %t{k}, {c} : {ty}, index -> index"),
                        "index",
                    );
                    indices.push(v);
                }
            }
        }
    }
    let tensors: Vec<String> = TENSOR_ARGS
        .iter()
        .enumerate()
        .map(|(k, (ty, _))| format!("%t{k}: {ty}"))
        .collect();
    let (names, types): (Vec<String>, Vec<String>) = all.into_iter().unzip();
    format!(
        "func.func @f(%e0: tensor<3xindex>, %e1: tensor<?xindex>, %i0: index, {}) {{\n{body}  \"test.sink\"({}) : ({}) -> ()\n  return\n}}\n",
        tensors.join(", "),
        names.join(", "),
        types.join(", ")
    )
}

#[test]
fn random_extent_programs_convert_to_std_exactly_as_upstream() {
    let count = upstream::env_or("RMLIR_DIFF_SHAPE_PROGRAMS", 150);
    let seed = upstream::env_or("RMLIR_DIFF_SEED", 0xc0_4e27);
    let mut rng = Rng(seed | 1);
    let programs: Vec<String> = (0..count)
        .map(|_| {
            let n = 4 + rng.below(12);
            conversion_program(&mut rng, n)
        })
        .collect();
    let common = ["--allow-unregistered-dialect", "--split-input-file"];
    upstream::Comparison {
        name: "extent",
        upstream_args: &[&common[..], &["--convert-shape-to-std"]].concat(),
        ours_args: &[&common[..], &["--convert-rshape-to-std"]].concat(),
        to_ours,
        documented: upstream::none_documented,
    }
    .assert_same(&programs, seed);
}
