//! The C signatures of a lowered module's functions: what each takes and
//! returns, read from the `func.func` type that
//! [`C_SIGNATURE`] records before lowering (or, for scalars only, from the
//! `llvm.func`), and how their packed C interface lays them out.

use crate::ir::{Op, Type};
use mlir_sys::*;
use std::collections::HashMap;

/// The discardable attribute, on a `func.func` marked for the JIT, holding
/// its function type: lowering copies it to the `llvm.func` and its C
/// interface, and the JIT reads memref ranks and element types from it
/// (the LLVM dialect has only pointers).
pub const C_SIGNATURE: &str = "rmlir.c_signature";

/// The attribute that makes lowering emit a function's C interface.
pub const EMIT_C_INTERFACE: &str = "llvm.emit_c_interface";

/// A scalar kind, or a memref's element kind, as the JIT passes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    I1,
    I8,
    I16,
    I32,
    I64,
    F32,
    F64,
}

impl Kind {
    /// Its size in memory (`i1` takes a byte).
    pub fn size(self) -> usize {
        match self {
            Kind::I1 | Kind::I8 => 1,
            Kind::I16 => 2,
            Kind::I32 | Kind::F32 => 4,
            Kind::I64 | Kind::F64 => 8,
        }
    }

    /// How MLIR spells it.
    pub fn spelling(self) -> &'static str {
        match self {
            Kind::I1 => "i1",
            Kind::I8 => "i8",
            Kind::I16 => "i16",
            Kind::I32 => "i32",
            Kind::I64 => "i64",
            Kind::F32 => "f32",
            Kind::F64 => "f64",
        }
    }

    /// The kind of a builtin or LLVM scalar type (`index` is `i64`).
    fn of(ty: MlirType) -> Option<Kind> {
        // SAFETY: ty is a live type; these only inspect it.
        unsafe {
            if mlirTypeIsAIndex(ty) {
                return Some(Kind::I64);
            }
            if mlirTypeIsAF32(ty) {
                return Some(Kind::F32);
            }
            if mlirTypeIsAF64(ty) {
                return Some(Kind::F64);
            }
            if mlirTypeIsAInteger(ty) {
                return match mlirIntegerTypeGetWidth(ty) {
                    1 => Some(Kind::I1),
                    8 => Some(Kind::I8),
                    16 => Some(Kind::I16),
                    32 => Some(Kind::I32),
                    64 => Some(Kind::I64),
                    _ => None,
                };
            }
        }
        None
    }
}

/// One parameter or result.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Slot {
    /// A scalar of this kind.
    Scalar(Kind),
    /// A ranked memref with the identity layout (for parameters): its
    /// element kind and its dimensions (None: dynamic).
    MemRef {
        element: Kind,
        dims: Vec<Option<usize>>,
    },
}

impl Slot {
    /// How the signature spells it.
    pub fn spelling(&self) -> String {
        match self {
            Slot::Scalar(k) => k.spelling().to_owned(),
            Slot::MemRef { element, dims } => {
                let dims: String = dims
                    .iter()
                    .map(|d| d.map_or("?x".to_owned(), |d| format!("{d}x")))
                    .collect();
                format!("memref<{dims}{}>", element.spelling())
            }
        }
    }

    /// Its size and alignment as a field of the struct a C interface
    /// returns several results in (a memref: its descriptor, 64-bit words).
    fn layout(&self) -> (usize, usize) {
        match self {
            Slot::Scalar(k) => (k.size(), k.size()),
            Slot::MemRef { dims, .. } => (8 * (3 + 2 * dims.len()), 8),
        }
    }

    /// The slot of a builtin type; Err says why it cannot be passed.
    fn of(ty: MlirType, is_result: bool) -> Result<Slot, String> {
        if let Some(k) = Kind::of(ty) {
            return Ok(Slot::Scalar(k));
        }
        // SAFETY: ty is live; these only inspect it, and dimensions are
        // asked below its rank.
        unsafe {
            // A ranked tensor is the memref bufferization makes of it (at
            // function boundaries: same shape and element type).
            let tensor = mlirTypeIsARankedTensor(ty);
            if !mlirTypeIsAMemRef(ty) && !tensor {
                return Err(format!(
                    "`{}` is not a type the JIT passes (i1, i8, i16, i32, i64, index, f32, f64, \
                     or a ranked memref or tensor of them)",
                    spelled(ty)
                ));
            }
            let Some(element) = Kind::of(mlirShapedTypeGetElementType(ty)) else {
                return Err(format!("`{}`: the JIT passes no such element", spelled(ty)));
            };
            if !is_result && !tensor && !mlirAffineMapIsIdentity(mlirMemRefTypeGetAffineMap(ty)) {
                return Err(format!(
                    "`{}`: the JIT passes memrefs with the identity layout only",
                    spelled(ty)
                ));
            }
            let dims = (0..mlirShapedTypeGetRank(ty) as isize)
                .map(|d| {
                    (!mlirShapedTypeIsDynamicDim(ty, d))
                        .then(|| mlirShapedTypeGetDimSize(ty, d) as usize)
                })
                .collect();
            Ok(Slot::MemRef { element, dims })
        }
    }
}

/// How MLIR prints `ty` (empty for a null type).
fn spelled(ty: MlirType) -> String {
    // SAFETY: ty is live or null; printing only reads it.
    unsafe { Type::from_raw(ty) }.map_or_else(String::new, |t| t.to_string_lossy())
}

/// What a function takes and returns.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Signature {
    /// The parameters, in order.
    pub params: Vec<Slot>,
    /// The results, in order.
    pub results: Vec<Slot>,
}

impl Signature {
    /// `(i32, memref<?xi64>) -> (memref<?xi64>)`.
    pub fn spelling(&self) -> String {
        let list = |slots: &[Slot]| {
            slots
                .iter()
                .map(Slot::spelling)
                .collect::<Vec<_>>()
                .join(", ")
        };
        format!("({}) -> ({})", list(&self.params), list(&self.results))
    }

    /// True when the C interface returns the results through a pointer
    /// passed first (several results, or a memref), not as its value.
    pub fn returns_through_pointer(&self) -> bool {
        self.results.len() > 1 || matches!(self.results.first(), Some(Slot::MemRef { .. }))
    }

    /// The byte offset of each result in the struct the C interface
    /// writes them to, and the struct's size (natural alignment, as
    /// LLVM's data layout lays out a literal struct on this target).
    pub fn result_layout(&self) -> (Vec<usize>, usize) {
        let mut offsets = Vec::with_capacity(self.results.len());
        let (mut end, mut widest) = (0usize, 1usize);
        for slot in &self.results {
            let (size, align) = slot.layout();
            end = end.next_multiple_of(align);
            offsets.push(end);
            end += size;
            widest = widest.max(align);
        }
        (offsets, end.next_multiple_of(widest))
    }

    /// The signature of a builtin function type.
    fn of_function_type(ty: MlirType) -> Result<Signature, String> {
        // SAFETY: ty is a live function type; positions are below its
        // input and result counts.
        unsafe {
            let params = (0..mlirFunctionTypeGetNumInputs(ty))
                .map(|i| Slot::of(mlirFunctionTypeGetInput(ty, i), false))
                .collect::<Result<_, _>>()?;
            let results = (0..mlirFunctionTypeGetNumResults(ty))
                .map(|i| Slot::of(mlirFunctionTypeGetResult(ty, i), true))
                .collect::<Result<_, _>>()?;
            Ok(Signature { params, results })
        }
    }

    /// The signature of an LLVM function type of scalars only.
    fn of_llvm_function_type(ty: MlirType) -> Result<Signature, String> {
        let scalar = |t: MlirType| {
            Kind::of(t).map(Slot::Scalar).ok_or_else(|| {
                format!(
                    "its parameter or result `{}` is not a scalar; call \
                     `pipeline::emit_c_interfaces` before lowering to pass memrefs",
                    spelled(t)
                )
            })
        };
        // SAFETY: ty is a live LLVM function type; positions are below its
        // input count.
        unsafe {
            let params = (0..mlirLLVMFunctionTypeGetNumInputs(ty))
                .map(|i| scalar(mlirLLVMFunctionTypeGetInput(ty, i)))
                .collect::<Result<_, _>>()?;
            let result = mlirLLVMFunctionTypeGetReturnType(ty);
            let results = if mlirTypeEqual(result, mlirLLVMVoidTypeGet(mlirTypeGetContext(result)))
            {
                Vec::new()
            } else {
                vec![scalar(result)?]
            };
            Ok(Signature { params, results })
        }
    }
}

/// What the module says about calling one of its functions.
#[derive(Clone, Debug)]
pub enum Callable {
    /// Its C interface exists and is exported: its signature, or why it
    /// cannot be called from Rust.
    Yes(Result<Signature, String>),
    /// It has no C interface (no `llvm.emit_c_interface` when lowered).
    NoCInterface,
    /// It is private: the JIT does not export it.
    Private,
}

/// Every `llvm.func` of the module rooted at `root` that is not itself a C
/// interface wrapper, and whether (and how) it can be called.
pub fn callables(root: Op) -> HashMap<String, Callable> {
    let funcs = crate::rewrite::walk::collect(root, |op| op.name() == "llvm.func");
    let name = |f: &Op| {
        f.attr("sym_name")
            .and_then(|a| a.as_str())
            .map(str::to_owned)
    };
    let wrappers: HashMap<String, Op> = funcs
        .iter()
        .filter_map(|f| Some((name(f)?.strip_prefix("_mlir_ciface_")?.to_owned(), *f)))
        .collect();
    funcs
        .iter()
        .filter_map(|f| {
            let n = name(f)?;
            if n.starts_with("_mlir_ciface_") {
                return None;
            }
            let callable = match wrappers.get(&n) {
                None => Callable::NoCInterface,
                Some(w) if is_private(*w) => Callable::Private,
                Some(w) => Callable::Yes(signature(*f, *w)),
            };
            Some((n, callable))
        })
        .collect()
}

/// True when the JIT does not export `f` (private visibility, or a local
/// linkage).
fn is_private(f: Op) -> bool {
    let private_visibility = f
        .attr("sym_visibility")
        .and_then(|a| a.as_str())
        .is_some_and(|v| v == "private");
    let local_linkage = f.attr("linkage").is_some_and(|a| {
        let text = a.to_string_lossy();
        text.contains("internal") || text.contains("private")
    });
    private_visibility || local_linkage
}

/// The signature of `f`, whose C interface is `wrapper`: recorded before
/// lowering, or read from `f`'s LLVM type when every slot is a scalar.
fn signature(f: Op, wrapper: Op) -> Result<Signature, String> {
    let recorded = wrapper
        .attr(C_SIGNATURE)
        .or_else(|| f.attr(C_SIGNATURE))
        .and_then(|a| a.type_value());
    if let Some(ty) = recorded {
        // SAFETY: ty is live; only its kind is asked.
        if unsafe { mlirTypeIsAFunction(ty.raw()) } {
            return Signature::of_function_type(ty.raw());
        }
    }
    let ty = f
        .attr("function_type")
        .and_then(|a| a.type_value())
        .ok_or("it has no function type")?;
    Signature::of_llvm_function_type(ty.raw())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn memref(rank: usize) -> Slot {
        Slot::MemRef {
            element: Kind::I64,
            dims: vec![None; rank],
        }
    }

    #[test]
    fn results_are_laid_out_with_natural_alignment() {
        let s = Signature {
            params: vec![],
            results: vec![
                Slot::Scalar(Kind::I8),
                memref(1),
                Slot::Scalar(Kind::I32),
                Slot::Scalar(Kind::I1),
            ],
        };
        // i8 at 0, the 40-byte descriptor at 8, i32 at 48, i1 at 52,
        // the whole rounded up to 8.
        assert_eq!(s.result_layout(), (vec![0, 8, 48, 52], 56));
        assert!(s.returns_through_pointer());
    }

    #[test]
    fn one_scalar_result_is_returned_as_the_value() {
        let one = Signature {
            params: vec![memref(2)],
            results: vec![Slot::Scalar(Kind::F64)],
        };
        assert!(!one.returns_through_pointer());
        let memref_result = Signature {
            params: vec![],
            results: vec![memref(0)],
        };
        assert!(memref_result.returns_through_pointer());
        assert_eq!(memref_result.result_layout(), (vec![0], 24));
    }

    #[test]
    fn signatures_spell_like_mlir() {
        let s = Signature {
            params: vec![
                Slot::Scalar(Kind::I32),
                Slot::MemRef {
                    element: Kind::F32,
                    dims: vec![Some(3), None],
                },
            ],
            results: vec![memref(1)],
        };
        assert_eq!(s.spelling(), "(i32, memref<3x?xf32>) -> (memref<?xi64>)");
    }
}
