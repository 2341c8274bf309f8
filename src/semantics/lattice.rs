//! The value lattice of the shape dialect's specification (seed 000 and
//! 002; rules S1–S36 of shared/spec/checklist.md): sizes that may be unknown
//! or invalid, and shapes that may be unranked or invalid, with the
//! operations the dialect defines on them. `!rshape.size` and
//! `!rshape.shape` values mean these; the folders work on the constant
//! (known, ranked) corner of the lattice.
//!
//! Where the specification is silent the choices are stated on the function
//! and pinned by a test.

/// A `!shape.size`: a non-negative integer that may be unknown or invalid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Size {
    /// A known value.
    Known(i64),
    /// A value not known at compile time.
    Unknown,
    /// The error value.
    Invalid,
}

/// One extent of a ranked shape: known, or unknown (`?`).
pub type Extent = Option<i64>;

/// A `!shape.shape`: `[*]`, a ranked list of extents, or `[invalid]`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// A ranked shape (`[]` is a scalar).
    Ranked(Vec<Extent>),
    /// `[*]`: the rank is not known.
    Unranked,
    /// The error shape.
    Invalid,
}

impl Size {
    /// Applies `f` to two known sizes; invalid wins over unknown, and
    /// unknown is absorbing otherwise (S3: `<unknown> + x == <unknown>`).
    fn lift(self, other: Size, f: impl FnOnce(i64, i64) -> Size) -> Size {
        match (self, other) {
            (Size::Invalid, _) | (_, Size::Invalid) => Size::Invalid,
            (Size::Unknown, _) | (_, Size::Unknown) => Size::Unknown,
            (Size::Known(a), Size::Known(b)) => f(a, b),
        }
    }

    /// `meet` of sizes: the more specific one; two different known values
    /// contradict (the seeds give no example; this follows "propagate the
    /// most restrictive information").
    pub fn meet(self, other: Size) -> Size {
        match (self, other) {
            (Size::Invalid, _) | (_, Size::Invalid) => Size::Invalid,
            (Size::Unknown, s) | (s, Size::Unknown) => s,
            (Size::Known(a), Size::Known(b)) if a == b => Size::Known(a),
            _ => Size::Invalid,
        }
    }
}

/// `shape.add` (S3, S7). Overflow of the non-negative range is an error.
impl std::ops::Add for Size {
    type Output = Size;
    fn add(self, other: Size) -> Size {
        self.lift(other, |a, b| {
            a.checked_add(b).map_or(Size::Invalid, Size::Known)
        })
    }
}

/// `shape.mul` (S3, S7). Unknown is absorbing even against 0 (the seeds do
/// not say otherwise: "unknown if either lhs or rhs unknown").
impl std::ops::Mul for Size {
    type Output = Size;
    fn mul(self, other: Size) -> Size {
        self.lift(other, |a, b| {
            a.checked_mul(b).map_or(Size::Invalid, Size::Known)
        })
    }
}

/// `shape.div` (S8): the floor quotient; a zero divisor is an error.
impl std::ops::Div for Size {
    type Output = Size;
    fn div(self, other: Size) -> Size {
        self.lift(other, |a, b| {
            super::shape::floor_div(a, b).map_or(Size::Invalid, Size::Known)
        })
    }
}

impl Shape {
    /// A ranked shape of known extents.
    pub fn known(extents: &[i64]) -> Shape {
        Shape::Ranked(extents.iter().map(|&e| Some(e)).collect())
    }

    /// `shape.rank` (S32): unknown for `[*]`.
    pub fn rank(&self) -> Size {
        match self {
            Shape::Ranked(e) => Size::Known(e.len() as i64),
            Shape::Unranked => Size::Unknown,
            Shape::Invalid => Size::Invalid,
        }
    }

    /// `shape.num_elements` (S31): the product of the extents, 1 for rank
    /// 0, unknown when an extent or the rank is.
    pub fn num_elements(&self) -> Size {
        match self {
            Shape::Ranked(extents) => extents.iter().fold(Size::Known(1), |acc, e| {
                acc * e.map_or(Size::Unknown, Size::Known)
            }),
            Shape::Unranked => Size::Unknown,
            Shape::Invalid => Size::Invalid,
        }
    }

    /// `shape.get_extent` (S26): invalid for an error shape or an
    /// out-of-range dimension, unknown for `[*]`.
    pub fn extent(&self, dim: i64) -> Size {
        match self {
            Shape::Ranked(extents) => usize::try_from(dim)
                .ok()
                .and_then(|d| extents.get(d))
                .map_or(Size::Invalid, |e| e.map_or(Size::Unknown, Size::Known)),
            Shape::Unranked => Size::Unknown,
            Shape::Invalid => Size::Invalid,
        }
    }

    /// `shape.broadcast` of two shapes (S13, S14): ranks align on the right
    /// (the shorter padded with 1s), equal extents stay, a 1 stretches;
    /// different extents neither of which is 1 are an error. An unknown
    /// extent against `n > 1` gives `n`, against 1 or unknown stays unknown
    /// (the sound reading; S14's literal clause order would give `[1]⊕[?] =
    /// [1]`). Any unranked operand makes the result unranked.
    pub fn broadcast(&self, other: &Shape) -> Shape {
        let (a, b) = match (self, other) {
            (Shape::Invalid, _) | (_, Shape::Invalid) => return Shape::Invalid,
            (Shape::Unranked, _) | (_, Shape::Unranked) => return Shape::Unranked,
            (Shape::Ranked(a), Shape::Ranked(b)) => (a, b),
        };
        let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
        let pad = long.len() - short.len();
        let mut out = Vec::with_capacity(long.len());
        for (i, &x) in long.iter().enumerate() {
            let y = if i < pad { Some(1) } else { short[i - pad] };
            out.push(match (x, y) {
                (Some(p), Some(q)) if p == q => Some(p),
                (Some(1), e) | (e, Some(1)) => e,
                (Some(_), Some(_)) => return Shape::Invalid,
                (Some(n), None) | (None, Some(n)) => Some(n),
                (None, None) => None,
            });
        }
        Shape::Ranked(out)
    }

    /// `shape.meet` / seed 002's `join` (S30): the least general shape.
    /// `[*]` is the neutral element; ranks must agree; per extent, unknown
    /// yields to known and different known extents contradict.
    pub fn meet(&self, other: &Shape) -> Shape {
        match (self, other) {
            (Shape::Invalid, _) | (_, Shape::Invalid) => Shape::Invalid,
            (Shape::Unranked, s) | (s, Shape::Unranked) => s.clone(),
            (Shape::Ranked(a), Shape::Ranked(b)) => {
                if a.len() != b.len() {
                    return Shape::Invalid;
                }
                let mut out = Vec::with_capacity(a.len());
                for (&x, &y) in a.iter().zip(b) {
                    out.push(match (x, y) {
                        (Some(p), Some(q)) if p != q => return Shape::Invalid,
                        (Some(p), _) | (_, Some(p)) => Some(p),
                        (None, None) => None,
                    });
                }
                Shape::Ranked(out)
            }
        }
    }

    /// `shape.any` (S9): some combination of the operands' extents. Here:
    /// per extent the known one (the first operand's when both are known);
    /// when the ranks differ the result is undefined by the seed and this
    /// returns the first ranked operand.
    pub fn any(&self, other: &Shape) -> Shape {
        match (self, other) {
            (Shape::Invalid, _) | (_, Shape::Invalid) => Shape::Invalid,
            (Shape::Unranked, s) | (s, Shape::Unranked) => s.clone(),
            (Shape::Ranked(a), Shape::Ranked(b)) if a.len() == b.len() => {
                Shape::Ranked(a.iter().zip(b).map(|(&x, &y)| x.or(y)).collect())
            }
            (ranked, _) => ranked.clone(),
        }
    }

    /// `shape.concat` (S15): the extents of `self` then `other`.
    pub fn concat(&self, other: &Shape) -> Shape {
        match (self, other) {
            (Shape::Invalid, _) | (_, Shape::Invalid) => Shape::Invalid,
            (Shape::Unranked, _) | (_, Shape::Unranked) => Shape::Unranked,
            (Shape::Ranked(a), Shape::Ranked(b)) => Shape::Ranked([a.clone(), b.clone()].concat()),
        }
    }

    /// `shape.split_at` (S36): a negative index counts from the back; an
    /// index outside `[-rank, rank]` is an error for both results; `[*]`
    /// splits into two unranked shapes.
    pub fn split_at(&self, index: i64) -> (Shape, Shape) {
        match self {
            Shape::Ranked(extents) => {
                let rank = extents.len() as i64;
                if index < -rank || index > rank {
                    return (Shape::Invalid, Shape::Invalid);
                }
                let at = if index < 0 { index + rank } else { index } as usize;
                (
                    Shape::Ranked(extents[..at].to_vec()),
                    Shape::Ranked(extents[at..].to_vec()),
                )
            }
            Shape::Unranked => (Shape::Unranked, Shape::Unranked),
            Shape::Invalid => (Shape::Invalid, Shape::Invalid),
        }
    }

    /// `shape.shape_eq` (S34): error shapes compare like any value.
    pub fn same_as(&self, other: &Shape) -> bool {
        self == other
    }

    /// `is_broadcastable` (S28): true exactly when `broadcast` gives no
    /// error.
    pub fn is_broadcastable(&self, other: &Shape) -> bool {
        self.broadcast(other) != Shape::Invalid
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    const Q: Extent = None;
    fn r(e: &[Extent]) -> Shape {
        Shape::Ranked(e.to_vec())
    }
    fn k(e: &[i64]) -> Shape {
        Shape::known(e)
    }

    #[test]
    fn unknown_sizes_absorb_and_invalid_propagates() {
        use Size::*;
        assert_eq!(Unknown + Known(3), Unknown);
        assert_eq!(Known(2) + Known(3), Known(5));
        assert_eq!(Known(2) * Known(3), Known(6));
        assert_eq!(Unknown * Known(0), Unknown);
        assert_eq!(Invalid + Unknown, Invalid);
        assert_eq!(Unknown / Invalid, Invalid);
        assert_eq!(Known(-7) / Known(2), Known(-4));
        assert_eq!(Known(7) / Known(0), Invalid);
        assert_eq!(Known(i64::MAX) + Known(1), Invalid);
    }

    #[test]
    fn size_meet_keeps_the_specific_value() {
        use Size::*;
        assert_eq!(Unknown.meet(Known(3)), Known(3));
        assert_eq!(Known(3).meet(Known(3)), Known(3));
        assert_eq!(Known(3).meet(Known(4)), Invalid);
        assert_eq!(Unknown.meet(Unknown), Unknown);
    }

    /// The table of S30 (seed 000 `meet`, seed 002 `join`).
    #[test]
    fn meet_follows_the_seed_table() {
        let u = Shape::Unranked;
        assert_eq!(u.meet(&u), u);
        assert_eq!(u.meet(&r(&[Some(1), Q])), r(&[Some(1), Q]));
        assert_eq!(k(&[1, 2]).meet(&r(&[Some(1), Q])), k(&[1, 2]));
        assert_eq!(u.meet(&k(&[1, 2])), k(&[1, 2]));
        assert_eq!(k(&[]).meet(&k(&[])), k(&[]));
        assert_eq!(k(&[]).meet(&u), k(&[]));
        assert_eq!(k(&[]).meet(&r(&[Q, Q])), Shape::Invalid);
        assert_eq!(r(&[Some(1), Q]).meet(&r(&[Some(2), Q, Q])), Shape::Invalid);
        assert_eq!(r(&[Some(1), Q]).meet(&r(&[Some(2), Q])), Shape::Invalid);
    }

    /// S13/S19/S28 examples, and the unknown-extent choices.
    #[test]
    fn broadcast_follows_the_seed_examples() {
        assert_eq!(k(&[2, 2]).broadcast(&k(&[3, 1, 2])), k(&[3, 2, 2]));
        assert_eq!(k(&[2, 2]).broadcast(&k(&[3, 2])), Shape::Invalid);
        assert!(k(&[2, 2]).is_broadcastable(&k(&[3, 1, 2])));
        assert!(!k(&[2, 2]).is_broadcastable(&k(&[3, 2])));
        assert_eq!(r(&[Q]).broadcast(&k(&[5])), k(&[5]));
        assert_eq!(k(&[5]).broadcast(&r(&[Q])), k(&[5]));
        assert_eq!(r(&[Q]).broadcast(&r(&[Q])), r(&[Q]));
        assert_eq!(k(&[1]).broadcast(&r(&[Q])), r(&[Q]));
        assert_eq!(Shape::Unranked.broadcast(&k(&[2])), Shape::Unranked);
        assert_eq!(Shape::Invalid.broadcast(&Shape::Unranked), Shape::Invalid);
    }

    /// S36 examples on [4, 5, 6].
    #[test]
    fn split_at_follows_the_seed_examples() {
        let s = k(&[4, 5, 6]);
        assert_eq!(s.split_at(0), (k(&[]), k(&[4, 5, 6])));
        assert_eq!(s.split_at(1), (k(&[4]), k(&[5, 6])));
        assert_eq!(s.split_at(2), (k(&[4, 5]), k(&[6])));
        assert_eq!(s.split_at(3), (k(&[4, 5, 6]), k(&[])));
        assert_eq!(s.split_at(4), (Shape::Invalid, Shape::Invalid));
        assert_eq!(s.split_at(-1), (k(&[4, 5]), k(&[6])));
        assert_eq!(s.split_at(-2), (k(&[4]), k(&[5, 6])));
        assert_eq!(s.split_at(-3), (k(&[]), k(&[4, 5, 6])));
        assert_eq!(s.split_at(-4), (Shape::Invalid, Shape::Invalid));
    }

    /// S9 examples, S15 examples, S31/S32/S26/S34.
    #[test]
    fn any_concat_and_queries_follow_the_seed() {
        assert_eq!(r(&[Some(2), Q]).any(&r(&[Q, Some(3)])), k(&[2, 3]));
        assert_eq!(r(&[Q, Q]).any(&k(&[1, 2])), k(&[1, 2]));
        assert_eq!(k(&[2, 3]).concat(&k(&[4, 5])), k(&[2, 3, 4, 5]));
        assert_eq!(k(&[]).concat(&k(&[])), k(&[]));
        assert_eq!(k(&[]).concat(&k(&[4, 5, 6])), k(&[4, 5, 6]));
        assert_eq!(k(&[]).num_elements(), Size::Known(1));
        assert_eq!(k(&[2, 3]).num_elements(), Size::Known(6));
        assert_eq!(r(&[Some(2), Q]).num_elements(), Size::Unknown);
        assert_eq!(Shape::Unranked.rank(), Size::Unknown);
        assert_eq!(k(&[4, 5]).extent(1), Size::Known(5));
        assert_eq!(k(&[4, 5]).extent(2), Size::Invalid);
        assert_eq!(Shape::Invalid.extent(0), Size::Invalid);
        assert!(Shape::Invalid.same_as(&Shape::Invalid));
    }

    fn shape() -> impl Strategy<Value = Shape> {
        prop_oneof![
            1 => Just(Shape::Unranked),
            1 => Just(Shape::Invalid),
            6 => prop::collection::vec(prop::option::of(1i64..4), 0..4).prop_map(Shape::Ranked),
        ]
    }

    proptest! {
        #[test]
        fn meet_is_commutative_and_idempotent(a in shape(), b in shape()) {
            prop_assert_eq!(a.meet(&b), b.meet(&a));
            prop_assert_eq!(a.meet(&a), a.clone());
        }

        #[test]
        fn broadcast_is_commutative_with_scalar_identity(a in shape(), b in shape()) {
            prop_assert_eq!(a.broadcast(&b), b.broadcast(&a));
            if a != Shape::Unranked && a != Shape::Invalid {
                prop_assert_eq!(a.broadcast(&k(&[])), a.clone());
            }
        }

        #[test]
        fn known_broadcast_agrees_with_the_extent_rule(
            a in prop::collection::vec(1i64..4, 0..4),
            b in prop::collection::vec(1i64..4, 0..4)) {
            let lattice = k(&a).broadcast(&k(&b));
            match super::super::shape::broadcast(&a, &b) {
                Some(e) => prop_assert_eq!(lattice, k(&e)),
                None => prop_assert_eq!(lattice, Shape::Invalid),
            }
        }

        #[test]
        fn split_then_concat_is_identity(a in shape(), i in -5i64..5) {
            let (h, t) = a.split_at(i);
            if h != Shape::Invalid && a != Shape::Unranked {
                prop_assert_eq!(h.concat(&t), a.clone());
            }
        }
    }
}
