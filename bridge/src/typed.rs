//! What the typed layer generated from ODS (`ods_typed.rs`,
//! `ods_enums.rs`) builds on: the op-view trait [`OdsOp`], the enum traits
//! [`ValueEnum`] and [`BitEnum`], and op identity by dense id. An op's id
//! (its index in the installed descriptor's op table) is read from the op
//! in one bridge call and a process-wide cache keyed by the op's class:
//! never by comparing names.

use crate::ir::{Attr, Op, Value};
use crate::op_access::OpName;
use crate::scoped::ScopedOp;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};

/// An op declared in ODS, seen through its typed view.
pub trait OdsOp<'ir>: Copy + std::ops::Deref<Target = Op<'ir>> {
    /// The op's dense id (its index in the descriptor's op table).
    const ID: u32;
    /// The op's full name (`rarith.subi`), for diagnostics and creation.
    const NAME: &'static str;
    /// The op to create ([`Op::create`], `Rewriter::create`): by id, so
    /// that it is built through its typed access.
    const OP: OpName<'static> = OpName::ods(Self::ID, Self::NAME);
    /// The op's view inside a pattern's scope (read-only, generated next to
    /// this one: `MulIOpRef` for `MulIOp`): what a pattern rooted at this
    /// op receives ([`Pattern::new`](crate::user_patterns::Pattern::new)).
    type Scoped<'s>: ScopedOp<'s>;
    /// The view of `op`, which the caller knows to be of this kind.
    fn from_op_unchecked(op: Op<'ir>) -> Self;
    /// The op seen through the view.
    fn op(self) -> Op<'ir>;
    /// The view of `op` when it is of this kind.
    #[inline]
    fn from_op(op: Op<'ir>) -> Option<Self> {
        op.is_ods(Self::ID).then(|| Self::from_op_unchecked(op))
    }
}

/// A value enum of ODS (`I64EnumAttr`: predicates, rounding modes).
pub trait ValueEnum: Copy + Sized + 'static {
    /// Every case, in declaration order.
    const ALL: &'static [Self];
    /// The case of a stored value.
    fn from_value(value: u64) -> Option<Self>;
    /// The stored value (as the C++ enum and the attribute hold it).
    fn value(self) -> u64;
    /// The case as the custom syntax spells it (`ult`).
    fn spelling(self) -> &'static str;
}

/// A bit enum of ODS (`I32BitEnumAttr`: fast-math and overflow flags).
pub trait BitEnum: Copy + Sized + 'static {
    /// (spelling, bits) per case, in declaration order (groups included).
    const CASES: &'static [(&'static str, u32)];
    /// The flags of a stored bit pattern.
    fn from_bits(bits: u32) -> Self;
    /// The stored bit pattern.
    fn bits(self) -> u32;
    /// True when every flag of `other` is set.
    #[inline]
    fn contains(self, other: Self) -> bool {
        self.bits() & other.bits() == other.bits()
    }
    /// True when no flag is set.
    #[inline]
    fn is_empty(self) -> bool {
        self.bits() == 0
    }
}

/// Registered op class (TypeID address) -> its ODS id, direct-mapped: a
/// slot holds `class << 16 | tag`, the tag `id + 1`, or [`NOT_OURS`] for
/// ops of other dialects; 0 is an empty slot. A collision only costs the
/// lookup by name again. Global and lock-free: the mapping is a fact of
/// the process (a class's TypeID is a static of the library declaring it).
static ID_CACHE: [AtomicU64; 256] = [const { AtomicU64::new(0) }; 256];
/// The tag of an op class that has no ODS id.
const NOT_OURS: u64 = 0xFFFF;

/// The cache slot of an op class.
#[inline]
fn id_slot(class: u64) -> &'static AtomicU64 {
    &ID_CACHE[((class >> 4) ^ (class >> 12)) as usize % ID_CACHE.len()]
}

/// ODS id -> the class (TypeID address) of that op, [`UNKNOWN`] until
/// first asked for, [`UNREGISTERED`] when the context that asked did not
/// register it: what makes [`Op::is_ods`] one compare. A registered op
/// class's TypeID is a static of the library declaring it, the same in
/// every context of the process.
static CLASSES: OnceLock<Box<[AtomicUsize]>> = OnceLock::new();
const UNKNOWN: usize = 0;
/// Never a TypeID address (those are aligned).
const UNREGISTERED: usize = 1;

/// A table of one slot per ODS op, all 0 at first, made once the hook table
/// (and so the op count) is known; None before.
#[inline]
pub(crate) fn per_op_slots(
    table: &'static OnceLock<Box<[AtomicUsize]>>,
) -> Option<&'static [AtomicUsize]> {
    if let Some(slots) = table.get() {
        return Some(slots);
    }
    let n = crate::hooks::op_decls().len();
    (n > 0).then(|| &**table.get_or_init(|| (0..n).map(|_| AtomicUsize::new(0)).collect()))
}

/// The class table ([`UNKNOWN`] is its slots' 0).
fn classes() -> Option<&'static [AtomicUsize]> {
    per_op_slots(&CLASSES)
}

impl<'ir> Op<'ir> {
    /// The op's dense ODS id ([`OdsOp::ID`]); None for unregistered ops and
    /// ops of other dialects. One C call and a cache lookup: no string.
    pub fn ods_id(self) -> Option<u32> {
        self.ods_id_of_class(self.class_id()?)
    }

    /// [`ods_id`](Op::ods_id), the op's class `class` already read.
    #[inline]
    fn ods_id_of_class(self, class: usize) -> Option<u32> {
        let key = class as u64;
        // Addresses fit in 48 bits; the tag takes the low 16.
        if key >> 48 != 0 {
            return crate::model::op_id(crate::hooks::op_decls(), self.name());
        }
        let slot = id_slot(key);
        let entry = slot.load(Ordering::Relaxed);
        if entry >> 16 == key {
            return match entry & 0xFFFF {
                NOT_OURS => None,
                tag => Some(tag as u32 - 1),
            };
        }
        self.learn_id(key, slot)
    }

    /// The slow path of [`ods_id_of_class`](Op::ods_id_of_class): the id by
    /// the op's name, cached for its class.
    #[cold]
    fn learn_id(self, key: u64, slot: &AtomicU64) -> Option<u32> {
        let id = crate::model::op_id(crate::hooks::op_decls(), self.name());
        let tag = match id {
            Some(id) if u64::from(id) + 1 < NOT_OURS => u64::from(id) + 1,
            Some(_) => return id,
            None => NOT_OURS,
        };
        slot.store(key << 16 | tag, Ordering::Relaxed);
        id
    }

    /// True when the op's ODS id is `id` ([`isa`](Op::isa) for an id held
    /// as a value): after the first ask, one bridge call and one compare
    /// against the class the id's op has.
    #[inline]
    pub fn is_ods(self, id: u32) -> bool {
        let Some(class) = self.class_id() else {
            return false;
        };
        let Some(slot) = classes().and_then(|t| t.get(id as usize)) else {
            return false;
        };
        match slot.load(Ordering::Relaxed) {
            UNKNOWN => self.learn_class(id, slot, class),
            UNREGISTERED => self.relearn_class(id, slot, class),
            known => known == class,
        }
    }

    /// The slow path of [`is_ods`](Op::is_ods) for an id learned where the
    /// op's dialect was not loaded: an op of this id, met later, teaches its
    /// class.
    #[cold]
    fn relearn_class(self, id: u32, slot: &AtomicUsize, class: usize) -> bool {
        let is = self.ods_id_of_class(class) == Some(id);
        if is {
            slot.store(class, Ordering::Relaxed);
        }
        is
    }

    /// The slow path of [`is_ods`](Op::is_ods): looks the class of op `id`
    /// up by name in this op's context, once, and answers by it.
    #[cold]
    fn learn_class(self, id: u32, slot: &AtomicUsize, class: usize) -> bool {
        let name = crate::hooks::op_decls()[id as usize].name;
        let found = self.context().registered_op_class(name);
        slot.store(found.unwrap_or(UNREGISTERED), Ordering::Relaxed);
        match found {
            Some(known) => known == class,
            None => self.ods_id_of_class(class) == Some(id),
        }
    }

    /// The value of a `ConstantLike` op (any dialect), as `m_Constant` binds
    /// it. Ops whose ODS declares the attribute they fold to
    /// (`rustFoldsToAttr`: `rarith.constant`, `rshape.const_shape`, ...) are
    /// read directly, without a fold round trip through MLIR.
    pub fn constant_value(self) -> Option<Attr<'ir>> {
        let Some(id) = self.ods_id() else {
            return self.fold_constant();
        };
        let decl = &crate::hooks::op_decls()[id as usize];
        match decl.folds_to_attr {
            Some(index) => self.ods_attr(id, index, decl.attrs[index as usize]),
            None => self.fold_constant(),
        }
    }

    /// True when the op is a `T`.
    #[inline]
    pub fn isa<T: OdsOp<'ir>>(self) -> bool {
        self.is_ods(T::ID)
    }

    /// The op as a `T`, when it is one.
    #[inline]
    pub fn view<T: OdsOp<'ir>>(self) -> Option<T> {
        T::from_op(self)
    }
}

impl<'ir> Value<'ir> {
    /// The op defining this value, when it is a `T`.
    #[inline]
    pub fn defined_by<T: OdsOp<'ir>>(self) -> Option<T> {
        self.defining_op().and_then(T::from_op)
    }

    /// The op defining this value, when its ODS id is `id` (for code that
    /// takes the kind of op as a value: `ExtSIOp::ID`).
    #[inline]
    pub fn defined_by_id(self, id: u32) -> Option<Op<'ir>> {
        self.defining_op().filter(|op| op.is_ods(id))
    }
}
