//! Safe, copyable handles over MLIR C API objects, valid for the duration of
//! the hook or pass that received them.
//!
//! Handles are only created by this FFI layer from objects MLIR hands to a
//! hook (or from objects created through these handles), so every call below
//! operates on a live object of the right kind.

mod emitc;
pub mod exclusive;
pub mod guard;
mod interop;
pub mod op_access;
pub mod op_build;
pub mod region;
pub mod scoped;
mod spirv;
pub mod typed;
pub(crate) mod words;

use crate::bindings as b;
use crate::ir::op_access::OpName;
use crate::semantics::ApInt;
use crate::semantics::float::{Format, Fp};
use crate::semantics::small_float::{AnyFormat, SmallFormat};
use mlir_sys::*;
use std::ffi::c_void;
use std::marker::PhantomData;
use std::ptr::NonNull;

/// The dimension sizes of a shaped type ([`Type::dims`]): inline up to
/// rank 4, as a slice everywhere.
pub type Dims = smallvec::SmallVec<[i64; 4]>;

thread_local! {
    /// How many in-place changes (operands, attributes) this thread made
    /// through op handles: what tells a fold that returns its op's own
    /// result after changing the op (MLIR's "folded in place") from one
    /// that changed nothing (which would make a driver fold it forever).
    static IN_PLACE_CHANGES: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Counts one in-place change of an op on this thread.
#[inline(always)]
pub(crate) fn note_in_place_change() {
    IN_PLACE_CHANGES.with(|c| c.set(c.get().wrapping_add(1)));
}

/// How many in-place changes this thread made so far (compare two reads).
#[inline(always)]
pub(crate) fn in_place_changes() -> u64 {
    IN_PLACE_CHANGES.with(|c| c.get())
}

/// What an MLIR print function writes through its callback, as a String
/// (diagnostics only; never on a hot path).
fn printed(print: impl FnOnce(MlirStringCallback, *mut c_void)) -> String {
    unsafe extern "C" fn push(s: MlirStringRef, data: *mut c_void) {
        // SAFETY: data is the &mut Vec<u8> passed below; s is valid for the
        // duration of the callback.
        unsafe {
            let out = &mut *(data as *mut Vec<u8>);
            out.extend_from_slice(std::slice::from_raw_parts(s.data.cast(), s.length));
        }
    }
    let mut out: Vec<u8> = Vec::new();
    print(Some(push), &mut out as *mut Vec<u8> as *mut c_void);
    String::from_utf8_lossy(&out).into_owned()
}

/// A string slice as the C API wants it (borrowed, not NUL-terminated).
pub(crate) fn sref(s: &str) -> MlirStringRef {
    MlirStringRef {
        data: s.as_ptr().cast(),
        length: s.len(),
    }
}

/// Reads a C API string reference.
///
/// # Safety
/// `s` must point to `s.length` valid UTF-8 bytes that outlive `'a`.
pub(crate) unsafe fn from_sref<'a>(s: MlirStringRef) -> &'a str {
    if s.length == 0 {
        return "";
    }
    // SAFETY: the caller guarantees data/length describe live UTF-8 bytes.
    unsafe { std::str::from_utf8_unchecked(std::slice::from_raw_parts(s.data.cast(), s.length)) }
}

macro_rules! handle {
    ($(#[$m:meta])* $name:ident, $raw:ident) => {
        $(#[$m])*
        ///
        /// `'ir` is the lifetime of the borrow the handle came from: the hook,
        /// pass or builder call that received the object from MLIR. A
        /// handle cannot outlive it, so it cannot reach an object MLIR has
        /// freed since.
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
        #[repr(transparent)]
        pub struct $name<'ir>(NonNull<c_void>, PhantomData<&'ir ()>);

        impl<'ir> $name<'ir> {
            /// Wraps a raw handle; `None` for a null one.
            ///
            /// # Safety
            ///
            /// `raw` is null or a live handle of this kind, as the MLIR C
            /// API, the bridge or melior gave it, and the object stays alive
            /// for `'ir`, the lifetime the caller picks.
            #[inline]
            pub(crate) unsafe fn from_raw(raw: $raw) -> Option<Self> {
                NonNull::new(raw.ptr as *mut c_void).map(|p| Self(p, PhantomData))
            }
            /// The raw C API handle.
            #[inline]
            pub fn raw(self) -> $raw {
                $raw { ptr: self.0.as_ptr() as _ }
            }
        }
    };
}

handle!(
    /// An operation.
    Op, MlirOperation);
handle!(
    /// An SSA value.
    Value, MlirValue);
handle!(
    /// A type (uniqued: equality is identity).
    Type, MlirType);
handle!(
    /// An attribute (uniqued: equality is identity).
    Attr, MlirAttribute);
handle!(
    /// A source location.
    Location, MlirLocation);
handle!(
    /// The MLIR context.
    Context, MlirContext);

impl<'ir> Context<'ir> {
    /// The class (TypeID address, as [`Op::class_id`] reads it) of the op
    /// registered as `name` in this context, if any.
    pub fn registered_op_class(self, name: &str) -> Option<usize> {
        // SAFETY: the context is live; name is borrowed for the call.
        let id = unsafe { b::rmlirContextRegisteredOpTypeID(self.raw(), sref(name)) };
        (!id.ptr.is_null()).then_some(id.ptr as usize)
    }
    /// Parses a type (setup and tests only).
    #[inline]
    pub fn parse_type(self, text: &str) -> Option<Type<'ir>> {
        // SAFETY: the context is live; text is borrowed for the call.
        unsafe { Type::from_raw(mlirTypeParseGet(self.raw(), sref(text))) }
    }
    /// The parameterless type of one of our dialects with ODS name `name`
    /// (`rshape.size`): a lookup, no parsing.
    #[inline]
    pub fn ods_type(self, name: &str) -> Option<Type<'ir>> {
        // SAFETY: the context is live; name is borrowed for the call.
        unsafe { Type::from_raw(b::rmlirTypeGetByOdsName(self.raw(), sref(name))) }
    }
    /// The builtin `f32` type.
    #[inline]
    pub fn f32_type(self) -> Type<'ir> {
        // SAFETY: self is a live context.
        unsafe { Type::from_raw(mlirF32TypeGet(self.raw())) }.expect("f32")
    }
    /// The builtin `f8E8M0FNU` type.
    #[inline]
    pub fn f8e8m0fnu_type(self) -> Type<'ir> {
        // SAFETY: self is a live context.
        unsafe { Type::from_raw(mlirFloat8E8M0FNUTypeGet(self.raw())) }.expect("f8E8M0FNU")
    }
    /// The builtin `index` type.
    #[inline]
    pub fn index_type(self) -> Type<'ir> {
        // SAFETY: self is a live context.
        unsafe { Type::from_raw(mlirIndexTypeGet(self.raw())) }.expect("index type")
    }
    /// The signless integer type of `width` bits.
    #[inline]
    pub fn integer_type(self, width: u32) -> Type<'ir> {
        // SAFETY: self is a live context.
        unsafe { Type::from_raw(mlirIntegerTypeGet(self.raw(), width)) }.expect("integer type")
    }
    /// The unsigned integer type of `width` bits (`ui32`).
    #[inline]
    pub fn unsigned_integer_type(self, width: u32) -> Type<'ir> {
        // SAFETY: self is a live context.
        unsafe { Type::from_raw(mlirIntegerTypeUnsignedGet(self.raw(), width)) }
            .expect("integer type")
    }
    /// The signed integer type of `width` bits (`si32`).
    #[inline]
    pub fn signed_integer_type(self, width: u32) -> Type<'ir> {
        // SAFETY: self is a live context.
        unsafe { Type::from_raw(mlirIntegerTypeSignedGet(self.raw(), width)) }
            .expect("integer type")
    }
    /// `true`/`false` as a builtin `BoolAttr`.
    #[inline]
    pub fn bool_attr(self, value: bool) -> Attr<'ir> {
        // SAFETY: self is a live context.
        unsafe { Attr::from_raw(mlirBoolAttrGet(self.raw(), value as i32)) }.expect("bool attr")
    }
    /// The enum attribute `name` (e.g. "arith.overflow") with `value`.
    #[inline]
    pub fn enum_attr(self, name: &str, value: u64) -> Option<Attr<'ir>> {
        // SAFETY: self is a live context; name is borrowed for the call.
        unsafe { Attr::from_raw(b::rmlirEnumAttrGet(self.raw(), sref(name), value)) }
    }
    /// `array<i64: ...>`.
    pub fn dense_i64_array(self, values: &[i64]) -> Attr<'ir> {
        // SAFETY: self is live; the values are copied by MLIR.
        unsafe {
            Attr::from_raw(b::rmlirDenseI64ArrayGet(
                self.raw(),
                values.as_ptr(),
                values.len() as isize,
            ))
        }
        .expect("i64 array")
    }
    /// `[1, 2, ...]`: an array attribute of `i64` integer attributes (ODS's
    /// `I64ArrayAttr`).
    pub fn i64_array_attr(self, values: &[i64]) -> Attr<'ir> {
        let i64_type = self.integer_type(64);
        let elements: Vec<Attr> = values
            .iter()
            .map(|&v| Attr::int(i64_type, &ApInt::from_i64(64, v)))
            .collect();
        // SAFETY: self is live; Attr is repr(transparent) over MlirAttribute,
        // so the slice is an array of live attributes borrowed for the call.
        unsafe {
            Attr::from_raw(mlirArrayAttrGet(
                self.raw(),
                elements.len() as isize,
                elements.as_ptr().cast(),
            ))
        }
        .expect("array attr")
    }
    /// `[1 : i32, 2 : i32, ...]`: an array attribute of `i32` integer
    /// attributes (ODS's `I32ArrayAttr`).
    pub fn i32_array_attr(self, values: &[i32]) -> Attr<'ir> {
        let i32_type = self.integer_type(32);
        let elements: Vec<Attr> = values
            .iter()
            .map(|&v| Attr::int(i32_type, &ApInt::from_i64(32, i64::from(v))))
            .collect();
        // SAFETY: self is live; Attr is repr(transparent) over MlirAttribute,
        // so the slice is an array of live attributes borrowed for the call.
        unsafe {
            Attr::from_raw(mlirArrayAttrGet(
                self.raw(),
                elements.len() as isize,
                elements.as_ptr().cast(),
            ))
        }
        .expect("array attr")
    }
    /// `array<i32: ...>`.
    pub fn dense_i32_array(self, values: &[i32]) -> Attr<'ir> {
        // SAFETY: self is live; the values are copied by MLIR.
        unsafe {
            Attr::from_raw(mlirDenseI32ArrayGet(
                self.raw(),
                values.len() as isize,
                values.as_ptr(),
            ))
        }
        .expect("i32 array")
    }
    /// The function type `(inputs) -> (results)`.
    pub fn function_type(self, inputs: &[Type<'ir>], results: &[Type<'ir>]) -> Type<'ir> {
        // SAFETY: self is live; Type is repr(transparent) over MlirType, so
        // the slices are arrays of MlirType borrowed for the call.
        unsafe {
            Type::from_raw(mlirFunctionTypeGet(
                self.raw(),
                inputs.len() as isize,
                inputs.as_ptr().cast(),
                results.len() as isize,
                results.as_ptr().cast(),
            ))
        }
        .expect("function type")
    }
    /// `vector<n x element>`.
    #[inline]
    pub fn parse_vector_type(self, n: i64, element: Type<'ir>) -> Option<Type<'ir>> {
        // SAFETY: element is live; the shape array outlives the call.
        unsafe { Type::from_raw(mlirVectorTypeGet(1, [n].as_ptr(), element.raw())) }
    }
    /// `vector<dims x element>` (fixed size; no dims: 0-d), None when the
    /// shape or the element type cannot make a vector.
    pub fn vector_type(self, dims: &[i64], element: Type<'ir>) -> Option<Type<'ir>> {
        if dims.iter().any(|&d| d <= 0) {
            return None;
        }
        // SAFETY: element is live; the shape slice outlives the call.
        unsafe {
            Type::from_raw(mlirVectorTypeGet(
                dims.len() as isize,
                dims.as_ptr(),
                element.raw(),
            ))
        }
    }
    /// `#llvm.fastmath<...>` of the LLVM dialect's FastmathFlags bits (nnan
    /// 1, ninf 2, nsz 4, arcp 8, contract 16, afn 32, reassoc 64; 127:
    /// `fast`), built without parsing.
    #[inline]
    pub fn llvm_fastmath_attr(self, flags: u32) -> Attr<'ir> {
        // SAFETY: self is a live context; every bit pattern is a valid
        // FastmathFlags value.
        unsafe { Attr::from_raw(b::rmlirLLVMFastmathFlagsAttrGet(self.raw(), flags & 127)) }
            .expect("fastmath attr")
    }
    /// `!llvm.array<n x element>`.
    #[inline]
    pub fn llvm_array_type(self, element: Type<'ir>, n: u32) -> Type<'ir> {
        // SAFETY: element is live and belongs to this context.
        unsafe { Type::from_raw(mlirLLVMArrayTypeGet(element.raw(), n)) }.expect("llvm array type")
    }
    /// `!llvm.struct<(fields...)>` (literal, not packed).
    pub fn llvm_struct_type(self, fields: &[Type<'ir>]) -> Type<'ir> {
        // SAFETY: self is live; Type is repr(transparent) over MlirType, so
        // the slice is an array of live types borrowed for the call.
        unsafe {
            Type::from_raw(mlirLLVMStructTypeLiteralGet(
                self.raw(),
                fields.len() as isize,
                fields.as_ptr().cast(),
                false,
            ))
        }
        .expect("llvm struct type")
    }
    /// A `TypeAttr` holding `ty`.
    #[inline]
    pub fn type_attr(self, ty: Type<'ir>) -> Attr<'ir> {
        // SAFETY: ty is live.
        unsafe { Attr::from_raw(mlirTypeAttrGet(ty.raw())) }.expect("type attr")
    }
    /// A flat symbol reference `@name`.
    #[inline]
    pub fn flat_symbol_ref(self, name: &str) -> Attr<'ir> {
        // SAFETY: self is live; name is copied by MLIR.
        unsafe { Attr::from_raw(mlirFlatSymbolRefAttrGet(self.raw(), sref(name))) }
            .expect("symbol ref")
    }
    /// A string attribute.
    #[inline]
    pub fn string_attr(self, text: &str) -> Attr<'ir> {
        // SAFETY: self is a live context; text is copied by MLIR.
        unsafe { Attr::from_raw(mlirStringAttrGet(self.raw(), sref(text))) }.expect("string attr")
    }
    /// The unit attribute.
    #[inline]
    pub fn unit_attr(self) -> Attr<'ir> {
        // SAFETY: self is a live context.
        unsafe { Attr::from_raw(mlirUnitAttrGet(self.raw())) }.expect("unit attr")
    }
    /// Emits an error diagnostic at an unknown location of this context.
    /// (A context makes no location handle: locations come from the IR,
    /// so that an op created at one is bounded by an IR borrow; see
    /// [`Ir`](crate::ir::exclusive::Ir).)
    pub fn emit_error(self, message: &str) {
        // SAFETY: self is a live context; the location is used at once.
        let unknown = unsafe { Location::from_raw(mlirLocationUnknownGet(self.raw())) }
            .expect("an unknown location");
        unknown.emit_error(message);
    }
    /// The ranked tensor type `tensor<dims x element>`.
    pub fn ranked_tensor(self, dims: &[i64], element: Type<'ir>) -> Type<'ir> {
        // SAFETY: dims is a live slice; element is a live type; a null
        // encoding attribute means "no encoding".
        unsafe {
            Type::from_raw(mlirRankedTensorTypeGet(
                dims.len() as isize,
                dims.as_ptr(),
                element.raw(),
                MlirAttribute {
                    ptr: std::ptr::null(),
                },
            ))
        }
        .expect("tensor type")
    }
}

impl<'ir> Op<'ir> {
    /// The op's registered name, e.g. `rarith.addi`.
    #[inline]
    pub fn name(self) -> &'ir str {
        // SAFETY: op is live; identifiers are uniqued in the context and live
        // as long as it, which outlives every use of the returned str.
        unsafe { from_sref(mlirIdentifierStr(mlirOperationGetName(self.raw()))) }
    }
    /// The namespace of the op's dialect, as its name spells it (`toy` for
    /// `toy.neg`): how a pass tells its own dialect's ops from others'.
    #[inline]
    pub fn dialect_namespace(self) -> &'ir str {
        let name = self.name();
        name.split_once('.')
            .map_or(name, |(namespace, _)| namespace)
    }
    /// The address of the op's registered class (its TypeID), None for an
    /// unregistered op: the same for every op of a class, in every context.
    #[inline]
    pub fn class_id(self) -> Option<usize> {
        // SAFETY: op is live; the TypeID of a registered op is a static.
        let id = unsafe { mlirOperationGetTypeID(self.raw()) };
        (!id.ptr.is_null()).then_some(id.ptr as usize)
    }
    /// The op's location.
    #[inline]
    pub fn location(self) -> Location<'ir> {
        // SAFETY: op is live.
        unsafe { Location::from_raw(mlirOperationGetLocation(self.raw())) }.expect("loc")
    }
    /// The context the op lives in.
    #[inline]
    pub fn context(self) -> Context<'ir> {
        // SAFETY: op is live.
        unsafe { Context::from_raw(mlirOperationGetContext(self.raw())) }.expect("ctx")
    }
    /// Number of operands.
    #[inline]
    pub fn num_operands(self) -> usize {
        // SAFETY: op is live.
        unsafe { mlirOperationGetNumOperands(self.raw()) as usize }
    }
    /// Operand `i` (panics when out of range).
    #[inline]
    pub fn operand(self, i: usize) -> Value<'ir> {
        // SAFETY: op is live; the bridge checks the index and answers null
        // when it is out of range.
        unsafe { Value::from_raw(b::rmlirOperationGetOperandChecked(self.raw(), i as isize)) }
            .expect("operand index out of range")
    }
    /// All operands.
    #[inline]
    pub fn operands(self) -> impl Iterator<Item = Value<'ir>> {
        (0..self.num_operands()).map(move |i| self.operand(i))
    }
    /// All results.
    #[inline]
    pub fn results(self) -> impl Iterator<Item = Value<'ir>> {
        (0..self.num_results()).map(move |i| self.result(i))
    }
    /// True when the op has no uses and no side effects (MLIR's
    /// `isOpTriviallyDead`). In a pattern, uses the pattern has replaced
    /// still count: the replacement is carried out when the pattern
    /// returns (see [`Op::would_be_trivially_dead`]).
    #[inline]
    pub fn is_trivially_dead(self) -> bool {
        // SAFETY: op is live.
        unsafe { b::rmlirOperationIsTriviallyDead(self.raw()) }
    }
    /// True when the op (and every op inside it) has no side effects, so
    /// that it is trivially dead once its results have no uses (MLIR's
    /// `wouldOpBeTriviallyDead`): what a pattern asks of an op whose uses
    /// it has just replaced.
    #[inline]
    pub fn would_be_trivially_dead(self) -> bool {
        // SAFETY: op is live.
        unsafe { b::rmlirOperationWouldBeTriviallyDead(self.raw()) }
    }
    /// True for ops with the `Elementwise` trait.
    #[inline]
    pub fn is_elementwise(self) -> bool {
        // SAFETY: op is live.
        unsafe { b::rmlirOperationIsElementwise(self.raw()) }
    }
    /// True when the op is a constant (`m_Constant`).
    #[inline]
    pub fn is_constant_like(self) -> bool {
        // SAFETY: op is live.
        unsafe { b::rmlirOperationIsConstantLike(self.raw()) }
    }
    /// Number of regions.
    #[inline]
    pub fn num_regions(self) -> usize {
        // SAFETY: op is live.
        unsafe { mlirOperationGetNumRegions(self.raw()) as usize }
    }
    /// Number of successor blocks.
    #[inline]
    pub fn num_successors(self) -> usize {
        // SAFETY: op is live.
        unsafe { mlirOperationGetNumSuccessors(self.raw()) as usize }
    }
    /// True when `name` is an inherent attribute (or property) of the op.
    pub fn has_inherent_attr(self, name: &str) -> bool {
        // SAFETY: op is live; name is borrowed for the call.
        unsafe {
            !mlirOperationGetInherentAttributeByName(self.raw(), sref(name))
                .ptr
                .is_null()
        }
    }
    /// All attributes (inherent and discardable), by name.
    pub fn attributes(self) -> Vec<(&'ir str, Attr<'ir>)> {
        // SAFETY: op is live; positions are within the attribute count; the
        // names are uniqued identifiers that live as long as the context.
        unsafe {
            (0..mlirOperationGetNumAttributes(self.raw()))
                .filter_map(|i| {
                    let named = mlirOperationGetAttribute(self.raw(), i);
                    let name = from_sref(mlirIdentifierStr(named.name));
                    Attr::from_raw(named.attribute).map(|a| (name, a))
                })
                .collect()
        }
    }
    /// The discardable attributes (those not part of the op's properties),
    /// in order.
    pub fn discardable_attributes(self) -> Vec<(&'ir str, Attr<'ir>)> {
        // SAFETY: op is live; positions are within the discardable attribute
        // count; the names are uniqued identifiers that live as long as the
        // context.
        unsafe {
            (0..mlirOperationGetNumDiscardableAttributes(self.raw()))
                .filter_map(|i| {
                    let named = mlirOperationGetDiscardableAttribute(self.raw(), i);
                    let name = from_sref(mlirIdentifierStr(named.name));
                    Attr::from_raw(named.attribute).map(|a| (name, a))
                })
                .collect()
        }
    }
    /// Replaces all operands in place.
    #[inline]
    pub fn set_operands(self, values: &[Value<'ir>]) {
        for &v in values {
            self.check_same_context(v);
        }
        note_in_place_change();
        // SAFETY: op and values are live; Value is repr(transparent) over
        // MlirValue, so the slice is an array of MlirValue for the call.
        unsafe {
            mlirOperationSetOperands(self.raw(), values.len() as isize, values.as_ptr().cast())
        }
    }
    /// Replaces operand `i` in place.
    #[inline]
    pub fn set_operand(self, i: usize, value: Value<'ir>) {
        assert!(i < self.num_operands(), "operand index out of range");
        self.check_same_context(value);
        note_in_place_change();
        // SAFETY: op and value are live and i is in range.
        unsafe { mlirOperationSetOperand(self.raw(), i as isize, value.raw()) }
    }
    /// Panics when `value` is of another context than this op.
    fn check_attr_context(self, value: Attr<'ir>) {
        assert!(
            value.context() == self.context(),
            "setting an attribute of another context on `{}`",
            self.name()
        );
    }
    /// Panics when `value` is of another context than this op (the IR
    /// would point into memory that context frees).
    fn check_same_context(self, value: Value<'ir>) {
        assert!(
            value.ty().context() == self.context(),
            "using a value of another context in `{}`",
            self.name()
        );
    }
    /// Number of results.
    #[inline]
    pub fn num_results(self) -> usize {
        // SAFETY: op is live.
        unsafe { mlirOperationGetNumResults(self.raw()) as usize }
    }
    /// Result `i` (panics when out of range).
    #[inline]
    pub fn result(self, i: usize) -> Value<'ir> {
        assert!(i < self.num_results(), "result index out of range");
        // SAFETY: op is live and i is in range.
        unsafe { Value::from_raw(mlirOperationGetResult(self.raw(), i as isize)) }.expect("result")
    }
    /// The inherent (properties) or discardable attribute `name`.
    pub fn attr(self, name: &str) -> Option<Attr<'ir>> {
        // SAFETY: op is live; name is borrowed for the call.
        let inherent = unsafe { mlirOperationGetInherentAttributeByName(self.raw(), sref(name)) };
        // SAFETY: a handle MLIR gave us: live (or null).
        unsafe { Attr::from_raw(inherent) }.or_else(|| {
            // SAFETY: as above.
            unsafe {
                Attr::from_raw(mlirOperationGetDiscardableAttributeByName(
                    self.raw(),
                    sref(name),
                ))
            }
        })
    }
    /// Sets inherent attribute `name` in place.
    #[inline]
    pub fn set_inherent_attr(self, name: &str, value: Attr<'ir>) {
        self.check_attr_context(value);
        note_in_place_change();
        // SAFETY: op and value are live; name is borrowed for the call.
        unsafe { mlirOperationSetInherentAttributeByName(self.raw(), sref(name), value.raw()) }
    }
    /// Sets discardable attribute `name`.
    #[inline]
    pub fn set_discardable_attr(self, name: &str, value: Attr<'ir>) {
        self.check_attr_context(value);
        note_in_place_change();
        // SAFETY: op and value are live; name is borrowed for the call.
        unsafe { mlirOperationSetDiscardableAttributeByName(self.raw(), sref(name), value.raw()) }
    }
    /// The enum value of attribute `name` (for ODS enum attributes and
    /// integer-backed enums); `None` when absent.
    #[inline]
    pub fn enum_attr(self, name: &str) -> Option<u64> {
        self.attr(name).and_then(|a| a.enum_value())
    }
    /// The value of a `ConstantLike` op (any dialect), as `m_Constant` binds
    /// it: through the op's fold (see `Op::constant_value` for the fast path
    /// of ops whose ODS declares the attribute they fold to).
    #[inline]
    pub fn fold_constant(self) -> Option<Attr<'ir>> {
        // SAFETY: op is live.
        unsafe { Attr::from_raw(b::rmlirConstantValue(self.raw())) }
    }
    /// Emits `message` as an error at this op (op->emitError: no op prefix).
    #[inline]
    pub fn emit_error(self, message: &str) {
        // SAFETY: op is live; message is borrowed for the call.
        unsafe { b::rmlirEmitError(self.raw(), sref(message)) }
    }
    /// Emits `message` as an error on this op with a note at `other`
    /// reading `note` followed by `other` printed.
    #[inline]
    pub fn emit_error_with_op_note(self, message: &str, other: Op<'ir>, note: &str) {
        // SAFETY: both ops are live; the strings are borrowed for the call.
        unsafe { b::rmlirEmitErrorWithOpNote(self.raw(), sref(message), other.raw(), sref(note)) }
    }
    /// Removes a discardable attribute (no-op when absent).
    #[inline]
    pub fn remove_discardable_attr(self, name: &str) {
        note_in_place_change();
        // SAFETY: op is live; name is borrowed for the call.
        unsafe {
            mlirOperationRemoveDiscardableAttributeByName(self.raw(), sref(name));
        }
    }
    /// True when the op's name is registered (its dialect knows it).
    pub fn is_registered(self) -> bool {
        // SAFETY: op is live; the name's context is the op's.
        unsafe {
            let name = mlirIdentifierStr(mlirOperationGetName(self.raw()));
            mlirContextIsRegisteredOperation(mlirOperationGetContext(self.raw()), name)
        }
    }
    /// True when the op has the SymbolTable trait.
    #[inline]
    pub fn is_symbol_table(self) -> bool {
        // SAFETY: op is live.
        unsafe { b::rmlirOperationIsSymbolTable(self.raw()) }
    }
    /// The op a symbol reference names, looked up from this symbol table.
    #[inline]
    pub fn lookup_symbol(self, symbol_ref: Attr<'ir>) -> Option<Op<'ir>> {
        // SAFETY: op and attribute are live.
        unsafe { Op::from_raw(b::rmlirLookupSymbolIn(self.raw(), symbol_ref.raw())) }
    }
    /// Emits `'op' op message` as an error on this op.
    #[inline]
    pub fn emit_op_error(self, message: &str) {
        // SAFETY: op is live; message is borrowed for the call.
        unsafe { b::rmlirEmitOpError(self.raw(), sref(message)) }
    }
    /// Creates a detached op of a registered name (an [`OpName`]: an ODS
    /// op's `OP`, or any op's full name), or `None` when that name is not
    /// registered (or an operand is of another context than `loc`).
    pub fn create<'n>(
        name: impl Into<OpName<'n>>,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Option<Detached<'ir>> {
        Op::create_with_regions(name, loc, operands, result_types, attrs, 0)
    }

    /// [`Op::create`] of an op the caller knows to be registered (a
    /// dialect its pass or pattern depends on); panics otherwise, a bug the
    /// panic guard reports at the op being processed.
    pub fn create_registered<'n>(
        name: impl Into<OpName<'n>>,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Detached<'ir> {
        let name = name.into();
        Op::create(name, loc, operands, result_types, attrs).unwrap_or_else(|| {
            panic!(
                "op `{}` is not registered, or an operand is of another context",
                name.name()
            )
        })
    }

    /// As [`Op::create`], with `regions` empty regions (`None` when an op
    /// cannot hold that many: MLIR keeps the count in 23 bits). An ODS op is
    /// built through its typed access ([`crate::ir::op_access`]); any other,
    /// and any case that access declines, by name.
    pub fn create_with_regions<'n>(
        name: impl Into<OpName<'n>>,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
        regions: usize,
    ) -> Option<Detached<'ir>> {
        let name = name.into();
        if let Some(op) = Op::create_ods(name, loc, operands, result_types, attrs, regions) {
            return Some(op);
        }
        let name = name.name();
        let mut names: smallvec::SmallVec<[MlirStringRef; 4]> = smallvec::SmallVec::new();
        let mut values: smallvec::SmallVec<[MlirAttribute; 4]> = smallvec::SmallVec::new();
        if attrs.len() > 4 {
            names.reserve_exact(attrs.len());
            values.reserve_exact(attrs.len());
        }
        for (name, value) in attrs {
            names.push(sref(name));
            values.push(value.raw());
        }
        // SAFETY: Value/Type are repr(transparent) over the C handles, so the
        // slices have the layout of arrays of MlirValue/MlirType; all objects
        // are live; every array (and the names it points to) is borrowed for
        // the call.
        let raw = unsafe {
            b::rmlirOperationCreate(
                sref(name),
                loc.raw(),
                operands.as_ptr().cast(),
                operands.len() as isize,
                result_types.as_ptr().cast(),
                result_types.len() as isize,
                names.as_ptr(),
                values.as_ptr(),
                names.len() as isize,
                regions as isize,
            )
        };
        // SAFETY: a handle MLIR gave us: live (or null), detached and ours.
        unsafe { Op::from_raw(raw) }.map(Detached)
    }
}

/// An op made by [`Op::create`] ([`Op::create_like`],
/// [`walk::clone_with_mapping`](crate::rewrite::walk::clone_with_mapping)) and in no
/// block yet. It is owned, not `Copy`: inserting it consumes it and hands
/// back a handle bounded by the IR it joined, so that no copy outlives that
/// IR, and no op is inserted twice. One dropped without being inserted is
/// leaked, never freed: handles to its values may still be held (a clone's
/// results in the clone's value mapping).
///
/// Only a detached op can be inserted, so an op in a block (or a module's
/// top-level op) cannot be owned twice:
///
/// ```compile_fail
/// use rmlir_bridge::ir::Op;
/// use rmlir_bridge::rewrite::Rewriter;
/// fn pattern<'ir>(op: Op<'ir>, rw: &mut Rewriter<'ir>) -> bool {
///     rw.insert(op); // error: expected `Detached`, found `Op`
///     true
/// }
/// ```
///
/// and inserting consumes it: the op is then reached through what
/// insertion returns, bounded by the IR it joined.
///
/// ```compile_fail
/// use rmlir_bridge::ir::Detached;
/// use rmlir_bridge::walk::Builder;
/// fn insert<'ir>(at: Builder<'ir>, new: Detached<'ir>) {
///     at.insert(new);
///     at.insert(new); // error: `new` was moved into the IR
/// }
/// ```
#[derive(Debug)]
pub struct Detached<'ir>(Op<'ir>);

impl<'ir> Detached<'ir> {
    /// Takes ownership of `op`, a new op in no block.
    #[inline]
    pub(crate) fn new(op: Op<'ir>) -> Detached<'ir> {
        Detached(op)
    }

    /// The op, to build in (its operands, attributes, the blocks of its
    /// regions) before it is inserted: what this gives lives no longer than
    /// the borrow.
    #[inline]
    pub fn op(&self) -> Op<'_> {
        self.0
    }

    /// The op, handed to what inserts it where its context is the IR's:
    /// inside a hook or pattern, whose handles share one `for<'ir>`
    /// lifetime, an op of another context can only come from a context
    /// that lives for `'static` (leaked), so nothing it holds is freed.
    #[inline]
    pub(crate) fn into_owned_raw(self) -> MlirOperation {
        std::mem::ManuallyDrop::new(self).0.raw()
    }

    /// Inserts the op with `insert`, which is handed the raw op and says
    /// whether it took it (it refuses an op of another context than the
    /// block, or one holding the block: the op would hold itself); from
    /// then on that IR owns it. Panics when refused.
    #[inline]
    pub(crate) fn insert_with(self, insert: impl FnOnce(MlirOperation) -> bool) -> Op<'ir> {
        let op = std::mem::ManuallyDrop::new(self).0;
        assert!(
            insert(op.raw()),
            "inserting `{}` into a block of another context, or one it holds",
            op.name()
        );
        op
    }
}

impl<'ir> Op<'ir> {
    /// A detached op like `self` (name, location, attributes, as many empty
    /// regions) with new operands and result types.
    pub fn create_like(self, operands: &[Value<'ir>], result_types: &[Type<'ir>]) -> Detached<'ir> {
        // SAFETY: self is live; Value/Type are repr(transparent) over the C
        // handles, so the slices are arrays of MlirValue/MlirType borrowed for
        // the call.
        let raw = unsafe {
            b::rmlirOperationCreateLike(
                self.raw(),
                operands.as_ptr().cast(),
                operands.len() as isize,
                result_types.as_ptr().cast(),
                result_types.len() as isize,
            )
        };
        // SAFETY: a handle MLIR gave us: live (or null), detached and ours.
        Detached(
            unsafe { Op::from_raw(raw) }
                .expect("an op created like a registered op, of its context"),
        )
    }
}

impl<'ir> Value<'ir> {
    /// The value's type.
    #[inline]
    pub fn ty(self) -> Type<'ir> {
        // SAFETY: value is live.
        unsafe { Type::from_raw(mlirValueGetType(self.raw())) }.expect("type")
    }
    /// The op defining this value, if it is an op result.
    #[inline]
    pub fn defining_op(self) -> Option<Op<'ir>> {
        // SAFETY: value is live; the bridge answers null for block arguments.
        unsafe { Op::from_raw(b::rmlirValueGetDefiningOp(self.raw())) }
    }
    /// The ops using the value, in use-list order (one per use).
    pub fn users(self) -> Vec<Op<'ir>> {
        let mut out = Vec::new();
        // SAFETY: value is live; use handles are only read while non-null.
        unsafe {
            let mut use_ = mlirValueGetFirstUse(self.raw());
            while !use_.ptr.is_null() {
                if let Some(op) = Op::from_raw(mlirOpOperandGetOwner(use_)) {
                    out.push(op);
                }
                use_ = mlirOpOperandGetNextUse(use_);
            }
        }
        out
    }
    /// The op of the value's first use, if any.
    pub fn first_user(self) -> Option<Op<'ir>> {
        // SAFETY: value is live; the use handle is read only when non-null.
        unsafe {
            let use_ = mlirValueGetFirstUse(self.raw());
            if use_.ptr.is_null() {
                return None;
            }
            Op::from_raw(mlirOpOperandGetOwner(use_))
        }
    }
    /// True when the value has at least one use.
    #[inline]
    pub fn has_uses(self) -> bool {
        // SAFETY: value is live.
        unsafe { !mlirValueGetFirstUse(self.raw()).ptr.is_null() }
    }
    /// The defining op if it has the given name: for ops of other dialects
    /// (ours are matched by id: `Value::defined_by::<T>()`).
    #[inline]
    pub fn defined_by_name(self, name: &str) -> Option<Op<'ir>> {
        self.defining_op().filter(|op| op.name() == name)
    }
}

impl<'ir> Type<'ir> {
    /// The context of the type.
    #[inline]
    pub fn context(self) -> Context<'ir> {
        // SAFETY: type is live.
        unsafe { Context::from_raw(mlirTypeGetContext(self.raw())) }.expect("ctx")
    }
    /// True for builtin integer types (any signedness).
    #[inline]
    pub fn is_integer(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsAInteger(self.raw()) }
    }
    /// True for unsigned builtin integer types (`ui32`).
    #[inline]
    pub fn is_unsigned_integer(self) -> bool {
        // SAFETY: type is live; signedness asked of integer types only.
        self.is_integer() && unsafe { mlirIntegerTypeIsUnsigned(self.raw()) }
    }
    /// True for signless builtin integer types.
    #[inline]
    pub fn is_signless_integer(self) -> bool {
        // SAFETY: type is live; signedness asked of integer types only.
        self.is_integer() && unsafe { mlirIntegerTypeIsSignless(self.raw()) }
    }
    /// True for `f4E2M1FN`.
    #[inline]
    pub fn is_f4e2m1fn(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsAFloat4E2M1FN(self.raw()) }
    }
    /// True for `bf16`.
    #[inline]
    pub fn is_bf16(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsABF16(self.raw()) }
    }
    /// True for `f32`.
    #[inline]
    pub fn is_f32(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsAF32(self.raw()) }
    }
    /// True for the builtin `f8E8M0FNU` float type.
    #[inline]
    pub fn is_f8e8m0fnu(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsAFloat8E8M0FNU(self.raw()) }
    }
    /// True for the builtin `index` type.
    #[inline]
    pub fn is_index(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsAIndex(self.raw()) }
    }
    /// True for builtin float types.
    #[inline]
    pub fn is_float(self) -> bool {
        // SAFETY: type is live.
        unsafe { b::rmlirTypeIsFloat(self.raw()) }
    }
    /// Integer width, or 64 for index (MLIR's internal index storage width).
    pub fn int_width(self) -> Option<u32> {
        if self.is_integer() {
            // SAFETY: type is an integer type.
            Some(unsafe { mlirIntegerTypeGetWidth(self.raw()) })
        } else if self.is_index() {
            Some(64)
        } else {
            None
        }
    }
    /// The integer type's spelling prefix: `i`, `si` or `ui`.
    pub fn integer_prefix(self) -> &'static str {
        // SAFETY: type is live; signedness asked of integer types only.
        unsafe {
            if mlirIntegerTypeIsSigned(self.raw()) {
                "si"
            } else if mlirIntegerTypeIsUnsigned(self.raw()) {
                "ui"
            } else {
                "i"
            }
        }
    }
    /// True for shaped types (tensors, vectors, memrefs).
    #[inline]
    pub fn is_shaped(self) -> bool {
        // SAFETY: type is live.
        unsafe { b::rmlirTypeIsShaped(self.raw()) }
    }
    /// True for ranked memref types.
    #[inline]
    pub fn is_memref(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsAMemRef(self.raw()) }
    }
    /// True for vector types.
    #[inline]
    pub fn is_vector(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsAVector(self.raw()) }
    }
    /// True for ranked or unranked tensors.
    #[inline]
    pub fn is_tensor(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsATensor(self.raw()) }
    }
    /// True for ranked tensors.
    #[inline]
    pub fn is_ranked_tensor(self) -> bool {
        // SAFETY: type is live.
        unsafe { mlirTypeIsARankedTensor(self.raw()) }
    }
    /// The input and result types of a function type; None for any other
    /// type.
    pub fn function_signature(self) -> Option<(Vec<Type<'ir>>, Vec<Type<'ir>>)> {
        // SAFETY: type is live; inputs and results are asked of function
        // types only, with indices below their counts.
        unsafe {
            if !mlirTypeIsAFunction(self.raw()) {
                return None;
            }
            let inputs = (0..mlirFunctionTypeGetNumInputs(self.raw()))
                .filter_map(|i| Type::from_raw(mlirFunctionTypeGetInput(self.raw(), i)))
                .collect();
            let results = (0..mlirFunctionTypeGetNumResults(self.raw()))
                .filter_map(|i| Type::from_raw(mlirFunctionTypeGetResult(self.raw(), i)))
                .collect();
            Some((inputs, results))
        }
    }
    /// A memref like this one (ranked: same shape, layout and memory space;
    /// unranked: same memory space) with element type `element`; None for
    /// other types.
    pub fn memref_with_element(self, element: Type<'ir>) -> Option<Type<'ir>> {
        // SAFETY: type is live; memref accessors are asked of memrefs only;
        // the shape vector outlives the call.
        unsafe {
            if mlirTypeIsAMemRef(self.raw()) {
                let dims = self.dims()?;
                Type::from_raw(mlirMemRefTypeGet(
                    element.raw(),
                    dims.len() as isize,
                    dims.as_ptr(),
                    mlirMemRefTypeGetLayout(self.raw()),
                    mlirMemRefTypeGetMemorySpace(self.raw()),
                ))
            } else if mlirTypeIsAUnrankedMemRef(self.raw()) {
                Type::from_raw(mlirUnrankedMemRefTypeGet(
                    element.raw(),
                    mlirUnrankedMemrefGetMemorySpace(self.raw()),
                ))
            } else {
                None
            }
        }
    }
    /// A ranked memref type like this one (element type, layout, memory
    /// space) with the dims `shape` (`i64::MIN` for a dynamic one); None
    /// when this is no ranked memref or `shape` has another rank.
    pub fn memref_with_shape(self, shape: &[i64]) -> Option<Type<'ir>> {
        if !self.is_memref() || self.dims()?.len() != shape.len() {
            return None;
        }
        // SAFETY: type is a live ranked memref; the layout of its rank fits
        // a shape of the same rank; `shape` outlives the call.
        unsafe {
            Type::from_raw(mlirMemRefTypeGet(
                mlirShapedTypeGetElementType(self.raw()),
                shape.len() as isize,
                shape.as_ptr(),
                mlirMemRefTypeGetLayout(self.raw()),
                mlirMemRefTypeGetMemorySpace(self.raw()),
            ))
        }
    }
    /// The memory space of a memref type (None: the default, or not a
    /// memref).
    pub fn memref_memory_space(self) -> Option<Attr<'ir>> {
        // SAFETY: type is live; the memory space is asked of memrefs only.
        unsafe {
            if mlirTypeIsAMemRef(self.raw()) {
                Attr::from_raw(mlirMemRefTypeGetMemorySpace(self.raw()))
            } else if mlirTypeIsAUnrankedMemRef(self.raw()) {
                Attr::from_raw(mlirUnrankedMemrefGetMemorySpace(self.raw()))
            } else {
                None
            }
        }
    }
    /// True for scalable vectors.
    #[inline]
    pub fn is_scalable_vector(self) -> bool {
        // SAFETY: scalability is asked of vectors only.
        self.is_vector() && unsafe { mlirVectorTypeIsScalable(self.raw()) }
    }
    /// The element type of a shaped type, or the type itself.
    #[inline]
    pub fn element_type_or_self(self) -> Type<'ir> {
        // SAFETY: type is live; the bridge returns it or its (live) element
        // type.
        unsafe { Type::from_raw(b::rmlirTypeElementTypeOrSelf(self.raw())) }.expect("a type")
    }
    /// Rank of a ranked shaped type.
    pub fn rank(self) -> Option<usize> {
        // SAFETY: type is live; no dimension is written (capacity 0).
        let rank = unsafe { b::rmlirTypeShape(self.raw(), std::ptr::null_mut(), 0) };
        usize::try_from(rank).ok()
    }
    /// Dimension sizes of a ranked shaped type (`i64::MIN` for dynamic), on
    /// the stack up to rank 4 (one bridge call fills them; no allocation).
    pub fn dims(self) -> Option<Dims> {
        const FEW: usize = 4;
        let mut few = [0i64; FEW];
        // SAFETY: type is live; `few` has room for FEW dimensions.
        let rank = unsafe { b::rmlirTypeShape(self.raw(), few.as_mut_ptr(), FEW as isize) };
        let rank = usize::try_from(rank).ok()?;
        if rank <= FEW {
            return Some(Dims::from_slice(&few[..rank]));
        }
        let mut all = Dims::from_elem(0, rank);
        // SAFETY: as above, with room for all `rank` dimensions.
        unsafe { b::rmlirTypeShape(self.raw(), all.as_mut_ptr(), rank as isize) };
        Some(all)
    }
    /// The encoding of a ranked tensor type (None: no encoding, or not a
    /// ranked tensor).
    pub fn tensor_encoding(self) -> Option<Attr<'ir>> {
        if !self.is_ranked_tensor() {
            return None;
        }
        // SAFETY: self is a live ranked tensor type.
        unsafe { Attr::from_raw(mlirRankedTensorTypeGetEncoding(self.raw())) }
    }
    /// Same shape with element type `element` (tensors and vectors), or
    /// `element` itself for scalars.
    pub fn with_element_type(self, element: Type<'ir>) -> Option<Type<'ir>> {
        if !self.is_shaped() {
            return Some(element);
        }
        // SAFETY: type is live; the C API builds tensors/vectors of the same
        // shape, encoding and scalability.
        unsafe {
            if self.is_vector() {
                let rank = self.rank()?;
                let dims = self.dims()?;
                let scalable: Vec<bool> = (0..rank)
                    .map(|i| mlirVectorTypeIsDimScalable(self.raw(), i as isize))
                    .collect();
                Type::from_raw(mlirVectorTypeGetScalable(
                    rank as isize,
                    dims.as_ptr(),
                    scalable.as_ptr(),
                    element.raw(),
                ))
            } else if self.is_ranked_tensor() {
                let dims = self.dims()?;
                Type::from_raw(mlirRankedTensorTypeGet(
                    dims.len() as isize,
                    dims.as_ptr(),
                    element.raw(),
                    mlirRankedTensorTypeGetEncoding(self.raw()),
                ))
            } else if self.is_tensor() {
                Type::from_raw(mlirUnrankedTensorTypeGet(element.raw()))
            } else {
                None
            }
        }
    }
    /// The dialect namespace of the type (empty for builtin).
    pub fn dialect_namespace(self) -> &'ir str {
        // SAFETY: type is live; dialect namespaces live as long as the context.
        unsafe {
            let d = mlirTypeGetDialect(self.raw());
            from_sref(mlirDialectGetNamespace(d))
        }
    }
    /// The type as MLIR prints it (diagnostics only; never on a hot path).
    pub fn to_string_lossy(self) -> String {
        // SAFETY: the type is live; the print function calls back with
        // the text and the data it was given.
        printed(|callback, data| unsafe { mlirTypePrint(self.raw(), callback, data) })
    }
    /// The float format of a float type (None for others, and for float
    /// types the semantics core does not model).
    pub fn float_format(self) -> Option<Format> {
        // SAFETY: type is live; the bridge answers 0 for non-float types.
        let code = unsafe { b::rmlirFloatTypeGetFormat(self.raw()) };
        [
            Format::F16,
            Format::BF16,
            Format::F32,
            Format::F64,
            Format::F80,
            Format::F128,
            Format::F8E5M2,
            Format::F8E4M3FN,
            Format::F8E4M3,
            Format::F8E3M4,
            Format::TF32,
        ]
        .get((code as usize).checked_sub(1)?)
        .copied()
    }
    /// The format of any float type of MLIR 22 (None for other types).
    pub fn any_float_format(self) -> Option<AnyFormat> {
        if let Some(f) = self.float_format() {
            return Some(AnyFormat::Ap(f));
        }
        // SAFETY: type is live; the bridge answers 0 for non-float types.
        let code = unsafe { b::rmlirFloatTypeGetFormat(self.raw()) };
        [
            SmallFormat::F8E4M3FNUZ,
            SmallFormat::F8E5M2FNUZ,
            SmallFormat::F8E4M3B11FNUZ,
            SmallFormat::F8E8M0FNU,
            SmallFormat::F6E2M3FN,
            SmallFormat::F6E3M2FN,
            SmallFormat::F4E2M1FN,
        ]
        .get((code as usize).checked_sub(12)?)
        .map(|&f| AnyFormat::Small(f))
    }
    /// The full name of an rarith/rshape type (`rshape.shape`), or "" for
    /// every other type.
    #[inline]
    pub fn ods_name(self) -> &'static str {
        // SAFETY: type is live; the returned names are static literals.
        unsafe { from_sref(b::rmlirTypeGetOdsName(self.raw())) }
    }
    /// The type id, as an opaque pointer (for comparisons).
    #[inline]
    pub fn type_id(self) -> *const c_void {
        // SAFETY: type is live.
        unsafe { mlirTypeGetTypeID(self.raw()).ptr }
    }
}

/// A float constant decoded: a scalar, a splat, or dense elements.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FloatConst {
    /// A scalar `FloatAttr`.
    Scalar(Fp),
    /// A splat dense elements attribute.
    Splat(Fp),
    /// Non-splat dense elements, row-major.
    Dense(Vec<Fp>),
}

/// An attribute decoded into values the semantics core understands.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IntConst {
    /// A scalar `IntegerAttr` (integer or index).
    Scalar(ApInt),
    /// A splat dense elements attribute.
    Splat(ApInt),
    /// A non-splat dense elements attribute, in row-major order.
    Dense(Vec<ApInt>),
}

impl<'ir> Attr<'ir> {
    /// The attribute's type (NoneType for untyped attributes).
    #[inline]
    pub fn ty(self) -> Option<Type<'ir>> {
        // SAFETY: attr is live; the bridge returns its (live) type or null.
        unsafe { Type::from_raw(b::rmlirAttributeGetType(self.raw())) }
    }
    /// True for the unit attribute.
    #[inline]
    pub fn is_unit(self) -> bool {
        // SAFETY: attr is live.
        unsafe { mlirAttributeIsAUnit(self.raw()) }
    }
    /// The type a `TypeAttr` holds; None for any other attribute.
    pub fn type_value(self) -> Option<Type<'ir>> {
        // SAFETY: attr is live; the value is asked of type attributes only.
        unsafe {
            mlirAttributeIsAType(self.raw())
                .then(|| Type::from_raw(mlirTypeAttrGetValue(self.raw())))
                .flatten()
        }
    }
    /// The namespace of the attribute's dialect (empty for builtin).
    #[inline]
    pub fn dialect_namespace(self) -> &'ir str {
        // SAFETY: attr is live; dialect namespaces live as long as the context.
        unsafe { from_sref(mlirDialectGetNamespace(mlirAttributeGetDialect(self.raw()))) }
    }
    /// Entry `name` of a `DictionaryAttr`.
    pub fn dict_get(self, name: &str) -> Option<Attr<'ir>> {
        // SAFETY: attr is live; entries are only asked of dictionaries.
        unsafe {
            if !mlirAttributeIsADictionary(self.raw()) {
                return None;
            }
            Attr::from_raw(mlirDictionaryAttrGetElementByName(self.raw(), sref(name)))
        }
    }
    /// The context the attribute lives in.
    #[inline]
    pub fn context(self) -> Context<'ir> {
        // SAFETY: attr is live.
        unsafe { Context::from_raw(mlirAttributeGetContext(self.raw())) }.expect("ctx")
    }
    /// The attribute as MLIR prints it (diagnostics and one-off
    /// translations only).
    pub fn to_string_lossy(self) -> String {
        // SAFETY: the attr is live; the print function calls back with
        // the text and the data it was given.
        printed(|callback, data| unsafe { mlirAttributePrint(self.raw(), callback, data) })
    }
    /// True for a (flat or nested) `SymbolRefAttr`.
    #[inline]
    pub fn is_symbol_ref(self) -> bool {
        // SAFETY: attr is live.
        unsafe { mlirAttributeIsASymbolRef(self.raw()) }
    }
    /// The entry names of a `DictionaryAttr` (None for other attributes).
    pub fn dict_names(self) -> Option<Vec<&'ir str>> {
        // SAFETY: attr is live; entries are read after the kind check and
        // within the dictionary's size; names are uniqued identifiers that
        // live as long as the context.
        unsafe {
            if !mlirAttributeIsADictionary(self.raw()) {
                return None;
            }
            let n = mlirDictionaryAttrGetNumElements(self.raw());
            Some(
                (0..n)
                    .map(|i| {
                        let named = mlirDictionaryAttrGetElement(self.raw(), i);
                        from_sref(mlirIdentifierStr(named.name))
                    })
                    .collect(),
            )
        }
    }
    /// The elements of an `ArrayAttr`, or None for another attribute.
    pub fn array_elements(self) -> Option<Vec<Attr<'ir>>> {
        // SAFETY: attr is live; elements are read only after the kind check
        // and within the array's size.
        unsafe {
            if !mlirAttributeIsAArray(self.raw()) {
                return None;
            }
            let n = mlirArrayAttrGetNumElements(self.raw());
            (0..n)
                .map(|i| Attr::from_raw(mlirArrayAttrGetElement(self.raw(), i)))
                .collect()
        }
    }
    /// True for an `IntegerAttr` (any integer or index type).
    #[inline]
    pub fn is_integer(self) -> bool {
        // SAFETY: attr is live.
        unsafe { mlirAttributeIsAInteger(self.raw()) || mlirAttributeIsABool(self.raw()) }
    }
    /// True for builtin `FloatAttr`.
    #[inline]
    pub fn is_float(self) -> bool {
        // SAFETY: attr is live.
        unsafe { mlirAttributeIsAFloat(self.raw()) }
    }
    /// True for any `ElementsAttr` (dense, sparse, resource).
    #[inline]
    pub fn is_elements(self) -> bool {
        // SAFETY: attr is live.
        unsafe { mlirAttributeIsAElements(self.raw()) }
    }
    /// True for `DenseElementsAttr`.
    #[inline]
    pub fn is_dense_elements(self) -> bool {
        // SAFETY: attr is live.
        unsafe { mlirAttributeIsADenseElements(self.raw()) }
    }
    /// True for splat `DenseElementsAttr`.
    #[inline]
    pub fn is_splat(self) -> bool {
        // SAFETY: splat-ness is asked of dense elements only.
        self.is_dense_elements() && unsafe { mlirDenseElementsAttrIsSplat(self.raw()) }
    }
    /// Number of elements of an elements attribute.
    #[inline]
    pub fn num_elements(self) -> i64 {
        // SAFETY: attr is an elements attribute.
        unsafe { mlirElementsAttrGetNumElements(self.raw()) }
    }
    /// The value of an ODS enum attribute (or of an integer-backed enum).
    pub fn enum_value(self) -> Option<u64> {
        let mut v = 0u64;
        // SAFETY: attr is live; v is a valid out-pointer.
        if unsafe { b::rmlirEnumAttrGetValue(self.raw(), &mut v) } {
            return Some(v);
        }
        self.as_int().map(|i| i.low_u64())
    }
    /// The string of a `StringAttr`.
    pub fn as_str(self) -> Option<&'ir str> {
        // SAFETY: attr is live; string attrs are uniqued in the context and
        // outlive every use of the returned str.
        unsafe {
            mlirAttributeIsAString(self.raw())
                .then(|| from_sref(mlirStringAttrGetValue(self.raw())))
        }
    }
    /// The values of a `DenseI64ArrayAttr` (`array<i64: ...>`, as ops'
    /// static positions and sizes are held).
    pub fn as_dense_i64_array(self) -> Option<Vec<i64>> {
        // SAFETY: attr is live; the element reads stay within its length.
        unsafe {
            if !mlirAttributeIsADenseI64Array(self.raw()) {
                return None;
            }
            let n = mlirDenseArrayGetNumElements(self.raw());
            Some(
                (0..n)
                    .map(|i| mlirDenseI64ArrayGetElement(self.raw(), i))
                    .collect(),
            )
        }
    }
    /// The value of a scalar integer/index attribute (BoolAttr included).
    #[inline]
    pub fn as_int(self) -> Option<ApInt> {
        let mut low = 0u64;
        // SAFETY: attr is live; `low` has one word of room; the bridge
        // answers -1 for anything but an IntegerAttr.
        let width = unsafe { b::rmlirIntegerAttrGetWords(self.raw(), &mut low, 1) };
        let width = u32::try_from(width).ok()?;
        if width <= 64 {
            return Some(ApInt::from_u64(width, low));
        }
        Some(self.wide_int(width))
    }
    /// [`as_int`](Attr::as_int) of an integer attribute wider than 64 bits.
    #[cold]
    fn wide_int(self, width: u32) -> ApInt {
        let mut big = vec![0u64; (width as usize).div_ceil(64)];
        // SAFETY: big has room for every word of the value.
        unsafe { b::rmlirIntegerAttrGetWords(self.raw(), big.as_mut_ptr(), big.len() as isize) };
        ApInt::from_words(width, &big)
    }
    /// The bit pattern of a `FloatAttr` of any float type (f16, bf16, f32,
    /// f64, f80, f128, 8-bit floats...): (storage width, little-endian words).
    pub fn as_float_bits(self) -> Option<ApInt> {
        let mut buf = [0u64; 2];
        // SAFETY: attr is live; buf has 2 words of room (128 bits, the widest
        // float); the bridge answers 0 for anything but a FloatAttr.
        let width =
            unsafe { b::rmlirFloatAttrGetBits(self.raw(), buf.as_mut_ptr(), buf.len() as isize) };
        (width != 0).then(|| ApInt::from_words(width, &buf))
    }
    /// A `FloatAttr` of float type `ty` holding `value` converted to it
    /// (rounded to nearest-even, as `Builder::getFloatAttr`).
    pub fn float_f64(ty: Type<'ir>, value: f64) -> Attr<'ir> {
        // SAFETY: ty is a live float type.
        unsafe {
            Attr::from_raw(mlirFloatAttrDoubleGet(
                mlirTypeGetContext(ty.raw()),
                ty.raw(),
                value,
            ))
        }
        .expect("float attr")
    }
    /// The value of a `FloatAttr` as a double (None for other attributes).
    #[inline]
    pub fn as_f64(self) -> Option<f64> {
        // SAFETY: attr is live; the value is asked of float attributes only.
        unsafe {
            mlirAttributeIsAFloat(self.raw()).then(|| mlirFloatAttrGetValueDouble(self.raw()))
        }
    }
    /// A splat dense elements attribute of shaped type `ty` holding
    /// `element`. Panics unless `element` is an integer or float attribute
    /// of `ty`'s element type.
    #[inline]
    pub fn splat(ty: Type<'ir>, element: Attr<'ir>) -> Attr<'ir> {
        // SAFETY: ty and element are live; the bridge answers null unless ty
        // is shaped and element an integer or float attribute of its
        // element type.
        unsafe { Attr::from_raw(b::rmlirDenseElementsSplatGet(ty.raw(), element.raw())) }
            .expect("splat of an integer or float attribute of the element type")
    }
    /// A `FloatAttr` of float type `ty` with the given bit pattern.
    pub fn float_from_bits(ty: Type<'ir>, bits: &ApInt) -> Attr<'ir> {
        let w = bits.words();
        // SAFETY: ty is live (the bridge answers null for a type that is no
        // float type); w is borrowed for the call.
        unsafe {
            Attr::from_raw(b::rmlirFloatAttrGetFromBits(
                ty.raw(),
                w.as_ptr(),
                w.len() as isize,
            ))
        }
        .expect("float attr")
    }
    /// The value of a scalar `FloatAttr` of a supported format.
    pub fn as_float(self) -> Option<Fp> {
        if !self.is_float() {
            return None;
        }
        let format = self.ty()?.float_format()?;
        Some(Fp::from_apint(format, &self.as_float_bits()?))
    }
    /// The bit patterns of a float constant of any format, and whether it
    /// is a scalar or a splat (one pattern) rather than dense elements.
    pub fn float_const_bits(self) -> Option<(Vec<ApInt>, bool)> {
        if self.is_float() {
            return Some((vec![self.as_float_bits()?], true));
        }
        if !self.is_dense_elements() {
            return None;
        }
        let width = float_width(self.ty()?.element_type_or_self())?;
        if self.is_splat() {
            return Some((vec![words::read_dense_element(self, 0)?], true));
        }
        let n = usize::try_from(self.num_elements()).ok()?;
        Some((words::read_dense_all(self, n, width)?, false))
    }
    /// Decodes a float constant: a scalar, a splat, or dense elements.
    pub fn as_float_const(self) -> Option<FloatConst> {
        if let Some(v) = self.as_float() {
            return Some(FloatConst::Scalar(v));
        }
        if !self.is_dense_elements() {
            return None;
        }
        let format = self.ty()?.element_type_or_self().float_format()?;
        if self.is_splat() {
            let bits = words::read_dense_element(self, 0)?;
            return Some(FloatConst::Splat(Fp::from_apint(format, &bits)));
        }
        let n = usize::try_from(self.num_elements()).ok()?;
        let all = words::read_dense_all(self, n, format.width())?;
        Some(FloatConst::Dense(
            all.iter().map(|b| Fp::from_apint(format, b)).collect(),
        ))
    }
    /// Dense elements of shaped type `ty` from raw lane bit patterns (float
    /// or integer element type; one lane: a splat).
    #[inline]
    pub fn dense_bits(ty: Type<'ir>, lanes: &[ApInt]) -> Attr<'ir> {
        words::build_dense(ty, lanes)
    }
    /// A `dense_resource` elements attribute as the dense elements
    /// attribute of its blob's data; None for other attributes, a missing
    /// blob, or data that does not fit the type.
    pub fn dense_resource_as_dense(self) -> Option<Attr<'ir>> {
        // SAFETY: the attribute is live; the result is uniqued in its context.
        unsafe { Attr::from_raw(b::rmlirDenseResourceAsDense(self.raw())) }
    }
    /// A `FloatAttr` of float type `ty` holding `value`.
    #[inline]
    pub fn float(ty: Type<'ir>, value: Fp) -> Attr<'ir> {
        Attr::float_from_bits(ty, &value.to_apint())
    }
    /// Dense float elements of shaped type `ty` (one value: a splat).
    #[inline]
    pub fn dense_floats(ty: Type<'ir>, values: &[Fp]) -> Attr<'ir> {
        let bits: Vec<ApInt> = values.iter().map(|v| v.to_apint()).collect();
        words::build_dense(ty, &bits)
    }
    /// Element `index` of an integer/index dense elements attribute.
    #[inline]
    pub fn dense_int_at(self, index: usize) -> Option<ApInt> {
        words::read_dense_element(self, index)
    }
    /// Decodes an integer constant: a scalar, a splat, or dense elements.
    pub fn as_int_const(self) -> Option<IntConst> {
        if let Some(v) = self.as_int() {
            return Some(IntConst::Scalar(v));
        }
        if !self.is_dense_elements() {
            return None;
        }
        let elt = self.ty()?.element_type_or_self();
        if !(elt.is_integer() || elt.is_index()) {
            return None;
        }
        if self.is_splat() {
            return self.dense_int_at(0).map(IntConst::Splat);
        }
        let n = usize::try_from(self.num_elements()).ok()?;
        words::read_dense_all(self, n, elt.int_width()?).map(IntConst::Dense)
    }
    /// The elements of a non-splat dense int, index or float attribute of
    /// 1 to 64 bits: (element width, one zero-extended word per element,
    /// a float's bit pattern), what folders work on in bulk.
    pub fn dense_lanes(self) -> Option<(u32, Vec<u64>)> {
        let (_, width) = self.lane_shape()?;
        Some((width, self.read_lanes()?))
    }
    /// [`dense_lanes`](Attr::dense_lanes) of integer and index elements
    /// only: one zero-extended word per element.
    fn int_lanes(self) -> Option<Vec<u64>> {
        let (is_int, _) = self.lane_shape()?;
        if !is_int {
            return None;
        }
        self.read_lanes()
    }
    /// (integer or index elements, element width) of a non-splat dense
    /// attribute whose elements are 1 to 64 bits wide.
    fn lane_shape(self) -> Option<(bool, u32)> {
        if !self.is_dense_elements() || self.is_splat() {
            return None;
        }
        let elt = self.ty()?.element_type_or_self();
        let is_int = elt.is_integer() || elt.is_index();
        let width = if is_int {
            elt.int_width()
        } else {
            elt.float_format().map(|f| f.width())
        };
        Some((is_int, width.filter(|w| (1..=64).contains(w))?))
    }
    /// The lanes of a dense attribute whose shape
    /// [`lane_shape`](Attr::lane_shape) accepted.
    fn read_lanes(self) -> Option<Vec<u64>> {
        let n = usize::try_from(self.num_elements()).ok()?;
        words::read_dense_words(self, n)
    }
    /// Dense elements of shaped type `ty`, whose elements are integers or
    /// floats of at most 64 bits, from one word per element.
    #[inline]
    pub fn dense_from_lanes(ty: Type<'ir>, lanes: &[u64]) -> Attr<'ir> {
        words::build_dense_words(ty, lanes)
    }
    /// The integer a constant matches as `m_ConstantInt` does: a scalar
    /// integer/index attribute or an integer splat (non-splat dense: None,
    /// without decoding it).
    pub fn as_splat_int(self) -> Option<ApInt> {
        if let Some(v) = self.as_int() {
            return Some(v);
        }
        if !self.is_splat() {
            return None;
        }
        let elt = self.ty()?.element_type_or_self();
        if !(elt.is_integer() || elt.is_index()) {
            return None;
        }
        self.dense_int_at(0)
    }
    /// The extents of an index dense elements attribute, as `i64`.
    pub fn as_i64_elements(self) -> Option<Vec<i64>> {
        if let Some(lanes) = self.int_lanes() {
            return Some(lanes.into_iter().map(|w| w as i64).collect());
        }
        match self.as_int_const()? {
            IntConst::Dense(v) => Some(v.iter().map(|x| x.low_u64() as i64).collect()),
            IntConst::Splat(x) => Some(vec![
                x.low_u64() as i64;
                usize::try_from(self.num_elements()).ok()?
            ]),
            IntConst::Scalar(_) => None,
        }
    }
    /// An integer attribute of `ty` (integer or index) holding `value`.
    pub fn int(ty: Type<'ir>, value: &ApInt) -> Attr<'ir> {
        let w = value.words();
        if let [word] = w {
            // SAFETY: ty is live; the bridge answers null for a type that is
            // not an integer or index type of at most 64 bits.
            let one = unsafe { Attr::from_raw(b::rmlirIntegerAttrGetFromWord(ty.raw(), *word)) };
            if let Some(attr) = one {
                return attr;
            }
        }
        // SAFETY: ty is live; w is a live slice borrowed for the call.
        unsafe {
            Attr::from_raw(b::rmlirIntegerAttrGetFromWords(
                ty.raw(),
                w.as_ptr(),
                w.len() as isize,
            ))
        }
        .expect("integer attr")
    }
    /// A dense elements attribute of shaped type `ty`: a splat when `values`
    /// has one element, else one value per element.
    #[inline]
    pub fn dense_ints(ty: Type<'ir>, values: &[ApInt]) -> Attr<'ir> {
        words::build_dense(ty, values)
    }
    /// A dense `tensor<N x index>` attribute holding `extents`.
    pub fn index_tensor(ctx: Context<'ir>, extents: &[i64]) -> Attr<'ir> {
        let ty = ctx.ranked_tensor(&[extents.len() as i64], ctx.index_type());
        if extents.len() > 1 {
            let lanes: Vec<u64> = extents.iter().map(|&e| e as u64).collect();
            return words::build_dense_words(ty, &lanes);
        }
        let values: Vec<ApInt> = extents.iter().map(|&e| ApInt::from_i64(64, e)).collect();
        if values.is_empty() {
            // SAFETY: ty is a live shaped type; zero elements need no data.
            return unsafe {
                Attr::from_raw(b::rmlirDenseElementsGetFromWords(
                    ty.raw(),
                    std::ptr::null(),
                    1,
                    0,
                ))
            }
            .expect("empty dense attr");
        }
        words::build_dense(ty, &values)
    }
}

impl<'ir> Location<'ir> {
    /// The context of the location.
    #[inline]
    pub fn context(self) -> Context<'ir> {
        // SAFETY: location is live.
        unsafe { Context::from_raw(mlirLocationGetContext(self.raw())) }.expect("ctx")
    }
    /// The fusion of the locations of `ops`, as a rewrite that replaces
    /// them gives its new ops ([`Location::fused`]).
    pub fn fused_of(ops: &[Op<'ir>]) -> Location<'ir> {
        assert!(!ops.is_empty(), "fusing the locations of no op");
        // SAFETY: Op is repr(transparent) over MlirOperation; the slice of
        // live ops is borrowed for the call.
        unsafe {
            Location::from_raw(b::rmlirLocationFusedOfOps(
                ops.as_ptr().cast(),
                ops.len() as isize,
            ))
        }
        .expect("fused location")
    }
    /// The fusion of `locs` (deduplicated; a single location stays itself).
    pub fn fused(locs: &[Location<'ir>]) -> Location<'ir> {
        let ctx = locs[0].context();
        // SAFETY: Location is repr(transparent) over MlirLocation; the slice
        // is borrowed for the call; a null metadata attribute means none.
        unsafe {
            Location::from_raw(mlirLocationFusedGet(
                ctx.raw(),
                locs.len() as isize,
                locs.as_ptr().cast(),
                MlirAttribute {
                    ptr: std::ptr::null(),
                },
            ))
        }
        .expect("fused location")
    }
    /// Emits an error diagnostic at this location.
    #[inline]
    pub fn emit_error(self, message: &str) {
        let c = std::ffi::CString::new(message.replace('\0', " ")).expect("no NUL");
        // SAFETY: location is live; c is a NUL-terminated string for the call.
        unsafe { mlirEmitError(self.raw(), c.as_ptr()) }
    }
}

/// The attributes of an op under construction (for type inference):
/// inherent attributes from its properties, then its attribute dictionary.
pub struct AttrLookup<'ir> {
    raw: &'ir crate::bindings::RmlirAttrLookup,
}

impl<'ir> AttrLookup<'ir> {
    #[inline]
    pub(crate) fn new(raw: &'ir crate::bindings::RmlirAttrLookup) -> Self {
        AttrLookup { raw }
    }
    /// Attribute `name`, if the op has it.
    #[inline]
    pub fn get(&self, name: &str) -> Option<Attr<'ir>> {
        let get = self.raw.get?;
        // SAFETY: the bridge's lookup and its state live for the duration of
        // the inference hook that received this AttrLookup.
        unsafe { Attr::from_raw(get(self.raw.self_, sref(name))) }
    }
}

/// Storage width of a float type (16 for f16/bf16, 80 for f80, ...).
pub fn float_width(ty: Type) -> Option<u32> {
    // SAFETY: width is only asked of float types.
    ty.is_float()
        .then(|| unsafe { b::rmlirFloatTypeGetWidth(ty.raw()) })
}

/// Every lane of a dense int/index/float attribute as raw bit patterns.
pub fn read_dense_lanes(attr: Attr, count: usize, width: u32) -> Option<Vec<ApInt>> {
    words::read_dense_all(attr, count, width)
}

impl<'ir> Value<'ir> {
    /// The value's location (its defining op's, or the block argument's).
    #[inline]
    pub fn location(self) -> Location<'ir> {
        // SAFETY: the value is live.
        unsafe { Location::from_raw(b::rmlirValueGetLoc(self.raw())) }.expect("value location")
    }
}

macro_rules! within {
    ($name:ident, $what:literal, $get_context:ident) => {
        impl<'ir> $name<'ir> {
            #[doc = concat!("This ", $what, " for as long as `context` is borrowed: ", $what, "s")]
            /// are uniqued in their context and live as long as it, so one
            /// kept from an earlier call (a type a pass computed before
            /// running a conversion) can meet the handles of a later one.
            /// Panics if it belongs to another context.
            pub fn within<'x>(self, context: Context<'x>) -> $name<'x> {
                // SAFETY: the handle is live ('ir); its context is asked.
                let own = unsafe { $get_context(self.raw()) };
                assert!(
                    own.ptr == context.raw().ptr,
                    concat!("a ", $what, " of another context")
                );
                // SAFETY: the object lives as long as its context, which
                // `context` (live for 'x) is.
                unsafe { $name::from_raw(self.raw()) }.expect("a live handle is not null")
            }
        }
    };
}

within!(Type, "type", mlirTypeGetContext);
within!(Attr, "attribute", mlirAttributeGetContext);
