//! Upstream arith's op interfaces (`ArithFastMathInterface`,
//! `ArithIntegerOverflowFlagsInterface`, `ArithRoundingModeInterface`),
//! asked and set for any op through the generic bridge, as upstream C++
//! code written against the interfaces asks and sets them.

use crate::bindings as b;
use crate::ir::{Op, from_sref};

/// What one of the interfaces answers: the name of the attribute it reads,
/// and the value held (`None` where an optional attribute is left out).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The attribute's name, as the interface's static method gives it.
    pub attr_name: &'static str,
    /// The enum's stored value (bits for flags).
    pub value: Option<u32>,
}

/// What `ArithIntegerOverflowFlagsInterface` answers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OverflowAnswer {
    /// The attribute and its bits.
    pub flags: Answer,
    /// `hasNoSignedWrap()`.
    pub no_signed_wrap: bool,
    /// `hasNoUnsignedWrap()`.
    pub no_unsigned_wrap: bool,
}

/// What an op answers through arith's interfaces; `None` for an interface
/// the op does not implement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArithInterfaces {
    /// `ArithFastMathInterface`.
    pub fastmath: Option<Answer>,
    /// `ArithIntegerOverflowFlagsInterface`.
    pub overflow: Option<OverflowAnswer>,
    /// `ArithRoundingModeInterface`.
    pub rounding_mode: Option<Answer>,
}

/// Asks `op` through the three interfaces.
pub fn ask(op: Op) -> ArithInterfaces {
    // SAFETY: op is live; the answer holds plain values and attribute names
    // that are uniqued identifiers or static strings of the interface.
    let r = unsafe { b::rmlirArithInterfacesGet(op.raw()) };
    // SAFETY: the names come from the interfaces' static methods (string
    // literals in libMLIR), valid for the life of the process.
    let name = |s| unsafe { from_sref(s) };
    ArithInterfaces {
        fastmath: r.hasFastMath.then(|| Answer {
            attr_name: name(r.fastMathAttrName),
            value: r.fastMathSet.then_some(r.fastMath),
        }),
        overflow: r.hasOverflow.then(|| OverflowAnswer {
            flags: Answer {
                attr_name: name(r.overflowAttrName),
                value: r.overflowSet.then_some(r.overflow),
            },
            no_signed_wrap: r.noSignedWrap,
            no_unsigned_wrap: r.noUnsignedWrap,
        }),
        rounding_mode: r.hasRoundingMode.then(|| Answer {
            attr_name: name(r.roundingModeAttrName),
            value: r.roundingModeSet.then_some(r.roundingMode),
        }),
    }
}

/// Sets `op`'s fast-math flags through `ArithFastMathInterface`; false when
/// the op does not implement it.
pub fn set_fastmath(op: Op, bits: u32) -> bool {
    // SAFETY: op is live.
    let set = unsafe { b::rmlirArithInterfacesSetFastMath(op.raw(), bits) };
    if set {
        crate::ir::note_in_place_change();
    }
    set
}

/// Sets `op`'s overflow flags through `ArithIntegerOverflowFlagsInterface`;
/// false when the op does not implement it.
pub fn set_overflow(op: Op, bits: u32) -> bool {
    // SAFETY: op is live.
    let set = unsafe { b::rmlirArithInterfacesSetOverflow(op.raw(), bits) };
    if set {
        crate::ir::note_in_place_change();
    }
    set
}
