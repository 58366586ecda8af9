//! Operations of PyCuTe (the NVlabs/CuTe Python reference) that CuTe C++ does not have:
//! [`coalesce_z`], [`greatest_common_domain`] and [`layout_add`].
//!
//! They follow PyCuTe's definitions, including its text conventions (for instance the
//! greatest common domain is always a tuple layout, `(1):(0)` when there is none).

use alloc::vec;
use alloc::vec::Vec;

use super::error::{bail, named, Error, Result};
use super::int_tuple::IntTuple;
use super::layout::Layout;
use crate::flat::{self, AddViolation};

/// A fold of `flat` over flat modes: `(shape, stride, out_shape, out_stride)` to the
/// number of modes written.
type FlatFold = fn(&[i64], &[i64], &mut [i64], &mut [i64]) -> core::result::Result<usize, crate::arith::Overflow>;

/// A shared fold of `flat` over the flat modes of `l`, as a depth-<=1 layout, PyCuTe
/// style: one mode is an integral layout, several a flat tuple, none `1:0`.
fn folded(l: &Layout, fold: FlatFold) -> Result<Layout> {
    let (shape, stride) = (l.shape().flat_leaves(), l.stride().flat_leaves());
    let (mut s, mut d) = (vec![0; shape.len()], vec![0; shape.len()]);
    let n = fold(&shape, &stride, &mut s, &mut d)?;
    Ok(from_modes(&s[..n], &d[..n]))
}

/// PyCuTe's `coalesce` (`flat::coalesce_py`): the `coalesce_z` fold, then a trailing size-1
/// mode is dropped when other modes precede it.
fn coalesce_py(l: &Layout) -> Result<Layout> {
    folded(l, flat::coalesce_py)
}

/// One mode is an integral layout, several a flat tuple, none `1:0`.
fn from_modes(shape: &[i64], stride: &[i64]) -> Layout {
    if shape.is_empty() {
        return Layout::trivial();
    }
    let modes: Vec<(i64, i64)> = shape.iter().copied().zip(stride.iter().copied()).collect();
    Layout::from_flat(&modes, false)
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
/// use cute::dynamic::{coalesce_z, Layout};
/// let l: Layout = "(2,1,6,1):(1,7,8,0)".parse().unwrap();
/// assert_eq!(coalesce_z(&l).unwrap().to_string(), "(2,6,1):(1,8,0)");
/// let l: Layout = "((2,3),4):((1,2),6)".parse().unwrap();
/// assert_eq!(coalesce_z(&l).unwrap().to_string(), "24:1");
/// let l: Layout = "(2,(8,5)):(1,(0,0))".parse().unwrap();
/// assert_eq!(coalesce_z(&l).unwrap().to_string(), "(2,40):(1,0)");
/// ```
pub fn coalesce_z(l: &Layout) -> Result<Layout> {
    named!(folded(l, flat::fold_z), "coalesce_z({})", l)
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
/// use cute::dynamic::{greatest_common_domain, IntTuple};
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
    let (x, y) = (positive_leaves(a, "first")?, positive_leaves(b, "second")?);
    // In range: `x` and `y` are vectors of i64, each shorter than 2^60.
    #[allow(clippy::arithmetic_side_effects)]
    let cap = x.len() + y.len();
    let (mut work, mut shape, mut stride) = (vec![0; cap], vec![0; cap], vec![0; cap]);
    let n = flat::greatest_common_domain(&x, &y, &mut work, &mut shape, &mut stride).map_err(Error::from);
    let n = named!(n, "greatest_common_domain({}, {})", a, b)?;
    if n == 0 {
        return Layout::new(IntTuple::flat(&[1]), IntTuple::flat(&[0]));
    }
    Layout::new(IntTuple::flat(&shape[..n]), IntTuple::flat(&stride[..n]))
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
/// use cute::dynamic::{layout_add, ErrorKind, Layout};
/// let add = |a: &str, b: &str| layout_add(&a.parse().unwrap(), &b.parse().unwrap());
/// assert_eq!(add("12:1", "12:1").unwrap().to_string(), "12:2");
/// assert_eq!(add("5:0", "5:1").unwrap().to_string(), "5:1");
/// assert_eq!(add("(4,3):(1,4)", "(4,3):(3,1)").unwrap().to_string(), "(4,3):(4,5)");
/// assert_eq!(add("(5,3,4):(1,5,15)", "(10,6):(1,10)").unwrap().to_string(), "60:2");
/// assert_eq!(add("(2,3):(1,5)", "(3,2):(1,7)").unwrap_err().kind(), ErrorKind::NoCommonRefinement);
/// ```
pub fn layout_add(a: &Layout, b: &Layout) -> Result<Layout> {
    let (a_shape, a_stride) = (a.shape().flat_leaves(), a.stride().flat_leaves());
    let (b_shape, b_stride) = (b.shape().flat_leaves(), b.stride().flat_leaves());
    // In range: `a_shape` and `b_shape` are vectors of i64, each shorter than 2^60.
    #[allow(clippy::arithmetic_side_effects)]
    let (leaves, cap) = (a_shape.len() + b_shape.len(), a_shape.len() + b_shape.len() + 1);
    let mut scratch = vec![0; flat::add_scratch_len(leaves)];
    let (mut s, mut d) = (vec![0; cap], vec![0; cap]);
    match flat::layout_add(&a_shape, &a_stride, &b_shape, &b_stride, &mut scratch, &mut s, &mut d) {
        Ok(n) => Ok(from_modes(&s[..n], &d[..n])),
        Err(v @ AddViolation::NoCommonRefinement { .. }) => {
            // The message also shows the coalesced layouts and their common domain.
            let (ac, bc) = (coalesce_py(a)?, coalesce_py(b)?);
            let g = greatest_common_domain(&ac.shape(), &bc.shape())?;
            let message =
                alloc::format!("layout_add({}, {}): {}: coalesced, {} and {}, whose domain is {}", a, b, v, ac, bc, g);
            Err(Error::new(v.kind(), message))
        }
        Err(AddViolation::Overflow(o)) => Err(Error::from(o).named(|| alloc::format!("layout_add({}, {})", a, b))),
        Err(v) => Err(Error::new(v.kind(), alloc::format!("layout_add({}, {}): {}", a, b, v))),
    }
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
