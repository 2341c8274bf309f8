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
//! ops, and the enums as typed builder arguments ([`crate::ops`]):
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
    use crate::ffi::ir::Op;
    use crate::registry::{ODS_OPS, op_id};

    #[test]
    fn op_ids_are_the_indices_of_the_op_table() {
        assert_eq!(ODS_OPS[SubIOp::ID as usize].name, SubIOp::NAME);
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
