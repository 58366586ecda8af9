//! The inverses' arithmetic on the coalesced flat modes of a layout: the exclusive prefix
//! products, the stable sort of the modes by stride, the right inverse's chain of strides, and
//! the left inverse's fold with its conditions.
//!
//! Both faces run `coalesce`, then [`prefix_products`] and [`sort_by_stride`], then
//! [`right_inverse_chain`] or [`left_inverse_fold`], and coalesce the modes these write.

use crate::arith::{self, Overflow};

/// A condition of `left_inverse` that a layout violates, with the values involved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum InverseViolation {
    /// A stride is negative (the first one, in mode order).
    NegativeStride {
        /// The stride.
        stride: i64,
    },
    /// A stride is not a multiple of the span of the smaller strides.
    LeftInverseDivisibility {
        /// The stride.
        stride: i64,
        /// The largest smaller non-zero stride (1 when there is none).
        span: i64,
    },
    /// The modes overlap so that CuTe's construction is no quasi-inverse.
    NonInjective,
    /// An intermediate value does not fit in i64.
    Overflow(Overflow),
}

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(o) => return Err(o),
        }
    };
}

macro_rules! tri_v {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(o) => return Err(InverseViolation::Overflow(o)),
        }
    };
}

/// Write to `pre[i]` the index at which mode `i` starts, `shape[0] * ... * shape[i - 1]`, and
/// return the size (the product of all shapes). `pre` needs room for `shape.len()` entries.
// In range: `i += 1` under `i < shape.len()`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn prefix_products(shape: &[i64], pre: &mut [i64]) -> Result<i64, Overflow> {
    let mut p = 1i64;
    let mut i = 0;
    while i < shape.len() {
        pre[i] = p;
        p = tri!(arith::mul(p, shape[i]));
        i += 1;
    }
    Ok(p)
}

/// Write to `order` the mode indices `0..stride.len()` sorted by stride, stably: modes of equal
/// stride keep their order, as CuTe's compile-time sort does on every golden case. An insertion
/// sort that inserts each mode after the sorted modes of smaller or equal stride.
// In range: `k += 1` under `k < stride.len()`, and `j - 1`, `j -= 1` under `j > 0`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn sort_by_stride(stride: &[i64], order: &mut [usize]) {
    let mut k = 0;
    while k < stride.len() {
        let mut j = k;
        while j > 0 && stride[order[j - 1]] > stride[k] {
            order[j] = order[j - 1];
            j -= 1;
        }
        order[j] = k;
        k += 1;
    }
}

/// The modes of CuTe's right inverse before its final coalesce: `1:0`, then, following the
/// chain of strides `1, s*d, ...` through the modes in `order` (from [`sort_by_stride`]), each
/// mode `s:d` on the chain as `s:pre` (its start index, from [`prefix_products`]). Returns the
/// number of modes written; the output slices need room for `order.len() + 1`.
// In range: `k += 1` under `k < order.len()`, and `n += 1` just after writing `out_shape[n]`,
// so `n < out_shape.len()`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn right_inverse_chain(
    shape: &[i64],
    stride: &[i64],
    pre: &[i64],
    order: &[usize],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, Overflow> {
    out_shape[0] = 1;
    out_stride[0] = 0;
    let mut n = 1;
    let mut next = 1i64;
    let mut k = 0;
    while k < order.len() {
        let i = order[k];
        if stride[i] == next {
            out_shape[n] = shape[i];
            out_stride[n] = pre[i];
            n += 1;
            next = tri!(arith::mul(shape[i], stride[i]));
        }
        k += 1;
    }
    Ok(n)
}

/// The modes of CuTe's left inverse before its final coalesce, with its conditions. The
/// non-zero strides `d1 <= d2 <= ...` (in `order`, from [`sort_by_stride`]) give the modes
/// `(d1/1, d2/d1, ..., s_last) : (0, pre1, pre2, ...)`, where `s_last` is the shape of the last
/// mode in `order` and `pre` the start indices (from [`prefix_products`]). Returns the number of
/// modes written; the output slices need room for `order.len() + 1`.
///
/// Errors, in this order: a negative stride; a stride that is not a multiple of the previous
/// non-zero one; and the modes failing [`check_quasi_inverse`].
// In range: the plain operators are on indices: the loop counters step under slice lengths,
// `n` counts the non-zero strides seen, so `n + 1 <= order.len()`, and the last `n += 1` just
// follows writing `out_shape[n]`. The i64 values go through `arith`.
#[allow(clippy::too_many_arguments, clippy::arithmetic_side_effects)]
pub const fn left_inverse_fold(
    shape: &[i64],
    stride: &[i64],
    pre: &[i64],
    order: &[usize],
    last_absorbs: bool,
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, InverseViolation> {
    let mut i = 0;
    while i < stride.len() {
        if stride[i] < 0 {
            return Err(InverseViolation::NegativeStride { stride: stride[i] });
        }
        i += 1;
    }
    out_stride[0] = 0;
    let mut n = 0;
    let mut span = 1i64;
    let mut k = 0;
    while k < order.len() {
        let i = order[k];
        let d = stride[i];
        if d != 0 {
            if tri_v!(arith::rem(d, span)) != 0 {
                return Err(InverseViolation::LeftInverseDivisibility { stride: d, span });
            }
            out_shape[n] = tri_v!(arith::div(d, span));
            span = d;
            out_stride[n + 1] = pre[i];
            n += 1;
        }
        k += 1;
    }
    // A coalesced layout has a mode; without one the last shape is the empty product.
    out_shape[n] = match order.last() {
        Some(&i) => shape[i],
        None => 1,
    };
    n += 1;
    if let Err(v) = check_quasi_inverse(shape, stride, order, last_absorbs) {
        return Err(v);
    }
    Ok(n)
}

/// CuTe's left inverse reads an offset in the mixed radix of the sorted strides. That recovers a
/// coordinate of L exactly when no digit exceeds its mode's shape: a mode whose successor
/// stride leaves a gap (or the largest one) must receive no carry from the smaller modes,
/// unless it is L's last mode and absorbs any excess as L does (`last_absorbs`: false when L
/// ends in a size-1 leaf that coalescing dropped, whose stride then decides L past its size).
/// Strides are non-negative here; stride-0 modes are left out.
// In range: the plain operators are on indices: `k + 1` and `i + 1` with `k < order.len()` and
// `i < shape.len()`, and the counters step under `order.len()`. The i64 values go through
// `arith`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn check_quasi_inverse(
    shape: &[i64],
    stride: &[i64],
    order: &[usize],
    last_absorbs: bool,
) -> Result<(), InverseViolation> {
    let mut below = 0i64; // the largest sum of the smaller modes' offsets
    let mut k = 0;
    while k < order.len() {
        let i = order[k];
        let (s, d) = (shape[i], stride[i]);
        if d != 0 {
            let mut j = k + 1;
            while j < order.len() && stride[order[j]] == 0 {
                j += 1;
            }
            let gap = if j < order.len() { tri_v!(arith::div(stride[order[j]], d)) > s } else { true };
            if gap && below >= d && !(last_absorbs && i + 1 == shape.len()) {
                return Err(InverseViolation::NonInjective);
            }
            below = tri_v!(arith::add(below, tri_v!(arith::mul(tri_v!(arith::add(s, -1)), d))));
        }
        k += 1;
    }
    Ok(())
}

#[cfg(test)]
mod examples {
    #[allow(unused_imports)]
    use super::*;
    #[allow(unused_imports)]
    use std::string::ToString;

    #[test]
    fn example_prefix_products() {
        let mut pre = [0i64; 3];
        assert_eq!(prefix_products(&[4, 2, 8], &mut pre), Ok(64));
        assert_eq!(pre, [1, 4, 8]);
    }

    #[test]
    fn example_sort_by_stride() {
        let mut order = [0usize; 4];
        sort_by_stride(&[8, 1, 0, 1], &mut order);
        assert_eq!(order, [2, 1, 3, 0]);
    }

    #[test]
    fn example_right_inverse_chain() {
        // (4,8):(8,1), sorted by stride: mode 1, then mode 0.
        let (mut s, mut d) = ([0i64; 3], [0i64; 3]);
        let n = right_inverse_chain(&[4, 8], &[8, 1], &[1, 4], &[1, 0], &mut s, &mut d).unwrap();
        assert_eq!((n, s, d), (3, [1, 8, 4], [0, 4, 1]));
    }

    #[test]
    fn example_left_inverse_fold() {
        // (4,8):(1,5)
        let (mut s, mut d) = ([0i64; 3], [0i64; 3]);
        let n = left_inverse_fold(&[4, 8], &[1, 5], &[1, 4], &[0, 1], true, &mut s, &mut d).unwrap();
        assert_eq!((n, s, d), (3, [1, 5, 8], [0, 1, 4]));
        let e = left_inverse_fold(&[4, 8], &[2, 5], &[1, 4], &[0, 1], true, &mut s, &mut d);
        assert_eq!(e, Err(InverseViolation::LeftInverseDivisibility { stride: 5, span: 2 }));
    }

    #[test]
    fn example_check_quasi_inverse() {
        // (2,2):(1,1) overlaps, but its last mode absorbs the carry.
        assert_eq!(check_quasi_inverse(&[2, 2], &[1, 1], &[0, 1], true), Ok(()));
        // (2,2,1):(1,1,0) coalesces to the same modes, but its trailing 1:0 mode absorbs the carry.
        assert_eq!(check_quasi_inverse(&[2, 2], &[1, 1], &[0, 1], false), Err(InverseViolation::NonInjective));
        // (2,2,2):(1,1,4): the carry out of the first two modes is lost.
        assert_eq!(check_quasi_inverse(&[2, 2, 2], &[1, 1, 4], &[0, 1, 2], true), Err(InverseViolation::NonInjective));
    }
}
