//! What a JIT-called function takes and returns: scalars and ranked
//! memrefs (owned, contiguous, row-major).

use super::signature::Kind;
use sealed::Elements;
use std::ffi::c_void;

/// A scalar argument or result of a JIT-called function.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// `i1`.
    I1(bool),
    /// `i8`.
    I8(i8),
    /// `i16`.
    I16(i16),
    /// `i32`.
    I32(i32),
    /// `i64`, and `index` (64 bits after lowering).
    I64(i64),
    /// `f32`.
    F32(f32),
    /// `f64`.
    F64(f64),
}

impl Scalar {
    /// The kind of this scalar.
    pub(super) fn kind(self) -> Kind {
        match self {
            Scalar::I1(_) => Kind::I1,
            Scalar::I8(_) => Kind::I8,
            Scalar::I16(_) => Kind::I16,
            Scalar::I32(_) => Kind::I32,
            Scalar::I64(_) => Kind::I64,
            Scalar::F32(_) => Kind::F32,
            Scalar::F64(_) => Kind::F64,
        }
    }

    /// A zero of `kind`, the slot a scalar result is written to.
    pub(super) fn zero(kind: Kind) -> Scalar {
        match kind {
            Kind::I1 => Scalar::I1(false),
            Kind::I8 => Scalar::I8(0),
            Kind::I16 => Scalar::I16(0),
            Kind::I32 => Scalar::I32(0),
            Kind::I64 => Scalar::I64(0),
            Kind::F32 => Scalar::F32(0.0),
            Kind::F64 => Scalar::F64(0.0),
        }
    }

    /// Reads a scalar of `kind` stored at `at`, as LLVM stores it (`i1` in
    /// one byte, 0 or 1).
    ///
    /// # Safety
    /// `at` must point to `kind.size()` readable bytes.
    pub(super) unsafe fn read(kind: Kind, at: *const u8) -> Scalar {
        // SAFETY: the caller guarantees `kind.size()` readable bytes; reads
        // are unaligned-tolerant.
        unsafe {
            match kind {
                Kind::I1 => Scalar::I1(at.read() & 1 != 0),
                Kind::I8 => Scalar::I8(at.cast::<i8>().read_unaligned()),
                Kind::I16 => Scalar::I16(at.cast::<i16>().read_unaligned()),
                Kind::I32 => Scalar::I32(at.cast::<i32>().read_unaligned()),
                Kind::I64 => Scalar::I64(at.cast::<i64>().read_unaligned()),
                Kind::F32 => Scalar::F32(at.cast::<f32>().read_unaligned()),
                Kind::F64 => Scalar::F64(at.cast::<f64>().read_unaligned()),
            }
        }
    }

    /// A pointer to the scalar, for a packed call to read or write.
    pub(super) fn as_mut_ptr(&mut self) -> *mut c_void {
        match self {
            Scalar::I1(v) => v as *mut bool as *mut c_void,
            Scalar::I8(v) => v as *mut i8 as *mut c_void,
            Scalar::I16(v) => v as *mut i16 as *mut c_void,
            Scalar::I32(v) => v as *mut i32 as *mut c_void,
            Scalar::I64(v) => v as *mut i64 as *mut c_void,
            Scalar::F32(v) => v as *mut f32 as *mut c_void,
            Scalar::F64(v) => v as *mut f64 as *mut c_void,
        }
    }
}

mod sealed {
    /// The elements of a [`MemRef`](super::MemRef), one vector per element
    /// kind.
    #[derive(Clone, Debug, PartialEq)]
    pub enum Elements {
        I1(Vec<bool>),
        I8(Vec<i8>),
        I16(Vec<i16>),
        I32(Vec<i32>),
        I64(Vec<i64>),
        F32(Vec<f32>),
        F64(Vec<f64>),
    }

    /// What makes a type an [`Element`](super::Element), out of reach.
    pub trait Sealed: Sized {
        fn wrap(elements: Vec<Self>) -> Elements;
        fn view(elements: &Elements) -> Option<&[Self]>;
    }
}

/// A type a [`MemRef`] can hold: `bool` (`i1`), `i8`, `i16`, `i32`, `i64`
/// (`i64` and `index`), `f32`, `f64`.
pub trait Element: sealed::Sealed + Copy + 'static {}

macro_rules! element {
    ($($t:ty => $case:ident),*) => {$(
        impl Element for $t {}
        impl sealed::Sealed for $t {
            fn wrap(elements: Vec<Self>) -> Elements {
                Elements::$case(elements)
            }
            fn view(elements: &Elements) -> Option<&[Self]> {
                match elements {
                    Elements::$case(v) => Some(v),
                    _ => None,
                }
            }
        }
    )*};
}
element!(bool => I1, i8 => I8, i16 => I16, i32 => I32, i64 => I64, f32 => F32, f64 => F64);

/// A ranked memref the JIT passes to or returns from a function: owned
/// elements, contiguous and row-major, and a shape (empty: rank 0).
///
/// Passed as an argument (`&mut`: the function may write to it), it is
/// the descriptor of a `memref<...>` with the identity layout; returned,
/// it is a copy of what the function's result descriptor describes (any
/// strides), and the function's buffer is freed.
#[derive(Clone, Debug, PartialEq)]
pub struct MemRef {
    elements: Elements,
    shape: Vec<usize>,
}

impl MemRef {
    /// A memref of `shape` holding `elements` in row-major order; None
    /// when their count is not the shape's.
    pub fn new<T: Element>(elements: Vec<T>, shape: &[usize]) -> Option<MemRef> {
        let count = shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))?;
        (count == elements.len()).then(|| MemRef {
            elements: T::wrap(elements),
            shape: shape.to_vec(),
        })
    }

    /// A one-dimensional memref holding `elements` (an extent tensor is
    /// `vector(Vec<i64>)`).
    pub fn vector<T: Element>(elements: Vec<T>) -> MemRef {
        let shape = [elements.len()];
        MemRef {
            elements: T::wrap(elements),
            shape: shape.to_vec(),
        }
    }

    /// The shape (sizes of the dimensions, outermost first).
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// The elements in row-major order, when they are `T`s.
    pub fn elements<T: Element>(&self) -> Option<&[T]> {
        T::view(&self.elements)
    }

    /// The kind of the elements.
    pub(super) fn kind(&self) -> Kind {
        match &self.elements {
            Elements::I1(_) => Kind::I1,
            Elements::I8(_) => Kind::I8,
            Elements::I16(_) => Kind::I16,
            Elements::I32(_) => Kind::I32,
            Elements::I64(_) => Kind::I64,
            Elements::F32(_) => Kind::F32,
            Elements::F64(_) => Kind::F64,
        }
    }

    /// The first byte of the elements, and their size in bytes.
    pub(super) fn buffer(&mut self) -> (*mut u8, usize) {
        fn raw<T>(v: &mut [T]) -> (*mut u8, usize) {
            (v.as_mut_ptr().cast(), std::mem::size_of_val(v))
        }
        match &mut self.elements {
            Elements::I1(v) => raw(v),
            Elements::I8(v) => raw(v),
            Elements::I16(v) => raw(v),
            Elements::I32(v) => raw(v),
            Elements::I64(v) => raw(v),
            Elements::F32(v) => raw(v),
            Elements::F64(v) => raw(v),
        }
    }

    /// The descriptor MLIR's C interface passes a memref by (`allocated`,
    /// `aligned`, `offset`, sizes, strides: one 64-bit word each),
    /// describing this memref's elements in place.
    pub(super) fn descriptor(&mut self) -> Vec<i64> {
        let (data, _) = self.buffer();
        let rank = self.shape.len();
        let mut words = Vec::with_capacity(3 + 2 * rank);
        words.extend([data as i64, data as i64, 0]);
        words.extend(self.shape.iter().map(|&d| d as i64));
        let mut stride = 1i64;
        let mut strides = vec![0i64; rank];
        for (s, &d) in strides.iter_mut().zip(&self.shape).rev() {
            *s = stride;
            stride = stride.saturating_mul(d as i64);
        }
        words.extend(strides);
        words
    }

    /// Copies out the memref a result descriptor describes: `aligned`,
    /// `offset`, `sizes` and `strides` (in elements) read from it.
    ///
    /// # Safety
    /// Every element the descriptor addresses must be readable.
    pub(super) unsafe fn copy_from(
        kind: Kind,
        aligned: *const u8,
        offset: i64,
        sizes: &[i64],
        strides: &[i64],
    ) -> Option<MemRef> {
        let shape: Vec<usize> = sizes
            .iter()
            .map(|&s| usize::try_from(s).ok())
            .collect::<Option<_>>()?;
        let count = shape.iter().try_fold(1usize, |n, &d| n.checked_mul(d))?;
        let mut scalars = Vec::with_capacity(count);
        let mut index = vec![0usize; shape.len()];
        for _ in 0..count {
            let position = index
                .iter()
                .zip(strides)
                .fold(offset, |at, (&i, &s)| at + i as i64 * s);
            // SAFETY: the caller guarantees the addressed elements are
            // readable; `position` is one of them.
            let at = unsafe { aligned.offset(position as isize * kind.size() as isize) };
            // SAFETY: as above, `kind.size()` bytes at `at`.
            scalars.push(unsafe { Scalar::read(kind, at) });
            for (i, &d) in index.iter_mut().zip(&shape).rev() {
                *i += 1;
                if *i < d {
                    break;
                }
                *i = 0;
            }
        }
        macro_rules! collect {
            ($case:ident) => {
                Elements::$case(
                    scalars
                        .into_iter()
                        .map(|s| match s {
                            Scalar::$case(v) => v,
                            _ => unreachable!("every element was read as one kind"),
                        })
                        .collect(),
                )
            };
        }
        let elements = match kind {
            Kind::I1 => collect!(I1),
            Kind::I8 => collect!(I8),
            Kind::I16 => collect!(I16),
            Kind::I32 => collect!(I32),
            Kind::I64 => collect!(I64),
            Kind::F32 => collect!(F32),
            Kind::F64 => collect!(F64),
        };
        Some(MemRef { elements, shape })
    }
}

/// An argument of [`Jit::invoke`](super::Jit::invoke).
#[derive(Debug)]
pub enum Arg<'a> {
    /// A scalar.
    Scalar(Scalar),
    /// A ranked memref, lent to the function (which may write to it).
    MemRef(&'a mut MemRef),
}

impl From<Scalar> for Arg<'_> {
    fn from(s: Scalar) -> Self {
        Arg::Scalar(s)
    }
}

impl<'a> From<&'a mut MemRef> for Arg<'a> {
    fn from(m: &'a mut MemRef) -> Self {
        Arg::MemRef(m)
    }
}

/// A result of [`Jit::invoke`](super::Jit::invoke).
#[derive(Clone, Debug, PartialEq)]
pub enum Returned {
    /// A scalar.
    Scalar(Scalar),
    /// A ranked memref, copied out of the function's buffer.
    MemRef(MemRef),
}

impl Returned {
    /// The scalar, when it is one.
    pub fn scalar(&self) -> Option<Scalar> {
        match self {
            Returned::Scalar(s) => Some(*s),
            Returned::MemRef(_) => None,
        }
    }

    /// The memref, when it is one.
    pub fn memref(&self) -> Option<&MemRef> {
        match self {
            Returned::MemRef(m) => Some(m),
            Returned::Scalar(_) => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_memref_holds_as_many_elements_as_its_shape() {
        assert!(MemRef::new(vec![1i64, 2, 3, 4, 5, 6], &[2, 3]).is_some());
        assert!(MemRef::new(vec![1i64, 2, 3], &[2, 3]).is_none());
        assert!(MemRef::new(vec![7.5f64], &[]).is_some());
        assert!(MemRef::new(Vec::<i8>::new(), &[0, 4]).is_some());
        assert!(MemRef::new(vec![0i8], &[usize::MAX, 2]).is_none());
    }

    #[test]
    fn the_descriptor_is_row_major_over_the_elements() {
        let mut m = MemRef::new(vec![0i32; 24], &[2, 3, 4]).unwrap();
        let d = m.descriptor();
        assert_eq!(d[0], d[1]);
        assert_eq!(&d[2..], &[0, 2, 3, 4, 12, 4, 1]);
    }

    #[test]
    fn copying_out_follows_offset_and_strides() {
        // A 2x2 view, transposed, of a 3x3 buffer, from element 1.
        let buffer: Vec<i64> = (0..9).collect();
        // SAFETY: every addressed element (1, 2, 4, 5) is in the buffer.
        let m = unsafe {
            MemRef::copy_from(Kind::I64, buffer.as_ptr().cast(), 1, &[2, 2], &[1, 3]).unwrap()
        };
        assert_eq!(m.shape(), &[2, 2]);
        assert_eq!(m.elements::<i64>().unwrap(), &[1, 4, 2, 5]);
        assert!(m.elements::<i32>().is_none());
    }

    #[test]
    fn negative_sizes_are_no_memref() {
        // SAFETY: no element is read for a negative size.
        assert!(unsafe { MemRef::copy_from(Kind::I8, std::ptr::null(), 0, &[-1], &[1]) }.is_none());
    }
}
