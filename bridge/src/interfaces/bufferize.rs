//! MLIR's bufferization (`BufferizableOpInterface`) answered from Rust: the
//! hooks a dialect hands over for the ops it bufferizes, and the
//! [`Bufferizer`] through which their bufferization builds memref IR.

use crate::bindings as b;
use crate::ir::{Attr, Location, Op, Type, Value};
use mlir_sys::{MlirAttribute, MlirOperation, MlirType, MlirValue};

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
    pub buffer_type: for<'ir> fn(Op<'ir>, usize, &mut Bufferizer) -> Result<Option<Type<'ir>>, ()>,
}

/// One bufferization in progress (MLIR's rewriter, options and state).
pub struct Bufferizer {
    raw: *mut b::RmlirBufferizer,
    /// The op being bufferized: the only one the hook may replace.
    op: MlirOperation,
    /// The replacement [`replace`](Bufferizer::replace) asked for, carried
    /// out when the hook has returned (it frees the op).
    pending: Option<(MlirOperation, Vec<MlirValue>)>,
}

impl Bufferizer {
    /// # Safety
    /// `raw` must be the live bufferizer of the call it is handed to.
    pub(crate) unsafe fn from_raw(raw: *mut b::RmlirBufferizer, op: MlirOperation) -> Self {
        Bufferizer {
            raw,
            op,
            pending: None,
        }
    }

    /// Carries out the replacement the hook asked for; the bridge calls it
    /// when the hook has returned, so that no handle of the hook outlives
    /// the op it frees.
    pub(crate) fn finish(self) {
        if let Some((op, values)) = self.pending {
            // SAFETY: the op is the live op being bufferized.
            let used = unsafe { b::rmlirOperationUsedOutside(op, false) };
            assert!(
                !used,
                "replacing an op a value inside which is used outside it"
            );
            // SAFETY: the bufferizer is live; op and the values were live
            // when recorded and nothing was freed since.
            unsafe {
                b::rmlirBufferizerReplaceOp(self.raw, op, values.as_ptr(), values.len() as isize)
            }
        }
    }

    /// The buffer of tensor `value` (`bufferization::getBuffer`).
    pub fn buffer<'ir>(&mut self, value: Value<'ir>) -> Option<Value<'ir>> {
        // SAFETY: the bufferizer and the value are live.
        unsafe { Value::from_raw(b::rmlirBufferizerGetBuffer(self.raw, value.raw())) }
    }

    /// The buffer type tensor `value` will have.
    pub fn buffer_type<'ir>(&mut self, value: Value<'ir>) -> Option<Type<'ir>> {
        // SAFETY: the bufferizer and the value are live.
        unsafe { Type::from_raw(b::rmlirBufferizerGetBufferType(self.raw, value.raw())) }
    }

    /// The default memory space of a tensor type: None when none can be
    /// inferred, Some(None) for the default (no attribute).
    pub fn default_memory_space<'ir>(&mut self, tensor: Type<'ir>) -> Option<Option<Attr<'ir>>> {
        // SAFETY: the bufferizer and the type are live.
        let space = unsafe {
            Attr::from_raw(b::rmlirBufferizerDefaultMemorySpace(self.raw, tensor.raw()))
        }?;
        Some((!space.is_unit()).then_some(space))
    }

    /// The private constant global holding `value` in the module around
    /// `anchor` (reused or made): its symbol and memref type.
    pub fn global_for<'ir>(
        &mut self,
        anchor: Op<'ir>,
        value: Attr<'ir>,
        memory_space: Option<Attr<'ir>>,
    ) -> Option<(Attr<'ir>, Type<'ir>)> {
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
    pub fn create<'ir>(
        &mut self,
        name: &str,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
    ) -> Op<'ir> {
        // SAFETY: the bufferizer is live; the op is new and becomes owned by
        // the insertion block.
        Op::create_registered(name, loc, operands, result_types, attrs)
            .insert_with(|op| unsafe { b::rmlirBufferizerInsert(self.raw, op) })
    }

    /// Replaces `op`, the op being bufferized, by buffers
    /// (`replaceOpWithBufferizedValues`) when the hook returns; until then
    /// `op` stays as it is. Panics for any other op.
    pub fn replace<'ir>(&mut self, op: Op<'ir>, values: &[Value<'ir>]) {
        assert!(
            op.raw().ptr == self.op.ptr,
            "a bufferization replaces the op it bufferizes, no other"
        );
        assert_eq!(
            values.len(),
            op.num_results(),
            "replacing `{}` needs one value per result",
            op.name()
        );
        for v in values {
            // SAFETY: op and v are live.
            let own = unsafe { b::rmlirOperationHoldsValue(op.raw(), v.raw()) };
            assert!(
                !own && v.ty().context() == op.context(),
                "replacing `{}` with a value of its own, or of another context",
                op.name()
            );
        }
        assert!(
            self.pending.is_none(),
            "a bufferization replaces its op once"
        );
        self.pending = Some((op.raw(), values.iter().map(|v| v.raw()).collect()));
    }

    /// The memref type of a tensor type with a fully dynamic layout.
    pub fn fully_dynamic_memref<'ir>(
        tensor: Type<'ir>,
        memory_space: Option<Attr<'ir>>,
    ) -> Type<'ir> {
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
