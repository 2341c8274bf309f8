//! A crate that extends rmlir from safe Rust, as a user's would: builders
//! generated from ODS, a pattern of its own that joins `canonicalize`, a
//! pass of its own (applying its own pattern set) that pipelines name, and
//! an `mlir-opt` plugin carrying all of it (`rmlir::plugin!`).

use melior::dialect::func;
use melior::ir::attribute::{IntegerAttribute, StringAttribute, TypeAttribute};
use melior::ir::r#type::{FunctionType, IntegerType};
use melior::ir::{Block, BlockLike, Identifier, Location, Module, Region, RegionLike, Type};
use melior::ir::{Operation, Value};
use rmlir::ir::ValueRef;
use rmlir::ods::rarith::{DivUIOp, IntegerOverflowFlags, MulIOp};
use rmlir::ops::rarith;
use rmlir::rewrite::{self, Pattern, Rewriter};
use std::sync::atomic::{AtomicUsize, Ordering};

/// How many divisions [`divui_by_power_of_two`] turned into shifts in this
/// process: state a pattern keeps.
pub static DIVISIONS_SHIFTED: AtomicUsize = AtomicUsize::new(0);

/// `k` when `value` is the constant `2^k` (k ≥ 1).
fn power_of_two(value: ValueRef) -> Option<u32> {
    let c = IntegerAttribute::try_from(value.constant()?).ok()?.value();
    (c > 1 && c.count_ones() == 1).then(|| c.trailing_zeros())
}

/// A shift builder of `rmlir::ops::rarith` (value, amount).
type Shift = for<'s> fn(Location<'s>, ValueRef<'s>, ValueRef<'s>) -> Option<Operation<'s>>;

/// Replaces the root `op(x, c)`, `c` the constant `2^k`, with `shift(x, k)`.
fn shift_by<'s>(
    x: ValueRef<'s>,
    c: ValueRef<'s>,
    rewriter: &mut Rewriter<'s>,
    shift: Shift,
) -> Option<()> {
    let k = power_of_two(c)?;
    let location = rewriter.root().location();
    let amount = IntegerAttribute::new(x.r#type(), i64::from(k));
    let amount = rewriter
        .insert(rarith::constant(location, amount.into()).ok()?)
        .ok()?;
    let shifted = rewriter
        .insert(shift(location, x, amount.result(0)?)?)
        .ok()?;
    rewriter.replace_root(&[shifted.result(0)?]).ok()
}

/// `rarith.divui %x, 2^k` -> `rarith.shrui %x, k`: joins canonicalize.
pub fn divui_by_power_of_two() -> Pattern {
    Pattern::new::<DivUIOp>("downstream-divui-by-power-of-two", |op, rewriter| {
        shift_by(op.lhs(), op.rhs(), rewriter, |l, x, k| {
            rarith::shrui(l, x, k, false).ok().map(Into::into)
        })?;
        DIVISIONS_SHIFTED.fetch_add(1, Ordering::Relaxed);
        Some(())
    })
}

/// `rarith.muli %x, 2^k` -> `rarith.shli %x, k`: applied by the pass.
pub fn muli_by_power_of_two() -> Pattern {
    Pattern::new::<MulIOp>("downstream-muli-by-power-of-two", |op, rewriter| {
        shift_by(op.lhs(), op.rhs(), rewriter, |l, x, k| {
            rarith::shli(l, x, k, IntegerOverflowFlags::NONE)
                .ok()
                .map(Into::into)
        })
    })
}

/// Registers this crate's pass and pattern (once per process): called by
/// the binary, and by `mlir-opt` when it loads this crate's plugin.
pub fn register() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| {
        rewrite::add_to_canonicalize(divui_by_power_of_two()).expect("pattern joins");
        let patterns = vec![muli_by_power_of_two()];
        rmlir::pipeline::register_pass(
            "downstream-strength-reduce",
            "Multiplications by powers of two become shifts",
            move |pass| pass.apply_greedily(&patterns),
        )
        .expect("pass registers");
    });
}

rmlir::plugin!(register);

/// A context with rmlir's dialects and toy's (a dialect crate of its own on
/// rmlir's bridge), both served by the one bridge of this process.
pub fn new_context_with_toy() -> melior::Context {
    let context = rmlir::new_context();
    toy_dialect::add_to(&context);
    context
}

/// A program mixing toy and rarith, lowered by toy's pass to arith, turned
/// into rarith by rmlir's pass and canonicalized by both dialects' folds:
/// `(x + 1) * -(6 * 7)` becomes one multiplication by a constant.
pub fn toy_through_rarith(context: &melior::Context) -> Result<String, rmlir::Error> {
    let mut module = rmlir::parse(
        context,
        "func.func @f(%x: i64) -> i64 {
           %one = rarith.constant 1 : i64
           %y = rarith.addi %x, %one : i64
           %c6 = toy.constant 6
           %c7 = toy.constant 7
           %p = toy.mul %c6, %c7
           %n = toy.neg %p
           %r = toy.mul %y, %n
           return %r : i64
         }",
    )?;
    rmlir::pipeline::run(
        context,
        &mut module,
        "builtin.module(canonicalize,convert-toy-to-arith,convert-arith-to-rarith,canonicalize)",
    )?;
    Ok(module.as_operation().to_string())
}

/// Appends `op` to `block` and returns its (first) result.
fn append<'c, 'a>(block: &'a Block<'c>, op: impl Into<Operation<'c>>) -> Value<'c, 'a> {
    block.append_operation(op.into()).result(0).unwrap().into()
}

/// `func @scale(%x: i32) -> i32 { ((x + 40) + 2) * 8 / 4 }` (unsigned
/// division), public.
pub fn build(context: &melior::Context) -> Module<'_> {
    let location = Location::unknown(context);
    let module = rmlir::new_module(context);
    let i32t: Type = IntegerType::new(context, 32).into();
    let block = Block::new(&[(i32t, location)]);
    let x: Value = block.argument(0).unwrap().into();
    let constant = |v: i64| {
        let value = IntegerAttribute::new(i32t, v).into();
        append(
            &block,
            rarith::constant(location, value).expect("a constant"),
        )
    };
    let (c40, c2, c8, c4) = (constant(40), constant(2), constant(8), constant(4));
    let none = IntegerOverflowFlags::NONE;
    let a = append(
        &block,
        rarith::addi(location, x, c40, none).expect("x + 40"),
    );
    let b = append(
        &block,
        rarith::addi(location, a, c2, none).expect("(x + 40) + 2"),
    );
    let c = append(&block, rarith::muli(location, b, c8, none).expect("* 8"));
    let d = append(&block, rarith::divui(location, c, c4, false).expect("/ 4"));
    block.append_operation(func::r#return(&[d], location));
    let region = Region::new();
    region.append_block(block);
    module.body().append_operation(func::func(
        context,
        StringAttribute::new(context, "scale"),
        TypeAttribute::new(FunctionType::new(context, &[i32t], &[i32t]).into()),
        region,
        &[(
            Identifier::new(context, "sym_visibility"),
            StringAttribute::new(context, "public").into(),
        )],
        location,
    ));
    module
}

/// The pipeline that reduces strength and canonicalizes.
pub const OPTIMIZE: &str = "builtin.module(downstream-strength-reduce,canonicalize)";

/// `func @broadcast_shapes(%a, %b: tensor<?xindex>) -> tensor<?xindex>`:
/// the broadcast of two extent tensors (`rshape.broadcast`), public, built
/// with rmlir's generated builders.
pub fn build_shape_function(context: &melior::Context) -> Module<'_> {
    let location = Location::unknown(context);
    let module = rmlir::new_module(context);
    let extents = Type::parse(context, "tensor<?xindex>").expect("an extent tensor type");
    let block = Block::new(&[(extents, location), (extents, location)]);
    let a: Value = block.argument(0).unwrap().into();
    let b: Value = block.argument(1).unwrap().into();
    let broadcast = append(
        &block,
        rmlir::ops::rshape::broadcast(location, [a, b], None, extents).expect("a broadcast"),
    );
    block.append_operation(func::r#return(&[broadcast], location));
    let region = Region::new();
    region.append_block(block);
    module.body().append_operation(func::func(
        context,
        StringAttribute::new(context, "broadcast_shapes"),
        TypeAttribute::new(FunctionType::new(context, &[extents, extents], &[extents]).into()),
        region,
        &[],
        location,
    ));
    module
}

/// The shape `a` and `b` broadcast to, computed by [`build_shape_function`]
/// lowered to native code (`LOWER_RSHAPE_TO_LLVM`) and run in the JIT.
pub fn broadcast_in_jit(a: &[i64], b: &[i64]) -> Result<Vec<i64>, rmlir::Error> {
    use rmlir::jit::{Arg, Jit, MemRef, OptLevel};
    let context = rmlir::new_context();
    let mut module = build_shape_function(&context);
    rmlir::pipeline::emit_c_interfaces(&mut module);
    rmlir::pipeline::run(&context, &mut module, rmlir::pipeline::LOWER_RSHAPE_TO_LLVM)?;
    let jit = Jit::new(&module, OptLevel::O2, &[])?;
    let (mut a, mut b) = (MemRef::vector(a.to_vec()), MemRef::vector(b.to_vec()));
    let out = jit.invoke(
        "broadcast_shapes",
        &mut [Arg::from(&mut a), Arg::from(&mut b)],
    )?;
    out.first()
        .and_then(|r| r.memref())
        .and_then(|m| m.elements::<i64>())
        .map(<[i64]>::to_vec)
        .ok_or_else(|| "`broadcast_shapes` returned no extent tensor".into())
}
