//! Inverses: right inverse, left (quasi-)inverse, nullspace, and the common vector of two
//! layouts.

use alloc::vec::Vec;

use super::coalesce::{coalesce_into, coalesced};
use super::composition::composition;
use super::error::{named, Error, Result};
use super::int_tuple::{compact_major, IntTuple};
use super::layout::Layout;
use super::repr::{scratch, try_build};
use crate::flat::{self, InverseViolation};

/// An inverse's fold over sorted modes (`flat::right_inverse_chain`, `flat::left_inverse_fold`).
type InverseFold<'a, E> =
    &'a dyn Fn(&[i64], &[i64], &[i64], &[usize], &mut [i64], &mut [i64]) -> core::result::Result<usize, E>;

/// `f` of the coalesced `layout`'s flat modes, their exclusive prefix products (the index at
/// which each mode starts) and the mode order by stride (`flat::sort_by_stride`), writing the
/// result's modes, then coalesced; every buffer on the stack for layouts held inline. `violation`
/// is the error of a condition `f` finds violated.
fn sorted_fold<E>(layout: &Layout, f: InverseFold<'_, E>, violation: &dyn Fn(E) -> Error) -> Result<Layout> {
    coalesced!((shape, stride) = layout, false);
    let n = shape.len();
    scratch!(pre: [i64; n]);
    flat::prefix_products(shape, pre)?;
    scratch!(order: [usize; n]);
    flat::sort_by_stride(stride, order);
    scratch!(out_shape: [i64; n.saturating_add(1)]);
    scratch!(out_stride: [i64; n.saturating_add(1)]);
    let m = f(shape, stride, pre, order, out_shape, out_stride).map_err(violation)?;
    // The modes coalesced where they are, then written into the `Ok` returned (a layout built
    // apart would be copied into it).
    coalesced!((r_shape, r_stride) = (&out_shape[..m], &out_stride[..m]), false);
    try_build(|out| {
        out.flat(r_shape.iter().copied().zip(r_stride.iter().copied()), false);
        Ok(())
    })
}

/// The right inverse of `layout` (CuTe's `right_inverse`): the largest `R` of the form
/// `coalesce(...)` with `L(R(i)) == i` for every `i < size(R)`. It follows the chain of strides
/// 1, s0*d0, ...; a layout with no stride-1 mode gives `1:0`.
///
/// ```
/// use cute::dynamic::{right_inverse, Layout};
/// let l: Layout = "(4,8):(8,1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(8,4):(4,1)");
/// ```
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    named!(sorted_fold(layout, &flat::right_inverse_chain, &Error::from), "right_inverse({})", layout)
}

/// The left inverse of an injective `layout` (CuTe's `left_inverse`): `R(L(i)) == i` for every
/// `i < size(L)`. For a non-injective layout it is CuTe's quasi-inverse,
/// `L(R(L(i))) == L(i)`; where CuTe's construction would not satisfy that, an error.
///
/// Errors: [`LeftInverseDivisibility`](super::ErrorKind::LeftInverseDivisibility) when a stride
/// is not a multiple of the span of the smaller strides;
/// [`NegativeStride`](super::ErrorKind::NegativeStride) for negative strides;
/// [`NonInjective`](super::ErrorKind::NonInjective) when no quasi-inverse results
/// (`flat::check_quasi_inverse`).
///
/// Negative strides are refused because CuTe has no rule for them: its `left_inverse` sorts
/// the strides by value and divides each by the span of the smaller ones, so for
/// `(4,2):(-1,4)` CuTe C++ (4.2) returns `(_-1,_-4,_2):(_0,_1,_4)`, a layout with negative
/// extents that inverts nothing, and for `(4,2):(1,-4)` its divisibility `static_assert`
/// fails. ([`right_inverse`] follows the chain from stride 1, which a negative stride never
/// joins, so it gives CuTe's result: `right_inverse(4:-1)` is `1:0`.)
///
/// ```
/// use cute::dynamic::{left_inverse, ErrorKind, Layout};
/// let l: Layout = "(4,8):(1,5)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(5,8):(1,4)");
/// let e = left_inverse(&"(4,2):(-1,4)".parse().unwrap()).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::NegativeStride);
/// assert_eq!(e.to_string(), "negative stride: left_inverse((4,2):(-1,4)): stride -1 is negative");
/// ```
pub fn left_inverse(layout: &Layout) -> Result<Layout> {
    // L's last leaf absorbs an index past its size; coalescing keeps that behaviour unless the
    // leaf has size 1 and is dropped.
    let last_absorbs = layout.leaf_shapes().last().is_some_and(|&s| s > 1);
    let fold = |s: &[i64], d: &[i64], p: &[i64], o: &[usize], os: &mut [i64], od: &mut [i64]| {
        flat::left_inverse_fold(s, d, p, o, last_absorbs, os, od)
    };
    let violation = |v| match v {
        InverseViolation::Overflow(o) => o.into(),
        v => Error::new(v.kind(), alloc::format!("left_inverse({}): {}", layout, v)),
    };
    named!(sorted_fold(layout, &fold, &violation), "left_inverse({})", layout)
}

/// The nullspace of `layout` (CuTe's `nullspace`): a layout over L's domain selecting exactly
/// the coordinates of the stride-0 modes, so `L(R(i)) == 0` for every `i < size(R)` and
/// `size(R) == size(L) / size(filter(L))`. `1:0` when L has no stride-0 mode.
///
/// ```
/// use cute::dynamic::{nullspace, Layout};
/// let l: Layout = "(4,3,2):(1,0,4)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "3:4");
/// ```
pub fn nullspace(layout: &Layout) -> Result<Layout> {
    let flat = layout.flatten();
    let shapes = flat.shape().flat_leaves();
    let strides = flat.stride().flat_leaves();
    let rstride = named!(compact_major(&IntTuple::flat(&shapes), 1, true), "nullspace({})", layout)?.flat_leaves();
    let pairs: Vec<(i64, i64)> =
        (0..shapes.len()).filter(|&i| strides[i] == 0).map(|i| (shapes[i], rstride[i])).collect();
    if pairs.is_empty() {
        return Ok(Layout::trivial());
    }
    Ok(Layout::from_flat(&pairs, false))
}

/// The leading stride-1 part of `coalesce(a o right_inverse(b))`, or `None`.
fn common_vector(a: &Layout, b: &Layout) -> Result<(Layout, Option<Layout>)> {
    let inv_b = right_inverse(b)?;
    let common = coalesce_into(&composition(a, &inv_b)?)?;
    let first = common.mode(0)?;
    Ok((inv_b, (first.stride().as_int() == Some(1)).then_some(first)))
}

/// The number of contiguous elements that `a` and `b` map alike (CuTe's
/// `max_common_vector`): `N >= 1` with `a(b.get_1d_coord(n)) == n` for `n < N`.
///
/// ```
/// use cute::dynamic::{max_common_vector, Layout};
/// let a: Layout = "(4,8):(1,4)".parse().unwrap();
/// let b: Layout = "(4,8):(1,8)".parse().unwrap();
/// assert_eq!(max_common_vector(&a, &b).unwrap(), 4);
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<i64> {
    let r = common_vector(a, b).and_then(|(_, v)| v.map_or(Ok(1), |v| v.size()));
    named!(r, "max_common_vector({}, {})", a, b)
}

/// The layout of the contiguous elements that `a` and `b` map alike (CuTe's
/// `max_common_layout`): `a(R(i)) == i` and `b(R(i)) == i` for `i < size(R)`.
///
/// ```
/// use cute::dynamic::{max_common_layout, Layout};
/// let a: Layout = "(4,8):(1,4)".parse().unwrap();
/// let b: Layout = "(4,8):(1,8)".parse().unwrap();
/// assert_eq!(max_common_layout(&a, &b).unwrap().to_string(), "4:1");
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    let r = common_vector(a, b).and_then(|c| match c {
        (inv_b, Some(v)) => composition(&inv_b, &v),
        (_, None) => Ok(Layout::trivial()),
    });
    named!(r, "max_common_layout({}, {})", a, b)
}
