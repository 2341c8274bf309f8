//! Integer ranges as MLIR's `ConstantIntRanges` models them (unsigned and
//! signed bounds of one bit width, both holding), and the range-inference
//! rules of the arith ops, as upstream's `InferIntRangeCommon` states them.

use super::ApInt;

/// `umin <= x <= umax` (unsigned) and `smin <= x <= smax` (signed).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct IntRange {
    /// Unsigned lower bound.
    pub umin: ApInt,
    /// Unsigned upper bound.
    pub umax: ApInt,
    /// Signed lower bound.
    pub smin: ApInt,
    /// Signed upper bound.
    pub smax: ApInt,
}

/// Overflow flags of the integer ops (`#arith.overflow` bits).
pub const NSW: u64 = 1;
/// No unsigned wrap.
pub const NUW: u64 = 2;

impl IntRange {
    /// The bit width.
    pub fn width(&self) -> u32 {
        self.umin.width()
    }

    /// Exactly `v`.
    pub fn constant(v: &ApInt) -> Self {
        IntRange {
            umin: v.clone(),
            umax: v.clone(),
            smin: v.clone(),
            smax: v.clone(),
        }
    }

    /// Every value of `width` bits.
    pub fn max_range(width: u32) -> Self {
        IntRange {
            umin: ApInt::zero(width),
            umax: ApInt::all_ones(width),
            smin: ApInt::signed_min(width),
            smax: ApInt::signed_max(width),
        }
    }

    /// From unsigned bounds; the signed ones follow when both bounds have
    /// the same sign bit, else they are the full signed range.
    pub fn from_unsigned(umin: ApInt, umax: ApInt) -> Self {
        let w = umin.width();
        let (smin, smax) = if umin.is_negative() == umax.is_negative() {
            (umin.clone(), umax.clone())
        } else {
            (ApInt::signed_min(w), ApInt::signed_max(w))
        };
        IntRange {
            umin,
            umax,
            smin,
            smax,
        }
    }

    /// From signed bounds; the unsigned ones follow when both bounds have
    /// the same sign, else they are the full unsigned range.
    pub fn from_signed(smin: ApInt, smax: ApInt) -> Self {
        let w = smin.width();
        let (umin, umax) = if smin.is_negative() == smax.is_negative() {
            (smin.clone(), smax.clone())
        } else {
            (ApInt::zero(w), ApInt::all_ones(w))
        };
        IntRange {
            umin,
            umax,
            smin,
            smax,
        }
    }

    fn range(min: ApInt, max: ApInt, signed: bool) -> Self {
        if signed {
            Self::from_signed(min, max)
        } else {
            Self::from_unsigned(min, max)
        }
    }

    /// Values in both ranges.
    pub fn intersection(&self, other: &Self) -> Self {
        IntRange {
            umin: umax_of(&self.umin, &other.umin),
            umax: umin_of(&self.umax, &other.umax),
            smin: smax_of(&self.smin, &other.smin),
            smax: smin_of(&self.smax, &other.smax),
        }
    }

    /// Values in either range.
    pub fn union(&self, other: &Self) -> Self {
        IntRange {
            umin: umin_of(&self.umin, &other.umin),
            umax: umax_of(&self.umax, &other.umax),
            smin: smin_of(&self.smin, &other.smin),
            smax: smax_of(&self.smax, &other.smax),
        }
    }

    /// The single value the range holds, if any (unsigned bounds first).
    /// Width-0 ranges hold none, as upstream's `getConstantValue` excludes
    /// the trivially equal zero-width bounds (so `cmpi eq` of `i0` values is
    /// not decided by ranges, and no `i0` constant is materialized).
    pub fn constant_value(&self) -> Option<&ApInt> {
        if self.umin.width() == 0 {
            None
        } else if self.umin == self.umax {
            Some(&self.umin)
        } else if self.smin == self.smax {
            Some(&self.smin)
        } else {
            None
        }
    }
}

fn umin_of(a: &ApInt, b: &ApInt) -> ApInt {
    if a.ucmp(b).is_le() {
        a.clone()
    } else {
        b.clone()
    }
}
fn umax_of(a: &ApInt, b: &ApInt) -> ApInt {
    if a.ucmp(b).is_ge() {
        a.clone()
    } else {
        b.clone()
    }
}
fn smin_of(a: &ApInt, b: &ApInt) -> ApInt {
    if a.scmp(b).is_le() {
        a.clone()
    } else {
        b.clone()
    }
}
fn smax_of(a: &ApInt, b: &ApInt) -> ApInt {
    if a.scmp(b).is_ge() {
        a.clone()
    } else {
        b.clone()
    }
}

/// `op` on the two lower and the two upper bounds; any overflow gives the
/// full range.
fn bounds_by(
    op: &impl Fn(&ApInt, &ApInt) -> Option<ApInt>,
    min_l: &ApInt,
    min_r: &ApInt,
    max_l: &ApInt,
    max_r: &ApInt,
    signed: bool,
) -> IntRange {
    match (op(min_l, min_r), op(max_l, max_r)) {
        (Some(min), Some(max)) => IntRange::range(min, max, signed),
        _ => IntRange::max_range(min_l.width()),
    }
}

/// `op` on every pair of bounds: the least and greatest results.
fn min_max_by(
    op: &impl Fn(&ApInt, &ApInt) -> Option<ApInt>,
    lhs: [&ApInt; 2],
    rhs: [&ApInt; 2],
    signed: bool,
) -> IntRange {
    let w = lhs[0].width();
    let Some(first) = op(lhs[0], rhs[0]) else {
        return IntRange::max_range(w);
    };
    let mut min = first.clone();
    let mut max = first;
    for (l, r) in [(lhs[0], rhs[1]), (lhs[1], rhs[0]), (lhs[1], rhs[1])] {
        let Some(v) = op(l, r) else {
            return IntRange::max_range(w);
        };
        let (lt, gt) = if signed {
            (v.scmp(&min).is_lt(), v.scmp(&max).is_gt())
        } else {
            (v.ucmp(&min).is_lt(), v.ucmp(&max).is_gt())
        };
        if lt {
            min = v.clone();
        }
        if gt {
            max = v;
        }
    }
    IntRange::range(min, max, signed)
}

/// Unsigned/signed results of an arithmetic op with its overflow behaviour:
/// saturating under the flag, else `None` on overflow.
fn checked(
    flag: bool,
    sat: impl Fn(&ApInt, &ApInt) -> ApInt,
    ov: impl Fn(&ApInt, &ApInt) -> (ApInt, bool),
) -> impl Fn(&ApInt, &ApInt) -> Option<ApInt> {
    move |a, b| {
        if flag {
            Some(sat(a, b))
        } else {
            let (v, overflowed) = ov(a, b);
            (!overflowed).then_some(v)
        }
    }
}

/// `addi` with overflow flags `flags`.
pub fn add(l: &IntRange, r: &IntRange, flags: u64) -> IntRange {
    let u = checked(flags & NUW != 0, ApInt::uadd_sat, ApInt::uadd_ov);
    let s = checked(flags & NSW != 0, ApInt::sadd_sat, ApInt::sadd_ov);
    let ur = bounds_by(&u, &l.umin, &r.umin, &l.umax, &r.umax, false);
    let sr = bounds_by(&s, &l.smin, &r.smin, &l.smax, &r.smax, true);
    ur.intersection(&sr)
}

/// `subi` with overflow flags `flags`.
pub fn sub(l: &IntRange, r: &IntRange, flags: u64) -> IntRange {
    let u = checked(flags & NUW != 0, ApInt::usub_sat, ApInt::usub_ov);
    let s = checked(flags & NSW != 0, ApInt::ssub_sat, ApInt::ssub_ov);
    let ur = bounds_by(&u, &l.umin, &r.umax, &l.umax, &r.umin, false);
    let sr = bounds_by(&s, &l.smin, &r.smax, &l.smax, &r.smin, true);
    ur.intersection(&sr)
}

/// `muli` with overflow flags `flags`.
pub fn mul(l: &IntRange, r: &IntRange, flags: u64) -> IntRange {
    let u = checked(flags & NUW != 0, ApInt::umul_sat, ApInt::umul_ov);
    let s = checked(flags & NSW != 0, ApInt::smul_sat, ApInt::smul_ov);
    let ur = min_max_by(&u, [&l.umin, &l.umax], [&r.umin, &r.umax], false);
    let sr = min_max_by(&s, [&l.smin, &l.smax], [&r.smin, &r.smax], true);
    ur.intersection(&sr)
}

/// `maxsi`, `maxui`, `minsi`, `minui`.
pub fn max_min(l: &IntRange, r: &IntRange, signed: bool, max: bool) -> IntRange {
    match (signed, max) {
        (true, true) => IntRange::from_signed(smax_of(&l.smin, &r.smin), smax_of(&l.smax, &r.smax)),
        (true, false) => {
            IntRange::from_signed(smin_of(&l.smin, &r.smin), smin_of(&l.smax, &r.smax))
        }
        (false, true) => {
            IntRange::from_unsigned(umax_of(&l.umin, &r.umin), umax_of(&l.umax, &r.umax))
        }
        (false, false) => {
            IntRange::from_unsigned(umin_of(&l.umin, &r.umin), umin_of(&l.umax, &r.umax))
        }
    }
}

/// `extui` to `width` bits.
pub fn ext_unsigned(r: &IntRange, width: u32) -> IntRange {
    IntRange::from_unsigned(r.umin.zext(width), r.umax.zext(width))
}

/// `extsi` to `width` bits.
pub fn ext_signed(r: &IntRange, width: u32) -> IntRange {
    IntRange::from_signed(r.smin.sext(width), r.smax.sext(width))
}

/// `trunci` (and narrowing index casts) to `width` bits: bounds that wrap
/// around on truncation give the full range of that signedness.
pub fn trunc(r: &IntRange, width: u32) -> IntRange {
    let rollover = r.umin.lshr(width) != r.umax.lshr(width);
    let (umin, umax) = if rollover {
        (ApInt::zero(width), ApInt::all_ones(width))
    } else {
        (r.umin.trunc(width), r.umax.trunc(width))
    };
    let lo = r.smin.ashr(width - 1);
    let hi = r.smax.ashr(width - 1);
    let signed_overflow = lo != hi
        && !(lo.is_all_ones() && (hi.is_all_ones() || hi.is_zero()))
        && !(lo.is_zero() && hi.is_zero());
    let (smin, smax) = if signed_overflow {
        (ApInt::signed_min(width), ApInt::signed_max(width))
    } else {
        (r.smin.trunc(width), r.smax.trunc(width))
    };
    IntRange {
        umin,
        umax,
        smin,
        smax,
    }
}

/// `index_cast` (signed) or `index_castui` between widths.
pub fn cast(r: &IntRange, width: u32, signed: bool) -> IntRange {
    use std::cmp::Ordering::*;
    match r.width().cmp(&width) {
        Less if signed => ext_signed(r, width),
        Less => ext_unsigned(r, width),
        Greater => trunc(r, width),
        Equal => r.clone(),
    }
}

type Fixup<'a> = dyn Fn(&ApInt, &ApInt, ApInt) -> Option<ApInt> + 'a;

fn divu_range(l: &IntRange, r: &IntRange, fixup: &Fixup<'_>) -> IntRange {
    if !r.umin.is_zero() && !r.umax.is_zero() {
        let udiv = |a: &ApInt, b: &ApInt| fixup(a, b, a.udiv(b)?);
        return min_max_by(&udiv, [&l.umin, &l.umax], [&r.umin, &r.umax], false);
    }
    let w = r.umin.width();
    let umin = if l.umin.ucmp(&r.umax).is_ge() && !r.umax.is_zero() {
        l.umin.udiv(&r.umax).expect("nonzero divisor")
    } else {
        ApInt::zero(w)
    };
    IntRange::from_unsigned(umin, l.umax.clone())
}

/// `divui`.
pub fn divu(l: &IntRange, r: &IntRange) -> IntRange {
    divu_range(l, r, &|_, _, q| Some(q))
}

/// `ceildivui`.
pub fn ceil_divu(l: &IntRange, r: &IntRange) -> IntRange {
    divu_range(l, r, &|a, b, q| {
        if a.urem(b)?.is_zero() {
            Some(q)
        } else {
            let (v, ov) = q.uadd_ov(&ApInt::from_u64(q.width(), 1));
            (!ov).then_some(v)
        }
    })
}

fn positive(v: &ApInt) -> bool {
    !v.is_negative() && !v.is_zero()
}

fn divs_range(l: &IntRange, r: &IntRange, fixup: &Fixup<'_>) -> IntRange {
    if positive(&r.smin) || r.smax.is_negative() {
        let sdiv = |a: &ApInt, b: &ApInt| {
            let (q, ov) = a.sdiv_ov(b)?;
            if ov { None } else { fixup(a, b, q) }
        };
        return min_max_by(&sdiv, [&l.smin, &l.smax], [&r.smin, &r.smax], true);
    }
    IntRange::max_range(r.smin.width())
}

/// `divsi`.
pub fn divs(l: &IntRange, r: &IntRange) -> IntRange {
    divs_range(l, r, &|_, _, q| Some(q))
}

/// `ceildivsi`, including upstream's treatment of `INT_MIN` dividends.
pub fn ceil_divs(l: &IntRange, r: &IntRange) -> IntRange {
    let fix = |a: &ApInt, b: &ApInt, q: ApInt| -> Option<ApInt> {
        if !a.srem(b)?.is_zero() && a.is_negative() == b.is_negative() {
            let (v, ov) = q.sadd_ov(&ApInt::from_u64(q.width(), 1));
            return (!ov).then_some(v);
        }
        if a.is_min_signed() && b.scmp(&ApInt::from_u64(b.width(), 1)).is_gt() {
            return Some(q.wrapping_neg());
        }
        Some(q)
    };
    let mut result = divs_range(l, r, &fix);
    if l.smin.is_min_signed() && l.smax.scmp(&l.smin).is_gt() {
        let one = ApInt::from_u64(l.width(), 1);
        let rest = IntRange::from_signed(l.smin.wrapping_add(&one), l.smax.clone());
        result = result.union(&divs_range(&rest, r, &fix));
    }
    result
}

/// `floordivsi`.
pub fn floor_divs(l: &IntRange, r: &IntRange) -> IntRange {
    divs_range(l, r, &|a, b, q| {
        if !a.srem(b)?.is_zero() && a.is_negative() != b.is_negative() {
            let (v, ov) = q.ssub_ov(&ApInt::from_u64(q.width(), 1));
            (!ov).then_some(v)
        } else {
            Some(q)
        }
    })
}

/// `remsi`.
pub fn rems(l: &IntRange, r: &IntRange) -> IntRange {
    let w = r.smax.width();
    let (mut smin, mut smax) = (ApInt::signed_min(w), ApInt::signed_max(w));
    if positive(&r.smin) || r.smax.is_negative() {
        let max_divisor = if positive(&r.smin) {
            r.smax.clone()
        } else {
            r.smin.abs()
        };
        let one = ApInt::from_u64(w, 1);
        let max_positive = max_divisor.wrapping_sub(&one);
        let min_negative = max_positive.wrapping_neg();
        smin = if l.smin.is_negative() {
            min_negative
        } else {
            ApInt::zero(w)
        };
        smax = if positive(&l.smax) {
            max_positive
        } else {
            ApInt::zero(w)
        };
        if r.smin == r.smax && l.smax.wrapping_sub(&l.smin).ucmp(&max_divisor).is_lt() {
            let (lo, hi) = (l.smin.srem(&max_divisor), l.smax.srem(&max_divisor));
            if let (Some(lo), Some(hi)) = (lo, hi)
                && lo.scmp(&hi).is_le()
            {
                smin = lo;
                smax = hi;
            }
        }
    }
    IntRange::from_signed(smin, smax)
}

/// `remui`.
pub fn remu(l: &IntRange, r: &IntRange) -> IntRange {
    let w = r.umin.width();
    let one = ApInt::from_u64(w, 1);
    let mut umin = ApInt::zero(w);
    let mut umax = umin_of(&r.umax.wrapping_sub(&one), &l.umax);
    if !r.umin.is_zero() && r.umin == r.umax && l.umax.wrapping_sub(&l.umin).ucmp(&r.umax).is_lt() {
        let (lo, hi) = (l.umin.urem(&r.umax), l.umax.urem(&r.umax));
        if let (Some(lo), Some(hi)) = (lo, hi)
            && lo.ucmp(&hi).is_le()
        {
            umin = lo;
            umax = hi;
        }
    }
    IntRange::from_unsigned(umin, umax)
}

/// The bits that vary over `[umin, umax]`, as a low mask.
fn varying_bits(r: &IntRange) -> ApInt {
    let w = r.width();
    let differing = w - r.umin.xor(&r.umax).leading_zeros();
    ApInt::low_bits(w, differing)
}

/// `[umin with varying bits cleared, umax with them set]`.
fn widen_bitwise(r: &IntRange) -> (ApInt, ApInt) {
    let mask = varying_bits(r);
    (r.umin.and(&mask.not()), r.umax.or(&mask))
}

/// `andi` (`and == true`) or `ori`.
pub fn bitwise(l: &IntRange, r: &IntRange, and: bool) -> IntRange {
    let (lz, lo) = widen_bitwise(l);
    let (rz, ro) = widen_bitwise(r);
    let op = move |a: &ApInt, b: &ApInt| Some(if and { a.and(b) } else { a.or(b) });
    min_max_by(&op, [&lz, &lo], [&rz, &ro], false)
}

/// `xori`.
pub fn xor(l: &IntRange, r: &IntRange) -> IntRange {
    let mask = varying_bits(l).or(&varying_bits(r));
    let res = l.umin.xor(&r.umin);
    IntRange::from_unsigned(res.and(&mask.not()), res.or(&mask))
}

/// `shli` with overflow flags.
pub fn shl(l: &IntRange, r: &IntRange, flags: u64) -> IntRange {
    let u = checked(flags & NUW != 0, ApInt::ushl_sat, ApInt::ushl_ov);
    let s = checked(flags & NSW != 0, ApInt::sshl_sat, ApInt::sshl_ov);
    let ur = min_max_by(&u, [&l.umin, &l.umax], [&r.umin, &r.umax], false);
    let sr = min_max_by(&s, [&l.smin, &l.smax], [&r.umin, &r.umax], true);
    ur.intersection(&sr)
}

fn in_range_amount(r: &ApInt) -> Option<u32> {
    (r.ucmp(&ApInt::from_u64(r.width(), u64::from(r.width())))
        .is_lt())
    .then(|| r.low_u64() as u32)
}

/// `shrsi`.
pub fn shrs(l: &IntRange, r: &IntRange) -> IntRange {
    let ashr = |a: &ApInt, b: &ApInt| Some(a.ashr(in_range_amount(b)?));
    min_max_by(&ashr, [&l.smin, &l.smax], [&r.umin, &r.umax], true)
}

/// `shrui`.
pub fn shru(l: &IntRange, r: &IntRange) -> IntRange {
    let lshr = |a: &ApInt, b: &ApInt| Some(a.lshr(in_range_amount(b)?));
    min_max_by(&lshr, [&l.umin, &l.umax], [&r.umin, &r.umax], false)
}

/// `cmpi` predicates, upstream's numbering.
const EQ: u64 = 0;
const NE: u64 = 1;
const SLT: u64 = 2;
const SLE: u64 = 3;
const SGT: u64 = 4;
const SGE: u64 = 5;
const ULT: u64 = 6;
const ULE: u64 = 7;
const UGT: u64 = 8;
const UGE: u64 = 9;

fn invert(pred: u64) -> u64 {
    match pred {
        EQ => NE,
        NE => EQ,
        SLT => SGE,
        SGE => SLT,
        SLE => SGT,
        SGT => SLE,
        ULT => UGE,
        UGE => ULT,
        ULE => UGT,
        UGT => ULE,
        other => other,
    }
}

/// True when `lhs pred rhs` holds for every value of the ranges.
fn statically_true(pred: u64, l: &IntRange, r: &IntRange) -> bool {
    match pred {
        SLE => l.smax.scmp(&r.smin).is_le(),
        SLT => l.smax.scmp(&r.smin).is_lt(),
        ULE => l.umax.ucmp(&r.umin).is_le(),
        ULT => l.umax.ucmp(&r.umin).is_lt(),
        SGE => l.smin.scmp(&r.smax).is_ge(),
        SGT => l.smin.scmp(&r.smax).is_gt(),
        UGE => l.umin.ucmp(&r.umax).is_ge(),
        UGT => l.umin.ucmp(&r.umax).is_gt(),
        EQ => matches!((l.constant_value(), r.constant_value()), (Some(a), Some(b)) if a == b),
        NE => {
            let sne = statically_true(SLT, l, r) || statically_true(SGT, l, r);
            let une = statically_true(ULT, l, r) || statically_true(UGT, l, r);
            sne && une
        }
        _ => false,
    }
}

/// The truth of `lhs pred rhs` when the ranges decide it.
pub fn evaluate_cmp(pred: u64, l: &IntRange, r: &IntRange) -> Option<bool> {
    if statically_true(pred, l, r) {
        Some(true)
    } else if statically_true(invert(pred), l, r) {
        Some(false)
    } else {
        None
    }
}

/// The `i1` range of a `cmpi`.
pub fn cmp(pred: u64, l: &IntRange, r: &IntRange) -> IntRange {
    let (mut min, mut max) = (ApInt::zero(1), ApInt::all_ones(1));
    match evaluate_cmp(pred, l, r) {
        Some(true) => min = max.clone(),
        Some(false) => max = min.clone(),
        None => {}
    }
    IntRange::from_unsigned(min, max)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn r8(lo: i64, hi: i64) -> IntRange {
        IntRange::from_signed(ApInt::from_i64(8, lo), ApInt::from_i64(8, hi))
    }

    #[test]
    fn conversions_between_signed_and_unsigned_bounds() {
        let r = r8(-1, 1);
        assert_eq!(r.umin, ApInt::zero(8));
        assert_eq!(r.umax, ApInt::all_ones(8));
        let u = IntRange::from_unsigned(ApInt::from_u64(8, 3), ApInt::from_u64(8, 5));
        assert_eq!(u.smin, ApInt::from_u64(8, 3));
        assert_eq!(u.smax, ApInt::from_u64(8, 5));
    }

    #[test]
    fn addition_of_small_ranges_stays_small_and_overflow_widens() {
        let s = add(&r8(1, 2), &r8(3, 4), 0);
        assert_eq!((s.smin.to_i64(), s.smax.to_i64()), (Some(4), Some(6)));
        let big = add(&r8(100, 120), &r8(100, 120), 0);
        // Signed overflow: the signed bounds are lost, the unsigned ones hold.
        assert_eq!(big.umin, ApInt::from_u64(8, 200));
        assert_eq!(big.umax, ApInt::from_u64(8, 240));
        // With nsw the signed sum saturates: 127 is the only signed value,
        // which contradicts the unsigned bounds (the op would be poison).
        let nsw = add(&r8(100, 120), &r8(100, 120), NSW);
        assert_eq!(nsw.smin, ApInt::signed_max(8));
    }

    #[test]
    fn signed_divisions_by_a_contradictory_range_give_up_instead_of_dividing_by_zero() {
        // i1: -1 * -1 = 1 does not fit; with nsw the signed bounds saturate to
        // 0 while the unsigned ones stay 1 (the value is poison). Upstream's
        // signed-division rules divide by that 0 bound (SIGFPE); ours must
        // answer the full range.
        let t = IntRange::constant(&ApInt::all_ones(1));
        let m = mul(&t, &t, NSW);
        assert_eq!((m.smin.to_i64(), m.umin.low_u64()), (Some(0), 1));
        let any = IntRange::max_range(1);
        for divide in [divs, ceil_divs, floor_divs] {
            let q = divide(&any, &m);
            assert_eq!(
                (q.smin, q.smax),
                (ApInt::signed_min(1), ApInt::signed_max(1))
            );
        }
    }

    #[test]
    fn comparisons_are_decided_when_the_ranges_separate() {
        assert_eq!(evaluate_cmp(SLT, &r8(1, 2), &r8(3, 4)), Some(true));
        assert_eq!(evaluate_cmp(SGE, &r8(1, 2), &r8(3, 4)), Some(false));
        assert_eq!(evaluate_cmp(SLT, &r8(1, 3), &r8(3, 4)), None);
        assert_eq!(evaluate_cmp(EQ, &r8(3, 3), &r8(3, 3)), Some(true));
        assert_eq!(evaluate_cmp(NE, &r8(1, 2), &r8(5, 6)), Some(true));
        // Different signed/unsigned interpretations overlap: undecided.
        assert_eq!(evaluate_cmp(NE, &r8(-1, 0), &r8(1, 2)), None);
    }

    proptest! {
        #[test]
        fn add_sub_mul_ranges_contain_every_result(a in -128i64..128, b in -128i64..128,
                                                   da in 0i64..5, db in 0i64..5) {
            let (ha, hb) = ((a + da).min(127), (b + db).min(127));
            let (l, r) = (r8(a, ha), r8(b, hb));
            for x in a..=ha {
                for y in b..=hb {
                    let (x8, y8) = (ApInt::from_i64(8, x), ApInt::from_i64(8, y));
                    for (range, v) in [
                        (add(&l, &r, 0), x8.wrapping_add(&y8)),
                        (sub(&l, &r, 0), x8.wrapping_sub(&y8)),
                        (mul(&l, &r, 0), x8.wrapping_mul(&y8)),
                    ] {
                        prop_assert!(range.umin.ucmp(&v).is_le() && v.ucmp(&range.umax).is_le());
                        prop_assert!(range.smin.scmp(&v).is_le() && v.scmp(&range.smax).is_le());
                    }
                }
            }
        }
    }
}
