//! Operations of PyCuTe (the NVlabs/CuTe Python reference) that CuTe C++ does not have:
//! [`coalesce_z`], [`greatest_common_domain`] and [`layout_add`].
//!
//! They follow PyCuTe's definitions, including its text conventions (for instance the
//! greatest common domain is always a tuple layout, `(1):(0)` when there is none).

use alloc::vec::Vec;

use super::error::{bail, Result};
use super::int_tuple::IntTuple;
use super::layout::Layout;
use crate::arith;

/// Merge the flat `(shape, stride)` modes left to right, keeping the last one even if it has
/// size 1.
///
/// A size-1 mode is dropped only once another mode follows it: the last mode decides how
/// indices beyond the size evaluate, so keeping it preserves the layout on every index.
/// `s0:d0` and `s1:d1` merge into `s0*s1:d0` exactly when `d1 == s0*d0` (this includes
/// two stride-0 modes).
fn fold_z(modes: &[(i64, i64)]) -> Result<Vec<(i64, i64)>> {
    let mut out: Vec<(i64, i64)> = Vec::with_capacity(modes.len());
    for &(s, d) in modes {
        while out.last().is_some_and(|m| m.0 == 1) {
            out.pop();
        }
        if let Some(last) = out.last_mut() {
            // A product that overflows cannot equal an i64 stride, so it just does not merge.
            if last.0.checked_mul(last.1) == Some(d) {
                last.0 = arith::mul(last.0, s)?;
                continue;
            }
        }
        out.push((s, d));
    }
    Ok(out)
}

/// A depth-<=1 layout from folded modes, PyCuTe style: no mode is `1:0`, one mode is an
/// integral layout, several are a flat tuple.
fn from_folded(modes: &[(i64, i64)]) -> Layout {
    if modes.is_empty() {
        return Layout::trivial();
    }
    Layout::from_flat(modes, false)
}

/// PyCuTe's `coalesce`: the `coalesce_z` fold, then a trailing size-1 mode is dropped when
/// other modes precede it. Only the shapes and the values on `[0, size)` are used here.
fn coalesce_py(l: &Layout) -> Result<Layout> {
    let mut modes = fold_z(&l.flat_modes())?;
    if modes.len() > 1 && modes.last().is_some_and(|m| m.0 == 1) {
        modes.pop();
    }
    Ok(from_folded(&modes))
}

/// Coalesce a layout into a flat, maximally merged form that keeps its last mode even when
/// that mode has size 1 (PyCuTe's `coalesce_z`).
///
/// Adjacent flat modes `s0:d0`, `s1:d1` with `d1 == s0*d0` merge into `s0*s1:d0`, and size-1
/// modes are removed except the very last one. Unlike `coalesce`, which
/// only preserves the layout on `[0, size)`, this keeps the behaviour of the last mode, which
/// absorbs indices beyond the size.
///
/// Post-conditions: `size(R) == size(L)`, `depth(R) <= 1` (an integral layout when one mode is
/// left, `1:0` for the empty layout), and `R(i) == L(i)` for every index `i >= 0`.
///
/// ```
/// use cute_core::dynamic::{coalesce_z, Layout};
/// let l: Layout = "(2,1,6,1):(1,7,8,0)".parse().unwrap();
/// assert_eq!(coalesce_z(&l).unwrap().to_string(), "(2,6,1):(1,8,0)");
/// let l: Layout = "((2,3),4):((1,2),6)".parse().unwrap();
/// assert_eq!(coalesce_z(&l).unwrap().to_string(), "24:1");
/// let l: Layout = "(2,(8,5)):(1,(0,0))".parse().unwrap();
/// assert_eq!(coalesce_z(&l).unwrap().to_string(), "(2,40):(1,0)");
/// ```
pub fn coalesce_z(l: &Layout) -> Result<Layout> {
    Ok(from_folded(&fold_z(&l.flat_modes())?))
}

/// `lcm(a, b)` of positive values, checked.
fn lcm(a: i64, b: i64) -> Result<i64> {
    Ok(arith::mul(arith::div(a, arith::gcd(a, b))?, b)?)
}

/// The flat leaves of a shape, all of which must be positive.
fn positive_leaves(shape: &IntTuple, who: &str) -> Result<Vec<i64>> {
    let leaves = shape.flat_leaves();
    if let Some(bad) = leaves.iter().find(|&&s| s <= 0) {
        bail!(InvalidArgument, "greatest_common_domain: {} shape {} has a non-positive entry {}", who, shape, bad);
    }
    Ok(leaves)
}

/// The greatest common domain of two shapes (PyCuTe's `greatest_common_domain`): a layout
/// whose modes are the factors that both shapes split off *in the same order and at the same
/// index offsets*, each with its offset as stride.
///
/// Both shapes are read as colexicographic factorizations of an index. A factor `g` starting
/// at index offset `p` is common when, in each shape, a leaf covers `[p, p*g)` in whole steps
/// of `p` (so the same index digit exists in both). The walk takes the largest such factor at
/// the first offset aligned in both shapes, and moves past a leaf once it is used up or no
/// further common factor can start inside it. Size-1 leaves are ignored.
///
/// Post-conditions: the result has depth 1 (always a tuple, `(1):(0)` when no factor is
/// common), is symmetric in its arguments, its size divides `gcd(size(A), size(B))`, and its
/// strides are increasing index offsets at which both shapes have a mode boundary.
///
/// ```
/// use cute_core::dynamic::{greatest_common_domain, IntTuple};
/// let gcd = |a: &str, b: &str| {
///     let (a, b): (IntTuple, IntTuple) = (a.parse().unwrap(), b.parse().unwrap());
///     greatest_common_domain(&a, &b).unwrap().to_string()
/// };
/// assert_eq!(gcd("(16,3)", "(16,3)"), "(16,3):(1,16)");
/// assert_eq!(gcd("(5,3,4)", "(10,6)"), "(5,2):(1,30)");
/// assert_eq!(gcd("(6,35)", "(15,14)"), "(3,7):(1,30)");
/// assert_eq!(gcd("(5,3)", "(3,5)"), "(1):(0)");
/// ```
pub fn greatest_common_domain(a: &IntTuple, b: &IntTuple) -> Result<Layout> {
    // `xa[i]` is the part of leaf i of A not yet consumed; it starts at index offset `pa`.
    // Consuming a factor moves `pa` forward but keeps the leaf's end `pa * xa[i]` fixed.
    let mut xa = positive_leaves(a, "first")?;
    let mut xb = positive_leaves(b, "second")?;
    let (mut i, mut j) = (0usize, 0usize);
    let (mut pa, mut pb) = (1i64, 1i64);
    let mut shape = Vec::new();
    let mut stride = Vec::new();

    while i < xa.len() && j < xb.len() {
        if xa[i] == 1 {
            i += 1;
            continue;
        }
        if xb[j] == 1 {
            j += 1;
            continue;
        }
        // The first offset reachable in whole steps of both current leaves.
        let start = lcm(pa, pb)?;
        let (ra, rb) = (arith::div(start, pa)?, arith::div(start, pb)?);
        if arith::rem(xa[i], ra)? == 0 && arith::rem(xb[j], rb)? == 0 {
            let (qa, qb) = (arith::div(xa[i], ra)?, arith::div(xb[j], rb)?);
            let g = arith::gcd(qa, qb);
            if g != 1 {
                shape.push(g);
                stride.push(start);
                xa[i] = arith::div(qa, g)?;
                xb[j] = arith::div(qb, g)?;
                pa = arith::mul(start, g)?;
                pb = pa;
                continue;
            }
        }
        // No common factor starts here: step past the leaf that ends first (both when the
        // ends are equal or neither divides the other), so the walk always progresses.
        let (ea, eb) = (arith::mul(pa, xa[i])?, arith::mul(pb, xb[j])?);
        let a_divides = arith::rem(eb, ea)? == 0;
        let b_divides = arith::rem(ea, eb)? == 0;
        if a_divides || !b_divides {
            pa = ea;
            i += 1;
        }
        if b_divides || !a_divides {
            pb = eb;
            j += 1;
        }
    }

    if shape.is_empty() {
        shape.push(1);
        stride.push(0);
    }
    Layout::new(IntTuple::flat(&shape), IntTuple::flat(&stride))
}

/// The sum of two layouts of equal size as functions (PyCuTe's `layout_add`):
/// `R(i) == A(i) + B(i)` for every `i < size(A)`.
///
/// Both layouts are coalesced, and the index is split by the [`greatest_common_domain`] `G`
/// of their shapes; when `G` covers the whole index range, both layouts are linear on each
/// mode of `G`, so the mode at offset `d` gets stride `A(d) + B(d)`. The result is then
/// coalesced. A and B need not be compatible, and the result need not be compatible with
/// either.
///
/// Post-conditions: `size(R) == size(A)`, `R(i) == A(i) + B(i)` for `i < size(R)`,
/// `depth(R) <= 1`, and `layout_add(A, B) == layout_add(B, A)`.
///
/// Errors: [`ErrorKind::NoCommonRefinement`](super::ErrorKind::NoCommonRefinement) when the
/// coalesced shapes have no common refinement of the full size (then no layout equals
/// `A + B`), [`ErrorKind::InvalidArgument`](super::ErrorKind::InvalidArgument) when the sizes
/// differ, and [`ErrorKind::Overflow`](super::ErrorKind::Overflow).
///
/// ```
/// use cute_core::dynamic::{layout_add, ErrorKind, Layout};
/// let add = |a: &str, b: &str| layout_add(&a.parse().unwrap(), &b.parse().unwrap());
/// assert_eq!(add("12:1", "12:1").unwrap().to_string(), "12:2");
/// assert_eq!(add("5:0", "5:1").unwrap().to_string(), "5:1");
/// assert_eq!(add("(4,3):(1,4)", "(4,3):(3,1)").unwrap().to_string(), "(4,3):(4,5)");
/// assert_eq!(add("(5,3,4):(1,5,15)", "(10,6):(1,10)").unwrap().to_string(), "60:2");
/// assert_eq!(add("(2,3):(1,5)", "(3,2):(1,7)").unwrap_err().kind(), ErrorKind::NoCommonRefinement);
/// ```
pub fn layout_add(a: &Layout, b: &Layout) -> Result<Layout> {
    let size = a.size()?;
    let size_b = b.size()?;
    if size != size_b {
        bail!(InvalidArgument, "layout_add({}, {}): sizes differ, {} vs {}", a, b, size, size_b);
    }
    // Coalescing first exposes the coarsest factorizations the strides allow, so the common
    // domain below is as large as possible.
    let ac = coalesce_py(a)?;
    let bc = coalesce_py(b)?;
    let g = greatest_common_domain(ac.shape(), bc.shape())?;
    let g_size = g.size()?;
    if g_size != size {
        bail!(
            NoCommonRefinement,
            "layout_add({}, {}): no common refinement of size {} (the greatest common domain of {} and {} is {}, of size {})",
            a,
            b,
            size,
            ac,
            bc,
            g,
            g_size
        );
    }
    let mut modes = Vec::new();
    for (s, d) in g.flat_modes() {
        modes.push((s, arith::add(ac.call(d)?, bc.call(d)?)?));
    }
    coalesce_py(&Layout::from_flat(&modes, true))
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn empty_and_unit_layouts() {
        let l: Layout = "():()".parse().unwrap();
        assert_eq!(coalesce_z(&l).unwrap().to_string(), "1:0");
        let l: Layout = "(1,1):(3,5)".parse().unwrap();
        assert_eq!(coalesce_z(&l).unwrap().to_string(), "1:5");
        assert_eq!(layout_add(&l, &"1:0".parse().unwrap()).unwrap().to_string(), "1:0");
        let e: IntTuple = "()".parse().unwrap();
        assert_eq!(greatest_common_domain(&e, &e).unwrap().to_string(), "(1):(0)");
    }

    #[test]
    fn rejects_bad_arguments() {
        let z: IntTuple = "(4,0)".parse().unwrap();
        assert!(greatest_common_domain(&z, &IntTuple::Leaf(4)).is_err());
        assert!(layout_add(&"4:1".parse().unwrap(), &"8:1".parse().unwrap()).is_err());
        let big: Layout = "(3037000500,3037000500):(1,1)".parse().unwrap();
        assert!(coalesce_z(&big).is_ok());
        assert!(layout_add(&big, &big).is_err());
    }
}
