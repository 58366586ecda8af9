//! Composition: `(A o B)(c) = A(B(c))`.
//!
//! The algorithm is CuTe C++'s: B is split into its leaves `n:r` (composition distributes over
//! B's modes), A is coalesced, and each leaf walks A's modes, dividing out the stride `r` and
//! then keeping the first `n` elements. CuTe checks the divisibility conditions only weakly and
//! so returns wrong layouts for some inputs; here each check is exact, and where B has several
//! leaves their images must also fall on disjoint digits of A, so that a result is never
//! returned unless `R(c) == A(B(c))` for every `c` in B's domain (A on its extended domain).

use alloc::format;
use alloc::vec;
use alloc::vec::Vec;

use super::coalesce::coalesce_x;
use super::error::{bail, Error, Result};
use super::int_tuple::{check_leaf_count, HTuple};
use super::layout::Layout;
use super::tiler::Tiler;
use crate::flat::{self, LeafInfo, Violation};

/// Coalesced A and what composing with it needs: its flat modes and, for a bounded composition,
/// the first mode whose violations only show past the bound.
struct Target<'a> {
    a: &'a Layout,
    shape: Vec<i64>,
    stride: Vec<i64>,
    first_exempt: usize,
    /// Leaves of the result so far, held to [`MAX_LEAVES`](super::MAX_LEAVES): a leaf of B can
    /// split into as many modes as A has.
    produced: core::cell::Cell<usize>,
}

impl<'a> Target<'a> {
    fn new(a: &'a Layout, bound: Option<i64>) -> Self {
        let (shape, stride) = (a.shape().flat_leaves(), a.stride().flat_leaves());
        let first_exempt = flat::first_exempt(&shape, bound);
        Target { a, shape, stride, first_exempt, produced: core::cell::Cell::new(0) }
    }
}

/// The engine's error for a violated condition of `A o B`.
fn error(a: &Layout, b: &dyn core::fmt::Display, v: Violation) -> Error {
    match v {
        Violation::Overflow(o) => o.into(),
        _ => Error::new(v.kind(), format!("composition {} o {}: {}", a, b, v)),
    }
}

/// Compose A with the leaf `n:r`; a `strict` leaf must agree with A everywhere.
fn compose_leaf(t: &Target, n: i64, r: i64, strict: bool, digits: &mut Vec<i64>) -> Result<(Layout, LeafInfo)> {
    // In range: `t.shape` is a vector of i64, so its length is below 2^60.
    #[allow(clippy::arithmetic_side_effects)]
    let cap = t.shape.len() + 1;
    let (mut s, mut d) = (vec![0; cap], vec![0; cap]);
    let mut g = vec![0; t.shape.len().max(1)];
    let first_exempt = if strict { usize::MAX } else { t.first_exempt };
    let leaf = flat::compose_leaf(&t.shape, &t.stride, n, r, first_exempt, &mut s, &mut d, &mut g)
        .map_err(|v| error(t.a, &format_args!("{}:{}", n, r), v))?;
    // In range: every earlier sum passed the check below (a failed one ends the composition),
    // so `produced <= MAX_LEAVES`, and `leaf.len <= cap`.
    #[allow(clippy::arithmetic_side_effects)]
    let produced = t.produced.get() + leaf.len;
    t.produced.set(produced);
    check_leaf_count(produced, &"composition")?;
    digits.extend_from_slice(&g[..t.shape.len().saturating_sub(1)]);
    let pairs: Vec<(i64, i64)> = s[..leaf.len].iter().copied().zip(d[..leaf.len].iter().copied()).collect();
    Ok((Layout::from_flat(&pairs, false), LeafInfo { n, sign: leaf.sign, top: leaf.top, strict }))
}

/// Compose A with every leaf of B, keeping B's structure; `strict(k)` tells whether top-level
/// mode `k` of B must agree with A everywhere.
fn compose_tree(
    t: &Target,
    shape: &HTuple<i64>,
    stride: &HTuple<i64>,
    strict: &dyn Fn(usize) -> bool,
    leaves: &mut Vec<LeafInfo>,
    digits: &mut Vec<i64>,
) -> Result<Layout> {
    match (shape, stride) {
        (HTuple::Leaf(n), HTuple::Leaf(r)) => {
            let (l, info) = compose_leaf(t, *n, *r, strict(0), digits)?;
            leaves.push(info);
            Ok(l)
        }
        _ => {
            let modes = shape
                .modes()
                .iter()
                .zip(stride.modes())
                .enumerate()
                .map(|(k, (s, d))| compose_tree(t, s, d, &|_| strict(k), leaves, digits))
                .collect::<Result<Vec<_>>>()?;
            Ok(Layout::from_modes(modes))
        }
    }
}

/// Composition where the top-level modes of B from `first_bounded` on need only agree with
/// `A(B(c))` where `B(c) < bound` (a divide's rest mode, a product's copies, which may reach
/// past A); the other modes must agree on A's whole extended domain.
pub(crate) fn composition_within(a: &Layout, b: &Layout, bound: Option<i64>, first_bounded: usize) -> Result<Layout> {
    let flat_a = coalesce_x(a)?;
    let target = Target::new(&flat_a, bound);
    let (mut leaves, mut digits) = (Vec::new(), Vec::new());
    let strict = |k: usize| bound.is_none() || k < first_bounded;
    let r = compose_tree(&target, b.shape(), b.stride(), &strict, &mut leaves, &mut digits)?;
    flat::check_disjoint(&target.shape, &digits, &leaves, target.first_exempt).map_err(|v| error(&flat_a, b, v))?;
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
/// use cute::dynamic::{composition, ErrorKind, Layout};
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
/// use cute::dynamic::{composition_tiler, Layout, Tiler};
/// let a: Layout = "(12,(4,8)):(59,(13,1))".parse().unwrap();
/// let t: Tiler = "<3:4,8:2>".parse().unwrap();
/// assert_eq!(composition_tiler(&a, &t).unwrap().to_string(), "(3,(2,4)):(236,(26,1))");
/// ```
pub fn composition_tiler(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    match tiler {
        Tiler::Layout(b) => composition(a, b),
        Tiler::Int(n) => {
            if *n < 1 {
                bail!(InvalidArgument, "composition({}, {}): a tile size must be positive", a, n);
            }
            let flat_a = coalesce_x(a)?;
            Ok(compose_leaf(&Target::new(&flat_a, None), *n, 1, true, &mut Vec::new())?.0)
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
