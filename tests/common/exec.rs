//! Running harness functions through the JIT: the scalars on its
//! boundary, and a module lowered the way both sides of a comparison are.

// Shared by several test binaries: each uses a part.
#![allow(dead_code)]

use super::ssa::IntTy;
use melior::ir::Module;
use rmlir::ffi::exec::{Jit, OptLevel, Scalar};

/// The JIT scalar of `v` as an argument of type `t`.
pub fn scalar(t: IntTy, v: u128) -> Scalar {
    match t.abi().width {
        1 => Scalar::I1(v & 1 == 1),
        8 => Scalar::I8(v as u8 as i8),
        16 => Scalar::I16(v as u16 as i16),
        32 => Scalar::I32(v as u32 as i32),
        _ => Scalar::I64(v as u64 as i64),
    }
}

/// The bits of a scalar.
pub fn bits(s: Scalar) -> u128 {
    match s {
        Scalar::I1(b) => u128::from(b),
        Scalar::I8(v) => u128::from(v as u8),
        Scalar::I16(v) => u128::from(v as u16),
        Scalar::I32(v) => u128::from(v as u32),
        Scalar::I64(v) => u128::from(v as u64),
        Scalar::F32(v) => u128::from(v.to_bits()),
        Scalar::F64(v) => u128::from(v.to_bits()),
    }
}

/// Both sides lower the same way, through upstream's arith lowering (which
/// handles every rarith op, extended ones included): what differs between
/// them is canonicalization alone.
pub const LOWER: &str = "builtin.module(convert-rshape-to-std,convert-rarith-to-arith,arith-expand,convert-arith-to-llvm,\
convert-func-to-llvm,reconcile-unrealized-casts)";

/// `source` lowered (after `canonicalize` if asked) and compiled.
pub fn jit_of(context: &melior::Context, source: &str, canonicalize: bool) -> Jit {
    let mut module = Module::parse(context, source)
        .unwrap_or_else(|| panic!("harness module parses:\n{source}"));
    if canonicalize {
        rmlir::pipeline::run(context, &mut module, "builtin.module(canonicalize)")
            .expect("canonicalize");
    }
    rmlir::pipeline::emit_c_interfaces(&mut module);
    rmlir::pipeline::run(context, &mut module, LOWER)
        .unwrap_or_else(|e| panic!("{e}:\n{}", module.as_operation()));
    Jit::new(&module, OptLevel::O0, &[]).expect("jit")
}
