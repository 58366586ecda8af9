//! Coalesce and filter: simplify a layout without changing it as a function.
//!
//! Post-conditions of [`coalesce`]: `size(R) == size(L)`, `depth(R) <= 1`, and `R(i) == L(i)`
//! for every `i < size(L)`.

use alloc::vec::Vec;

use super::error::{bail, Result};
use super::int_tuple::HTuple;
use super::layout::{Coord, Layout};

/// Coalesce the flat modes of `layout` with [`crate::flat::coalesce`].
fn coalesce_flat(layout: &Layout, extended: bool) -> Result<Layout> {
    let shape = layout.shape().flat_leaves();
    let stride = layout.stride().flat_leaves();
    let cap = shape.len().max(1);
    let (mut out_shape, mut out_stride) = (alloc::vec![0; cap], alloc::vec![0; cap]);
    let n = crate::flat::coalesce(&shape, &stride, extended, &mut out_shape, &mut out_stride)?;
    let pairs: Vec<(i64, i64)> = out_shape[..n].iter().copied().zip(out_stride[..n].iter().copied()).collect();
    Ok(Layout::from_flat(&pairs, false))
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
    coalesce_flat(layout, false)
}

/// Coalesce that also keeps the function outside the domain (CuTe's `detail::coalesce_x`):
/// a trailing size-1 mode still contributes its stride to indices beyond the size.
pub(crate) fn coalesce_x(layout: &Layout) -> Result<Layout> {
    coalesce_flat(layout, true)
}

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

/// Replace the shape of every stride-0 mode by 1 (CuTe's `filter_zeros`); strides are kept.
///
/// ```
/// use cute::dynamic::{filter_zeros, Layout};
/// let l: Layout = "(4,3):(1,0)".parse().unwrap();
/// assert_eq!(filter_zeros(&l).to_string(), "(4,1):(1,0)");
/// ```
pub fn filter_zeros(layout: &Layout) -> Layout {
    let shape = layout.shape().flat_leaves();
    let stride = layout.stride().flat_leaves();
    let filtered: Vec<i64> = shape.iter().zip(&stride).map(|(&s, &d)| if d == 0 { 1 } else { s }).collect();
    let shape = layout.shape().unflatten(&filtered).expect("same profile");
    Layout::raw(shape, layout.stride().clone())
}

/// Remove stride-0 and size-1 modes and coalesce (CuTe's `filter`); `1:0` if nothing is left.
///
/// Post-condition: the image of `R` on its domain equals the image of `L` on its domain,
/// with `R` injective when `L`'s non-zero modes are.
///
/// ```
/// use cute::dynamic::{filter, Layout};
/// let l: Layout = "(4,3,2):(1,0,4)".parse().unwrap();
/// assert_eq!(filter(&l).unwrap().to_string(), "8:1");
/// ```
pub fn filter(layout: &Layout) -> Result<Layout> {
    coalesce(&filter_zeros(layout))
}
