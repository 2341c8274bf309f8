//! rarith: the behaviour of upstream's arith dialect, op by op.

mod addi;
mod bitcast;
mod cmpi;
mod constant;
mod extended;
mod float_ops;
mod float_patterns;
pub mod fold;
mod int_binary;
mod int_casts;
mod int_range;
pub(crate) mod patterns;
mod select;

use crate::ffi::ir::{Attr, Location, Op, Type};
use crate::registry::OpBehaviour;

/// The Rust hooks of `rarith.<mnemonic>`.
pub fn behaviour(mnemonic: &str) -> OpBehaviour {
    OpBehaviour {
        int_range: int_range::of(mnemonic),
        ..hooks(mnemonic)
    }
}

fn hooks(mnemonic: &str) -> OpBehaviour {
    match mnemonic {
        "constant" => constant::BEHAVIOUR,
        "addi" => addi::BEHAVIOUR,
        "cmpi" => cmpi::BEHAVIOUR,
        "subi" => int_binary::SUBI,
        "muli" => int_binary::MULI,
        "divui" => int_binary::DIVUI,
        "divsi" => int_binary::DIVSI,
        "ceildivui" => int_binary::CEILDIVUI,
        "ceildivsi" => int_binary::CEILDIVSI,
        "floordivsi" => int_binary::FLOORDIVSI,
        "remui" => int_binary::REMUI,
        "remsi" => int_binary::REMSI,
        "andi" => int_binary::ANDI,
        "ori" => int_binary::ORI,
        "xori" => int_binary::XORI,
        "shli" => int_binary::SHLI,
        "shrui" => int_binary::SHRUI,
        "shrsi" => int_binary::SHRSI,
        "maxsi" => int_binary::MAXSI,
        "maxui" => int_binary::MAXUI,
        "minsi" => int_binary::MINSI,
        "minui" => int_binary::MINUI,
        "select" => select::BEHAVIOUR,
        "bitcast" => bitcast::BEHAVIOUR,
        "addf" => float_ops::ADDF,
        "subf" => float_ops::SUBF,
        "mulf" => float_ops::MULF,
        "divf" => float_ops::DIVF,
        "remf" => float_ops::REMF,
        "negf" => float_ops::NEGF,
        "maximumf" => float_ops::MAXIMUMF,
        "maxnumf" => float_ops::MAXNUMF,
        "minimumf" => float_ops::MINIMUMF,
        "minnumf" => float_ops::MINNUMF,
        "cmpf" => float_ops::CMPF,
        "extf" => float_ops::EXTF,
        "truncf" => float_ops::TRUNCF,
        "scaling_extf" => float_ops::SCALING_EXTF,
        "scaling_truncf" => float_ops::SCALING_TRUNCF,
        "uitofp" => float_ops::UITOFP,
        "sitofp" => float_ops::SITOFP,
        "fptoui" => float_ops::FPTOUI,
        "fptosi" => float_ops::FPTOSI,
        "addui_extended" => extended::ADDUI_EXTENDED,
        "mulsi_extended" => extended::MULSI_EXTENDED,
        "mului_extended" => extended::MULUI_EXTENDED,
        "extui" => int_casts::EXTUI,
        "extsi" => int_casts::EXTSI,
        "trunci" => int_casts::TRUNCI,
        "index_cast" => int_casts::INDEX_CAST,
        "index_castui" => int_casts::INDEX_CASTUI,
        _ => crate::registry::NO_HOOKS,
    }
}

/// `ArithDialect::materializeConstant`: `ub.poison` for poison, else an
/// `rarith.constant` when the value is buildable with the type.
pub fn materialize_constant(value: Attr, ty: Type, loc: Location) -> Option<Op> {
    if fold::is_poison(value) {
        return Op::create("ub.poison", loc, &[], &[ty], &[("value", value)]);
    }
    constant::materialize(value, ty, loc)
}
