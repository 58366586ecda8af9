//! Composition: `(A o B)(c) = A(B(c))`.
//!
//! The algorithm is CuTe C++'s: B is split into its leaves `n:r` (composition distributes over
//! B's modes), A is coalesced, and each leaf walks A's modes, dividing out the stride `r` and
//! then keeping the first `n` elements. CuTe checks the divisibility conditions only weakly and
//! so returns wrong layouts for some inputs; here each check is exact, and where B has several
//! leaves their images must also fall on disjoint digits of A, so that a result is never
//! returned unless `R(c) == A(B(c))` for every `c` in B's domain (A on its extended domain).

use alloc::vec;
use alloc::vec::Vec;

use super::coalesce::coalesce_x;
use super::error::{bail, Result};
use super::int_tuple::HTuple;
use super::layout::Layout;
use super::tiler::Tiler;
use crate::arith;

/// How one leaf of B uses the modes of A: for each mode of A but the last, the largest digit
/// the leaf's image reaches there (0 when unused); the highest mode it reaches; the sign of its
/// stride.
struct Usage {
    digits: Vec<i64>,
    top: usize,
    sign: i64,
    bounded: bool,
}

/// A's coalesced flat modes with their exclusive prefix products, and the bound below which
/// `R(c) == A(B(c))` must hold (`None`: everywhere, A on its extended domain). A violation at
/// mode `i` only shows at offsets `>= pre[i + 1]`, so it is harmless when that is past the bound.
struct Target<'a> {
    a: &'a Layout,
    modes: Vec<(i64, i64)>,
    pre: Vec<i64>,
    bound: Option<i64>,
}

impl<'a> Target<'a> {
    fn new(a: &'a Layout, bound: Option<i64>) -> Result<Self> {
        let modes = a.flat_modes();
        let mut pre = Vec::with_capacity(modes.len() + 1);
        let mut p = 1i64;
        pre.push(p);
        for &(s, _) in &modes {
            // Saturate: a prefix product past i64 is past any bound.
            p = p.saturating_mul(s);
            pre.push(p);
        }
        Ok(Target { a, modes, pre, bound })
    }

    fn exempt(&self, mode: usize) -> bool {
        self.bound.is_some_and(|b| self.pre[mode + 1] >= b)
    }
}

/// Compose the coalesced A with the leaf `n:r` of B; a `bounded` leaf need only agree with A
/// below the target's bound.
fn compose_leaf(t: &Target, n: i64, r: i64, bounded: bool) -> Result<(Layout, Usage)> {
    let a = t.a;
    let exempt = |mode| bounded && t.exempt(mode);
    let unused = |top| Usage { digits: vec![0; t.modes.len().saturating_sub(1)], top, sign: arith::signum(r), bounded };
    if r == 0 {
        return Ok((Layout::raw(HTuple::Leaf(n), HTuple::Leaf(0)), unused(0)));
    }
    let (last_stride, init) = match t.modes.split_last() {
        Some((last, init)) if !a.shape().is_leaf() => (last.1, init),
        // A single mode is linear: n:(r*d).
        _ => {
            let d = a.stride().as_int().unwrap_or(0);
            return Ok((Layout::raw(HTuple::Leaf(n), HTuple::Leaf(arith::mul(r, d)?)), unused(0)));
        }
    };
    let mut usage = unused(init.len());
    let mut result: Vec<(i64, i64)> = Vec::new();
    let (mut rest_shape, mut rest_stride) = (n, r);
    for (i, &(s, d)) in init.iter().enumerate() {
        let abs_r = arith::abs(rest_stride)?;
        // CuTe's (weak) check, kept so that every case CuTe rejects is rejected here too.
        if !(arith::rem(rest_stride, s)? == 0 || rest_stride < s) {
            bail!(
                StrideDivisibility,
                "composition {} o {}:{}: stride {} does not divide and is not divided by shape {}",
                a,
                n,
                r,
                rest_stride,
                s
            );
        }
        let next_shape = arith::ceil_div(s, abs_r)?;
        let next_stride = arith::mul(arith::ceil_div(abs_r, s)?, arith::signum(rest_stride))?;
        if next_shape == 1 || rest_shape == 1 {
            // The exact condition CuTe skips: a stride that jumps over this mode must be a
            // multiple of it (negative strides pass CuTe's check unconditionally).
            if rest_shape != 1 && arith::rem(abs_r, s)? != 0 && !exempt(i) {
                bail!(
                    StrideDivisibility,
                    "composition {} o {}:{}: stride {} is not a multiple of shape {}",
                    a,
                    n,
                    r,
                    rest_stride,
                    s
                );
            }
        } else {
            let new_shape = next_shape.min(rest_shape);
            if arith::rem(rest_shape, new_shape)? != 0 {
                bail!(
                    ShapeDivisibility,
                    "composition {} o {}:{}: shape {} is not divisible by {} (from shape {})",
                    a,
                    n,
                    r,
                    rest_shape,
                    new_shape,
                    s
                );
            }
            // Exact condition: the stride must divide this mode unless the leaf ends inside it.
            if new_shape < rest_shape && arith::rem(s, abs_r)? != 0 && !exempt(i) {
                bail!(
                    StrideDivisibility,
                    "composition {} o {}:{}: stride {} does not divide shape {}",
                    a,
                    n,
                    r,
                    rest_stride,
                    s
                );
            }
            usage.digits[i] = arith::mul(new_shape - 1, abs_r)?;
            result.push((new_shape, arith::mul(rest_stride, d)?));
            rest_shape /= new_shape;
            if rest_shape == 1 {
                usage.top = usage.top.min(i);
            }
        }
        rest_stride = next_stride;
    }
    let last = (rest_shape, arith::mul(rest_stride, last_stride)?);
    let layout = if result.is_empty() {
        Layout::from_flat(&[last], false)
    } else if rest_shape == 1 {
        Layout::from_flat(&result, false)
    } else {
        result.push(last);
        Layout::from_flat(&result, false)
    };
    Ok((layout, usage))
}

/// Compose the coalesced A with every leaf of `b`, keeping B's structure.
fn compose_tree(
    t: &Target,
    shape: &HTuple<i64>,
    stride: &HTuple<i64>,
    bounded: &dyn Fn(usize) -> bool,
    usages: &mut Vec<(i64, Usage)>,
) -> Result<Layout> {
    match (shape, stride) {
        (HTuple::Leaf(n), HTuple::Leaf(r)) => {
            let (l, u) = compose_leaf(t, *n, *r, bounded(0))?;
            usages.push((*n, u));
            Ok(l)
        }
        _ => {
            let modes = shape
                .modes()
                .iter()
                .zip(stride.modes())
                .enumerate()
                .map(|(k, (s, d))| compose_tree(t, s, d, &|_| bounded(k), usages))
                .collect::<Result<Vec<_>>>()?;
            Ok(Layout::from_modes(modes))
        }
    }
}

/// The leaves of B must not interfere in A: summed per mode of A, their digits must stay
/// within the mode (no carry). Leaves of both signs may only meet where A is linear on both
/// sides of 0: all inside A's first mode, or all on multiples of A's last mode.
fn check_disjoint(t: &Target, b: &Layout, usages: &[(i64, Usage)]) -> Result<()> {
    let live: Vec<&Usage> = usages.iter().filter(|(n, u)| *n > 1 && u.sign != 0).map(|(_, u)| u).collect();
    if live.len() < 2 || t.a.shape().is_leaf() {
        return Ok(());
    }
    let mixed = live.iter().any(|u| u.sign < 0) && live.iter().any(|u| u.sign > 0);
    let in_first = live.iter().all(|u| u.top == 0);
    let in_last = live.iter().all(|u| u.digits.iter().all(|&d| d == 0));
    if mixed && !in_first && !in_last {
        bail!(ModeOverlap, "composition {} o {}: modes of B with strides of both signs meet in several modes of A, so A o B is not a layout", t.a, b);
    }
    for (i, &(s, _)) in t.modes.iter().enumerate().take(t.modes.len() - 1) {
        for sign in [-1, 1] {
            let (mut all, mut strict) = (0i64, 0i64);
            for u in live.iter().filter(|u| u.sign == sign) {
                all = arith::add(all, u.digits[i])?;
                if !u.bounded {
                    strict = arith::add(strict, u.digits[i])?;
                }
            }
            // A carry out of mode i lands at an offset >= pre[i + 1]: harmless past the bound,
            // unless only leaves that must hold everywhere produce it.
            if strict >= s || (all >= s && !t.exempt(i)) {
                bail!(
                    ModeOverlap,
                    "composition {} o {}: modes of B overlap in mode {} (shape {}) of A, so A o B is not a layout",
                    t.a,
                    b,
                    i,
                    s
                );
            }
        }
    }
    Ok(())
}

/// Composition where the top-level modes of B from `first_bounded` on need only agree with
/// `A(B(c))` where `B(c) < bound` (a divide's rest mode, a product's copies, which may reach
/// past A); the other modes must agree on A's whole extended domain.
pub(crate) fn composition_within(a: &Layout, b: &Layout, bound: Option<i64>, first_bounded: usize) -> Result<Layout> {
    let flat = coalesce_x(a)?;
    let target = Target::new(&flat, bound)?;
    let mut usages = Vec::new();
    let bounded = |k: usize| bound.is_some() && k >= first_bounded;
    let r = compose_tree(&target, b.shape(), b.stride(), &bounded, &mut usages)?;
    check_disjoint(&target, b, &usages)?;
    Ok(r)
}

/// The composition `A o B` of two layouts (CuTe's `composition(A, B)`).
///
/// The result is compatible with B (it has B's shape, each leaf refined), and
/// `R(c) == A(B(c))` for every `c` in B's domain, with A evaluated on its extended domain.
///
/// Errors: [`StrideDivisibility`](super::ErrorKind::StrideDivisibility) and
/// [`ShapeDivisibility`](super::ErrorKind::ShapeDivisibility) when a leaf of B does not align
/// with A's modes; [`ModeOverlap`](super::ErrorKind::ModeOverlap) when B's modes reach the same
/// digits of A.
///
/// ```
/// use cute_core::dynamic::{composition, ErrorKind, Layout};
/// let a: Layout = "(6,2):(8,2)".parse().unwrap();
/// let b: Layout = "(4,3):(3,1)".parse().unwrap();
/// assert_eq!(composition(&a, &b).unwrap().to_string(), "((2,2),3):((24,2),8)");
/// let bad = composition(&"(4,6,8):(2,3,5)".parse().unwrap(), &"6:3".parse().unwrap());
/// assert_eq!(bad.unwrap_err().kind(), ErrorKind::StrideDivisibility);
/// ```
pub fn composition(a: &Layout, b: &Layout) -> Result<Layout> {
    composition_within(a, b, None, 0)
}

/// Composition with a tiler (CuTe's `composition(A, tiler)`): a layout composes as in
/// [`composition`]; an integer `n` keeps the first `n` elements (`A o n:1`); `_` keeps A; a
/// tuple composes mode by mode and drops the modes of A it does not cover.
///
/// ```
/// use cute_core::dynamic::{composition_tiler, Layout, Tiler};
/// let a: Layout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
/// let t: Tiler = "<3:4,8:2>".parse().unwrap();
/// assert_eq!(composition_tiler(&a, &t).unwrap().to_string(), "(3,(2,4)):(236,(26,1))");
/// ```
pub fn composition_tiler(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Layout(b) => composition(a, b),
        Tiler::Int(n) => {
            let flat = coalesce_x(a)?;
            Ok(compose_leaf(&Target::new(&flat, None)?, *n, 1, false)?.0)
        }
        Tiler::Underscore => Ok(a.clone()),
        Tiler::Tuple(ts) => {
            let modes = a.modes();
            if ts.len() > modes.len() {
                bail!(
                    TooManyModes,
                    "composition({}, {}): the tiler has {} modes, the layout {}",
                    a,
                    tiler,
                    ts.len(),
                    modes.len()
                );
            }
            let out = ts.iter().zip(&modes).map(|(t, m)| composition_tiler(m, t)).collect::<Result<Vec<_>>>()?;
            Ok(Layout::from_modes(out))
        }
    }
}
