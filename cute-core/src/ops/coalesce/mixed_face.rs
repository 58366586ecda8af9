//! Flat modes of mixed layouts: flatten, zip into `(shape, stride)` pairs, back to a layout,
//! and CuTe's `bw_coalesce`, which merges two modes only when the merge is provable at compile
//! time.

use core::ops::BitOr;

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, Cmp, Equal, Greater, IsEqual, Less, NInt, NonZero, PInt, Unsigned, B0, B1, P1, P2, Z0};

use crate::arith::Overflow;
use crate::layout::Layout;
use crate::mixed::int::{Int, MulI, ProvablyEqual};
use crate::mixed::tuple::MixedTuple;
use crate::statics::arith::MulStatic;
use crate::statics::report::{Holds, Pass, Shown, TooManyModesFail};
use crate::statics::typeops::{IsP1, Skip};

pub use crate::statics::typeops::{Flatten, Zip};

/// The flat modes of a layout.
pub type ModesOf<S, D> = <<S as Flatten>::Output as Zip<<D as Flatten>::Output>>::Output;

/// The flat `(shape, stride)` modes of a mixed layout.
///
/// ```
/// use cute::mixed::{coalesce::modes, Layout};
/// use cute::hlist;
/// let l = Layout::try_new(hlist![4i64, hlist![3i64]], hlist![1i64, hlist![4i64]]).unwrap();
/// assert_eq!(modes(&l), hlist![(4, 1), (3, 4)]);
/// ```
#[inline(always)]
pub fn modes<S, D>(l: &Layout<S, D>) -> ModesOf<S, D>
where
    S: MixedTuple + Flatten,
    D: MixedTuple + Flatten,
    S::Output: Zip<D::Output>,
{
    l.shape().flatten().zip(l.stride().flatten())
}

/// A non-empty list of modes as a shape and a stride (CuTe's `unwrap`): one mode is the
/// integral `s:d`, several the flat tuples `(s0,s1,...):(d0,d1,...)`.
pub trait Unwrap {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// `B1` for one mode, `B0` for several.
    type One;
    /// Split.
    fn unwrap_modes(self) -> (Self::Shape, Self::Stride);
}
impl<S, D> Unwrap for HCons<(S, D), HNil> {
    type Shape = S;
    type Stride = D;
    type One = B1;
    #[inline(always)]
    fn unwrap_modes(self) -> (S, D) {
        self.head
    }
}
impl<S, D, X, T> Unwrap for HCons<(S, D), HCons<X, T>>
where
    HCons<X, T>: Unzip,
{
    type Shape = HCons<S, <HCons<X, T> as Unzip>::Shapes>;
    type Stride = HCons<D, <HCons<X, T> as Unzip>::Strides>;
    type One = B0;
    #[inline(always)]
    fn unwrap_modes(self) -> (Self::Shape, Self::Stride) {
        let (s, d) = self.tail.unzip();
        (HCons { head: self.head.0, tail: s }, HCons { head: self.head.1, tail: d })
    }
}

/// A non-empty list of modes as a layout ([`Unwrap`]).
pub trait ToLayout {
    /// The shape.
    type Shape: MixedTuple;
    /// The stride.
    type Stride: MixedTuple;
    /// The layout, unchecked: the crate's callers computed its modes from a layout's, or check
    /// it next.
    fn to_layout_unchecked(self, _: crate::Internal) -> Layout<Self::Shape, Self::Stride>;
    /// The layout, checked as [`Layout::try_new`] checks one (every extent positive, the size
    /// and cosize in `i64`).
    ///
    /// ```
    /// use cute::mixed::coalesce::ToLayout;
    /// use cute::error::ErrorKind;
    /// assert_eq!(cute::hlist![(4i64, 1i64), (8i64, 4i64)].to_layout().unwrap().to_string(), "(4,8):(1,4)");
    /// let e = cute::hlist![(0i64, 1i64)].to_layout().unwrap_err();
    /// assert_eq!((e.kind(), e.to_string()), (ErrorKind::InvalidArgument, "invalid argument: layout: shape 0 is not positive".to_string()));
    /// ```
    fn to_layout(self) -> Result<Layout<Self::Shape, Self::Stride>, crate::mixed::Error>
    where
        Self: Sized,
    {
        crate::layout::Fits::fits(Ok(self.to_layout_unchecked(crate::Internal(()))), "layout")
    }
}
impl<M: Unwrap> ToLayout for M
where
    M::Shape: MixedTuple,
    M::Stride: MixedTuple,
{
    type Shape = M::Shape;
    type Stride = M::Stride;
    #[inline(always)]
    fn to_layout_unchecked(self, _: crate::Internal) -> Layout<Self::Shape, Self::Stride> {
        let (s, d) = self.unwrap_modes();
        Layout::from_parts(s, d)
    }
}

/// Split an HList of modes into the HLists of shapes and strides.
pub trait Unzip {
    /// The shapes.
    type Shapes;
    /// The strides.
    type Strides;
    /// Split.
    fn unzip(self) -> (Self::Shapes, Self::Strides);
}
impl Unzip for HNil {
    type Shapes = HNil;
    type Strides = HNil;
    #[inline(always)]
    fn unzip(self) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<S, D, T: Unzip> Unzip for HCons<(S, D), T> {
    type Shapes = HCons<S, T::Shapes>;
    type Strides = HCons<D, T::Strides>;
    #[inline(always)]
    fn unzip(self) -> (Self::Shapes, Self::Strides) {
        let (s, d) = self.tail.unzip();
        (HCons { head: self.head.0, tail: s }, HCons { head: self.head.1, tail: d })
    }
}

/// CuTe's `bw_coalesce` over a non-empty list of modes, from the back: a static size-1 mode is
/// dropped; a mode after a static size-1 result replaces it; `s0:d0` merges into the next mode
/// `s1:d1` when `s0 * d0 == d1` is provable at compile time. A runtime 1 or a runtime stride
/// that happens to line up is kept as it is, as in CuTe.
pub trait Coalesce {
    /// The coalesced modes (non-empty).
    type Output;
    /// Coalesce; merging multiplies shapes, which is checked.
    fn coalesce(self) -> Result<Self::Output, Overflow>;
}
/// Nothing to coalesce (an empty layout): `_1:_0`, as CuTe's `coalesce(())`.
impl Coalesce for HNil {
    type Output = HCons<(P1, Z0), HNil>;
    #[inline(always)]
    fn coalesce(self) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: (P1::new(), Z0::new()), tail: HNil })
    }
}
impl<S, D> Coalesce for HCons<(S, D), HNil> {
    type Output = HCons<(S, D), HNil>;
    #[inline(always)]
    fn coalesce(self) -> Result<Self::Output, Overflow> {
        Ok(self)
    }
}
impl<S, D, X, T> Coalesce for HCons<(S, D), HCons<X, T>>
where
    HCons<X, T>: Coalesce,
    (S, D): Merge<<HCons<X, T> as Coalesce>::Output>,
{
    type Output = <(S, D) as Merge<<HCons<X, T> as Coalesce>::Output>>::Output;
    #[inline(always)]
    fn coalesce(self) -> Result<Self::Output, Overflow> {
        let rest = self.tail.coalesce()?;
        self.head.merge(rest)
    }
}

/// One step of [`Coalesce`]: put the mode `Self` in front of the coalesced modes `Acc`, by
/// whether its shape and the next mode's shape are a static `_1` (each told by its type).
pub trait Merge<Acc> {
    /// The modes.
    type Output;
    /// Skip, replace, merge or prepend.
    fn merge(self, acc: Acc) -> Result<Self::Output, Overflow>;
}
impl<S: IsP1, D, HS: IsP1, HD, RT> Merge<HCons<(HS, HD), RT>> for (S, D)
where
    (Skip<S>, Skip<HS>): MergeCase<S, D, HS, HD, RT>,
{
    type Output = <(Skip<S>, Skip<HS>) as MergeCase<S, D, HS, HD, RT>>::Output;
    #[inline(always)]
    fn merge(self, acc: HCons<(HS, HD), RT>) -> Result<Self::Output, Overflow> {
        <(Skip<S>, Skip<HS>)>::step(self, acc)
    }
}

/// The case of a [`Merge`] step, selected by `(s is _1, next shape is _1)`.
pub trait MergeCase<S, D, HS, HD, RT> {
    /// The modes.
    type Output;
    /// The step.
    fn step(mode: (S, D), acc: HCons<(HS, HD), RT>) -> Result<Self::Output, Overflow>;
}
/// `s` is `_1`: drop the mode.
impl<S, D, HS, HD, RT, Y> MergeCase<S, D, HS, HD, RT> for (B1, Y) {
    type Output = HCons<(HS, HD), RT>;
    #[inline(always)]
    fn step(_: (S, D), acc: HCons<(HS, HD), RT>) -> Result<Self::Output, Overflow> {
        Ok(acc)
    }
}
/// The next mode is `_1`: the mode replaces it.
impl<S, D, HS, HD, RT> MergeCase<S, D, HS, HD, RT> for (B0, B1) {
    type Output = HCons<(S, D), RT>;
    #[inline(always)]
    fn step(mode: (S, D), acc: HCons<(HS, HD), RT>) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: mode, tail: acc.tail })
    }
}
/// Neither: merge when `s * d == hd` is provable at compile time ([`Contiguous`]).
impl<S: Contiguous<D, HD>, D, HS, HD, RT> MergeCase<S, D, HS, HD, RT> for (B0, B0)
where
    <S as Contiguous<D, HD>>::Output: Join<S, D, HS, HD, RT>,
{
    type Output = <<S as Contiguous<D, HD>>::Output as Join<S, D, HS, HD, RT>>::Output;
    #[inline(always)]
    fn step(mode: (S, D), acc: HCons<(HS, HD), RT>) -> Result<Self::Output, Overflow> {
        <<S as Contiguous<D, HD>>::Output as Join<S, D, HS, HD, RT>>::join(mode, acc)
    }
}

/// `B1` when `Self * D == HD` is provable at compile time (the mode `Self:D` runs into the
/// stride `HD`), for a shape `Self` that is not a static 1. All three positive and static:
/// `HD <= D` rules the product out with no multiplication (the common case of strides that do
/// not increase), else the product is compared. Any runtime value: never provable.
pub trait Contiguous<D, HD> {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl<U: Unsigned + NonZero, V: Unsigned + NonZero + Cmp<W>, W: Unsigned + NonZero> Contiguous<PInt<V>, PInt<W>>
    for PInt<U>
where
    <V as Cmp<W>>::Output: ContiguousBy<PInt<U>, PInt<V>, PInt<W>>,
{
    type Output = <<V as Cmp<W>>::Output as ContiguousBy<PInt<U>, PInt<V>, PInt<W>>>::Output;
}
/// Any other kinds of values: the product compared, as [`ProvablyEqual`] does for runtime ones.
macro_rules! contiguous_by_product {
    ($([$($gen:tt)*] $s:ty: $d:ty, $hd:ty;)*) => {$(
        impl<$($gen)*> Contiguous<$d, $hd> for $s
        where
            $s: MulI<$d>,
            <$s as MulI<$d>>::Output: ProvablyEqual<$hd>,
        {
            type Output = <<$s as MulI<$d>>::Output as ProvablyEqual<$hd>>::Output;
        }
    )*};
}
contiguous_by_product! {
    [U: Unsigned + NonZero, V: Unsigned + NonZero, W: Unsigned + NonZero] PInt<U>: PInt<V>, NInt<W>;
    [U: Unsigned + NonZero, V: Unsigned + NonZero] PInt<U>: PInt<V>, Z0;
    [U: Unsigned + NonZero, V: Unsigned + NonZero] PInt<U>: PInt<V>, i64;
    [U: Unsigned + NonZero, V: Unsigned + NonZero, HD] PInt<U>: NInt<V>, HD;
    [U: Unsigned + NonZero, HD] PInt<U>: Z0, HD;
    [U: Unsigned + NonZero, HD] PInt<U>: i64, HD;
    [U: Unsigned + NonZero, V: Unsigned + NonZero, W, Q] PInt<U>: PInt<V>, crate::basis::ScaledBasis<W, Q>;
    [U: Unsigned + NonZero, D, HD] NInt<U>: D, HD;
    [D, HD] Z0: D, HD;
    [V: Unsigned + NonZero, HD] i64: PInt<V>, HD;
    [V: Unsigned + NonZero, HD] i64: NInt<V>, HD;
    [HD] i64: Z0, HD;
    [HD] i64: i64, HD;
}
/// [`Contiguous`] of three positive static values by `Self`, `D` compared with `HD`.
pub trait ContiguousBy<S, D, HD> {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl<S, D, HD> ContiguousBy<S, D, HD> for Less
where
    S: MulStatic<D>,
    <S as MulStatic<D>>::Output: IsEqual<HD>,
    <<S as MulStatic<D>>::Output as IsEqual<HD>>::Output: Bit,
{
    type Output = <<S as MulStatic<D>>::Output as IsEqual<HD>>::Output;
}
impl<S, D, HD> ContiguousBy<S, D, HD> for Equal {
    type Output = B0;
}
impl<S, D, HD> ContiguousBy<S, D, HD> for Greater {
    type Output = B0;
}

/// Merge (`B1`: provably contiguous, `s:d` and `hs:s*d` give `s*hs:d`) or prepend (`B0`).
pub trait Join<S, D, HS, HD, RT> {
    /// The modes.
    type Output;
    /// The step.
    fn join(mode: (S, D), acc: HCons<(HS, HD), RT>) -> Result<Self::Output, Overflow>;
}
impl<S: MulI<HS>, D, HS, HD, RT> Join<S, D, HS, HD, RT> for B1 {
    type Output = HCons<(<S as MulI<HS>>::Output, D), RT>;
    #[inline(always)]
    fn join(mode: (S, D), acc: HCons<(HS, HD), RT>) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: (mode.0.mul_i(acc.head.0)?, mode.1), tail: acc.tail })
    }
}
impl<S, D, HS, HD, RT> Join<S, D, HS, HD, RT> for B0 {
    type Output = HCons<(S, D), HCons<(HS, HD), RT>>;
    #[inline(always)]
    fn join(mode: (S, D), acc: HCons<(HS, HD), RT>) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: mode, tail: acc })
    }
}

/// A single static size-1 mode becomes `_1:_0` (CuTe's empty coalesce); anything else stays.
pub trait Finish {
    /// The modes.
    type Output;
    /// Normalize.
    fn finish(self) -> Self::Output;
}
impl<S: IsP1, D> Finish for HCons<(S, D), HNil>
where
    Skip<S>: FinishOne<S, D>,
{
    type Output = <Skip<S> as FinishOne<S, D>>::Output;
    #[inline(always)]
    fn finish(self) -> Self::Output {
        <Skip<S> as FinishOne<S, D>>::finish_one(self.head)
    }
}
impl<M, X, T> Finish for HCons<M, HCons<X, T>> {
    type Output = Self;
    #[inline(always)]
    fn finish(self) -> Self {
        self
    }
}
/// [`Finish`] for one mode.
pub trait FinishOne<S, D> {
    /// The modes.
    type Output;
    /// Normalize.
    fn finish_one(mode: (S, D)) -> Self::Output;
}
impl<S, D> FinishOne<S, D> for B1 {
    type Output = HCons<(P1, Z0), HNil>;
    #[inline(always)]
    fn finish_one(_: (S, D)) -> Self::Output {
        HCons { head: (P1::new(), Z0::new()), tail: HNil }
    }
}
impl<S, D> FinishOne<S, D> for B0 {
    type Output = HCons<(S, D), HNil>;
    #[inline(always)]
    fn finish_one(mode: (S, D)) -> Self::Output {
        HCons { head: mode, tail: HNil }
    }
}

/// CuTe's `coalesce_x`: a static size-1 last mode counts as `_2`, so the function is kept past
/// the size too (used on the left operand of composition).
pub trait Extend {
    /// The modes.
    type Output;
    /// Replace a static 1 in the last mode.
    fn extend(self) -> Self::Output;
}
impl<S: IsP1, D> Extend for HCons<(S, D), HNil>
where
    Skip<S>: ExtendOne<S, D>,
{
    type Output = HCons<(<Skip<S> as ExtendOne<S, D>>::Shape, D), HNil>;
    #[inline(always)]
    fn extend(self) -> Self::Output {
        HCons { head: (<Skip<S> as ExtendOne<S, D>>::extend_one(self.head.0), self.head.1), tail: HNil }
    }
}
impl<M, X, T> Extend for HCons<M, HCons<X, T>>
where
    HCons<X, T>: Extend,
{
    type Output = HCons<M, <HCons<X, T> as Extend>::Output>;
    #[inline(always)]
    fn extend(self) -> Self::Output {
        HCons { head: self.head, tail: self.tail.extend() }
    }
}
/// [`Extend`] for the last mode's shape.
pub trait ExtendOne<S, D> {
    /// `_2` for `_1`, else `S`.
    type Shape;
    /// The shape.
    fn extend_one(s: S) -> Self::Shape;
}
impl<S, D> ExtendOne<S, D> for B1 {
    type Shape = P2;
    #[inline(always)]
    fn extend_one(_: S) -> P2 {
        P2::new()
    }
}
impl<S, D> ExtendOne<S, D> for B0 {
    type Shape = S;
    #[inline(always)]
    fn extend_one(s: S) -> S {
        s
    }
}

/// The coalesced modes of the layout `S:D` (CuTe's `coalesce`).
pub type Coalesced<S, D> = <<ModesOf<S, D> as Coalesce>::Output as Finish>::Output;

/// CuTe's `coalesce(L)` of a mixed layout: the same function on its domain, flat, with size-1
/// modes dropped and contiguous modes merged where the types prove it (a static `_1` is
/// dropped, `s0:d0, s1:d1` merge when `s0 * d0 == d1` is static); runtime 1s and runtime
/// contiguity stay as they are, as in CuTe.
///
/// Post-conditions: `size(R) == size(L)`, `depth(R) <= 1`, `R(i) == L(i)` for `i < size(L)`.
///
/// ```
/// use cute::mixed::{coalesce, Layout};
/// use cute::hlist;
/// use cute::typenum::{P1, P2, P4};
/// let l = Layout::try_new(hlist![P2::new(), hlist![P4::new(), 5i64]], hlist![P1::new(), hlist![P2::new(), 9i64]]).unwrap();
/// assert_eq!(coalesce(l).unwrap().to_string(), "(_8,5):(_1,9)");
/// ```
pub fn coalesce<S, D>(l: Layout<S, D>) -> Result<CoalescedLayout<S, D>, crate::mixed::Error>
where
    S: MixedTuple + Flatten,
    D: MixedTuple + Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Coalesce,
    <ModesOf<S, D> as Coalesce>::Output: Finish,
    Coalesced<S, D>: ToLayout,
{
    let m = modes(&l).coalesce().map_err(|o| crate::mixed::Error::new("coalesce", o.into()))?;
    Ok(m.finish().to_layout_unchecked(crate::Internal(())))
}

/// The layout `coalesce(S:D)`.
pub type CoalescedLayout<S, D> = Layout<ToShape<S, D>, ToStride<S, D>>;
/// The shape of `coalesce(S:D)`.
pub type ToShape<S, D> = <Coalesced<S, D> as ToLayout>::Shape;
/// The stride of `coalesce(S:D)`.
pub type ToStride<S, D> = <Coalesced<S, D> as ToLayout>::Stride;

/// CuTe's `flatten(L)`: the leaves of shape and stride as a flat tuple (a leaf layout stays a
/// leaf).
///
/// ```
/// use cute::mixed::{flatten, Layout};
/// use cute::hlist;
/// let l = Layout::try_new(hlist![3i64, hlist![cute::typenum::P4::new()]], hlist![1i64, hlist![3i64]]).unwrap();
/// assert_eq!(flatten(l).to_string(), "(3,_4):(1,3)");
/// ```
pub fn flatten<S, D>(l: Layout<S, D>) -> Layout<<S as FlattenLayout>::Output, <D as FlattenLayout>::Output>
where
    S: MixedTuple + FlattenLayout,
    D: MixedTuple + FlattenLayout,
{
    Layout::from_parts(l.shape().flatten_layout(), l.stride().flatten_layout())
}

/// A leaf stays a leaf; a tuple becomes the flat tuple of its leaves.
pub trait FlattenLayout {
    /// The flat tuple.
    type Output: MixedTuple;
    /// Flatten.
    fn flatten_layout(self) -> Self::Output;
}
impl<I: Int + MixedTuple> FlattenLayout for I {
    type Output = I;
    #[inline(always)]
    fn flatten_layout(self) -> I {
        self
    }
}
impl FlattenLayout for HNil {
    type Output = HNil;
    #[inline(always)]
    fn flatten_layout(self) -> HNil {
        HNil
    }
}
impl<H, T> FlattenLayout for HCons<H, T>
where
    HCons<H, T>: Flatten,
    <HCons<H, T> as Flatten>::Output: MixedTuple,
{
    type Output = <HCons<H, T> as Flatten>::Output;
    #[inline(always)]
    fn flatten_layout(self) -> Self::Output {
        self.flatten()
    }
}

/// A coalesce profile for the layout `S:D` (CuTe's `coalesce(layout, profile)`): an integer
/// entry (`P1`) coalesces that mode, `_` leaves it alone, a tuple goes one level deeper, and
/// modes past the profile are kept. The profile is `Self`, so the trait solver waits for it to
/// be known before following its structure.
#[diagnostic::on_unimplemented(
    message = "coalesce profile `{Self}` does not fit the layout's shape `{S}`",
    label = "a tuple profile needs a tuple mode with at least as many modes",
    note = "a profile entry is `P1` (coalesce this mode), `_` (leave it alone) or a tuple of entries"
)]
#[doc(hidden)]
pub trait CoalesceProfile<S, D> {
    /// The coalesced layout.
    type Output;
    /// Coalesce `l` by this profile; merging multiplies shapes, which is checked.
    fn coalesce(self, l: Layout<S, D>) -> Result<Self::Output, crate::mixed::Error>;
}
impl<U: crate::mixed::int::Digits, S, D> CoalesceProfile<S, D> for typenum::PInt<U>
where
    S: MixedTuple + Flatten,
    D: MixedTuple + Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Coalesce,
    <ModesOf<S, D> as Coalesce>::Output: Finish,
    Coalesced<S, D>: ToLayout,
{
    type Output = CoalescedLayout<S, D>;
    fn coalesce(self, l: Layout<S, D>) -> Result<Self::Output, crate::mixed::Error> {
        coalesce(l)
    }
}
impl<S, D> CoalesceProfile<S, D> for crate::Underscore {
    type Output = Layout<S, D>;
    fn coalesce(self, l: Layout<S, D>) -> Result<Self::Output, crate::mixed::Error> {
        Ok(l)
    }
}
impl<S, D> CoalesceProfile<S, D> for HNil {
    type Output = Layout<S, D>;
    fn coalesce(self, l: Layout<S, D>) -> Result<Self::Output, crate::mixed::Error> {
        Ok(l)
    }
}

/// `S:D` coalesced by the profile `P`.
pub type By<P, S, D> = <P as CoalesceProfile<S, D>>::Output;

impl<PH, PT, SH, ST, DH, DT> CoalesceProfile<HCons<SH, ST>, HCons<DH, DT>> for HCons<PH, PT>
where
    PH: CoalesceProfile<SH, DH>,
    PT: CoalesceProfile<ST, DT>,
    By<PH, SH, DH>: crate::mixed::Parts,
    By<PT, ST, DT>: crate::mixed::Parts,
{
    type Output = Layout<
        HCons<<By<PH, SH, DH> as crate::mixed::Parts>::Shape, <By<PT, ST, DT> as crate::mixed::Parts>::Shape>,
        HCons<<By<PH, SH, DH> as crate::mixed::Parts>::Stride, <By<PT, ST, DT> as crate::mixed::Parts>::Stride>,
    >;
    fn coalesce(self, l: Layout<HCons<SH, ST>, HCons<DH, DT>>) -> Result<Self::Output, crate::mixed::Error> {
        use crate::mixed::Parts;
        let head = Layout { shape: l.shape.head, stride: l.stride.head };
        let tail = Layout { shape: l.shape.tail, stride: l.stride.tail };
        let (hs, hd) = <PH as CoalesceProfile<SH, DH>>::coalesce(self.head, head)?.into_parts();
        let (ts, td) = <PT as CoalesceProfile<ST, DT>>::coalesce(self.tail, tail)?.into_parts();
        Ok(Layout { shape: HCons { head: hs, tail: ts }, stride: HCons { head: hd, tail: td } })
    }
}

/// A tuple profile of one entry on a leaf layout treats it as rank 1, and the result is a
/// rank-1 tuple, as in CuTe: `coalesce(6:1, (1))` is `(6):(1)`.
impl<PH, S: crate::mixed::Int, D: crate::mixed::Int> CoalesceProfile<S, D> for HCons<PH, HNil>
where
    PH: CoalesceProfile<S, D>,
    By<PH, S, D>: crate::mixed::Parts,
{
    type Output = Layout<
        HCons<<By<PH, S, D> as crate::mixed::Parts>::Shape, HNil>,
        HCons<<By<PH, S, D> as crate::mixed::Parts>::Stride, HNil>,
    >;
    fn coalesce(self, l: Layout<S, D>) -> Result<Self::Output, crate::mixed::Error> {
        use crate::mixed::Parts;
        let (s, d) = <PH as CoalesceProfile<S, D>>::coalesce(self.head, l)?.into_parts();
        Ok(Layout { shape: HCons { head: s, tail: HNil }, stride: HCons { head: d, tail: HNil } })
    }
}

/// Coalesce mode by mode following `profile` (CuTe's `coalesce(layout, profile)`), a tuple of
/// `P1` (coalesce this mode) and `_` (leave it alone), nested as deep as needed; modes past the
/// profile are kept. Each coalesced mode follows [`coalesce`]'s rules.
///
/// Post-conditions: `R(i) == L(i)` for `i < size(L)`, and `R` has `L`'s modes where the profile
/// says `_` or ends.
///
/// ```
/// use cute::mixed::{coalesce_profile, Layout};
/// use cute::Underscore;
/// use cute::hlist;
/// use cute::typenum::{P1, P2, P3, P6};
/// // (m,(_2,_6)):(_1,(_3,_6)) with m = 3: the second mode merges, the first is left alone.
/// let l = Layout::try_new(hlist![3i64, hlist![P2::new(), P6::new()]], hlist![P1::new(), hlist![P3::new(), P6::new()]]).unwrap();
/// let r = coalesce_profile(l, hlist![Underscore, P1::new()]).unwrap();
/// assert_eq!(r.to_string(), "(3,_12):(_1,_3)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn coalesce_profile<S, D, P>(l: Layout<S, D>, profile: P) -> Result<By<P::Me, S, D>, crate::mixed::Error>
where ProfileVerdict<P, S, D>: Holds,
    P: ProfileFits<S>,
    P::Me: CoalesceProfile<S, D>,
    <P as ProfileFits<S>>::Over: ProfileOver<P, S, D>,
{
    coalesce_by_profile(l, profile)
}

/// [`coalesce_profile`] without the bound of its verdict, for a caller that requires it itself
/// (the crate root's `coalesce_profile`).
pub(crate) fn coalesce_by_profile<S, D, P>(l: Layout<S, D>, profile: P) -> Result<By<P::Me, S, D>, crate::mixed::Error>
where
    P: ProfileFits<S>,
    P::Me: CoalesceProfile<S, D>,
{
    profile.me().coalesce(l)
}

/// A profile for the shape `S`: `Me` is the profile cut to the shape's modes (a leaf counts as
/// one mode), `Over` is `B1` when a tuple of the profile has more entries than the shape's
/// (the verdict of [`coalesce_profile`] then reports it, with the operands).
#[doc(hidden)]
pub trait ProfileFits<S> {
    /// The profile, cut to the shape.
    type Me;
    /// `B1` when the profile has more modes than the shape somewhere.
    type Over;
    /// The profile, as `Me`.
    fn me(self) -> Self::Me;
}
impl<S> ProfileFits<S> for HNil {
    type Me = HNil;
    type Over = B0;
    fn me(self) -> HNil {
        self
    }
}
impl<S> ProfileFits<S> for crate::Underscore {
    type Me = Self;
    type Over = B0;
    fn me(self) -> Self {
        self
    }
}
impl<S, U: crate::mixed::int::Digits> ProfileFits<S> for typenum::PInt<U> {
    type Me = Self;
    type Over = B0;
    fn me(self) -> Self {
        self
    }
}
impl<PH: ProfileFits<SH>, PT: ProfileFits<ST>, SH, ST> ProfileFits<HCons<SH, ST>> for HCons<PH, PT>
where
    PH::Over: BitOr<PT::Over>,
{
    type Me = HCons<PH::Me, PT::Me>;
    type Over = <PH::Over as BitOr<PT::Over>>::Output;
    fn me(self) -> Self::Me {
        HCons { head: self.head.me(), tail: self.tail.me() }
    }
}
/// Entries past the shape's last mode: cut, and `Over`.
impl<PH, PT> ProfileFits<HNil> for HCons<PH, PT> {
    type Me = HNil;
    type Over = B1;
    fn me(self) -> HNil {
        HNil
    }
}
/// A tuple on a shape leaf (`PInt` or `i64`): one entry applies to the leaf, more are `Over`.
impl<PH: ProfileFits<typenum::PInt<U>>, PT, U: crate::mixed::int::Digits> ProfileFits<typenum::PInt<U>>
    for HCons<PH, PT>
where
    PT: ProfileFits<HNil>,
    PH::Over: BitOr<PT::Over>,
{
    type Me = HCons<PH::Me, HNil>;
    type Over = <PH::Over as BitOr<PT::Over>>::Output;
    fn me(self) -> Self::Me {
        HCons { head: self.head.me(), tail: HNil }
    }
}
impl<PH: ProfileFits<i64>, PT> ProfileFits<i64> for HCons<PH, PT>
where
    PT: ProfileFits<HNil>,
    PH::Over: BitOr<PT::Over>,
{
    type Me = HCons<PH::Me, HNil>;
    type Over = <PH::Over as BitOr<PT::Over>>::Output;
    fn me(self) -> Self::Me {
        HCons { head: self.head.me(), tail: HNil }
    }
}

/// The verdict of a profile `P` for the layout `S:D`: [`Pass`], or too many modes.
pub type ProfileVerdict<P, S, D> = <<P as ProfileFits<S>>::Over as ProfileOver<P, S, D>>::Output;
/// [`ProfileVerdict`] by `Self`, the profile's `Over`.
pub trait ProfileOver<P, S, D> {
    /// The verdict.
    type Output;
}
impl<P, S, D> ProfileOver<P, S, D> for B0 {
    type Output = Pass;
}
impl<P: Shown, S: Shown, D: Shown> ProfileOver<P, S, D> for B1 {
    type Output = TooManyModesFail<P::Out, S::Out, D::Out>;
}
