//! The typed layer, generated from ODS (`cpp/td/*.td`) by `build.rs`: one
//! typed view per op ([`rarith::SubIOp`], [`rshape::ShapeOfOp`], ...), with
//! operand, result and attribute accessors named as in ODS, and one Rust
//! type per ODS enum ([`rarith::CmpIPredicate`],
//! [`rarith::IntegerOverflowFlags`], ...). Op identity is a dense id (the
//! op's index in rmlir's op table), read from the op in one bridge call:
//! never by comparing names.
//!
//! rmlir's hooks read ops through the views; the public API uses the op
//! types to root patterns ([`crate::rewrite::Pattern::new`]) and to name
//! ops, and the enums as typed builder arguments ([`crate::ops`]). Next to
//! each view is its scoped, read-only twin ([`rarith::SubIOpRef`], with
//! the same getters on [`crate::ir`] handles): what a pattern rooted at
//! the op receives.
//!
//! ```
//! use rmlir::ods::{OdsOp, ValueEnum};
//! use rmlir::ods::rarith::{CmpIPredicate, IntegerOverflowFlags, SubIOp};
//!
//! assert_eq!(SubIOp::NAME, "rarith.subi");
//! assert_eq!(CmpIPredicate::Ult.spelling(), "ult");
//! let flags = IntegerOverflowFlags::NSW | IntegerOverflowFlags::NUW;
//! assert!(flags.contains(IntegerOverflowFlags::NUW));
//! ```

pub use rmlir_bridge::typed::{BitEnum, OdsOp, ValueEnum};

include!(concat!(env!("OUT_DIR"), "/ods_typed.rs"));

#[cfg(test)]
mod tests {
    use super::rarith::*;
    use super::*;
    use crate::ffi::ir::{Attr, Op};
    use crate::registry::{ODS_OPS, op_id};
    use crate::semantics::ApInt;

    #[test]
    fn op_ids_are_the_indices_of_the_op_table() {
        assert_eq!(
            ODS_OPS[crate::ffi::typed::id_index(SubIOp::ID)].name,
            SubIOp::NAME
        );
        assert_eq!(SubIOp::NAME, "rarith.subi");
        assert_eq!(op_id("rarith.cmpi"), Some(CmpIOp::ID));
        assert_eq!(op_id("rshape.shape_of"), Some(super::rshape::ShapeOfOp::ID));
        // Discardable attributes are declared in ODS too.
        assert_eq!(super::rshape::attrs::LIB, "rshape.lib");
    }

    #[test]
    fn value_enums_keep_the_numbering_and_spelling_of_ods() {
        assert_eq!(CmpIPredicate::Ult.value(), 6);
        assert_eq!(CmpIPredicate::from_value(9), Some(CmpIPredicate::Uge));
        assert_eq!(CmpIPredicate::from_value(10), None);
        assert_eq!(CmpIPredicate::ALL.len(), 10);
        assert_eq!(CmpFPredicate::AlwaysTrue.value(), 15);
        assert_eq!(CmpFPredicate::Une.spelling(), "une");
        assert_eq!(RoundingMode::ToNearestAway.value(), 4);
        for (i, p) in CmpFPredicate::ALL.iter().enumerate() {
            assert_eq!(p.value(), i as u64);
        }
    }

    #[test]
    fn bit_enums_are_flags() {
        let flags = IntegerOverflowFlags::NSW | IntegerOverflowFlags::NUW;
        assert_eq!(flags.bits(), 3);
        assert!(flags.contains(IntegerOverflowFlags::NUW));
        assert!(!IntegerOverflowFlags::NSW.contains(flags));
        assert!(IntegerOverflowFlags::NONE.is_empty());
        assert_eq!(FastMathFlags::FAST.bits(), 127);
        assert_eq!(
            FastMathFlags::NNAN | FastMathFlags::NSZ,
            FastMathFlags::from_bits(2 | 8)
        );
    }

    /// The ops nested in `source`'s module (post-order), parsed in a fresh
    /// context.
    fn with_ops(source: &str, check: impl FnOnce(&[Op])) {
        use melior::ir::Module;
        let context = crate::new_context();
        let mut module = Module::parse(&context, source).expect("parses");
        let root = Op::from_melior(&mut module).expect("module op");
        let ops = crate::ffi::walk::collect(root, |o| !o.isa::<super::rshape::FuncOp>());
        check(&ops);
    }

    #[test]
    fn typed_views_read_operands_and_attributes_by_their_ods_names() {
        with_ops(
            r#"func.func @f(%x: i32, %y: i32, %a: f32) -> (i1, f32) {
                 %s = rarith.subi %x, %y overflow<nsw, nuw> : i32
                 %p = rarith.cmpi ult, %s, %y : i32
                 %t = rarith.truncf %a to_nearest_away fastmath<nnan> : f32 to f16
                 %e = rarith.extf %t : f16 to f32
                 %q = rarith.addi %x, %y : i32
                 return %p, %e : i1, f32
               }"#,
            |ops| {
                let sub = ops.iter().find_map(|o| o.view::<SubIOp>()).expect("subi");
                assert_eq!(
                    sub.overflow_flags(),
                    IntegerOverflowFlags::NSW | IntegerOverflowFlags::NUW
                );
                let cmp = ops.iter().find_map(|o| o.view::<CmpIOp>()).expect("cmpi");
                assert_eq!(cmp.predicate(), Some(CmpIPredicate::Ult));
                assert_eq!(cmp.lhs().defined_by::<SubIOp>(), Some(sub));
                assert_eq!(cmp.rhs(), sub.rhs());
                assert!(cmp.lhs().defined_by::<AddIOp>().is_none());
                assert!(cmp.isa::<CmpIOp>() && !cmp.isa::<CmpFOp>());
                let trunc = ops
                    .iter()
                    .find_map(|o| o.view::<TruncFOp>())
                    .expect("truncf");
                assert_eq!(trunc.roundingmode(), Some(RoundingMode::ToNearestAway));
                assert_eq!(trunc.fastmath(), Some(FastMathFlags::NNAN));
                let ext = ops.iter().find_map(|o| o.view::<ExtFOp>()).expect("extf");
                assert_eq!(ext.in_().defined_by::<TruncFOp>(), Some(trunc));
                // Absent attributes read as their ODS defaults.
                let add = ops.iter().find_map(|o| o.view::<AddIOp>()).expect("addi");
                assert_eq!(add.overflow_flags(), IntegerOverflowFlags::NONE);
            },
        );
    }

    #[test]
    fn attributes_read_by_ods_index_are_those_read_by_name() {
        with_ops(
            r#"func.func @f(%x: i32, %y: i32, %a: f32, %s: tensor<?xf32>) -> i32 {
                 %c = rarith.constant 7 : i32
                 %d = rarith.addi %x, %c overflow<nuw> : i32
                 %e = rarith.subi %d, %y : i32
                 %p = rarith.cmpi sge, %e, %y : i32
                 %q = rarith.cmpf olt, %a, %a fastmath<nnan, ninf> : f32
                 %t = rarith.truncf %a to_nearest_away fastmath<contract> : f32 to f16
                 %t2 = rarith.truncf %a : f32 to f16
                 %u = rarith.addf %a, %a : f32
                 %k = rshape.const_shape [1, 2] : tensor<2xindex>
                 %z = rshape.const_size 3
                 %w = rshape.const_witness true
                 %r = rshape.cstr_require %p, "must hold"
                 %v = rshape.shape_of %s : tensor<?xf32> -> tensor<?xindex>
                 return %e : i32
               }"#,
            |ops| {
                let mut present = 0;
                for &op in ops {
                    let Some(id) = op.ods_id() else {
                        continue;
                    };
                    for (index, name) in ODS_OPS[crate::ffi::typed::id_index(id)]
                        .attrs
                        .iter()
                        .enumerate()
                    {
                        let by_name = op.attr(name);
                        assert_eq!(
                            op.ods_attr(id, index as u32, name),
                            by_name,
                            "{} {name}",
                            op.name()
                        );
                        assert_eq!(op.ods_attr_named(id, name), by_name);
                        // Enum attributes read as their value, others as
                        // Attr::enum_value reads them.
                        let value = by_name.and_then(|a| a.enum_value());
                        assert_eq!(op.ods_enum(id, index as u32, name), value, "{name}");
                        assert_eq!(op.ods_enum_named(id, name), value);
                        present += usize::from(by_name.is_some());
                    }
                    // Asked as an op it is not, the class check declines and
                    // the name decides.
                    let other = if id == CmpIOp::ID {
                        AddIOp::ID
                    } else {
                        CmpIOp::ID
                    };
                    assert_eq!(op.ods_attr(other, 0, "predicate"), op.attr("predicate"));
                    assert_eq!(
                        op.ods_enum(other, 0, "predicate"),
                        op.attr("predicate").and_then(|a| a.enum_value())
                    );
                }
                // Every attribute above is present, defaults included
                // (subi's flags, addf's fastmath: stored as `none`), but the
                // second truncf's (both optional, absent).
                assert_eq!(present, 13);
                let plain = ops
                    .iter()
                    .filter_map(|o| o.view::<TruncFOp>())
                    .find(|t| t.roundingmode().is_none())
                    .expect("a truncf without rounding mode");
                assert_eq!(plain.ods_attr_named(TruncFOp::ID, "roundingmode"), None);
                let addf = ops.iter().find_map(|o| o.view::<AddFOp>()).expect("addf");
                assert_eq!(addf.fastmath(), FastMathFlags::NONE);
            },
        );
    }

    #[test]
    fn attributes_are_set_in_place_by_ods_index() {
        with_ops(
            r#"func.func @f(%x: i32, %y: i32) -> (i1, i1) {
                 %p = rarith.cmpi ult, %x, %y : i32
                 %q = rarith.cmpi sge, %x, %y : i32
                 return %p, %q : i1, i1
               }"#,
            |ops| {
                let cmps: Vec<CmpIOp> = ops.iter().filter_map(|o| o.view::<CmpIOp>()).collect();
                let [p, q] = cmps[..] else {
                    panic!("two cmpi ops")
                };
                let sge = q.attr("predicate").expect("predicate");
                p.set_ods_attr_named(CmpIOp::ID, "predicate", sge);
                assert_eq!(p.predicate(), Some(CmpIPredicate::Sge));
                assert_eq!(p.attr("predicate"), Some(sge));
                // An integer enum attribute holds one of the enum's cases
                // at the enum's width: a signless i64 of a case is one,
                // another value or width is not (and is not stored).
                let ctx = p.context();
                let int = |width: u32, v: i64| {
                    Attr::int(ctx.integer_type(width), &ApInt::from_i64(width, v))
                };
                p.set_ods_attr_named(CmpIOp::ID, "predicate", int(64, 9));
                assert_eq!(p.predicate(), Some(CmpIPredicate::Uge));
                for rejected in [int(64, 10), int(64, -1), int(32, 2), int(128, 2)] {
                    // Declined in place, the value is left to the by-name
                    // setter, as on `q`: never stored as a predicate.
                    p.set_ods_attr_named(CmpIOp::ID, "predicate", rejected);
                    q.set_inherent_attr("predicate", rejected);
                    assert_ne!(p.attr("predicate"), Some(rejected));
                    assert_eq!(p.attr("predicate"), q.attr("predicate"));
                    assert_eq!(p.predicate(), None);
                }
                q.set_inherent_attr("predicate", sge);
                p.set_ods_attr_named(CmpIOp::ID, "predicate", sge);
                // A name ODS does not declare is no inherent attribute:
                // left to `set_inherent_attr`, which ignores it.
                let unit = p.context().unit_attr();
                p.set_ods_attr_named(CmpIOp::ID, "rmlir.note", unit);
                assert_eq!(p.attr("rmlir.note"), None);
                // Nor is a value of another kind stored in place.
                p.set_ods_attr_named(CmpIOp::ID, "predicate", unit);
                let by_name = q.attr("predicate");
                q.set_inherent_attr("predicate", unit);
                assert_eq!(p.attr("predicate"), q.attr("predicate"));
                assert_ne!(q.attr("predicate"), by_name);
            },
        );
    }

    #[test]
    fn every_ods_op_has_typed_access() {
        // Loads the dialects (and so registers their typed access).
        let _context = crate::new_context();
        for (id, op) in ODS_OPS.iter().enumerate() {
            assert!(
                crate::ffi::op_access::has_typed_access(crate::registry::ID_BASE << 16 | id as u32),
                "{}",
                op.name
            );
        }
    }

    #[test]
    fn every_ods_op_answers_has_trait_as_mlirs_own_op_model() {
        let context = crate::new_context();
        let ctx = crate::ffi::ir::Context::from_melior(&context);
        for op in ODS_OPS {
            assert_eq!(ctx.op_traits_agree(op.name), Some(true), "{}", op.name);
        }
        // Ops of other dialects keep MLIR's own model.
        assert_eq!(ctx.op_traits_agree("func.func"), None);
        assert_eq!(ctx.op_traits_agree("arith.addi"), None);
        assert_eq!(ctx.op_traits_agree("rarith.no_such_op"), None);
    }

    #[test]
    fn ops_with_regions_are_built_by_index_as_by_name() {
        with_ops(
            r#"func.func @f(%s: tensor<?xindex>) -> index {
                 %c = rarith.constant 1 : index
                 return %c : index
               }"#,
            |ops| {
                let c = ops.iter().find_map(|o| o.view::<ConstantOp>()).expect("c");
                let s = c
                    .parent_op()
                    .and_then(|f| f.region(0))
                    .and_then(|r| r.first_block())
                    .map(|b| b.argument(0))
                    .expect("the argument");
                let (loc, index) = (c.location(), c.result(0).ty());
                let operands = [s, c.result(0)];
                let reduce = super::rshape::ReduceOp::OP;
                let by_index =
                    Op::create_with_regions(reduce, loc, &operands, &[index], &[], 1).expect("op");
                let by_name = Op::create_with_regions(
                    super::rshape::ReduceOp::NAME,
                    loc,
                    &operands,
                    &[index],
                    &[],
                    1,
                )
                .expect("op");
                for op in [by_index.op(), by_name.op()] {
                    assert_eq!(op.name(), "rshape.reduce");
                    assert_eq!((op.num_regions(), op.num_operands()), (1, 2));
                    assert_eq!(op.result(0).ty(), index);
                }
            },
        );
    }

    #[test]
    fn ods_ops_are_built_by_index_as_by_name() {
        with_ops(
            r#"func.func @f(%x: i32, %y: i32) -> i1 {
                 %s = rarith.subi %x, %y overflow<nsw> : i32
                 %p = rarith.cmpi ult, %s, %y : i32
                 return %p : i1
               }"#,
            |ops| {
                let sub = ops.iter().find_map(|o| o.view::<SubIOp>()).expect("subi");
                let cmp = ops.iter().find_map(|o| o.view::<CmpIOp>()).expect("cmpi");
                let ctx = sub.context();
                let (loc, ty) = (sub.location(), sub.result(0).ty());
                let operands = [sub.lhs(), sub.rhs()];
                let flags = sub.attr("overflowFlags").expect("flags");
                let build = |name: crate::ffi::op_access::OpName, attrs: &[(&str, _)]| {
                    Op::create(name, loc, &operands, &[ty], attrs).expect("builds")
                };
                let same = |a: Op, b: Op| {
                    assert_eq!(a.name(), b.name());
                    assert_eq!(a.num_operands(), b.num_operands());
                    for i in 0..a.num_operands() {
                        assert_eq!(a.operand(i), b.operand(i));
                    }
                    assert_eq!(a.result(0).ty(), b.result(0).ty());
                    for name in ["overflowFlags", "predicate", "rmlir.note"] {
                        assert_eq!(a.attr(name), b.attr(name), "{name}");
                    }
                };
                let given = [("overflowFlags", flags)];
                let (a, b) = (
                    build(SubIOp::OP, &given),
                    build(SubIOp::NAME.into(), &given),
                );
                same(a.op(), b.op());
                assert_eq!(
                    a.op().view::<SubIOp>().map(|s| s.overflow_flags()),
                    Some(IntegerOverflowFlags::NSW)
                );
                // Attributes left out take their ODS defaults.
                let (a, b) = (build(SubIOp::OP, &[]), build(SubIOp::NAME.into(), &[]));
                same(a.op(), b.op());
                assert_eq!(
                    a.op().view::<SubIOp>().map(|s| s.overflow_flags()),
                    Some(IntegerOverflowFlags::NONE)
                );
                // A discardable attribute is kept, through MLIR's by-name path.
                let note = [
                    ("overflowFlags", flags),
                    ("rmlir.note", ctx.bool_attr(true)),
                ];
                let (a, b) = (build(SubIOp::OP, &note), build(SubIOp::NAME.into(), &note));
                same(a.op(), b.op());
                assert!(a.op().attr("rmlir.note").is_some());
                // An attribute of another kind than ODS declares is left to
                // the by-name path too, which decides it as before.
                let predicate = cmp.attr("predicate").expect("predicate");
                let wrong = [("overflowFlags", predicate)];
                let (a, b) = (
                    build(SubIOp::OP, &wrong),
                    build(SubIOp::NAME.into(), &wrong),
                );
                same(a.op(), b.op());
                // An attribute declared as an interface (rarith.constant's
                // `TypedAttr` value): one of the interface is stored, one of
                // another kind left to the by-name path, as before.
                let stores = |name: crate::ffi::op_access::OpName, value, stored| {
                    let c = Op::create(name, loc, &[], &[ty], &[("value", value)]);
                    assert_eq!(c.expect("constant").op().attr("value"), stored);
                };
                let seven =
                    crate::ffi::ir::Attr::int(ty, &crate::semantics::ApInt::from_u64(32, 7));
                stores(ConstantOp::OP, seven, Some(seven));
                let unit = ctx.unit_attr();
                stores(ConstantOp::OP, unit, None);
                stores(ConstantOp::NAME.into(), unit, None);
                // Built as a cmpi, by index, with its predicate.
                let c = Op::create(
                    CmpIOp::OP,
                    loc,
                    &[sub.lhs(), sub.rhs()],
                    &[cmp.result(0).ty()],
                    &[("predicate", predicate)],
                )
                .expect("cmpi");
                assert_eq!(
                    c.op().view::<CmpIOp>().and_then(|c| c.predicate()),
                    Some(CmpIPredicate::Ult)
                );
            },
        );
    }

    #[test]
    fn ops_of_other_dialects_and_unregistered_ops_of_ours_have_no_ods_id() {
        with_ops(
            r#"func.func @f(%x: index) -> index {
                 %c = rarith.constant 1 : index
                 %u = "rshape.not_an_op"(%x) : (index) -> index
                 return %u : index
               }"#,
            |ops| {
                let names: Vec<(&str, Option<u32>)> =
                    ops.iter().map(|o| (o.name(), o.ods_id())).collect();
                assert_eq!(
                    names,
                    [
                        ("rarith.constant", Some(ConstantOp::ID)),
                        ("rshape.not_an_op", None),
                        ("func.return", None),
                        ("func.func", None),
                    ]
                );
                // The constant is read from the attribute ODS names.
                let c = ops[0].constant_value().expect("constant");
                assert_eq!(c.as_int().map(|v| v.low_u64()), Some(1));
            },
        );
    }
}
