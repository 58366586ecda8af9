//! Compact layouts in a given mode order: `make_ordered_layout` and `make_layout_like`.

use alloc::vec::Vec;

use super::coalesce::coalesce_into;
use super::error::{bail, named, Result};
use super::int_tuple::{compact_major, HTuple, IntTuple};
use super::layout::Layout;
use crate::arith;

/// Pair every leaf of `order` with the part of `shape` it covers (`shape` refines `order`).
fn groups<'a>(shape: &'a IntTuple, order: &'a IntTuple, out: &mut Vec<(&'a IntTuple, i64)>) -> Result<()> {
    match order {
        HTuple::Leaf(o) => out.push((shape, *o)),
        HTuple::Tuple(os) => {
            if shape.is_leaf() || shape.rank() != os.len() {
                bail!(RankMismatch, "make_ordered_layout: order {} does not match shape {}", order, shape);
            }
            for (s, o) in shape.modes().iter().zip(os) {
                groups(s, o, out)?;
            }
        }
    }
    Ok(())
}

/// The compact strides of `shape` in the order `order` (CuTe's `compact_order`): the group with
/// the smallest order value gets the smallest strides, each group is column-major inside, and
/// size-1 leaves get stride 0. A group starts at the product of the sizes of the groups with a
/// strictly smaller order value, as in CuTe, so groups with equal order values start at the same
/// stride (and the layout is not injective). O(n log n) in the number of groups: one sort by order
/// value, then running products.
fn compact_order(shape: &IntTuple, order: &IntTuple) -> Result<IntTuple> {
    let mut gs = Vec::new();
    groups(shape, order, &mut gs)?;
    let sizes = gs.iter().map(|(s, _)| s.size()).collect::<Result<Vec<_>>>()?;
    let mut by_order: Vec<usize> = (0..gs.len()).collect();
    by_order.sort_by_key(|&k| gs[k].1);
    let mut start = alloc::vec![1i64; gs.len()];
    // `below`: the product of the sizes of every group whose order value is smaller than the
    // current one. A class of equal values is multiplied in only when a larger value follows, so
    // no product is formed that no stride uses.
    let (mut below, mut class) = (1i64, 0);
    for (n, &k) in by_order.iter().enumerate() {
        if gs[by_order[class]].1 < gs[k].1 {
            for &j in &by_order[class..n] {
                below = arith::mul(below, sizes[j])?;
            }
            class = n;
        }
        start[k] = below;
    }
    let mut strides = Vec::new();
    for (&(s, _), &start) in gs.iter().zip(&start) {
        strides.extend(compact_major(s, start, true)?.flat_leaves());
    }
    Ok(shape.unflatten(&strides).expect("one stride per shape leaf"))
}

/// The compact layout of `shape` whose modes are laid out in the order `order`, congruent to
/// the shape or to its top-level modes (CuTe's `make_ordered_layout`).
///
/// A group starts at the product of the sizes of the groups with a smaller order value. Equal
/// order values are accepted as CuTe accepts them: those groups start at the same stride, so the
/// layout is not injective (`(2,2)` by `(0,0)` is `(2,2):(1,1)`).
///
/// ```
/// use cute::dynamic::{make_ordered_layout, IntTuple};
/// let s: IntTuple = "(2,(2,2,2))".parse().unwrap();
/// let o: IntTuple = "(1,0)".parse().unwrap();
/// assert_eq!(make_ordered_layout(&s, &o).unwrap().to_string(), "(2,(2,2,2)):(8,(1,2,4))");
/// let twice = make_ordered_layout(&"(2,2)".parse().unwrap(), &"(0,0)".parse().unwrap()).unwrap();
/// assert_eq!(twice.to_string(), "(2,2):(1,1)");
/// ```
pub fn make_ordered_layout(shape: &IntTuple, order: &IntTuple) -> Result<Layout> {
    let r = compact_order(shape, order).and_then(|stride| Layout::new(shape.clone(), stride));
    named!(r, "make_ordered_layout({}, {})", shape, order)
}

/// A compact layout with the shape of `layout` and its mode order, keeping stride-0 modes at
/// stride 0 (CuTe's `make_layout_like`).
///
/// ```
/// use cute::dynamic::{make_layout_like, Layout};
/// let l: Layout = "(2,2,2,2):(0,2,4,1)".parse().unwrap();
/// assert_eq!(make_layout_like(&l).unwrap().to_string(), "(2,2,2,2):(0,2,4,1)");
/// let m: Layout = "(2,3,4,5):(0,42,1,0)".parse().unwrap();
/// assert_eq!(make_layout_like(&m).unwrap().to_string(), "(2,3,4,5):(0,4,1,0)");
/// ```
pub fn make_layout_like(layout: &Layout) -> Result<Layout> {
    let shape = layout.shape().flat_leaves();
    let stride = layout.stride().flat_leaves();
    let filtered: Vec<i64> = shape.iter().zip(&stride).map(|(&s, &d)| if d == 0 { 1 } else { s }).collect();
    let filtered = layout.shape().unflatten(&filtered).expect("same profile");
    let r = compact_order(&filtered, &layout.stride()).and_then(|stride| Layout::new(layout.shape(), stride));
    named!(r, "make_layout_like({})", layout)
}

/// Which elements of the column-major domain of `shape` make up `count` of them, taken greedily
/// mode by mode (CuTe's `domain_distribute`): each leaf of `shape` contributes the greatest
/// common divisor of its extent and what is left of `count`, at its column-major stride; the
/// result is coalesced. It may hold fewer than `count` elements (the greedy split does not
/// find them all), and it is ordered: its strides increase.
///
/// Post-conditions: `size(R)` divides `count`, and every leaf's share divides the leaf.
///
/// ```
/// use cute::dynamic::domain_distribute;
/// // CuTe's example: 6 elements of a (15,14) domain, 3 along the first mode, 2 along the second.
/// assert_eq!(domain_distribute(&"(15,14)".parse().unwrap(), 6).unwrap().to_string(), "(3,2):(1,15)");
/// assert_eq!(domain_distribute(&"(3,4,5)".parse().unwrap(), 10).unwrap().to_string(), "(2,5):(3,12)");
/// // 64 of a 4x4 domain: only its 16 are found.
/// assert_eq!(domain_distribute(&"(4,4)".parse().unwrap(), 64).unwrap().to_string(), "16:1");
/// ```
pub fn domain_distribute(shape: &IntTuple, count: i64) -> Result<Layout> {
    if count <= 0 {
        bail!(InvalidArgument, "domain_distribute({}, {}): the count must be positive", shape, count);
    }
    let flat = shape.flatten();
    let extents = flat.flat_leaves();
    if let Some(&s) = extents.iter().find(|&&s| s <= 0) {
        bail!(InvalidArgument, "domain_distribute({}, {}): the extent {} is not positive", shape, count, s);
    }
    let mut rest = count;
    let mut shares = Vec::with_capacity(extents.len());
    for &s in &extents {
        let g = arith::gcd(s, rest);
        shares.push(g);
        rest = arith::div(rest, g)?;
    }
    let shares = flat.unflatten(&shares).expect("one share per leaf");
    let r = compact_major(&flat, 1, true).and_then(|stride| coalesce_into(&Layout::new(shares, stride)?));
    named!(r, "domain_distribute({}, {})", shape, count)
}
