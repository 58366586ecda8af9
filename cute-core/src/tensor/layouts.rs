//! What a tensor needs of its layout: the size, the offset of an index, the smallest and largest
//! offsets (checked against the engine once), and, for the crate's layout type, the offset of a
//! slice's fixed coordinates and the static cosize.

use core::ops::{Add, Mul, Sub};

use frunk_core::hlist::{HCons, HNil};
use generic_array::ArrayLength;
use typenum::{Add1, NInt, NonZero, PInt, Prod, Sub1, Sum, Unsigned, B1, U0, Z0};

use crate::layout::Offset;
use crate::mixed::int::Int;
use crate::mixed::{Detail, Error, MixedTuple};
use crate::ops::make::mixed_face::{Compact, Left};
use crate::statics::{Leaves, Underscore};
use crate::{arith, Layout};

/// A layout a tensor can have: the crate's [`Layout`] or the dynamic engine's.
///
/// ```
/// use cute::tensor::ViewLayout;
/// let l = cute::layout!((4,3):(-1,4));
/// assert_eq!((l.size(), l.at(5)), (12, -1 + 4));
/// assert_eq!(l.reach("reach").unwrap(), (-3, 8));
/// ```
///
/// Sealed: only the crate's own types implement it, since a tensor's unchecked reads rely on
/// its answers (see [`tensor`](crate::tensor)).
pub trait ViewLayout: crate::sealed::Sealed {
    /// The error of a layout that reaches outside the data.
    type Error;
    /// Whether the shape is static (its sizes are constants), so that loops over it can be
    /// unrolled.
    const STATIC_SHAPE: bool;
    /// The part of [`contiguous_run`](Self::contiguous_run) known at compile time (the leading
    /// leaves whose extents and strides are static), which divides it: `copy` goes in chunks of
    /// a constant length where both layouts have one.
    const STATIC_RUN: usize;
    /// The number of coordinates.
    fn size(&self) -> usize;
    /// The offset of index `i < size()`.
    fn at(&self, i: usize) -> isize;
    /// The error of `op` with `detail`, in this layout's error type.
    fn error(op: &'static str, detail: Detail) -> Self::Error;
    /// The error of `op`: offsets `low..=high` from `base` are not inside `0..len`.
    fn outside(op: &'static str, base: usize, low: i64, high: i64, len: usize) -> Self::Error {
        Self::error(op, Detail::OutsideData { base, low, high, len })
    }
    /// The same layout in the dynamic engine.
    #[cfg(feature = "alloc")]
    fn to_dynamic_layout(&self) -> crate::dynamic::Layout;
    /// The number of top-level modes (1 for an integral layout).
    fn rank(&self) -> usize;
    /// The size of top-level mode `k < rank()`.
    fn mode_size(&self, k: usize) -> usize;
    /// `f(..f(f(acc, s0, d0), s1, d1).., sn, dn)` over the (shape, stride) leaves, left to right:
    /// every query below is this one fold, which with static leaves folds to constants.
    fn fold_leaves<A>(&self, acc: A, f: &mut impl FnMut(A, i64, i64) -> A) -> A;
    /// The shape and stride leaves, in order; 0 when there are more than the slices hold.
    // In range: k counts the leaves.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    fn leaves(&self, shape: &mut [i64], stride: &mut [i64]) -> usize {
        let cap = shape.len().min(stride.len());
        let n = self.fold_leaves(0usize, &mut |k, s, d| {
            if k < cap {
                shape[k] = s;
                stride[k] = d;
            }
            k + 1
        });
        if n > cap {
            0
        } else {
            n
        }
    }
    /// The smallest and largest offsets on the domain: the sums of the negative and positive
    /// `(s - 1) * d` over the leaves, checked, after checking that every extent is positive and
    /// that the size fits in an `i64` and a `usize`. The view's invariant, on which the unchecked
    /// reads rest, is read off the leaves here alone: it does not depend on how the layout was
    /// made, nor on its own checks.
    #[inline(always)]
    fn reach(&self, op: &'static str) -> Result<(i64, i64), Self::Error> {
        let reach = self.fold_leaves(Ok((1i64, 0i64, 0i64)), &mut |acc, s, d| {
            let (size, low, high) = acc?;
            if s < 1 {
                return Err(Detail::NonPositive(s));
            }
            let next = arith::mul(size, s)?;
            if usize::try_from(next).is_err() {
                return Err(Detail::Overflow(arith::Overflow { op: "*", lhs: size, rhs: s }));
            }
            // In range: s >= 1.
            #[allow(clippy::arithmetic_side_effects)]
            let span = arith::mul(s - 1, d)?;
            if span < 0 {
                Ok((next, arith::add(low, span)?, high))
            } else {
                Ok((next, low, arith::add(high, span)?))
            }
        });
        reach.map(|(_, low, high)| (low, high)).map_err(|d| Self::error(op, d))
    }
    /// The number of elements from index 0 that the layout keeps contiguous (`L(i) == L(0) + i`
    /// below it, and chunks of any divisor of it starting at its multiples are contiguous too):
    /// the product of the leading leaves whose stride is the product of those before them.
    #[inline(always)]
    fn contiguous_run(&self) -> usize {
        let (run, _) = self.fold_leaves((1i64, true), &mut |(run, open), s, d| {
            if !open || s == 1 {
                (run, open)
            } else if d == run {
                (run.saturating_mul(s), true)
            } else {
                (run, false)
            }
        });
        // In range: a product of positive extents, at most the size, which fits in i64.
        #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
        let run = run as usize;
        run
    }
    /// The extent and stride of the first leaf whose extent is above 1 (`(1, 0)` if none).
    // In range: the extent is positive and at most the size; a stride of a layout whose
    // offsets fit in i64 fits in isize.
    #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    #[inline(always)]
    fn first_leaf(&self) -> (usize, isize) {
        self.fold_leaves((1usize, 0isize), &mut |(e, d), s, st| {
            if e == 1 && s > 1 {
                (s as usize, st as isize)
            } else {
                (e, d)
            }
        })
    }
    /// The index at which the first leaf of extent above 1 and stride 1 starts (the product of
    /// the extents before it), if there is one.
    #[inline(always)]
    fn unit_stride_start(&self) -> Option<usize> {
        let (_, start) = self.fold_leaves((1usize, None), &mut |(weight, start), s, d| match start {
            None if s > 1 && d == 1 => (weight, Some(weight)),
            // In range: a positive extent, at most the size.
            #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
            _ => (weight.saturating_mul(s.max(1) as usize), start),
        });
        start
    }
    /// Whether a leaf of extent above 1 has stride 0 (the layout is not injective there).
    #[inline(always)]
    fn has_zero_stride(&self) -> bool {
        self.fold_leaves(false, &mut |any, s, d| any || (s > 1 && d == 0))
    }
}

/// The leading contiguous run of the static leaves (a runtime leaf reads 0 and ends it).
// In range: evaluated in a `const` (an overflow would fail the build), on static extents whose
// product the static layout's own check keeps within i64.
#[allow(clippy::arithmetic_side_effects, clippy::cast_sign_loss, clippy::cast_possible_truncation)]
const fn static_run(shape: &Leaves, stride: &Leaves) -> usize {
    let mut run = 1i64;
    let mut k = 0;
    while k < shape.len {
        let (s, d) = (shape.vals[k], stride.vals[k]);
        if s == 0 || (s != 1 && d != run) {
            break;
        }
        run *= s;
        k += 1;
    }
    run as usize
}

impl<S: MixedTuple + Offset<D> + TopModes + LeafPairs<D>, D: MixedTuple> ViewLayout for Layout<S, D> {
    type Error = Error;
    const STATIC_SHAPE: bool = S::IS_STATIC;
    const STATIC_RUN: usize = static_run(&S::STATIC_LEAVES, &D::STATIC_LEAVES);
    // In range: a layout's size is positive and fits in i64.
    #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    #[inline(always)]
    fn size(&self) -> usize {
        Layout::<S, D>::size(self) as usize
    }
    #[inline(always)]
    fn at(&self, i: usize) -> isize {
        self.call(i)
    }
    fn error(op: &'static str, detail: Detail) -> Error {
        Error::new(op, detail)
    }
    #[cfg(feature = "alloc")]
    fn to_dynamic_layout(&self) -> crate::dynamic::Layout {
        self.to_dynamic()
    }
    #[inline(always)]
    fn rank(&self) -> usize {
        S::RANK
    }
    #[inline(always)]
    fn mode_size(&self, k: usize) -> usize {
        self.shape.top_mode_size(k)
    }
    #[inline(always)]
    fn fold_leaves<A>(&self, acc: A, f: &mut impl FnMut(A, i64, i64) -> A) -> A {
        self.shape.fold_pairs(&self.stride, acc, f)
    }
}

#[cfg(feature = "alloc")]
impl ViewLayout for crate::dynamic::Layout {
    type Error = crate::dynamic::Error;
    const STATIC_SHAPE: bool = false;
    const STATIC_RUN: usize = 1;
    fn size(&self) -> usize {
        // The size of a dynamic layout is positive and fits in i64 (checked when it is made).
        crate::dynamic::Layout::size(self).ok().and_then(|n| usize::try_from(n).ok()).unwrap_or(0)
    }
    // In range: i < size() fits in i64, and inside the domain of a layout whose reach fits
    // (checked for a view), the offset fits in isize.
    #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)]
    fn at(&self, i: usize) -> isize {
        self.call(i as i64).unwrap_or(0) as isize
    }
    fn error(op: &'static str, detail: Detail) -> crate::dynamic::Error {
        // The mixed face's words, under the dynamic engine's error type.
        let e = Error::new(op, detail);
        crate::dynamic::Error::new(e.kind(), alloc::format!("{}", e).split_once(": ").map_or("", |x| x.1))
    }
    fn to_dynamic_layout(&self) -> crate::dynamic::Layout {
        self.clone()
    }
    fn rank(&self) -> usize {
        if self.shape().is_leaf() {
            1
        } else {
            crate::dynamic::Layout::rank(self)
        }
    }
    fn mode_size(&self, k: usize) -> usize {
        self.shape().modes().get(k).and_then(|m| m.size().ok()).and_then(|n| usize::try_from(n).ok()).unwrap_or(0)
    }
    fn fold_leaves<A>(&self, acc: A, f: &mut impl FnMut(A, i64, i64) -> A) -> A {
        self.shape().leaves().into_iter().zip(self.stride().leaves()).fold(acc, |acc, (s, d)| f(acc, *s, *d))
    }
}

/// A layout whose offsets are its leaves' coordinates times their strides, summed: the crate's
/// [`Layout`] and the dynamic engine's, not a swizzled one. The inner layout of a swizzled view
/// is one, so that the view's queries can read its strides as steps between offsets (a swizzled
/// layout inside another is not a view's layout). Sealed, as [`ViewLayout`].
///
/// ```
/// fn plain<L: cute::tensor::PlainLayout>(_: &L) {}
/// plain(&cute::layout!((4,8):(1,4)));
/// ```
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a plain layout: the inner layout of a swizzled view is a `Layout`, not another swizzled one",
    label = "a swizzled layout inside another is not a tensor's layout",
    note = "compose the swizzles first (`Swizzle::compose`), then swizzle the plain layout once"
)]
pub trait PlainLayout: ViewLayout {}
impl<S, D> PlainLayout for Layout<S, D> where Layout<S, D>: ViewLayout {}
#[cfg(feature = "alloc")]
impl PlainLayout for crate::dynamic::Layout {}

/// What the crate's functions return: a layout (all operands static) or a `Result` of one.
///
/// ```
/// use cute::tensor::LayoutResult;
/// assert_eq!(cute::layout!(4:1).into_layout().unwrap().to_string(), "_4:_1");
/// ```
#[doc(hidden)]
pub trait LayoutResult {
    /// The layout.
    type Layout;
    /// The error.
    type Error;
    /// The layout, or the error.
    fn into_layout(self) -> Result<Self::Layout, Self::Error>;
}

impl<S, D> LayoutResult for Layout<S, D> {
    type Layout = Self;
    type Error = Error;
    fn into_layout(self) -> Result<Self, Error> {
        Ok(self)
    }
}

impl<S, D> LayoutResult for Result<Layout<S, D>, Error> {
    type Layout = Layout<S, D>;
    type Error = Error;
    fn into_layout(self) -> Self {
        self
    }
}

#[cfg(feature = "alloc")]
impl LayoutResult for crate::dynamic::Layout {
    type Layout = Self;
    type Error = crate::dynamic::Error;
    fn into_layout(self) -> Result<Self, crate::dynamic::Error> {
        Ok(self)
    }
}

#[cfg(feature = "alloc")]
impl LayoutResult for crate::dynamic::Result<crate::dynamic::Layout> {
    type Layout = crate::dynamic::Layout;
    type Error = crate::dynamic::Error;
    fn into_layout(self) -> Self {
        self
    }
}

/// The offset of a slice's fixed coordinates in the layout `S:D`, each checked to lie inside its
/// mode: `_` adds nothing, an integer is an index into its mode (below the mode's size), a tuple
/// goes mode by mode.
///
/// ```
/// use cute::tensor::SliceOffset;
/// use cute::{coord, layout};
/// let l = layout!((8,4):(1,8));
/// assert_eq!(coord!((_,2)).fixed_offset(l.shape(), l.stride()), Ok(16));
/// assert!(coord!((_,4)).fixed_offset(l.shape(), l.stride()).is_err());
/// ```
#[doc(hidden)]
pub trait SliceOffset<S, D>: crate::sealed::Sealed {
    /// The offset, or an error of kind
    /// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange).
    fn fixed_offset(&self, shape: &S, stride: &D) -> Result<isize, Error>;
}

impl<S, D> SliceOffset<S, D> for Underscore {
    #[inline(always)]
    fn fixed_offset(&self, _: &S, _: &D) -> Result<isize, Error> {
        Ok(0)
    }
}

impl<S: MixedTuple + Offset<D>, D> SliceOffset<S, D> for usize {
    #[inline(always)]
    fn fixed_offset(&self, shape: &S, stride: &D) -> Result<isize, Error> {
        let size = super::engine::mode_size(shape);
        if *self < size {
            Ok(shape.offset(stride, *self, 0, true).1)
        } else {
            Err(Error::new(
                "slice",
                Detail::IndexOutOfRange { index: *self, size: i64::try_from(size).unwrap_or(i64::MAX) },
            ))
        }
    }
}

impl SliceOffset<HNil, HNil> for HNil {
    #[inline(always)]
    fn fixed_offset(&self, _: &HNil, _: &HNil) -> Result<isize, Error> {
        Ok(0)
    }
}

impl<CH: SliceOffset<SH, DH>, CT: SliceOffset<ST, DT>, SH, ST, DH, DT> SliceOffset<HCons<SH, ST>, HCons<DH, DT>>
    for HCons<CH, CT>
{
    #[inline(always)]
    fn fixed_offset(&self, shape: &HCons<SH, ST>, stride: &HCons<DH, DT>) -> Result<isize, Error> {
        let (head, tail) =
            (self.head.fixed_offset(&shape.head, &stride.head)?, self.tail.fixed_offset(&shape.tail, &stride.tail)?);
        // Checked: an entry may be a coordinate type of the caller's.
        head.checked_add(tail).ok_or_else(|| {
            let o = arith::Overflow { op: "+", lhs: head as i64, rhs: tail as i64 };
            Error::new("slice", Detail::Overflow(o))
        })
    }
}

/// The static cosize of a layout whose leaves are all static, as a typenum unsigned (the length
/// of an owning tensor's array).
///
/// ```
/// use cute::tensor::StaticCosize;
/// use cute::typenum::Unsigned;
/// type L = cute::Layout![(4,(3,2)):(2,(8,-1))];
/// assert_eq!(<L as StaticCosize>::Cosize::USIZE, 1 + 3 * 2 + 2 * 8 + 1);
/// ```
#[doc(hidden)]
pub trait StaticCosize {
    /// `1 + sum((s - 1) * |d|)`.
    type Cosize: ArrayLength;
    /// `sum((s - 1) * |d|)` over the negative strides: how far below its origin the layout
    /// reaches, so the array index of offset 0.
    type Below: Unsigned;
}

impl<S: Reach<D> + Below<D>, D> StaticCosize for Layout<S, D>
where
    <S as Reach<D>>::Output: Add<B1>,
    Add1<<S as Reach<D>>::Output>: ArrayLength,
    <S as Below<D>>::Output: Unsigned,
{
    type Cosize = Add1<<S as Reach<D>>::Output>;
    type Below = <S as Below<D>>::Output;
}

/// `sum((s - 1) * |d|)` over the static leaves of `Self:D`: the [`Span`] weighted by
/// [`AbsValue`].
///
/// ```
/// use cute::tensor::Reach;
/// use cute::typenum::Unsigned;
/// use cute::{Shape, Stride};
/// assert_eq!(<<Shape![(4,3)] as Reach<Stride![(2,-5)]>>::Output as Unsigned>::USIZE, 3 * 2 + 2 * 5);
/// ```
#[doc(hidden)]
pub trait Reach<D> {
    /// The sum, a typenum unsigned.
    type Output;
}
impl<S: Span<D, AllStrides>, D> Reach<D> for S {
    type Output = S::Output;
}

/// `sum((s - 1) * |d|)` over the static leaves of `Self:D` whose stride is negative: the
/// [`Span`] weighted by [`NegativePart`].
///
/// ```
/// use cute::tensor::Below;
/// use cute::typenum::Unsigned;
/// use cute::{Shape, Stride};
/// assert_eq!(<<Shape![(4,3,2)] as Below<Stride![(2,-5,-1)]>>::Output as Unsigned>::USIZE, 2 * 5 + 1);
/// ```
#[doc(hidden)]
pub trait Below<D> {
    /// The sum, a typenum unsigned.
    type Output;
}
impl<S: Span<D, NegativeStrides>, D> Below<D> for S {
    type Output = S::Output;
}

/// `sum((s - 1) * w(d))` over the static leaves of `Self:D`, `w` the stride weight `W`
/// ([`AllStrides`]: `|d|`, [`NegativeStrides`]: `|d|` of the negative strides): the one walk behind
/// [`Reach`] and [`Below`].
///
/// ```
/// use cute::tensor::{NegativeStrides, Span};
/// use cute::typenum::Unsigned;
/// use cute::{Shape, Stride};
/// assert_eq!(<<Shape![(4,3)] as Span<Stride![(2,-5)], NegativeStrides>>::Output as Unsigned>::USIZE, 2 * 5);
/// ```
#[doc(hidden)]
pub trait Span<D, W> {
    /// The sum, a typenum unsigned.
    type Output;
}

/// The stride weight `|d|` of every stride ([`Span`]).
///
/// ```
/// use cute::tensor::{AllStrides, Span};
/// use cute::typenum::Unsigned;
/// assert_eq!(<<cute::Shape![3] as Span<cute::Stride![-4], AllStrides>>::Output as Unsigned>::USIZE, 8);
/// ```
pub struct AllStrides;
/// The stride weight `|d|` of the negative strides, 0 of the others ([`Span`]).
///
/// ```
/// use cute::tensor::{NegativeStrides, Span};
/// use cute::typenum::Unsigned;
/// assert_eq!(<<cute::Shape![3] as Span<cute::Stride![4], NegativeStrides>>::Output as Unsigned>::USIZE, 0);
/// ```
pub struct NegativeStrides;

/// The weight `W` of a static stride leaf.
///
/// ```
/// use cute::tensor::{AllStrides, NegativeStrides, Weight};
/// use cute::typenum::{Unsigned, N3};
/// assert_eq!((<N3 as Weight<AllStrides>>::Output::USIZE, <N3 as Weight<NegativeStrides>>::Output::USIZE), (3, 3));
/// ```
#[doc(hidden)]
pub trait Weight<W> {
    /// The weight, a typenum unsigned.
    type Output;
}
impl<D: AbsValue> Weight<AllStrides> for D {
    type Output = D::Output;
}
impl<D: NegativePart> Weight<NegativeStrides> for D {
    type Output = D::Output;
}

impl<U: Unsigned + NonZero + Sub<B1>, D: Weight<W>, W> Span<D, W> for PInt<U>
where
    Sub1<U>: Mul<D::Output>,
{
    type Output = Prod<Sub1<U>, D::Output>;
}
impl<W> Span<HNil, W> for HNil {
    type Output = U0;
}
impl<SH: Span<DH, W>, ST: Span<DT, W>, DH, DT, W> Span<HCons<DH, DT>, W> for HCons<SH, ST>
where
    SH::Output: Add<ST::Output>,
{
    type Output = Sum<SH::Output, ST::Output>;
}

pub use crate::arith::AbsValue;

/// `|d|` of a negative static stride leaf, 0 of any other.
///
/// ```
/// use cute::tensor::NegativePart;
/// use cute::typenum::{Unsigned, N3, P3};
/// assert_eq!(<<N3 as NegativePart>::Output as Unsigned>::USIZE, 3);
/// assert_eq!(<<P3 as NegativePart>::Output as Unsigned>::USIZE, 0);
/// ```
#[doc(hidden)]
pub trait NegativePart {
    /// The magnitude of the negative part, a typenum unsigned.
    type Output;
}
impl<U: Unsigned + NonZero> NegativePart for PInt<U> {
    type Output = U0;
}
impl<U: Unsigned + NonZero> NegativePart for NInt<U> {
    type Output = U;
}
impl NegativePart for Z0 {
    type Output = U0;
}

/// A shape and its compact column-major layout, for the identity tensor.
///
/// ```
/// use cute::tensor::CompactShape;
/// assert_eq!(cute::hlist![3i64, 4i64].compact().unwrap().to_string(), "(3,4):(_1,3)");
/// ```
#[doc(hidden)]
pub trait CompactShape: MixedTuple + Sized {
    /// The compact column-major stride.
    type Compact: MixedTuple;
    /// The compact column-major layout, or an error when a runtime extent is not positive.
    fn compact(self) -> Result<Layout<Self, Self::Compact>, Error>;
}

impl<S: MixedTuple + Compact<typenum::P1, Left>> CompactShape for S
where
    S::Stride: MixedTuple,
{
    type Compact = S::Stride;
    fn compact(self) -> Result<Layout<S, S::Stride>, Error> {
        crate::mixed::make_layout(self)
    }
}

/// The sizes of the top-level modes of a shape, one at a time: with static leaves and a constant
/// `k` a constant, so that the rank dispatch of `gemm` and its loop bounds fold.
///
/// ```
/// use cute::tensor::TopModes;
/// use cute::{hlist, typenum::{P2, P4}};
/// assert_eq!(hlist![P4::new(), hlist![P2::new(), 3i64]].top_mode_size(1), 6);
/// assert_eq!(5i64.top_mode_size(0), 5);
/// ```
///
/// Sealed: only the crate's own types implement it, since a tensor's unchecked reads rely on
/// its answers (see [`tensor`](crate::tensor)).
#[doc(hidden)]
pub trait TopModes: crate::sealed::Sealed {
    /// The size of top-level mode `k` (the whole shape for an integer; 0 past the rank).
    fn top_mode_size(&self, k: usize) -> usize;
}

impl<I: Int> TopModes for I {
    // In range: a layout's extents are positive, at most its size, which fits in i64.
    #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    #[inline(always)]
    fn top_mode_size(&self, k: usize) -> usize {
        if k == 0 {
            self.value() as usize
        } else {
            0
        }
    }
}

impl TopModes for HNil {
    #[inline(always)]
    fn top_mode_size(&self, _: usize) -> usize {
        0
    }
}

impl<H: MixedTuple, T: TopModes> TopModes for HCons<H, T> {
    #[inline(always)]
    fn top_mode_size(&self, k: usize) -> usize {
        match k.checked_sub(1) {
            None => super::engine::mode_size(&self.head),
            Some(k) => self.tail.top_mode_size(k),
        }
    }
}

/// A fold over the (shape, stride) leaf pairs of a layout, left to right: with static leaves
/// the values are constants, so what a tensor computes of its layout folds.
///
/// ```
/// use cute::tensor::LeafPairs;
/// let l = cute::layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(l.shape().fold_pairs(l.stride(), 0, &mut |acc, s, d| acc + (s - 1) * d), 6 + 16 + 1);
/// ```
///
/// Sealed: only the crate's own types implement it, since a tensor's unchecked reads rely on
/// its answers (see [`tensor`](crate::tensor)).
#[doc(hidden)]
pub trait LeafPairs<D>: crate::sealed::Sealed {
    /// `f(..f(f(acc, s0, d0), s1, d1).., sn, dn)`.
    fn fold_pairs<A>(&self, stride: &D, acc: A, f: &mut impl FnMut(A, i64, i64) -> A) -> A;
}

impl<S: Int, D: Int> LeafPairs<D> for S {
    #[inline(always)]
    fn fold_pairs<A>(&self, stride: &D, acc: A, f: &mut impl FnMut(A, i64, i64) -> A) -> A {
        f(acc, self.value(), stride.value())
    }
}

impl LeafPairs<HNil> for HNil {
    #[inline(always)]
    fn fold_pairs<A>(&self, _: &HNil, acc: A, _: &mut impl FnMut(A, i64, i64) -> A) -> A {
        acc
    }
}

impl<SH: LeafPairs<DH>, ST: LeafPairs<DT>, DH, DT> LeafPairs<HCons<DH, DT>> for HCons<SH, ST> {
    #[inline(always)]
    fn fold_pairs<A>(&self, stride: &HCons<DH, DT>, acc: A, f: &mut impl FnMut(A, i64, i64) -> A) -> A {
        let acc = self.head.fold_pairs(&stride.head, acc, f);
        self.tail.fold_pairs(&stride.tail, acc, f)
    }
}

#[cfg(test)]
mod tests {
    use std::string::ToString;

    use frunk_core::hlist;

    use crate::tensor::{make_tensor, Counting};
    use crate::Layout;

    /// The view's check reads the extents off the leaves itself, so that even a layout no
    /// constructor would make cannot give a view whose reads leave the data.
    #[test]
    fn a_view_checks_the_extents_itself() {
        let e = make_tensor(Counting(100), Layout::from_parts(-4i64, 1i64)).unwrap_err();
        assert_eq!(e.to_string(), "invalid argument: make_tensor: shape -4 is not positive");
        let e = make_tensor(Counting(100), Layout::from_parts(hlist![2i64, 0i64], hlist![1i64, 2i64])).unwrap_err();
        assert_eq!(e.to_string(), "invalid argument: make_tensor: shape 0 is not positive");
        let huge = Layout::from_parts(hlist![1i64 << 32, 1i64 << 32], hlist![0i64, 0i64]);
        let e = make_tensor(Counting(100), huge).unwrap_err();
        assert_eq!(e.to_string(), "overflow: make_tensor: 4294967296 * 4294967296 does not fit in i64");
    }
}
