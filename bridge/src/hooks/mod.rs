//! The Rust hook table the C++ bridge calls (see cpp/include/rmlir/Bridge.h).
//! Each hook converts raw handles to safe ones, dispatches through the
//! installed [`Descriptor`] and runs under [`guard`]. Nothing here knows a
//! dialect: the descriptor says which ops, dialects and passes there are.

pub(crate) mod loader;
pub mod model;

use crate::bindings as b;
use crate::hooks::loader::{RTLD_NOW, dlopen, dlsym, loader_error, this_object_path};
use crate::hooks::model::{Descriptor, Folded, OpBehaviour, PassDef, PassOptions, PatternDef};
use crate::ir::exclusive::Ir;
use crate::ir::guard::{guard, guard_op};
use crate::ir::typed::{MAX_TABLES, id_index, slot_of};
use crate::ir::{self, Attr, Context, Detached, Location, Op, Type, Value};
use crate::rewrite::Rewriter;
use mlir_sys::*;
use std::ffi::c_void;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

/// The raw op id for "unknown op".
const NO_OP: u32 = u32::MAX;

/// An installed descriptor, with the pattern numbering derived from it.
/// Its ops, patterns and passes have ids `id_base << 16 | index`; ids with
/// [`USER`] set are those of the Rust API's patterns and passes.
struct Installed {
    descriptor: &'static Descriptor,
    /// The C API handle of each of the descriptor's dialects, as its
    /// library exports it.
    dialect_handles: Vec<DialectHandle>,
    /// Every pattern of every op, indexed by pattern id.
    patterns: Vec<&'static PatternDef>,
    /// Per op id, the pattern id of its first pattern.
    first_pattern: Vec<u32>,
    /// Per op id, how many times its folder succeeded.
    folds: Vec<AtomicU64>,
    /// Per pattern id, how many times it rewrote.
    rewrites: Vec<AtomicU64>,
    /// Whether its passes are registered with MLIR.
    passes_registered: std::sync::Once,
}

/// The bit of the pattern and pass ids of the Rust API's patterns and
/// passes (`user_patterns`, `user_passes`): no op id base reaches it.
pub(crate) const USER: u32 = 1 << 31;

/// The Rust API's passes (`user_passes`, a layer above this table), as the
/// table reaches them: set when the first one is registered.
pub(crate) struct UserPasses {
    /// Checks the options given to pass `index`.
    pub(crate) check_options: fn(usize, &str) -> Result<(), String>,
    /// Runs pass `index` on an op with the options given.
    pub(crate) run: for<'ir> fn(usize, Op<'ir>, &str) -> bool,
}

/// The Rust API's passes, once one is registered.
pub(crate) static USER_PASSES: OnceLock<UserPasses> = OnceLock::new();

/// Whether hooks count their successes for [`activity`]: off until
/// [`record_activity`], so that no fold or rewrite writes to memory shared
/// by every thread (two threads folding the same op would move its
/// counter's cache line between their cores on every fold).
static COUNTING: AtomicBool = AtomicBool::new(false);

/// Starts counting each Rust hook's successes for [`activity`] (for the rest
/// of the process; a harness that asks which patterns and folders fired
/// calls it first).
pub fn record_activity() {
    COUNTING.store(true, Ordering::Relaxed);
}

/// How often each Rust hook changed the IR in this process since
/// [`record_activity`]: per op, its successful folds; per pattern, its
/// rewrites. One relaxed atomic add per success while recording, nothing
/// per attempt.
#[derive(Debug, Clone, Default)]
pub struct Activity {
    /// (op id, successful folds), for every op id.
    pub folds: Vec<(u32, u64)>,
    /// (pattern name, root op id, rewrites), for every pattern.
    pub rewrites: Vec<(&'static str, u32, u64)>,
}

/// The counts so far, of every installed descriptor (empty before
/// [`install`]; all zero before [`record_activity`]).
pub fn activity() -> Activity {
    let mut activity = Activity::default();
    for i in all_installed() {
        let id = |index: usize| i.descriptor.id_base << 16 | index as u32;
        activity.folds.extend(
            i.folds
                .iter()
                .enumerate()
                .map(|(op, n)| (id(op), n.load(Ordering::Relaxed))),
        );
        for (op, b) in i.descriptor.behaviours.iter().enumerate() {
            let first = i.first_pattern[op] as usize;
            for (k, p) in b.patterns.iter().enumerate() {
                let n = i.rewrites[first + k].load(Ordering::Relaxed);
                activity.rewrites.push((p.name, id(op), n));
            }
        }
    }
    activity
}

/// The installed descriptors, in the slots of their op tables
/// (`typed::install_op_table`).
static INSTALLED: [OnceLock<Installed>; MAX_TABLES] = [const { OnceLock::new() }; MAX_TABLES];

/// Every installed descriptor.
fn all_installed() -> impl Iterator<Item = &'static Installed> {
    INSTALLED.iter().filter_map(OnceLock::get)
}

/// The descriptor an op, pattern or pass id belongs to, and the id's index.
#[inline(always)]
fn installed_of(id: u32) -> Option<(&'static Installed, usize)> {
    Some((INSTALLED[slot_of(id)?].get()?, id_index(id)))
}

/// A dialect's C API handle: a pointer to static registration hooks.
struct DialectHandle(MlirDialectHandle);
// SAFETY: the handle points at immutable static data in the dialect library,
// which is never unloaded.
unsafe impl Send for DialectHandle {}
// SAFETY: as above; nothing writes through it.
unsafe impl Sync for DialectHandle {}

/// Loads the descriptor's dialect library (once per process: the loader
/// counts references) and reads each dialect's `rmlirDialectHandle__<ns>`.
/// A library that does not load or lacks a dialect is a broken build:
/// the message says which, and the process aborts (this may run under a
/// C caller, which must not be unwound into).
fn resolve_dialect_handles(descriptor: &Descriptor) -> Vec<DialectHandle> {
    let fail = |what: String| -> ! {
        eprintln!("rmlir-bridge: {what}");
        std::process::abort()
    };
    let candidates = dialect_library_candidates(descriptor.library);
    let mut library = std::ptr::null_mut();
    for candidate in &candidates {
        let Ok(path) = std::ffi::CString::new(candidate.as_os_str().as_encoded_bytes()) else {
            continue;
        };
        // SAFETY: `path` is NUL-terminated; the library is never closed.
        library = unsafe { dlopen(path.as_ptr(), RTLD_NOW) };
        if !library.is_null() {
            break;
        }
    }
    if library.is_null() {
        fail(format!(
            "cannot load the dialect library {} (looked at {}): {}",
            descriptor.library,
            candidates
                .iter()
                .map(|c| c.display().to_string())
                .collect::<Vec<_>>()
                .join(", "),
            loader_error()
        ));
    }
    descriptor
        .dialects
        .iter()
        .map(|d| {
            let symbol = std::ffi::CString::new(format!("rmlirDialectHandle__{}", d.name))
                .unwrap_or_else(|_| fail("dialect name with a NUL byte".into()));
            // SAFETY: `library` is a live handle, `symbol` NUL-terminated.
            let address = unsafe { dlsym(library, symbol.as_ptr()) };
            if address.is_null() {
                fail(format!(
                    "{} does not define dialect `{}` (RMLIR_DIALECT_HANDLE)",
                    descriptor.library, d.name
                ));
            }
            // SAFETY: RMLIR_DIALECT_HANDLE defines the symbol as
            // `MlirDialectHandle (*)(void)`.
            let get: extern "C" fn() -> MlirDialectHandle = unsafe { std::mem::transmute(address) };
            DialectHandle(get())
        })
        .collect()
}

/// Where the dialect library built at `built` may be, in order: next to
/// the object holding this code, or in `../lib` from it (an installed
/// prefix: `lib/` for plugins, `bin/` for tools), then where it was built.
/// So an installed, moved prefix loads its own copy, and the build tree
/// still works.
fn dialect_library_candidates(built: &str) -> Vec<std::path::PathBuf> {
    let built = std::path::Path::new(built);
    let mut candidates = Vec::new();
    if let (Some(here), Some(name)) = (this_object_path(), built.file_name())
        && let Some(dir) = here.parent()
    {
        candidates.push(dir.join(name));
        candidates.push(dir.join("../lib").join(name));
    }
    candidates.retain(|c| c.is_file());
    candidates.push(built.to_path_buf());
    candidates
}

/// The C API handle of the installed dialect `namespace`.
pub(crate) fn dialect_handle(namespace: &str) -> Option<MlirDialectHandle> {
    all_installed().find_map(|i| {
        let index = i
            .descriptor
            .dialects
            .iter()
            .position(|d| d.name == namespace)?;
        Some(i.dialect_handles[index].0)
    })
}

/// Adds the dialects of `descriptor` (installed) to `registry`.
pub(crate) fn insert_dialects_of(descriptor: &'static Descriptor, registry: MlirDialectRegistry) {
    for i in all_installed().filter(|i| std::ptr::eq(i.descriptor, descriptor)) {
        insert_handles(i, registry);
    }
}

/// Adds every installed dialect to `registry`.
pub(crate) fn insert_dialects(registry: MlirDialectRegistry) {
    for i in all_installed() {
        insert_handles(i, registry);
    }
}

fn insert_handles(i: &Installed, registry: MlirDialectRegistry) {
    for handle in &i.dialect_handles {
        // SAFETY: the handle is a live static; the registry is live for the
        // caller's call.
        unsafe { mlirDialectHandleInsertDialect(handle.0, registry) };
    }
}

extern "C" fn register_dialects(registry: MlirDialectRegistry) {
    guard(
        "registerDialects",
        || None,
        (),
        || insert_dialects(registry),
    );
}

#[inline(always)]
fn behaviour(id: u32) -> Option<&'static OpBehaviour> {
    let (i, index) = installed_of(id)?;
    i.descriptor.behaviours.get(index)
}

/// The descriptor pass of id `id`.
fn pass(id: u32) -> Option<&'static PassDef> {
    let (i, index) = installed_of(id)?;
    i.descriptor.passes.get(index)
}

extern "C" fn op_id(name: MlirStringRef) -> u32 {
    guard(
        "opId",
        || None,
        NO_OP,
        || {
            // SAFETY: the bridge passes an op name that lives for the call.
            crate::ir::typed::id_by_name(unsafe { ir::from_sref(name) }).unwrap_or(NO_OP)
        },
    )
}

fn fold_result(folded: Folded) -> b::RmlirFoldResult {
    match folded {
        Folded::Attr(a) => b::RmlirFoldResult {
            attr: a.raw(),
            value: MlirValue {
                ptr: std::ptr::null_mut(),
            },
        },
        Folded::Value(v) => b::RmlirFoldResult {
            attr: MlirAttribute {
                ptr: std::ptr::null(),
            },
            value: v.raw(),
        },
    }
}

/// Panics (a bug in the folder, which the guard reports) when a fold
/// answered with its op's own result, which MLIR takes for "folded in
/// place", without changing the op in place: a driver would fold it again
/// forever.
fn check_in_place(op: Op, out: &[b::RmlirFoldResult], changes_before: u64) {
    let own = out
        .iter()
        .enumerate()
        .any(|(i, r)| r.attr.ptr.is_null() && r.value.ptr == op.result(i).raw().ptr);
    assert!(
        !own || ir::in_place_changes() != changes_before,
        "the folder of `{}` returned the op's own result without changing the op \
         (an in-place fold must change it; return None when nothing folds)",
        op.name()
    );
}

extern "C" fn fold(
    id: u32,
    op: MlirOperation,
    operands: *const MlirAttribute,
    num_operands: isize,
    results: *mut b::RmlirFoldResult,
    num_results: isize,
) -> bool {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    let changes = ir::in_place_changes();
    let folded = guard_op("fold", op, false, || {
        let Some(b) = behaviour(id) else { return false };
        let operands: &[Option<Attr>] = if num_operands == 0 {
            &[]
        } else {
            // SAFETY: the bridge passes `num_operands` attributes (null for
            // non-constant operands); Option<Attr> is a nullable pointer with
            // MlirAttribute's layout.
            unsafe { std::slice::from_raw_parts(operands.cast(), num_operands as usize) }
        };
        // SAFETY: the bridge passes room for `num_results` fold results.
        let out = unsafe { std::slice::from_raw_parts_mut(results, num_results.max(0) as usize) };
        if let Some(f) = b.fold {
            let ([slot], Some(folded)) = (&mut *out, f(op, operands)) else {
                return false;
            };
            *slot = fold_result(folded);
        } else {
            let Some(f) = b.fold_many else { return false };
            let Some(folded) = f(op, operands) else {
                return false;
            };
            if folded.len() != out.len() {
                return false;
            }
            for (slot, f) in out.iter_mut().zip(folded) {
                *slot = fold_result(f);
            }
        }
        check_in_place(op, out, changes);
        true
    });
    if folded
        && COUNTING.load(Ordering::Relaxed)
        && let Some(n) = installed_of(id).and_then(|(i, index)| i.folds.get(index))
    {
        n.fetch_add(1, Ordering::Relaxed);
    }
    folded
}

extern "C" fn verify(id: u32, op: MlirOperation) -> bool {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    guard_op("verify", op, false, || {
        behaviour(id).and_then(|b| b.verify).is_none_or(|f| f(op))
    })
}

extern "C" fn verify_regions(id: u32, op: MlirOperation) -> bool {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    guard_op("verifyRegions", op, false, || {
        behaviour(id)
            .and_then(|b| b.verify_regions)
            .is_none_or(|f| f(op))
    })
}

/// The bridge's output array of `capacity` descriptors (empty when null).
///
/// # Safety
/// A non-null `out` must point to `capacity` writable elements, unaliased
/// for `'a`.
unsafe fn out_slice<'a, T>(out: *mut T, capacity: isize) -> &'a mut [T] {
    if out.is_null() || capacity <= 0 {
        &mut []
    } else {
        // SAFETY: the caller's contract.
        unsafe { std::slice::from_raw_parts_mut(out, capacity as usize) }
    }
}

extern "C" fn canonicalization_patterns(
    id: u32,
    out: *mut b::RmlirPatternDesc,
    capacity: isize,
) -> isize {
    guard(
        "getCanonicalizationPatterns",
        || None,
        0,
        || {
            let Some((i, index)) = installed_of(id) else {
                return 0;
            };
            let Some(b) = i.descriptor.behaviours.get(index) else {
                return 0;
            };
            let first = i.descriptor.id_base << 16 | i.first_pattern[index];
            // SAFETY: the bridge passes room for `capacity` descriptors.
            let out = unsafe { out_slice(out, capacity) };
            for ((i, p), slot) in b.patterns.iter().enumerate().zip(out) {
                // The strings are 'static.
                *slot = b::RmlirPatternDesc {
                    patternId: first + i as u32,
                    benefit: p.benefit,
                    root: ir::sref(p.root),
                    debugName: ir::sref(p.name),
                };
            }
            b.patterns.len() as isize
        },
    )
}

extern "C" fn dialect_canonicalization_patterns(
    dialect: MlirStringRef,
    out: *mut b::RmlirPatternDesc,
    capacity: isize,
) -> isize {
    guard(
        "getCanonicalizationPatterns",
        || None,
        0,
        || {
            // SAFETY: the bridge passes the dialect's namespace, live for
            // the call.
            let dialect = unsafe { ir::from_sref(dialect) };
            // SAFETY: the bridge passes room for `capacity` descriptors.
            let out = unsafe { out_slice(out, capacity) };
            crate::rewrite::user_patterns::dialect_patterns(dialect, USER, out) as isize
        },
    )
}

extern "C" fn match_and_rewrite(
    pattern: u32,
    op: MlirOperation,
    rewriter: MlirPatternRewriter,
) -> bool {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    guard_op("matchAndRewrite", op, false, || {
        if pattern & USER != 0 {
            let index = (pattern & !USER) as usize;
            return crate::rewrite::user_patterns::match_and_rewrite(index, op, rewriter);
        }
        let Some((table, index)) = installed_of(pattern) else {
            return false;
        };
        let Some(p) = table.patterns.get(index) else {
            return false;
        };
        let rewrote = Rewriter::apply(rewriter, op, std::ptr::null(), |rw| (p.rewrite)(op, rw));
        if rewrote
            && COUNTING.load(Ordering::Relaxed)
            && let Some(n) = table.rewrites.get(index)
        {
            n.fetch_add(1, Ordering::Relaxed);
        }
        rewrote
    })
}

extern "C" fn asm_result_names(
    id: u32,
    op: MlirOperation,
    set: b::RmlirSetNameFn,
    user_data: *mut c_void,
) {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return;
    };
    let Some(set) = set else { return };
    guard_op("getAsmResultNames", op, (), || {
        if let Some(f) = behaviour(id).and_then(|b| b.result_names) {
            f(op, &mut |i, name| {
                // SAFETY: `set` and `user_data` are the bridge's sink for this
                // call; name is borrowed for the call.
                unsafe { set(user_data, i as isize, ir::sref(name)) }
            });
        }
    })
}

#[allow(clippy::too_many_arguments)]
extern "C" fn infer_return_types(
    id: u32,
    ctx: MlirContext,
    loc: MlirLocation,
    operands: *const MlirValue,
    num_operands: isize,
    attributes: *const b::RmlirAttrLookup,
    push: b::RmlirPushTypeFn,
    user_data: *mut c_void,
) -> bool {
    let (Some(ctx), Some(loc), Some(push)) =
        // SAFETY: the bridge passes a live handle (or null) for the call.
        (unsafe { Context::from_raw(ctx) }, unsafe { Location::from_raw(loc) }, push)
    else {
        return false;
    };
    guard(
        "inferReturnTypes",
        || Some(loc),
        false,
        || {
            let Some(f) = behaviour(id).and_then(|b| b.infer_types) else {
                return false;
            };
            let operands: &[Value] = if num_operands == 0 {
                &[]
            } else {
                // SAFETY: the bridge passes `num_operands` live values; Value is
                // repr(transparent) over a non-null MlirValue.
                unsafe { std::slice::from_raw_parts(operands.cast(), num_operands as usize) }
            };
            let Some(types) = f(
                ctx,
                loc,
                operands,
                &ir::AttrLookup::new(
                    // SAFETY: the bridge passes a lookup that lives for this call.
                    unsafe { &*attributes },
                ),
            ) else {
                return false;
            };
            for t in types {
                // SAFETY: push/user_data are the bridge's sink for this call.
                unsafe { push(user_data, t.raw()) };
            }
            true
        },
    )
}

extern "C" fn is_compatible_return_types(
    id: u32,
    inferred: *const MlirType,
    num_inferred: isize,
    actual: *const MlirType,
    num_actual: isize,
) -> bool {
    guard(
        "isCompatibleReturnTypes",
        || None,
        false,
        || {
            let view = |p: *const MlirType, n: isize| -> &[Type] {
                if n == 0 {
                    &[]
                } else {
                    // SAFETY: the bridge passes n live types; Type is
                    // repr(transparent) over a non-null MlirType.
                    unsafe { std::slice::from_raw_parts(p.cast(), n as usize) }
                }
            };
            let (l, r) = (view(inferred, num_inferred), view(actual, num_actual));
            match behaviour(id).and_then(|b| b.compatible_types) {
                Some(f) => f(l, r),
                None => l == r,
            }
        },
    )
}

extern "C" fn are_cast_compatible(
    id: u32,
    inputs: *const MlirType,
    num_inputs: isize,
    outputs: *const MlirType,
    num_outputs: isize,
) -> bool {
    guard(
        "areCastCompatible",
        || None,
        false,
        || {
            let Some(f) = behaviour(id).and_then(|b| b.cast_compatible) else {
                return false;
            };
            let view = |p: *const MlirType, n: isize| -> &[Type] {
                if n == 0 {
                    &[]
                } else {
                    // SAFETY: the bridge passes n live types; Type is
                    // repr(transparent) over a non-null MlirType.
                    unsafe { std::slice::from_raw_parts(p.cast(), n as usize) }
                }
            };
            f(view(inputs, num_inputs), view(outputs, num_outputs))
        },
    )
}

extern "C" fn shape_for_unroll(
    _id: u32,
    op: MlirOperation,
    dims: *mut i64,
    capacity: isize,
) -> isize {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return -1;
    };
    guard_op("getShapeForUnroll", op, -1, || {
        // The unroll shape of an elementwise op is that of its first result
        // when it is a vector (upstream's rule for every arith op).
        let ty = op.result(0).ty();
        if !ty.is_vector() {
            return -1;
        }
        let Some(shape) = ty.dims() else { return -1 };
        for (i, d) in shape.iter().enumerate().take(capacity.max(0) as usize) {
            // SAFETY: the bridge passes room for `capacity` dims.
            unsafe { *dims.add(i) = *d };
        }
        shape.len() as isize
    })
}

extern "C" fn speculatability(id: u32, op: MlirOperation) -> u32 {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return 0;
    };
    guard_op("getSpeculatability", op, 0, || {
        behaviour(id)
            .and_then(|b| b.speculatability)
            .map_or(0, |f| f(op) as u32)
    })
}

extern "C" fn infer_int_ranges(
    id: u32,
    op: MlirOperation,
    args: *const b::RmlirIntRange,
    num_args: isize,
    set: b::RmlirSetIntRangeFn,
    user_data: *mut c_void,
) {
    use crate::semantics::ApInt;
    use crate::semantics::int_range::IntRange;
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let (Some(op), Some(set)) = (unsafe { Op::from_raw(op) }, set) else {
        return;
    };
    guard_op("inferResultRanges", op, (), || {
        let Some(f) = behaviour(id).and_then(|b| b.int_range) else {
            return;
        };
        let read = |width: u32, words: *const u64| {
            let n = width.div_ceil(64) as usize;
            // SAFETY: the bridge passes `ceil(width/64)` words per value,
            // alive for the duration of this hook.
            ApInt::from_words(width, unsafe { std::slice::from_raw_parts(words, n) })
        };
        // SAFETY: `args` points to `num_args` ranges alive for the call.
        let raw = unsafe { std::slice::from_raw_parts(args, num_args.max(0) as usize) };
        // The analysis hands width-0 ranges for operands it has no
        // integer range for (floats, ...): the result is then unknown,
        // which is what leaving it unset says. An `i0` operand's width-0
        // range is a real one (its only value, 0).
        let is_i0 = |v: crate::ir::Value| {
            let elt = v.ty().element_type_or_self();
            elt.is_integer() && elt.int_width() == Some(0)
        };
        if raw
            .iter()
            .enumerate()
            .any(|(i, r)| r.width == 0 && op.operands().nth(i).is_some_and(|v| !is_i0(v)))
        {
            return;
        }
        let range = |r: &b::RmlirIntRange| IntRange {
            umin: read(r.width, r.umin),
            umax: read(r.width, r.umax),
            smin: read(r.width, r.smin),
            smax: read(r.width, r.smax),
        };
        let sink = &mut model::RangeSink::new(set, user_data);
        // Arrays on the stack for the common arities: no allocation and no
        // generic collection per call.
        match raw {
            [] => f(op, &[], sink),
            [a] => f(op, &[range(a)], sink),
            [a, b] => f(op, &[range(a), range(b)], sink),
            [a, b, c] => f(op, &[range(a), range(b), range(c)], sink),
            more => f(op, &more.iter().map(range).collect::<Vec<_>>(), sink),
        }
    })
}

extern "C" fn transform_type(name: MlirStringRef, ty: MlirType) -> MlirType {
    let null = MlirType {
        ptr: std::ptr::null(),
    };
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(ty) = (unsafe { Type::from_raw(ty) }) else {
        return null;
    };
    guard(
        "type transform",
        || None,
        null,
        || {
            // SAFETY: the bridge passes a transformer name that lives for the call.
            let name = unsafe { ir::from_sref(name) };
            all_installed()
                .find_map(|i| (i.descriptor.type_transform)(name, ty))
                .map_or(null, Type::raw)
        },
    )
}

extern "C" fn materialize_constant(
    dialect: MlirStringRef,
    value: MlirAttribute,
    ty: MlirType,
    loc: MlirLocation,
) -> MlirOperation {
    let null = MlirOperation {
        ptr: std::ptr::null_mut(),
    };
    let (Some(value), Some(ty), Some(loc)) = (
        // SAFETY: the bridge passes a live handle (or null) for the call.
        unsafe { Attr::from_raw(value) },
        // SAFETY: the bridge passes a live handle (or null) for the call.
        unsafe { Type::from_raw(ty) },
        // SAFETY: the bridge passes a live handle (or null) for the call.
        unsafe { Location::from_raw(loc) },
    ) else {
        return null;
    };
    guard(
        "materializeConstant",
        || Some(loc),
        null,
        || {
            // SAFETY: the bridge passes the dialect namespace for the call.
            let dialect = unsafe { ir::from_sref(dialect) };
            let op = dialects()
                .filter(|d| d.name == dialect)
                .find_map(|d| (d.materialize_constant)(value, ty, loc));
            op.map_or(null, Detached::into_owned_raw)
        },
    )
}

extern "C" fn conversion_patterns(
    dialect: MlirStringRef,
    target: b::RmlirConversionTargetKind,
    out: *mut b::RmlirConversionPattern,
    capacity: isize,
) -> isize {
    guard(
        "conversionPatterns",
        || None,
        0,
        || {
            // SAFETY: the bridge passes the dialect namespace for the call.
            let dialect = unsafe { ir::from_sref(dialect) };
            let Some(hooks) = dialect_named(dialect) else {
                return 0;
            };
            let patterns = match target {
                b::RmlirConversionTargetKind_RmlirConversionTargetLLVM => hooks.to_llvm,
                b::RmlirConversionTargetKind_RmlirConversionTargetEmitC => hooks.to_emitc,
                _ => None,
            };
            let Some(patterns) = patterns else {
                return 0;
            };
            // SAFETY: the bridge passes room for `capacity` descriptors.
            let out = unsafe { out_slice(out, capacity) };
            patterns.describe(out) as isize
        },
    )
}

/// The hooks of every installed dialect.
fn dialects() -> impl Iterator<Item = &'static crate::hooks::model::DialectHooks> {
    all_installed().flat_map(|i| i.descriptor.dialects)
}

/// The hooks of the dialect with namespace `namespace`.
fn dialect_named(namespace: &str) -> Option<&'static crate::hooks::model::DialectHooks> {
    dialects().find(|d| d.name == namespace)
}

/// The hooks of the dialect of op `name`.
fn dialect_of(name: &str) -> Option<&'static crate::hooks::model::DialectHooks> {
    dialect_named(name.split_once('.')?.0)
}

/// The bufferization hooks of the dialect of op `name`.
fn bufferization_of(
    name: &str,
) -> Option<&'static crate::interfaces::bufferize::BufferizationHooks> {
    dialect_of(name)?
        .bufferization
        .filter(|h| h.ops.contains(&name))
}

extern "C" fn bufferizable(name: MlirStringRef) -> bool {
    guard(
        "bufferizable",
        || None,
        false,
        || {
            // SAFETY: the bridge passes the op name for the call.
            let name = unsafe { ir::from_sref(name) };
            bufferization_of(name).is_some()
        },
    )
}

extern "C" fn bufferization_query(op: MlirOperation, query: i32, index: isize) -> i32 {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return -1;
    };
    guard_op("bufferizationQuery", op, -1, || {
        let Some(hooks) = bufferization_of(op.name()) else {
            return -1;
        };
        let i = index.max(0) as usize;
        let flag = |b: bool| i32::from(b);
        match u32::try_from(query).unwrap_or(0) {
            b::RmlirBufferQuery_RMLIR_BUFFER_READS => flag((hooks.reads)(op, i)),
            b::RmlirBufferQuery_RMLIR_BUFFER_WRITES => flag((hooks.writes)(op, i)),
            b::RmlirBufferQuery_RMLIR_BUFFER_ALIASED_RESULT => {
                (hooks.aliasing)(op, i).map_or(-1, |(r, _)| r as i32)
            }
            b::RmlirBufferQuery_RMLIR_BUFFER_ALIAS_IS_DEFINITE => {
                flag((hooks.aliasing)(op, i).is_some_and(|(_, definite)| definite))
            }
            b::RmlirBufferQuery_RMLIR_BUFFER_RESULT_WRITABLE => {
                flag((hooks.result_writable)(op, i))
            }
            _ => -1,
        }
    })
}

extern "C" fn bufferize(op: MlirOperation, bufferizer: *mut b::RmlirBufferizer) -> bool {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    guard_op("bufferize", op, false, || {
        let Some(hooks) = bufferization_of(op.name()) else {
            return false;
        };
        // SAFETY: the bridge passes the live bufferizer of this call.
        let mut b =
            unsafe { crate::interfaces::bufferize::Bufferizer::from_raw(bufferizer, op.raw()) };
        let bufferized = (hooks.bufferize)(op, &mut b);
        // A hook that failed leaves its op as it was.
        if bufferized {
            b.finish();
        }
        bufferized
    })
}

extern "C" fn buffer_type(
    op: MlirOperation,
    index: isize,
    bufferizer: *mut b::RmlirBufferizer,
    out: *mut MlirType,
) -> bool {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    guard_op("bufferType", op, false, || {
        let Some(hooks) = bufferization_of(op.name()) else {
            return true;
        };
        // SAFETY: the bridge passes the live bufferizer of this call.
        // A query replaces nothing: its bufferizer has no op to replace.
        let mut b = unsafe {
            crate::interfaces::bufferize::Bufferizer::from_raw(
                bufferizer,
                MlirOperation {
                    ptr: std::ptr::null_mut(),
                },
            )
        };
        let answer = (hooks.buffer_type)(op, index.max(0) as usize, &mut b);
        match answer {
            Err(()) => false,
            Ok(None) => true,
            Ok(Some(ty)) => {
                // SAFETY: the bridge passes a valid out-pointer.
                unsafe { *out = ty.raw() };
                true
            }
        }
    })
}

/// The value-bounds hooks of the dialect of op `name`.
fn value_bounds_of(name: &str) -> Option<&'static crate::analysis::value_bounds::ValueBoundsHooks> {
    dialect_of(name)?
        .value_bounds
        .filter(|h| h.ops.contains(&name))
}

extern "C" fn has_value_bounds(name: MlirStringRef) -> bool {
    guard(
        "hasValueBounds",
        || None,
        false,
        || {
            // SAFETY: the bridge passes the op name for the call.
            let name = unsafe { ir::from_sref(name) };
            value_bounds_of(name).is_some()
        },
    )
}

extern "C" fn value_bounds(
    op: MlirOperation,
    value: MlirValue,
    dim: i64,
    bounds: *mut b::RmlirValueBounds,
) {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let (Some(op), Some(value)) = (unsafe { Op::from_raw(op) }, unsafe {
        Value::from_raw(value)
    }) else {
        return;
    };
    guard_op("valueBounds", op, (), || {
        let Some(hooks) = value_bounds_of(op.name()) else {
            return;
        };
        // SAFETY: the bridge passes the live constraint set of this call and
        // a live value.
        let mut b = unsafe { crate::analysis::value_bounds::Bounds::from_raw(bounds, value) };
        (hooks.populate)(op, value, (dim >= 0).then_some(dim), &mut b)
    })
}

extern "C" fn verify_operation_attribute(
    dialect: MlirStringRef,
    op: MlirOperation,
    name: MlirStringRef,
    value: MlirAttribute,
) -> bool {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let (Some(op), Some(value)) = (unsafe { Op::from_raw(op) }, unsafe {
        Attr::from_raw(value)
    }) else {
        return false;
    };
    guard_op("verifyOperationAttribute", op, false, || {
        // SAFETY: the bridge passes the dialect namespace and attribute
        // name for the duration of the call.
        let (dialect, name) = unsafe { (ir::from_sref(dialect), ir::from_sref(name)) };
        dialects()
            .filter(|d| d.name == dialect)
            .filter_map(|d| d.verify_operation_attribute)
            .all(|verify| verify(op, name, value))
    })
}

/// Registers the passes of `descriptor` (installed) with MLIR's global pass
/// registry, once; the caller holds the registry's lock for writing.
pub(crate) fn register_passes_of(descriptor: &'static Descriptor) {
    for i in all_installed().filter(|i| std::ptr::eq(i.descriptor, descriptor)) {
        register_installed_passes(i);
    }
}

/// Registers the passes of every installed descriptor (what a pass plugin
/// registers), once each; the caller holds the registry's lock for writing.
pub(crate) fn register_all_passes() {
    for i in all_installed() {
        register_installed_passes(i);
    }
}

fn register_installed_passes(i: &'static Installed) {
    i.passes_registered.call_once(|| {
        for (index, p) in i.descriptor.passes.iter().enumerate() {
            let desc = pass_desc(i.descriptor.id_base << 16 | index as u32, p);
            // SAFETY: the table is this library's, 'static; the strings and
            // dependent dialects of the description are 'static.
            unsafe { b::rmlirBridgeRegisterPass(&HOOKS, desc) };
        }
    });
}

fn pass_desc(id: u32, p: &'static PassDef) -> b::RmlirPassDesc {
    // A panicking list of dependent dialects is reported, and taken as none.
    let deps = guard(p.argument, || None, Vec::new(), p.dependent_dialects);
    let deps: &'static [MlirDialectHandle] = Box::leak(deps.into_boxed_slice());
    b::RmlirPassDesc {
        passId: id,
        argument: ir::sref(p.argument),
        description: ir::sref(p.description),
        opName: ir::sref(p.op_name),
        dependentDialects: deps.as_ptr(),
        numDependentDialects: deps.len() as isize,
    }
}

extern "C" fn check_pass_options(
    id: u32,
    options: MlirStringRef,
    error: Option<unsafe extern "C" fn(*mut c_void, MlirStringRef)>,
    user_data: *mut c_void,
) -> bool {
    // SAFETY: the bridge passes the option text for the duration of the call.
    let text = unsafe { ir::from_sref(options) };
    let checked = guard(
        "pass options",
        || None,
        Err("the option check panicked".to_owned()),
        || {
            if id & USER != 0 {
                return USER_PASSES.get().map_or_else(
                    || Err("no such pass".to_owned()),
                    |u| (u.check_options)((id & !USER) as usize, text),
                );
            }
            match pass(id) {
                Some(p) => PassOptions::parse(text, p.options).map(|_| ()),
                None => Err("no such pass".to_owned()),
            }
        },
    );
    match checked {
        Ok(_) => true,
        Err(message) => {
            if let Some(error) = error {
                // SAFETY: `error` and `user_data` are the bridge's sink for
                // this call; the message is borrowed for it.
                unsafe { error(user_data, ir::sref(&message)) };
            }
            false
        }
    }
}

extern "C" fn run_pass(id: u32, op: MlirOperation, options: MlirStringRef) -> bool {
    // SAFETY: the bridge passes a live handle (or null) for the call.
    let Some(op) = (unsafe { Op::from_raw(op) }) else {
        return false;
    };
    let _scope = crate::rewrite::walk::PassScope::enter(op);
    // SAFETY: the bridge passes the option text for the duration of the call.
    let text = unsafe { ir::from_sref(options) };
    if id & USER != 0 {
        return USER_PASSES
            .get()
            .is_some_and(|u| (u.run)((id & !USER) as usize, op, text));
    }
    let Some(p) = pass(id) else {
        return false;
    };
    let Ok(options) = PassOptions::parse(text, p.options) else {
        return false;
    };
    guard(
        p.argument,
        || Some(op.location()),
        false,
        || {
            // SAFETY: MLIR hands a pass its op, live and exclusively its own,
            // for the duration of the run.
            let mut ir = unsafe { Ir::from_raw(op.raw()) };
            (p.run)(&mut ir, &options)
        },
    )
}

static HOOKS: b::RmlirHooks = b::RmlirHooks {
    registerDialects: Some(register_dialects),
    opId: Some(op_id),
    fold: Some(fold),
    verify: Some(verify),
    verifyRegions: Some(verify_regions),
    canonicalizationPatterns: Some(canonicalization_patterns),
    dialectCanonicalizationPatterns: Some(dialect_canonicalization_patterns),
    matchAndRewrite: Some(match_and_rewrite),
    asmResultNames: Some(asm_result_names),
    inferReturnTypes: Some(infer_return_types),
    isCompatibleReturnTypes: Some(is_compatible_return_types),
    areCastCompatible: Some(are_cast_compatible),
    speculatability: Some(speculatability),
    shapeForUnroll: Some(shape_for_unroll),
    inferIntRanges: Some(infer_int_ranges),
    transformType: Some(transform_type),
    materializeConstant: Some(materialize_constant),
    verifyOperationAttribute: Some(verify_operation_attribute),
    conversionPatterns: Some(conversion_patterns),
    bufferizable: Some(bufferizable),
    bufferizationQuery: Some(bufferization_query),
    bufferize: Some(bufferize),
    bufferType: Some(buffer_type),
    hasValueBounds: Some(has_value_bounds),
    valueBounds: Some(value_bounds),
    checkPassOptions: Some(check_pass_options),
    runPass: Some(run_pass),
};

fn patterns_len(descriptor: &Descriptor) -> usize {
    descriptor.behaviours.iter().map(|b| b.patterns.len()).sum()
}

/// Installs `descriptor` (idempotent): its dialects are served by this
/// library's hook table, which dispatches each call by the op, pattern or
/// pass id (its descriptor's id base) or the dialect's namespace. Every
/// entry point (plugins, dialect handles, rmlir-opt, the Rust API) calls
/// this before MLIR can reach a hook. Any number of descriptors (up to
/// `typed::MAX_TABLES`) are served side by side: rmlir's and a crate's own
/// dialect in one Rust process, or several libraries built on the bridge,
/// each with its own table. Panics where [`try_install`] refuses.
pub fn install(descriptor: &'static Descriptor) {
    if let Err(message) = try_install(descriptor) {
        panic!("{message}");
    }
}

/// [`install`], or why `descriptor` cannot be served: its op ids collide
/// with an installed descriptor's (their dialect names hash to one id
/// base), too many descriptors are installed, or another library built on
/// the bridge and loaded in this process serves a dialect of the same
/// name.
pub fn try_install(descriptor: &'static Descriptor) -> Result<(), String> {
    crate::ir::guard::install_panic_hook();
    let slot = crate::ir::typed::install_op_table(descriptor.id_base, descriptor.ops)?;
    let installed = INSTALLED[slot].get_or_init(|| {
        let patterns = descriptor
            .behaviours
            .iter()
            .flat_map(|b| b.patterns.iter())
            .collect();
        let first_pattern = descriptor
            .behaviours
            .iter()
            .scan(0u32, |next, b| {
                let first = *next;
                *next += b.patterns.len() as u32;
                Some(first)
            })
            .collect();
        let folds = descriptor
            .behaviours
            .iter()
            .map(|_| AtomicU64::new(0))
            .collect();
        let rewrites = (0..patterns_len(descriptor))
            .map(|_| AtomicU64::new(0))
            .collect();
        Installed {
            descriptor,
            dialect_handles: resolve_dialect_handles(descriptor),
            patterns,
            first_pattern,
            folds,
            rewrites,
            passes_registered: std::sync::Once::new(),
        }
    });
    if !std::ptr::eq(installed.descriptor, descriptor) {
        return Err(format!(
            "rmlir-bridge: the dialects of {} are not loaded: another descriptor with the \
             same op table is installed",
            descriptor.library
        ));
    }
    let names: Vec<MlirStringRef> = descriptor
        .dialects
        .iter()
        .map(|d| ir::sref(d.name))
        .collect();
    // SAFETY: HOOKS is a 'static table of valid function pointers; the
    // names are 'static strings, the array lives for the call.
    if unsafe { b::rmlirBridgeInstallHooks(&HOOKS, names.as_ptr(), names.len() as isize) } {
        Ok(())
    } else {
        Err(format!(
            "rmlir-bridge: the dialects of {} are not loaded: another library loaded in \
             this process serves a dialect of the same name",
            descriptor.library
        ))
    }
}

/// This library's hook table: what the bridge's C++ calls for its dialects
/// and passes.
pub(crate) fn table() -> &'static b::RmlirHooks {
    &HOOKS
}

/// Adds this library's dialects to an MLIR dialect registry.
pub(crate) fn register_dialects_into(registry: MlirDialectRegistry) {
    register_dialects(registry);
}
