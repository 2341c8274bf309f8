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

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

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
