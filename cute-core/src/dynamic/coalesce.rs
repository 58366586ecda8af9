//! Coalesce: simplify a layout without changing it as a function.
//!
//! Post-conditions of [`coalesce`]: `size(R) == size(L)`, `depth(R) <= 1`, and `R(i) == L(i)`
//! for every `i < size(L)`.

use alloc::vec::Vec;

use super::error::{bail, named, Result};
use super::int_tuple::HTuple;
use super::layout::{Coord, Layout};
use super::stride::Stride;
use crate::arith;

/// The flat leaves `(shape, stride)` coalesced as CuTe does, back to front: size-1 leaves
/// dropped, a leaf `s:d` followed by `t:s*d` merged into `s*t:d`, and none left giving `1:0`.
/// With `extended` (CuTe's `detail::coalesce_x`) a last leaf of size 1 is kept as size 2, since
/// past the size its stride still counts. One walk for integer and basis strides; the static
/// checks run `flat::coalesce`, its `const` twin on integers.
pub(crate) fn coalesce_leaves<D: Stride>(leaves: Vec<(i64, D)>, extended: bool) -> Result<Vec<(i64, D)>> {
    let mut out: Vec<(i64, D)> = Vec::with_capacity(leaves.len().max(1));
    for (s, d) in leaves.into_iter().rev() {
        match out.last_mut() {
            None => out.push((if extended && s == 1 { 2 } else { s }, d)),
            Some(_) if s == 1 => {}
            // The last leaf had size 1: the leaf before it takes its place.
            Some((next_s, next_d)) if *next_s == 1 => (*next_s, *next_d) = (s, d),
            // `s:d` continues into the next leaf. A product past i64 is no stride, so such a leaf
            // does not continue into one.
            Some((next_s, next_d)) if d.scaled(s).is_ok_and(|sd| sd == *next_d) => {
                (*next_s, *next_d) = (arith::mul(s, *next_s)?, d);
            }
            Some(_) => out.push((s, d)),
        }
    }
    match out.as_mut_slice() {
        [] => out.push((1, D::zero())),
        [(1, d)] => *d = D::zero(),
        _ => out.reverse(),
    }
    Ok(out)
}

/// Coalesce a layout: merge modes that are contiguous, drop size-1 modes (CuTe's `coalesce`).
/// The result has depth <= 1; a single remaining mode is an integral layout, none is `1:0`.
///
/// Post-conditions: `size(R) == size(L)` and `R(i) == L(i)` for `0 <= i < size(L)`.
///
/// ```
/// use cute::dynamic::{coalesce, Layout};
/// let l: Layout = "(2,(1,6)):(1,(6,2))".parse().unwrap();
/// assert_eq!(coalesce(&l).unwrap().to_string(), "12:1");
/// assert_eq!(coalesce(&"(2,4):(8,1)".parse().unwrap()).unwrap().to_string(), "(2,4):(8,1)");
/// ```
pub fn coalesce(layout: &Layout) -> Result<Layout> {
    named!(coalesce_into(layout), "coalesce({})", layout)
}

/// [`coalesce`], written into a new layout.
pub(crate) fn coalesce_into(layout: &Layout) -> Result<Layout> {
    coalesced!((shape, stride) = layout, false);
    Ok(Layout::from_flat_slices(shape, stride, false))
}

/// `let (shape, stride)`: the leaves of a layout coalesced (CuTe's `coalesce`, or with `extended`
/// its `coalesce_x`, which keeps the function past the size) into buffers on the stack for a
/// layout held inline; an overflow returns its error from the caller. The leaves are a layout's
/// (`= layout`) or given as slices (`= (shapes, strides)`, a layout's or one of its modes').
macro_rules! coalesced {
    (($shape:ident, $stride:ident) = ($shapes:expr, $strides:expr), $extended:expr) => {
        let (shapes, strides): (&[i64], &[i64]) = ($shapes, $strides);
        // Leaves that are their own coalesce (most layouts kernels use) are read in place.
        let keep = $crate::flat::is_coalesced(shapes, strides);
        let len = if keep { 0 } else { shapes.len().max(1) };
        $crate::dynamic::repr::scratch!($shape: [i64; len]);
        $crate::dynamic::repr::scratch!($stride: [i64; len]);
        let ($shape, $stride): (&[i64], &[i64]) = if keep {
            (shapes, strides)
        } else {
            let n = $crate::flat::coalesce(shapes, strides, $extended, $shape, $stride)?;
            (&$shape[..n], &$stride[..n])
        };
    };
    (($shape:ident, $stride:ident) = $layout:expr, $extended:expr) => {
        let layout: &$crate::dynamic::Layout = $layout;
        $crate::dynamic::coalesce::coalesced!(($shape, $stride) = (layout.leaf_shapes(), layout.leaf_strides()), $extended);
    };
}
pub(crate) use coalesced;

/// Coalesce mode by mode following `profile`, a tuple of `1` (coalesce this mode) and `_`
/// (leave it alone), nested as deep as needed; modes beyond the profile are kept as they are
/// (CuTe's `coalesce(layout, profile)`).
///
/// ```
/// use cute::dynamic::{coalesce_profile, Layout};
/// let l: Layout = "(3,(2,6)):(1,(3,6))".parse().unwrap();
/// assert_eq!(coalesce_profile(&l, &"(_,1)".parse().unwrap()).unwrap().to_string(), "(3,12):(1,3)");
/// assert_eq!(coalesce_profile(&"6:1".parse().unwrap(), &"(1)".parse().unwrap()).unwrap().to_string(), "(6):(1)");
/// ```
pub fn coalesce_profile(layout: &Layout, profile: &Coord) -> Result<Layout> {
    match profile {
        HTuple::Leaf(None) => Ok(layout.clone()),
        HTuple::Leaf(Some(_)) => coalesce(layout),
        HTuple::Tuple(p) => {
            let modes = layout.modes();
            if p.len() > modes.len() {
                bail!(
                    TooManyModes,
                    "coalesce({}, {}): the profile has {} modes, the layout {}",
                    layout,
                    profile_text(profile),
                    p.len(),
                    modes.len()
                );
            }
            let mut out = Vec::with_capacity(modes.len());
            for (i, m) in modes.iter().enumerate() {
                out.push(match p.get(i) {
                    Some(pi) => coalesce_profile(m, pi)?,
                    None => m.clone(),
                });
            }
            Ok(Layout::from_modes(out))
        }
    }
}

fn profile_text(p: &Coord) -> alloc::string::String {
    match p {
        HTuple::Leaf(Some(v)) => alloc::format!("{}", v),
        HTuple::Leaf(None) => "_".into(),
        HTuple::Tuple(v) => {
            let parts: Vec<_> = v.iter().map(profile_text).collect();
            alloc::format!("({})", parts.join(","))
        }
    }
}
