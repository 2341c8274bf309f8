//! `rarith-int-range-narrowing`: upstream's `arith-int-range-narrowing` for
//! rarith. Where MLIR's integer range analysis proves every operand and
//! result of an elementwise integer op (or both sides of a `cmpi`) fits in
//! one of the `int-bitwidths-supported` widths, the op is rebuilt at that
//! width between truncations and extensions (signed or unsigned as the
//! ranges allow, and as the op's signedness requires: unlike upstream, a
//! signed op is narrowed only where its values fit as signed numbers, an
//! unsigned one only where they fit as unsigned ones); `index_cast` round trips through `index` that come back
//! to a supported width fold away. MLIR's greedy driver runs the patterns
//! bottom-up, kept in step with the analysis, as upstream's pass does.

use super::{RunPass, decls};
use crate::ffi::dataflow::{IntRangeSolver, SolverPattern, rewrite_fn};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Op, Type, Value};
use crate::ffi::rewrite::Rewriter;
use crate::ods::{OdsOp, rarith};
use crate::semantics::int_range::IntRange;

impl RunPass for decls::RArithIntRangeNarrowing {
    type Options = decls::RArithIntRangeNarrowingOptions;
    fn run(ir: &mut Ir, options: Self::Options) -> bool {
        run(ir, &options.int_bitwidths_supported)
    }
}

fn run(ir: &mut Ir, widths: &[u32]) -> bool {
    let Some(solver) = IntRangeSolver::run(ir.root()) else {
        ir.root().emit_error("integer range analysis failed");
        return false;
    };
    let elementwise = rewrite_fn(|op, rw| narrow_elementwise(&solver, widths, op, rw));
    let cmpi = rewrite_fn(|op, rw| narrow_cmpi(&solver, widths, op, rw));
    let chain_ui =
        rewrite_fn(|op, rw| fold_index_cast_chain::<rarith::IndexCastUIOp>(widths, op, rw));
    let chain = rewrite_fn(|op, rw| fold_index_cast_chain::<rarith::IndexCastOp>(widths, op, rw));
    let patterns = [
        SolverPattern {
            root: None,
            benefit: 1,
            rewrite: &elementwise,
        },
        SolverPattern {
            root: Some(rarith::CmpIOp::NAME),
            benefit: 1,
            rewrite: &cmpi,
        },
        SolverPattern {
            root: Some(rarith::IndexCastUIOp::NAME),
            benefit: 1,
            rewrite: &chain_ui,
        },
        SolverPattern {
            root: Some(rarith::IndexCastOp::NAME),
            benefit: 1,
            rewrite: &chain,
        },
    ];
    solver.apply_patterns(ir, &patterns, Some(false))
}

/// Which truncation keeps a range's values.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum CastKind {
    None,
    Signed,
    Unsigned,
    Both,
}

/// The truncation to `target` bits that keeps every value of `range`.
fn truncatability(range: &IntRange, target: u32) -> CastKind {
    let width = range.smin.width();
    if width <= target {
        return CastKind::None;
    }
    let removed = width - target;
    let signed = range.smin.num_sign_bits() > removed && range.smax.num_sign_bits() > removed;
    let unsigned = range.umin.leading_zeros() >= removed && range.umax.leading_zeros() >= removed;
    match (signed, unsigned) {
        (true, true) => CastKind::Both,
        (true, false) => CastKind::Signed,
        (false, true) => CastKind::Unsigned,
        (false, false) => CastKind::None,
    }
}

fn merge(a: CastKind, b: CastKind) -> CastKind {
    match (a, b) {
        (CastKind::None, _) | (_, CastKind::None) => CastKind::None,
        (CastKind::Both, k) | (k, CastKind::Both) => k,
        (x, y) if x == y => x,
        _ => CastKind::None,
    }
}

/// The truncation an op's own semantics need of its values, whatever their
/// ranges: an op that reads its operands as signed numbers (signed
/// division and remainder, arithmetic shift right, signed min/max, signed
/// comparisons) computes the same narrow only when every value fits as a
/// signed number, an unsigned one only when every value fits as an
/// unsigned number. Upstream asks only that the values fit one way or the
/// other, so it narrows `divsi` of values in [0, 255] to `i8`, where 254
/// reads as -2 (a miscompile the SMT validator found; see
/// docs/upstream-differences.md).
fn semantic_kind(op: Op<'_>) -> CastKind {
    let name = op.name();
    let mnemonic = name.rsplit_once('.').map_or(name, |(_, m)| m);
    match mnemonic {
        "divsi" | "remsi" | "ceildivsi" | "floordivsi" | "shrsi" | "maxsi" | "minsi" => {
            CastKind::Signed
        }
        "divui" | "remui" | "ceildivui" | "shrui" | "maxui" | "minui" => CastKind::Unsigned,
        // cmpi: slt, sle, sgt, sge are signed; ult, ule, ugt, uge unsigned.
        "cmpi" => match op.enum_attr("predicate") {
            Some(2..=5) => CastKind::Signed,
            Some(6..=9) => CastKind::Unsigned,
            _ => CastKind::Both,
        },
        _ => CastKind::Both,
    }
}

/// The integer type of `width` bits in the shape of `ty`.
fn target_type<'ir>(ty: Type<'ir>, width: u32) -> Option<Type<'ir>> {
    let int = ty.context().integer_type(width);
    if ty.is_shaped() {
        ty.with_element_type(int)
    } else {
        Some(int)
    }
}

/// `src` cast to `to` as `kind` allows (index casts for `index`, else
/// trunci, extsi or extui).
fn cast<'ir>(
    rw: &mut Rewriter<'ir>,
    op: Op<'ir>,
    src: Value<'ir>,
    to: Type<'ir>,
    kind: CastKind,
) -> Value<'ir> {
    let from = src.ty();
    if from == to {
        return src;
    }
    let (fe, te) = (from.element_type_or_self(), to.element_type_or_self());
    let name = if fe.is_index() || te.is_index() {
        if kind == CastKind::Signed {
            rarith::IndexCastOp::OP
        } else {
            rarith::IndexCastUIOp::OP
        }
    } else if te.int_width() < fe.int_width() {
        rarith::TruncIOp::OP
    } else if kind == CastKind::Signed {
        rarith::ExtSIOp::OP
    } else {
        rarith::ExtUIOp::OP
    };
    rw.create(name, op.location(), &[src], &[to], &[]).result(0)
}

fn ranges<'ir>(
    solver: &IntRangeSolver,
    values: impl Iterator<Item = Value<'ir>>,
) -> Option<Vec<IntRange>> {
    values.map(|v| solver.range(v)).collect()
}

/// Upstream's NarrowElementwise.
fn narrow_elementwise<'ir>(
    solver: &IntRangeSolver,
    widths: &[u32],
    op: Op<'ir>,
    rw: &mut Rewriter<'ir>,
) -> bool {
    if !op.is_elementwise() || op.num_results() == 0 {
        return false;
    }
    let Some(mut all) = ranges(solver, op.operands()) else {
        return false;
    };
    let Some(results) = ranges(solver, op.results()) else {
        return false;
    };
    all.extend(results);
    let src = op.result(0).ty();
    if op.results().any(|r| r.ty() != src)
        || op.num_operands() == 0
        || op.operands().any(|v| v.ty() != src)
    {
        return false;
    }
    for &width in widths {
        let kind = all
            .iter()
            .fold(CastKind::Both, |k, r| merge(k, truncatability(r, width)));
        // The casts follow the ranges, as upstream's; the op's signedness
        // only decides whether the width is allowed at all.
        if merge(kind, semantic_kind(op)) == CastKind::None {
            continue;
        }
        let Some(target) = target_type(src, width) else {
            continue;
        };
        if target == src {
            continue;
        }
        // Every operand is cast (a repeated one twice; the clone uses the
        // last cast, and the driver erases the dead one, as upstream's
        // IRMapping does).
        let mut mapped: Vec<(Value, Value)> = Vec::new();
        for (arg, range) in op.operands().zip(&all) {
            let arg_kind = if kind == CastKind::Signed && !range.smin.is_negative() {
                CastKind::Both
            } else {
                kind
            };
            let new = cast(rw, op, arg, target, arg_kind);
            mapped.retain(|(old, _)| *old != arg);
            mapped.push((arg, new));
        }
        let operands: Vec<Value> = op
            .operands()
            .map(|v| {
                mapped
                    .iter()
                    .find(|(old, _)| *old == v)
                    .map_or(v, |(_, n)| *n)
            })
            .collect();
        let types = vec![target; op.num_results()];
        let new = rw.insert(op.create_like(&operands, &types));
        let mut replacements = Vec::with_capacity(op.num_results());
        for (new_result, old_result) in new.results().zip(op.results()) {
            let back = cast(rw, op, new_result, src, kind);
            solver.copy_range(old_result, back);
            replacements.push(back);
        }
        rw.replace_op(op, &replacements);
        return true;
    }
    false
}

/// Upstream's NarrowCmpI.
fn narrow_cmpi<'ir>(
    solver: &IntRangeSolver,
    widths: &[u32],
    op: Op<'ir>,
    rw: &mut Rewriter<'ir>,
) -> bool {
    let (lhs, rhs) = (op.operand(0), op.operand(1));
    let Some(r) = ranges(solver, op.operands()) else {
        return false;
    };
    let src = lhs.ty();
    for &width in widths {
        let (lk, rk) = (truncatability(&r[0], width), truncatability(&r[1], width));
        if merge(merge(lk, rk), semantic_kind(op)) == CastKind::None {
            continue;
        }
        let Some(target) = target_type(src, width) else {
            continue;
        };
        if target == src {
            continue;
        }
        let l = cast(rw, op, lhs, target, lk);
        let r = cast(rw, op, rhs, target, rk);
        let types: Vec<Type> = op.results().map(|v| v.ty()).collect();
        let new = rw.insert(op.create_like(&[l, r], &types));
        solver.copy_range(op.result(0), new.result(0));
        rw.replace_op(op, &[new.result(0)]);
        return true;
    }
    false
}

/// Upstream's FoldIndexCastChain: `cast(cast(x : iN to index) to iN)` is
/// `x` when N is a supported width.
fn fold_index_cast_chain<'ir, C: OdsOp<'ir>>(
    widths: &[u32],
    op: Op<'ir>,
    rw: &mut Rewriter<'ir>,
) -> bool {
    let Some(inner) = op.operand(0).defined_by::<C>() else {
        return false;
    };
    let src = inner.operand(0);
    let ty = op.result(0).ty();
    if src.ty() != ty || !inner.result(0).ty().is_index() {
        return false;
    }
    if !(ty.is_integer() && ty.int_width().is_some_and(|w| widths.contains(&w))) {
        return false;
    }
    rw.replace_op(op, &[src]);
    true
}
