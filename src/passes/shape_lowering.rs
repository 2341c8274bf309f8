//! `rshape-to-rshape-lowering`: upstream's `shape-to-shape-lowering` on
//! rshape. `num_elements` becomes a `reduce` that multiplies the extents,
//! starting from a constant 1 of the result type.

use super::{RunPass, decls};
use crate::ffi::exclusive::Ir;
use crate::ffi::ir::{Attr, Op};
use crate::ffi::walk;
use crate::ods::OdsOp;
use crate::ods::rshape;
use crate::semantics::ApInt;

impl RunPass for decls::RShapeToRShapeLowering {
    type Options = decls::RShapeToRShapeLoweringOptions;
    fn run(ir: &mut Ir, _: Self::Options) -> bool {
        run(ir)
    }
}

fn run(ir: &Ir) -> bool {
    let root = ir.root();
    for op in walk::collect(root, |o| o.isa::<rshape::NumElementsOp>()) {
        // As the conversion driver: an op that folds is not lowered.
        if !walk::try_fold_and_replace(ir, op) {
            lower_num_elements(ir, op);
        }
    }
    true
}

/// `num_elements %s` → `reduce(%s, 1) { ^bb0(%i, %e, %acc): yield mul(%e, %acc) }`.
fn lower_num_elements(ir: &Ir, op: Op) {
    let ctx = op.context();
    let loc = op.location();
    let shape = op.operand(0);
    let ty = op.result(0).ty();
    let b = walk::Builder::before(op);
    let one = Attr::int(ctx.index_type(), &ApInt::from_u64(64, 1));
    let init = crate::shape::materialize_constant(one, ty, loc)
        .expect("a constant 1 of size or index type");
    let init = b.insert(init);
    let init = init.result(0);
    let reduce = Op::create_with_regions(rshape::ReduceOp::OP, loc, &[shape, init], &[ty], &[], 1)
        .expect("rshape.reduce is registered");
    let reduce = b.insert(reduce);
    let extent_ty = if crate::shape::is_shape_type(shape.ty()) {
        crate::shape::size_type(ctx)
    } else {
        ctx.index_type()
    };
    let region = reduce.region(0).expect("reduce has a region");
    let body = region.append_block(&[ctx.index_type(), extent_ty, ty], loc);
    let (extent, acc) = (body.argument(1), body.argument(2));
    let product =
        Op::create(rshape::MulOp::OP, loc, &[extent, acc], &[ty], &[]).expect(rshape::MulOp::NAME);
    let product = body.append(product);
    let yield_op =
        Op::create(rshape::YieldOp::OP, loc, &[product.result(0)], &[], &[]).expect("yield");
    body.append(yield_op);
    walk::replace_and_erase(ir, op, &[reduce.result(0)]);
}
