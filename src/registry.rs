//! The op table: which ops ODS declares (generated from `cpp/td`) and which
//! Rust functions implement their hooks. The bridge refers to ops by their
//! dense index in [`ODS_OPS`].

pub use crate::ffi::model::*;

include!(concat!(env!("OUT_DIR"), "/ods_ops.rs"));

/// Behaviours indexed like [`ODS_OPS`]: generated from ODS, each hook read
/// from the op's implementation of the matching trait of [`hooks`](mod@hooks).
pub fn behaviours() -> &'static [OpBehaviour] {
    GENERATED_BEHAVIOURS
}

include!(concat!(env!("OUT_DIR"), "/ods_wiring.rs"));

/// The id of an op name (`ID_BASE << 16 |` its index in [`ODS_OPS`]).
pub fn op_id(name: &str) -> Option<u32> {
    crate::ffi::model::op_id(ODS_OPS, name).map(|i| ID_BASE << 16 | i)
}

/// What rmlir hands the FFI layer: its ops' hooks, its dialects' hooks,
/// its type rules and its passes.
pub static DESCRIPTOR: Descriptor = Descriptor {
    library: env!("RMLIR_DIALECT_LIBRARY"),
    id_base: ID_BASE,
    ops: ODS_OPS,
    behaviours: GENERATED_BEHAVIOURS,
    dialects: &[
        DialectHooks {
            name: "rarith",
            materialize_constant: crate::arith::materialize_constant,
            verify_operation_attribute: None,
            to_llvm: Some(&crate::passes::RARITH_TO_LLVM),
            to_emitc: Some(&crate::passes::RARITH_TO_EMITC),
            bufferization: Some(&crate::arith::bufferize::BUFFERIZATION),
            value_bounds: Some(&crate::arith::value_bounds::VALUE_BOUNDS),
        },
        DialectHooks {
            name: "rshape",
            materialize_constant: crate::shape::materialize_constant,
            verify_operation_attribute: Some(crate::shape::verify_operation_attribute),
            to_llvm: None,
            to_emitc: None,
            bufferization: None,
            value_bounds: None,
        },
    ],
    type_transform: crate::types::transform,
    passes: crate::passes::ALL,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ods_table_is_sorted_so_ids_are_binary_searchable() {
        assert!(ODS_OPS.windows(2).all(|w| w[0].name < w[1].name));
        for (i, op) in ODS_OPS.iter().enumerate() {
            assert_eq!(op_id(op.name), Some(ID_BASE << 16 | i as u32));
        }
        assert_eq!(op_id("rarith.nonexistent"), None);
    }

    #[test]
    fn rust_hooks_match_what_ods_declares() {
        for (op, b) in ODS_OPS.iter().zip(behaviours()) {
            assert_eq!(
                op.has_folder,
                b.fold.is_some() || b.fold_many.is_some(),
                "{}: folder",
                op.name
            );
            assert!(
                b.fold.is_none() || b.fold_many.is_none(),
                "{}: one kind of folder",
                op.name
            );
            assert_eq!(op.has_verifier, b.verify.is_some(), "{}: verifier", op.name);
            assert_eq!(
                op.has_region_verifier,
                b.verify_regions.is_some(),
                "{}: region verifier",
                op.name
            );
            assert_eq!(
                op.has_canonicalizer,
                !b.patterns.is_empty(),
                "{}: patterns",
                op.name
            );
            assert_eq!(
                op.result_names,
                b.result_names.is_some(),
                "{}: result names",
                op.name
            );
            assert_eq!(
                op.int_range,
                b.int_range.is_some(),
                "{}: int ranges",
                op.name
            );
            assert_eq!(
                op.infer_types,
                b.infer_types.is_some(),
                "{}: type inference",
                op.name
            );
        }
    }

    /// A pattern is rooted at the op that lists it, or (as upstream's
    /// `ShapeOfCastExtentTensor`, `TensorCastConstShape`, and the patterns
    /// of other dialects written against arith's classes) at an op of the
    /// tensor dialect or at `memref.view`.
    #[test]
    fn every_pattern_is_rooted_at_the_op_that_lists_it_or_an_interop_op() {
        for (op, b) in ODS_OPS.iter().zip(behaviours()) {
            for p in b.patterns {
                // memref's ViewOpShapeFolder, written against arith's
                // constant class, is carried by rarith.constant.
                let interop = p.root.starts_with("tensor.") || p.root == "memref.view";
                assert!(
                    p.root == op.name || interop,
                    "{} on {}: root {}",
                    p.name,
                    op.name,
                    p.root
                );
            }
        }
    }
}
