//! The composition of one leaf of B with the modes of A, and every condition of composition.

use crate::arith::{self, Overflow};

/// A condition of composition that an input violates, with the values involved.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Violation {
    /// CuTe's check: `rest_stride % shape == 0 || rest_stride < shape` fails.
    StrideDivisibility {
        /// The stride left to divide out.
        stride: i64,
        /// The shape of A's mode.
        shape: i64,
    },
    /// A stride that jumps over a mode of A is not a multiple of it.
    StrideNotMultiple {
        /// The stride left to divide out.
        stride: i64,
        /// The shape of A's mode.
        shape: i64,
    },
    /// A stride that stops inside a mode of A does not divide it, and the leaf goes on past it.
    StrideNotDivisor {
        /// The stride left to divide out.
        stride: i64,
        /// The shape of A's mode.
        shape: i64,
    },
    /// The shape left to place is not a multiple of what the mode of A holds.
    ShapeDivisibility {
        /// The shape left to place.
        rest: i64,
        /// What the mode of A holds.
        part: i64,
    },
    /// The images of B's leaves carry over in A's mode `mode` of shape `shape`.
    ModeOverlap {
        /// The mode of (coalesced) A.
        mode: usize,
        /// Its shape.
        shape: i64,
    },
    /// B's leaves of both signs meet in several modes of A.
    MixedSigns,
    /// An intermediate value does not fit in i64.
    Overflow(Overflow),
}

macro_rules! tri {
    ($e:expr) => {
        match $e {
            Ok(v) => v,
            Err(o) => return Err(Violation::Overflow(o)),
        }
    };
}

/// How one leaf of B lands in A: the number of result modes, whether the result is a single
/// integral mode, the highest mode of A it reaches, and the sign of its stride. The largest
/// digit it puts in each mode of A but the last is written to the caller's `digits`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LeafComposition {
    /// Number of result modes written.
    pub len: usize,
    /// The highest mode of A the leaf's image reaches.
    pub top: usize,
    /// The sign of the leaf's stride.
    pub sign: i64,
}

/// Compose the coalesced A (`a_shape:a_stride`, from `coalesce` with `extended`) with the leaf
/// `n:r` of B, writing the result modes to `out_shape:out_stride` and, for each mode of A but the
/// last, the largest digit the leaf's image puts there to `digits` (CuTe's `composition_impl`
/// with exact conditions). A result of one mode is an integral layout.
///
/// Violations in A's modes from `first_exempt` on are allowed: they only show at offsets past a
/// bound the caller does not need (a divide's rest, a product's copies); `usize::MAX` exempts
/// none.
// In range: the plain operators are on indices: `k + 1` and `i + 1` with `k, i < modes`,
// `modes - 1` once `modes > 1`, and `len += 1` just after writing `out_shape[len]`, so
// `len < out_shape.len()`. The i64 values go through `arith`.
#[allow(clippy::too_many_arguments, clippy::arithmetic_side_effects)]
pub const fn compose_leaf(
    a_shape: &[i64],
    a_stride: &[i64],
    n: i64,
    r: i64,
    first_exempt: usize,
    out_shape: &mut [i64],
    out_stride: &mut [i64],
    digits: &mut [i64],
) -> Result<LeafComposition, Violation> {
    let modes = a_shape.len();
    let mut k = 0;
    while k + 1 < modes {
        digits[k] = 0;
        k += 1;
    }
    let sign = r.signum();
    if r == 0 || modes <= 1 {
        // Stride 0 maps everything to 0; a single mode of A is linear: n:(r*d).
        out_shape[0] = n;
        out_stride[0] = if r == 0 || modes == 0 { 0 } else { tri!(arith::mul(r, a_stride[0])) };
        return Ok(LeafComposition { len: 1, top: 0, sign });
    }
    let mut len = 0;
    let mut top = modes - 1;
    let (mut rest_shape, mut rest_stride) = (n, r);
    let mut i = 0;
    while i + 1 < modes {
        let (s, d) = (a_shape[i], a_stride[i]);
        let abs_r = tri!(arith::abs(rest_stride));
        // CuTe's weak check, kept so that every case CuTe rejects is rejected here too.
        if !(tri!(arith::rem(rest_stride, s)) == 0 || rest_stride < s) {
            return Err(Violation::StrideDivisibility { stride: rest_stride, shape: s });
        }
        let next_shape = tri!(arith::ceil_div(s, abs_r));
        let next_stride = tri!(arith::mul(tri!(arith::ceil_div(abs_r, s)), rest_stride.signum()));
        let exempt = i >= first_exempt;
        if next_shape == 1 || rest_shape == 1 {
            // Exact: a stride jumping over this mode must be a multiple of it (negative strides
            // pass CuTe's check unconditionally).
            if rest_shape != 1 && tri!(arith::rem(abs_r, s)) != 0 && !exempt {
                return Err(Violation::StrideNotMultiple { stride: rest_stride, shape: s });
            }
        } else {
            let new_shape = if next_shape < rest_shape { next_shape } else { rest_shape };
            if tri!(arith::rem(rest_shape, new_shape)) != 0 {
                return Err(Violation::ShapeDivisibility { rest: rest_shape, part: new_shape });
            }
            // Exact: the stride must divide this mode unless the leaf ends inside it.
            if new_shape < rest_shape && tri!(arith::rem(s, abs_r)) != 0 && !exempt {
                return Err(Violation::StrideNotDivisor { stride: rest_stride, shape: s });
            }
            digits[i] = tri!(arith::mul(tri!(arith::add(new_shape, -1)), abs_r));
            out_shape[len] = new_shape;
            out_stride[len] = tri!(arith::mul(rest_stride, d));
            len += 1;
            rest_shape = tri!(arith::div(rest_shape, new_shape));
            if rest_shape == 1 && top == modes - 1 {
                top = i;
            }
        }
        rest_stride = next_stride;
        i += 1;
    }
    if len == 0 || rest_shape != 1 {
        out_shape[len] = rest_shape;
        out_stride[len] = tri!(arith::mul(rest_stride, a_stride[modes - 1]));
        len += 1;
    }
    Ok(LeafComposition { len, top, sign })
}

/// The leaves of B must not interfere in A: summed per mode of A (but the last), the digits of
/// the leaves of each sign must stay below the mode's shape (no carry), counting all leaves
/// before `first_exempt` and only the `strict` ones after; leaves of both signs may only meet
/// all inside A's first mode or all on multiples of A's last mode, where A is linear on both
/// sides of 0. `digits` holds one row of `a_shape.len() - 1` entries per leaf, in the order of
/// `leaves`, which gives each leaf's shape, sign, top mode and whether it is strict.
// In range: the plain operators are on counts: `modes - 1` once `modes > 1`, `live` counts
// leaves, each loop counter steps under a slice length, and `sign` takes -1, 1, 3. The i64
// sums go through `arith`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn check_disjoint(
    a_shape: &[i64],
    digits: &[i64],
    leaves: &[LeafInfo],
    first_exempt: usize,
) -> Result<(), Violation> {
    let modes = a_shape.len();
    if modes <= 1 {
        return Ok(());
    }
    let width = modes - 1;
    let (mut live, mut neg, mut pos, mut in_first, mut in_last) = (0usize, false, false, true, true);
    // Each leaf's row of digits is split off the front, so no index is computed.
    let (mut l, mut rows) = (0, digits);
    while l < leaves.len() {
        let (row, rest) = rows.split_at(width);
        rows = rest;
        let leaf = leaves[l];
        if leaf.n > 1 && leaf.sign != 0 {
            live += 1;
            neg |= leaf.sign < 0;
            pos |= leaf.sign > 0;
            in_first &= leaf.top == 0;
            let mut i = 0;
            while i < width {
                in_last &= row[i] == 0;
                i += 1;
            }
        }
        l += 1;
    }
    if live < 2 {
        return Ok(());
    }
    if neg && pos && !in_first && !in_last {
        return Err(Violation::MixedSigns);
    }
    let mut i = 0;
    while i < width {
        let mut sign = -1;
        while sign <= 1 {
            let (mut all, mut strict) = (0i64, 0i64);
            let (mut l, mut rows) = (0, digits);
            while l < leaves.len() {
                let (row, rest) = rows.split_at(width);
                rows = rest;
                let leaf = leaves[l];
                if leaf.n > 1 && leaf.sign == sign {
                    all = tri!(arith::add(all, row[i]));
                    if leaf.strict {
                        strict = tri!(arith::add(strict, row[i]));
                    }
                }
                l += 1;
            }
            // A carry out of mode i lands past the bound when i >= first_exempt.
            if strict >= a_shape[i] || (all >= a_shape[i] && i < first_exempt) {
                return Err(Violation::ModeOverlap { mode: i, shape: a_shape[i] });
            }
            sign += 2;
        }
        i += 1;
    }
    Ok(())
}

/// What [`check_disjoint`] needs to know of one leaf of B.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeafInfo {
    /// The leaf's shape.
    pub n: i64,
    /// The sign of its stride.
    pub sign: i64,
    /// The highest mode of A its image reaches.
    pub top: usize,
    /// Whether it must agree with A everywhere (else only below the bound).
    pub strict: bool,
}

/// The first mode of A whose violations only show past `bound`: the first `i` with
/// `shape[0] * ... * shape[i] >= bound`; `usize::MAX` without a bound.
// In range: `i += 1` under `i < a_shape.len()`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn first_exempt(a_shape: &[i64], bound: Option<i64>) -> usize {
    let Some(bound) = bound else { return usize::MAX };
    let mut p = 1i64;
    let mut i = 0;
    while i < a_shape.len() {
        p = p.saturating_mul(a_shape[i]);
        if p >= bound {
            return i;
        }
        i += 1;
    }
    usize::MAX
}

#[cfg(test)]
mod examples {
    #[allow(unused_imports)]
    use super::*;
    #[allow(unused_imports)]
    use std::string::ToString;

    #[test]
    fn example_compose_leaf() {
        let (mut s, mut d, mut g) = ([0i64; 4], [0i64; 4], [0i64; 4]);
        let r = compose_leaf(&[4, 6, 8], &[2, 3, 5], 6, 12, usize::MAX, &mut s, &mut d, &mut g).unwrap();
        assert_eq!((r.len, s[0], s[1], d[0], d[1]), (2, 2, 3, 9, 5));
        let e = compose_leaf(&[4, 6, 8], &[2, 3, 5], 6, 3, usize::MAX, &mut s, &mut d, &mut g);
        assert_eq!(e, Err(Violation::StrideNotDivisor { stride: 3, shape: 4 }));
    }

    #[test]
    fn example_check_disjoint() {
        let leaf = LeafInfo { n: 2, sign: 1, top: 0, strict: true };
        assert!(check_disjoint(&[6, 2], &[3, 2], &[leaf, leaf], usize::MAX).is_ok());
        assert_eq!(
            check_disjoint(&[6, 2], &[3, 3], &[leaf, leaf], usize::MAX),
            Err(Violation::ModeOverlap { mode: 0, shape: 6 })
        );
    }

    #[test]
    fn example_first_exempt() {
        assert_eq!(first_exempt(&[4, 8, 2], Some(32)), 1);
        assert_eq!(first_exempt(&[4, 8, 2], None), usize::MAX);
    }
}
