//! PyCuTe's operations that CuTe C++ does not have (`coalesce_z`, `greatest_common_domain`,
//! `layout_add`), on flat lists of modes. The dynamic engine and the static face's compile-time
//! checks both run these.

use crate::arith::{self, Overflow};

/// Unwrap an arithmetic result inside a `const fn` returning `Result<_, Overflow>`.
macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(o) => return Err(o),
        }
    };
}

/// Fold the flat modes `shape:stride` left to right (PyCuTe's `coalesce_z` fold): a size-1 mode
/// is dropped once another mode follows it, and `s0:d0, s1:s0*d0` merge into `s0*s1:d0`. Writes
/// the modes to `out_shape:out_stride` (room for `shape.len()` modes) and returns their number,
/// 0 for an empty layout. The last mode is kept even when it has size 1, so the result equals
/// the layout on every index, past the size too.
// In range: the plain operators are on indices: `i += 1` under `i < shape.len()`, `n - 1` and
// `n -= 1` under `n > 0`, and `n += 1` just after writing `out_shape[n]`. The i64 values go
// through `arith`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn fold_z(
    shape: &[i64],
    stride: &[i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, Overflow> {
    let mut n = 0;
    let mut i = 0;
    while i < shape.len() {
        let (s, d) = (shape[i], stride[i]);
        i += 1;
        while n > 0 && out_shape[n - 1] == 1 {
            n -= 1;
        }
        // A product that overflows cannot equal an i64 stride: the modes just do not merge.
        if n > 0 {
            if let Some(next) = out_shape[n - 1].checked_mul(out_stride[n - 1]) {
                if next == d {
                    out_shape[n - 1] = tri!(arith::mul(out_shape[n - 1], s));
                    continue;
                }
            }
        }
        out_shape[n] = s;
        out_stride[n] = d;
        n += 1;
    }
    Ok(n)
}

/// PyCuTe's `coalesce`: [`fold_z`], then a trailing size-1 mode is dropped when other modes
/// precede it. Returns the number of modes, 0 for an empty layout (which PyCuTe prints `1:0`).
pub const fn coalesce_py(
    shape: &[i64],
    stride: &[i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, Overflow> {
    let n = tri!(fold_z(shape, stride, out_shape, out_stride));
    match n.checked_sub(1) {
        Some(last) if last > 0 && out_shape[last] == 1 => Ok(last),
        _ => Ok(n),
    }
}

/// The greatest common domain of two flat shapes of positive leaves (PyCuTe's
/// `greatest_common_domain`): the factors both shapes split off an index at the same offsets,
/// each with its offset as stride. `work` needs room for `a.len() + b.len()` values and each
/// output slice for `a.len() + b.len()` modes; returns the number of modes, 0 when no factor is
/// common.
///
/// Both shapes are read as colexicographic factorizations of an index. A factor `g` starting at
/// the offset `p` is common when, in each shape, a leaf covers `[p, p*g)` in whole steps of `p`.
/// The walk takes the largest such factor at the first offset aligned in both shapes, and moves
/// past a leaf once it is used up or no common factor can start inside it (every step either
/// emits a factor, after which the next one cannot, or moves past a leaf).
// In range: the plain operators are on indices: `i += 1` and `j += 1` under `i < na` and
// `j < nb`, and `n += 1` just after writing `out_shape[n]`. The i64 values go through `arith`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn greatest_common_domain(
    a: &[i64],
    b: &[i64],
    work: &mut [i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, Overflow> {
    // The part of each leaf not yet consumed; the current leaf of A starts at offset `pa`.
    let (na, nb) = (a.len(), b.len());
    let (work_a, rest) = work.split_at_mut(na);
    let work_b = rest.split_at_mut(nb).0;
    work_a.copy_from_slice(a);
    work_b.copy_from_slice(b);
    let (mut i, mut j, mut pa, mut pb, mut n) = (0usize, 0usize, 1i64, 1i64, 0usize);
    while i < na && j < nb {
        let (xa, xb) = (work_a[i], work_b[j]);
        if xa == 1 {
            i += 1;
            continue;
        }
        if xb == 1 {
            j += 1;
            continue;
        }
        // The first offset reachable in whole steps of both current leaves.
        let start = tri!(arith::mul(tri!(arith::div(pa, arith::gcd(pa, pb))), pb));
        let (ra, rb) = (tri!(arith::div(start, pa)), tri!(arith::div(start, pb)));
        if tri!(arith::rem(xa, ra)) == 0 && tri!(arith::rem(xb, rb)) == 0 {
            let (qa, qb) = (tri!(arith::div(xa, ra)), tri!(arith::div(xb, rb)));
            let g = arith::gcd(qa, qb);
            if g != 1 {
                out_shape[n] = g;
                out_stride[n] = start;
                n += 1;
                work_a[i] = tri!(arith::div(qa, g));
                work_b[j] = tri!(arith::div(qb, g));
                pa = tri!(arith::mul(start, g));
                pb = pa;
                continue;
            }
        }
        // No common factor starts here: move past the leaf that ends first (both when the ends
        // are equal or neither divides the other).
        let (ea, eb) = (tri!(arith::mul(pa, xa)), tri!(arith::mul(pb, xb)));
        let (a_divides, b_divides) = (tri!(arith::rem(eb, ea)) == 0, tri!(arith::rem(ea, eb)) == 0);
        if a_divides || !b_divides {
            pa = ea;
            i += 1;
        }
        if b_divides || !a_divides {
            pb = eb;
            j += 1;
        }
    }
    Ok(n)
}

/// The offset of the index `idx` in the flat layout `shape:stride` (the last mode absorbs an
/// index past the size; 0 for an empty layout).
// In range: `k + 1` and `k += 1` under `k < shape.len()`. The i64 values go through `arith`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn eval(shape: &[i64], stride: &[i64], idx: i64) -> Result<i64, Overflow> {
    let (mut rest, mut offset, mut k) = (idx, 0i64, 0);
    while k < shape.len() {
        let digit = if k + 1 == shape.len() { rest } else { tri!(arith::rem(rest, shape[k])) };
        offset = tri!(arith::add(offset, tri!(arith::mul(digit, stride[k]))));
        rest = tri!(arith::div(rest, shape[k]));
        k += 1;
    }
    Ok(offset)
}

/// Why `layout_add` has no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AddViolation {
    /// The two layouts' sizes differ.
    SizesDiffer {
        /// `size(A)`.
        a: i64,
        /// `size(B)`.
        b: i64,
    },
    /// The greatest common domain of the coalesced shapes does not cover the index range, so no
    /// layout equals `A + B`.
    NoCommonRefinement {
        /// The layouts' size.
        size: i64,
        /// The size of the greatest common domain.
        common: i64,
    },
    /// An intermediate value does not fit in `i64`.
    Overflow(Overflow),
}

/// How many `i64`s of scratch space [`layout_add`] needs for layouts of `leaves` leaves in
/// all (both layouts).
// In range: callers pass the lengths of two slices of i64 added (each below 2^60, as a slice
// spans at most isize::MAX bytes), so 7 * (leaves + 1) < 7 * 2^61 < 2^64.
#[allow(clippy::arithmetic_side_effects)]
pub const fn add_scratch_len(leaves: usize) -> usize {
    7 * (leaves + 1)
}

/// The sum of two flat layouts of equal size as functions (PyCuTe's `layout_add`): `R(i) ==
/// A(i) + B(i)` for every `i < size(A)`. Both layouts are coalesced (PyCuTe's `coalesce`) and the
/// index split by the [`greatest_common_domain`] of their shapes; each of its modes, at offset
/// `d`, gets the stride `A(d) + B(d)`, and the result is coalesced again. `scratch` needs
/// [`add_scratch_len`] of the number of leaves, each output slice room for that many modes plus
/// one. Returns the number of modes, 0 for the layout `1:0`.
// In range: the plain operators are on indices: `part` adds the lengths of two slices of i64
// (each below 2^60) and 1, and `k += 1` is under `k < ng`. The i64 values go through `arith`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn layout_add(
    a_shape: &[i64],
    a_stride: &[i64],
    b_shape: &[i64],
    b_stride: &[i64],
    scratch: &mut [i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, AddViolation> {
    macro_rules! ok {
        ($e:expr) => {
            match $e {
                Ok(v) => v,
                Err(o) => return Err(AddViolation::Overflow(o)),
            }
        };
    }
    let (size, size_b) = (ok!(product(a_shape)), ok!(product(b_shape)));
    if size != size_b {
        return Err(AddViolation::SizesDiffer { a: size, b: size_b });
    }
    // Seven parts of the scratch space: A and B coalesced, the walk's work space, the common
    // domain's shapes and strides.
    let part = a_shape.len() + b_shape.len() + 1;
    let (acs, rest) = scratch.split_at_mut(part);
    let (acd, rest) = rest.split_at_mut(part);
    let (bcs, rest) = rest.split_at_mut(part);
    let (bcd, rest) = rest.split_at_mut(part);
    let (work, rest) = rest.split_at_mut(part);
    let (gs, rest) = rest.split_at_mut(part);
    let gd = rest.split_at_mut(part).0;
    let na = ok!(coalesce_py(a_shape, a_stride, acs, acd));
    let nb = ok!(coalesce_py(b_shape, b_stride, bcs, bcd));
    let (a_shape, a_stride) = (acs.split_at(na).0, acd.split_at(na).0);
    let (b_shape, b_stride) = (bcs.split_at(nb).0, bcd.split_at(nb).0);
    let ng = ok!(greatest_common_domain(a_shape, b_shape, work, gs, gd));
    let common = ok!(product(gs.split_at(ng).0));
    if common != size {
        return Err(AddViolation::NoCommonRefinement { size, common });
    }
    // The common modes with their summed strides, reusing `work` for the strides.
    let mut k = 0;
    while k < ng {
        work[k] = ok!(arith::add(ok!(eval(a_shape, a_stride, gd[k])), ok!(eval(b_shape, b_stride, gd[k]))));
        k += 1;
    }
    Ok(ok!(coalesce_py(gs.split_at(ng).0, work.split_at(ng).0, out_shape, out_stride)))
}

/// The product of the leaves, checked.
// In range: `k += 1` under `k < shape.len()`.
#[allow(clippy::arithmetic_side_effects)]
const fn product(shape: &[i64]) -> Result<i64, Overflow> {
    let (mut p, mut k) = (1i64, 0);
    while k < shape.len() {
        p = tri!(arith::mul(p, shape[k]));
        k += 1;
    }
    Ok(p)
}

#[cfg(test)]
mod examples {
    #[allow(unused_imports)]
    use super::*;
    #[allow(unused_imports)]
    use std::string::ToString;

    #[test]
    fn example_fold_z() {
        let (mut s, mut d) = ([0i64; 4], [0i64; 4]);
        let n = fold_z(&[2, 1, 6, 1], &[1, 7, 8, 0], &mut s, &mut d).unwrap();
        assert_eq!((n, s, d), (3, [2, 6, 1, 0], [1, 8, 0, 0]));
    }

    #[test]
    fn example_coalesce_py() {
        let (mut s, mut d) = ([0i64; 3], [0i64; 3]);
        assert_eq!(coalesce_py(&[2, 3, 1], &[1, 5, 0], &mut s, &mut d), Ok(2));
    }

    #[test]
    fn example_greatest_common_domain() {
        let (mut w, mut s, mut d) = ([0i64; 4], [0i64; 4], [0i64; 4]);
        let n = greatest_common_domain(&[6, 35], &[15, 14], &mut w, &mut s, &mut d).unwrap();
        assert_eq!((n, &s[..2], &d[..2]), (2, &[3, 7][..], &[1, 30][..]));
    }

    #[test]
    fn example_eval() {
        assert_eq!(eval(&[4, 3], &[3, 1], 5), Ok(3 + 1));
    }

    #[test]
    fn example_add_scratch_len() {
        assert_eq!(add_scratch_len(5), 42);
    }

    #[test]
    fn example_layout_add() {
        let (mut s, mut d, mut scratch) = ([0i64; 6], [0i64; 6], [0i64; add_scratch_len(5)]);
        let n = layout_add(&[5, 3, 4], &[1, 5, 15], &[10, 6], &[1, 10], &mut scratch, &mut s, &mut d).unwrap();
        assert_eq!((n, s[0], d[0]), (1, 60, 2));
        let e = layout_add(&[2, 3], &[1, 5], &[3, 2], &[1, 7], &mut scratch, &mut s, &mut d);
        assert_eq!(e, Err(AddViolation::NoCommonRefinement { size: 6, common: 1 }));
    }
}
