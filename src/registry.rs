//! The op table: which ops ODS declares (generated from `cpp/td`) and which
//! Rust functions implement their hooks. The bridge refers to ops by their
//! dense index in [`ODS_OPS`].

pub use crate::ffi::model::*;

/// One op as declared in ODS, with the hooks ODS declared for it.
#[derive(Debug)]
pub struct OdsOp {
    /// Full name, e.g. `rarith.addi`.
    pub name: &'static str,
    /// `hasFolder`.
    pub has_folder: bool,
    /// `hasVerifier`.
    pub has_verifier: bool,
    /// `hasRegionVerifier`.
    pub has_region_verifier: bool,
    /// `hasCanonicalizer`.
    pub has_canonicalizer: bool,
    /// Carries the `RustResultNames` trait.
    pub result_names: bool,
    /// Carries `RustInferTypes` or `RustInferTypesCompatible`.
    pub infer_types: bool,
    /// Carries `RustCastCompatible` (CastOpInterface).
    pub cast_compatible: bool,
    /// Carries `RustSpeculatable` (ConditionallySpeculatable).
    pub speculatability: bool,
    /// Carries `RustIntRange` (InferIntRangeInterface).
    pub int_range: bool,
    /// The attribute the op (ConstantLike) folds to, declared in ODS with
    /// `rustFoldsToAttr`.
    pub folds_to_attr: Option<&'static str>,
}

include!(concat!(env!("OUT_DIR"), "/ods_ops.rs"));

/// The hooks of an op, one trait per hook. `build.rs` generates the hook
/// table from ODS: for every hook ODS declares for an op (`hasFolder`,
/// `hasVerifier`, `RustIntRange`, ...), the table reads the op's
/// implementation of the matching trait, so that a hook ODS declares and
/// Rust does not implement is a compile error. Implement them with
/// [`hooks!`](crate::hooks).
pub mod hooks {
    use super::*;

    /// `fold()` of a single-result op.
    pub trait Fold {
        /// The folder.
        const FOLD: FoldFn;
    }
    /// `fold()` of an op with zero or several results.
    pub trait FoldMany {
        /// The folder.
        const FOLD_MANY: FoldManyFn;
    }
    /// `verify()`.
    pub trait Verify {
        /// The verifier.
        const VERIFY: VerifyFn;
    }
    /// `verifyRegions()`.
    pub trait VerifyRegions {
        /// The region verifier.
        const VERIFY_REGIONS: VerifyFn;
    }
    /// `getCanonicalizationPatterns()`.
    pub trait Canonicalize {
        /// The patterns rooted at the op.
        const PATTERNS: &'static [PatternDef];
    }
    /// OpAsmOpInterface::getAsmResultNames.
    pub trait ResultNames {
        /// The result namer.
        const RESULT_NAMES: ResultNamesFn;
    }
    /// InferTypeOpInterface::inferReturnTypes.
    pub trait InferTypes {
        /// The result type inference.
        const INFER_TYPES: InferTypesFn;
    }
    /// InferTypeOpInterface::isCompatibleReturnTypes.
    pub trait CompatibleTypes {
        /// The compatibility check.
        const COMPATIBLE_TYPES: CompatibleTypesFn;
    }
    /// CastOpInterface::areCastCompatible.
    pub trait CastCompatible {
        /// The compatibility check.
        const CAST_COMPATIBLE: CastCompatibleFn;
    }
    /// ConditionallySpeculatable::getSpeculatability.
    pub trait Speculatable {
        /// The speculatability.
        const SPECULATABILITY: SpeculatabilityFn;
    }
    /// InferIntRangeInterface::inferResultRanges.
    pub trait IntRange {
        /// The range rule.
        const INT_RANGE: IntRangeFn;
    }
}

/// Implements hooks of one or more ops (typed views of [`crate::ods`]):
///
/// ```ignore
/// hooks!(rarith::SubIOp {
///     fold: fold_subi,
///     patterns: super::patterns::SUBI,
/// });
/// hooks!(rshape::MaxOp, rshape::MinOp { fold: fold_max_min });
/// ```
///
/// Keys: `fold`, `fold_many`, `verify`, `verify_regions`, `patterns`,
/// `result_names`, `infer_types`, `compatible_types`, `cast_compatible`,
/// `speculatability`, `int_range` (the fields of `OpBehaviour`).
#[doc(hidden)]
#[macro_export]
macro_rules! hooks {
    (@op $op:path { $($hook:ident : $value:expr),* $(,)? }) => {
        $( $crate::hooks!(@hook $op, $hook, $value); )*
    };
    (@hook $op:path, fold, $v:expr) => {
        impl $crate::registry::hooks::Fold for $op {
            const FOLD: $crate::registry::FoldFn = $v;
        }
    };
    (@hook $op:path, fold_many, $v:expr) => {
        impl $crate::registry::hooks::FoldMany for $op {
            const FOLD_MANY: $crate::registry::FoldManyFn = $v;
        }
    };
    (@hook $op:path, verify, $v:expr) => {
        impl $crate::registry::hooks::Verify for $op {
            const VERIFY: $crate::registry::VerifyFn = $v;
        }
    };
    (@hook $op:path, verify_regions, $v:expr) => {
        impl $crate::registry::hooks::VerifyRegions for $op {
            const VERIFY_REGIONS: $crate::registry::VerifyFn = $v;
        }
    };
    (@hook $op:path, patterns, $v:expr) => {
        impl $crate::registry::hooks::Canonicalize for $op {
            const PATTERNS: &'static [$crate::registry::PatternDef] = $v;
        }
    };
    (@hook $op:path, result_names, $v:expr) => {
        impl $crate::registry::hooks::ResultNames for $op {
            const RESULT_NAMES: $crate::registry::ResultNamesFn = $v;
        }
    };
    (@hook $op:path, infer_types, $v:expr) => {
        impl $crate::registry::hooks::InferTypes for $op {
            const INFER_TYPES: $crate::registry::InferTypesFn = $v;
        }
    };
    (@hook $op:path, compatible_types, $v:expr) => {
        impl $crate::registry::hooks::CompatibleTypes for $op {
            const COMPATIBLE_TYPES: $crate::registry::CompatibleTypesFn = $v;
        }
    };
    (@hook $op:path, cast_compatible, $v:expr) => {
        impl $crate::registry::hooks::CastCompatible for $op {
            const CAST_COMPATIBLE: $crate::registry::CastCompatibleFn = $v;
        }
    };
    (@hook $op:path, speculatability, $v:expr) => {
        impl $crate::registry::hooks::Speculatable for $op {
            const SPECULATABILITY: $crate::registry::SpeculatabilityFn = $v;
        }
    };
    (@hook $op:path, int_range, $v:expr) => {
        impl $crate::registry::hooks::IntRange for $op {
            const INT_RANGE: $crate::registry::IntRangeFn = $v;
        }
    };
    ({ $($body:tt)* }) => {};
    ($op:path $(, $rest:path)* { $($body:tt)* }) => {
        $crate::hooks!(@op $op { $($body)* });
        $crate::hooks!($($rest),* { $($body)* });
    };
}

/// Behaviours indexed like [`ODS_OPS`]: generated from ODS, each hook read
/// from the op's implementation of the matching trait of [`hooks`](mod@hooks).
pub fn behaviours() -> &'static [OpBehaviour] {
    GENERATED_BEHAVIOURS
}

include!(concat!(env!("OUT_DIR"), "/ods_wiring.rs"));

/// The dense id of an op name (its index in [`ODS_OPS`]).
pub fn op_id(name: &str) -> Option<u32> {
    ODS_OPS
        .binary_search_by(|op| op.name.cmp(name))
        .ok()
        .map(|i| i as u32)
}

/// What rmlir hands the FFI layer: its ops' hooks, its dialects' hooks,
/// its type rules and its passes.
pub static DESCRIPTOR: Descriptor = Descriptor {
    op_id,
    behaviours: GENERATED_BEHAVIOURS,
    dialects: &[
        DialectHooks {
            name: "rarith",
            materialize_constant: crate::arith::materialize_constant,
            verify_operation_attribute: None,
            to_llvm: Some(&crate::passes::RARITH_TO_LLVM),
            bufferization: Some(&crate::arith::bufferize::BUFFERIZATION),
            value_bounds: Some(&crate::arith::value_bounds::VALUE_BOUNDS),
        },
        DialectHooks {
            name: "rshape",
            materialize_constant: crate::shape::materialize_constant,
            verify_operation_attribute: Some(crate::shape::verify_operation_attribute),
            to_llvm: None,
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
            assert_eq!(op_id(op.name), Some(i as u32));
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
    /// `ShapeOfCastExtentTensor`, `TensorCastConstShape`...) at an op of the
    /// tensor dialect, which rshape depends on.
    #[test]
    fn every_pattern_is_rooted_at_the_op_that_lists_it_or_a_tensor_op() {
        for (op, b) in ODS_OPS.iter().zip(behaviours()) {
            for p in b.patterns {
                assert!(
                    p.root == op.name
                        || (op.name.starts_with("rshape.") && p.root.starts_with("tensor.")),
                    "{} on {}: root {}",
                    p.name,
                    op.name,
                    p.root
                );
            }
        }
    }
}
