//! The float formats of MLIR 22 that rustc_apfloat cannot model: no
//! infinities and, for most, no negative zero or no NaN (f8E4M3FNUZ,
//! f8E5M2FNUZ, f8E4M3B11FNUZ, f8E8M0FNU, f6E2M3FN, f6E3M2FN, f4E2M1FN).
//!
//! Upstream folds `extf`/`truncf` only when the conversion is exact
//! (`convertFloatValue`: status OK, no information lost). Every value of
//! these formats is exactly a double, so a conversion through them is
//! decided by exact comparison: a finite value folds when the target holds
//! it (sign of zero included); a NaN becomes the target's positive quiet NaN
//! where the target has one; nothing becomes a value these formats lack.

use super::float::{Format, Fp, Rounding};

/// A float format without infinities (see the module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SmallFormat {
    /// S1E4M3, bias 8; no infinities, no -0, NaN is `0x80`.
    F8E4M3FNUZ,
    /// S1E5M2, bias 16; no infinities, no -0, NaN is `0x80`.
    F8E5M2FNUZ,
    /// S1E4M3, bias 11; no infinities, no -0, NaN is `0x80`.
    F8E4M3B11FNUZ,
    /// E8M0, unsigned powers of two 2^-127..2^127; no zero, NaN is `0xFF`.
    F8E8M0FNU,
    /// S1E2M3, bias 1; finite only.
    F6E2M3FN,
    /// S1E3M2, bias 3; finite only.
    F6E3M2FN,
    /// S1E2M1, bias 1; finite only.
    F4E2M1FN,
}

/// Every float format of MLIR 22.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AnyFormat {
    /// A format with APFloat's full arithmetic ([`Format`]).
    Ap(Format),
    /// A format whose exact casts fold ([`SmallFormat`]).
    Small(SmallFormat),
}

impl SmallFormat {
    /// Storage width in bits.
    pub fn width(self) -> u32 {
        match self {
            SmallFormat::F6E2M3FN | SmallFormat::F6E3M2FN => 6,
            SmallFormat::F4E2M1FN => 4,
            _ => 8,
        }
    }

    /// (precision, min exponent, max exponent), as LLVM's fltSemantics.
    fn parameters(self) -> (u32, i32, i32) {
        match self {
            SmallFormat::F8E4M3FNUZ => (4, -7, 7),
            SmallFormat::F8E5M2FNUZ => (3, -15, 15),
            SmallFormat::F8E4M3B11FNUZ => (4, -10, 4),
            SmallFormat::F8E8M0FNU => (1, -127, 127),
            SmallFormat::F6E2M3FN => (4, 0, 2),
            SmallFormat::F6E3M2FN => (3, -2, 4),
            SmallFormat::F4E2M1FN => (2, 0, 2),
        }
    }

    /// (exponent bits, mantissa bits, bias) of the signed formats.
    fn layout(self) -> (u32, u32, i32) {
        match self {
            SmallFormat::F8E4M3FNUZ => (4, 3, 8),
            SmallFormat::F8E5M2FNUZ => (5, 2, 16),
            SmallFormat::F8E4M3B11FNUZ => (4, 3, 11),
            SmallFormat::F8E8M0FNU => (8, 0, 127),
            SmallFormat::F6E2M3FN => (2, 3, 1),
            SmallFormat::F6E3M2FN => (3, 2, 3),
            SmallFormat::F4E2M1FN => (2, 1, 1),
        }
    }

    fn is_fnuz(self) -> bool {
        matches!(
            self,
            SmallFormat::F8E4M3FNUZ | SmallFormat::F8E5M2FNUZ | SmallFormat::F8E4M3B11FNUZ
        )
    }

    /// The value of a bit pattern: `None` for NaN, else the exact double
    /// (a negative zero only where the format has one).
    pub fn decode(self, bits: u32) -> Option<f64> {
        let (exp_bits, man_bits, bias) = self.layout();
        if self == SmallFormat::F8E8M0FNU {
            return (bits != 0xFF).then(|| pow2(bits as i32 - bias));
        }
        let sign_bit = 1 << (self.width() - 1);
        if self.is_fnuz() && bits == sign_bit {
            return None;
        }
        let exponent = (bits >> man_bits) & ((1 << exp_bits) - 1);
        let mantissa = f64::from(bits & ((1 << man_bits) - 1));
        let scale = f64::from(1u32 << man_bits);
        let magnitude = if exponent == 0 {
            mantissa / scale * pow2(1 - bias)
        } else {
            (1.0 + mantissa / scale) * pow2(exponent as i32 - bias)
        };
        Some(if bits & sign_bit != 0 {
            -magnitude
        } else {
            magnitude
        })
    }

    /// The bit pattern holding exactly `value` (a negative zero only in a
    /// format that has one), or `None`.
    pub fn encode_exact(self, value: f64) -> Option<u32> {
        (0..1u32 << self.width()).find(|&b| {
            self.decode(b)
                .is_some_and(|v| v.to_bits() == value.to_bits())
        })
    }
}

/// 2^e for the exponents these formats reach (|e| < 1023: exact).
fn pow2(e: i32) -> f64 {
    f64::from_bits(((e + 1023) as u64) << 52)
}

impl AnyFormat {
    /// Storage width in bits.
    pub fn width(self) -> u32 {
        match self {
            AnyFormat::Ap(f) => f.width(),
            AnyFormat::Small(f) => f.width(),
        }
    }

    /// True when every finite value of `self` is exactly representable in
    /// `other` (APFloatBase::isRepresentableBy: exponent range and precision).
    pub fn representable_by(self, other: AnyFormat) -> bool {
        let (p, min, max) = self.parameters();
        let (q, omin, omax) = other.parameters();
        max <= omax && min >= omin && p <= q
    }

    fn parameters(self) -> (u32, i32, i32) {
        match self {
            AnyFormat::Ap(f) => f.parameters(),
            AnyFormat::Small(f) => f.parameters(),
        }
    }
}

/// What a value is, for a conversion through a small format.
enum Decoded {
    Nan,
    Infinity,
    Finite(f64),
}

/// Converts the bit pattern `bits` of `from` to `to` when the conversion is
/// exact (MLIR's `convertFloatValue`), as the folders of `extf`/`truncf` do;
/// `None` when it is inexact or raises an exception (signaling NaNs).
pub fn convert_exact(
    from: AnyFormat,
    to: AnyFormat,
    bits: u128,
    rounding: Rounding,
) -> Option<u128> {
    let decoded = match from {
        AnyFormat::Ap(f) => {
            let v = Fp::from_bits(f, bits);
            if let AnyFormat::Ap(t) = to {
                return v.convert_exact(t, rounding).map(|r| r.bits);
            }
            if v.is_signaling() {
                return None;
            }
            if v.is_nan() {
                Decoded::Nan
            } else if v.is_pos_infinity() || v.is_neg_infinity() {
                Decoded::Infinity
            } else {
                let wide = v.convert_exact(Format::F64, rounding)?;
                Decoded::Finite(f64::from_bits(wide.bits as u64))
            }
        }
        AnyFormat::Small(f) => match f.decode(u32::try_from(bits).ok()?) {
            None => Decoded::Nan,
            Some(v) => Decoded::Finite(v),
        },
    };
    match (decoded, to) {
        (Decoded::Finite(v), AnyFormat::Small(t)) => t.encode_exact(v).map(u128::from),
        (Decoded::Finite(v), AnyFormat::Ap(t)) => {
            Fp::from_bits(Format::F64, u128::from(v.to_bits()))
                .convert_exact(t, rounding)
                .map(|r| r.bits)
        }
        (Decoded::Nan, AnyFormat::Ap(t)) => Some(Fp::quiet_nan(t).bits),
        (Decoded::Nan | Decoded::Infinity, AnyFormat::Small(_)) | (Decoded::Infinity, _) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn all(f: SmallFormat) -> Vec<Option<f64>> {
        (0..1u32 << f.width()).map(|b| f.decode(b)).collect()
    }

    #[test]
    fn f4e2m1fn_holds_sixteen_finite_values_with_both_zeros() {
        let v = all(SmallFormat::F4E2M1FN);
        let expected = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0];
        for (b, e) in expected.iter().enumerate() {
            assert_eq!(v[b], Some(*e));
            assert_eq!(v[b + 8].map(f64::to_bits), Some((-e).to_bits()));
        }
    }

    #[test]
    fn fnuz_formats_have_one_nan_and_no_negative_zero() {
        for f in [
            SmallFormat::F8E4M3FNUZ,
            SmallFormat::F8E5M2FNUZ,
            SmallFormat::F8E4M3B11FNUZ,
        ] {
            let v = all(f);
            assert_eq!(v.iter().filter(|x| x.is_none()).count(), 1, "{f:?}");
            assert_eq!(v[0x80], None);
            assert_eq!(f.encode_exact(-0.0), None);
            assert_eq!(f.encode_exact(0.0), Some(0));
        }
        assert_eq!(SmallFormat::F8E4M3FNUZ.decode(0x7F), Some(240.0));
        assert_eq!(SmallFormat::F8E5M2FNUZ.decode(0x7F), Some(57344.0));
        assert_eq!(SmallFormat::F8E4M3B11FNUZ.decode(0x7F), Some(30.0));
        assert_eq!(SmallFormat::F8E4M3FNUZ.decode(0x01), Some(pow2(-10)));
    }

    #[test]
    fn e8m0_holds_unsigned_powers_of_two_and_no_zero() {
        let f = SmallFormat::F8E8M0FNU;
        assert_eq!(f.decode(0), Some(pow2(-127)));
        assert_eq!(f.decode(127), Some(1.0));
        assert_eq!(f.decode(0xFE), Some(pow2(127)));
        assert_eq!(f.decode(0xFF), None);
        assert_eq!(f.encode_exact(0.0), None);
        assert_eq!(f.encode_exact(-1.0), None);
        assert_eq!(f.encode_exact(3.0), None);
        assert_eq!(f.encode_exact(0.25), Some(125));
    }

    #[test]
    fn finite_only_formats_reach_their_largest_exponent() {
        assert_eq!(SmallFormat::F6E3M2FN.decode(0x1F), Some(28.0));
        assert_eq!(SmallFormat::F6E2M3FN.decode(0x1F), Some(7.5));
        assert_eq!(SmallFormat::F4E2M1FN.decode(0x7), Some(6.0));
    }

    #[test]
    fn casts_fold_only_when_exact() {
        use AnyFormat::{Ap, Small};
        let f4 = Small(SmallFormat::F4E2M1FN);
        let e8m0 = Small(SmallFormat::F8E8M0FNU);
        let fnuz = Small(SmallFormat::F8E4M3FNUZ);
        let f32 = Ap(Format::F32);
        let near = Rounding::ToNearestEven;
        let bits = |x: f32| u128::from(x.to_bits());
        // f32 -> f4: exact values fold, others do not; -0 keeps its sign.
        assert_eq!(convert_exact(f32, f4, bits(1.5), near), Some(0x3));
        assert_eq!(convert_exact(f32, f4, bits(-0.0), near), Some(0x8));
        assert_eq!(convert_exact(f32, f4, bits(2.5), near), None);
        assert_eq!(convert_exact(f32, f4, bits(f32::NAN), near), None);
        assert_eq!(convert_exact(f32, f4, bits(f32::INFINITY), near), None);
        // -0 has no home in FNUZ formats, nor zero and negatives in E8M0.
        assert_eq!(convert_exact(f32, fnuz, bits(-0.0), near), None);
        assert_eq!(convert_exact(f4, fnuz, 0x8, near), None);
        assert_eq!(convert_exact(f4, e8m0, 0x0, near), None);
        assert_eq!(convert_exact(f4, e8m0, 0xA, near), None);
        assert_eq!(convert_exact(f4, e8m0, 0x2, near), Some(127));
        // NaNs extend to the positive quiet NaN; signaling NaNs do not fold.
        assert_eq!(convert_exact(fnuz, f32, 0x80, near), Some(0x7FC0_0000));
        assert_eq!(convert_exact(e8m0, f32, 0xFF, near), Some(0x7FC0_0000));
        assert_eq!(convert_exact(f32, fnuz, 0x7F80_0001, near), None);
        // Out of range: E8M0's 2^127 is no f16.
        assert_eq!(convert_exact(e8m0, Ap(Format::F16), 0xFE, near), None);
        assert_eq!(
            convert_exact(e8m0, Ap(Format::F16), 127, near),
            Some(0x3C00)
        );
    }
}
