//! Filter: drop what does not change a layout's image (`filter_zeros`, `filter`).

use super::coalesce::coalesce_into;
use super::error::{named, Result};
use super::layout::Layout;

/// Replace the shape of every stride-0 mode by 1 (CuTe's `filter_zeros`); strides are kept.
///
/// ```
/// use cute::dynamic::{filter_zeros, Layout};
/// let l: Layout = "(4,3):(1,0)".parse().unwrap();
/// assert_eq!(filter_zeros(&l).to_string(), "(4,1):(1,0)");
/// ```
pub fn filter_zeros(layout: &Layout) -> Layout {
    let mut out = layout.clone();
    let zeros = layout.leaf_strides().iter().map(|&d| d == 0);
    out.repr_mut().shapes_mut().iter_mut().zip(zeros).filter(|(_, zero)| *zero).for_each(|(s, _)| *s = 1);
    out
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
    named!(coalesce_into(&filter_zeros(layout)), "filter({})", layout)
}
