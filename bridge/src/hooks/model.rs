//! The hook model: what a dialect implemented in Rust hands the FFI layer
//! ([`Descriptor`]): per op, the Rust functions behind the hooks its ODS
//! declares ([`OpBehaviour`]); per dialect, its constant materializer and
//! attribute verifier; the type rules ODS names; the passes. The FFI layer
//! dispatches the bridge's calls through the installed descriptor and knows
//! no dialect itself.

use crate::ir::exclusive::Ir;
use crate::ir::{Attr, AttrLookup, Context, Detached, Location, Op, Type, Value};

/// What a folder produced for one result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Folded<'ir> {
    /// A constant, materialized by the dialect.
    Attr(Attr<'ir>),
    /// An existing value (an operand, or the op's own result after an
    /// in-place update).
    Value(Value<'ir>),
}

/// A single-result folder: operands' constant values (None if not constant).
pub type FoldFn = for<'ir> fn(Op<'ir>, &[Option<Attr<'ir>>]) -> Option<Folded<'ir>>;
/// A multi-result folder: one [`Folded`] per result, or None.
pub type FoldManyFn = for<'ir> fn(Op<'ir>, &[Option<Attr<'ir>>]) -> Option<Vec<Folded<'ir>>>;
/// CastOpInterface::areCastCompatible.
pub type CastCompatibleFn = fn(&[Type], &[Type]) -> bool;
/// ConditionallySpeculatable::getSpeculatability.
pub type SpeculatabilityFn = fn(Op) -> Speculatability;

/// Whether an op may be hoisted/speculated (MLIR's Speculation enum).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Speculatability {
    /// Must not be speculated (e.g. division by a possibly-zero value).
    NotSpeculatable = 0,
    /// Always safe to speculate.
    Speculatable = 1,
    /// Safe if the ops in its regions are.
    RecursivelySpeculatable = 2,
}

/// InferIntRangeInterface: the result ranges from the operand ranges, each
/// handed to the sink as it is known (MLIR's `setResultRange`); a result
/// given none stays unknown.
pub type IntRangeFn = fn(Op, &[crate::semantics::int_range::IntRange], &mut RangeSink);

/// Where an `int_range` hook puts the ranges it infers: straight into MLIR's
/// integer range analysis, with nothing collected in between.
pub struct RangeSink {
    set: unsafe extern "C" fn(*mut std::ffi::c_void, isize, *const crate::bindings::RmlirIntRange),
    user_data: *mut std::ffi::c_void,
}

impl RangeSink {
    /// A sink over the bridge's setter for one hook call.
    pub(crate) fn new(
        set: unsafe extern "C" fn(
            *mut std::ffi::c_void,
            isize,
            *const crate::bindings::RmlirIntRange,
        ),
        user_data: *mut std::ffi::c_void,
    ) -> RangeSink {
        RangeSink { set, user_data }
    }

    /// Result `result` lies in `range`. A result the op does not have, or a
    /// range of another width than the result's integers (64 bits for
    /// `index`), is ignored: that result stays unknown.
    pub fn set(&mut self, result: usize, range: &crate::semantics::int_range::IntRange) {
        let out = crate::bindings::RmlirIntRange {
            width: range.width(),
            umin: range.umin.words().as_ptr(),
            umax: range.umax.words().as_ptr(),
            smin: range.smin.words().as_ptr(),
            smax: range.smax.words().as_ptr(),
        };
        let Ok(index) = isize::try_from(result) else {
            return;
        };
        // SAFETY: `set` and `user_data` are the bridge's setter and state
        // for the hook call this sink lives in (it is not handed out beyond
        // it); the setter checks the index and the width against the op;
        // the words outlive the call.
        unsafe { (self.set)(self.user_data, index, &out) };
    }
}

/// A verifier: emits its diagnostics on the op and returns false on failure.
pub type VerifyFn = fn(Op) -> bool;
/// Result names for OpAsmOpInterface: (result index, name) pairs.
pub type ResultNamesFn = fn(Op, &mut dyn FnMut(usize, &str));
/// Return-type inference from operands and the op's attributes.
pub type InferTypesFn = for<'ir> fn(
    Context<'ir>,
    Location<'ir>,
    &[Value<'ir>],
    &AttrLookup<'ir>,
) -> Option<Vec<Type<'ir>>>;
/// InferTypeOpInterface::isCompatibleReturnTypes.
pub type CompatibleTypesFn = fn(&[Type], &[Type]) -> bool;

/// The hooks of an op, one trait per hook. The hook table generated from
/// ODS reads, for every hook ODS declares for an op (`hasFolder`,
/// `hasVerifier`, `RustIntRange`, ...), the op's implementation of the
/// matching trait, so that a hook ODS declares and Rust does not implement
/// is a compile error. Implement them with [`hooks!`](macro@crate::hooks).
pub mod hooks {
    use super::*;

    /// What ODS declares of an op, one marker trait per hook, implemented
    /// by the typed views generated from ODS. Each hook trait requires its
    /// marker, so that implementing a hook the op does not declare (which
    /// MLIR would never call) is a compile error naming the declaration
    /// to add.
    pub mod declared {
        /// ODS declares the hook of [`super::Fold`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `fold` hook in ODS, so MLIR would never call it",
            label = "`fold:` implemented here for an op whose ODS does not declare it",
            note = "add `let hasFolder = 1;` (the op has one result) to the op's ODS definition, or remove the `fold:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait Fold {}
        /// ODS declares the hook of [`super::FoldMany`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `fold_many` hook in ODS, so MLIR would never call it",
            label = "`fold_many:` implemented here for an op whose ODS does not declare it",
            note = "add `let hasFolder = 1;` (the op has zero or several results) to the op's ODS definition, or remove the `fold_many:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait FoldMany {}
        /// ODS declares the hook of [`super::Verify`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `verify` hook in ODS, so MLIR would never call it",
            label = "`verify:` implemented here for an op whose ODS does not declare it",
            note = "add `let hasVerifier = 1;` to the op's ODS definition, or remove the `verify:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait Verify {}
        /// ODS declares the hook of [`super::VerifyRegions`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `verify_regions` hook in ODS, so MLIR would never call it",
            label = "`verify_regions:` implemented here for an op whose ODS does not declare it",
            note = "add `let hasRegionVerifier = 1;` to the op's ODS definition, or remove the `verify_regions:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait VerifyRegions {}
        /// ODS declares the hook of [`super::Canonicalize`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `patterns` hook in ODS, so MLIR would never call it",
            label = "`patterns:` implemented here for an op whose ODS does not declare it",
            note = "add `let hasCanonicalizer = 1;` to the op's ODS definition, or remove the `patterns:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait Canonicalize {}
        /// ODS declares the hook of [`super::ResultNames`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `result_names` hook in ODS, so MLIR would never call it",
            label = "`result_names:` implemented here for an op whose ODS does not declare it",
            note = "add the trait `RustResultNames` to the op's ODS definition, or remove the `result_names:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait ResultNames {}
        /// ODS declares the hook of [`super::InferTypes`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `infer_types` hook in ODS, so MLIR would never call it",
            label = "`infer_types:` implemented here for an op whose ODS does not declare it",
            note = "add the trait `RustInferTypes` (or `RustInferTypesCompatible`) to the op's ODS definition, or remove the `infer_types:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait InferTypes {}
        /// ODS declares the hook of [`super::CompatibleTypes`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `compatible_types` hook in ODS, so MLIR would never call it",
            label = "`compatible_types:` implemented here for an op whose ODS does not declare it",
            note = "add the trait `RustInferTypesCompatible` to the op's ODS definition, or remove the `compatible_types:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait CompatibleTypes {}
        /// ODS declares the hook of [`super::CastCompatible`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `cast_compatible` hook in ODS, so MLIR would never call it",
            label = "`cast_compatible:` implemented here for an op whose ODS does not declare it",
            note = "add the trait `RustCastCompatible` to the op's ODS definition, or remove the `cast_compatible:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait CastCompatible {}
        /// ODS declares the hook of [`super::Speculatable`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `speculatability` hook in ODS, so MLIR would never call it",
            label = "`speculatability:` implemented here for an op whose ODS does not declare it",
            note = "add the trait `RustSpeculatable` to the op's ODS definition, or remove the `speculatability:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait Speculatable {}
        /// ODS declares the hook of [`super::IntRange`].
        #[diagnostic::on_unimplemented(
            message = "`{Self}` does not declare the `int_range` hook in ODS, so MLIR would never call it",
            label = "`int_range:` implemented here for an op whose ODS does not declare it",
            note = "add the trait `RustIntRange` to the op's ODS definition, or remove the `int_range:` key from `rmlir_bridge::hooks!`"
        )]
        pub trait IntRange {}
    }

    /// `fold()` of a single-result op.
    #[diagnostic::on_unimplemented(
        message = "ODS declares `hasFolder = 1 (single result)` for `{Self}`, and Rust does not implement it",
        label = "add `fold: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ fold: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait Fold: declared::Fold {
        /// The folder.
        const FOLD: FoldFn;
    }
    /// `fold()` of an op with zero or several results.
    #[diagnostic::on_unimplemented(
        message = "ODS declares `hasFolder = 1 (zero or several results)` for `{Self}`, and Rust does not implement it",
        label = "add `fold_many: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ fold_many: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait FoldMany: declared::FoldMany {
        /// The folder.
        const FOLD_MANY: FoldManyFn;
    }
    /// `verify()`.
    #[diagnostic::on_unimplemented(
        message = "ODS declares `hasVerifier = 1` for `{Self}`, and Rust does not implement it",
        label = "add `verify: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ verify: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait Verify: declared::Verify {
        /// The verifier.
        const VERIFY: VerifyFn;
    }
    /// `verifyRegions()`.
    #[diagnostic::on_unimplemented(
        message = "ODS declares `hasRegionVerifier = 1` for `{Self}`, and Rust does not implement it",
        label = "add `verify_regions: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ verify_regions: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait VerifyRegions: declared::VerifyRegions {
        /// The region verifier.
        const VERIFY_REGIONS: VerifyFn;
    }
    /// `getCanonicalizationPatterns()`.
    #[diagnostic::on_unimplemented(
        message = "ODS declares `hasCanonicalizer = 1` for `{Self}`, and Rust does not implement it",
        label = "add `patterns: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ patterns: patterns!(...) }})`, or drop the declaration from the ODS"
    )]
    pub trait Canonicalize: declared::Canonicalize {
        /// The patterns rooted at the op.
        const PATTERNS: &'static [PatternDef];
    }
    /// OpAsmOpInterface::getAsmResultNames.
    #[diagnostic::on_unimplemented(
        message = "ODS declares the `RustResultNames` trait for `{Self}`, and Rust does not implement it",
        label = "add `result_names: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ result_names: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait ResultNames: declared::ResultNames {
        /// The result namer.
        const RESULT_NAMES: ResultNamesFn;
    }
    /// InferTypeOpInterface::inferReturnTypes.
    #[diagnostic::on_unimplemented(
        message = "ODS declares the `RustInferTypes` trait for `{Self}`, and Rust does not implement it",
        label = "add `infer_types: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ infer_types: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait InferTypes: declared::InferTypes {
        /// The result type inference.
        const INFER_TYPES: InferTypesFn;
    }
    /// InferTypeOpInterface::isCompatibleReturnTypes.
    #[diagnostic::on_unimplemented(
        message = "ODS declares the `RustInferTypesCompatible` trait for `{Self}`, and Rust does not implement it",
        label = "add `compatible_types: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ compatible_types: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait CompatibleTypes: declared::CompatibleTypes {
        /// The compatibility check.
        const COMPATIBLE_TYPES: CompatibleTypesFn;
    }
    /// CastOpInterface::areCastCompatible.
    #[diagnostic::on_unimplemented(
        message = "ODS declares the `RustCastCompatible` trait for `{Self}`, and Rust does not implement it",
        label = "add `cast_compatible: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ cast_compatible: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait CastCompatible: declared::CastCompatible {
        /// The compatibility check.
        const CAST_COMPATIBLE: CastCompatibleFn;
    }
    /// ConditionallySpeculatable::getSpeculatability.
    #[diagnostic::on_unimplemented(
        message = "ODS declares the `RustSpeculatable` trait for `{Self}`, and Rust does not implement it",
        label = "add `speculatability: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ speculatability: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait Speculatable: declared::Speculatable {
        /// The speculatability.
        const SPECULATABILITY: SpeculatabilityFn;
    }
    /// InferIntRangeInterface::inferResultRanges.
    #[diagnostic::on_unimplemented(
        message = "ODS declares the `RustIntRange` trait for `{Self}`, and Rust does not implement it",
        label = "add `int_range: ...` for this op in `rmlir_bridge::hooks!`",
        note = "the hook table generated from ODS reads every hook ODS declares; implement it with `hooks!(Op {{ int_range: your_fn }})`, or drop the declaration from the ODS"
    )]
    pub trait IntRange: declared::IntRange {
        /// The range rule.
        const INT_RANGE: IntRangeFn;
    }
}

/// Implements hooks of one or more ops (typed views generated from ODS):
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
/// `speculatability`, `int_range` (the fields of [`OpBehaviour`]).
#[macro_export]
macro_rules! hooks {
    (@op $op:tt { $($hook:ident : $value:expr),* $(,)? }) => {
        $( $crate::hooks!(@hook $op, $hook, $value); )*
    };
    (@hook [$($op:ident)::+], fold, $v:expr) => {
        impl $crate::model::hooks::Fold for $($op)::+<'_> {
            const FOLD: $crate::model::FoldFn = $v;
        }
    };
    (@hook [$($op:ident)::+], fold_many, $v:expr) => {
        impl $crate::model::hooks::FoldMany for $($op)::+<'_> {
            const FOLD_MANY: $crate::model::FoldManyFn = $v;
        }
    };
    (@hook [$($op:ident)::+], verify, $v:expr) => {
        impl $crate::model::hooks::Verify for $($op)::+<'_> {
            const VERIFY: $crate::model::VerifyFn = $v;
        }
    };
    (@hook [$($op:ident)::+], verify_regions, $v:expr) => {
        impl $crate::model::hooks::VerifyRegions for $($op)::+<'_> {
            const VERIFY_REGIONS: $crate::model::VerifyFn = $v;
        }
    };
    (@hook [$($op:ident)::+], patterns, $v:expr) => {
        impl $crate::model::hooks::Canonicalize for $($op)::+<'_> {
            const PATTERNS: &'static [$crate::model::PatternDef] = $v;
        }
    };
    (@hook [$($op:ident)::+], result_names, $v:expr) => {
        impl $crate::model::hooks::ResultNames for $($op)::+<'_> {
            const RESULT_NAMES: $crate::model::ResultNamesFn = $v;
        }
    };
    (@hook [$($op:ident)::+], infer_types, $v:expr) => {
        impl $crate::model::hooks::InferTypes for $($op)::+<'_> {
            const INFER_TYPES: $crate::model::InferTypesFn = $v;
        }
    };
    (@hook [$($op:ident)::+], compatible_types, $v:expr) => {
        impl $crate::model::hooks::CompatibleTypes for $($op)::+<'_> {
            const COMPATIBLE_TYPES: $crate::model::CompatibleTypesFn = $v;
        }
    };
    (@hook [$($op:ident)::+], cast_compatible, $v:expr) => {
        impl $crate::model::hooks::CastCompatible for $($op)::+<'_> {
            const CAST_COMPATIBLE: $crate::model::CastCompatibleFn = $v;
        }
    };
    (@hook [$($op:ident)::+], speculatability, $v:expr) => {
        impl $crate::model::hooks::Speculatable for $($op)::+<'_> {
            const SPECULATABILITY: $crate::model::SpeculatabilityFn = $v;
        }
    };
    (@hook [$($op:ident)::+], int_range, $v:expr) => {
        impl $crate::model::hooks::IntRange for $($op)::+<'_> {
            const INT_RANGE: $crate::model::IntRangeFn = $v;
        }
    };
    ({ $($body:tt)* }) => {};
    ($($op:ident)::+ $(, $($rest:ident)::+)* { $($body:tt)* }) => {
        $crate::hooks!(@op [$($op)::+] { $($body)* });
        $crate::hooks!($($($rest)::+),* { $($body)* });
    };
}

/// Declares canonicalization patterns rooted at the ODS op `$root` (its
/// typed view): one entry per pattern, its debug name (upstream's pattern
/// name), its rewrite function and its benefit; `@ "tensor.cast"` roots an
/// entry at an op of another dialect instead. The order of the entries is
/// the registration order, which decides between equal benefits.
///
/// ```ignore
/// hooks!(rarith::AddIOp {
///     patterns: patterns!(rarith::AddIOp:
///         "AddIAddConstant" => addi_addi_constant / 2,
///         "AddISubConstantRHS" => addi_subi_constant_rhs / 2,
///     ),
/// });
/// ```
#[macro_export]
macro_rules! patterns {
    (@root $root:path) => {
        <$root as $crate::typed::OdsOp<'static>>::NAME
    };
    (@root $root:path, $foreign:literal) => {
        $foreign
    };
    ($root:path : $($name:literal => $rewrite:ident / $benefit:literal $(@ $foreign:literal)?),* $(,)?) => {
        &[$($crate::model::PatternDef {
            name: $name,
            root: $crate::patterns!(@root $root $(, $foreign)?),
            benefit: $benefit,
            rewrite: $rewrite,
        }),*]
    };
}

pub use crate::rewrite::PatternDef;

/// The Rust behaviour of one op; `None` where the op has no such hook.
#[derive(Clone, Copy)]
pub struct OpBehaviour {
    /// Folder (single-result ops).
    pub fold: Option<FoldFn>,
    /// Folder (ops with zero or several results).
    pub fold_many: Option<FoldManyFn>,
    /// Verifier (`verify()`).
    pub verify: Option<VerifyFn>,
    /// Region verifier (`verifyRegions()`).
    pub verify_regions: Option<VerifyFn>,
    /// Canonicalization patterns rooted at this op.
    pub patterns: &'static [PatternDef],
    /// OpAsmOpInterface result names.
    pub result_names: Option<ResultNamesFn>,
    /// InferTypeOpInterface::inferReturnTypes.
    pub infer_types: Option<InferTypesFn>,
    /// InferTypeOpInterface::isCompatibleReturnTypes.
    pub compatible_types: Option<CompatibleTypesFn>,
    /// CastOpInterface::areCastCompatible.
    pub cast_compatible: Option<CastCompatibleFn>,
    /// ConditionallySpeculatable::getSpeculatability.
    pub speculatability: Option<SpeculatabilityFn>,
    /// InferIntRangeInterface::inferResultRanges.
    pub int_range: Option<IntRangeFn>,
}

/// An op with no Rust hooks (the base of the generated table's entries).
pub const NO_HOOKS: OpBehaviour = OpBehaviour {
    fold: None,
    fold_many: None,
    cast_compatible: None,
    speculatability: None,
    int_range: None,
    verify: None,
    verify_regions: None,
    patterns: &[],
    result_names: None,
    infer_types: None,
    compatible_types: None,
};

/// A pass implemented in Rust.
pub struct PassDef {
    /// Command-line argument (`convert-rarith-to-llvm`).
    pub argument: &'static str,
    /// One-line description.
    pub description: &'static str,
    /// Anchor op name; empty for any op.
    pub op_name: &'static str,
    /// Dialects the pass creates ops of.
    pub dependent_dialects: fn() -> Vec<mlir_sys::MlirDialectHandle>,
    /// The options the pass accepts (`--pass="a b=c"`, `pass{a b=c}`).
    pub options: &'static [PassOption],
    /// The pass body, given exclusive access to the op it runs on; false
    /// signals failure (after emitting diagnostics).
    pub run: fn(&mut Ir, &PassOptions) -> bool,
}

/// The kind of value a pass option takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OptionKind {
    /// `name`, `name=true`, `name=false`.
    Flag,
    /// `name=value`.
    Text,
    /// `name=a,b,c`.
    List,
}

/// An option a pass accepts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassOption {
    /// Its name on the command line and in pipelines.
    pub name: &'static str,
    /// The kind of value it takes.
    pub kind: OptionKind,
}

impl PassOption {
    /// A boolean option.
    pub const fn flag(name: &'static str) -> Self {
        PassOption {
            name,
            kind: OptionKind::Flag,
        }
    }
    /// An option with one value.
    pub const fn text(name: &'static str) -> Self {
        PassOption {
            name,
            kind: OptionKind::Text,
        }
    }
    /// An option with a comma-separated list of values.
    pub const fn list(name: &'static str) -> Self {
        PassOption {
            name,
            kind: OptionKind::List,
        }
    }
}

/// The options a pass was given (the last occurrence of a name wins).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct PassOptions {
    values: Vec<(&'static str, String)>,
}

impl PassOptions {
    /// Parses `flag other=false name=value list=a,b ...` against the
    /// accepted `options`.
    pub fn parse(text: &str, options: &[PassOption]) -> Result<PassOptions, String> {
        let mut values: Vec<(&'static str, String)> = Vec::new();
        for item in text.split_whitespace() {
            let (name, value) = match item.split_once('=') {
                Some((name, value)) => (name, Some(value)),
                None => (item, None),
            };
            let Some(option) = options.iter().find(|o| o.name == name) else {
                return Err(format!("no such option {name}"));
            };
            let value = match (option.kind, value) {
                (OptionKind::Flag, None | Some("true" | "1")) => "true".to_string(),
                (OptionKind::Flag, Some("false" | "0")) => "false".to_string(),
                (OptionKind::Flag, Some(v)) => {
                    return Err(format!("invalid value `{v}` for option {name}"));
                }
                (_, None) => return Err(format!("option {name} needs a value")),
                (_, Some(v)) => v.to_string(),
            };
            values.retain(|(n, _)| *n != option.name);
            values.push((option.name, value));
        }
        Ok(PassOptions { values })
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    /// True when flag `name` is on.
    pub fn flag(&self, name: &str) -> bool {
        self.get(name) == Some("true")
    }

    /// The value of option `name`, if given.
    pub fn text(&self, name: &str) -> Option<&str> {
        self.get(name)
    }

    /// The values of list option `name` (empty when not given).
    pub fn list(&self, name: &str) -> Vec<&str> {
        self.get(name)
            .map(|v| v.split(',').filter(|s| !s.is_empty()).collect())
            .unwrap_or_default()
    }
}

/// Stops a build (as a constant's evaluation) unless `given` holds the
/// hooks of exactly the dialects `declared`, in order: what the generated
/// `descriptor` checks, as a dialect left out would silently not be
/// registered.
///
/// ```
/// use rmlir_bridge::model::{DialectHooks, check_dialect_hooks};
/// const _: () = check_dialect_hooks(&[DialectHooks::new("calc")], &["calc"]);
/// ```
///
/// ```compile_fail,E0080
/// use rmlir_bridge::model::{DialectHooks, check_dialect_hooks};
/// const _: () = check_dialect_hooks(&[DialectHooks::new("calk")], &["calc"]);
/// ```
///
/// ```compile_fail,E0080
/// use rmlir_bridge::model::{DialectHooks, check_dialect_hooks};
/// const _: () = check_dialect_hooks(&[], &["calc"]);
/// ```
pub const fn check_dialect_hooks(given: &[DialectHooks], declared: &[&str]) {
    assert!(
        given.len() == declared.len(),
        "the descriptor must give `DialectHooks` for every dialect the crate declares in ODS \
         (the generated `dialects::NAMES`), or `&[]` for default hooks"
    );
    let mut i = 0;
    while i < given.len() {
        let (a, b) = (given[i].name.as_bytes(), declared[i].as_bytes());
        let mut same = a.len() == b.len();
        let mut k = 0;
        while same && k < a.len() {
            same = a[k] == b[k];
            k += 1;
        }
        assert!(
            same,
            "the descriptor's `DialectHooks` must name the dialects the crate declares in ODS, \
             in the order of the generated `dialects::NAMES`"
        );
        i += 1;
    }
}

/// The hooks of one dialect (not of its ops).
pub struct DialectHooks {
    /// The dialect's namespace (`rarith`).
    pub name: &'static str,
    /// `Dialect::materializeConstant`: an op producing `value` of type `ty`.
    pub materialize_constant:
        for<'ir> fn(Attr<'ir>, Type<'ir>, Location<'ir>) -> Option<Detached<'ir>>,
    /// `Dialect::verifyOperationAttribute` (None: every attribute is valid).
    pub verify_operation_attribute: Option<fn(Op, &str, Attr) -> bool>,
    /// `ConvertToLLVMPatternInterface`: the dialect's lowering to the LLVM
    /// dialect for `convert-to-llvm` (None: it has none).
    pub to_llvm: Option<&'static crate::rewrite::dialect_conversion::TargetPatterns>,
    /// `ConvertToEmitCPatternInterface`: the dialect's lowering to the
    /// EmitC dialect for `convert-to-emitc` (None: it has none).
    pub to_emitc: Option<&'static crate::rewrite::dialect_conversion::TargetPatterns>,
    /// `BufferizableOpInterface` of the dialect's ops (None: none
    /// bufferizes).
    pub bufferization: Option<&'static crate::interfaces::bufferize::BufferizationHooks>,
    /// `ValueBoundsOpInterface` of the dialect's ops (None: none has
    /// bounds).
    pub value_bounds: Option<&'static crate::analysis::value_bounds::ValueBoundsHooks>,
}

/// The constant materializer of a dialect that has none.
fn no_constants<'ir>(_: Attr<'ir>, _: Type<'ir>, _: Location<'ir>) -> Option<Detached<'ir>> {
    None
}

impl DialectHooks {
    /// The hooks of dialect `name` with none of its own: no constant
    /// materializer, every attribute valid, no lowering to LLVM, nothing
    /// bufferized, no bounds. Add what the dialect has with the methods
    /// below (all `const`, for a `static` descriptor).
    pub const fn new(name: &'static str) -> DialectHooks {
        DialectHooks {
            name,
            materialize_constant: no_constants,
            verify_operation_attribute: None,
            to_llvm: None,
            to_emitc: None,
            bufferization: None,
            value_bounds: None,
        }
    }

    /// With `Dialect::materializeConstant` (`hasConstantMaterializer`).
    pub const fn materialize_constant(
        mut self,
        f: for<'ir> fn(Attr<'ir>, Type<'ir>, Location<'ir>) -> Option<Detached<'ir>>,
    ) -> DialectHooks {
        self.materialize_constant = f;
        self
    }

    /// With `Dialect::verifyOperationAttribute` (`hasOperationAttrVerify`).
    pub const fn verify_operation_attribute(
        mut self,
        f: fn(Op, &str, Attr) -> bool,
    ) -> DialectHooks {
        self.verify_operation_attribute = Some(f);
        self
    }

    /// With a lowering to the LLVM dialect for `convert-to-llvm`.
    pub const fn to_llvm(
        mut self,
        patterns: &'static crate::rewrite::dialect_conversion::TargetPatterns,
    ) -> DialectHooks {
        self.to_llvm = Some(patterns);
        self
    }

    /// With a lowering to the EmitC dialect for `convert-to-emitc`.
    pub const fn to_emitc(
        mut self,
        patterns: &'static crate::rewrite::dialect_conversion::TargetPatterns,
    ) -> DialectHooks {
        self.to_emitc = Some(patterns);
        self
    }

    /// With `BufferizableOpInterface` for its ops.
    pub const fn bufferization(
        mut self,
        hooks: &'static crate::interfaces::bufferize::BufferizationHooks,
    ) -> DialectHooks {
        self.bufferization = Some(hooks);
        self
    }

    /// With `ValueBoundsOpInterface` for its ops.
    pub const fn value_bounds(
        mut self,
        hooks: &'static crate::analysis::value_bounds::ValueBoundsHooks,
    ) -> DialectHooks {
        self.value_bounds = Some(hooks);
        self
    }
}

pub use crate::ir::typed::{OpDecl, op_id};

/// Everything the bridge may call into, for one set of dialects.
pub struct Descriptor {
    /// The shared library holding the dialects' C++ classes (built by
    /// `rmlir_bridge_build::DialectBuild`: `env!("RMLIR_DIALECT_LIBRARY")`).
    /// It exports `rmlirDialectHandle__<namespace>` per dialect.
    pub library: &'static str,
    /// The id base of its ops (generated: `registry::ID_BASE`): op `i` of
    /// [`ops`](Descriptor::ops) has id `id_base << 16 | i`.
    pub id_base: u32,
    /// Every op, sorted by name.
    pub ops: &'static [OpDecl],
    /// The hooks of every op, in the order of [`ops`](Descriptor::ops).
    pub behaviours: &'static [OpBehaviour],
    /// The hooks of every dialect.
    pub dialects: &'static [DialectHooks],
    /// The type transforms ODS names (`RustTypeTransform`): the transform
    /// of that name applied to a type.
    pub type_transform: for<'ir> fn(&str, Type<'ir>) -> Option<Type<'ir>>,
    /// The passes, indexed by pass id.
    pub passes: &'static [PassDef],
}
