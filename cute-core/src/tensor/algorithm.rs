//! The element-wise algorithms on tensors, with CuTe's names: `fill`, `clear`, `for_each`,
//! `transform`, `axpby`, `copy` (vectorized where the layouts allow) and `copy_if`.
//!
//! Each visits the tensor's domain, so no access is checked against the data (see the
//! [module](super) for why none is needed); two tensors must have the same size (an error of
//! kind [`InvalidArgument`](crate::error::ErrorKind::InvalidArgument) otherwise).

use core::ops::{Add, Mul};

use super::{Engine, EngineMut, Memory, MemoryMut, Tensor, ViewLayout};
use crate::arith;
use crate::mixed::{Detail, Error};
use crate::statics::MAX_LEAVES;

/// The sizes of two tensors an algorithm pairs, which must be equal.
fn same_size(op: &'static str, a: usize, b: usize) -> Result<(), Error> {
    if a == b {
        Ok(())
    } else {
        Err(Error::new(op, Detail::SizeMismatch { a, b }))
    }
}

impl<E: Engine, L: ViewLayout> Tensor<E, L> {
    /// The engine value of element `i < size()`.
    #[inline(always)]
    pub(super) fn at(&self, i: usize) -> E::Value<'_> {
        // SAFETY: i is in the layout's domain (the callers loop below the size), so its offset
        // is inside the engine by the view's invariant.
        unsafe { self.engine.value(self.offset_unchecked(i)) }
    }
}

impl<E: EngineMut, L: ViewLayout> Tensor<E, L> {
    /// The element `i < size()`, to write.
    #[inline(always)]
    pub(super) fn at_mut(&mut self, i: usize) -> &mut E::Elem {
        let o = self.offset_unchecked(i);
        // SAFETY: as in `at`.
        unsafe { self.engine.slot(o) }
    }
}

/// Set every element to `value` (CuTe's `fill`).
///
/// ```
/// use cute::tensor::{fill, make_tensor};
/// let mut data = [0; 6];
/// fill(&mut make_tensor(&mut data[..], cute::layout!(3:2)).unwrap(), 7);
/// assert_eq!(data, [7, 0, 7, 0, 7, 0]);
/// ```
pub fn fill<E: EngineMut, L: ViewLayout>(t: &mut Tensor<E, L>, value: E::Elem)
where
    E::Elem: Clone,
{
    for i in 0..t.size() {
        *t.at_mut(i) = value.clone();
    }
}

/// Set every element to its default, zero for numbers (CuTe's `clear`).
///
/// ```
/// use cute::tensor::{clear, make_tensor};
/// let mut data = [5; 4];
/// clear(&mut make_tensor(&mut data[..], cute::layout!(2:1)).unwrap());
/// assert_eq!(data, [0, 0, 5, 5]);
/// ```
pub fn clear<E: EngineMut, L: ViewLayout>(t: &mut Tensor<E, L>)
where
    E::Elem: Default,
{
    for i in 0..t.size() {
        *t.at_mut(i) = Default::default();
    }
}

/// Call `f` on every element, in index order (CuTe's `for_each`).
///
/// ```
/// use cute::tensor::{for_each, make_tensor, Counting};
/// let mut seen = Vec::new();
/// for_each(&make_tensor(Counting(8), cute::layout!((2,2):(4,1))).unwrap(), |o| seen.push(o));
/// assert_eq!(seen, [0, 4, 1, 5]);
/// ```
pub fn for_each<'t, E: Engine, L: ViewLayout>(t: &'t Tensor<E, L>, mut f: impl FnMut(E::Value<'t>)) {
    for i in 0..t.size() {
        f(t.at(i));
    }
}

/// Replace every element `x` by `f(x)` (CuTe's in-place `transform`).
///
/// ```
/// use cute::tensor::{make_tensor, transform};
/// let mut data = [1, 2, 3, 4];
/// transform(&mut make_tensor(&mut data[..], cute::layout!(2:2)).unwrap(), |x| x * 10);
/// assert_eq!(data, [10, 2, 30, 4]);
/// ```
pub fn transform<E: EngineMut, L: ViewLayout>(t: &mut Tensor<E, L>, mut f: impl FnMut(&E::Elem) -> E::Elem) {
    for i in 0..t.size() {
        let x = t.at_mut(i);
        *x = f(x);
    }
}

/// `dst(i) = f(src(i))` (CuTe's two-tensor `transform`); the sizes must be equal.
///
/// ```
/// use cute::tensor::{make_tensor, transform_into};
/// let (src, mut dst) = ([1, 2, 3, 4], [0; 4]);
/// let s = make_tensor(&src[..], cute::layout!((2,2):(2,1))).unwrap();
/// transform_into(&s, &mut make_tensor(&mut dst[..], cute::layout!(4:1)).unwrap(), |x| x + 1).unwrap();
/// assert_eq!(dst, [2, 4, 3, 5]);
/// ```
pub fn transform_into<'t, E: Engine, L: ViewLayout, F: EngineMut, M: ViewLayout>(
    src: &'t Tensor<E, L>,
    dst: &mut Tensor<F, M>,
    mut f: impl FnMut(E::Value<'t>) -> F::Elem,
) -> Result<(), Error> {
    same_size("transform", src.size(), dst.size())?;
    for i in 0..src.size() {
        *dst.at_mut(i) = f(src.at(i));
    }
    Ok(())
}

/// `y = alpha * x + beta * y`, element by element (CuTe's `axpby`); the sizes must be equal.
/// Vectorized as [`copy`]: in runs of the common vector of the two layouts, element by element
/// where there is none or `y` has stride-0 modes.
///
/// ```
/// use cute::tensor::{axpby, make_tensor};
/// let (x, mut y) = ([1.0f32, 2.0], [10.0f32, 20.0]);
/// let xt = make_tensor(&x[..], cute::layout!(2:1)).unwrap();
/// axpby(2.0, &xt, 0.5, &mut make_tensor(&mut y[..], cute::layout!(2:1)).unwrap()).unwrap();
/// assert_eq!(y, [7.0, 14.0]);
/// ```
#[inline]
pub fn axpby<T, E, L, F, M>(alpha: T, x: &Tensor<E, L>, beta: T, y: &mut Tensor<F, M>) -> Result<(), Error>
where
    T: Copy + Mul<Output = T> + Add<Output = T>,
    E: Memory<Elem = T>,
    L: ViewLayout,
    F: MemoryMut<Elem = T>,
    M: ViewLayout,
{
    same_size("axpby", x.size(), y.size())?;
    let (xv, yv) = ((x.base, &x.layout), (y.base, &y.layout));
    let (from, to) = (x.engine.data(), y.engine.data_mut());
    // In range: a run's elements are elements of the views, so s + run and d + run are at most
    // the engines' lengths.
    #[allow(clippy::arithmetic_side_effects)]
    let mut update = |s: usize, d: usize, run: usize| {
        for (yv, xv) in to[d..d + run].iter_mut().zip(&from[s..s + run]) {
            // The element type's own arithmetic (see `UniversalFma`).
            *yv = alpha * *xv + beta * *yv;
        }
    };
    // A destination with stride-0 modes repeats elements: one at a time, in order.
    if yv.1.has_zero_stride() || !for_each_run(xv, yv, &mut update) {
        for i in 0..xv.1.size() {
            update(offset(xv, i), offset(yv, i), 1);
        }
    }
    Ok(())
}

/// The engine offset of element `i < size` of the view with origin `base` and layout `l`.
#[inline(always)]
fn offset<L: ViewLayout>((base, l): (usize, &L), i: usize) -> usize {
    super::engine_offset(base, l.at(i))
}

/// Calls `f(x offset, y offset, len)` on runs of `len` elements that both tensors keep
/// contiguous, which together visit every index once, and says whether it found such runs.
///
/// - The run both layouts keep contiguous from index 0, as the part of it known at compile time
///   where that has more than one element: a constant, so that each run compiles to vector
///   moves. The runs go in index order.
/// - Otherwise the common vector of [`CommonVector`] (contiguous in both, in the destination's
///   offset order, wherever it lies in the index), when the destination sends no two indices to
///   one offset (so that the order of the runs cannot matter).
#[inline(always)]
fn for_each_run<L: ViewLayout, M: ViewLayout>(
    (xb, xl): (usize, &L),
    (yb, yl): (usize, &M),
    f: &mut impl FnMut(usize, usize, usize),
) -> bool {
    let n = xl.size();
    let offsets = |i: usize| (offset((xb, xl), i), offset((yb, yl), i));
    // In range: the runs divide the sizes, which the views' checks keep within i64; a gcd of
    // positive runs is positive.
    #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    let run = {
        let fixed = const { arith::gcd(L::STATIC_RUN as i64, M::STATIC_RUN as i64) as usize };
        if fixed > 1 {
            fixed
        } else {
            arith::gcd(xl.contiguous_run() as i64, yl.contiguous_run() as i64).max(1) as usize
        }
    };
    if run > 1 {
        let mut i = 0;
        while i < n {
            let (s, d) = offsets(i);
            f(s, d, run);
            // In range: run divides n, so i + run <= n.
            #[allow(clippy::arithmetic_side_effects)]
            let next = i + run;
            i = next;
        }
        return true;
    }
    // The chain's first factor starts a leaf of stride 1 in each, at one index: a cheap test,
    // inlined, that settles most layouts without a common vector (a transpose) before the
    // factoring is computed.
    let plausible = matches!((xl.unit_stride_start(), yl.unit_stride_start()), (Some(a), Some(b)) if a == b);
    match plausible.then(|| CommonVector::of(xl, yl)).flatten() {
        Some(v) => {
            // In range: v.len >= 2.
            #[allow(clippy::arithmetic_side_effects)]
            let runs = n / v.len;
            for o in 0..runs {
                let (s, d) = offsets(v.start(o));
                f(s, d, v.len);
            }
            true
        }
        None => false,
    }
}

/// Copy `src` into `dst`, element `i` to element `i` (CuTe's `copy`); the sizes must be equal.
///
/// Vectorized as CuTe's, by the two layouts' common vector (`max_common_vector`: the elements
/// that both keep contiguous, in the destination's order), copied one slice at a time, which
/// the compiler turns into vector moves:
///
/// - where the run both keep contiguous from index 0 is longer than one element, in runs of it
///   (of its static part, a constant, where the leading leaves are static);
/// - otherwise in runs of the common vector wherever it lies in the index (a row-major tile into
///   a row-major tile goes along the rows, and on to the next row where both are compact), found
///   on the leaves of both cut to one factoring, when the destination sends no two indices to
///   one offset;
/// - otherwise element by element, in steps along both first leaves.
///
/// The result is always that of the element loop `for i in 0..size { dst(i) = src(i) }`, as in
/// CuTe: where the destination sends several indices to one element (its stride-0 modes, or
/// modes that overlap), that element ends with the source's value at the last of those indices.
/// The runs go in index order, and a common vector is used only when the destination sends no
/// two indices to one element.
///
/// ```
/// use cute::tensor::{copy, make_tensor};
/// let src: Vec<u32> = (0..32).collect();
/// let mut dst = vec![0u32; 32];
/// // Both column-major 8 x 4: one run of 32, one slice copy.
/// let s = make_tensor(&src[..], cute::layout!((8,4):(1,8))).unwrap();
/// copy(&s, &mut make_tensor(&mut dst[..], cute::layout!((8,4):(1,8))).unwrap()).unwrap();
/// assert_eq!(src, dst);
/// // A transpose: runs of 1, element by element.
/// let mut t = vec![0u32; 32];
/// copy(&s, &mut make_tensor(&mut t[..], cute::layout!((8,4):(4,1))).unwrap()).unwrap();
/// assert_eq!(t[4 * 3 + 1], src[3 + 8 * 1]);
/// // A destination that reaches element 1 from indices 1 and 2: the last write stays.
/// let mut d = [0u32; 3];
/// copy(&make_tensor(&src[..], cute::layout!(4:1)).unwrap(), &mut make_tensor(&mut d[..], cute::layout!((2,2):(1,1))).unwrap()).unwrap();
/// assert_eq!(d, [0, 2, 3]);
/// ```
#[inline]
pub fn copy<T, E, L, F, M>(src: &Tensor<E, L>, dst: &mut Tensor<F, M>) -> Result<(), Error>
where
    T: Copy,
    E: Memory<Elem = T>,
    L: ViewLayout,
    F: MemoryMut<Elem = T>,
    M: ViewLayout,
{
    same_size("copy", src.size(), dst.size())?;
    let n = src.size();
    // The data once, as slices apart from the tensors, so that the compiler knows a write to an
    // element leaves the origins, layouts and data pointers alone.
    let (sv, dv) = ((src.base, &src.layout), (dst.base, &dst.layout));
    let (from, to) = (src.engine.data(), dst.engine.data_mut());
    // In range: as in `axpby`.
    #[allow(clippy::arithmetic_side_effects)]
    let mut move_run = |s: usize, d: usize, run: usize| to[d..d + run].copy_from_slice(&from[s..s + run]);
    if for_each_run(sv, dv, &mut move_run) {
        return Ok(());
    }
    // No common contiguous run: the elements in steps along both first leaves (a chunk of the
    // gcd of their extents has constant strides in both), in index order.
    let ((es, ss), (ed, sd)) = (sv.1.first_leaf(), dv.1.first_leaf());
    // In range: the extents are positive and at most the size, which fits in i64.
    #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    let g = if es == ed { es } else { arith::gcd(es as i64, ed as i64).max(1) as usize };
    let mut i = 0;
    while i < n {
        let (os, od) = (offset(sv, i), offset(dv, i));
        for r in 0..g {
            // In range: g divides the first leaf's extent in each layout, so element i + r of
            // each view is r steps along its first leaf from element i; its engine offset is one
            // of the view's, in 0..=i64::MAX.
            #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_wrap, clippy::cast_sign_loss)]
            let (s, d) = ((os as isize + r as isize * ss) as usize, (od as isize + r as isize * sd) as usize);
            // SAFETY: s, d are element i + r's engine offsets (i + r < size): inside the data by the views'
            // invariant, checked when made from sealed layout traits (safe code cannot break it).
            unsafe {
                *to.get_unchecked_mut(d) = *from.get_unchecked(s);
            }
        }
        // In range: g divides n, so i + g <= n.
        #[allow(clippy::arithmetic_side_effects)]
        let next = i + g;
        i = next;
    }
    Ok(())
}

/// Copy the elements whose predicate is true (CuTe's `copy_if`): `pred` is a tensor of the
/// same size, of booleans or of anything `keep` turns into one (a coordinate tensor compared
/// with the bounds, for the tiles that reach past a matrix).
///
/// ```
/// use cute::tensor::{copy_if, make_identity_tensor, make_tensor};
/// use cute::hlist;
/// let src = [1, 2, 3, 4, 5, 6];
/// let mut dst = [0; 6];
/// // Copy only the elements of the 2 x 3 matrix whose column is below 2.
/// let coords = make_identity_tensor(hlist![2i64, 3i64]).unwrap();
/// let s = make_tensor(&src[..], cute::layout!((2,3):(1,2))).unwrap();
/// let mut d = make_tensor(&mut dst[..], cute::layout!((2,3):(1,2))).unwrap();
/// copy_if(&coords, |c| c.tail.head < 2, &s, &mut d).unwrap();
/// assert_eq!(dst, [1, 2, 3, 4, 0, 0]);
/// ```
pub fn copy_if<'p, 't, P, Q, T, E, L, F, M>(
    pred: &'p Tensor<P, Q>,
    mut keep: impl FnMut(P::Value<'p>) -> bool,
    src: &'t Tensor<E, L>,
    dst: &mut Tensor<F, M>,
) -> Result<(), Error>
where
    P: Engine,
    Q: ViewLayout,
    T: Clone + 't,
    E: Engine<Value<'t> = &'t T>,
    L: ViewLayout,
    F: EngineMut<Elem = T>,
    M: ViewLayout,
{
    same_size("copy_if", src.size(), dst.size())?;
    same_size("copy_if", pred.size(), src.size())?;
    for i in 0..src.size() {
        if keep(pred.at(i)) {
            *dst.at_mut(i) = src.at(i).clone();
        }
    }
    Ok(())
}

/// Twice the leaves of a layout: the most a common factoring of two layouts' leaves has.
const MAX_FACTORS: usize = 2 * MAX_LEAVES;

/// CuTe's common vector of a source and a destination layout over one index (the first mode of
/// `coalesce(src o right_inverse(dst))` when its stride is 1, as `max_common_vector`), found on
/// their leaves at run time, without allocating:
///
/// - The two lists of leaves are cut into one common factoring of the index: where a leaf of
///   one spans several leaves of the other, it is cut into parts of their extents (a part of
///   extent `e` of a leaf of stride `d` that starts after `p` elements of it has stride `p * d`).
///   Extents that do not divide each other end the factoring: no common vector then.
/// - The vector is the chain of factors along which the destination's offsets count 0, 1, 2,
///   ... (strides 1, then the product of the extents before: the start of its right inverse),
///   each with the same stride in the source. Along it both are contiguous, in the
///   destination's order, wherever the factors lie in the index (not only from index 0).
/// - The other factors, with the index weight of each, enumerate the starts of the runs.
struct CommonVector {
    /// The elements of a run.
    len: usize,
    /// The other factors: (extent, weight in the index).
    rest: [(usize, usize); MAX_FACTORS],
    /// The number of other factors.
    others: usize,
}

impl CommonVector {
    /// The common vector of `src` and `dst`, when it has more than one element and `dst` sends
    /// no two indices to one offset (its factors sorted by stride do not overlap).
    // In range: the leaf positions stay below the leaf counts (at most MAX_LEAVES) and `count`
    // below MAX_FACTORS; the extents are positive (checked first) and each factor divides its
    // leaf's extent; the strides are multiplied checked; a run's length and the index weights
    // are products of distinct factors, at most the size, which the views' checks keep within
    // i64.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    fn of<L: ViewLayout, M: ViewLayout>(src: &L, dst: &M) -> Option<Self> {
        let (mut sa, mut da) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        let (mut sb, mut db) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        let (na, nb) = (src.leaves(&mut sa, &mut da), dst.leaves(&mut sb, &mut db));
        if na == 0 || nb == 0 || sa[..na].iter().chain(&sb[..nb]).any(|&e| e < 1) {
            return None;
        }
        // The common factoring: (extent, source stride, destination stride).
        let mut factors = [(0i64, 0i64, 0i64); MAX_FACTORS];
        let mut count = 0;
        let (mut i, mut j) = (0, 0);
        let ((mut ra, mut ca), (mut rb, mut cb)) = ((sa[0], da[0]), (sb[0], db[0]));
        loop {
            while ra == 1 && i + 1 < na {
                i += 1;
                (ra, ca) = (sa[i], da[i]);
            }
            while rb == 1 && j + 1 < nb {
                j += 1;
                (rb, cb) = (sb[j], db[j]);
            }
            if ra == 1 || rb == 1 {
                break;
            }
            let e = ra.min(rb);
            if ra.max(rb) % e != 0 || count == MAX_FACTORS {
                return None;
            }
            factors[count] = (e, ca, cb);
            count += 1;
            (ra, rb) = (ra / e, rb / e);
            (ca, cb) = (ca.checked_mul(e)?, cb.checked_mul(e)?);
        }
        let factors = &factors[..count];
        // No two indices at one destination offset: sorted by |stride|, each factor's stride
        // passes the reach of those before it.
        let mut order = [0usize; MAX_FACTORS];
        (0..count).for_each(|k| order[k] = k);
        order[..count].sort_unstable_by_key(|&k| factors[k].2.unsigned_abs());
        let mut reach = 0u64;
        for &k in &order[..count] {
            let (e, _, d) = factors[k];
            if d.unsigned_abs() <= reach && e > 1 {
                return None;
            }
            reach = reach.checked_add((e as u64 - 1).checked_mul(d.unsigned_abs())?)?;
        }
        // The chain: strides 1, e0, e0 * e1, ... in the destination, the same in the source.
        let mut used = [false; MAX_FACTORS];
        let mut len = 1i64;
        while let Some(k) =
            (0..count).find(|&k| !used[k] && factors[k].0 > 1 && factors[k].1 == len && factors[k].2 == len)
        {
            used[k] = true;
            len *= factors[k].0;
        }
        if len == 1 {
            return None;
        }
        let mut v = CommonVector { len: len as usize, rest: [(1, 0); MAX_FACTORS], others: 0 };
        let mut weight = 1usize;
        for (k, &(e, _, _)) in factors.iter().enumerate() {
            if !used[k] && e > 1 {
                v.rest[v.others] = (e as usize, weight);
                v.others += 1;
            }
            weight *= e as usize;
        }
        Some(v)
    }

    /// The index at which run `o` starts: `o` as a coordinate of the other factors.
    // In range: `o` is below the number of runs, so the index is below the size; the extents
    // are at least 2.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    fn start(&self, mut o: usize) -> usize {
        let mut i = 0;
        for &(e, w) in &self.rest[..self.others] {
            i += (o % e) * w;
            o /= e;
        }
        i
    }
}

#[cfg(test)]
mod tests {
    use super::CommonVector;
    use crate::dynamic::Layout;

    /// The run length and the number of other factors of the common vector of two layouts.
    fn common(src: &str, dst: &str) -> Option<(usize, usize)> {
        let (src, dst): (Layout, Layout) = (src.parse().unwrap(), dst.parse().unwrap());
        CommonVector::of(&src, &dst).map(|v| (v.len, v.others))
    }

    #[test]
    fn the_common_vector_goes_in_the_destinations_order() {
        // Row-major into row-major: mode 1, then mode 0 (stride 8 = the 8 before it): all 32.
        assert_eq!(common("(4,8):(8,1)", "(4,8):(8,1)"), Some((32, 0)));
        // Two modes contiguous in both, neither at index 0: 4 x 2 elements, 2 runs.
        assert_eq!(common("(2,4,2):(16,1,4)", "(2,4,2):(16,1,4)"), Some((8, 1)));
        // Three modes of one compact layout in another order: one run of all 16.
        assert_eq!(common("(2,4,2):(8,1,4)", "(2,4,2):(8,1,4)"), Some((16, 0)));
        // Leaves cut to a common factoring: the destination's 8:1 is the source's (4,2):(1,4).
        assert_eq!(common("(4,(4,2)):(8,(1,4))", "(4,8):(8,1)"), Some((32, 0)));
        // Cut the same way, (2,4):(4,1) goes in another order: index 1 is offset 4, not 1.
        assert_eq!(common("(4,(2,4)):(8,(4,1))", "(4,8):(8,1)"), None);
        // A transpose has none.
        assert_eq!(common("(4,8):(8,1)", "32:1"), None);
        // Runs along mode 1 only: the source's mode 0 stride is not the run's end.
        assert_eq!(common("(4,8):(16,1)", "(4,8):(8,1)"), Some((8, 1)));
    }

    #[test]
    fn no_common_vector_where_it_cannot_be_used() {
        // The destination sends two indices to one offset: the order of runs would matter.
        assert_eq!(common("(2,2):(2,1)", "(2,2):(1,1)"), None);
        // Extents that do not divide each other leave no common factoring.
        assert_eq!(common("(4,6):(6,1)", "(6,4):(4,1)"), None);
    }
}
