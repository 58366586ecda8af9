//! Inverses: right inverse, left (quasi-)inverse, nullspace, and the common vector of two
//! layouts.

use alloc::vec::Vec;

use super::coalesce::coalesce;
use super::composition::composition;
use super::error::{bail, Result};
use super::int_tuple::{compact_major, IntTuple};
use super::layout::Layout;
use crate::arith;

/// A coalesced layout's flat modes, their exclusive prefix products (the index at which each
/// mode starts), and the mode order by stride.
struct Sorted {
    modes: Vec<(i64, i64)>,
    pre: Vec<i64>,
    order: Vec<usize>,
}

fn sorted_modes(layout: &Layout) -> Result<Sorted> {
    let modes = coalesce(layout)?.flat_modes();
    let mut pre = Vec::with_capacity(modes.len());
    let mut p = 1i64;
    for &(s, _) in &modes {
        pre.push(p);
        p = arith::mul(p, s)?;
    }
    // A stable sort by stride: ties keep their mode order, as CuTe's compile-time sort does on
    // every golden case.
    let mut order: Vec<usize> = (0..modes.len()).collect();
    order.sort_by_key(|&i| modes[i].1);
    Ok(Sorted { modes, pre, order })
}

/// The right inverse of `layout` (CuTe's `right_inverse`): the largest `R` of the form
/// `coalesce(...)` with `L(R(i)) == i` for every `i < size(R)`. It follows the chain of strides
/// 1, s0*d0, ...; a layout with no stride-1 mode gives `1:0`.
///
/// ```
/// use cute_core::dynamic::{right_inverse, Layout};
/// let l: Layout = "(4,8):(8,1)".parse().unwrap();
/// assert_eq!(right_inverse(&l).unwrap().to_string(), "(8,4):(4,1)");
/// ```
pub fn right_inverse(layout: &Layout) -> Result<Layout> {
    let Sorted { modes, pre, order } = sorted_modes(layout)?;
    let mut pairs = alloc::vec![(1i64, 0i64)];
    let mut next = 1i64;
    for i in order {
        let (s, d) = modes[i];
        if d == next {
            pairs.push((s, pre[i]));
            next = arith::mul(s, d)?;
        }
    }
    coalesce(&Layout::from_flat(&pairs, true))
}

/// The left inverse of an injective `layout` (CuTe's `left_inverse`): `R(L(i)) == i` for every
/// `i < size(L)`. For a non-injective layout it is CuTe's quasi-inverse,
/// `L(R(L(i))) == L(i)`; where CuTe's construction would not satisfy that, an error.
///
/// Errors: [`LeftInverseDivisibility`](super::ErrorKind::LeftInverseDivisibility) when a stride
/// is not a multiple of the span of the smaller strides;
/// [`NegativeStride`](super::ErrorKind::NegativeStride) for negative strides;
/// [`NonInjective`](super::ErrorKind::NonInjective) when no quasi-inverse results.
///
/// ```
/// use cute_core::dynamic::{left_inverse, Layout};
/// let l: Layout = "(4,8):(1,5)".parse().unwrap();
/// assert_eq!(left_inverse(&l).unwrap().to_string(), "(5,8):(1,4)");
/// ```
pub fn left_inverse(layout: &Layout) -> Result<Layout> {
    let Sorted { modes, pre, order } = sorted_modes(layout)?;
    if let Some(&(_, d)) = modes.iter().find(|m| m.1 < 0) {
        bail!(NegativeStride, "left_inverse({}): stride {} is negative", layout, d);
    }
    let mut shape: Vec<i64> = Vec::new();
    let mut stride: Vec<i64> = alloc::vec![0];
    let mut span = 1i64; // size(shape)
    for &i in &order {
        let d = modes[i].1;
        if d == 0 {
            continue;
        }
        if arith::rem(d, span)? != 0 {
            bail!(
                LeftInverseDivisibility,
                "left_inverse({}): stride {} is not a multiple of {}, the span of the smaller strides",
                layout,
                d,
                span
            );
        }
        shape.push(d / span);
        span = d;
        stride.push(pre[i]);
    }
    let last = *order.last().expect("a coalesced layout has a mode");
    shape.push(modes[last].0);
    check_quasi_inverse(layout, &modes, &order)?;
    let pairs: Vec<(i64, i64)> = shape.into_iter().zip(stride).collect();
    coalesce(&Layout::from_flat(&pairs, true))
}

/// CuTe's left inverse reads an offset in the mixed radix of the sorted strides. That recovers a
/// coordinate of L exactly when no digit exceeds its mode's shape: a mode whose successor
/// stride leaves a gap (or the largest one) must receive no carry from the smaller modes,
/// unless it is L's last mode, which absorbs any excess.
fn check_quasi_inverse(layout: &Layout, modes: &[(i64, i64)], order: &[usize]) -> Result<()> {
    let sorted: Vec<usize> = order.iter().copied().filter(|&i| modes[i].1 != 0).collect();
    let mut below = 0i64; // the largest sum of the smaller modes' offsets
    for (k, &i) in sorted.iter().enumerate() {
        let (s, d) = modes[i];
        let gap = match sorted.get(k + 1) {
            Some(&j) => modes[j].1 / d > s,
            None => true,
        };
        if gap && below >= d && i + 1 != modes.len() {
            bail!(
                NonInjective,
                "left_inverse({}): the modes overlap, and no quasi-inverse L(R(L(i))) == L(i) exists in CuTe's form",
                layout
            );
        }
        below = arith::add(below, arith::mul(s - 1, d)?)?;
    }
    Ok(())
}

/// The nullspace of `layout` (CuTe's `nullspace`): a layout over L's domain selecting exactly
/// the coordinates of the stride-0 modes, so `L(R(i)) == 0` for every `i < size(R)` and
/// `size(R) == size(L) / size(filter(L))`. `1:0` when L has no stride-0 mode.
///
/// ```
/// use cute_core::dynamic::{nullspace, Layout};
/// let l: Layout = "(4,3,2):(1,0,4)".parse().unwrap();
/// assert_eq!(nullspace(&l).unwrap().to_string(), "3:4");
/// ```
pub fn nullspace(layout: &Layout) -> Result<Layout> {
    let flat = layout.flatten();
    let shapes = flat.shape().flat_leaves();
    let strides = flat.stride().flat_leaves();
    let rstride = compact_major(&IntTuple::flat(&shapes), 1, true)?.flat_leaves();
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
    let common = coalesce(&composition(a, &inv_b)?)?;
    let first = common.mode(0)?;
    Ok((inv_b, (first.stride().as_int() == Some(1)).then_some(first)))
}

/// The number of contiguous elements that `a` and `b` map alike (CuTe's
/// `max_common_vector`): `N >= 1` with `a(b.get_1d_coord(n)) == n` for `n < N`.
///
/// ```
/// use cute_core::dynamic::{max_common_vector, Layout};
/// let a: Layout = "(4,8):(1,4)".parse().unwrap();
/// let b: Layout = "(4,8):(1,8)".parse().unwrap();
/// assert_eq!(max_common_vector(&a, &b).unwrap(), 4);
/// ```
pub fn max_common_vector(a: &Layout, b: &Layout) -> Result<i64> {
    Ok(match common_vector(a, b)?.1 {
        Some(v) => v.size()?,
        None => 1,
    })
}

/// The layout of the contiguous elements that `a` and `b` map alike (CuTe's
/// `max_common_layout`): `a(R(i)) == i` and `b(R(i)) == i` for `i < size(R)`.
///
/// ```
/// use cute_core::dynamic::{max_common_layout, Layout};
/// let a: Layout = "(4,8):(1,4)".parse().unwrap();
/// let b: Layout = "(4,8):(1,8)".parse().unwrap();
/// assert_eq!(max_common_layout(&a, &b).unwrap().to_string(), "4:1");
/// ```
pub fn max_common_layout(a: &Layout, b: &Layout) -> Result<Layout> {
    match common_vector(a, b)? {
        (inv_b, Some(v)) => composition(&inv_b, &v),
        (_, None) => Ok(Layout::trivial()),
    }
}
