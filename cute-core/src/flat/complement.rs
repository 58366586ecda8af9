//! The complement of a layout.

use super::coalesce::{coalesce, coalesce_with};
use crate::arith::{self, Overflow};

/// Why a layout has no complement.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ComplementError {
    /// A stride lies inside the span of the smaller modes (CuTe's "Non-injective Layout").
    NonInjective {
        /// The stride.
        stride: i64,
        /// The span of the smaller modes.
        span: i64,
    },
    /// A stride of a mode of size > 1 is negative (CuTe would compute non-positive shapes).
    NegativeStride {
        /// The stride.
        stride: i64,
    },
    /// An entry of the cotarget is zero or negative.
    NonPositiveCotarget {
        /// The entry.
        entry: i64,
    },
    /// An intermediate value does not fit in i64.
    Overflow(Overflow),
}

/// The complement's condition on A's strides: none of a mode of size > 1 is negative.
// In range: `k += 1` under `k < shape.len()`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn check_strides(shape: &[i64], stride: &[i64]) -> Result<(), ComplementError> {
    let mut k = 0;
    while k < shape.len() {
        if stride[k] < 0 && shape[k] > 1 {
            return Err(ComplementError::NegativeStride { stride: stride[k] });
        }
        k += 1;
    }
    Ok(())
}

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(o) => return Err(ComplementError::Overflow(o)),
        }
    };
}

/// CuTe's complement of `shape:stride` with respect to the cotarget whose leaves are `cotarget`
/// (an integer cotarget is one leaf), written as a coalesced flat layout to `out_shape:out_stride`
/// (room for `shape.len() + 2` modes); returns the number of modes. `scratch` needs the same room.
///
/// The layout is filtered (stride-0 modes dropped, coalesced); its modes, taken by increasing
/// stride, are interleaved with the gaps between them; a last mode repeats the pattern until it
/// covers the cotarget. For negative strides the arithmetic is CuTe's and gives non-positive
/// shapes, which callers reject unless the complement is never evaluated.
// In range: the plain operators are on indices. Each loop counter steps under a bound of a
// slice length; `k + 1` with `k < n`, `n -= 1` under `n > 1`, and `m += 1` just after
// writing `out_shape[m]`, so `m < out_shape.len()`. The i64 values go through `arith`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn complement(
    shape: &[i64],
    stride: &[i64],
    cotarget: &[i64],
    scratch_shape: &mut [i64],
    scratch_stride: &mut [i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, ComplementError> {
    match complement_positive(shape, stride, cotarget, out_shape, out_stride) {
        Some(k) => Ok(k),
        None => filter_and_walk(shape, stride, cotarget, scratch_shape, scratch_stride, out_shape, out_stride),
    }
}

/// [`complement`]'s steps as the paper gives them, for every input (the one pass answers only
/// some): the cotarget checked, A filtered and coalesced (into the scratch space), then walked
/// by increasing stride.
// In range: `c += 1` under `c < cotarget.len()`.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
pub const fn filter_and_walk(
    shape: &[i64],
    stride: &[i64],
    cotarget: &[i64],
    scratch_shape: &mut [i64],
    scratch_stride: &mut [i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, ComplementError> {
    let mut c = 0;
    while c < cotarget.len() {
        if cotarget[c] < 1 {
            return Err(ComplementError::NonPositiveCotarget { entry: cotarget[c] });
        }
        c += 1;
    }
    // filter: stride-0 modes become size 1, which coalesce drops.
    let n = tri!(coalesce_with(shape, stride, false, true, scratch_shape, scratch_stride));
    if n == 1 && scratch_shape[0] > 1 && scratch_stride[0] > 0 {
        // A coalesces to one mode (a compact tile such as `(4,8):(1,4)`).
        return write_one(scratch_shape[0], scratch_stride[0], cotarget, out_shape, out_stride);
    }
    walk(scratch_shape, scratch_stride, n, cotarget, out_shape, out_stride)
}

/// The most modes [`complement_positive`] sorts in place.
pub const SORTED: usize = 8;

/// [`complement`] of a layout whose kept modes (size past 1, stride not 0) all have positive
/// strides, at most eight of them, against a positive cotarget, where no condition fails: what
/// the filter, coalesce and walk give, in one pass over the modes sorted by stride, written to
/// `out_shape:out_stride` (room for `shape.len() + 2` modes; no scratch space). Coalescing first
/// changes nothing there: modes `s0:d0, s1:s0*d0` that it would merge are next to each other in
/// stride order, where the second leaves the gap `s0*d0 / (s0*d0) = 1`, a mode of size 1 the
/// walk drops. `None` for any other input, a violated condition or an overflow, which
/// [`complement`] decides and names.
// In range: `k < m <= SORTED + 1`.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
pub const fn complement_positive(
    shape: &[i64],
    stride: &[i64],
    cotarget: &[i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Option<usize> {
    let (mut modes_s, mut modes_d) = ([0i64; SORTED + 1], [0i64; SORTED + 1]);
    let m = match complement_positive_in(shape, stride, cotarget, &mut modes_s, &mut modes_d) {
        Some(m) => m,
        None => return None,
    };
    let mut k = 0;
    while k < m {
        (out_shape[k], out_stride[k]) = (modes_s[k], modes_d[k]);
        k += 1;
    }
    Some(m)
}

/// [`complement_positive`] in the caller's arrays `ss:ds`, where A's kept modes are sorted by
/// stride and then replaced in place by the result's; returns their number (at most
/// `SORTED + 1`).
// In range: indices only. `n` counts kept modes, at most `SORTED` (checked before each
// insertion), `j - 1` under `j > 0`, `m <= j` while the gaps are written and at most `n` for
// the last mode; `q = d / last` with `last >= 1`.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
pub const fn complement_positive_in(
    shape: &[i64],
    stride: &[i64],
    cotarget: &[i64],
    ss: &mut [i64; SORTED + 1],
    ds: &mut [i64; SORTED + 1],
) -> Option<usize> {
    if let (&[m], &[s0, s1], &[d0, d1]) = (cotarget, shape, stride) {
        if m > 0 && s0 > 1 && s1 > 1 && d0 > 0 && d1 > 0 {
            return complement_two((s0, d0), (s1, d1), m, ss, ds);
        }
    }
    if let [m] = cotarget {
        // An integer cotarget (the usual one), without the loop (which cost the rank-4
        // complement of `benches/dynamic_algebra.rs` about 15 instructions).
        if *m < 1 {
            return None;
        }
    } else {
        let mut c = 0;
        while c < cotarget.len() {
            if cotarget[c] < 1 {
                return None;
            }
            c += 1;
        }
    }
    // The kept modes, by increasing stride (insertion sort: a few modes).
    let mut n = 0;
    let mut k = 0;
    while k < shape.len() {
        let (s, d) = (shape[k], stride[k]);
        k += 1;
        if s == 1 || d == 0 {
            // What the filter and coalesce drop.
            continue;
        }
        if s < 1 || d < 0 || n == SORTED {
            return None;
        }
        let mut j = n;
        while j > 0 && ds[j - 1] > d {
            (ss[j], ds[j]) = (ss[j - 1], ds[j - 1]);
            j -= 1;
        }
        (ss[j], ds[j]) = (s, d);
        n += 1;
    }
    if n == 0 {
        return None;
    }
    // Each mode leaves the gap `d / last` below it (`last`: the span of the smaller modes),
    // written over the sorted modes already read.
    let (mut last, mut m, mut j) = (1i64, 0, 0);
    while j < n {
        let (s, d) = (ss[j], ds[j]);
        let q = d / last;
        if q == 0 {
            return None;
        }
        if q != 1 {
            (ss[m], ds[m]) = (q, last);
            m += 1;
        }
        last = match d.checked_mul(s) {
            Some(v) => v,
            None => return None,
        };
        j += 1;
    }
    let rest = match copies(cotarget, last) {
        Ok(v) => v,
        Err(_) => return None,
    };
    if rest != 1 || m == 0 {
        (ss[m], ds[m]) = (rest, if rest == 1 { 0 } else { last });
        m += 1;
    }
    Some(m)
}

/// [`complement_positive_in`] of the two modes `s0:d0, s1:d1`, both kept (sizes past 1,
/// positive strides), against the integer cotarget `cotarget` (positive), in straight-line code:
/// the sorting loop's walk cost a two-mode tile's complement a fifth more (callgrind,
/// `benches/README.md`: 374 against 304 instructions for `complement((2,2):(1,6), 24)`).
// In range: `m` counts the modes written, at most 3 of `SORTED + 1`; the spans are products of
// positive values that fit, so they are positive divisors, and `(cotarget - 1) / last + 1` is
// at most `cotarget`.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
const fn complement_two(
    (s0, d0): (i64, i64),
    (s1, d1): (i64, i64),
    cotarget: i64,
    ss: &mut [i64; SORTED + 1],
    ds: &mut [i64; SORTED + 1],
) -> Option<usize> {
    // By increasing stride; of equal strides the first leaf first, as the sort keeps them.
    let ((sa, da), (sb, db)) = if d1 < d0 { ((s1, d1), (s0, d0)) } else { ((s0, d0), (s1, d1)) };
    let mut m = 0;
    // The gap below the first mode is its stride, over a span of 1.
    if da != 1 {
        (ss[0], ds[0]) = (da, 1);
        m = 1;
    }
    let span = match da.checked_mul(sa) {
        Some(v) => v,
        None => return None,
    };
    let q = db / span;
    if q == 0 {
        return None;
    }
    if q != 1 {
        (ss[m], ds[m]) = (q, span);
        m += 1;
    }
    let last = match db.checked_mul(sb) {
        Some(v) => v,
        None => return None,
    };
    // CuTe's `ceil_div(cotarget, last)`.
    let rest = (cotarget - 1) / last + 1;
    if rest != 1 || m == 0 {
        (ss[m], ds[m]) = (rest, if rest == 1 { 0 } else { last });
        m += 1;
    }
    Some(m)
}

/// [`complement_one`] written to `out_shape:out_stride`; returns the number of modes.
// In range: `i += 1` under `i < k <= 2`.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
const fn write_one(
    s: i64,
    d: i64,
    cotarget: &[i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, ComplementError> {
    match complement_one(s, d, cotarget) {
        Ok((modes, k)) => {
            let mut i = 0;
            while i < k {
                (out_shape[i], out_stride[i]) = modes[i];
                i += 1;
            }
            Ok(k)
        }
        Err(o) => Err(ComplementError::Overflow(o)),
    }
}

/// [`complement`]'s walk over A's `n` modes after the filter and coalesce,
/// `modes_s:modes_d` (also its scratch space), to `out_shape:out_stride`.
// In range: as `complement`'s.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
const fn walk(
    modes_s: &mut [i64],
    modes_d: &mut [i64],
    mut n: usize,
    cotarget: &[i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, ComplementError> {
    if n == 1 && modes_d[0] == 0 {
        // Nothing of A is left: the compact layout of the cotarget's size.
        let mut size = 1i64;
        let mut k = 0;
        while k < cotarget.len() {
            size = tri!(arith::mul(size, cotarget[k]));
            k += 1;
        }
        out_shape[0] = size;
        out_stride[0] = if size == 1 { 0 } else { 1 };
        return Ok(1);
    }
    // With positive strides and shapes past 1, no two modes of the result merge (below), so
    // coalescing it only drops its size-1 modes: checked of each mode as the walk takes it.
    let mut increasing = true;
    // Take the modes by increasing stride (the first of equal strides first).
    let mut last = 1i64; // the stride of the previous output mode
    let mut m = 0;
    while n > 1 {
        let mut min = 0;
        let mut k = 1;
        while k < n {
            if modes_d[k] < modes_d[min] {
                min = k;
            }
            k += 1;
        }
        let (s, d) = (modes_s[min], modes_d[min]);
        increasing &= d > 0 && s > 1;
        let q = tri!(arith::div(d, last));
        if q == 0 {
            return Err(ComplementError::NonInjective { stride: d, span: last });
        }
        out_shape[m] = q;
        out_stride[m] = last;
        m += 1;
        last = tri!(arith::mul(d, s));
        // Remove mode `min`.
        let mut k = min;
        while k + 1 < n {
            modes_s[k] = modes_s[k + 1];
            modes_d[k] = modes_d[k + 1];
            k += 1;
        }
        n -= 1;
    }
    let (s, d) = (modes_s[0], modes_d[0]);
    increasing &= d > 0 && s > 1;
    let q = tri!(arith::div(d, last));
    if q == 0 {
        return Err(ComplementError::NonInjective { stride: d, span: last });
    }
    out_shape[m] = q;
    out_stride[m] = last;
    m += 1;
    let new_stride = tri!(arith::mul(d, s));
    let rest = tri!(copies(cotarget, new_stride));
    out_shape[m] = rest;
    out_stride[m] = if rest == 1 { 0 } else { new_stride };
    m += 1;
    if increasing {
        // Mode j of the result, `q:L` with `q = d / L` for A's mode `s:d` next in stride order,
        // ends at `q * L <= d`, below `d * s`, the stride of every later mode: no mode continues
        // into the next, and coalescing the result only drops its modes of size 1.
        let mut k = 0;
        let mut j = 0;
        while j < m {
            if out_shape[j] != 1 {
                out_shape[k] = out_shape[j];
                out_stride[k] = out_stride[j];
                k += 1;
            }
            j += 1;
        }
        if k == 0 {
            out_shape[0] = 1;
            out_stride[0] = 0;
            k = 1;
        }
        return Ok(k);
    }
    // Coalesce the result in place through the scratch space.
    let (rs, rd) = (out_shape.split_at(m).0, out_stride.split_at(m).0);
    let k = tri!(coalesce(rs, rd, false, modes_s, modes_d));
    let mut j = 0;
    while j < k {
        out_shape[j] = modes_s[j];
        out_stride[j] = modes_d[j];
        j += 1;
    }
    Ok(k)
}

/// The complement of one mode `s:d` (`s > 1`, `d > 0`) with respect to the cotarget's leaves
/// `cotarget` (each positive): what [`complement`]'s walk computes (the mode filtered, coalesced
/// and sorted to itself), `(d, rest):(1, s*d)` without its modes of size 1 (`1:0` if none is
/// left), at a fraction of the walk's cost. Returns the modes and their number.
// In range: `k` counts at most two modes written to a pair.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
pub const fn complement_one(s: i64, d: i64, cotarget: &[i64]) -> Result<([(i64, i64); 2], usize), Overflow> {
    let next = match arith::mul(d, s) {
        Ok(v) => v,
        Err(o) => return Err(o),
    };
    let rest = match copies(cotarget, next) {
        Ok(v) => v,
        Err(o) => return Err(o),
    };
    let mut modes = [(1, 0); 2];
    let mut k = 0;
    if d > 1 {
        modes[0] = (d, 1);
        k = 1;
    }
    if rest > 1 {
        modes[k] = (rest, next);
        k += 1;
    }
    Ok((modes, if k == 0 { 1 } else { k }))
}

/// The size of the complement's last mode for the cotarget's leaves `cotarget` and the span
/// `span` of the modes before it: `size(ceil_div(cotarget, span))`, the divisor folded across
/// the leaves as CuTe's `ceil_div` of a tuple does.
// In range: `k += 1` under `k < cotarget.len()`; the ceilings of positive values are at most
// their dividends.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
const fn copies(cotarget: &[i64], span: i64) -> Result<i64, Overflow> {
    if let [m] = cotarget {
        if *m > 0 && span > 0 {
            // An integer cotarget (the usual one): `ceil_div(m, span)` of positive values, in
            // range as `(m - 1) / span + 1 <= m`.
            #[allow(clippy::arithmetic_side_effects)]
            return Ok((*m - 1) / span + 1);
        }
    }
    let (mut rest, mut div) = (1i64, span);
    let mut k = 0;
    while k < cotarget.len() {
        let m = cotarget[k];
        if m > 0 && div > 0 {
            // Positive values (a layout's shape): both ceilings in range, as above.
            rest = match arith::mul(rest, (m - 1) / div + 1) {
                Ok(v) => v,
                Err(o) => return Err(o),
            };
            div = (div - 1) / m + 1;
            k += 1;
            continue;
        }
        if div == 0 {
            return Err(Overflow { op: "/", lhs: cotarget[k], rhs: 0 });
        }
        rest = match arith::ceil_div(cotarget[k], div) {
            Ok(q) => match arith::mul(rest, q) {
                Ok(v) => v,
                Err(o) => return Err(o),
            },
            Err(o) => return Err(o),
        };
        if cotarget[k] == 0 {
            return Err(Overflow { op: "/", lhs: div, rhs: 0 });
        }
        div = match arith::ceil_div(div, cotarget[k]) {
            Ok(v) => v,
            Err(o) => return Err(o),
        };
        k += 1;
    }
    Ok(rest)
}

#[cfg(test)]
mod examples {
    #[allow(unused_imports)]
    use super::*;
    #[allow(unused_imports)]
    use std::string::ToString;

    #[test]
    fn example_complement_positive() {
        let (mut s, mut d) = ([0i64; 4], [0i64; 4]);
        assert_eq!(complement_positive(&[2, 2], &[1, 6], &[24], &mut s, &mut d), Some(2));
        assert_eq!((s[0], s[1], d[0], d[1]), (3, 2, 2, 12));
        assert_eq!(complement_positive(&[2, 2], &[-1, 6], &[24], &mut s, &mut d), None);
    }

    #[test]
    fn example_filter_and_walk() {
        let (mut s, mut d) = ([0i64; 4], [0i64; 4]);
        let (mut ts, mut td) = ([0i64; 4], [0i64; 4]);
        assert_eq!(filter_and_walk(&[2, 2], &[6, 1], &[24], &mut ts, &mut td, &mut s, &mut d), Ok(2));
        assert_eq!((s[0], s[1], d[0], d[1]), (3, 2, 2, 12));
        let e = filter_and_walk(&[2], &[1], &[0], &mut ts, &mut td, &mut s, &mut d);
        assert_eq!(e, Err(ComplementError::NonPositiveCotarget { entry: 0 }));
    }

    #[test]
    fn example_complement() {
        let (mut s, mut d) = ([0i64; 3], [0i64; 3]);
        let (mut ts, mut td) = ([0i64; 3], [0i64; 3]);
        let n = complement(&[4], &[2], &[24], &mut ts, &mut td, &mut s, &mut d).unwrap();
        assert_eq!((n, s[0], s[1], d[0], d[1]), (2, 2, 3, 1, 8));
    }
}

#[cfg(test)]
mod one_mode {
    use super::*;

    /// `complement` of `shapes:strides` against `cotarget`: the modes, or the error.
    fn run(shapes: &[i64], strides: &[i64], cotarget: &[i64]) -> Result<std::vec::Vec<(i64, i64)>, ComplementError> {
        let cap = shapes.len() + 2;
        let (mut ts, mut td, mut s, mut d) =
            (std::vec![0; cap], std::vec![0; cap], std::vec![0; cap], std::vec![0; cap]);
        let n = complement(shapes, strides, cotarget, &mut ts, &mut td, &mut s, &mut d)?;
        Ok(s[..n].iter().copied().zip(d[..n].iter().copied()).collect())
    }

    /// The closed form of one mode `s:d` (`s > 1`, `d > 0`) gives what the walk gives.
    #[test]
    fn the_closed_form_of_one_mode_is_the_walk() {
        let cotargets: [&[i64]; 7] = [&[1], &[7], &[24], &[1000], &[6, 4], &[5, 3, 2], &[i64::MAX]];
        let modes = (2..=12).flat_map(|s| (1..=40).map(move |d| (s, d)));
        let edges = [(i64::MAX, 2), (2, i64::MAX), (1 << 32, 1 << 31), (3, 1 << 62), (i64::MAX, 1)];
        for (s, d) in modes.chain(edges) {
            for m in cotargets {
                let (mut ws, mut wd, mut os, mut od) = ([s, 0], [d, 0], [0i64; 3], [0i64; 3]);
                let walked = walk(&mut ws, &mut wd, 1, m, &mut os, &mut od)
                    .map(|n| os[..n].iter().copied().zip(od[..n].iter().copied()).collect::<std::vec::Vec<_>>());
                let (mut cs, mut cd) = ([0i64; 3], [0i64; 3]);
                let closed = write_one(s, d, m, &mut cs, &mut cd)
                    .map(|n| cs[..n].iter().copied().zip(cd[..n].iter().copied()).collect::<std::vec::Vec<_>>());
                assert_eq!(closed, walked, "complement({}:{}, {:?})", s, d, m);
            }
        }
    }

    /// The sorted one-pass walk, wherever it answers, gives what the filter, coalesce and walk
    /// give, on every layout of up to three modes over small shapes and strides (negative and
    /// zero ones, which it leaves to the full walk, included) and on overflowing ones.
    #[test]
    fn the_one_pass_walk_is_the_filtered_walk() {
        let cotargets: [&[i64]; 6] = [&[1], &[24], &[1000], &[6, 4], &[5, 3, 2], &[i64::MAX]];
        let shapes = [0, 1, 2, 3, 4, 6, 8, 1 << 40];
        let strides = [-2, 0, 1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 48, 1 << 40];
        let mut layouts: std::vec::Vec<(std::vec::Vec<i64>, std::vec::Vec<i64>)> = std::vec::Vec::new();
        for &s0 in &shapes {
            for &d0 in &strides {
                layouts.push((std::vec![s0], std::vec![d0]));
                for &s1 in &shapes {
                    for &d1 in &strides {
                        layouts.push((std::vec![s0, s1], std::vec![d0, d1]));
                        for (s2, d2) in [(2, 1), (3, 2), (2, 8), (4, 24), (1, 7), (5, 0)] {
                            layouts.push((std::vec![s0, s1, s2], std::vec![d0, d1, d2]));
                        }
                    }
                }
            }
        }
        let (mut taken, mut left) = (0, 0);
        for (sh, st) in &layouts {
            for m in cotargets {
                let cap = sh.len() + 2;
                let (mut os, mut od) = (std::vec![0; cap], std::vec![0; cap]);
                let Some(n) = complement_positive(sh, st, m, &mut os, &mut od) else {
                    left += 1;
                    continue;
                };
                taken += 1;
                let (mut ts, mut td, mut ws, mut wd) =
                    (std::vec![0; cap], std::vec![0; cap], std::vec![0; cap], std::vec![0; cap]);
                let walked = filter_and_walk(sh, st, m, &mut ts, &mut td, &mut ws, &mut wd)
                    .map(|k| (ws[..k].to_vec(), wd[..k].to_vec()));
                assert_eq!(Ok((os[..n].to_vec(), od[..n].to_vec())), walked, "complement({:?}:{:?}, {:?})", sh, st, m);
            }
        }
        // Both paths are exercised: the one pass answers most layouts, the full walk the rest.
        assert!(taken > 40_000 && left > 40_000, "{taken} {left}");
        // Modes out of stride order are sorted, not left to the full walk: `(2,2):(6,1)`
        // against 24 is `(3,2):(2,12)`, worked by hand.
        let (mut os, mut od) = ([0; 4], [0; 4]);
        assert_eq!(complement_positive(&[2, 2], &[6, 1], &[24], &mut os, &mut od), Some(2));
        assert_eq!((os[..2].to_vec(), od[..2].to_vec()), (std::vec![3, 2], std::vec![2, 12]));
    }

    /// For a tuple cotarget the divisor is folded across its leaves as CuTe's `ceil_div` of a
    /// tuple does: `ceil(m_k / div_k)` for each leaf, `div_(k+1) = ceil(div_k / m_k)`, computed
    /// in i128; a product past i64 is an overflow.
    #[test]
    fn copies_of_a_tuple_cotarget_is_the_folded_ceiling() {
        let values = [1, 2, 3, 8, 16, 1000, 1 << 40, i64::MAX];
        for &m0 in &values {
            for &m1 in &values {
                for &span in &values {
                    let ceil = |a: i128, b: i128| (a + b - 1) / b;
                    let (a0, a1, d) = (i128::from(m0), i128::from(m1), i128::from(span));
                    let want = ceil(a0, d) * ceil(a1, ceil(d, a0));
                    match copies(&[m0, m1], span) {
                        Ok(v) => assert_eq!(i128::from(v), want, "{m0} {m1} {span}"),
                        Err(_) => assert!(want > i128::from(i64::MAX), "{m0} {m1} {span}"),
                    }
                }
            }
        }
    }

    /// The last mode's size for an integer cotarget is `ceil(m / span)`, computed in i128.
    #[test]
    fn copies_of_an_integer_cotarget_is_the_ceiling() {
        let values = [1, 2, 3, 5, 7, 8, 24, 1000, 1 << 40, i64::MAX - 1, i64::MAX];
        for &m in &values {
            for &span in &values {
                let ceil = (i128::from(m) + i128::from(span) - 1) / i128::from(span);
                assert_eq!(copies(&[m], span).map(i128::from), Ok(ceil), "{m} {span}");
            }
        }
    }

    /// One mode `s:d` gives what `(s,1):(d,0)` gives, the same function, which the filter and
    /// coalesce bring back to `s:d`.
    #[test]
    fn one_mode_and_its_filtered_padding_agree() {
        let cotargets: [&[i64]; 7] = [&[1], &[7], &[24], &[1000], &[6, 4], &[5, 3, 2], &[i64::MAX]];
        for s in 1..=12 {
            for d in -3..=40 {
                for m in cotargets {
                    assert_eq!(run(&[s], &[d], m), run(&[s, 1], &[d, 0], m), "complement({}:{}, {:?})", s, d, m);
                }
            }
        }
        for (s, d) in [(i64::MAX, 2), (2, i64::MAX), (1 << 32, 1 << 31), (3, 1 << 62)] {
            assert_eq!(run(&[s], &[d], &[24]), run(&[s, 1], &[d, 0], &[24]), "complement({}:{}, 24)", s, d);
        }
    }
}
