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

/// A lowering's rule table (source op, target op name, how), and where each
/// source op's rule sits in it, computed at compile time from the table
/// itself: finding the rule of an op is one load, not a scan.
pub(crate) struct Rules<R: 'static> {
    /// The rules, in their declared order.
    table: &'static [(OpName<'static>, &'static str, R)],
    /// The `ID_BASE` of the source ops.
    base: u32,
    /// Position + 1 in `table` of the rule for the op of each ODS index
    /// (0: no rule).
    slots: [u8; MAX_ODS_OPS],
}

/// More ops than one ODS table of ours declares.
const MAX_ODS_OPS: usize = 512;

impl<R: Copy> Rules<R> {
    /// The rules of `table`, each source an ODS op of one dialect library
    /// and named once (checked at compile time).
    pub(crate) const fn new(table: &'static [(OpName<'static>, &'static str, R)]) -> Self {
        assert!(table.len() < u8::MAX as usize, "at most 254 rules");
        let mut slots = [0u8; MAX_ODS_OPS];
        let mut base = None;
        let mut i = 0;
        while i < table.len() {
            let Some(id) = table[i].0.ods_id() else {
                panic!("a rule's source is an ODS op");
            };
            match base {
                None => base = Some(id >> 16),
                Some(b) => assert!(b == id >> 16, "the sources are ops of one library"),
            }
            let index = (id & 0xFFFF) as usize;
            assert!(index < MAX_ODS_OPS, "an ODS index within the slots");
            assert!(slots[index] == 0, "one rule per source op");
            slots[index] = i as u8 + 1;
            i += 1;
        }
        Rules {
            table,
            base: match base {
                Some(b) => b,
                None => u32::MAX,
            },
            slots,
        }
    }

    /// The rules, in their declared order.
    pub(crate) const fn table(&self) -> &'static [(OpName<'static>, &'static str, R)] {
        self.table
    }

    /// The target and rule for the op of ODS id `id` (what `Op::ods_id`
    /// read, once per op); an op of another dialect has no id, or another
    /// base, and has none.
    #[inline]
    pub(crate) fn of(&self, id: Option<u32>) -> Option<(&'static str, R)> {
        let id = id?;
        if id >> 16 != self.base {
            return None;
        }
        let slot = *self.slots.get((id & 0xFFFF) as usize)?;
        let &(_, target, rule) = self.table.get(usize::from(slot).checked_sub(1)?)?;
        Some((target, rule))
    }
}

#[cfg(test)]
mod tests {
    use super::decls::*;
    use super::*;

    #[test]
    fn a_rule_is_found_by_its_source_ops_id_and_no_other() {
        use crate::ods::{OdsOp, rarith, rshape};
        static RULES: Rules<u8> = Rules::new(&[
            (rarith::AddIOp::OP, "x.add", 1),
            (rarith::CmpFOp::OP, "x.cmp", 2),
        ]);
        assert_eq!(RULES.of(Some(rarith::AddIOp::ID)), Some(("x.add", 1)));
        assert_eq!(RULES.of(Some(rarith::CmpFOp::ID)), Some(("x.cmp", 2)));
        // Other ops of the same library (rarith's or rshape's), an op with
        // no ODS id (another dialect's), and an id of another table (another
        // base) have none.
        assert_eq!(RULES.of(Some(rarith::SubIOp::ID)), None);
        assert_eq!(RULES.of(Some(rshape::ShapeOfOp::ID)), None);
        assert_eq!(RULES.of(None), None);
        let other_base = rarith::AddIOp::ID ^ (1 << 16);
        assert_eq!(RULES.of(Some(other_base)), None);
        assert_eq!(RULES.table().len(), 2);
    }

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
