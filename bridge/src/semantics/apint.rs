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
#[derive(PartialEq, Eq, Hash)]
pub struct ApInt {
    width: u32,
    words: Words,
}

impl Clone for ApInt {
    /// A copy of the words (`SmallVec`'s own `clone` goes through its
    /// generic `Extend`, about 60 instructions for one word).
    #[inline]
    fn clone(&self) -> Self {
        ApInt {
            width: self.width,
            words: SmallVec::from_slice(&self.words),
        }
    }
}

fn num_words(width: u32) -> usize {
    (width as usize).div_ceil(64).max(1)
}

impl ApInt {
    /// Zero of the given width. Width 0 (`i0`) is allowed: its one value is 0,
    /// which is also its all-ones value, as in LLVM.
    pub fn zero(width: u32) -> Self {
        let n = num_words(width);
        let words = if n <= 2 {
            SmallVec::from_buf_and_len([0, 0], n)
        } else {
            SmallVec::from_elem(0, n)
        };
        ApInt { width, words }
    }

    /// `value` truncated to `width` (1 to 64) bits, in one inline word: the
    /// hot path of folding, of constants and predicates, and of the bounds
    /// the range analyses hand over.
    #[inline]
    fn in_one_word(width: u32, value: u64) -> Self {
        debug_assert!((1..=64).contains(&width));
        ApInt {
            width,
            words: SmallVec::from_buf_and_len([value & (u64::MAX >> (64 - width)), 0], 1),
        }
    }

    /// The value `value` truncated to `width` bits.
    #[inline]
    pub fn from_u64(width: u32, value: u64) -> Self {
        if (1..=64).contains(&width) {
            return Self::in_one_word(width, value);
        }
        let mut r = Self::zero(width);
        r.words[0] = value;
        r.clear_unused_bits();
        r
    }

    /// The value `value` sign-extended or truncated to `width` bits.
    pub fn from_i64(width: u32, value: i64) -> Self {
        if (1..=64).contains(&width) {
            return Self::in_one_word(width, value as u64);
        }
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
    #[inline]
    pub fn from_words(width: u32, words: &[u64]) -> Self {
        if (1..=64).contains(&width) {
            return Self::in_one_word(width, words.first().copied().unwrap_or(0));
        }
        Self::from_wide_words(width, words)
    }

    /// [`ApInt::from_words`] of a width that is not one word.
    fn from_wide_words(width: u32, words: &[u64]) -> Self {
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
        if (1..=64).contains(&width) {
            return Self::from_u64(width, u64::MAX);
        }
        let mut r = Self::zero(width);
        for w in r.words.iter_mut() {
            *w = u64::MAX;
        }
        r.clear_unused_bits();
        r
    }

    fn clear_unused_bits(&mut self) {
        if self.width == 0 {
            self.words.fill(0);
            return;
        }
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
        self.width > 0 && self.bit(self.width - 1)
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

    /// The value as an unsigned number saturated to `u64::MAX` (LLVM's
    /// `getLimitedValue`).
    pub fn to_u64_saturating(&self) -> u64 {
        if self.active_bits() > 64 {
            u64::MAX
        } else {
            self.low_u64()
        }
    }

    /// The value sign-extended or truncated to 64 bits (LLVM's
    /// `getSExtValue` for widths up to 64).
    pub fn to_i64_wrapping(&self) -> i64 {
        if self.width() >= 64 {
            self.low_u64() as i64
        } else {
            self.sext(64).low_u64() as i64
        }
    }

    /// The value as a signed 64-bit number, if it fits.
    pub fn to_i64(&self) -> Option<i64> {
        if self.width == 0 {
            return Some(0);
        }
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
        if let Some((a, b)) = self.one_word(rhs) {
            return Self::from_u64(self.width, a.wrapping_add(b));
        }
        self.wrapping_add_words(rhs)
    }

    /// [`wrapping_add`](ApInt::wrapping_add) word by word, any width.
    fn wrapping_add_words(&self, rhs: &Self) -> Self {
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
        if let ([a], 1..=64) = (&self.words[..], self.width) {
            return Self::from_u64(self.width, !a);
        }
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
        if let Some((a, b)) = self.one_word(rhs) {
            return Self::from_u64(self.width, a.wrapping_sub(b));
        }
        self.wrapping_sub_words(rhs)
    }

    fn wrapping_sub_words(&self, rhs: &Self) -> Self {
        self.wrapping_add_words(&rhs.wrapping_neg())
    }

    /// Both values' one word, when the (equal) width is 1 to 64 bits: the
    /// fast path of the arithmetic below, which the word-by-word loops
    /// check in the tests.
    /// Panics when the widths differ, as every operation on two values does.
    #[inline]
    fn one_word(&self, rhs: &Self) -> Option<(u64, u64)> {
        assert_eq!(self.width, rhs.width, "ApInt width mismatch");
        (1..=64)
            .contains(&self.width)
            .then(|| (self.words[0], rhs.words[0]))
    }

    /// [`one_word`](ApInt::one_word), read as signed values.
    #[inline]
    fn one_word_signed(&self, rhs: &Self) -> Option<(i128, i128)> {
        let (a, b) = self.one_word(rhs)?;
        let shift = 64 - self.width;
        let signed = |word: u64| i128::from(((word << shift) as i64) >> shift);
        Some((signed(a), signed(b)))
    }

    /// The `width`-bit wrap of an exact unsigned result, and whether it
    /// overflowed (did not fit).
    #[inline]
    fn wrap_unsigned(width: u32, exact: u128) -> (Self, bool) {
        (Self::from_u64(width, exact as u64), exact >> width != 0)
    }

    /// The `width`-bit wrap of an exact signed result, and whether it
    /// overflowed (was outside the signed range).
    #[inline]
    fn wrap_signed(width: u32, exact: i128) -> (Self, bool) {
        let half = 1i128 << (width - 1);
        (
            Self::from_u64(width, exact as u64),
            exact < -half || exact >= half,
        )
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
    #[inline]
    pub fn ucmp(&self, rhs: &Self) -> Ordering {
        assert_eq!(self.width, rhs.width, "ApInt width mismatch");
        if let ([a], [b]) = (&self.words[..], &rhs.words[..]) {
            return a.cmp(b);
        }
        for (a, b) in self.words.iter().rev().zip(rhs.words.iter().rev()) {
            match a.cmp(b) {
                Ordering::Equal => continue,
                other => return other,
            }
        }
        Ordering::Equal
    }

    /// Signed (two's-complement) comparison.
    #[inline]
    pub fn scmp(&self, rhs: &Self) -> Ordering {
        if let ([a], [b], 1..=64) = (&self.words[..], &rhs.words[..], self.width) {
            assert_eq!(self.width, rhs.width, "ApInt width mismatch");
            // One word: compare the values sign-extended from the width.
            let shift = 64 - self.width;
            return ((a << shift) as i64).cmp(&((b << shift) as i64));
        }
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

impl ApInt {
    #[inline]
    fn map_words(&self, rhs: &Self, f: impl Fn(u64, u64) -> u64) -> Self {
        assert_eq!(self.width, rhs.width, "ApInt width mismatch");
        if let ([a], [b]) = (&self.words[..], &rhs.words[..]) {
            // One word: `f` of two in-width words stays in the width for
            // and, or and xor, the only callers.
            return ApInt {
                width: self.width,
                words: SmallVec::from_buf_and_len([f(*a, *b), 0], 1),
            };
        }
        let mut r = self.clone();
        for (a, b) in r.words.iter_mut().zip(rhs.words.iter()) {
            *a = f(*a, *b);
        }
        r.clear_unused_bits();
        r
    }

    /// Bitwise and.
    pub fn and(&self, rhs: &Self) -> Self {
        self.map_words(rhs, |a, b| a & b)
    }
    /// Bitwise or.
    pub fn or(&self, rhs: &Self) -> Self {
        self.map_words(rhs, |a, b| a | b)
    }
    /// Bitwise xor.
    pub fn xor(&self, rhs: &Self) -> Self {
        self.map_words(rhs, |a, b| a ^ b)
    }

    /// Truncation to `width` <= self.width bits.
    pub fn trunc(&self, width: u32) -> Self {
        assert!(width <= self.width);
        Self::from_words(width, &self.words)
    }

    /// Number of leading zero bits.
    pub fn leading_zeros(&self) -> u32 {
        let mut count = 0;
        let top_bits = self.width - (self.words.len() as u32 - 1) * 64;
        for (i, w) in self.words.iter().enumerate().rev() {
            let bits = if i == self.words.len() - 1 {
                top_bits
            } else {
                64
            };
            if *w == 0 {
                count += bits;
            } else {
                return count + (w.leading_zeros() - (64 - bits));
            }
        }
        count
    }

    /// Number of leading bits equal to the sign bit (LLVM's
    /// `getNumSignBits`).
    pub fn num_sign_bits(&self) -> u32 {
        if self.is_negative() {
            self.not().leading_zeros()
        } else {
            self.leading_zeros()
        }
    }

    /// Number of significant bits (width minus leading zeros).
    pub fn active_bits(&self) -> u32 {
        self.width - self.leading_zeros()
    }

    /// Left shift by `amount` bits, zeros shifted in (all bits shifted out
    /// when `amount >= width`).
    pub fn shl(&self, amount: u32) -> Self {
        if amount >= self.width {
            return Self::zero(self.width);
        }
        let mut r = Self::zero(self.width);
        let (ws, bs) = ((amount / 64) as usize, amount % 64);
        for i in (ws..r.words.len()).rev() {
            let lo = self.words[i - ws];
            let mut w = lo << bs;
            if bs != 0 && i > ws {
                w |= self.words[i - ws - 1] >> (64 - bs);
            }
            r.words[i] = w;
        }
        r.clear_unused_bits();
        r
    }

    /// Logical right shift by `amount` bits (zero when `amount >= width`).
    pub fn lshr(&self, amount: u32) -> Self {
        if amount >= self.width {
            return Self::zero(self.width);
        }
        let mut r = Self::zero(self.width);
        let n = r.words.len();
        let (ws, bs) = ((amount / 64) as usize, amount % 64);
        for i in 0..n - ws {
            let mut w = self.words[i + ws] >> bs;
            if bs != 0 && i + ws + 1 < n {
                w |= self.words[i + ws + 1] << (64 - bs);
            }
            r.words[i] = w;
        }
        r
    }

    /// Arithmetic right shift by `amount` bits (all sign bits when
    /// `amount >= width`).
    pub fn ashr(&self, amount: u32) -> Self {
        if amount >= self.width {
            return if self.is_negative() {
                Self::all_ones(self.width)
            } else {
                Self::zero(self.width)
            };
        }
        let r = self.lshr(amount);
        if !self.is_negative() || amount == 0 {
            return r;
        }
        // Fill the top `amount` bits with ones.
        let fill = Self::all_ones(self.width).shl(self.width - amount);
        r.or(&fill)
    }

    /// Wrapping multiplication (modulo 2^width).
    pub fn wrapping_mul(&self, rhs: &Self) -> Self {
        assert_eq!(self.width, rhs.width, "ApInt width mismatch");
        if let Some((a, b)) = self.one_word(rhs) {
            return Self::from_u64(self.width, a.wrapping_mul(b));
        }
        self.wrapping_mul_words(rhs)
    }

    fn wrapping_mul_words(&self, rhs: &Self) -> Self {
        let n = self.words.len();
        let mut out = vec![0u64; n];
        for i in 0..n {
            let mut carry: u128 = 0;
            for j in 0..n - i {
                let cur =
                    out[i + j] as u128 + (self.words[i] as u128) * (rhs.words[j] as u128) + carry;
                out[i + j] = cur as u64;
                carry = cur >> 64;
            }
        }
        Self::from_words(self.width, &out)
    }

    /// The full 2*width-bit product, unsigned.
    pub fn widening_umul(&self, rhs: &Self) -> Self {
        let w = self.width * 2;
        self.zext(w).wrapping_mul(&rhs.zext(w))
    }

    /// The full 2*width-bit product, signed.
    pub fn widening_smul(&self, rhs: &Self) -> Self {
        let w = self.width * 2;
        self.sext(w).wrapping_mul(&rhs.sext(w))
    }

    /// Unsigned division and remainder; None when dividing by zero.
    pub fn udivrem(&self, rhs: &Self) -> Option<(Self, Self)> {
        assert_eq!(self.width, rhs.width, "ApInt width mismatch");
        if rhs.is_zero() {
            return None;
        }
        if self.width <= 64 {
            let (a, b) = (self.words[0], rhs.words[0]);
            return Some((
                Self::from_u64(self.width, a / b),
                Self::from_u64(self.width, a % b),
            ));
        }
        if self.width <= 128 {
            let a = self.words[0] as u128 | (self.words[1] as u128) << 64;
            let b = rhs.words[0] as u128 | (rhs.words[1] as u128) << 64;
            let (q, r) = (a / b, a % b);
            let words = |x: u128| [x as u64, (x >> 64) as u64];
            return Some((
                Self::from_words(self.width, &words(q)),
                Self::from_words(self.width, &words(r)),
            ));
        }
        // Shift-subtract long division.
        let mut q = Self::zero(self.width);
        let mut r = Self::zero(self.width);
        for i in (0..self.width).rev() {
            let top = r.is_negative();
            r = r.shl(1);
            if self.bit(i) {
                r.words[0] |= 1;
            }
            if top || r.ucmp(rhs) != std::cmp::Ordering::Less {
                r = r.wrapping_sub(rhs);
                q.words[(i / 64) as usize] |= 1u64 << (i % 64);
            }
        }
        Some((q, r))
    }

    /// Unsigned division (None when dividing by zero).
    pub fn udiv(&self, rhs: &Self) -> Option<Self> {
        self.udivrem(rhs).map(|(q, _)| q)
    }
    /// Unsigned remainder (None when dividing by zero).
    pub fn urem(&self, rhs: &Self) -> Option<Self> {
        self.udivrem(rhs).map(|(_, r)| r)
    }

    /// The absolute value as an unsigned magnitude (wrapping for the minimum).
    pub fn abs(&self) -> Self {
        if self.is_negative() {
            self.wrapping_neg()
        } else {
            self.clone()
        }
    }

    /// Signed division truncating toward zero, wrapping on MIN / -1 (as
    /// APInt::sdiv); None when dividing by zero.
    pub fn sdiv(&self, rhs: &Self) -> Option<Self> {
        if let Some((a, b)) = self.one_word_signed(rhs) {
            // MIN / -1 = 2^(width-1) fits i128 and wraps to MIN.
            return (b != 0).then(|| Self::wrap_signed(self.width, a / b).0);
        }
        self.sdiv_words(rhs)
    }

    fn sdiv_words(&self, rhs: &Self) -> Option<Self> {
        let q = self.abs().udiv(&rhs.abs())?;
        Some(if self.is_negative() != rhs.is_negative() {
            q.wrapping_neg()
        } else {
            q
        })
    }

    /// Signed remainder with the sign of the dividend (as APInt::srem); None
    /// when dividing by zero.
    pub fn srem(&self, rhs: &Self) -> Option<Self> {
        if let Some((a, b)) = self.one_word_signed(rhs) {
            return (b != 0).then(|| Self::wrap_signed(self.width, a % b).0);
        }
        self.srem_words(rhs)
    }

    fn srem_words(&self, rhs: &Self) -> Option<Self> {
        let r = self.abs().urem(&rhs.abs())?;
        Some(if self.is_negative() {
            r.wrapping_neg()
        } else {
            r
        })
    }

    /// Signed division with overflow report: (quotient, overflowed), as
    /// APInt::sdiv_ov (overflow only for MIN / -1).
    pub fn sdiv_ov(&self, rhs: &Self) -> Option<(Self, bool)> {
        if let Some((a, b)) = self.one_word_signed(rhs) {
            return (b != 0).then(|| Self::wrap_signed(self.width, a / b));
        }
        self.sdiv_ov_words(rhs)
    }

    fn sdiv_ov_words(&self, rhs: &Self) -> Option<(Self, bool)> {
        let overflow = self.is_min_signed() && rhs.is_all_ones();
        Some((self.sdiv_words(rhs)?, overflow))
    }

    /// True for the minimum signed value (only the sign bit set). False at
    /// width 0, as LLVM's `isMinSignedValue` answers there (a value with no
    /// sign bit is neither signed extreme), so `minsi`/`maxsi` on `i0` fold
    /// exactly as upstream's.
    pub fn is_min_signed(&self) -> bool {
        if (1..=64).contains(&self.width) {
            return self.words[0] == 1 << (self.width - 1);
        }
        self.width > 0 && *self == Self::signed_min(self.width)
    }

    /// True for the maximum signed value (false at width 0, as LLVM).
    pub fn is_max_signed(&self) -> bool {
        self.width > 0 && *self == Self::all_ones(self.width).lshr(1)
    }

    /// The value with bit `i` set.
    pub fn with_bit(mut self, i: u32) -> Self {
        self.words[(i / 64) as usize] |= 1u64 << (i % 64);
        self
    }

    /// Signed minimum value of a width.
    pub fn signed_min(width: u32) -> Self {
        if (1..=64).contains(&width) {
            return Self::from_u64(width, 1 << (width - 1));
        }
        match width.checked_sub(1) {
            Some(sign) => Self::zero(width).with_bit(sign),
            None => Self::zero(0),
        }
    }

    /// Signed maximum value of a width.
    pub fn signed_max(width: u32) -> Self {
        if (1..=64).contains(&width) {
            return Self::from_u64(width, (1 << (width - 1)) - 1);
        }
        Self::all_ones(width).lshr(1)
    }

    /// Wrapping addition reporting unsigned overflow (the carry out).
    pub fn uadd_ov(&self, rhs: &Self) -> (Self, bool) {
        if let Some((a, b)) = self.one_word(rhs) {
            return Self::wrap_unsigned(self.width, u128::from(a) + u128::from(b));
        }
        self.uadd_ov_words(rhs)
    }

    fn uadd_ov_words(&self, rhs: &Self) -> (Self, bool) {
        let sum = self.wrapping_add_words(rhs);
        let overflow = sum.ucmp(self) == std::cmp::Ordering::Less;
        (sum, overflow)
    }

    /// Wrapping addition reporting signed overflow (LLVM's `sadd_ov`).
    pub fn sadd_ov(&self, rhs: &Self) -> (Self, bool) {
        if let Some((a, b)) = self.one_word_signed(rhs) {
            return Self::wrap_signed(self.width, a + b);
        }
        self.sadd_ov_words(rhs)
    }

    fn sadd_ov_words(&self, rhs: &Self) -> (Self, bool) {
        let sum = self.wrapping_add_words(rhs);
        let overflow =
            self.is_negative() == rhs.is_negative() && sum.is_negative() != self.is_negative();
        (sum, overflow)
    }

    /// Wrapping subtraction reporting unsigned overflow (the borrow).
    pub fn usub_ov(&self, rhs: &Self) -> (Self, bool) {
        if let Some((a, b)) = self.one_word(rhs) {
            return (Self::from_u64(self.width, a.wrapping_sub(b)), a < b);
        }
        self.usub_ov_words(rhs)
    }

    fn usub_ov_words(&self, rhs: &Self) -> (Self, bool) {
        (self.wrapping_sub_words(rhs), self.ucmp(rhs).is_lt())
    }

    /// Wrapping subtraction reporting signed overflow.
    pub fn ssub_ov(&self, rhs: &Self) -> (Self, bool) {
        if let Some((a, b)) = self.one_word_signed(rhs) {
            return Self::wrap_signed(self.width, a - b);
        }
        self.ssub_ov_words(rhs)
    }

    fn ssub_ov_words(&self, rhs: &Self) -> (Self, bool) {
        let diff = self.wrapping_sub_words(rhs);
        let overflow =
            self.is_negative() != rhs.is_negative() && diff.is_negative() != self.is_negative();
        (diff, overflow)
    }

    /// Wrapping multiplication reporting unsigned overflow.
    pub fn umul_ov(&self, rhs: &Self) -> (Self, bool) {
        if let Some((a, b)) = self.one_word(rhs) {
            return Self::wrap_unsigned(self.width, u128::from(a) * u128::from(b));
        }
        self.umul_ov_words(rhs)
    }

    fn umul_ov_words(&self, rhs: &Self) -> (Self, bool) {
        let wide = self.widening_umul(rhs);
        let low = wide.trunc(self.width);
        (low.clone(), wide != low.zext(self.width * 2))
    }

    /// Wrapping multiplication reporting signed overflow.
    pub fn smul_ov(&self, rhs: &Self) -> (Self, bool) {
        if let Some((a, b)) = self.one_word_signed(rhs) {
            // |a * b| <= 2^126: no i128 overflow.
            return Self::wrap_signed(self.width, a * b);
        }
        self.smul_ov_words(rhs)
    }

    fn smul_ov_words(&self, rhs: &Self) -> (Self, bool) {
        let wide = self.widening_smul(rhs);
        let low = wide.trunc(self.width);
        (low.clone(), wide != low.sext(self.width * 2))
    }

    /// Shift left reporting unsigned overflow (bits shifted out, or an
    /// amount of at least the width), as LLVM's `ushl_ov`.
    pub fn ushl_ov(&self, amount: &Self) -> (Self, bool) {
        let w = self.width;
        if amount
            .ucmp(&Self::from_u64(amount.width, u64::from(w)))
            .is_ge()
        {
            return (Self::zero(w), true);
        }
        let n = amount.low_u64() as u32;
        (self.shl(n), n > self.leading_zeros())
    }

    /// Shift left reporting signed overflow (sign bits shifted out), as
    /// LLVM's `sshl_ov`.
    pub fn sshl_ov(&self, amount: &Self) -> (Self, bool) {
        let w = self.width;
        if amount
            .ucmp(&Self::from_u64(amount.width, u64::from(w)))
            .is_ge()
        {
            return (Self::zero(w), true);
        }
        let n = amount.low_u64() as u32;
        let run = if self.is_negative() {
            self.not().leading_zeros()
        } else {
            self.leading_zeros()
        };
        (self.shl(n), n >= run)
    }

    /// Unsigned saturating shift left.
    pub fn ushl_sat(&self, amount: &Self) -> Self {
        match self.ushl_ov(amount) {
            (_, true) => Self::all_ones(self.width),
            (v, false) => v,
        }
    }

    /// Signed saturating shift left.
    pub fn sshl_sat(&self, amount: &Self) -> Self {
        match self.sshl_ov(amount) {
            (_, true) if self.is_negative() => Self::signed_min(self.width),
            (_, true) => Self::signed_max(self.width),
            (v, false) => v,
        }
    }

    /// The low `n` bits set (LLVM's `getLowBitsSet`).
    pub fn low_bits(width: u32, n: u32) -> Self {
        if n == 0 {
            Self::zero(width)
        } else {
            Self::all_ones(width).lshr(width - n)
        }
    }

    /// Unsigned saturating addition.
    pub fn uadd_sat(&self, rhs: &Self) -> Self {
        match self.uadd_ov(rhs) {
            (_, true) => Self::all_ones(self.width),
            (v, false) => v,
        }
    }

    /// Signed saturating addition.
    pub fn sadd_sat(&self, rhs: &Self) -> Self {
        match self.sadd_ov(rhs) {
            (_, true) if self.is_negative() => Self::signed_min(self.width),
            (_, true) => Self::signed_max(self.width),
            (v, false) => v,
        }
    }

    /// Unsigned saturating subtraction.
    pub fn usub_sat(&self, rhs: &Self) -> Self {
        match self.usub_ov(rhs) {
            (_, true) => Self::zero(self.width),
            (v, false) => v,
        }
    }

    /// Signed saturating subtraction.
    pub fn ssub_sat(&self, rhs: &Self) -> Self {
        match self.ssub_ov(rhs) {
            (_, true) if self.is_negative() => Self::signed_min(self.width),
            (_, true) => Self::signed_max(self.width),
            (v, false) => v,
        }
    }

    /// Unsigned saturating multiplication.
    pub fn umul_sat(&self, rhs: &Self) -> Self {
        match self.umul_ov(rhs) {
            (_, true) => Self::all_ones(self.width),
            (v, false) => v,
        }
    }

    /// Signed saturating multiplication.
    pub fn smul_sat(&self, rhs: &Self) -> Self {
        match self.smul_ov(rhs) {
            (_, true) if self.is_negative() != rhs.is_negative() => Self::signed_min(self.width),
            (_, true) => Self::signed_max(self.width),
            (v, false) => v,
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
    fn from_i64_sign_extends_or_truncates_at_every_width() {
        // One word (the inline fast path) and several, at and around the
        // word's edge, with the value's bits above the width dropped.
        for value in [0i64, 1, -1, 5, -5, i64::MIN, i64::MAX, 0x1234_5678_9abc] {
            for width in [1u32, 7, 8, 17, 63, 64, 65, 127, 128, 200] {
                let a = ApInt::from_i64(width, value);
                assert_eq!(a.width(), width);
                let mut expect = vec![value as u64];
                let words = width.div_ceil(64) as usize;
                expect.resize(words, if value < 0 { u64::MAX } else { 0 });
                let top = width % 64;
                if top != 0 {
                    expect[words - 1] &= (1u64 << top) - 1;
                }
                assert_eq!(a.words(), expect.as_slice(), "{value} as i{width}");
                assert_eq!(a, ApInt::from_words(width, &expect));
            }
        }
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

    fn big(width: u32, v: i128) -> ApInt {
        ApInt::from_words(
            width.max(1),
            &[
                v as u64,
                (v >> 64) as u64,
                if v < 0 { u64::MAX } else { 0 },
                if v < 0 { u64::MAX } else { 0 },
            ],
        )
    }

    #[test]
    fn shifts_cross_words_and_fill_correctly() {
        let one = ApInt::from_u64(200, 1);
        assert_eq!(one.shl(130).lshr(130), one);
        assert!(one.shl(199).is_negative());
        assert_eq!(ApInt::from_i64(200, -8).ashr(2), ApInt::from_i64(200, -2));
        assert_eq!(ApInt::from_i64(8, -128).ashr(7), ApInt::from_i64(8, -1));
        assert_eq!(ApInt::from_i64(8, -128).lshr(7), ApInt::from_u64(8, 1));
        assert_eq!(ApInt::from_u64(8, 0x81).shl(1), ApInt::from_u64(8, 2));
    }

    #[test]
    fn division_rounds_toward_zero_and_remainder_follows_the_dividend() {
        let d = |a: i64, b: i64| {
            ApInt::from_i64(32, a)
                .sdiv(&ApInt::from_i64(32, b))
                .unwrap()
                .to_i64()
                .unwrap()
        };
        let r = |a: i64, b: i64| {
            ApInt::from_i64(32, a)
                .srem(&ApInt::from_i64(32, b))
                .unwrap()
                .to_i64()
                .unwrap()
        };
        assert_eq!((d(7, 2), d(-7, 2), d(7, -2), d(-7, -2)), (3, -3, -3, 3));
        assert_eq!((r(7, 2), r(-7, 2), r(7, -2), r(-7, -2)), (1, -1, 1, -1));
        assert_eq!(d(i32::MIN as i64, -1), i32::MIN as i64);
        assert!(ApInt::from_u64(8, 1).udiv(&ApInt::zero(8)).is_none());
    }

    #[test]
    fn wide_division_matches_narrow_arithmetic() {
        for (a, b) in [
            (1000i128, 7i128),
            (-1000, 7),
            (i64::MAX as i128 * 3, -5),
            (1 << 100, 3),
        ] {
            let (x, y) = (big(256, a), big(256, b));
            assert_eq!(x.sdiv(&y).unwrap(), big(256, a / b), "{a} / {b}");
            assert_eq!(x.srem(&y).unwrap(), big(256, a % b), "{a} % {b}");
        }
    }

    #[test]
    fn signed_bounds_of_i1_are_minus_one_and_zero() {
        // In i1 the only bit is the sign bit: MIN = 1 (-1), MAX = 0.
        assert!(ApInt::from_u64(1, 1).is_min_signed());
        assert!(ApInt::zero(1).is_max_signed());
        assert_eq!(ApInt::signed_max(1), ApInt::zero(1));
        assert_eq!(ApInt::from_u64(8, 0xff).lshr(8), ApInt::zero(8));
        assert_eq!(ApInt::from_i64(8, -1).ashr(9), ApInt::from_i64(8, -1));
    }

    #[test]
    fn leading_zeros_count_within_the_width() {
        assert_eq!(ApInt::zero(17).leading_zeros(), 17);
        assert_eq!(ApInt::from_u64(17, 1).leading_zeros(), 16);
        assert_eq!(ApInt::from_u64(130, 1).shl(129).leading_zeros(), 0);
        assert_eq!(ApInt::from_u64(130, 1).leading_zeros(), 129);
    }

    proptest::proptest! {
        #[test]
        fn arithmetic_matches_host_integers(a: i64, b: i64, s in 0u32..64) {
            let (x, y) = (ApInt::from_i64(64, a), ApInt::from_i64(64, b));
            proptest::prop_assert_eq!(x.wrapping_mul(&y).to_i64(), Some(a.wrapping_mul(b)));
            proptest::prop_assert_eq!(x.wrapping_sub(&y).to_i64(), Some(a.wrapping_sub(b)));
            proptest::prop_assert_eq!(x.and(&y).to_i64(), Some(a & b));
            proptest::prop_assert_eq!(x.xor(&y).to_i64(), Some(a ^ b));
            proptest::prop_assert_eq!(x.shl(s).to_i64(), Some(a.wrapping_shl(s)));
            proptest::prop_assert_eq!(x.ashr(s).to_i64(), Some(a >> s));
            proptest::prop_assert_eq!(x.lshr(s).low_u64(), (a as u64) >> s);
            if b != 0 {
                proptest::prop_assert_eq!(x.sdiv(&y).unwrap().to_i64(), Some(a.wrapping_div(b)));
                proptest::prop_assert_eq!(x.srem(&y).unwrap().to_i64(), Some(a.wrapping_rem(b)));
                proptest::prop_assert_eq!(x.udiv(&y).unwrap().low_u64(), (a as u64) / (b as u64));
            }
        }

        #[test]
        fn wide_multiplication_is_the_exact_product(a: u64, b: u64) {
            let p = ApInt::from_u64(64, a).widening_umul(&ApInt::from_u64(64, b));
            let expect = (a as u128) * (b as u128);
            proptest::prop_assert_eq!(p.words(), &[expect as u64, (expect >> 64) as u64][..]);
            let s = ApInt::from_i64(64, a as i64).widening_smul(&ApInt::from_i64(64, b as i64));
            let expect = (a as i64 as i128) * (b as i64 as i128);
            proptest::prop_assert_eq!(s.words(), &[expect as u64, (expect >> 64) as u64][..]);
        }

        #[test]
        fn generic_long_division_agrees_with_u128(a: u128, b in 1u128..) {
            // 200-bit values exercise the shift-subtract path.
            let x = ApInt::from_words(200, &[a as u64, (a >> 64) as u64]);
            let y = ApInt::from_words(200, &[b as u64, (b >> 64) as u64]);
            let (q, r) = x.udivrem(&y).unwrap();
            proptest::prop_assert_eq!(q, ApInt::from_words(200, &[(a / b) as u64, ((a / b) >> 64) as u64]));
            proptest::prop_assert_eq!(r, ApInt::from_words(200, &[(a % b) as u64, ((a % b) >> 64) as u64]));
        }
    }

    #[test]
    fn to_i64_only_when_it_fits() {
        assert_eq!(ApInt::from_i64(128, -7).to_i64(), Some(-7));
        assert_eq!(ApInt::from_words(128, &[0, 1]).to_i64(), None);
        assert_eq!(ApInt::from_u64(64, u64::MAX).to_i64(), Some(-1));
    }

    #[test]
    fn zero_width_values_are_zero_and_every_extreme() {
        let z = ApInt::zero(0);
        assert_eq!(ApInt::from_u64(0, 5), z);
        assert_eq!(ApInt::from_i64(0, -1), z);
        assert_eq!(ApInt::all_ones(0), z);
        assert!(z.is_zero() && z.is_all_ones() && !z.is_one() && !z.is_negative());
        assert!(!z.is_min_signed() && !z.is_max_signed());
        assert_eq!(z.to_i64(), Some(0));
        assert_eq!(z.sext(8), ApInt::zero(8));
        assert_eq!(ApInt::from_u64(8, 0xff).trunc(0), z);
        assert_eq!(z.wrapping_add(&z), z);
        assert_eq!(z.wrapping_mul(&z), z);
        assert_eq!(z.wrapping_neg(), z);
        assert_eq!(z.shl(0), z);
        assert_eq!(z.ashr(3), z);
        assert_eq!(z.udiv(&z), None);
        assert_eq!(z.to_string_signed(), "0");
    }

    /// Every one-word fast path next to the word-by-word loop it stands in
    /// for, on values `a` and `b` of `width` bits.
    fn assert_one_word_matches_words(width: u32, a: u64, b: u64) {
        let (x, y) = (ApInt::from_u64(width, a), ApInt::from_u64(width, b));
        let at = format!("i{width}: {a:#x}, {b:#x}");
        assert_eq!(x.wrapping_add(&y), x.wrapping_add_words(&y), "add {at}");
        assert_eq!(x.wrapping_sub(&y), x.wrapping_sub_words(&y), "sub {at}");
        assert_eq!(x.wrapping_mul(&y), x.wrapping_mul_words(&y), "mul {at}");
        assert_eq!(x.uadd_ov(&y), x.uadd_ov_words(&y), "uadd_ov {at}");
        assert_eq!(x.sadd_ov(&y), x.sadd_ov_words(&y), "sadd_ov {at}");
        assert_eq!(x.usub_ov(&y), x.usub_ov_words(&y), "usub_ov {at}");
        assert_eq!(x.ssub_ov(&y), x.ssub_ov_words(&y), "ssub_ov {at}");
        assert_eq!(x.umul_ov(&y), x.umul_ov_words(&y), "umul_ov {at}");
        assert_eq!(x.smul_ov(&y), x.smul_ov_words(&y), "smul_ov {at}");
        assert_eq!(x.sdiv(&y), x.sdiv_words(&y), "sdiv {at}");
        assert_eq!(x.srem(&y), x.srem_words(&y), "srem {at}");
        assert_eq!(x.sdiv_ov(&y), x.sdiv_ov_words(&y), "sdiv_ov {at}");
        assert_eq!(
            x.is_min_signed(),
            x.width > 0 && x == ApInt::signed_min(x.width),
            "is_min_signed {at}"
        );
    }

    #[test]
    fn one_word_arithmetic_matches_the_word_loops_at_every_width_on_the_edges() {
        for width in 1..=64u32 {
            let max = u64::MAX >> (64 - width);
            let min_signed = 1u64 << (width - 1);
            let edges = [
                0,
                1,
                2,
                max,
                max - 1,
                min_signed,
                min_signed - 1,
                (min_signed + 1) & max,
                0x5555_5555_5555_5555 & max,
                0xdead_beef_cafe_f00d & max,
            ];
            for a in edges {
                for b in edges {
                    assert_one_word_matches_words(width, a, b);
                }
            }
        }
    }

    #[test]
    fn arithmetic_on_two_widths_panics_on_the_one_word_path_too() {
        let (a, b) = (ApInt::from_u64(8, 1), ApInt::from_u64(32, 0x100));
        let ops: [fn(&ApInt, &ApInt); 12] = [
            |a, b| drop(a.wrapping_add(b)),
            |a, b| drop(a.wrapping_sub(b)),
            |a, b| drop(a.wrapping_mul(b)),
            |a, b| drop(a.uadd_ov(b)),
            |a, b| drop(a.sadd_ov(b)),
            |a, b| drop(a.usub_ov(b)),
            |a, b| drop(a.ssub_ov(b)),
            |a, b| drop(a.umul_ov(b)),
            |a, b| drop(a.smul_ov(b)),
            |a, b| drop(a.sdiv(b)),
            |a, b| drop(a.srem(b)),
            |a, b| drop(a.sdiv_ov(b)),
        ];
        for (i, op) in ops.iter().enumerate() {
            let caught = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| op(&a, &b)));
            assert!(caught.is_err(), "operation {i} accepted an i8 and an i32");
        }
    }

    #[test]
    fn one_word_arithmetic_matches_the_word_loops_on_every_i1_to_i6_pair() {
        for width in 1..=6u32 {
            for a in 0..1u64 << width {
                for b in 0..1u64 << width {
                    assert_one_word_matches_words(width, a, b);
                }
            }
        }
    }

    proptest::proptest! {
        #[test]
        fn one_word_arithmetic_matches_the_word_loops(width in 1u32..=64, a: u64, b: u64) {
            assert_one_word_matches_words(width, a, b);
        }
    }
}
