//! Typed access to ODS ops: per op class, C++ generated from its ODS
//! (`<Stem>OpAccess.cpp.inc`, registered with the bridge when the library
//! declaring it loads) reads an inherent attribute by its ODS index and
//! creates an op with its attributes stored straight into its properties,
//! as ODS's own C++ accessors and builders do. Found once per op id; ops
//! without it keep MLIR's by-name path.

use crate::bindings as b;
use crate::ir::{Attr, Detached, Location, Op, Type, Value, sref};
use mlir_sys::MlirAttribute;
use std::sync::atomic::{AtomicUsize, Ordering};

/// The op an op is created as: an ODS op by its id (the fast path; its
/// name then only names it in messages), or any registered op by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpName<'a> {
    ods: Option<u32>,
    name: &'a str,
}

impl OpName<'static> {
    /// The ODS op of id `id`, named `name`: what
    /// [`OdsOp::OP`](crate::ir::typed::OdsOp::OP) is, the only way to name one.
    pub(crate) const fn ods(id: u32, name: &'static str) -> Self {
        OpName {
            ods: Some(id),
            name,
        }
    }
}

impl<'a> OpName<'a> {
    /// The op's full name (`rarith.addi`).
    #[inline]
    pub const fn name(self) -> &'a str {
        self.name
    }
    /// The op's ODS id, when it is named as an ODS op.
    #[inline]
    pub const fn ods_id(self) -> Option<u32> {
        self.ods
    }
}

impl<'a> From<&'a str> for OpName<'a> {
    #[inline]
    fn from(name: &'a str) -> Self {
        OpName { ods: None, name }
    }
}

impl<'a> From<&'a String> for OpName<'a> {
    #[inline]
    fn from(name: &'a String) -> Self {
        OpName::from(name.as_str())
    }
}

/// Per ODS op (its table's `access`): the address of its op class's typed
/// access, [`UNKNOWN`] (the slots' 0) until first asked for, [`NONE`] when
/// its library registered none.
const UNKNOWN: usize = 0;
/// Never the address of an access table (those are aligned).
const NONE: usize = 1;

/// The typed access of the op of ODS id `id`, if its library has one.
#[inline]
fn access(id: u32) -> Option<&'static b::RmlirOpAccess> {
    let (_, table) = crate::ir::typed::table_of(id)?;
    let slot = table.access.get(crate::ir::typed::id_index(id))?;
    match slot.load(Ordering::Relaxed) {
        UNKNOWN => learn(id, slot),
        NONE => None,
        // SAFETY: a non-sentinel slot holds what rmlirOpAccessOf returned:
        // a static of the declaring library, which is never unloaded.
        address => Some(unsafe { &*(address as *const b::RmlirOpAccess) }),
    }
}

/// Whether the op of ODS id `id` has typed access (its library registered
/// it): what tests check of every op, since the by-name fallback gives the
/// same answers.
#[doc(hidden)]
pub fn has_typed_access(id: u32) -> bool {
    access(id).is_some()
}

/// The ODS index of attribute `name` of the op of ODS id `id`.
#[inline]
fn attr_index(id: u32, name: &str) -> Option<u32> {
    crate::ir::typed::decl(id).and_then(|d| d.attr_index(name))
}

/// The slow path of [`access`]: asks the bridge, once per id.
#[cold]
fn learn(id: u32, slot: &AtomicUsize) -> Option<&'static b::RmlirOpAccess> {
    let name = crate::ir::typed::decl(id)?.name;
    // SAFETY: name is borrowed for the call; the result is null or a static
    // table that lives as long as the process.
    let found = unsafe { b::rmlirOpAccessOf(sref(name)) };
    slot.store(
        if found.is_null() {
            NONE
        } else {
            found as usize
        },
        Ordering::Relaxed,
    );
    // SAFETY: as above: null or a static.
    unsafe { found.as_ref() }
}

impl<'ir> Op<'ir> {
    /// Inherent attribute `index` (its position in ODS) of this op, which
    /// is the ODS op of id `id` and names it `name`: read from the op's
    /// properties (inherent only, as ODS's getters read it), or by name
    /// ([`Op::attr`]) where the op's class has no typed access.
    #[inline]
    pub fn ods_attr(self, id: u32, index: u32, name: &str) -> Option<Attr<'ir>> {
        if let Some(read) = access(id).and_then(|a| a.attr) {
            let mut out = MlirAttribute {
                ptr: std::ptr::null_mut(),
            };
            // SAFETY: op is live and `out` a valid out-pointer; the access
            // checks the op's class before it reads the properties.
            if unsafe { read(self.raw(), index, &mut out) } {
                // SAFETY: an attribute of the live op, or null.
                return unsafe { Attr::from_raw(out) };
            }
        }
        self.attr(name)
    }

    /// The value of enum attribute `index` (its position in ODS) of this op,
    /// which is the ODS op of id `id` and names it `name`: read from the
    /// op's properties as the attribute's C++ class holds it, or through
    /// the attribute where the op's class has no typed access.
    #[inline]
    pub fn ods_enum(self, id: u32, index: u32, name: &str) -> Option<u64> {
        if let Some(read) = access(id).and_then(|a| a.enumValue) {
            let mut value = 0u64;
            // SAFETY: op is live and `value` a valid out-pointer; the access
            // checks the op's class before it reads the properties.
            match unsafe { read(self.raw(), index, &mut value) } {
                1 => return Some(value),
                // Absent, or held by an attribute that is no enum attribute.
                0 => return self.ods_attr(id, index, name).and_then(|a| a.enum_value()),
                _ => {}
            }
        }
        self.attr(name).and_then(|a| a.enum_value())
    }

    /// [`ods_enum`](Op::ods_enum) of attribute `name` (by name when ODS
    /// declares no such attribute).
    #[inline]
    pub fn ods_enum_named(self, id: u32, name: &str) -> Option<u64> {
        match attr_index(id, name) {
            Some(index) => self.ods_enum(id, index, name),
            None => self.attr(name).and_then(|a| a.enum_value()),
        }
    }

    /// Inherent attribute `name` of this op, which is the ODS op of id
    /// `id`: [`ods_attr`](Op::ods_attr) at the attribute's ODS index (by
    /// name when ODS declares no such attribute).
    #[inline]
    pub fn ods_attr_named(self, id: u32, name: &str) -> Option<Attr<'ir>> {
        match attr_index(id, name) {
            Some(index) => self.ods_attr(id, index, name),
            None => self.attr(name),
        }
    }

    /// Sets inherent attribute `name` of this op, which is the ODS op of id
    /// `id`, in place: stored into the op's properties at the attribute's
    /// ODS index, or by name ([`Op::set_inherent_attr`]) where the op's
    /// class has no typed access or the attribute is not of the kind ODS
    /// declares.
    #[inline]
    pub fn set_ods_attr_named(self, id: u32, name: &str, value: Attr<'ir>) {
        let index = attr_index(id, name);
        if let (Some(index), Some(set)) = (index, access(id).and_then(|a| a.setAttr)) {
            // SAFETY: op and value are live; the access checks the op's
            // class, the value's kind and context before it stores it.
            if unsafe { set(self.raw(), index, value.raw()) } {
                crate::ir::note_in_place_change();
                return;
            }
        }
        self.set_inherent_attr(name, value);
    }

    /// [`Op::create_with_regions`] through the typed access of an ODS op:
    /// None when `op` is named by name, its class has no typed access, an
    /// attribute is not one of its inherent ones (or not of its declared
    /// kind), or an object is of another context; the caller then takes
    /// MLIR's by-name path, which decides those cases as before.
    pub(crate) fn create_ods(
        op: OpName<'_>,
        loc: Location<'ir>,
        operands: &[Value<'ir>],
        result_types: &[Type<'ir>],
        attrs: &[(&str, Attr<'ir>)],
        regions: usize,
    ) -> Option<Detached<'ir>> {
        let id = op.ods_id()?;
        let create = access(id)?.create?;
        // The id decides which op (as it decides `isa` and `from_op`); the
        // name only names it in messages.
        let decl = crate::ir::typed::decl(id)?;
        // Ops take few attributes; more than this many take the generic path.
        const MOST: usize = 8;
        if attrs.len() > MOST {
            return None;
        }
        let mut indices = [0u32; MOST];
        let mut values = [MlirAttribute {
            ptr: std::ptr::null_mut(),
        }; MOST];
        for (i, (name, value)) in attrs.iter().enumerate() {
            indices[i] = decl.attr_index(name)?;
            values[i] = value.raw();
        }
        // SAFETY: Value/Type are repr(transparent) over the C handles, so the
        // slices have the layout of arrays of MlirValue/MlirType; all objects
        // are live; every array is borrowed for the call.
        let raw = unsafe {
            create(
                loc.raw(),
                operands.as_ptr().cast(),
                operands.len() as isize,
                result_types.as_ptr().cast(),
                result_types.len() as isize,
                indices.as_ptr(),
                values.as_ptr(),
                attrs.len() as isize,
                regions as isize,
            )
        };
        // SAFETY: null, or an op just created: live, detached and ours.
        unsafe { Op::from_raw(raw) }.map(Detached::new)
    }
}
