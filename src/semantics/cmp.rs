//! Integer comparison predicates (`cmpi`): the ODS enum, evaluated.

use super::ApInt;
use std::cmp::Ordering;

pub use super::enums::rarith::CmpIPredicate;

impl CmpIPredicate {
    /// Evaluates the predicate on two integers of the same width.
    pub fn apply(self, lhs: &ApInt, rhs: &ApInt) -> bool {
        let s = || lhs.scmp(rhs);
        let u = || lhs.ucmp(rhs);
        match self {
            Self::Eq => lhs == rhs,
            Self::Ne => lhs != rhs,
            Self::Slt => s() == Ordering::Less,
            Self::Sle => s() != Ordering::Greater,
            Self::Sgt => s() == Ordering::Greater,
            Self::Sge => s() != Ordering::Less,
            Self::Ult => u() == Ordering::Less,
            Self::Ule => u() != Ordering::Greater,
            Self::Ugt => u() == Ordering::Greater,
            Self::Uge => u() != Ordering::Less,
        }
    }

    /// The result of comparing a value with itself.
    pub fn on_equal_operands(self) -> bool {
        matches!(
            self,
            Self::Eq | Self::Sle | Self::Sge | Self::Ule | Self::Uge
        )
    }

    /// The negated predicate (`slt` <-> `sge`, `eq` <-> `ne`, ...).
    pub fn inverted(self) -> Self {
        match self {
            Self::Eq => Self::Ne,
            Self::Ne => Self::Eq,
            Self::Slt => Self::Sge,
            Self::Sle => Self::Sgt,
            Self::Sgt => Self::Sle,
            Self::Sge => Self::Slt,
            Self::Ult => Self::Uge,
            Self::Ule => Self::Ugt,
            Self::Ugt => Self::Ule,
            Self::Uge => Self::Ult,
        }
    }

    /// The predicate that gives the same answer with the operands swapped
    /// (`slt` <-> `sgt`; `eq` and `ne` stay).
    pub fn swapped(self) -> Self {
        match self {
            Self::Slt => Self::Sgt,
            Self::Sgt => Self::Slt,
            Self::Sle => Self::Sge,
            Self::Sge => Self::Sle,
            Self::Ult => Self::Ugt,
            Self::Ugt => Self::Ult,
            Self::Ule => Self::Uge,
            Self::Uge => Self::Ule,
            p => p,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn i(width: u32, v: i64) -> ApInt {
        ApInt::from_i64(width, v)
    }

    #[test]
    fn signed_predicates_read_the_sign_bit() {
        assert!(CmpIPredicate::Slt.apply(&i(8, -1), &i(8, 0)));
        assert!(!CmpIPredicate::Ult.apply(&i(8, -1), &i(8, 0)));
        assert!(CmpIPredicate::Ugt.apply(&i(8, -128), &i(8, 127)));
        assert!(CmpIPredicate::Slt.apply(&i(8, -128), &i(8, 127)));
    }

    #[test]
    fn i1_true_is_minus_one_when_signed() {
        // In i1, 1 is -1 as a signed number: true <s false.
        assert!(CmpIPredicate::Slt.apply(&i(1, -1), &i(1, 0)));
        assert!(CmpIPredicate::Ugt.apply(&i(1, -1), &i(1, 0)));
    }

    #[test]
    fn wide_integers_compare_by_all_words() {
        let a = ApInt::from_words(256, &[0, 0, 0, 1]);
        let b = ApInt::from_words(256, &[u64::MAX, u64::MAX, u64::MAX, 0]);
        assert!(CmpIPredicate::Ugt.apply(&a, &b));
        assert!(CmpIPredicate::Sgt.apply(&a, &b));
    }

    proptest! {
        #[test]
        fn predicates_agree_with_host_integers(a: i64, b: i64) {
            let (x, y) = (i(64, a), i(64, b));
            let (ua, ub) = (a as u64, b as u64);
            let expect = [a == b, a != b, a < b, a <= b, a > b, a >= b,
                          ua < ub, ua <= ub, ua > ub, ua >= ub];
            for (p, e) in CmpIPredicate::ALL.iter().zip(expect) {
                prop_assert_eq!(p.apply(&x, &y), e, "{:?}", p);
            }
        }

        #[test]
        fn swapping_operands_and_predicate_preserves_the_answer(a: i16, b: i16) {
            let (x, y) = (i(16, a.into()), i(16, b.into()));
            for p in CmpIPredicate::ALL {
                prop_assert_eq!(p.apply(&x, &y), p.swapped().apply(&y, &x));
            }
        }

        #[test]
        fn inverted_predicate_is_the_negation(a: i16, b: i16) {
            let (x, y) = (i(16, a.into()), i(16, b.into()));
            for p in CmpIPredicate::ALL {
                prop_assert_eq!(p.inverted().apply(&x, &y), !p.apply(&x, &y));
            }
        }

        #[test]
        fn equal_operands_rule_matches_evaluation(a: i32) {
            let x = i(32, a.into());
            for p in CmpIPredicate::ALL {
                prop_assert_eq!(p.apply(&x, &x), p.on_equal_operands());
            }
        }
    }
}
