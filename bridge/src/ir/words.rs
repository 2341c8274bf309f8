//! Word-level transfer of wide integers between Rust and the bridge.

use crate::bindings as b;
use crate::ir::{Attr, Type};
use crate::semantics::ApInt;

/// Words read into a stack buffer before falling back to the heap.
pub(crate) const MAX_INLINE_WORDS: usize = 4;

/// Element `index` of a dense int/index elements attribute.
pub(crate) fn read_dense_element(attr: Attr, index: usize) -> Option<ApInt> {
    let mut buf = [0u64; MAX_INLINE_WORDS];
    // SAFETY: attr is live; buf has MAX_INLINE_WORDS words of room; the bridge
    // checks the attribute kind and returns 0 for anything else.
    let width = unsafe {
        b::rmlirDenseElementsGetWords(
            attr.raw(),
            index as isize,
            buf.as_mut_ptr(),
            buf.len() as isize,
        )
    };
    let width = u32::try_from(width).ok()?;
    if width as usize <= MAX_INLINE_WORDS * 64 {
        return Some(ApInt::from_words(width, &buf));
    }
    let mut big = vec![0u64; (width as usize).div_ceil(64)];
    // SAFETY: big has room for every word of the element.
    unsafe {
        b::rmlirDenseElementsGetWords(
            attr.raw(),
            index as isize,
            big.as_mut_ptr(),
            big.len() as isize,
        )
    };
    Some(ApInt::from_words(width, &big))
}

/// Every element of a dense int/index elements attribute, in one call.
pub(crate) fn read_dense_all(attr: Attr, count: usize, width: u32) -> Option<Vec<ApInt>> {
    let per = (width as usize).div_ceil(64).max(1);
    let mut flat = vec![0u64; per * count];
    // SAFETY: attr is live; flat has room for `count` elements of `per`
    // words; the bridge checks the attribute kind and returns 0 otherwise.
    let w = unsafe {
        b::rmlirDenseIntElementsGetAllWords(
            attr.raw(),
            flat.as_mut_ptr(),
            per as isize,
            count as isize,
        )
    };
    let w = u32::try_from(w).ok()?;
    Some(flat.chunks(per).map(|c| ApInt::from_words(w, c)).collect())
}

/// Every element of a dense int/index elements attribute of at most 64
/// bits, one zero-extended word each, in one call.
pub(crate) fn read_dense_words(attr: Attr, count: usize) -> Option<Vec<u64>> {
    let mut flat = vec![0u64; count];
    // SAFETY: attr is live; flat has room for `count` one-word elements; the
    // bridge checks the attribute kind and returns -1 otherwise.
    let w = unsafe {
        b::rmlirDenseIntElementsGetAllWords(attr.raw(), flat.as_mut_ptr(), 1, count as isize)
    };
    (w > 0).then_some(flat)
}

/// Dense elements of shaped type `ty` (elements of at most 64 bits) from
/// one word per element.
pub(crate) fn build_dense_words<'ir>(ty: Type<'ir>, words: &[u64]) -> Attr<'ir> {
    // SAFETY: ty is a live shaped type; words holds words.len() elements of
    // one word.
    unsafe {
        Attr::from_raw(b::rmlirDenseElementsGetFromWords(
            ty.raw(),
            words.as_ptr(),
            1,
            words.len() as isize,
        ))
    }
    .expect("dense elements attr")
}

/// Dense elements of shaped type `ty` from `values` (one value: a splat).
pub(crate) fn build_dense<'ir>(ty: Type<'ir>, values: &[ApInt]) -> Attr<'ir> {
    build_dense_exact(ty, values)
}

/// Dense elements of shaped type `ty` from `values` (all of the same width).
pub(crate) fn build_dense_exact<'ir>(ty: Type<'ir>, values: &[ApInt]) -> Attr<'ir> {
    let per = values.first().map_or(1, |v| v.words().len());
    let flat: smallvec::SmallVec<[u64; 4]> = values
        .iter()
        .flat_map(|v| v.words().iter().copied())
        .collect();
    // SAFETY: ty is live (the bridge answers null unless it is a shaped
    // type of integers (i0 included), indices or floats, with one value or
    // one per element of its static shape); flat holds values.len() * per
    // words.
    unsafe {
        Attr::from_raw(b::rmlirDenseElementsGetFromWords(
            ty.raw(),
            flat.as_ptr(),
            per as isize,
            values.len() as isize,
        ))
    }
    .expect("dense elements attr")
}
