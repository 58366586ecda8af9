//! Logical product and its regroupings, and the rank-sensitive blocked and raked products.
//!
//! `logical_product(A, B) = (A, complement(A, size(A) * cosize(B)) o B)`: mode 0 reproduces A
//! (theorem T3) and mode 1 places copies of A where B says, without overlapping A.

use super::complement::complement_raw;
use super::composition::composition_within;
use super::divide::{tile_layout, unpack, zip2_by};
use super::error::{bail, named, Result};
use super::int_tuple::IntTuple;
use super::layout::Layout;
use super::repr::build;
use super::tiler::{by_mode, Tiler};
use crate::arith;

/// `(A, complement(A, size(A)*cosize(B)) o B)` per tiled mode (CuTe's `logical_product`).
///
/// Post-conditions: `layout<0>(R) == A`; `layout<1>(R)(j) == A*(B(j))` with
/// `A* = complement(A, size(A)*cosize(B))`, so the copies of A never overlap A.
///
/// ```
/// use cute::dynamic::{logical_product, Layout, Tiler};
/// let a: Layout = "(3,4):(4,1)".parse().unwrap();
/// let b: Tiler = "(2,5):(1,2)".parse().unwrap();
/// assert_eq!(logical_product(&a, &b).unwrap().to_string(), "((3,4),(2,5)):((4,1),(12,24))");
/// ```
pub fn logical_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    let r = match tiler {
        Tiler::Underscore => Ok(a.clone()),
        Tiler::Tuple(ts) => by_mode(a, tiler, ts, "logical_product", true, logical_product),
        _ => product_by_layout(a, tiler),
    };
    named!(r, "logical_product({}, {})", a, tiler)
}

/// [`logical_product`] by a tiler that is one layout.
fn product_by_layout(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    let b = tile_layout(tiler)?;
    let cosize = b.cosize()?;
    let m = arith::mul(a.size()?, cosize)?;
    let a_star = complement_raw(a, &IntTuple::Leaf(m))?;
    let degenerate = a_star.leaf_shapes().iter().any(|&s| s <= 0);
    // With negative strides CuTe's complement has non-positive shapes. It is harmless
    // only when B maps everything to offset 0, so A* is never evaluated.
    if degenerate && cosize > 1 {
        bail!(
            NegativeStride,
            "logical_product({}, {}): complement({}, {}) of a layout with negative strides is {}, not a layout",
            a,
            b,
            a,
            m,
            a_star
        );
    }
    let bound = if degenerate { None } else { Some(a_star.size()?) };
    let rest = composition_within(&a_star, &b, bound, 0)?;
    if let Some(bad) = rest.leaf_shapes().iter().find(|&&s| s <= 0) {
        bail!(
            NegativeStride,
            "logical_product({}, {}): the product has shape {} from a layout with negative strides",
            a,
            b,
            bad
        );
    }
    Ok(Layout::of_modes([a, &rest]))
}

/// `((A modes...), (products..., other modes...))` (CuTe's `zipped_product`).
///
/// ```
/// use cute::dynamic::{zipped_product, Layout, Tiler};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let b: Tiler = "<3:1,2:1>".parse().unwrap();
/// assert_eq!(zipped_product(&a, &b).unwrap().to_string(), "((2,2),(3,2)):((1,2),(2,1))");
/// ```
pub fn zipped_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    named!(logical_product(a, tiler).and_then(|l| zip2_by(&l, tiler)), "zipped_product({}, {})", a, tiler)
}

/// `((A modes...), products..., other modes...)` (CuTe's `tiled_product`).
///
/// ```
/// use cute::dynamic::{tiled_product, Layout, Tiler};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let b: Tiler = "<3:1,2:1>".parse().unwrap();
/// assert_eq!(tiled_product(&a, &b).unwrap().to_string(), "((2,2),3,2):((1,2),2,1)");
/// ```
pub fn tiled_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    named!(zipped_product(a, tiler).and_then(|z| unpack(&z, &[false, true])), "tiled_product({}, {})", a, tiler)
}

/// `(A modes..., products..., other modes...)` (CuTe's `flat_product`).
///
/// ```
/// use cute::dynamic::{flat_product, Layout, Tiler};
/// let a: Layout = "(2,2):(1,2)".parse().unwrap();
/// let b: Tiler = "<3:1,2:1>".parse().unwrap();
/// assert_eq!(flat_product(&a, &b).unwrap().to_string(), "(2,2,3,2):(1,2,2,1)");
/// ```
pub fn flat_product(a: &Layout, tiler: &Tiler) -> Result<Layout> {
    named!(zipped_product(a, tiler).and_then(|z| unpack(&z, &[true, true])), "flat_product({}, {})", a, tiler)
}

/// Pair the modes of `x` and `y`: `((x0,y0),(x1,y1),...)`; a leaf `x` gives `((x,y))`
/// (CuTe's `zip` of two layouts).
fn zip(x: &Layout, y: &Layout) -> Result<Layout> {
    let (rx, ry) = (x.repr(), y.repr());
    if rx.token_count() == 1 {
        // A leaf x: `((x, y))`.
        return Ok(build(|b| {
            b.open();
            b.open();
            b.copy_all(rx);
            b.copy_all(ry);
            b.close();
            b.close();
        }));
    }
    if ry.token_count() == 1 || y.rank() != x.rank() {
        bail!(RankMismatch, "zip({}, {}): the second operand must be a tuple of rank {}", x, y, x.rank());
    }
    Ok(build(|b| {
        b.open();
        for ((sx, lx), (sy, ly)) in rx.mode_spans().zip(ry.mode_spans()) {
            b.open();
            b.copy(rx, sx, lx);
            b.copy(ry, sy, ly);
            b.close();
        }
        b.close();
    }))
}

fn padded_product(a: &Layout, b: &Layout) -> Result<(Layout, Layout)> {
    let r = a.rank().max(b.rank());
    let p = logical_product(&a.append_to_rank(r)?, &Tiler::Layout(b.append_to_rank(r)?))?;
    Ok((p.mode(0)?, p.mode(1)?))
}

/// Reproduce the block A over the tiler B, mode by mode: `((a0,b0'),(a1,b1'),...)`
/// (CuTe's `blocked_product`). Both are padded with `1:0` modes to the larger rank.
///
/// Post-condition: `rank(R) == max(rank(A), rank(B))` (T5), and as a function R equals the
/// logical product with its modes regrouped.
///
/// ```
/// use cute::dynamic::{blocked_product, Layout};
/// let a: Layout = "(3,4):(4,1)".parse().unwrap();
/// let b: Layout = "(2,5):(1,2)".parse().unwrap();
/// assert_eq!(blocked_product(&a, &b).unwrap().to_string(), "((3,2),(4,5)):((4,12),(1,24))");
/// ```
pub fn blocked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    named!(padded_product(a, b).and_then(|(x, y)| zip(&x, &y)), "blocked_product({}, {})", a, b)
}

/// Interleave copies of the block A by the tiler B: `((b0',a0),(b1',a1),...)`
/// (CuTe's `raked_product`).
///
/// ```
/// use cute::dynamic::{raked_product, Layout};
/// let a: Layout = "(3,4):(4,1)".parse().unwrap();
/// let b: Layout = "(2,5):(1,2)".parse().unwrap();
/// assert_eq!(raked_product(&a, &b).unwrap().to_string(), "((2,3),(5,4)):((12,4),(24,1))");
/// ```
pub fn raked_product(a: &Layout, b: &Layout) -> Result<Layout> {
    named!(padded_product(a, b).and_then(|(x, y)| zip(&y, &x)), "raked_product({}, {})", a, b)
}
