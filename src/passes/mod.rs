//! Passes implemented in Rust, registered with MLIR's pass registry by the
//! bridge (flags in rmlir-opt, names in stock mlir-opt's --pass-pipeline).

mod arith_bridge;
mod arith_expand;
mod arith_to_apfloat;
mod arith_to_emitc;
mod arith_to_llvm;
mod arith_to_spirv;
mod driver;
mod emulate_unsupported_floats;
mod emulate_wide_int;
mod int_range_narrowing;
mod int_range_optimizations;
mod outline;
mod reify;
mod require_llvm;
mod shape_constraints;
mod shape_lowering;
mod shape_to_std;
mod test_arith_interfaces;
mod test_panic;
mod unsigned_when_equivalent;

use crate::ffi::op_access::OpName;
use crate::registry::PassDef;
#[cfg(test)]
use crate::registry::PassOptions;
pub use rmlir_bridge::passes::RunPass;

pub use arith_to_emitc::TO_EMITC as RARITH_TO_EMITC;
pub use arith_to_llvm::TO_LLVM as RARITH_TO_LLVM;

/// The passes and their options, generated from `cpp/td/RMlirPasses.td`.
pub mod decls {
    include!(concat!(env!("OUT_DIR"), "/ods_passes.rs"));
}

/// Every Rust pass; the index is the pass id.
pub static ALL: &[PassDef] = decls::ODS_PASSES;

/// The entry of a lowering's rule table (source op, target op name, how)
/// for the op of ODS id `id` (what `Op::ods_id` read, once per op):
/// integer compares, no string (an op of another dialect has no id and
/// matches none).
fn rule_of<R: Copy>(
    table: &[(OpName<'static>, &'static str, R)],
    id: Option<u32>,
) -> Option<(&'static str, R)> {
    table
        .iter()
        .find(|(source, _, _)| source.ods_id() == id)
        .map(|&(_, target, rule)| (target, rule))
}

#[cfg(test)]
mod tests {
    use super::decls::*;
    use super::*;

    fn parse(text: &str, pass: &str) -> PassOptions {
        let def = ALL.iter().find(|p| p.argument == pass).expect("declared");
        PassOptions::parse(text, def.options).expect("options parse")
    }

    #[test]
    fn options_default_to_what_ods_declares() {
        let wide = RArithEmulateWideIntOptions::default();
        assert_eq!(wide.widest_int_supported, 32);
        let floats = RArithEmulateUnsupportedFloatsOptions::default();
        assert_eq!(floats.target_type, "f32");
        assert!(floats.source_types.is_empty());
        assert_eq!(ConvertRArithToLLVMOptions::default().index_bitwidth, 0);
        assert!(!RArithExpandOptions::default().include_bf16);
    }

    #[test]
    fn options_parse_into_their_ods_types() {
        let o = RArithIntRangeNarrowingOptions::parse(&parse(
            "int-bitwidths-supported=8,16,32",
            "rarith-int-range-narrowing",
        ))
        .unwrap();
        assert_eq!(o.int_bitwidths_supported, [8, 16, 32]);
        let o = RArithExpandOptions::parse(&parse(
            "include-bf16 include-f4e2m1=false",
            "rarith-expand",
        ))
        .unwrap();
        assert!(o.include_bf16 && !o.include_f4e2m1 && !o.include_f8e8m0);
        let o = RArithEmulateUnsupportedFloatsOptions::parse(&parse(
            "source-types=bf16,f16 target-type=f64",
            "rarith-emulate-unsupported-floats",
        ))
        .unwrap();
        assert_eq!(o.source_types, ["bf16", "f16"]);
        assert_eq!(o.target_type, "f64");
    }

    #[test]
    fn values_of_the_wrong_type_are_errors_that_name_the_option() {
        let error = ConvertRArithToLLVMOptions::parse(&parse(
            "index-bitwidth=-3",
            "convert-rarith-to-llvm",
        ))
        .unwrap_err();
        assert_eq!(error, "invalid value `-3` for option index-bitwidth");
    }

    #[test]
    fn every_declared_pass_is_in_the_table_with_its_anchor() {
        let anchor = |name: &str| ALL.iter().find(|p| p.argument == name).map(|p| p.op_name);
        assert_eq!(ALL.len(), 21);
        assert_eq!(anchor("rmlir-require-llvm"), Some("builtin.module"));
        assert_eq!(anchor("remove-rshape-constraints"), Some("func.func"));
        assert_eq!(anchor("convert-rshape-to-std"), Some("builtin.module"));
        assert_eq!(anchor("convert-rarith-to-llvm"), Some(""));
        assert_eq!(anchor("convert-rarith-to-emitc"), Some(""));
    }
}
