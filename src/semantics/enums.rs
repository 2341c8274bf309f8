//! The enums of our dialects (predicates, rounding modes, fast-math and
//! overflow flags), generated from ODS by `build.rs`: one source of truth
//! for their cases, numbering and spelling. Plain Rust; the typed layer
//! (`crate::ods`) re-exports them next to the ops that hold them.

/// A value enum of ODS (`I64EnumAttr`: predicates, rounding modes).
pub trait ValueEnum: Copy + Sized + 'static {
    /// Every case, in declaration order.
    const ALL: &'static [Self];
    /// The case of a stored value.
    fn from_value(value: u64) -> Option<Self>;
    /// The stored value (as the C++ enum and the attribute hold it).
    fn value(self) -> u64;
    /// The case as the custom syntax spells it (`ult`).
    fn spelling(self) -> &'static str;
}

/// A bit enum of ODS (`I32BitEnumAttr`: fast-math and overflow flags).
pub trait BitEnum: Copy + Sized + 'static {
    /// (spelling, bits) per case, in declaration order (groups included).
    const CASES: &'static [(&'static str, u32)];
    /// The flags of a stored bit pattern.
    fn from_bits(bits: u32) -> Self;
    /// The stored bit pattern.
    fn bits(self) -> u32;
    /// True when every flag of `other` is set.
    fn contains(self, other: Self) -> bool {
        self.bits() & other.bits() == other.bits()
    }
    /// True when no flag is set.
    fn is_empty(self) -> bool {
        self.bits() == 0
    }
}

include!(concat!(env!("OUT_DIR"), "/ods_enums.rs"));
