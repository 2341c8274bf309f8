//! MLIR's bufferization (`BufferizableOpInterface`) answered from Rust: the
//! hooks a dialect hands over for the ops it bufferizes, and the
//! [`Bufferizer`] through which their bufferization builds memref IR.

use super::bindings as b;
use super::ir::{Attr, Location, Op, Type, Value};
use mlir_sys::{MlirAttribute, MlirType, MlirValue};

/// A dialect's bufferization of its ops (`BufferizableOpInterface`).
pub struct BufferizationHooks {
    /// The ops that bufferize through these hooks.
    pub ops: &'static [&'static str],
    /// Operand `i` is read from memory.
    pub reads: fn(Op, usize) -> bool,
    /// Operand `i` is written to memory.
    pub writes: fn(Op, usize) -> bool,
    /// The result that operand `i` may alias (an equivalent buffer), and
    /// whether surely.
    pub aliasing: fn(Op, usize) -> Option<(usize, bool)>,
    /// Result `i` may be written to.
    pub result_writable: fn(Op, usize) -> bool,
    /// Replaces the op by memref IR; false on failure (after diagnostics).
    pub bufferize: fn(Op, &mut Bufferizer) -> bool,
    /// The buffer type of result `i`: Ok(None) for MLIR's default, Err on
    /// failure (after diagnostics).
    pub buffer_type: fn(Op, usize, &mut Bufferizer) -> Result<Option<Type>, ()>,
}

/// One bufferization in progress (MLIR's rewriter, options and state).
pub struct Bufferizer {
    raw: *mut b::RmlirBufferizer,
}

impl Bufferizer {
    /// # Safety
    /// `raw` must be the live bufferizer of the call it is handed to.
    pub(crate) unsafe fn from_raw(raw: *mut b::RmlirBufferizer) -> Self {
        Bufferizer { raw }
    }

    /// The buffer of tensor `value` (`bufferization::getBuffer`).
    pub fn buffer(&mut self, value: Value) -> Option<Value> {
        // SAFETY: the bufferizer and the value are live.
        unsafe { Value::from_raw(b::rmlirBufferizerGetBuffer(self.raw, value.raw())) }
    }

    /// The buffer type tensor `value` will have.
    pub fn buffer_type(&mut self, value: Value) -> Option<Type> {
        // SAFETY: the bufferizer and the value are live.
        unsafe { Type::from_raw(b::rmlirBufferizerGetBufferType(self.raw, value.raw())) }
    }

    /// The default memory space of a tensor type: None when none can be
    /// inferred, Some(None) for the default (no attribute).
    pub fn default_memory_space(&mut self, tensor: Type) -> Option<Option<Attr>> {
        // SAFETY: the bufferizer and the type are live.
        let space = unsafe {
            Attr::from_raw(b::rmlirBufferizerDefaultMemorySpace(self.raw, tensor.raw()))
        }?;
        Some((!space.is_unit()).then_some(space))
    }

    /// The private constant global holding `value` in the module around
    /// `anchor` (reused or made): its symbol and memref type.
    pub fn global_for(
        &mut self,
        anchor: Op,
        value: Attr,
        memory_space: Option<Attr>,
    ) -> Option<(Attr, Type)> {
        let mut ty = MlirType {
            ptr: std::ptr::null(),
        };
        let space = memory_space.map_or(
            MlirAttribute {
                ptr: std::ptr::null(),
            },
            Attr::raw,
        );
        // SAFETY: the bufferizer, anchor and value are live; `ty` is a valid
        // out-pointer.
        let symbol = unsafe {
            Attr::from_raw(b::rmlirBufferizerGlobalFor(
                self.raw,
                anchor.raw(),
                value.raw(),
                space,
                &mut ty,
            ))
        }?;
        // SAFETY: a handle MLIR gave us: live (or null).
        Some((symbol, unsafe { Type::from_raw(ty) }?))
    }

    /// Creates an op at the bufferization's insertion point.
    pub fn create(
        &mut self,
        name: &str,
        loc: Location,
        operands: &[Value],
        result_types: &[Type],
        attrs: &[(&str, Attr)],
    ) -> Op {
        let op = Op::create_registered(name, loc, operands, result_types, attrs);
        // SAFETY: the bufferizer is live; op is detached and becomes owned
        // by the insertion block.
        unsafe { b::rmlirBufferizerInsert(self.raw, op.raw()) };
        op
    }

    /// Replaces `op` by buffers (`replaceOpWithBufferizedValues`).
    pub fn replace(&mut self, op: Op, values: &[Value]) {
        // SAFETY: the bufferizer and op are live; Value is
        // repr(transparent) over MlirValue.
        unsafe {
            b::rmlirBufferizerReplaceOp(
                self.raw,
                op.raw(),
                values.as_ptr().cast::<MlirValue>(),
                values.len() as isize,
            )
        }
    }

    /// The memref type of a tensor type with a fully dynamic layout.
    pub fn fully_dynamic_memref(tensor: Type, memory_space: Option<Attr>) -> Type {
        let space = memory_space.map_or(
            MlirAttribute {
                ptr: std::ptr::null(),
            },
            Attr::raw,
        );
        // SAFETY: tensor is a live tensor type; space is live or null.
        unsafe {
            Type::from_raw(b::rmlirMemRefTypeWithFullyDynamicLayout(
                tensor.raw(),
                space,
            ))
        }
        .expect("memref type")
    }
}
