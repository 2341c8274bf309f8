//! What the typed layer generated from ODS (`ods_typed.rs`,
//! `ods_enums.rs`) builds on: the op-view trait [`OdsOp`], the enum traits
//! [`ValueEnum`] and [`BitEnum`], and op identity by id: the installed op
//! tables, one per descriptor, whose op `i` has id `base << 16 | i` (the
//! base a hash of its crate's dialect names), so that crates built apart
//! share a process. An op's id is read from the op in one bridge call and
//! a process-wide cache keyed by the op's class: never by comparing names.

use crate::ir::op_access::OpName;
use crate::ir::scoped::ScopedOp;
use crate::ir::{Attr, Op, Value};
use std::sync::atomic::{AtomicU8, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Mutex, OnceLock};

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
    /// op receives ([`Pattern::new`](crate::rewrite::user_patterns::Pattern::new)).
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

/// One op as declared in ODS, with the hooks ODS declared for it (the
/// generated `ODS_OPS` table).
#[derive(Debug)]
pub struct OpDecl {
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
    /// `rustFoldsToAttr`: its index in [`attrs`](OpDecl::attrs).
    pub folds_to_attr: Option<u32>,
    /// Its inherent attributes' names, in ODS order (an attribute's index
    /// is its position here).
    pub attrs: &'static [&'static str],
}

impl OpDecl {
    /// The ODS index of inherent attribute `name`.
    #[inline]
    pub fn attr_index(&self, name: &str) -> Option<u32> {
        self.attrs.iter().position(|a| *a == name).map(|i| i as u32)
    }
}

/// The dense id of `name` in `ops` (sorted by name, as generated).
pub fn op_id(ops: &[OpDecl], name: &str) -> Option<u32> {
    ops.binary_search_by(|op| op.name.cmp(name))
        .ok()
        .map(|i| i as u32)
}

/// How many op tables (descriptors: sets of dialects built together) one
/// process serves.
pub const MAX_TABLES: usize = 15;
/// The most ops one table may hold (ids are cached in 12 bits).
pub const MAX_OPS: usize = 4094;

/// The op table of one installed descriptor: its ops have ids
/// `base << 16 | index`. Per op, what the typed layer learns as it goes.
pub(crate) struct OpTable {
    base: u32,
    ops: &'static [OpDecl],
    /// Per op, its class (TypeID address), [`UNKNOWN`] until first asked
    /// for, [`UNREGISTERED`] when the context that asked did not register
    /// it: what makes [`Op::is_ods`] one compare. A registered op class's
    /// TypeID is a static of the library declaring it, the same in every
    /// context of the process.
    classes: Box<[AtomicUsize]>,
    /// Per op, its typed access (see `op_access`).
    pub(crate) access: Box<[AtomicUsize]>,
}

/// The installed op tables, by slot; published once each.
static TABLES: [OnceLock<OpTable>; MAX_TABLES] = [const { OnceLock::new() }; MAX_TABLES];
/// Id base -> 1 + the slot of its table (0: none).
static SLOT_OF_BASE: [AtomicU8; 1 << 15] = [const { AtomicU8::new(0) }; 1 << 15];
/// Serializes installing tables.
static INSTALLING: Mutex<()> = Mutex::new(());

/// The index in its table of the op of id `id`.
#[inline(always)]
pub const fn id_index(id: u32) -> usize {
    (id & 0xFFFF) as usize
}

/// Installs the op table `ops` of id base `base` (idempotent for the same
/// table); returns its slot. Refused when another table has that base (two
/// crates whose dialect names hash alike), when the table is too large, or
/// when every slot is taken.
pub(crate) fn install_op_table(base: u32, ops: &'static [OpDecl]) -> Result<usize, String> {
    let _installing = INSTALLING.lock().unwrap_or_else(|e| e.into_inner());
    if base == 0 || base as usize >= SLOT_OF_BASE.len() {
        return Err(format!("rmlir-bridge: op id base {base} is out of range"));
    }
    if ops.len() > MAX_OPS {
        return Err(format!(
            "rmlir-bridge: {} ops in one descriptor; at most {MAX_OPS}",
            ops.len()
        ));
    }
    let known = SLOT_OF_BASE[base as usize].load(Ordering::Acquire);
    if known != 0 {
        let table = TABLES[known as usize - 1].get().expect("a published table");
        if std::ptr::eq(table.ops, ops) {
            return Ok(known as usize - 1);
        }
        return Err(format!(
            "rmlir-bridge: the op ids of `{}` and `{}` share the base {base} (their dialect \
             names hash alike): rename a dialect",
            table.ops.first().map_or("", |d| d.name),
            ops.first().map_or("", |d| d.name)
        ));
    }
    let slot = TABLES
        .iter()
        .position(|t| t.get().is_none())
        .ok_or_else(|| {
            format!("rmlir-bridge: more than {MAX_TABLES} descriptors in one process")
        })?;
    let slots = || (0..ops.len()).map(|_| AtomicUsize::new(UNKNOWN)).collect();
    let _ = TABLES[slot].set(OpTable {
        base,
        ops,
        classes: slots(),
        access: slots(),
    });
    SLOT_OF_BASE[base as usize].store(slot as u8 + 1, Ordering::Release);
    Ok(slot)
}

/// The slot of the table of the op (or pattern, or pass) of id `id`, when
/// its table is installed: one byte load.
#[inline(always)]
pub(crate) fn slot_of(id: u32) -> Option<usize> {
    let slot = SLOT_OF_BASE
        .get((id >> 16) as usize)?
        .load(Ordering::Acquire);
    (slot != 0).then(|| slot as usize - 1)
}

/// The slot and table of the op of id `id`, when its table is installed.
#[inline(always)]
pub(crate) fn table_of(id: u32) -> Option<(usize, &'static OpTable)> {
    let slot = slot_of(id)?;
    Some((slot, TABLES[slot].get()?))
}

/// The declaration of the op of id `id`, when its table is installed.
#[inline]
pub fn decl(id: u32) -> Option<&'static OpDecl> {
    table_of(id).and_then(|(_, t)| t.ops.get(id_index(id)))
}

/// The id of the op named `name` in any installed table.
pub fn id_by_name(name: &str) -> Option<u32> {
    TABLES
        .iter()
        .filter_map(OnceLock::get)
        .find_map(|t| op_id(t.ops, name).map(|i| t.base << 16 | i))
}

/// Registered op class (TypeID address) -> its ODS id, an open-addressed
/// table filled once per class and never evicted: a slot holds
/// `class << 16 | tag`, the tag `table slot << 12 | index + 1`, or
/// [`NOT_OURS`] for ops of other dialects; 0 is an empty slot. A class not
/// found within [`PROBES`] slots of its home (a crowded table) costs the
/// lookup by name. Global and lock-free (a slot is claimed by one
/// compare-exchange): the mapping is a fact of the process (a class's
/// TypeID is a static of the library declaring it).
static ID_CACHE: [AtomicU64; 1024] = [const { AtomicU64::new(0) }; 1024];
/// Slots searched from a class's home slot.
const PROBES: usize = 8;
/// The tag of an op class that has no ODS id (no table is in slot 15).
const NOT_OURS: u64 = 0xFFFF;

/// The home slot of an op class, then the next `PROBES - 1` ones.
#[inline]
fn id_slots(class: u64) -> impl Iterator<Item = &'static AtomicU64> {
    // Fibonacci hashing of the address without its alignment bits: TypeIDs
    // of one library lie 8 bytes apart, which shifts alone would collide.
    const _: () = assert!(ID_CACHE.len() == 1024);
    let home = ((class >> 3).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 54) as usize;
    (0..PROBES).map(move |i| &ID_CACHE[(home + i) % ID_CACHE.len()])
}

/// The cache tag of op id `id`.
fn tag_of(id: u32) -> Option<u64> {
    let (slot, _) = table_of(id)?;
    Some((slot as u64) << 12 | (id_index(id) as u64 + 1))
}

/// The op id a cache tag stands for.
#[inline]
fn id_of_tag(tag: u64) -> Option<u32> {
    let table = TABLES.get((tag >> 12) as usize)?.get()?;
    Some(table.base << 16 | ((tag & 0xFFF) as u32 - 1))
}

const UNKNOWN: usize = 0;
/// Never a TypeID address (those are aligned).
const UNREGISTERED: usize = 1;

impl<'ir> Op<'ir> {
    /// The op's dense ODS id ([`OdsOp::ID`]); None for unregistered ops and
    /// ops of other dialects. One C call and a cache lookup: no string.
    pub fn ods_id(self) -> Option<u32> {
        self.ods_id_of_class(self.class_id()?)
    }

    /// The op's name as an [`OpName`]: with its ODS id when it is an ODS
    /// op, so that an op created under it goes the typed way.
    pub fn op_name(self) -> OpName<'ir> {
        match self.ods_id().and_then(|id| Some((id, decl(id)?.name))) {
            Some((id, name)) => OpName::ods(id, name),
            None => OpName::from(self.name()),
        }
    }

    /// [`ods_id`](Op::ods_id), the op's class `class` already read.
    #[inline]
    fn ods_id_of_class(self, class: usize) -> Option<u32> {
        let key = class as u64;
        // Addresses fit in 48 bits; the tag takes the low 16.
        if key >> 48 != 0 {
            return id_by_name(self.name());
        }
        for slot in id_slots(key) {
            match slot.load(Ordering::Relaxed) {
                0 => return self.learn_id(key),
                entry if entry >> 16 == key => {
                    return match entry & 0xFFFF {
                        NOT_OURS => None,
                        tag => id_of_tag(tag),
                    };
                }
                _ => {}
            }
        }
        id_by_name(self.name())
    }

    /// The slow path of [`ods_id_of_class`](Op::ods_id_of_class): the id by
    /// the op's name, entered for its class in the first free slot.
    #[cold]
    fn learn_id(self, key: u64) -> Option<u32> {
        let id = id_by_name(self.name());
        let tag = match id {
            Some(id) => match tag_of(id) {
                Some(tag) => tag,
                None => return Some(id),
            },
            None => NOT_OURS,
        };
        let entry = key << 16 | tag;
        for slot in id_slots(key) {
            match slot.compare_exchange(0, entry, Ordering::Relaxed, Ordering::Relaxed) {
                Ok(_) => break,
                // Another thread entered this class first.
                Err(held) if held >> 16 == key => break,
                Err(_) => {}
            }
        }
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
        let Some(slot) = table_of(id).and_then(|(_, t)| t.classes.get(id_index(id))) else {
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
        let Some(name) = decl(id).map(|d| d.name) else {
            return false;
        };
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
        let Some(decl) = decl(id) else {
            return self.fold_constant();
        };
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
