//! Complement: the layout of the offsets that tile the codomain around A.
//!
//! Post-conditions for `R = complement(A, M)`: R is ordered (`R(i-1) < R(i)`) and disjoint from
//! A (`R(i) != A(j)` for `i >= 1`). When A is complementable (its non-zero modes, sorted by
//! stride, each have a stride that is a multiple of the span of the smaller ones) and M is an
//! integer, `(A, R)` also covers: `cosize((A, R)) >= M`. CuTe computes a complement for other
//! injective layouts too (it only rejects a stride inside the span of the smaller modes), which
//! then need not cover; the engine returns the same layout. A shape M is divided leaf by leaf, as
//! CuTe's `ceil_div` of a tuple by an integer does (each leaf by what is left of the divisor),
//! which can cover less than `size(M)`: `complement(12:1, (9,10))` is `5:12`, where
//! `ceil_div(90, 12)` would be 8.

use super::error::{named, Error, Result};
use super::filter::filter;
use super::int_tuple::{HTuple, IntTuple};
use super::layout::Layout;
use super::repr::{scratch, try_build};
use crate::flat::{self, ComplementError};

/// The complement of `a` with respect to the cotarget `cotarget`, an integer or a shape
/// (CuTe's `complement(A, M)`).
///
/// The non-zero modes of A, sorted by stride, are interleaved with the gaps between them, and a
/// last mode repeats the whole pattern until it covers `size(M)`.
///
/// Errors: [`NonInjective`](super::ErrorKind::NonInjective) when a stride falls inside the span
/// of a smaller mode; [`NegativeStride`](super::ErrorKind::NegativeStride) for negative strides.
///
/// ```
/// use cute::dynamic::{complement, Layout};
/// let a: Layout = "4:2".parse().unwrap();
/// assert_eq!(complement(&a, &24.into()).unwrap().to_string(), "(2,3):(1,8)");
/// let b: Layout = "(2,2):(1,6)".parse().unwrap();
/// assert_eq!(complement(&b, &24.into()).unwrap().to_string(), "(3,2):(2,12)");
/// ```
pub fn complement(a: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    let r = with_leaves(cotarget, |m| complement_leaves(a, m, true, &|c| error(a, cotarget, c)));
    named!(r, "complement({}, {})", a, cotarget)
}

/// `f` of the leaves of `t`, laid out in a buffer on the stack (on the heap past it).
fn with_leaves<R>(t: &IntTuple, f: impl FnOnce(&[i64]) -> R) -> R {
    match t {
        HTuple::Leaf(m) => f(core::slice::from_ref(m)),
        _ => {
            scratch!(leaves: [i64; t.leaf_count()]);
            let mut next = leaves.iter_mut();
            t.for_each_leaf(&mut |&m| {
                if let Some(x) = next.next() {
                    *x = m;
                }
            });
            f(leaves)
        }
    }
}

/// The engine's error for a condition of `complement(A, M)`.
pub(crate) fn error(a: &Layout, cotarget: &IntTuple, c: ComplementError) -> Error {
    match c {
        ComplementError::Overflow(o) => o.into(),
        _ => Error::new(c.kind(), alloc::format!("complement({}, {}): {}", a, cotarget, c)),
    }
}

/// The complement of `a` with respect to the cotarget's leaves `cotarget`; with `check`, a
/// negative stride is refused first. `error` names a violated condition.
pub(crate) fn complement_leaves(
    a: &Layout,
    cotarget: &[i64],
    check: bool,
    error: &dyn Fn(ComplementError) -> Error,
) -> Result<Layout> {
    try_build(|out| {
        // The usual layout's modes, from the one pass straight into the result's storage.
        let (mut shapes, mut strides) = ([0i64; flat::SORTED + 1], [0i64; flat::SORTED + 1]);
        if let Some(m) =
            flat::complement_positive_in(a.leaf_shapes(), a.leaf_strides(), cotarget, &mut shapes, &mut strides)
        {
            if let Some(mut w) = out.window() {
                for (&s, &d) in shapes[..m].iter().zip(&strides[..m]) {
                    w.values(s, d);
                }
                w.run_tokens(m);
                if w.commit() {
                    return Ok(());
                }
            }
        }
        let cap = a.leaf_shapes().len().saturating_add(2);
        out.flat_with(
            cap,
            #[inline(always)]
            |shape, stride| complement_flat(a, cotarget, check, error, shape, stride),
        )
    })
}

/// The leaves of [`complement_leaves`]'s result (a flat layout), written to
/// `out_shape:out_stride`, which need room for `a`'s leaves and two more; returns their number.
#[inline(always)]
pub(crate) fn complement_flat(
    a: &Layout,
    cotarget: &[i64],
    check: bool,
    error: &dyn Fn(ComplementError) -> Error,
    out_shape: &mut [i64],
    out_stride: &mut [i64],
) -> Result<usize> {
    let (shape, stride) = (a.leaf_shapes(), a.leaf_strides());
    // The usual layout, without the scratch space or the stride check (it takes positive
    // strides only).
    if let Some(k) = flat::complement_positive(shape, stride, cotarget, out_shape, out_stride) {
        return Ok(k);
    }
    if check {
        flat::check_strides(shape, stride).map_err(error)?;
    }
    let cap = shape.len().saturating_add(2);
    scratch!(ts: [i64; cap]);
    scratch!(td: [i64; cap]);
    flat::filter_and_walk(shape, stride, cotarget, ts, td, out_shape, out_stride).map_err(error)
}

/// CuTe's complement arithmetic as is: for negative strides the result has non-positive shapes
/// (callers that never evaluate it, like a product by a one-point tiler, still get CuTe's text).
pub(crate) fn complement_raw(a: &Layout, cotarget: &IntTuple) -> Result<Layout> {
    with_leaves(cotarget, |m| complement_leaves(a, m, false, &|c| error(a, cotarget, c)))
}

/// The complement with respect to `cosize(filter(a))` (CuTe's one-argument `complement(A)`).
///
/// ```
/// use cute::dynamic::{complement_default, Layout};
/// assert_eq!(complement_default(&"(4,8):(1,8)".parse().unwrap()).unwrap().to_string(), "2:4");
/// ```
pub fn complement_default(a: &Layout) -> Result<Layout> {
    let m = named!(filter(a)?.cosize(), "complement({})", a)?;
    complement(a, &IntTuple::Leaf(m))
}
