//! Complement: the layout of the offsets that tile the codomain around A.
//!
//! Post-conditions for `R = complement(A, M)` (A injective on its non-zero modes):
//! R is ordered (`R(i-1) < R(i)`), disjoint from A (`R(i) != A(j)` for `i >= 1`), and
//! `size(A) * size(R) >= size(M) / ...` covers: `cosize((A, R)) >= size(M)`.

use alloc::vec::Vec;

use super::coalesce::{coalesce, filter};
use super::error::{bail, Result};
use super::int_tuple::{ceil_div, compact_major, IntTuple};
use super::layout::Layout;
use crate::arith;

/// The complement of `a` with respect to the cotarget `cotarget`, an integer or a shape
/// (CuTe's `complement(A, M)`).
///
/// The non-zero modes of A, sorted by stride, are interleaved with the gaps between them, and a
/// last mode repeats the whole pattern until it covers `size(M)`.
///
/// Errors: [`NonInjective`](super::ErrorKind::NonInjective) when a stride falls inside the span
/// of a smaller mode; [`NegativeStride`](super::ErrorKind::NegativeStride) for negative strides.
///
/// ```
/// use cute_core::dynamic::{complement, Layout};
/// let a: Layout = "4:2".parse().unwrap();
/// assert_eq!(complement(&a, &24.into()).unwrap().to_string(), "(2,3):(1,8)");
/// let b: Layout = "(2,2):(1,6)".parse().unwrap();
/// assert_eq!(complement(&b, &24.into()).unwrap().to_string(), "(3,2):(2,12)");
/// ```
pub fn complement(a: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    if let Some(&(_, d)) = filter(a)?.flat_modes().iter().find(|m| m.1 < 0) {
        bail!(
            NegativeStride,
            "complement({}, {}): stride {} is negative; the complement needs non-negative strides",
            a,
            cotarget,
            d
        );
    }
    complement_raw(a, cotarget)
}

/// CuTe's complement arithmetic as is: for negative strides the result has non-positive shapes
/// (callers that never evaluate it, like a product by a one-point tiler, still get CuTe's text).
pub(crate) fn complement_raw(a: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    let f = filter(a)?;
    let mut modes = f.flat_modes();
    if modes.iter().all(|m| m.1 == 0) {
        // Nothing of A is left: the complement is the whole cotarget.
        return Layout::column_major(IntTuple::Leaf(cotarget.size()?));
    }
    let mut shape: Vec<i64> = Vec::with_capacity(modes.len() + 1);
    let mut stride: Vec<i64> = alloc::vec![1];
    while modes.len() > 1 {
        // The first mode of smallest stride, as CuTe's `find(stride, min(stride))`.
        let (idx, &(s, d)) = modes.iter().enumerate().min_by_key(|(_, m)| m.1).expect("non-empty");
        let new_shape = arith::div(d, *stride.last().expect("non-empty"))?;
        if new_shape == 0 {
            bail!(
                NonInjective,
                "complement({}, {}): stride {} lies inside the span {} of the smaller modes",
                a,
                cotarget,
                d,
                stride.last().expect("non-empty")
            );
        }
        shape.push(new_shape);
        stride.push(arith::mul(d, s)?);
        modes.remove(idx);
    }
    let (s, d) = modes[0];
    let new_shape = arith::div(d, *stride.last().expect("non-empty"))?;
    if new_shape == 0 {
        bail!(
            NonInjective,
            "complement({}, {}): stride {} lies inside the span {} of the smaller modes",
            a,
            cotarget,
            d,
            stride.last().expect("non-empty")
        );
    }
    shape.push(new_shape);
    let new_stride = arith::mul(d, s)?;
    let rest_shape = ceil_div(cotarget, &IntTuple::Leaf(new_stride))?.size()?;
    let rest_stride = compact_major(&IntTuple::Leaf(rest_shape), new_stride, true)?.as_int().unwrap_or(0);
    shape.push(rest_shape);
    stride.push(rest_stride);
    let pairs: Vec<(i64, i64)> = shape.into_iter().zip(stride).collect();
    coalesce(&Layout::from_flat(&pairs, true))
}

/// The complement with respect to `cosize(filter(a))` (CuTe's one-argument `complement(A)`).
///
/// ```
/// use cute_core::dynamic::{complement_default, Layout};
/// assert_eq!(complement_default(&"(4,8):(1,8)".parse().unwrap()).unwrap().to_string(), "2:4");
/// ```
pub fn complement_default(a: &Layout) -> Result<Layout> {
    let m = filter(a)?.cosize()?;
    complement(a, &IntTuple::Leaf(m))
}
