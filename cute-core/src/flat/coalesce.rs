//! Coalesce: merge the modes of a flat layout that are contiguous, drop those of size 1.

use crate::arith::{self, Overflow};

/// Coalesce the flat layout `shape:stride` into `out_shape:out_stride` (CuTe's `bw_coalesce`):
/// size-1 modes are dropped and `s0:d0, s1:s0*d0` merge into `s0*s1:d0`. With `extended`, a
/// trailing size-1 mode keeps its stride (CuTe's `coalesce_x`, which preserves the function past
/// the size too). Returns the number of modes written; a single mode `1:0` means nothing is
/// left. The output slices need room for `shape.len()` modes (at least one).
// In range: the plain operators are on indices: `len - 1` once `len > 0`, `i -= 1` under
// `i > 0`, `n - 1` with `n >= 1`, and `n += 1` at most once per `i`, so `n <= len`; the
// reversal's `i += 1` and `j -= 1` under `i < j`. The i64 values go through `arith`.
#[allow(clippy::arithmetic_side_effects)]
// Always inlined: its callers coalesce a few leaves, where the call cost as much as the walk
// (left to LLVM, it was inlined into some callers and not others as the crate changed).
#[inline(always)]
pub const fn coalesce(
    shape: &[i64],
    stride: &[i64],
    extended: bool,
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, Overflow> {
    coalesce_with(shape, stride, extended, false, out_shape, out_stride)
}

/// [`coalesce`] of `filter(shape:stride)` when `filter` (CuTe's `filter`: a mode of stride 0 is
/// taken as size 1, so it is dropped), read in the same pass (a separate pass to write the
/// filtered shapes cost a tenth of a complement).
// In range: as in `coalesce`.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
pub const fn coalesce_with(
    shape: &[i64],
    stride: &[i64],
    extended: bool,
    filter: bool,
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize, Overflow> {
    let len = shape.len();
    if len == 0 {
        out_shape[0] = 1;
        out_stride[0] = 0;
        return Ok(1);
    }
    // Build the result back to front: index `n - 1` is its current first mode.
    let last = len - 1;
    let shape_last = if filter && stride[last] == 0 { 1 } else { shape[last] };
    // A trailing size-1 mode kept for its stride counts as 2 (CuTe's `coalesce_x`), so that it
    // is not dropped; past it the function is linear, so its size is never read.
    let mut held = extended && shape_last == 1;
    out_shape[0] = if held { 2 } else { shape_last };
    out_stride[0] = stride[last];
    let mut n = 1;
    let mut i = last;
    while i > 0 {
        i -= 1;
        let (s, d) = (if filter && stride[i] == 0 { 1 } else { shape[i] }, stride[i]);
        if s == 1 {
            continue;
        }
        if n == 1 && out_shape[0] == 1 {
            out_shape[0] = s;
            out_stride[0] = d;
        } else {
            // `s:d` continues into the next mode. A product past i64 is no stride, so such a
            // mode does not continue into one.
            let continues = match arith::mul(s, d) {
                Ok(sd) => sd == out_stride[n - 1],
                Err(_) => false,
            };
            if continues {
                out_shape[n - 1] = match arith::mul(s, out_shape[n - 1]) {
                    Ok(v) => v,
                    // The 2 of a trailing size-1 mode stands for its 1: where the product with
                    // it passes i64, the modes merged into it take their own size (it fits where
                    // A's size does), and the 2 is gone.
                    Err(_) if n == 1 && held => {
                        held = false;
                        match arith::mul(s, out_shape[0] / 2) {
                            Ok(v) => v,
                            Err(e) => return Err(e),
                        }
                    }
                    Err(e) => return Err(e),
                };
                out_stride[n - 1] = d;
            } else {
                out_shape[n] = s;
                out_stride[n] = d;
                n += 1;
            }
        }
    }
    if n == 1 && out_shape[0] == 1 {
        out_stride[0] = 0;
        return Ok(1);
    }
    // Reverse into left-to-right order (a plain loop: `<[T]>::reverse`, made for long slices,
    // cost as much as the rest of a small coalesce).
    let (mut i, mut j) = (0, n - 1);
    while i < j {
        (out_shape[i], out_shape[j]) = (out_shape[j], out_shape[i]);
        (out_stride[i], out_stride[j]) = (out_stride[j], out_stride[i]);
        i += 1;
        j -= 1;
    }
    Ok(n)
}

/// Whether `shape:stride` is its own coalesce (and `coalesce_x`): at least one mode, every
/// shape past 1, and no mode `s:d` followed by a mode of stride `s*d`. Such leaves can be used
/// in place of a coalesced copy.
// In range: `i + 1 < shape.len()` bounds the index.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
#[cfg(any(feature = "alloc", test))]
pub const fn is_coalesced(shape: &[i64], stride: &[i64]) -> bool {
    if shape.is_empty() || shape.len() != stride.len() {
        return false;
    }
    let mut i = 0;
    while i < shape.len() {
        if shape[i] <= 1 {
            return false;
        }
        if i + 1 < shape.len() {
            if let Some(next) = shape[i].checked_mul(stride[i]) {
                if next == stride[i + 1] {
                    return false;
                }
            }
        }
        i += 1;
    }
    true
}

#[cfg(test)]
mod examples {
    #[allow(unused_imports)]
    use super::*;
    #[allow(unused_imports)]
    use std::string::ToString;

    #[test]
    fn example_is_coalesced() {
        assert!(is_coalesced(&[6, 2], &[8, 2]));
        assert!(!is_coalesced(&[2, 6], &[1, 2]));
        assert!(!is_coalesced(&[2, 1], &[1, 6]));
    }

    /// Leaves that `is_coalesced` accepts are what `coalesce` and `coalesce_x` give, on every
    /// layout of up to three modes over small shapes and strides.
    #[test]
    fn what_is_coalesced_coalesces_to_itself() {
        let values = [-2, 0, 1, 2, 3, 4, 6, 8, 12, i64::MAX];
        let mut accepted = 0;
        for len in 1..=3usize {
            let count = values.len().pow(2 * len as u32);
            for code in 0..count {
                let (mut c, mut shape, mut stride) = (code, std::vec::Vec::new(), std::vec::Vec::new());
                for _ in 0..len {
                    shape.push(values[c % values.len()]);
                    stride.push(values[(c / values.len()) % values.len()]);
                    c /= values.len() * values.len();
                }
                if !is_coalesced(&shape, &stride) {
                    continue;
                }
                accepted += 1;
                for extended in [false, true] {
                    let (mut s, mut d) = ([0i64; 3], [0i64; 3]);
                    let n = coalesce(&shape, &stride, extended, &mut s, &mut d);
                    assert_eq!(n, Ok(len), "{:?}:{:?}", shape, stride);
                    assert_eq!((&s[..len], &d[..len]), (&shape[..], &stride[..]), "{:?}:{:?}", shape, stride);
                }
            }
        }
        assert!(accepted > 100_000, "{accepted}");
    }

    #[test]
    fn example_coalesce() {
        let (mut s, mut d) = ([0i64; 3], [0i64; 3]);
        let n = coalesce(&[2, 1, 6], &[1, 6, 2], false, &mut s, &mut d).unwrap();
        assert_eq!((n, s[0], d[0]), (1, 12, 1));
    }
}
