//! Fixed-width two's-complement integers of any width (LLVM `APInt` semantics).
//!
//! A value is a bit width and little-endian 64-bit words; bits above the width
//! are always zero. Widths up to 128 bits live inline (no allocation).

use smallvec::SmallVec;
use std::cmp::Ordering;
use std::fmt;

/// Word storage: two inline words cover every width up to 128 bits.
type Words = SmallVec<[u64; 2]>;

/// A fixed-width integer; signedness is a property of the operation, not of
/// the value, exactly as in MLIR's signless integers.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct ApInt {
    width: u32,
    words: Words,
}

fn num_words(width: u32) -> usize {
    (width as usize).div_ceil(64).max(1)
}

impl ApInt {
    /// Zero of the given width (width must be at least 1).
    pub fn zero(width: u32) -> Self {
        assert!(width > 0, "ApInt width must be at least 1");
        ApInt {
            width,
            words: SmallVec::from_elem(0, num_words(width)),
        }
    }

    /// The value `value` truncated to `width` bits.
    pub fn from_u64(width: u32, value: u64) -> Self {
        let mut r = Self::zero(width);
        r.words[0] = value;
        r.clear_unused_bits();
        r
    }

    /// The value `value` sign-extended or truncated to `width` bits.
    pub fn from_i64(width: u32, value: i64) -> Self {
        let fill = if value < 0 { u64::MAX } else { 0 };
        let mut r = Self::zero(width);
        r.words[0] = value as u64;
        for w in r.words.iter_mut().skip(1) {
            *w = fill;
        }
        r.clear_unused_bits();
        r
    }

    /// Builds a value from little-endian words (extra words are ignored,
    /// missing words are zero, bits above `width` are dropped).
    pub fn from_words(width: u32, words: &[u64]) -> Self {
        if (1..=64).contains(&width) {
            let mask = if width == 64 {
                u64::MAX
            } else {
                (1u64 << width) - 1
            };
            let w = words.first().copied().unwrap_or(0) & mask;
            return ApInt {
                width,
                words: smallvec::smallvec![w],
            };
        }
        let mut r = Self::zero(width);
        for (dst, src) in r.words.iter_mut().zip(words) {
            *dst = *src;
        }
        r.clear_unused_bits();
        r
    }

    /// The bit width.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Little-endian words; bits above the width are zero.
    pub fn words(&self) -> &[u64] {
        &self.words
    }

    /// The all-ones value (-1 signed, maximum unsigned).
    pub fn all_ones(width: u32) -> Self {
        let mut r = Self::zero(width);
        for w in r.words.iter_mut() {
            *w = u64::MAX;
        }
        r.clear_unused_bits();
        r
    }

    fn clear_unused_bits(&mut self) {
        let rem = self.width % 64;
        if rem != 0 {
            let last = self.words.len() - 1;
            self.words[last] &= (1u64 << rem) - 1;
        }
    }

    /// Bit `i` (0 = least significant).
    pub fn bit(&self, i: u32) -> bool {
        debug_assert!(i < self.width);
        (self.words[(i / 64) as usize] >> (i % 64)) & 1 == 1
    }

    /// The sign bit (most significant bit).
    pub fn is_negative(&self) -> bool {
        self.bit(self.width - 1)
    }

    /// True when every bit is zero.
    pub fn is_zero(&self) -> bool {
        self.words.iter().all(|&w| w == 0)
    }

    /// True when the value is 1.
    pub fn is_one(&self) -> bool {
        self.words[0] == 1 && self.words[1..].iter().all(|&w| w == 0)
    }

    /// True when every bit is one.
    pub fn is_all_ones(&self) -> bool {
        *self == Self::all_ones(self.width)
    }

    /// The low 64 bits as an unsigned number.
    pub fn low_u64(&self) -> u64 {
        self.words[0]
    }

    /// The value as a signed 64-bit number, if it fits.
    pub fn to_i64(&self) -> Option<i64> {
        if self.width <= 64 {
            let shift = 64 - self.width;
            return Some(((self.words[0] << shift) as i64) >> shift);
        }
        let full = self.sext(self.words.len() as u32 * 64);
        let fill = if self.is_negative() { u64::MAX } else { 0 };
        let v = full.words[0] as i64;
        (full.words[1..].iter().all(|&w| w == fill) && (v < 0) == self.is_negative()).then_some(v)
    }

    /// Wrapping addition (modulo 2^width).
    pub fn wrapping_add(&self, rhs: &Self) -> Self {
        assert_eq!(self.width, rhs.width, "ApInt width mismatch");
        let mut r = self.clone();
        let mut carry = false;
        for (a, b) in r.words.iter_mut().zip(rhs.words.iter()) {
            let (s1, c1) = a.overflowing_add(*b);
            let (s2, c2) = s1.overflowing_add(carry as u64);
            *a = s2;
            carry = c1 || c2;
        }
        r.clear_unused_bits();
        r
    }

    /// Bitwise complement.
    pub fn not(&self) -> Self {
        let mut r = self.clone();
        for w in r.words.iter_mut() {
            *w = !*w;
        }
        r.clear_unused_bits();
        r
    }

    /// Two's-complement negation (wrapping).
    pub fn wrapping_neg(&self) -> Self {
        self.not().wrapping_add(&Self::from_u64(self.width, 1))
    }

    /// Wrapping subtraction (modulo 2^width).
    pub fn wrapping_sub(&self, rhs: &Self) -> Self {
        self.wrapping_add(&rhs.wrapping_neg())
    }

    /// Sign extension (or identity) to `width` >= self.width.
    pub fn sext(&self, width: u32) -> Self {
        assert!(width >= self.width);
        let negative = self.is_negative();
        let mut r = Self::from_words(width, &self.words);
        if negative {
            for i in self.width..width {
                r.words[(i / 64) as usize] |= 1u64 << (i % 64);
            }
        }
        r
    }

    /// Zero extension (or identity) to `width` >= self.width.
    pub fn zext(&self, width: u32) -> Self {
        assert!(width >= self.width);
        Self::from_words(width, &self.words)
    }

    /// Unsigned comparison.
    pub fn ucmp(&self, rhs: &Self) -> Ordering {
        assert_eq!(self.width, rhs.width, "ApInt width mismatch");
        for (a, b) in self.words.iter().rev().zip(rhs.words.iter().rev()) {
            match a.cmp(b) {
                Ordering::Equal => continue,
                other => return other,
            }
        }
        Ordering::Equal
    }

    /// Signed (two's-complement) comparison.
    pub fn scmp(&self, rhs: &Self) -> Ordering {
        match (self.is_negative(), rhs.is_negative()) {
            (true, false) => Ordering::Less,
            (false, true) => Ordering::Greater,
            _ => self.ucmp(rhs),
        }
    }

    /// Divides an unsigned magnitude by a small divisor in place; returns the
    /// remainder.
    fn div_small_in_place(words: &mut [u64], divisor: u64) -> u64 {
        let mut rem: u128 = 0;
        for w in words.iter_mut().rev() {
            let cur = (rem << 64) | (*w as u128);
            *w = (cur / divisor as u128) as u64;
            rem = cur % divisor as u128;
        }
        rem as u64
    }

    /// Decimal digits of the value read as unsigned.
    pub fn to_string_unsigned(&self) -> String {
        if self.width <= 64 {
            return self.words[0].to_string();
        }
        let mut words: Vec<u64> = self.words.to_vec();
        let mut digits = Vec::new();
        loop {
            digits.push(b'0' + Self::div_small_in_place(&mut words, 10) as u8);
            if words.iter().all(|&w| w == 0) {
                break;
            }
        }
        digits.reverse();
        String::from_utf8(digits).expect("ascii digits")
    }

    /// Decimal digits of the value read as signed (what `APInt::print(os,
    /// /*isSigned=*/true)` prints).
    pub fn to_string_signed(&self) -> String {
        if self.is_negative() {
            format!("-{}", self.wrapping_neg().to_string_unsigned())
        } else {
            self.to_string_unsigned()
        }
    }
}

impl fmt::Debug for ApInt {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "i{}:{}", self.width, self.to_string_signed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addition_wraps_modulo_two_to_the_width() {
        let a = ApInt::from_u64(8, 200);
        let b = ApInt::from_u64(8, 100);
        assert_eq!(a.wrapping_add(&b), ApInt::from_u64(8, 44));
        let one = ApInt::from_u64(1, 1);
        assert!(one.wrapping_add(&one).is_zero());
    }

    #[test]
    fn carries_cross_word_boundaries() {
        let a = ApInt::from_words(128, &[u64::MAX, 0]);
        let r = a.wrapping_add(&ApInt::from_u64(128, 1));
        assert_eq!(r.words(), &[0, 1]);
        let max = ApInt::all_ones(256);
        assert!(max.wrapping_add(&ApInt::from_u64(256, 1)).is_zero());
    }

    #[test]
    fn odd_widths_keep_unused_bits_clear() {
        let a = ApInt::all_ones(17);
        assert_eq!(a.words(), &[0x1_ffff]);
        assert_eq!(a.to_i64(), Some(-1));
        assert_eq!(ApInt::from_i64(17, -2).low_u64(), 0x1_fffe);
    }

    #[test]
    fn signed_and_unsigned_order_differ_on_the_sign_bit() {
        let minus_one = ApInt::from_i64(32, -1);
        let one = ApInt::from_u64(32, 1);
        assert_eq!(minus_one.scmp(&one), Ordering::Less);
        assert_eq!(minus_one.ucmp(&one), Ordering::Greater);
        let big = ApInt::from_i64(128, -5);
        assert_eq!(big.scmp(&ApInt::from_i64(128, 3)), Ordering::Less);
    }

    #[test]
    fn prints_like_apint_signed() {
        assert_eq!(ApInt::from_i64(32, -1).to_string_signed(), "-1");
        assert_eq!(ApInt::from_u64(8, 128).to_string_signed(), "-128");
        assert_eq!(ApInt::from_u64(1, 1).to_string_signed(), "-1");
        let min128 = ApInt::from_words(128, &[0, 1 << 63]);
        assert_eq!(
            min128.to_string_signed(),
            "-170141183460469231731687303715884105728"
        );
        assert_eq!(
            ApInt::all_ones(128).to_string_unsigned(),
            "340282366920938463463374607431768211455"
        );
    }

    #[test]
    fn to_i64_only_when_it_fits() {
        assert_eq!(ApInt::from_i64(128, -7).to_i64(), Some(-7));
        assert_eq!(ApInt::from_words(128, &[0, 1]).to_i64(), None);
        assert_eq!(ApInt::from_u64(64, u64::MAX).to_i64(), Some(-1));
    }
}
