//! Upcast, downcast and recast, leaf by leaf, with their conditions.
//!
//! A cast keeps the layout's structure and rewrites each leaf `s:d` on its own, so each
//! function here works on the flat leaves; the caller rebuilds the tree.

use crate::arith::{self, Overflow};

/// A condition of upcast, downcast or recast that an input violates, with the values involved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CastViolation {
    /// The factor of an upcast or downcast is not positive.
    NonPositiveFactor {
        /// The factor.
        factor: i64,
    },
    /// A bit width of a recast is not positive.
    NonPositiveBits {
        /// The width of the old elements.
        old_bits: i64,
        /// The width of the new elements.
        new_bits: i64,
    },
    /// Upcast (CuTe's "Divisibility condition"): the non-zero stride of leaf `leaf` neither
    /// divides nor is divided by the factor.
    UpcastDivisibility {
        /// The leaf, counted from 0 left to right.
        leaf: usize,
        /// Its stride.
        stride: i64,
        /// The factor.
        factor: i64,
    },
    /// Downcast (CuTe's "Downcast requires adjacent elements"): no leaf has stride 1.
    DowncastAdjacency {
        /// The factor.
        factor: i64,
    },
    /// An intermediate value does not fit in i64.
    Overflow(Overflow),
}

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(o) => return Err(CastViolation::Overflow(o)),
        }
    };
}

/// Upcast the leaf `s:d` by the positive factor `n` (CuTe's `upcast<N>` on a leaf): a stride 0
/// is kept; otherwise `d` must divide or be divided by `n`, and the leaf becomes
/// `ceil(s / ceil(n / |d|)) : sign(d) * ceil(|d| / n)`. `leaf` only labels a violation.
pub const fn upcast_leaf(n: i64, s: i64, d: i64, leaf: usize) -> Result<(i64, i64), CastViolation> {
    if d == 0 {
        return Ok((s, 0));
    }
    if tri!(arith::rem(d, n)) != 0 && tri!(arith::rem(n, d)) != 0 {
        return Err(CastViolation::UpcastDivisibility { leaf, stride: d, factor: n });
    }
    let ad = tri!(arith::abs(d));
    let shape = tri!(arith::ceil_div(s, tri!(arith::ceil_div(n, ad))));
    let stride = tri!(arith::mul(arith::signum(d), tri!(arith::ceil_div(ad, n))));
    Ok((shape, stride))
}

/// Downcast the leaf `s:d` by the positive factor `n` (CuTe's `downcast<N>` on a leaf): a
/// stride of +-1 grows the shape to `s * n`, any other stride becomes `d * n`.
pub const fn downcast_leaf(n: i64, s: i64, d: i64) -> Result<(i64, i64), Overflow> {
    if d == 1 || d == -1 {
        match arith::mul(s, n) {
            Ok(v) => Ok((v, d)),
            Err(o) => Err(o),
        }
    } else {
        match arith::mul(d, n) {
            Ok(v) => Ok((s, v)),
            Err(o) => Err(o),
        }
    }
}

/// Upcast the flat layout `shape:stride` by `n` into `out_shape:out_stride` (same length):
/// the factor must be positive, then [`upcast_leaf`] left to right, stopping at the first
/// violation.
// In range: `i += 1` under `i < shape.len()`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn upcast(
    n: i64,
    shape: &[i64],
    stride: &[i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<(), CastViolation> {
    if n < 1 {
        return Err(CastViolation::NonPositiveFactor { factor: n });
    }
    let mut i = 0;
    while i < shape.len() {
        let (s, d) = match upcast_leaf(n, shape[i], stride[i], i) {
            Ok(v) => v,
            Err(e) => return Err(e),
        };
        out_shape[i] = s;
        out_stride[i] = d;
        i += 1;
    }
    Ok(())
}

/// Downcast the flat layout `shape:stride` by `n` into `out_shape:out_stride` (same length):
/// the factor must be positive and some leaf must have stride exactly 1 (the elements are
/// adjacent), then [`downcast_leaf`] on every leaf.
// In range: each `i += 1` is under `i < stride.len()` or `i < shape.len()`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn downcast(
    n: i64,
    shape: &[i64],
    stride: &[i64],
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<(), CastViolation> {
    if n < 1 {
        return Err(CastViolation::NonPositiveFactor { factor: n });
    }
    let mut adjacent = false;
    let mut i = 0;
    while i < stride.len() {
        adjacent |= stride[i] == 1;
        i += 1;
    }
    if !adjacent {
        return Err(CastViolation::DowncastAdjacency { factor: n });
    }
    let mut i = 0;
    while i < shape.len() {
        let (s, d) = tri!(downcast_leaf(n, shape[i], stride[i]));
        out_shape[i] = s;
        out_stride[i] = d;
        i += 1;
    }
    Ok(())
}

/// The factors of a recast from `old_bits`- to `new_bits`-bit elements (CuTe's
/// `recast_layout`): `(up, down)`, the reduced ratio `new_bits / old_bits`. The layout is
/// upcast by `up` unless it is 1, then downcast by `down` unless it is 1.
pub const fn recast_factors(old_bits: i64, new_bits: i64) -> Result<(i64, i64), CastViolation> {
    if old_bits < 1 || new_bits < 1 {
        return Err(CastViolation::NonPositiveBits { old_bits, new_bits });
    }
    let g = arith::gcd(old_bits, new_bits);
    // In range: both widths are positive, so their gcd is a positive divisor of each.
    #[allow(clippy::arithmetic_side_effects)]
    let factors = (new_bits / g, old_bits / g);
    Ok(factors)
}

#[cfg(test)]
mod examples {
    #[allow(unused_imports)]
    use super::*;
    #[allow(unused_imports)]
    use std::string::ToString;

    #[test]
    fn example_castviolation() {
        let (mut s, mut d) = ([0i64; 1], [0i64; 1]);
        assert_eq!(downcast(0, &[4], &[1], &mut s, &mut d), Err(CastViolation::NonPositiveFactor { factor: 0 }));
    }

    #[test]
    fn example_upcast_leaf() {
        assert_eq!(upcast_leaf(16, 8, 2, 0), Ok((1, 1)));
        assert_eq!(upcast_leaf(2, 6, -4, 0), Ok((6, -2)));
        assert_eq!(upcast_leaf(4, 5, 0, 0), Ok((5, 0)));
        assert_eq!(upcast_leaf(4, 2, 6, 1), Err(CastViolation::UpcastDivisibility { leaf: 1, stride: 6, factor: 4 }));
    }

    #[test]
    fn example_downcast_leaf() {
        assert_eq!(downcast_leaf(4, 3, -1), Ok((12, -1)));
        assert_eq!(downcast_leaf(4, 3, 5), Ok((3, 20)));
        assert_eq!(downcast_leaf(4, 3, 0), Ok((3, 0)));
    }

    #[test]
    fn example_upcast() {
        let (mut s, mut d) = ([0i64; 2], [0i64; 2]);
        upcast(4, &[8, 3], &[1, 8], &mut s, &mut d).unwrap();
        assert_eq!((s, d), ([2, 3], [1, 2]));
    }

    #[test]
    fn example_downcast() {
        let (mut s, mut d) = ([0i64; 2], [0i64; 2]);
        downcast(2, &[4, 3], &[1, 4], &mut s, &mut d).unwrap();
        assert_eq!((s, d), ([8, 3], [1, 8]));
        assert_eq!(downcast(2, &[4, 3], &[-1, 4], &mut s, &mut d), Err(CastViolation::DowncastAdjacency { factor: 2 }));
    }

    #[test]
    fn example_recast_factors() {
        assert_eq!(recast_factors(16, 32), Ok((2, 1)));
        assert_eq!(recast_factors(32, 8), Ok((1, 4)));
        assert_eq!(recast_factors(6, 4), Ok((2, 3)));
        assert_eq!(recast_factors(0, 4), Err(CastViolation::NonPositiveBits { old_bits: 0, new_bits: 4 }));
    }

    #[test]
    fn violations_carry_the_values() {
        let (mut s, mut d) = ([0i64; 2], [0i64; 2]);
        assert_eq!(
            upcast(16, &[4], &[3], &mut s, &mut d),
            Err(CastViolation::UpcastDivisibility { leaf: 0, stride: 3, factor: 16 })
        );
        assert_eq!(downcast(2, &[4], &[2], &mut s, &mut d), Err(CastViolation::DowncastAdjacency { factor: 2 }));
        assert_eq!(upcast(0, &[4], &[1], &mut s, &mut d), Err(CastViolation::NonPositiveFactor { factor: 0 }));
        assert_eq!(recast_factors(8, -8), Err(CastViolation::NonPositiveBits { old_bits: 8, new_bits: -8 }));
    }
}
