//! `convert-rshape-to-std`: upstream's `convert-shape-to-std` on rshape.
//! Extent-tensor and index forms of the shape ops become rarith, scf and
//! tensor code; `!rshape.shape`/`!rshape.size` forms (which can hold errors)
//! are left alone, as upstream leaves them.
//!
//! MLIR's partial dialect conversion runs the patterns, as upstream's pass
//! does (no type converter): replaced ops stay in place until the end (so
//! patterns see original operands and their producers), new shape ops
//! created by a pattern are converted right away, and operands are the
//! driver's mapped values. The IR is op for op what upstream builds, so
//! outputs compare equal after renaming.

use super::driver::{Driver, EQ, Emit, SLT, ULT};
use super::{RunPass, decls};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Op, Type, Value};
use crate::ffi::walk;
use crate::ods::{OdsOp, rarith, rshape};
use crate::semantics::shape::DYNAMIC;
use crate::shape::{is_shape_type, is_size_type};
use std::collections::HashMap;

impl RunPass for decls::ConvertRShapeToStd {
    type Options = decls::ConvertRShapeToStdOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run(ir)
    }
}

/// The ops upstream's pass has a pattern for.
const ROOTS: &[&str] = &[
    rshape::AnyOp::NAME,
    rshape::AddOp::NAME,
    rshape::MulOp::NAME,
    rshape::BroadcastOp::NAME,
    rshape::CstrBroadcastableOp::NAME,
    rshape::ConstShapeOp::NAME,
    rshape::ConstSizeOp::NAME,
    rshape::DimOp::NAME,
    rshape::IsBroadcastableOp::NAME,
    rshape::GetExtentOp::NAME,
    rshape::RankOp::NAME,
    rshape::ReduceOp::NAME,
    rshape::ShapeEqOp::NAME,
    rshape::ShapeOfOp::NAME,
    rshape::SplitAtOp::NAME,
    rshape::ConcatOp::NAME,
    rshape::ToExtentTensorOp::NAME,
];

fn run(ir: &mut Ir) -> bool {
    // The conversion target: rarith, scf and tensor ops, `cstr_require`,
    // functions and modules are legal; everything else is attempted.
    Driver::run(
        ir,
        &[rarith::DIALECT, "scf", "tensor"],
        &[rshape::CstrRequireOp::NAME, "func.func", "builtin.module"],
        ROOTS,
        |d, op| d.apply(op),
    )
}

impl<'ir> Driver<'_, 'ir> {
    /// Upstream's pattern for `op`, if it applies.
    fn apply(&mut self, op: Op<'ir>) -> bool {
        let e = Emit::before(op);
        match op.name() {
            rshape::AnyOp::NAME => {
                let first = self.operands(op)[0];
                self.replace(op, vec![first])
            }
            rshape::AddOp::NAME | rshape::MulOp::NAME => {
                if is_size_type(op.result(0).ty()) {
                    return false;
                }
                let name = if op.isa::<rshape::AddOp>() {
                    rarith::AddIOp::OP
                } else {
                    rarith::MulIOp::OP
                };
                let ops = self.operands(op);
                let ty = ops[0].ty();
                let r = self.emit(&e, name, ops, &[ty], &[]);
                self.replace(op, vec![r])
            }
            rshape::BroadcastOp::NAME => self.broadcast(op, &e),
            rshape::CstrBroadcastableOp::NAME => self.cstr_broadcastable(op, &e),
            rshape::ConstShapeOp::NAME => self.const_shape(op, &e),
            rshape::ConstSizeOp::NAME => {
                let v = op
                    .attr("value")
                    .and_then(|a| a.as_int())
                    .map(|v| v.to_i64_wrapping());
                let Some(v) = v else { return false };
                let c = self.index(&e, v);
                self.replace(op, vec![c])
            }
            rshape::DimOp::NAME => {
                // Not for `!rshape.size` results, as upstream.
                if is_size_type(op.result(0).ty()) {
                    return false;
                }
                let ctx = op.context();
                let arg = op.operand(0);
                let shape_ty = shape_of_type(arg.ty(), ctx);
                let shape = self.emit(&e, rshape::ShapeOfOp::OP, &[arg], &[shape_ty], &[]);
                let ty = op.result(0).ty();
                let r = self.emit(
                    &e,
                    rshape::GetExtentOp::OP,
                    &[shape, op.operand(1)],
                    &[ty],
                    &[],
                );
                self.replace(op, vec![r])
            }
            rshape::IsBroadcastableOp::NAME => self.is_broadcastable(op, &e),
            rshape::GetExtentOp::NAME => {
                if is_size_type(op.result(0).ty()) {
                    return false;
                }
                let ops = self.operands(op);
                let ctx = op.context();
                if let Some(shape_of) = op.operand(0).defined_by::<rshape::ShapeOfOp>() {
                    let arg = shape_of.operand(0);
                    // Not for rank 0, where `tensor.dim` is invalid (upstream
                    // builds it: see docs/upstream-differences.md).
                    if arg.ty().is_shaped() && arg.ty().rank() != Some(0) {
                        let r =
                            self.emit(&e, "tensor.dim", &[arg, ops[1]], &[ctx.index_type()], &[]);
                        return self.replace(op, vec![r]);
                    }
                }
                let r = self.emit(&e, "tensor.extract", ops, &[ctx.index_type()], &[]);
                self.replace(op, vec![r])
            }
            rshape::RankOp::NAME => {
                if is_size_type(op.result(0).ty()) {
                    return false;
                }
                let shape = self.operands(op)[0];
                let zero = self.index(&e, 0);
                let r = self.dim(&e, shape, zero);
                self.replace(op, vec![r])
            }
            rshape::ReduceOp::NAME => self.reduce(op, &e),
            rshape::ShapeEqOp::NAME => self.shape_eq(op, &e),
            rshape::ShapeOfOp::NAME => self.shape_of(op, &e),
            rshape::SplitAtOp::NAME => self.split_at(op, &e),
            rshape::ConcatOp::NAME => self.concat(op, &e),
            rshape::ToExtentTensorOp::NAME => {
                let input = self.operands(op)[0];
                if !input.ty().is_ranked_tensor() {
                    return false;
                }
                let ty = op.result(0).ty();
                let r = self.emit(&e, "tensor.cast", &[input], &[ty], &[]);
                self.replace(op, vec![r])
            }
            _ => false,
        }
    }

    /// `scf.if %cond -> (types) { then } else { else }`.
    fn scf_if(
        &mut self,
        e: &Emit<'ir>,
        cond: Value<'ir>,
        types: &[Type<'ir>],
        then: impl FnOnce(&mut Self, &Emit<'ir>),
        otherwise: impl FnOnce(&mut Self, &Emit<'ir>),
    ) -> Op<'ir> {
        let op = Op::create_with_regions("scf.if", e.loc, &[cond], types, &[], 2).expect("scf.if");
        let op = self.insert(e, op);
        let then_block = op.region(0).expect("then").append_block(&[], e.loc);
        then(self, &Emit::at_end(then_block, e.loc));
        let else_block = op.region(1).expect("else").append_block(&[], e.loc);
        otherwise(self, &Emit::at_end(else_block, e.loc));
        op
    }

    /// `scf.for %iv = lb to ub step s iter_args(inits)`; the body gets the
    /// induction variable and the iteration arguments.
    fn scf_for(
        &mut self,
        e: &Emit<'ir>,
        bounds: [Value<'ir>; 3],
        inits: &[Value<'ir>],
        body: impl FnOnce(&mut Self, &Emit<'ir>, Value<'ir>, Vec<Value<'ir>>),
    ) -> Op<'ir> {
        let ctx = e.loc.context();
        let operands: Vec<Value> = bounds.iter().chain(inits).copied().collect();
        let types: Vec<Type> = inits.iter().map(|v| v.ty()).collect();
        let op =
            Op::create_with_regions("scf.for", e.loc, &operands, &types, &[], 1).expect("scf.for");
        let op = self.insert(e, op);
        let arg_types: Vec<Type> = std::iter::once(ctx.index_type())
            .chain(types.iter().copied())
            .collect();
        let block = op.region(0).expect("body").append_block(&arg_types, e.loc);
        let args: Vec<Value> = (1..=inits.len()).map(|i| block.argument(i)).collect();
        body(self, &Emit::at_end(block, e.loc), block.argument(0), args);
        op
    }

    /// `tensor.generate %extent { ^bb0(%i: index): ... }` of `tensor<?xindex>`.
    fn generate(
        &mut self,
        e: &Emit<'ir>,
        extent: Value<'ir>,
        body: impl FnOnce(&mut Self, &Emit<'ir>, Value<'ir>),
    ) -> Value<'ir> {
        let ctx = e.loc.context();
        let ty = ctx.ranked_tensor(&[DYNAMIC], ctx.index_type());
        let op = Op::create_with_regions("tensor.generate", e.loc, &[extent], &[ty], &[], 1)
            .expect("generate");
        let op = self.insert(e, op);
        let block = op
            .region(0)
            .expect("body")
            .append_block(&[ctx.index_type()], e.loc);
        body(self, &Emit::at_end(block, e.loc), block.argument(0));
        op.result(0)
    }

    /// The ranks of the shapes, their maximum, and each rank's distance to it.
    fn ranks(
        &mut self,
        e: &Emit<'ir>,
        shapes: &[Value<'ir>],
        zero: Value<'ir>,
    ) -> (Value<'ir>, Vec<Value<'ir>>) {
        let ranks: Vec<Value> = shapes.iter().map(|&s| self.dim(e, s, zero)).collect();
        let mut max_rank = ranks[0];
        for &r in &ranks[1..] {
            max_rank = self.binary(e, rarith::MaxUIOp::OP, r, max_rank);
        }
        let diffs = ranks
            .iter()
            .map(|&r| self.binary(e, rarith::SubIOp::OP, max_rank, r))
            .collect();
        (max_rank, diffs)
    }

    /// The broadcast extent of `shapes` at output dimension `dim`.
    fn broadcasted_dim(
        &mut self,
        e: &Emit<'ir>,
        shapes: &[Value<'ir>],
        diffs: &[Value<'ir>],
        dim: Value<'ir>,
    ) -> Value<'ir> {
        let ctx = e.loc.context();
        let one = self.index(e, 1);
        let mut result = one;
        for (&shape, &diff) in shapes.iter().zip(diffs) {
            let out_of_bounds = self.cmpi(e, ULT, dim, diff);
            let prev = result;
            let op = self.scf_if(
                e,
                out_of_bounds,
                &[ctx.index_type()],
                |d, t| d.yield_(t, "scf.yield", &[prev]),
                |d, f| {
                    let lesser_dim = d.binary(f, rarith::SubIOp::OP, dim, diff);
                    let extent = d.extract(f, shape, lesser_dim);
                    let is_one = d.cmpi(f, EQ, extent, one);
                    let ty = extent.ty();
                    let pick = d.emit(f, rarith::SelectOp::OP, &[is_one, prev, extent], &[ty], &[]);
                    d.yield_(f, "scf.yield", &[pick]);
                },
            );
            result = op.result(0);
        }
        result
    }

    fn broadcast(&mut self, op: Op<'ir>, e: &Emit<'ir>) -> bool {
        let ty = op.result(0).ty();
        if is_shape_type(ty) {
            return false;
        }
        let shapes = self.operands(op);
        let zero = self.index(e, 0);
        let (max_rank, diffs) = self.ranks(e, shapes, zero);
        let mut result = self.generate(e, max_rank, |d, g, i| {
            let dim = d.broadcasted_dim(g, shapes, &diffs, i);
            d.yield_(g, "tensor.yield", &[dim]);
        });
        if result.ty() != ty {
            result = self.emit(e, "tensor.cast", &[result], &[ty], &[]);
        }
        self.replace(op, vec![result])
    }

    fn const_shape(&mut self, op: Op<'ir>, e: &Emit<'ir>) -> bool {
        if is_shape_type(op.result(0).ty()) {
            return false;
        }
        let Some(extents) = op.attr("shape").and_then(|a| a.as_i64_elements()) else {
            return false;
        };
        let values: Vec<Value> = extents.iter().map(|&x| self.index(e, x)).collect();
        let ctx = op.context();
        let ty = ctx.ranked_tensor(&[extents.len() as i64], ctx.index_type());
        let t = self.emit(e, "tensor.from_elements", &values, &[ty], &[]);
        let cast = self.emit(e, "tensor.cast", &[t], &[ty], &[]);
        self.replace(op, vec![cast])
    }

    /// Upstream's `CstrBroadcastableToRequire`: the constraint becomes
    /// `cstr_require` of `is_broadcastable` (lowered right away), for extent
    /// tensors (a `!rshape.shape` operand leaves it as it is: upstream's
    /// conversion of the `is_broadcastable` fails and rolls the rewrite
    /// back).
    fn cstr_broadcastable(&mut self, op: Op<'ir>, e: &Emit<'ir>) -> bool {
        if op.operands().any(|v| is_shape_type(v.ty())) {
            return false;
        }
        let ctx = op.context();
        let shapes = self.operands(op);
        let is = self.emit(
            e,
            rshape::IsBroadcastableOp::OP,
            shapes,
            &[ctx.integer_type(1)],
            &[],
        );
        let witness = self.emit(
            e,
            rshape::CstrRequireOp::OP,
            &[is],
            &[op.result(0).ty()],
            &[("msg", ctx.string_attr("required broadcastable shapes"))],
        );
        self.replace(op, vec![witness])
    }

    fn is_broadcastable(&mut self, op: Op<'ir>, e: &Emit<'ir>) -> bool {
        if op.operands().any(|v| is_shape_type(v.ty())) {
            return false;
        }
        let shapes = self.operands(op);
        let zero = self.index(e, 0);
        let one = self.index(e, 1);
        let (max_rank, diffs) = self.ranks(e, shapes, zero);
        let true_ = self.boolean(e, true);
        let ctx = op.context();
        let i1 = ctx.integer_type(1);
        let index_ty = ctx.index_type();
        let loop_op = self.scf_for(e, [zero, max_rank, one], &[true_], |d, b, iv, args| {
            let dim = d.broadcasted_dim(b, shapes, &diffs, iv);
            let mut ok = args[0];
            for (&shape, &diff) in shapes.iter().zip(&diffs) {
                let out_of_bounds = d.cmpi(b, ULT, iv, diff);
                let prev = ok;
                let if_op = d.scf_if(
                    b,
                    out_of_bounds,
                    &[i1],
                    |d, t| d.yield_(t, "scf.yield", &[prev]),
                    |d, f| {
                        let operand_dim = d.binary(f, rarith::SubIOp::OP, iv, diff);
                        let extent = d.extract(f, shape, operand_dim);
                        let eq_one = d.cmpi(f, EQ, extent, one);
                        let eq_dim = d.cmpi(f, EQ, extent, dim);
                        let either = d.binary(f, rarith::OrIOp::OP, eq_one, eq_dim);
                        let all = d.binary(f, rarith::AndIOp::OP, prev, either);
                        d.yield_(f, "scf.yield", &[all]);
                    },
                );
                ok = if_op.result(0);
            }
            let _ = index_ty;
            d.yield_(b, "scf.yield", &[ok]);
        });
        self.replace(op, vec![loop_op.result(0)])
    }

    fn reduce(&mut self, op: Op<'ir>, e: &Emit<'ir>) -> bool {
        if is_shape_type(op.operand(0).ty()) {
            return false;
        }
        let ops = self.operands(op);
        let shape = ops[0];
        let inits: Vec<Value> = op.operands().skip(1).collect();
        let zero = self.index(e, 0);
        let one = self.index(e, 1);
        let rank = self.dim(e, shape, zero);
        let Some(body) = op.region(0).and_then(|r| r.first_block()) else {
            return false;
        };
        let loop_op = self.scf_for(e, [zero, rank, one], &inits, |d, b, iv, args| {
            let extent = d.extract(b, shape, iv);
            let mut mapping: HashMap<Value, Value> = HashMap::new();
            let mapped: Vec<Value> = [iv, extent].into_iter().chain(args).collect();
            for (i, v) in mapped.into_iter().enumerate() {
                mapping.insert(body.argument(i), v);
            }
            let terminator = body.terminator();
            for nested in walk::block_ops(body) {
                if Some(nested) == terminator {
                    continue;
                }
                let clone = walk::clone_with_mapping(nested, &mut mapping);
                d.insert(b, clone);
            }
            let results: Vec<Value> = terminator
                .map(|t| {
                    t.operands()
                        .map(|v| *mapping.get(&v).unwrap_or(&v))
                        .collect()
                })
                .unwrap_or_default();
            d.yield_(b, "scf.yield", &results);
        });
        let results = (0..loop_op.num_results())
            .map(|i| loop_op.result(i))
            .collect();
        self.replace(op, results)
    }

    fn shape_eq(&mut self, op: Op<'ir>, e: &Emit<'ir>) -> bool {
        if op.operands().any(|v| is_shape_type(v.ty())) {
            return false;
        }
        let shapes = self.operands(op);
        if shapes.len() <= 1 {
            let t = self.boolean(e, true);
            return self.replace(op, vec![t]);
        }
        let ctx = op.context();
        let i1 = ctx.integer_type(1);
        let zero = self.index(e, 0);
        let first = shapes[0];
        let first_rank = self.dim(e, first, zero);
        let mut result: Option<Value> = None;
        for &shape in &shapes[1..] {
            let rank = self.dim(e, shape, zero);
            let eq_rank = self.cmpi(e, EQ, first_rank, rank);
            let same = self.scf_if(
                e,
                eq_rank,
                &[i1],
                |d, t| {
                    let one = d.index(t, 1);
                    let init = d.boolean(t, true);
                    let l = d.scf_for(t, [zero, first_rank, one], &[init], |d, b, iv, args| {
                        let lhs = d.extract(b, first, iv);
                        let rhs = d.extract(b, shape, iv);
                        let eq = d.cmpi(b, EQ, lhs, rhs);
                        let conj = d.binary(b, rarith::AndIOp::OP, args[0], eq);
                        d.yield_(b, "scf.yield", &[conj]);
                    });
                    d.yield_(t, "scf.yield", &[l.result(0)]);
                },
                |d, f| {
                    let fls = d.boolean(f, false);
                    d.yield_(f, "scf.yield", &[fls]);
                },
            );
            let same = same.result(0);
            result = Some(match result {
                None => same,
                Some(r) => self.binary(e, rarith::AndIOp::OP, r, same),
            });
        }
        self.replace(op, vec![result.expect("two or more shapes")])
    }

    fn shape_of(&mut self, op: Op<'ir>, e: &Emit<'ir>) -> bool {
        let ty = op.result(0).ty();
        if is_shape_type(ty) {
            return false;
        }
        let ctx = op.context();
        let tensor = self.operands(op)[0];
        let tensor_ty = tensor.ty();
        if tensor_ty.is_ranked_tensor() {
            let dims = tensor_ty.dims().expect("ranked");
            let mut extents = Vec::with_capacity(dims.len());
            for (i, &d) in dims.iter().enumerate() {
                extents.push(if d == DYNAMIC {
                    let idx = self.index(e, i as i64);
                    self.dim(e, tensor, idx)
                } else {
                    self.index(e, d)
                });
            }
            let static_ty = ctx.ranked_tensor(&[dims.len() as i64], ctx.index_type());
            let t = self.emit(e, "tensor.from_elements", &extents, &[static_ty], &[]);
            let cast = self.emit(e, "tensor.cast", &[t], &[ty], &[]);
            return self.replace(op, vec![cast]);
        }
        if !tensor_ty.is_tensor() {
            return false;
        }
        let rank = self.emit(e, "tensor.rank", &[tensor], &[ctx.index_type()], &[]);
        let r = self.generate(e, rank, |d, g, i| {
            let extent = d.dim(g, tensor, i);
            d.yield_(g, "tensor.yield", &[extent]);
        });
        self.replace(op, vec![r])
    }

    /// An rmlir extension (upstream leaves `concat` unconverted): on extent
    /// tensors, `tensor.generate` of `i < rank(lhs) ? lhs[i] : rhs[i -
    /// rank(lhs)]`.
    fn concat(&mut self, op: Op<'ir>, e: &Emit<'ir>) -> bool {
        let all = [op.operand(0), op.operand(1), op.result(0)];
        if all.iter().any(|v| is_shape_type(v.ty())) {
            return false;
        }
        let ops = self.operands(op);
        let (lhs, rhs) = (ops[0], ops[1]);
        let ctx = op.context();
        let index_ty = ctx.index_type();
        let zero = self.index(e, 0);
        let lhs_rank = self.dim(e, lhs, zero);
        let rhs_rank = self.dim(e, rhs, zero);
        let rank = self.binary(e, rarith::AddIOp::OP, lhs_rank, rhs_rank);
        let mut result = self.generate(e, rank, |d, g, i| {
            let in_lhs = d.cmpi(g, ULT, i, lhs_rank);
            let pick = d.scf_if(
                g,
                in_lhs,
                &[index_ty],
                |d, t| {
                    let v = d.extract(t, lhs, i);
                    d.yield_(t, "scf.yield", &[v]);
                },
                |d, f| {
                    let j = d.binary(f, rarith::SubIOp::OP, i, lhs_rank);
                    let v = d.extract(f, rhs, j);
                    d.yield_(f, "scf.yield", &[v]);
                },
            );
            d.yield_(g, "tensor.yield", &[pick.result(0)]);
        });
        let ty = op.result(0).ty();
        if result.ty() != ty {
            result = self.emit(e, "tensor.cast", &[result], &[ty], &[]);
        }
        self.replace(op, vec![result])
    }

    fn split_at(&mut self, op: Op<'ir>, e: &Emit<'ir>) -> bool {
        let all = [op.operand(0), op.result(0), op.result(1)];
        if all.iter().any(|v| is_shape_type(v.ty())) {
            return false;
        }
        let ops = self.operands(op);
        let (operand, original) = (ops[0], ops[1]);
        let zero = self.index(e, 0);
        let rank = self.dim(e, operand, zero);
        let add = self.binary(e, rarith::AddIOp::OP, original, rank);
        let negative = self.cmpi(e, SLT, original, zero);
        let ty = original.ty();
        let index = self.emit(
            e,
            rarith::SelectOp::OP,
            &[negative, add, original],
            &[ty],
            &[],
        );
        let one = self.index(e, 1);
        let head = self.extract_slice(e, operand, zero, index, one);
        let tail_size = self.binary(e, rarith::SubIOp::OP, rank, index);
        let tail = self.extract_slice(e, operand, index, tail_size, one);
        self.replace(op, vec![head, tail])
    }

    /// `tensor.extract_slice %t[%offset] [%size] [%stride]` (all dynamic).
    fn extract_slice(
        &mut self,
        e: &Emit<'ir>,
        t: Value<'ir>,
        offset: Value<'ir>,
        size: Value<'ir>,
        stride: Value<'ir>,
    ) -> Value<'ir> {
        let ctx = e.loc.context();
        let dynamic = ctx.dense_i64_array(&[DYNAMIC]);
        let segments = ctx.dense_i32_array(&[1, 1, 1, 1]);
        let ty = ctx.ranked_tensor(&[DYNAMIC], t.ty().element_type_or_self());
        self.emit(
            e,
            "tensor.extract_slice",
            &[t, offset, size, stride],
            &[ty],
            &[
                ("operandSegmentSizes", segments),
                ("static_offsets", dynamic),
                ("static_sizes", dynamic),
                ("static_strides", dynamic),
            ],
        )
    }
}

/// `shape_of`'s result type for an argument type (upstream's inference).
fn shape_of_type<'ir>(arg: Type<'ir>, ctx: crate::ffi::ir::Context<'ir>) -> Type<'ir> {
    if arg.ods_name() == rshape::types::VALUE_SHAPE {
        return crate::shape::shape_type(ctx);
    }
    let rank = arg.rank().map_or(DYNAMIC, |r| r as i64);
    ctx.ranked_tensor(&[rank], ctx.index_type())
}
