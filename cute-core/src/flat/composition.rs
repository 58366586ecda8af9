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
#[inline(always)]
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
    let sign = r.signum();
    if r == 0 || modes <= 1 {
        // Stride 0 maps everything to 0; a single mode of A is linear: n:(r*d).
        let mut k = 0;
        while k + 1 < modes {
            digits[k] = 0;
            k += 1;
        }
        out_shape[0] = n;
        out_stride[0] = if r == 0 || modes == 0 { 0 } else { tri!(arith::mul(r, a_stride[0])) };
        return Ok(LeafComposition { len: 1, top: 0, sign });
    }
    let mut len = 0;
    let mut top = modes - 1;
    let mut overflow = None;
    let (mut rest_shape, mut rest_stride) = (n, r);
    let mut i = 0;
    while i + 1 < modes {
        let stride_here = rest_stride;
        let kept = match walk_mode(a_shape[i], &mut rest_shape, &mut rest_stride, i >= first_exempt) {
            Ok(k) => k,
            Err(v) => return Err(v),
        };
        digits[i] = kept.digit;
        if kept.shape != 0 {
            out_shape[len] = kept.shape;
            // A stride past i64 is reported after the walk: a violated condition of a later
            // mode, which no width of integers satisfies, comes first.
            out_stride[len] = match arith::mul(stride_here, a_stride[i]) {
                Ok(v) => v,
                Err(o) => {
                    if overflow.is_none() {
                        overflow = Some(o);
                    }
                    0
                }
            };
            len += 1;
            if rest_shape == 1 && top == modes - 1 {
                top = i;
            }
        }
        i += 1;
    }
    if let Some(o) = overflow {
        return Err(Violation::Overflow(o));
    }
    if len == 0 || rest_shape != 1 {
        out_shape[len] = rest_shape;
        out_stride[len] = tri!(arith::mul(rest_stride, a_stride[modes - 1]));
        len += 1;
    }
    Ok(LeafComposition { len, top, sign })
}

/// What one leaf's walk does in a mode of A ([`walk_mode`]): the part of the mode it keeps
/// (`shape` 0 where it keeps none) and the largest digit its image puts in the mode.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Kept {
    /// The elements of the mode the leaf keeps, or 0.
    pub shape: i64,
    /// The largest digit of the leaf's image in the mode (0 where it keeps none).
    pub digit: i64,
}

/// One step of a leaf's walk (CuTe's `composition_impl`, exact conditions): the mode `s` of A,
/// not the last, at the shape left `rest_shape` and the stride left `rest_stride`, both moved on
/// to the next mode. `exempt` allows the stride conditions that only show past a bound (see
/// [`compose_leaf`]). A kept part's stride is the stride left before the step times the
/// mode's stride, which the caller computes (its overflow is reported after the walk).
// In range: the i64 values go through `arith`.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
pub const fn walk_mode(s: i64, rest_shape: &mut i64, rest_stride: &mut i64, exempt: bool) -> Result<Kept, Violation> {
    let Step { abs_r, multiple, divides, next_shape, next_stride } = match step(s, *rest_stride) {
        Ok(st) => st,
        Err(v) => return Err(v),
    };
    let rest = *rest_shape;
    let kept = if next_shape == 1 || rest == 1 {
        // Nothing of the leaf in this mode.
        // Exact: a stride jumping over this mode must be a multiple of it (negative strides
        // pass CuTe's check unconditionally).
        if rest != 1 && !multiple && !exempt {
            return Err(Violation::StrideNotMultiple { stride: *rest_stride, shape: s });
        }
        Kept { shape: 0, digit: 0 }
    } else {
        // The leaf keeps `min(next_shape, rest)` of the mode; where that is all it has left, the
        // division is exact and gives 1.
        let (new_shape, left) = if next_shape < rest {
            if tri!(arith::rem(rest, next_shape)) != 0 {
                return Err(Violation::ShapeDivisibility { rest, part: next_shape });
            }
            // Exact: the stride must divide this mode unless the leaf ends inside it.
            if !divides && !exempt {
                return Err(Violation::StrideNotDivisor { stride: *rest_stride, shape: s });
            }
            (next_shape, tri!(arith::div(rest, next_shape)))
        } else {
            (rest, 1)
        };
        let digit = tri!(arith::mul(tri!(arith::add(new_shape, -1)), abs_r));
        *rest_shape = left;
        Kept { shape: new_shape, digit }
    };
    *rest_stride = next_stride;
    Ok(kept)
}

/// What a mode `s` of A (not the last) does to the stride left `r` (not 0): CuTe's next shape
/// `ceil_div(s, |r|)` and next stride `signum(r) * ceil_div(|r|, s)`, whether `s` divides `r`
/// (`multiple`) and `|r|` divides `s` (`divides`); CuTe's own check
/// `r % s == 0 || r < s` fails first.
struct Step {
    abs_r: i64,
    multiple: bool,
    divides: bool,
    next_shape: i64,
    next_stride: i64,
}

/// [`Step`] of the mode `s` at the stride left `r`.
// In range: in the first branch `s > 0` and `r` is neither 0 nor i64::MIN, so `|r|` exists,
// both divisions have a positive divisor, and a quotient plus one is at most the dividend.
#[allow(clippy::arithmetic_side_effects)]
#[inline(always)]
const fn step(s: i64, r: i64) -> Result<Step, Violation> {
    if s > 0 && r != 0 && r != i64::MIN {
        // A layout's own values: one division, by the smaller of `|r|` and `s`, gives what the
        // other one would (of the smaller by the larger, quotient 0 or 1 and remainder the
        // dividend or 0).
        let abs_r = r.abs();
        if abs_r < s {
            // Inside the mode: CuTe's check holds (`r < s`), `s` does not divide `|r|`, and the
            // next stride is `signum(r)`. A unit stride keeps the whole mode.
            let (p, k) = if abs_r == 1 { (s, 0) } else { (s / abs_r, s % abs_r) };
            return Ok(Step {
                abs_r,
                multiple: false,
                divides: k == 0,
                next_shape: p + (k != 0) as i64,
                next_stride: r.signum(),
            });
        }
        // Past the mode (`|r| >= s`): the next shape is 1, `|r|` divides `s` only where equal.
        let (q, m) = (abs_r / s, abs_r % s);
        if !(m == 0 || r < s) {
            return Err(Violation::StrideDivisibility { stride: r, shape: s });
        }
        let next = q + (m != 0) as i64;
        let next_stride = if r < 0 { -next } else { next };
        return Ok(Step { abs_r, multiple: m == 0, divides: abs_r == s, next_shape: 1, next_stride });
    }
    // Any other values (an inadmissible static operation's, which its check reports): CuTe's
    // formulas, every operation checked, in the order the conditions are reported.
    let abs_r = tri!(arith::abs(r));
    let multiple = tri!(arith::rem(r, s)) == 0;
    if !(multiple || r < s) {
        return Err(Violation::StrideDivisibility { stride: r, shape: s });
    }
    let next_shape = tri!(arith::ceil_div(s, abs_r));
    let next_stride = tri!(arith::mul(tri!(arith::ceil_div(abs_r, s)), r.signum()));
    let divides = tri!(arith::rem(s, abs_r)) == 0;
    Ok(Step { abs_r, multiple, divides, next_shape, next_stride })
}

/// The modes of A but the last that a [`Guard`] sums digits in.
pub const GUARD_MODES: usize = 8;

/// The conditions of `A o B` decided as a walk composes each leaf of B, leaf by leaf, with no
/// buffer of B's leaves or of their digits: each leaf walks A's modes with [`walk_mode`] (the
/// exact check's own step), which also gives its parts, and the digits of the leaves of positive
/// stride are summed per mode of A as [`Disjoint`] sums them. It decides that every condition
/// holds, never the opposite: a violation, an overflow, a leaf of negative stride (whose overlap
/// rule the exact check applies) or an A of more than `GUARD_MODES + 1` modes leaves the
/// decision to the exact check ([`compose_leaf`] and [`Disjoint`]), which names the condition.
/// So where it holds, the exact check would pass.
pub struct Guard<'a> {
    /// The shapes of coalesced A's modes.
    a_shape: &'a [i64],
    /// The first mode of A whose stride conditions only show past the bound (`first_exempt`).
    first_exempt: usize,
    /// The leaves of B that must agree with A everywhere (the others only below the bound).
    strict_leaves: usize,
    /// The leaves seen.
    leaves: usize,
    /// The leaves that count for the overlap (more than one element, a nonzero stride).
    live: usize,
    /// Per mode of A but the last: the digits of all leaves, of the strict ones.
    all: [i64; GUARD_MODES],
    strict: [i64; GUARD_MODES],
    /// No violation seen, and nothing left to the exact check.
    holds: bool,
}

impl<'a> Guard<'a> {
    /// The guard of A's coalesced shapes `a_shape` (at most [`GUARD_MODES`] modes); with a
    /// `bound`, the leaves of B after the first `strict_leaves` need agree only below it.
    #[inline(always)]
    pub fn new(a_shape: &'a [i64], bound: Option<i64>, strict_leaves: usize) -> Self {
        let first_exempt = first_exempt(a_shape, bound);
        Guard {
            a_shape,
            first_exempt,
            // Without a bound every leaf must agree with A everywhere.
            strict_leaves: if bound.is_none() { usize::MAX } else { strict_leaves },
            leaves: 0,
            live: 0,
            all: [0; GUARD_MODES],
            strict: [0; GUARD_MODES],
            // Past its sums, the exact check decides.
            holds: a_shape.len() <= GUARD_MODES + 1,
        }
    }

    /// Whether every condition holds: each leaf's walk, then no carry between the leaves'
    /// images in any mode of A ([`Disjoint::check`] for leaves of one sign).
    #[inline(always)]
    pub fn holds(&self) -> bool {
        if !self.holds {
            return false;
        }
        if self.live < 2 {
            return true;
        }
        let width = self.a_shape.len().saturating_sub(1).min(GUARD_MODES);
        // A plain loop: LLVM kept `all` over a range out of line.
        let mut i = 0;
        while i < width {
            let shape = self.a_shape[i];
            if !(self.strict[i] < shape && (self.all[i] < shape || i >= self.first_exempt)) {
                return false;
            }
            i = i.saturating_add(1);
        }
        true
    }
}

impl Guard<'_> {
    /// The walk of B's next leaf `n:r` over A's modes but the last, its conditions added to the
    /// guard's: each mode's part of the leaf goes to `part(mode, shape, stride)` (the shape 1
    /// where the leaf keeps nothing of the mode, the stride the one left before the mode, which
    /// the caller scales by the mode's stride); returns the shape and the stride left for A's
    /// last mode. Where a step fails, the guard no longer holds and the parts are not all given.
    #[inline(always)]
    pub fn walk(&mut self, n: i64, r: i64, part: impl FnMut(usize, i64, i64)) -> (i64, i64) {
        let strict = self.leaves < self.strict_leaves;
        self.leaves = self.leaves.saturating_add(1);
        self.walk_leaf(n, r, strict, part)
    }

    /// [`Guard::walk`] of a leaf that must agree with A everywhere (`strict`) or only below the
    /// bound, whatever the count of leaves given to [`Guard::new`] says.
    #[inline(always)]
    pub fn walk_leaf(&mut self, n: i64, r: i64, strict: bool, mut part: impl FnMut(usize, i64, i64)) -> (i64, i64) {
        let counts = n > 1 && r != 0;
        if counts && r < 0 {
            self.holds = false;
        }
        let width = self.a_shape.len().saturating_sub(1).min(GUARD_MODES);
        if r == 0 {
            // A stride 0 maps the leaf to 0: no condition, a part of 1 in each mode.
            for i in 0..width {
                part(i, 1, 0);
            }
            return (n, 0);
        }
        let exempt_from = if strict { usize::MAX } else { self.first_exempt };
        let (mut rest_shape, mut rest_stride) = (n, r);
        for i in 0..width {
            let stride = rest_stride;
            match walk_mode(self.a_shape[i], &mut rest_shape, &mut rest_stride, i >= exempt_from) {
                Ok(kept) => {
                    part(i, if kept.shape == 0 { 1 } else { kept.shape }, stride);
                    if counts {
                        match self.all[i].checked_add(kept.digit) {
                            Some(v) => {
                                self.all[i] = v;
                                if strict {
                                    // At most `all`, so it fits.
                                    self.strict[i] = self.strict[i].saturating_add(kept.digit);
                                }
                            }
                            None => self.holds = false,
                        }
                    }
                }
                Err(_) => self.holds = false,
            }
        }
        if counts && width > 0 {
            self.live = self.live.saturating_add(1);
        }
        (rest_shape, rest_stride)
    }
}

impl Guard<'_> {
    /// What the parts in A's modes but the last add to the result's cosize, for the leaves given
    /// to [`Guard::parts`]: a part's span, `(shape - 1) * |r * d|` for the stride `r` left before
    /// the mode and its stride `d`, is the part's digit times `|d|`, so the sum over the leaves
    /// is each mode's sum of digits times `|d|`. `None` where it passes i64. `a_stride` holds
    /// A's strides.
    #[inline(always)]
    pub fn digit_span(&self, a_stride: &[i64]) -> Option<i64> {
        let width = self.a_shape.len().saturating_sub(1).min(GUARD_MODES);
        let mut span = 0i64;
        for (digits, d) in self.all[..width].iter().zip(a_stride) {
            span = span.checked_add(digits.checked_mul(d.checked_abs()?)?)?;
        }
        Some(span)
    }

    /// [`Guard::walk`] that stops at the first leaf it cannot decide: B's next leaf `n:r` over
    /// all of A's modes, each mode's part written to `shapes` (1 where the leaf keeps nothing
    /// of the mode) and the stride left before it to `strides` (the caller scales it by the
    /// mode's stride); the last mode gets the shape and the stride left. `None` where a step
    /// fails or is left to the exact check (a negative stride), and then the guard no longer
    /// holds. `shapes` and `strides` hold at least as many entries as A has modes.
    // In range: `last = modes - 1` with `modes >= 1` (checked first), `i < last`, and the leaf
    // count is bounded by B's leaves, which are in memory.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    pub fn parts(&mut self, n: i64, r: i64, shapes: &mut [i64], strides: &mut [i64]) -> Option<()> {
        let strict = self.leaves < self.strict_leaves;
        self.leaves += 1;
        let modes = self.a_shape.len();
        // A layout's shapes are positive; another leaf (from outside a layout) is left to the
        // exact check too, as its digits could hide another leaf's carry.
        if !self.holds || r < 0 || n < 1 || modes == 0 || modes > GUARD_MODES + 1 {
            self.holds = false;
            return None;
        }
        let last = modes - 1;
        if r == 0 {
            // A stride 0 maps the leaf to 0: no condition, a part of 1 in each mode.
            shapes[..last].fill(1);
            strides[..modes].fill(0);
            shapes[last] = n;
            return Some(());
        }
        let exempt_from = if strict { usize::MAX } else { self.first_exempt };
        let (mut rest_shape, mut rest_stride) = (n, r);
        for i in 0..last {
            strides[i] = rest_stride;
            let Ok(kept) = walk_mode(self.a_shape[i], &mut rest_shape, &mut rest_stride, i >= exempt_from) else {
                self.holds = false;
                return None;
            };
            shapes[i] = if kept.shape == 0 { 1 } else { kept.shape };
            // A leaf of one element adds digits 0: counting it changes no sum.
            let Some(v) = self.all[i].checked_add(kept.digit) else {
                self.holds = false;
                return None;
            };
            self.all[i] = v;
            // At most `all`, so it fits.
            self.strict[i] += if strict { kept.digit } else { 0 };
        }
        (shapes[last], strides[last]) = (rest_shape, rest_stride);
        // Counted whatever its shape: the sums are checked from two leaves on, and a leaf's own
        // digits in a mode stay below its shape.
        self.live += 1;
        Some(())
    }
}

/// The leaves of B must not interfere in A: summed per mode of A (but the last), the digits of
/// the leaves of each sign must stay below the mode's shape (no carry), counting all leaves
/// before `first_exempt` and only the `strict` ones after; leaves of both signs may only meet
/// all inside A's first mode or all on multiples of A's last mode, where A is linear on both
/// sides of 0. `digits` holds one row of `a_shape.len() - 1` entries per leaf, in the order of
/// `leaves`, which gives each leaf's shape, sign, top mode and whether it is strict; `sums`
/// holds at least as many entries as a row (the check's running sums, see [`Disjoint`]).
// In range: `modes - 1` once `modes > 1`, `l += 1` under `l < leaves.len()`.
#[allow(clippy::arithmetic_side_effects)]
pub const fn check_disjoint(
    a_shape: &[i64],
    digits: &[i64],
    leaves: &[LeafInfo],
    first_exempt: usize,
    sums: &mut [ModeSums],
) -> Result<(), Violation> {
    if a_shape.len() <= 1 {
        return Ok(());
    }
    let width = a_shape.len() - 1;
    let mut check = Disjoint::new(sums.split_at_mut(width).0);
    // Each leaf's row of digits is split off the front, so no index is computed.
    let (mut l, mut rows) = (0, digits);
    while l < leaves.len() {
        let (row, rest) = rows.split_at(width);
        rows = rest;
        check.add(leaves[l], row);
        l += 1;
    }
    check.check(a_shape, first_exempt)
}

/// What the leaves of B put in one mode of A, for each sign of stride (index 0 negative, 1
/// positive): the sum of their digits, of the strict leaves' digits, and the digit whose
/// addition overflowed (0 for none: an overflowing digit is positive). Only leaves of more than
/// one element and a nonzero stride count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ModeSums {
    all: [i64; 2],
    strict: [i64; 2],
    overflow: [i64; 2],
}

impl ModeSums {
    /// No leaf yet.
    pub const ZERO: ModeSums = ModeSums { all: [0; 2], strict: [0; 2], overflow: [0; 2] };
}

/// [`check_disjoint`] leaf by leaf, as each leaf is composed: [`add`](Self::add) each leaf's
/// digits (one per mode of A but the last), then [`check`](Self::check). The sums of each mode
/// and sign are added in the leaves' order and the modes checked in order, so the first
/// violation is the one a check of all rows at the end finds.
pub struct Disjoint<'a> {
    /// One entry per mode of A but the last.
    sums: &'a mut [ModeSums],
    live: usize,
    neg: bool,
    pos: bool,
    in_first: bool,
    in_last: bool,
}

impl<'a> Disjoint<'a> {
    /// No leaf yet; `sums` (one per mode of A but the last) is cleared.
    // In range: `i += 1` under `i < sums.len()`.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    pub const fn new(sums: &'a mut [ModeSums]) -> Self {
        let mut i = 0;
        while i < sums.len() {
            sums[i] = ModeSums::ZERO;
            i += 1;
        }
        Disjoint { sums, live: 0, neg: false, pos: false, in_first: true, in_last: true }
    }

    /// One more leaf, with its digits `row` (as many as `sums`).
    // In range: `live` counts leaves, `i += 1` under `i < row.len()`.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    pub const fn add(&mut self, leaf: LeafInfo, row: &[i64]) {
        if leaf.n <= 1 || leaf.sign == 0 {
            return;
        }
        self.live += 1;
        self.neg |= leaf.sign < 0;
        self.pos |= leaf.sign > 0;
        self.in_first &= leaf.top == 0;
        let side = if leaf.sign < 0 { 0 } else { 1 };
        let mut i = 0;
        while i < row.len() && i < self.sums.len() {
            let (digit, m) = (row[i], &mut self.sums[i]);
            self.in_last &= digit == 0;
            // After an overflow the sum stays as it was: the check reports that addition.
            if m.overflow[side] == 0 {
                match m.all[side].checked_add(digit) {
                    Some(v) => m.all[side] = v,
                    None => m.overflow[side] = digit,
                }
                if leaf.strict {
                    // Below `all` (the digits are not negative), so it cannot overflow first.
                    m.strict[side] = m.strict[side].saturating_add(digit);
                }
            }
            i += 1;
        }
    }

    /// The conditions, on A's coalesced shape `a_shape` (its modes from `first_exempt` on only
    /// checked for the strict leaves).
    // In range: `i += 1` under `i < sums.len()`, `side` takes 0 and 1.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    pub const fn check(&self, a_shape: &[i64], first_exempt: usize) -> Result<(), Violation> {
        if a_shape.len() <= 1 || self.live < 2 {
            return Ok(());
        }
        if self.neg && self.pos && !self.in_first && !self.in_last {
            return Err(Violation::MixedSigns);
        }
        let mut i = 0;
        while i < self.sums.len() && i < a_shape.len() {
            let (m, shape) = (&self.sums[i], a_shape[i]);
            let mut side = 0;
            while side < 2 {
                if m.overflow[side] != 0 {
                    return Err(Violation::Overflow(Overflow { op: "+", lhs: m.all[side], rhs: m.overflow[side] }));
                }
                // A carry out of mode i lands past the bound when i >= first_exempt.
                if m.strict[side] >= shape || (m.all[side] >= shape && i < first_exempt) {
                    return Err(Violation::ModeOverlap { mode: i, shape });
                }
                side += 1;
            }
            i += 1;
        }
        Ok(())
    }
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
#[inline(always)]
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
        let mut sums = [ModeSums::ZERO; 1];
        assert!(check_disjoint(&[6, 2], &[3, 2], &[leaf, leaf], usize::MAX, &mut sums).is_ok());
        assert_eq!(
            check_disjoint(&[6, 2], &[3, 3], &[leaf, leaf], usize::MAX, &mut sums),
            Err(Violation::ModeOverlap { mode: 0, shape: 6 })
        );
    }

    #[test]
    fn example_disjoint() {
        // (6,2):(8,2) o (4,3):(3,1): the leaf 4:3 keeps 2 elements 3 apart in A's mode 0 (digit
        // 3), the leaf 3:1 keeps 3 elements 1 apart (digit 2): 3 + 2 < 6, no carry.
        let leaf = |n| LeafInfo { n, sign: 1, top: 0, strict: true };
        let mut sums = [ModeSums::ZERO; 1];
        let mut check = Disjoint::new(&mut sums);
        check.add(leaf(4), &[3]);
        check.add(leaf(3), &[2]);
        assert_eq!(check.check(&[6, 2], usize::MAX), Ok(()));
        // A third leaf of digit 1 carries: 3 + 2 + 1 = 6.
        check.add(leaf(2), &[1]);
        assert_eq!(check.check(&[6, 2], usize::MAX), Err(Violation::ModeOverlap { mode: 0, shape: 6 }));
        // A sum past i64 is the addition that overflowed, before any later mode's verdict.
        let mut sums = [ModeSums::ZERO; 2];
        let mut check = Disjoint::new(&mut sums);
        check.add(leaf(2), &[i64::MAX - 1, 3]);
        check.add(leaf(2), &[5, 3]);
        assert_eq!(
            check.check(&[i64::MAX, 4, 2], usize::MAX),
            Err(Violation::Overflow(Overflow { op: "+", lhs: i64::MAX - 1, rhs: 5 }))
        );
    }

    #[test]
    fn example_first_exempt() {
        assert_eq!(first_exempt(&[4, 8, 2], Some(32)), 1);
        assert_eq!(first_exempt(&[4, 8, 2], None), usize::MAX);
    }
}

#[cfg(test)]
mod step_tests {
    use super::*;
    use std::vec::Vec;

    /// Every step on positive extents and nonzero strides (small values and i64's edges) is
    /// CuTe's formulas computed exactly in i128.
    #[test]
    fn a_step_is_cutes_formulas() {
        let edges = [i64::MAX, i64::MAX - 1, 1 << 62, (1 << 62) + 1, 3 << 40, 1 << 32];
        let shapes: Vec<i64> = (1..=24).chain(edges).collect();
        let strides: Vec<i64> = (1..=30).chain(edges).chain([i64::MIN + 1]).flat_map(|r| [r, -r]).collect();
        for &s in &shapes {
            for &r in &strides {
                let (s128, a128) = (i128::from(s), i128::from(r).abs());
                let ceil = |x: i128, y: i128| (x + y - 1) / y;
                let got = step(s, r);
                if !(r % s == 0 || r < s) {
                    assert_eq!(got.err(), Some(Violation::StrideDivisibility { stride: r, shape: s }), "{s} {r}");
                    continue;
                }
                let st = got.unwrap_or_else(|v| panic!("{s} {r}: {v:?}"));
                assert_eq!(i128::from(st.abs_r), a128, "{s} {r}");
                assert_eq!(i128::from(st.next_shape), ceil(s128, a128), "{s} {r}");
                assert_eq!(i128::from(st.next_stride), ceil(a128, s128) * i128::from(r.signum()), "{s} {r}");
                assert_eq!(st.multiple, a128 % s128 == 0, "{s} {r}");
                assert_eq!(st.divides, s128 % a128 == 0, "{s} {r}");
            }
        }
    }

    /// Values no layout has take the checked formulas: each reports the first operation that
    /// fails, as CuTe's formulas evaluated in order would.
    #[test]
    fn other_values_report_the_operation_that_fails() {
        let over = |op, lhs, rhs| Some(Violation::Overflow(Overflow { op, lhs, rhs }));
        assert_eq!(step(3, i64::MIN).err(), over("abs", i64::MIN, 0));
        assert_eq!(step(0, 4).err(), over("%", 4, 0));
        assert_eq!(step(5, 0).err(), over("ceil_div", 5, 0));
        // A negative extent, with truncating division: next shape (-6 + 12 - 1) / 12 = 0, next
        // stride -((12 + -6 - 1) / -6) = 0; -6 divides -12, 12 does not divide -6.
        let st = step(-6, -12).unwrap();
        assert_eq!((st.next_shape, st.next_stride, st.multiple, st.divides), (0, 0, true, false));
        assert_eq!(step(-6, -2).err(), Some(Violation::StrideDivisibility { stride: -2, shape: -6 }));
    }
}
