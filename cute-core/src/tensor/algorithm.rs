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
/// Vectorized as [`copy`]: in runs that both layouts keep contiguous.
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
    // A destination with stride-0 modes repeats elements: one at a time.
    let run = if y.layout.has_zero_stride() { 1 } else { chunk(x, y) };
    let mut i = 0;
    while i < x.size() {
        let (s, d) = (x.offset_unchecked(i), y.offset_unchecked(i));
        for (yv, xv) in y.engine.data_mut()[d..d + run].iter_mut().zip(&x.engine.data()[s..s + run]) {
            *yv = alpha * *xv + beta * *yv;
        }
        i += run;
    }
    Ok(())
}

/// The chunk length of [`copy`] and [`axpby`]: the run of elements both layouts keep
/// contiguous from index 0 (their common vector), as the part of it known at compile time when
/// that has more than one element (a constant, so each chunk compiles to vector moves).
#[inline(always)]
fn chunk<E: Engine, L: ViewLayout, F: Engine, M: ViewLayout>(x: &Tensor<E, L>, y: &Tensor<F, M>) -> usize {
    let fixed = const { arith::gcd(L::STATIC_RUN as i64, M::STATIC_RUN as i64) as usize };
    if fixed > 1 {
        fixed
    } else {
        arith::gcd(x.layout.contiguous_run() as i64, y.layout.contiguous_run() as i64).max(1) as usize
    }
}

/// Copy `src` into `dst`, element `i` to element `i` (CuTe's `copy`); the sizes must be equal.
///
/// Vectorized as CuTe's: the largest run of elements that both layouts keep contiguous from
/// index 0 (the greatest common divisor of their leading stride-1 runs, their common vector) is
/// copied as one slice at a time, which the compiler turns into vector moves; where there is
/// none but both layouts have stride 1 on the same leaf (a row-major tile into a row-major
/// tile), the runs along that leaf are; and elements that
/// the destination sends to the same place (its stride-0 modes, its nullspace) are copied once,
/// from the first index that reaches it.
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
    if dst.layout.has_zero_stride() {
        // The destination's nullspace: each destination element is copied once, from the index
        // whose coordinate is 0 in every stride-0 leaf (the first that reaches it).
        let (mut s, mut d) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        let leaves = dst.layout.leaves(&mut s, &mut d);
        for i in 0..n {
            let mut rest = i;
            let first = (0..leaves).all(|k| {
                let e = s[k].max(1) as usize;
                let zero = d[k] != 0 || rest.is_multiple_of(e);
                rest /= e;
                zero
            });
            if first {
                let v = src.engine.data()[src.offset_unchecked(i)];
                let o = dst.offset_unchecked(i);
                dst.engine.data_mut()[o] = v;
            }
        }
        return Ok(());
    }
    let run = chunk(src, dst);
    if run == 1 {
        if let Some((e, p)) = common_unit_leaf(&src.layout, &dst.layout) {
            // Both layouts have stride 1 on the same leaf (of extent e, after leaves of product
            // p): the runs along it are contiguous in both (CuTe's common vector, in whichever
            // mode it is), copied one run at a time.
            for o in 0..n / e {
                let i = o % p + (o / p) * p * e;
                let (os, od) = (src.offset_unchecked(i), dst.offset_unchecked(i));
                for r in 0..e {
                    // SAFETY: elements i .. i + e of each tensor (below the size) are at these
                    // offsets, inside the engines by the views' invariant.
                    unsafe {
                        let v = *src.engine.data().get_unchecked(os + r);
                        *dst.engine.data_mut().get_unchecked_mut(od + r) = v;
                    }
                }
            }
            return Ok(());
        }
        // No common contiguous run: the elements in steps along both first leaves (a chunk of
        // the gcd of their extents has constant strides in both), as nested loops would.
        let ((es, ss), (ed, sd)) = (src.layout.first_leaf(), dst.layout.first_leaf());
        let g = if es == ed { es } else { arith::gcd(es as i64, ed as i64).max(1) as usize };
        let mut i = 0;
        while i < n {
            let (os, od) = (src.offset_unchecked(i) as isize, dst.offset_unchecked(i) as isize);
            for r in 0..g as isize {
                // SAFETY: element i + r of each tensor (below the size) is at these offsets, inside
                // the engines by the views' invariant, and their data hold len() elements.
                unsafe {
                    let v = *src.engine.data().get_unchecked((os + r * ss) as usize);
                    *dst.engine.data_mut().get_unchecked_mut((od + r * sd) as usize) = v;
                }
            }
            i += g;
        }
        return Ok(());
    }
    // Chunks of `run` elements are contiguous in both (run divides both leading runs).
    let mut i = 0;
    while i < n {
        let (s, d) = (src.offset_unchecked(i), dst.offset_unchecked(i));
        dst.engine.data_mut()[d..d + run].copy_from_slice(&src.engine.data()[s..s + run]);
        i += run;
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

/// The leaf on which both layouts have stride 1, when their leaves have the same extents (so
/// that it is the same digit of the index in both): its extent and the product of the extents
/// before it.
fn common_unit_leaf<L: ViewLayout, M: ViewLayout>(a: &L, b: &M) -> Option<(usize, usize)> {
    let (mut sa, mut da) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
    let (mut sb, mut db) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
    let (na, nb) = (a.leaves(&mut sa, &mut da), b.leaves(&mut sb, &mut db));
    if na != nb || sa[..na] != sb[..nb] {
        return None;
    }
    let mut before = 1usize;
    for k in 0..na {
        if sa[k] > 1 && da[k] == 1 && db[k] == 1 {
            return Some((sa[k] as usize, before));
        }
        before *= sa[k] as usize;
    }
    None
}
