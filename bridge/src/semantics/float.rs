//! IEEE floats of every format MLIR's float folders use, bit-exact with LLVM's
//! APFloat (through `rustc_apfloat`, its Rust port). A value is a format and
//! a bit pattern; every operation rounds to nearest-even unless stated.

use super::ApInt;
use rustc_apfloat::ieee::{
    BFloat, Double, Float8E4M3FN, Float8E5M2, Half, IeeeFloat, Quad, Semantics, Single,
    X87DoubleExtended,
};
use rustc_apfloat::{Float, FloatConvert, Round, Status};
use std::cmp::Ordering;

/// The float formats with APFloat's full arithmetic here (MLIR types f16,
/// bf16, f32, f64, f80, f128, f8E5M2, f8E4M3FN, f8E4M3, f8E3M4, tf32). The
/// formats without infinities or signed zeros (FNUZ, E8M0, f6, f4) are
/// [`super::small_float::SmallFormat`]s: only their exact casts fold.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Format {
    /// IEEE half (f16).
    F16,
    /// bfloat16 (bf16).
    BF16,
    /// IEEE single (f32).
    F32,
    /// IEEE double (f64).
    F64,
    /// x87 double extended (f80).
    F80,
    /// IEEE quad (f128).
    F128,
    /// 8-bit E5M2 (f8E5M2).
    F8E5M2,
    /// 8-bit E4M3, finite and NaN only (f8E4M3FN).
    F8E4M3FN,
    /// 8-bit E4M3 with IEEE infinities and NaNs (f8E4M3).
    F8E4M3,
    /// 8-bit E3M4 with IEEE infinities and NaNs (f8E3M4).
    F8E3M4,
    /// NVIDIA's 19-bit TensorFloat-32 (tf32): f32's range, f16's precision.
    TF32,
}

/// rustc_apfloat semantics of the IEEE-like formats it does not ship
/// (LLVM's `Float8E4M3`, `Float8E3M4` and `FloatTF32`).
macro_rules! ieee_like {
    ($($(#[$m:meta])* $name:ident = $sem:ident($bits:literal : $exp:literal)),* $(,)?) => {$(
        #[doc = concat!("Semantics of [`", stringify!($name), "`].")]
        pub struct $sem;
        impl Semantics for $sem {
            const BITS: usize = $bits;
            const EXP_BITS: usize = $exp;
        }
        $(#[$m])*
        pub type $name = IeeeFloat<$sem>;
    )*};
}

ieee_like! {
    /// 8-bit S1E4M3 with IEEE conventions (bias 7, infinities, NaNs).
    Float8E4M3 = Float8E4M3S(8: 4),
    /// 8-bit S1E3M4 with IEEE conventions (bias 3, infinities, NaNs).
    Float8E3M4 = Float8E3M4S(8: 3),
    /// TensorFloat-32: 1 sign, 8 exponent, 10 significand bits.
    FloatTF32 = FloatTF32S(19: 8),
}

impl Format {
    /// Storage width in bits.
    pub fn width(self) -> u32 {
        match self {
            Format::F16 | Format::BF16 => 16,
            Format::F32 => 32,
            Format::F64 => 64,
            Format::F80 => 80,
            Format::F128 => 128,
            Format::F8E5M2 | Format::F8E4M3FN | Format::F8E4M3 | Format::F8E3M4 => 8,
            Format::TF32 => 19,
        }
    }
}

impl Format {
    /// (precision, min exponent, max exponent), as LLVM's fltSemantics.
    pub(super) fn parameters(self) -> (u32, i32, i32) {
        match self {
            Format::F16 => (11, -14, 15),
            Format::BF16 => (8, -126, 127),
            Format::F32 => (24, -126, 127),
            Format::F64 => (53, -1022, 1023),
            Format::F80 => (64, -16382, 16383),
            Format::F128 => (113, -16382, 16383),
            Format::F8E5M2 => (3, -14, 15),
            Format::F8E4M3FN => (4, -6, 8),
            Format::F8E4M3 => (4, -6, 7),
            Format::F8E3M4 => (5, -2, 3),
            Format::TF32 => (11, -126, 127),
        }
    }

    /// True when every finite value of `self` is exactly representable in
    /// `other` (APFloatBase::isRepresentableBy).
    pub fn representable_by(self, other: Format) -> bool {
        let (p, min, max) = self.parameters();
        let (q, omin, omax) = other.parameters();
        max <= omax && min >= omin && p <= q
    }
}

/// Runs `$body` with `$t` bound to the rustc_apfloat type of `$fmt`.
macro_rules! with_format {
    ($fmt:expr, $t:ident => $body:expr) => {
        match $fmt {
            Format::F16 => {
                type $t = Half;
                $body
            }
            Format::BF16 => {
                type $t = BFloat;
                $body
            }
            Format::F32 => {
                type $t = Single;
                $body
            }
            Format::F64 => {
                type $t = Double;
                $body
            }
            Format::F80 => {
                type $t = X87DoubleExtended;
                $body
            }
            Format::F128 => {
                type $t = Quad;
                $body
            }
            Format::F8E5M2 => {
                type $t = Float8E5M2;
                $body
            }
            Format::F8E4M3FN => {
                type $t = Float8E4M3FN;
                $body
            }
            Format::F8E4M3 => {
                type $t = Float8E4M3;
                $body
            }
            Format::F8E3M4 => {
                type $t = Float8E3M4;
                $body
            }
            Format::TF32 => {
                type $t = FloatTF32;
                $body
            }
        }
    };
}

/// A float value: a format and its bit pattern.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fp {
    /// The format.
    pub format: Format,
    /// The bit pattern (low `format.width()` bits).
    pub bits: u128,
}

/// IEEE rounding modes, numbered as arith's `RoundingMode`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rounding {
    /// Round to nearest, ties to even (IEEE's default).
    ToNearestEven = 0,
    /// Round toward negative infinity.
    Downward = 1,
    /// Round toward positive infinity.
    Upward = 2,
    /// Round toward zero.
    TowardZero = 3,
    /// Round to nearest, ties away from zero.
    ToNearestAway = 4,
}

impl Rounding {
    fn round(self) -> Round {
        match self {
            Rounding::ToNearestEven => Round::NearestTiesToEven,
            Rounding::Downward => Round::TowardNegative,
            Rounding::Upward => Round::TowardPositive,
            Rounding::TowardZero => Round::TowardZero,
            Rounding::ToNearestAway => Round::NearestTiesToAway,
        }
    }
}

/// IEEE arithmetic on two values of one format, rounding to nearest-even.
macro_rules! binop {
    ($trait:ident, $name:ident, $op:tt) => {
        impl std::ops::$trait for Fp {
            type Output = Fp;
            fn $name(self, rhs: Fp) -> Fp {
                assert_eq!(self.format, rhs.format, "float format mismatch");
                with_format!(self.format, T => {
                    let r = (T::from_bits(self.bits) $op T::from_bits(rhs.bits)).value;
                    Fp { format: self.format, bits: r.to_bits() }
                })
            }
        }
    };
}

binop!(Add, add, +);
binop!(Sub, sub, -);
binop!(Mul, mul, *);
binop!(Div, div, /);

/// `fmod`: the remainder has the sign of the dividend (APFloat::mod).
impl std::ops::Rem for Fp {
    type Output = Fp;
    fn rem(self, rhs: Fp) -> Fp {
        with_format!(self.format, T => {
            let r = T::from_bits(self.bits).c_fmod(T::from_bits(rhs.bits)).value;
            Fp { format: self.format, bits: r.to_bits() }
        })
    }
}

/// Negation (flips the sign bit, NaNs included).
impl std::ops::Neg for Fp {
    type Output = Fp;
    fn neg(self) -> Fp {
        with_format!(self.format, T => Fp { format: self.format, bits: (-T::from_bits(self.bits)).to_bits() })
    }
}

impl Fp {
    /// The value with bit pattern `bits` in `format`.
    pub fn from_bits(format: Format, bits: u128) -> Fp {
        Fp { format, bits }
    }

    /// The bit pattern as an integer of the format's width.
    pub fn to_apint(self) -> ApInt {
        ApInt::from_words(
            self.format.width(),
            &[self.bits as u64, (self.bits >> 64) as u64],
        )
    }

    /// The value of an integer bit pattern.
    pub fn from_apint(format: Format, bits: &ApInt) -> Fp {
        let w = bits.words();
        let hi = w.get(1).copied().unwrap_or(0) as u128;
        Fp {
            format,
            bits: (w[0] as u128) | (hi << 64),
        }
    }

    /// The positive quiet NaN of `format` (APFloat's `getQNaN`).
    pub fn quiet_nan(format: Format) -> Fp {
        with_format!(format, T => Fp { format, bits: T::NAN.to_bits() })
    }

    /// True for NaN.
    pub fn is_nan(self) -> bool {
        with_format!(self.format, T => T::from_bits(self.bits).is_nan())
    }
    /// True for +0 or -0.
    pub fn is_zero(self) -> bool {
        with_format!(self.format, T => T::from_bits(self.bits).is_zero())
    }
    /// True when the sign bit is set.
    pub fn is_negative(self) -> bool {
        with_format!(self.format, T => T::from_bits(self.bits).is_negative())
    }
    /// True for +infinity.
    pub fn is_pos_infinity(self) -> bool {
        with_format!(self.format, T => T::from_bits(self.bits).is_pos_infinity())
    }
    /// True for -infinity.
    pub fn is_neg_infinity(self) -> bool {
        with_format!(self.format, T => T::from_bits(self.bits).is_neg_infinity())
    }
    /// True for exactly 1.0.
    pub fn is_exactly_one(self) -> bool {
        with_format!(self.format, T => T::from_bits(self.bits).bitwise_eq(T::from_u128(1).value))
    }

    /// IEEE comparison: None when unordered (a NaN is involved).
    pub fn partial_cmp(self, rhs: Fp) -> Option<Ordering> {
        with_format!(self.format, T => T::from_bits(self.bits).partial_cmp(&T::from_bits(rhs.bits)))
    }

    /// The binary exponent (APFloat's ilogb): `i32::MAX` for infinities,
    /// `i32::MIN` for NaN, `i32::MIN + 1` for zero.
    pub fn ilogb(self) -> i32 {
        with_format!(self.format, T => T::from_bits(self.bits).ilogb())
    }

    /// The largest finite value of a format.
    pub fn largest(format: Format) -> Fp {
        with_format!(format, T => Fp { format, bits: T::largest().to_bits() })
    }

    /// Significand precision in bits, the implicit bit included
    /// (`FloatType::getFPMantissaWidth`).
    pub fn precision(format: Format) -> u32 {
        format.parameters().0
    }

    /// True for a signaling NaN.
    pub fn is_signaling(self) -> bool {
        with_format!(self.format, T => T::from_bits(self.bits).is_signaling())
    }

    /// A signaling NaN made quiet (its quiet bit set, payload kept); any
    /// other value unchanged (APFloat::makeQuiet).
    pub fn make_quiet(self) -> Fp {
        if !self.is_signaling() {
            return self;
        }
        let (precision, _, _) = self.format.parameters();
        Fp {
            format: self.format,
            bits: self.bits | (1u128 << (precision - 2)),
        }
    }

    /// `llvm::minimum` (LLVM 22): a NaN operand gives that NaN made quiet;
    /// -0 orders below +0.
    pub fn minimum(self, rhs: Fp) -> Fp {
        self.propagated_nan(rhs)
            .unwrap_or_else(|| self.ordered_pick(rhs, false))
    }
    /// `llvm::maximum` (LLVM 22): a NaN operand gives that NaN made quiet;
    /// +0 orders above -0.
    pub fn maximum(self, rhs: Fp) -> Fp {
        self.propagated_nan(rhs)
            .unwrap_or_else(|| self.ordered_pick(rhs, true))
    }
    /// `llvm::minnum` (LLVM 22, IEEE 754-2019): a signaling NaN gives it made
    /// quiet; a quiet NaN yields the other operand; -0 orders below +0.
    pub fn minnum(self, rhs: Fp) -> Fp {
        self.number_or_nan(rhs)
            .unwrap_or_else(|| self.ordered_pick(rhs, false))
    }
    /// `llvm::maxnum` (LLVM 22, IEEE 754-2019): a signaling NaN gives it made
    /// quiet; a quiet NaN yields the other operand; +0 orders above -0.
    pub fn maxnum(self, rhs: Fp) -> Fp {
        self.number_or_nan(rhs)
            .unwrap_or_else(|| self.ordered_pick(rhs, true))
    }

    /// `minimum`/`maximum` on NaNs: the first NaN operand, made quiet.
    fn propagated_nan(self, rhs: Fp) -> Option<Fp> {
        [self, rhs]
            .into_iter()
            .find(|v| v.is_nan())
            .map(Fp::make_quiet)
    }
    /// `minnum`/`maxnum` on NaNs: the first signaling NaN made quiet, else
    /// the operand beside a quiet NaN.
    fn number_or_nan(self, rhs: Fp) -> Option<Fp> {
        if let Some(snan) = [self, rhs].into_iter().find(|v| v.is_signaling()) {
            return Some(snan.make_quiet());
        }
        if self.is_nan() {
            return Some(rhs);
        }
        rhs.is_nan().then_some(self)
    }
    /// The larger (`larger`) or smaller of two non-NaN values, -0 ordered
    /// below +0; `self` on ties.
    fn ordered_pick(self, rhs: Fp, larger: bool) -> Fp {
        let rhs_wins = if self.is_zero() && rhs.is_zero() && self.is_negative() != rhs.is_negative()
        {
            self.is_negative() == larger
        } else {
            let wanted = if larger {
                Ordering::Greater
            } else {
                Ordering::Less
            };
            rhs.partial_cmp(self) == Some(wanted)
        };
        if rhs_wins { rhs } else { self }
    }

    /// Converts to `to` with `rounding`, rounding as needed (overflow gives
    /// infinity, NaNs become quiet NaNs keeping their top payload bits).
    pub fn convert(self, to: Format, rounding: Rounding) -> Fp {
        with_format!(self.format, S => with_format!(to, D => {
            let mut loses_info = false;
            let r: rustc_apfloat::StatusAnd<D> =
                FloatConvert::<D>::convert_r(S::from_bits(self.bits), rounding.round(), &mut loses_info);
            Fp { format: to, bits: r.value.to_bits() }
        }))
    }

    /// Converts to `to` with `rounding`; Some only when the conversion is
    /// exact and raises no exception (MLIR's `convertFloatValue`).
    pub fn convert_exact(self, to: Format, rounding: Rounding) -> Option<Fp> {
        with_format!(self.format, S => with_format!(to, D => {
            let mut loses_info = false;
            let r: rustc_apfloat::StatusAnd<D> =
                FloatConvert::<D>::convert_r(S::from_bits(self.bits), rounding.round(), &mut loses_info);
            (r.status == Status::OK && !loses_info).then(|| Fp { format: to, bits: r.value.to_bits() })
        }))
    }

    /// Integer (signed or unsigned, of any width) to float, rounding to
    /// nearest-even (APFloat's `convertFromAPInt`).
    pub fn from_int(format: Format, value: &ApInt, signed: bool) -> Option<Fp> {
        if value.width() <= 128 {
            let wide = if signed {
                value.sext(128)
            } else {
                value.zext(128)
            };
            let w = wide.words();
            let raw = (w[0] as u128) | ((w[1] as u128) << 64);
            return Some(with_format!(format, T => {
                let r = if signed {
                    T::from_i128_r(raw as i128, Round::NearestTiesToEven).value
                } else {
                    T::from_u128_r(raw, Round::NearestTiesToEven).value
                };
                Fp { format, bits: r.to_bits() }
            }));
        }
        // Wider: round the magnitude's top 126 bits (the bits below them
        // folded into a sticky lowest bit, which keeps the single rounding
        // correct for every format's precision, at most 113), then scale by
        // the dropped power of two (exact, or infinity on overflow).
        let negative = signed && value.is_negative();
        let magnitude = if negative {
            value.wrapping_neg()
        } else {
            value.clone()
        };
        let bits = magnitude.active_bits();
        let shift = bits.saturating_sub(126);
        let mut top = magnitude.lshr(shift);
        if shift > 0
            && !magnitude
                .and(&ApInt::all_ones(value.width()).lshr(value.width() - shift))
                .is_zero()
        {
            top = top.or(&ApInt::from_u64(value.width(), 1));
        }
        let top = top.trunc(128);
        let w = top.words();
        let raw = (w[0] as u128) | ((w[1] as u128) << 64);
        Some(with_format!(format, T => {
            let f = T::from_u128_r(raw, Round::NearestTiesToEven).value;
            let f = f.scalbn(shift as rustc_apfloat::ExpInt);
            let f = if negative { -f } else { f };
            Fp { format, bits: f.to_bits() }
        }))
    }

    /// Float to an integer of `width` bits (any width), rounding toward
    /// zero; None when the conversion is invalid (NaN, infinity, out of
    /// range), as APFloat's `convertToInteger` reports it.
    pub fn to_int(self, width: u32, signed: bool) -> Option<ApInt> {
        if width <= 128 {
            return with_format!(self.format, T => {
                let x = T::from_bits(self.bits);
                // Where the only value the width holds on the value's side
                // is 0, the value fits when it truncates to zero (NaN does
                // not): `i0` holds only 0 (upstream's APFloat crashes here;
                // see upstream-differences), signed `i1` only -1 and 0. For
                // those rustc_apfloat would convert as an unsigned of
                // `width - 1` bits, which it cannot below 1 (a shift by 128:
                // a panic with overflow checks).
                if width == 0 || (signed && width == 1 && !x.is_negative()) {
                    let t = x.round_to_integral(Round::TowardZero).value;
                    return t.is_zero().then(|| ApInt::zero(width));
                }
                let mut exact = false;
                if signed {
                    let r = x.to_i128_r(width as usize, Round::TowardZero, &mut exact);
                    (r.status != Status::INVALID_OP).then(|| {
                        let v = r.value;
                        ApInt::from_words(width, &[v as u64, (v >> 64) as u64])
                    })
                } else {
                    let r = x.to_u128_r(width as usize, Round::TowardZero, &mut exact);
                    (r.status != Status::INVALID_OP).then(|| {
                        let v = r.value;
                        ApInt::from_words(width, &[v as u64, (v >> 64) as u64])
                    })
                }
            });
        }
        with_format!(self.format, T => {
            let x = T::from_bits(self.bits);
            if x.is_nan() || x.is_infinite() {
                return None;
            }
            let t = x.round_to_integral(Round::TowardZero).value;
            if t.is_zero() {
                return Some(ApInt::zero(width));
            }
            let negative = t.is_negative();
            if negative && !signed {
                return None;
            }
            let magnitude = t.abs();
            // magnitude = mantissa * 2^scale with an integral mantissa below
            // 2^precision.
            let exponent = magnitude.ilogb();
            let precision = Fp::precision(self.format) as i32;
            let scale = (exponent - (precision - 1)).max(0);
            let mantissa = magnitude.scalbn(-scale as rustc_apfloat::ExpInt);
            let mut exact = false;
            let m = mantissa.to_u128_r(128, Round::TowardZero, &mut exact).value;
            let limit = if signed { width as i32 - 1 } else { width as i32 };
            let min_signed = negative && exponent == width as i32 - 1 && m.is_power_of_two();
            if exponent >= limit && !min_signed {
                return None;
            }
            let v = ApInt::from_words(width, &[m as u64, (m >> 64) as u64]).shl(scale as u32);
            Some(if negative { v.wrapping_neg() } else { v })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f32v(x: f32) -> Fp {
        Fp::from_bits(Format::F32, x.to_bits() as u128)
    }
    fn f64v(x: f64) -> Fp {
        Fp::from_bits(Format::F64, x.to_bits() as u128)
    }

    #[test]
    fn arithmetic_matches_the_host_for_f32_and_f64() {
        for (a, b) in [
            (1.5f32, 2.25f32),
            (-0.0, 0.0),
            (f32::MAX, f32::MAX),
            (1e-45, 3.0),
            (7.0, -0.0),
        ] {
            assert_eq!((f32v(a) + f32v(b)).bits, (a + b).to_bits() as u128);
            assert_eq!((f32v(a) * f32v(b)).bits, (a * b).to_bits() as u128);
            // Host NaNs have an unspecified sign (x86: negative); APFloat's
            // default NaN is positive. Only non-NaN results are compared.
            if !(a / b).is_nan() {
                assert_eq!((f32v(a) / f32v(b)).bits, (a / b).to_bits() as u128);
            } else {
                assert_eq!((f32v(a) / f32v(b)).bits, 0x7fc0_0000);
            }
            assert_eq!((f32v(a) % f32v(b)).is_nan(), (a % b).is_nan());
        }
        assert_eq!(
            (f64v(0.1) + f64v(0.2)).bits,
            (0.1f64 + 0.2).to_bits() as u128
        );
    }

    #[test]
    fn maximum_orders_signed_zeros_and_propagates_nan() {
        let (pz, nz) = (f32v(0.0), f32v(-0.0));
        assert_eq!(nz.maximum(pz), pz);
        assert_eq!(pz.maximum(nz), pz);
        assert_eq!(nz.minimum(pz), nz);
        let nan = f32v(f32::NAN);
        assert!(nan.maximum(f32v(1.0)).is_nan());
        assert_eq!(nan.maxnum(f32v(1.0)), f32v(1.0));
        assert_eq!(f32v(1.0).minnum(nan), f32v(1.0));
        assert_eq!(nz.maxnum(pz), pz);
        assert_eq!(pz.minnum(nz), nz);
    }

    #[test]
    fn comparisons_are_unordered_with_nan() {
        assert_eq!(f32v(f32::NAN).partial_cmp(f32v(1.0)), None);
        assert_eq!(f32v(-0.0).partial_cmp(f32v(0.0)), Some(Ordering::Equal));
    }

    #[test]
    fn exact_conversions_only() {
        assert!(
            f64v(1.5)
                .convert_exact(Format::F32, Rounding::ToNearestEven)
                .is_some()
        );
        assert!(
            f64v(0.1)
                .convert_exact(Format::F32, Rounding::ToNearestEven)
                .is_none()
        );
        assert!(
            f32v(65520.0)
                .convert_exact(Format::F16, Rounding::ToNearestEven)
                .is_none()
        );
        let h = f32v(1.0)
            .convert_exact(Format::BF16, Rounding::ToNearestEven)
            .unwrap();
        assert_eq!(h.bits, 0x3f80);
    }

    #[test]
    fn rounding_conversions_round_once_and_quiet_nans() {
        let to_bf16 = |v: Fp| v.convert(Format::BF16, Rounding::ToNearestEven).bits;
        // Ties to even: 257 -> 256, 259 -> 260.
        assert_eq!(to_bf16(f32v(257.0)), 0x4380);
        assert_eq!(to_bf16(f32v(259.0)), 0x4382);
        // One rounding from f64, not two through f32.
        assert_eq!(to_bf16(f64v(1.003_906_250_000_01)), 0x3f81);
        // Overflow to infinity; signaling NaNs come out quiet, sign kept.
        assert_eq!(to_bf16(f64v(1e300)), 0x7f80);
        assert_eq!(
            to_bf16(f32v(f32::from_bits(0xff80_0001 | 0x0010_0000))),
            0xffd0
        );
        assert_eq!(
            f32v(1e-8).convert(Format::F16, Rounding::TowardZero).bits,
            0
        );
    }

    #[test]
    fn integer_conversions_round_toward_zero_and_refuse_out_of_range() {
        assert_eq!(f32v(-2.9).to_int(8, true), Some(ApInt::from_i64(8, -2)));
        assert_eq!(f32v(300.0).to_int(8, true), None);
        assert_eq!(f32v(-1.0).to_int(8, false), None);
        assert_eq!(f32v(f32::NAN).to_int(32, true), None);
        let big = Fp::from_int(Format::F32, &ApInt::from_u64(64, u64::MAX), false).unwrap();
        assert_eq!(big.bits, 18446744073709551616f32.to_bits() as u128);
        let neg = Fp::from_int(Format::F16, &ApInt::from_i64(8, -3), true).unwrap();
        assert_eq!(neg.bits, 0xc200);
    }

    #[test]
    fn one_and_zero_bit_integers_take_what_truncates_into_them() {
        let minus_one = Some(ApInt::from_i64(1, -1));
        let zero = |width| Some(ApInt::zero(width));
        for (value, signed_i1, unsigned_i1, i0) in [
            (0.0, zero(1), zero(1), zero(0)),
            (-0.0, zero(1), zero(1), zero(0)),
            (0.5, zero(1), zero(1), zero(0)),
            (0.999, zero(1), zero(1), zero(0)),
            (-0.75, zero(1), zero(1), zero(0)),
            (1.0, None, Some(ApInt::from_u64(1, 1)), None),
            (1.5, None, Some(ApInt::from_u64(1, 1)), None),
            (2.0, None, None, None),
            (-1.0, minus_one.clone(), None, None),
            (-1.9, minus_one.clone(), None, None),
            (-2.0, None, None, None),
            (f64::INFINITY, None, None, None),
            (f64::NEG_INFINITY, None, None, None),
            (f64::NAN, None, None, None),
            (-f64::NAN, None, None, None),
        ] {
            for v in [f64v(value), f32v(value as f32)] {
                assert_eq!(v.to_int(1, true), signed_i1, "{value} to signed i1");
                assert_eq!(v.to_int(1, false), unsigned_i1, "{value} to unsigned i1");
                assert_eq!(v.to_int(0, true), i0, "{value} to i0");
                assert_eq!(v.to_int(0, false), i0, "{value} to i0");
            }
        }
    }

    proptest::proptest! {
        /// The wide (>128-bit) conversion paths agree with the 128-bit ones
        /// on values both can hold.
        #[test]
        fn wide_int_float_conversions_agree_with_narrow_ones(lo in proptest::prelude::any::<u64>(),
                                                             hi in proptest::prelude::any::<u64>(),
                                                             signed in proptest::prelude::any::<bool>()) {
            let v = ApInt::from_words(128, &[lo, hi]);
            let wide = if signed { v.sext(256) } else { v.zext(256) };
            for format in [Format::F16, Format::BF16, Format::F32, Format::F64, Format::F80, Format::F128] {
                let narrow = Fp::from_int(format, &v, signed).unwrap();
                let widened = Fp::from_int(format, &wide, signed).unwrap();
                proptest::prop_assert_eq!(narrow.bits, widened.bits);
                if let Some(back) = narrow.to_int(128, signed) {
                    let ext = if signed { back.sext(256) } else { back.zext(256) };
                    proptest::prop_assert_eq!(narrow.to_int(256, signed), Some(ext));
                }
            }
        }
    }
}
