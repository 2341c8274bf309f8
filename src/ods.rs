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

use crate::ffi::ir::{Attr, Op, Value};
use std::cell::RefCell;
use std::collections::HashMap;
use std::hash::BuildHasherDefault;

/// An op declared in ODS, seen through its typed view.
pub trait OdsOp: Copy + std::ops::Deref<Target = Op> {
    /// The op's dense id (its index in rmlir's op table).
    const ID: u32;
    /// The op's full name (`rarith.subi`), for diagnostics and creation.
    const NAME: &'static str;
    /// The view of `op`, which the caller knows to be of this kind.
    fn from_op_unchecked(op: Op) -> Self;
    /// The op seen through the view.
    fn op(self) -> Op;
    /// The view of `op` when it is of this kind.
    fn from_op(op: Op) -> Option<Self> {
        (op.ods_id() == Some(Self::ID)).then(|| Self::from_op_unchecked(op))
    }
}

pub use crate::semantics::enums::{BitEnum, ValueEnum};

include!(concat!(env!("OUT_DIR"), "/ods_typed.rs"));

/// A hasher for pointer keys (TypeIDs are aligned addresses).
#[derive(Default)]
struct PointerHasher(u64);

impl std::hash::Hasher for PointerHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 << 8 | u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }
    fn write_usize(&mut self, v: usize) {
        self.0 = (v as u64 >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    }
}

thread_local! {
    /// Registered op class (TypeID address) -> its ODS id, or None for ops
    /// of other dialects: filled the first time a thread meets an op class.
    static IDS: RefCell<HashMap<usize, Option<u32>, BuildHasherDefault<PointerHasher>>> =
        RefCell::new(HashMap::default());
}

impl Op {
    /// The op's dense ODS id ([`OdsOp::ID`]); None for unregistered ops and
    /// ops of other dialects. One C call and a cache lookup: no string.
    pub fn ods_id(self) -> Option<u32> {
        let class = self.class_id()?;
        IDS.with(|ids| {
            if let Some(&id) = ids.borrow().get(&class) {
                return id;
            }
            let id = crate::registry::op_id(self.name());
            ids.borrow_mut().insert(class, id);
            id
        })
    }

    /// The value of a `ConstantLike` op (any dialect), as `m_Constant` binds
    /// it. Ops whose ODS declares the attribute they fold to
    /// (`rustFoldsToAttr`: `rarith.constant`, `rshape.const_shape`, ...) are
    /// read directly, without a fold round trip through MLIR.
    pub fn constant_value(self) -> Option<Attr> {
        let declared = self
            .ods_id()
            .and_then(|id| crate::registry::ODS_OPS[id as usize].folds_to_attr);
        match declared {
            Some(name) => self.attr(name),
            None => self.fold_constant(),
        }
    }

    /// True when the op is a `T`.
    pub fn isa<T: OdsOp>(self) -> bool {
        self.ods_id() == Some(T::ID)
    }

    /// The op as a `T`, when it is one.
    pub fn view<T: OdsOp>(self) -> Option<T> {
        T::from_op(self)
    }
}

impl Value {
    /// The op defining this value, when it is a `T`.
    pub fn defined_by<T: OdsOp>(self) -> Option<T> {
        self.defining_op().and_then(T::from_op)
    }

    /// The op defining this value, when its ODS id is `id` (for code that
    /// takes the kind of op as a value: `ExtSIOp::ID`).
    pub fn defined_by_id(self, id: u32) -> Option<Op> {
        self.defining_op().filter(|op| op.ods_id() == Some(id))
    }
}

#[cfg(test)]
mod tests {
    use super::rarith::*;
    use super::*;
    use crate::registry::{ODS_OPS, op_id};

    #[test]
    fn op_ids_are_the_indices_of_the_op_table() {
        assert_eq!(ODS_OPS[SubIOp::ID as usize].name, SubIOp::NAME);
        assert_eq!(SubIOp::NAME, "rarith.subi");
        assert_eq!(op_id("rarith.cmpi"), Some(CmpIOp::ID));
        assert_eq!(op_id("rshape.shape_of"), Some(super::rshape::ShapeOfOp::ID));
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
        let module = Module::parse(&context, source).expect("parses");
        let root = Op::from_raw(module.as_operation().to_raw()).expect("module op");
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
