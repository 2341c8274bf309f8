//! The shape lattice: extents that may be dynamic, and broadcasting.
//!
//! Extents are `i64` as in MLIR's `ShapedType`; `DYNAMIC` (`i64::MIN`) is the
//! unknown extent. Any other value, negative ones included, is an ordinary
//! number (upstream treats it so).

/// MLIR's `ShapedType::kDynamic`.
pub const DYNAMIC: i64 = i64::MIN;

/// Broadcasts two extent lists (NumPy rules, right-aligned) the way upstream's
/// `OpTrait::util::getBroadcastedShape` does, dynamic extents included:
/// a dynamic extent against `n > 1` gives `n`; against `1` or a dynamic
/// extent (or anything else) gives dynamic. Returns `None` when two static
/// extents are incompatible.
pub fn broadcast(a: &[i64], b: &[i64]) -> Option<Vec<i64>> {
    let mut result: Vec<i64> = if a.len() > b.len() {
        a.to_vec()
    } else {
        b.to_vec()
    };
    let n = result.len();
    for (k, (&x, &y)) in a.iter().rev().zip(b.iter().rev()).enumerate() {
        let out = &mut result[n - 1 - k];
        if x == DYNAMIC || y == DYNAMIC {
            *out = if x > 1 {
                x
            } else if y > 1 || x == 1 {
                y
            } else if y == 1 {
                x
            } else {
                DYNAMIC
            };
        } else if x == y || y == 1 {
            *out = x;
        } else if x == 1 {
            *out = y;
        } else {
            return None;
        }
    }
    Some(result)
}

/// Upstream's `OpTrait::util::staticallyKnownBroadcastable`: true when the
/// extent lists broadcast without error whatever their dynamic extents are.
/// Per aligned dimension, the extents other than 1 must be one static value
/// repeated, or a single dynamic extent alone.
pub fn statically_known_broadcastable<S: AsRef<[i64]>>(shapes: &[S]) -> bool {
    let rank = shapes.iter().map(|s| s.as_ref().len()).max().unwrap_or(0);
    (0..rank).all(|i| {
        let mut seen_dynamic = false;
        let mut non_one: Option<i64> = None;
        for extents in shapes {
            let extents = extents.as_ref();
            let dim = if i < extents.len() {
                extents[extents.len() - 1 - i]
            } else {
                1
            };
            if dim == 1 {
                continue;
            }
            if dim == DYNAMIC {
                if seen_dynamic || non_one.is_some() {
                    return false;
                }
                seen_dynamic = true;
            }
            if non_one.is_some_and(|n| n != dim) {
                return false;
            }
            non_one = Some(dim);
        }
        true
    })
}

/// `split_at`: the extents before and from `index`; a negative index counts
/// from the back. `None` outside `[-rank, rank]`.
pub fn split_at(extents: &[i64], index: i64) -> Option<(&[i64], &[i64])> {
    let rank = i64::try_from(extents.len()).ok()?;
    if index < -rank || index > rank {
        return None;
    }
    let at = if index < 0 { index + rank } else { index };
    Some(extents.split_at(at as usize))
}

/// `num_elements`: the product of the extents in 64-bit arithmetic that
/// wraps, as upstream's fold computes it (1 for rank 0).
pub fn num_elements(extents: &[i64]) -> i64 {
    extents.iter().fold(1i64, |p, &e| p.wrapping_mul(e))
}

/// `shape.div` on index values: the quotient rounded toward negative
/// infinity. `None` for a zero divisor and for `i64::MIN / -1`.
pub fn floor_div(lhs: i64, rhs: i64) -> Option<i64> {
    let q = lhs.checked_div(rhs)?;
    let r = lhs % rhs;
    Some(if r != 0 && ((r < 0) != (rhs < 0)) {
        q - 1
    } else {
        q
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    #[test]
    fn statically_known_broadcastable_needs_one_agreed_extent_per_dimension() {
        const D: i64 = DYNAMIC;
        assert!(statically_known_broadcastable(&[vec![2, 2], vec![3, 1, 2]]));
        assert!(!statically_known_broadcastable(&[vec![2, 2], vec![3, 2]]));
        assert!(statically_known_broadcastable(&[vec![D, 1], vec![1, 4]]));
        assert!(!statically_known_broadcastable(&[vec![D], vec![4]]));
        assert!(!statically_known_broadcastable(&[vec![D], vec![D]]));
        assert!(statically_known_broadcastable(&[vec![D], vec![1], vec![]]));
        assert!(statically_known_broadcastable::<Vec<i64>>(&[]));
    }

    #[test]
    fn split_at_counts_negative_indices_from_the_back() {
        let s = [4, 5, 6];
        assert_eq!(split_at(&s, 0), Some((&[][..], &[4, 5, 6][..])));
        assert_eq!(split_at(&s, 1), Some((&[4][..], &[5, 6][..])));
        assert_eq!(split_at(&s, 3), Some((&[4, 5, 6][..], &[][..])));
        assert_eq!(split_at(&s, -1), Some((&[4, 5][..], &[6][..])));
        assert_eq!(split_at(&s, -3), Some((&[][..], &[4, 5, 6][..])));
        assert_eq!(split_at(&s, 4), None);
        assert_eq!(split_at(&s, -4), None);
    }

    #[test]
    fn num_elements_is_the_wrapping_product() {
        assert_eq!(num_elements(&[]), 1);
        assert_eq!(num_elements(&[2, 3, 7]), 42);
        assert_eq!(num_elements(&[0, 5]), 0);
        assert_eq!(num_elements(&[1 << 32, 1 << 32]), 0);
    }

    #[test]
    fn floor_div_rounds_toward_negative_infinity() {
        assert_eq!(floor_div(-7, 2), Some(-4));
        assert_eq!(floor_div(7, -2), Some(-4));
        assert_eq!(floor_div(-2, 7), Some(-1));
        assert_eq!(floor_div(7, 2), Some(3));
        assert_eq!(floor_div(-8, 2), Some(-4));
        assert_eq!(floor_div(1, 0), None);
        assert_eq!(floor_div(i64::MIN, -1), None);
    }

    proptest! {
        #[test]
        fn floor_div_satisfies_the_division_identity(a in any::<i64>(), b in any::<i64>()) {
            prop_assume!(b != 0 && !(a == i64::MIN && b == -1));
            let q = floor_div(a, b).unwrap();
            let m = a.wrapping_sub(q.wrapping_mul(b));
            prop_assert_eq!(q.wrapping_mul(b).wrapping_add(m), a);
            // The remainder has the sign of the divisor (or is zero).
            prop_assert!(m == 0 || (m < 0) == (b < 0));
            prop_assert!(m.unsigned_abs() < b.unsigned_abs());
        }

        #[test]
        fn statically_known_broadcastable_implies_broadcastable(
            a in prop::collection::vec(1i64..4, 0..4),
            b in prop::collection::vec(1i64..4, 0..4)) {
            if statically_known_broadcastable(&[a.clone(), b.clone()]) {
                prop_assert!(broadcast(&a, &b).is_some());
            }
        }

        #[test]
        fn split_at_halves_concatenate_back(a in prop::collection::vec(0i64..9, 0..6), i in -7i64..7) {
            if let Some((h, t)) = split_at(&a, i) {
                prop_assert_eq!([h, t].concat(), a.clone());
            } else {
                prop_assert!(i.unsigned_abs() as usize > a.len());
            }
        }
    }

    #[test]
    fn ones_stretch_and_ranks_align_on_the_right() {
        assert_eq!(broadcast(&[2, 1], &[3]), Some(vec![2, 3]));
        assert_eq!(broadcast(&[], &[4, 5]), Some(vec![4, 5]));
        assert_eq!(broadcast(&[7, 1], &[1, 2]), Some(vec![7, 2]));
    }

    #[test]
    fn incompatible_static_extents_do_not_broadcast() {
        assert_eq!(broadcast(&[2], &[3]), None);
        assert_eq!(broadcast(&[0], &[2]), None);
        assert_eq!(broadcast(&[0], &[1]), Some(vec![0]));
    }

    #[test]
    fn dynamic_extents_follow_upstream() {
        const D: i64 = DYNAMIC;
        assert_eq!(broadcast(&[D], &[5]), Some(vec![5]));
        assert_eq!(broadcast(&[5], &[D]), Some(vec![5]));
        assert_eq!(broadcast(&[D], &[1]), Some(vec![D]));
        assert_eq!(broadcast(&[1], &[D]), Some(vec![D]));
        assert_eq!(broadcast(&[D], &[D]), Some(vec![D]));
        assert_eq!(broadcast(&[D], &[0]), Some(vec![D]));
    }

    proptest! {
        #[test]
        fn broadcasting_is_commutative(a in prop::collection::vec(0i64..4, 0..4),
                                       b in prop::collection::vec(0i64..4, 0..4)) {
            prop_assert_eq!(broadcast(&a, &b), broadcast(&b, &a));
        }

        #[test]
        fn broadcasting_with_itself_is_identity(a in prop::collection::vec(0i64..9, 0..5)) {
            prop_assert_eq!(broadcast(&a, &a), Some(a.clone()));
        }

        #[test]
        fn result_rank_is_the_larger_rank(a in prop::collection::vec(1i64..2, 0..5),
                                          b in prop::collection::vec(1i64..2, 0..5)) {
            prop_assert_eq!(broadcast(&a, &b).unwrap().len(), a.len().max(b.len()));
        }
    }
}
