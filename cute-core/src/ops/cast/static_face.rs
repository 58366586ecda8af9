//! Static upcast, downcast and recast: reinterpret a static layout of elements as one of wider
//! or narrower elements, the factor a typenum integer.
//!
//! Each leaf `s:d` is rewritten on its own and the structure is kept (post-condition: the
//! result is congruent to the input). The result types are computed by the cast walk of layouts
//! with runtime leaves ([`mixed::cast`](super::mixed_face)), whose leaf types are static where
//! the operands' are: one walk serves both. `upcast::<N>`: a stride 0 is kept, any other becomes
//! `sign(d) * ceil(|d| / N)` with the shape `ceil(s / ceil(N / |d|))`. `downcast::<N>`: a
//! stride of +-1 keeps its stride and grows the shape to `s * N`, any other stride becomes
//! `d * N`. `recast::<Old, New>` upcasts by `New / gcd` unless it is 1, then downcasts by
//! `Old / gcd` unless it is 1.
//!
//! The conditions are those of the dynamic engine, checked at compile time by the same
//! `const fn`s (`flat::upcast`, `flat::downcast`,
//! `flat::recast_factors`): a positive factor, every non-zero stride dividing or
//! divided by the upcast factor, a stride-1 leaf for a downcast. A violation fails compilation
//! with a message naming it; the check also compares the trait solver's leaves with the shared
//! algorithm's.

// The checks return `Result<(), Message>`: the message is built in `const` evaluation without an
// allocator, so it cannot be boxed, and it is only ever built on the path to a compile error.
#![allow(clippy::result_large_err)]

use core::marker::PhantomData;
use core::ops::{Add, BitOr, Div};

use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, Gcd, Gcf, IsEqual, NInt, NonZero, PInt, Unsigned, B0, B1, P1, U0, Z0};

use super::mixed_face::CastTree;
use crate::error::headline;
use crate::flat::{self, CastViolation};
use crate::statics::arith::DivRem;
use crate::statics::check::{attempt, disagree, same, Check, Checked, Message, Verify};
use crate::statics::layout::{Layout, Made};
use crate::statics::leaves::{FlatLayout, Leaves, MAX_LEAVES};
use crate::statics::report::ShownUnsigned;
use crate::statics::report::{
    DowncastAdjacencyFail, Holds, Magnitude, Pass, RecastDowncastAdjacencyFail, RecastUpcastDivisibilityFail, Shown,
    Then, UpcastDivisibilityFail,
};
use crate::statics::tuple::{IntTuple, Leaf};
use crate::statics::typeops::{Flatten, IsOne, IsP1};

/// The upcast by `N` of the leaves `S:D`: the walk of layouts with runtime leaves, whose leaf
/// types are static where the operands' are (one walk for both).
type Up<S, D, N> = <S as CastTree<D, super::mixed_face::Up<N>>>::S;
/// The strides of [`Up`].
type UpD<S, D, N> = <S as CastTree<D, super::mixed_face::Up<N>>>::D;
/// The downcast by `N` of the leaves `S:D`, by the same walk.
type Down<S, D, N> = <S as CastTree<D, super::mixed_face::Down<N>>>::S;
/// The strides of [`Down`].
type DownD<S, D, N> = <S as CastTree<D, super::mixed_face::Down<N>>>::D;

/// The factor a recast from `Old`- to `New`-bit elements upcasts by: `New / gcd(Old, New)`.
///
/// ```
/// use core::marker::PhantomData;
/// use cute::typenum::{P2, P4, P6};
/// let _: PhantomData<cute::statics::cast::UpFactor<P6, P4>> = PhantomData::<P2>; // the same type
/// ```
pub type UpFactor<Old, New> = <New as Div<Gcf<Old, New>>>::Output;
/// The factor a recast from `Old`- to `New`-bit elements downcasts by: `Old / gcd(Old, New)`.
///
/// ```
/// use core::marker::PhantomData;
/// use cute::typenum::{P3, P4, P6};
/// let _: PhantomData<cute::statics::cast::DownFactor<P6, P4>> = PhantomData::<P3>; // the same type
/// ```
pub type DownFactor<Old, New> = <Old as Div<Gcf<Old, New>>>::Output;

/// The downcast step of a recast: none for `B1` (the factor is 1), else by `N`.
///
/// ```
/// use core::marker::PhantomData;
/// use cute::statics::cast::RecastDown;
/// use cute::typenum::{B1, P1, P2, P4};
/// let _: PhantomData<<B1 as RecastDown<P4, P1, P2>>::Shape> = PhantomData::<P4>; // no downcast
/// ```
pub trait RecastDown<S, D, N> {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
}
impl<S: IntTuple, D: IntTuple, N> RecastDown<S, D, N> for B1 {
    type Shape = S;
    type Stride = D;
}
impl<S: CastTree<D, super::mixed_face::Down<N>>, D, N> RecastDown<S, D, N> for B0
where
    Down<S, D, N>: IntTuple,
    DownD<S, D, N>: IntTuple,
{
    type Shape = Down<S, D, N>;
    type Stride = DownD<S, D, N>;
}

/// Which check a [`CastCheck`] runs.
const UPCAST: u8 = 0;
const DOWNCAST: u8 = 1;
const RECAST: u8 = 2;

/// The compile-time check of a cast of `S:D` with the result `SR:DR`: `A` is the factor (for
/// a recast the old width) and `B` the new width of a recast.
struct CastCheck<S, D, SR, DR, A, B, const OP: u8>(PhantomData<(S, D, SR, DR, A, B)>);

impl<S: IntTuple, D: IntTuple, SR: IntTuple, DR: IntTuple, A: Leaf, B: Leaf, const OP: u8> Check
    for CastCheck<S, D, SR, DR, A, B, OP>
{
    const RESULT: Checked = check(OP, A::VALUE, B::VALUE, &FlatLayout::of::<S, D>(), &FlatLayout::of::<SR, DR>());
}

/// The check of `upcast::<N>(L)`, for [`Verify`].
pub(crate) struct UpcastOp<L, N>(PhantomData<(L, N)>);
impl<L: Upcast<N>, N> Check for UpcastOp<L, N> {
    const RESULT: Checked = <L as Upcast<N>>::RESULT;
}

/// The check of `downcast::<N>(L)`, for [`Verify`].
pub(crate) struct DowncastOp<L, N>(PhantomData<(L, N)>);
impl<L: Downcast<N>, N> Check for DowncastOp<L, N> {
    const RESULT: Checked = <L as Downcast<N>>::RESULT;
}

/// The check of `recast::<Old, New>(L)`, for [`Verify`].
pub(crate) struct RecastOp<L, Old, New>(PhantomData<(L, Old, New)>);
impl<L: Recast<Old, New>, Old, New> Check for RecastOp<L, Old, New> {
    const RESULT: Checked = <L as Recast<Old, New>>::RESULT;
}

/// The static `upcast::<N>(L)`: the result type of [`upcast`].
///
/// ```
/// use core::marker::PhantomData;
/// use cute::{statics::Upcast, Layout};
/// use cute::typenum::{P2, P4, P8};
/// let _: PhantomData<<Layout<P8, P4> as Upcast<P2>>::Output> = PhantomData::<Layout<P8, P2>>; // the same type
/// ```
pub trait Upcast<N> {
    /// The upcast layout.
    type Output: Made;
    /// The compile-time check: `Ok`, or the message of the first violated condition.
    const RESULT: Checked;
}
impl<S, D, U: Unsigned + NonZero> Upcast<PInt<U>> for Layout<S, D>
where
    S: IntTuple + CastTree<D, super::mixed_face::Up<PInt<U>>>,
    D: IntTuple,
    Up<S, D, PInt<U>>: IntTuple,
    UpD<S, D, PInt<U>>: IntTuple,
{
    type Output = Layout<Up<S, D, PInt<U>>, UpD<S, D, PInt<U>>>;
    const RESULT: Checked =
        <CastCheck<S, D, Up<S, D, PInt<U>>, UpD<S, D, PInt<U>>, PInt<U>, Z0, UPCAST> as Check>::RESULT;
}
/// A non-positive factor: rejected by the check (the output is a placeholder).
impl<S: IntTuple, D: IntTuple> Upcast<Z0> for Layout<S, D> {
    type Output = Layout<S, D>;
    const RESULT: Checked = <CastCheck<S, D, S, D, Z0, Z0, UPCAST> as Check>::RESULT;
}
/// A non-positive factor: rejected by the check (the output is a placeholder).
impl<S: IntTuple, D: IntTuple, U: Unsigned + NonZero> Upcast<NInt<U>> for Layout<S, D> {
    type Output = Layout<S, D>;
    const RESULT: Checked = <CastCheck<S, D, S, D, NInt<U>, Z0, UPCAST> as Check>::RESULT;
}

/// The static `downcast::<N>(L)`: the result type of [`downcast`].
///
/// ```
/// use core::marker::PhantomData;
/// use cute::{statics::Downcast, Layout};
/// use cute::typenum::{P1, P2, P8, P16};
/// let _: PhantomData<<Layout<P8, P1> as Downcast<P2>>::Output> = PhantomData::<Layout<P16, P1>>; // the same type
/// ```
pub trait Downcast<N> {
    /// The downcast layout.
    type Output: Made;
    /// The compile-time check: `Ok`, or the message of the first violated condition.
    const RESULT: Checked;
}
impl<S, D, U: Unsigned + NonZero> Downcast<PInt<U>> for Layout<S, D>
where
    S: IntTuple + CastTree<D, super::mixed_face::Down<PInt<U>>>,
    D: IntTuple,
    Down<S, D, PInt<U>>: IntTuple,
    DownD<S, D, PInt<U>>: IntTuple,
{
    type Output = Layout<Down<S, D, PInt<U>>, DownD<S, D, PInt<U>>>;
    const RESULT: Checked =
        <CastCheck<S, D, Down<S, D, PInt<U>>, DownD<S, D, PInt<U>>, PInt<U>, Z0, DOWNCAST> as Check>::RESULT;
}
/// A non-positive factor: rejected by the check (the output is a placeholder).
impl<S: IntTuple, D: IntTuple> Downcast<Z0> for Layout<S, D> {
    type Output = Layout<S, D>;
    const RESULT: Checked = <CastCheck<S, D, S, D, Z0, Z0, DOWNCAST> as Check>::RESULT;
}
/// A non-positive factor: rejected by the check (the output is a placeholder).
impl<S: IntTuple, D: IntTuple, U: Unsigned + NonZero> Downcast<NInt<U>> for Layout<S, D> {
    type Output = Layout<S, D>;
    const RESULT: Checked = <CastCheck<S, D, S, D, NInt<U>, Z0, DOWNCAST> as Check>::RESULT;
}

/// The shape after the upcast step of a recast.
type UpShape<S, D, Old, New> = Up<S, D, UpFactor<Old, New>>;
/// The stride after the upcast step of a recast.
type UpStride<S, D, Old, New> = UpD<S, D, UpFactor<Old, New>>;
/// The branch of the downcast step of a recast.
type DownStep<Old, New> = IsOne<DownFactor<Old, New>>;

/// The static `recast::<Old, New>(L)`: the result type of [`recast`].
///
/// ```
/// use core::marker::PhantomData;
/// use cute::{statics::Recast, Layout};
/// use cute::typenum::{P1, P16, P32, P4, P8};
/// let _: PhantomData<<Layout<P8, P1> as Recast<P16, P32>>::Output> = PhantomData::<Layout<P4, P1>>; // the same type
/// ```
pub trait Recast<Old, New> {
    /// The recast layout.
    type Output: Made;
    /// The compile-time check: `Ok`, or the message of the first violated condition.
    const RESULT: Checked;
}
impl<S, D, U1: Unsigned + NonZero, U2: Unsigned + NonZero> Recast<PInt<U1>, PInt<U2>> for Layout<S, D>
where
    S: IntTuple,
    D: IntTuple,
    PInt<U1>: Gcd<PInt<U2>> + Div<Gcf<PInt<U1>, PInt<U2>>>,
    PInt<U2>: Div<Gcf<PInt<U1>, PInt<U2>>>,
    DownFactor<PInt<U1>, PInt<U2>>: IsEqual<P1>,
    S: CastTree<D, super::mixed_face::Up<UpFactor<PInt<U1>, PInt<U2>>>>,
    DownStep<PInt<U1>, PInt<U2>>: RecastDown<
        UpShape<S, D, PInt<U1>, PInt<U2>>,
        UpStride<S, D, PInt<U1>, PInt<U2>>,
        DownFactor<PInt<U1>, PInt<U2>>,
    >,
{
    type Output = Layout<
        <DownStep<PInt<U1>, PInt<U2>> as RecastDown<
            UpShape<S, D, PInt<U1>, PInt<U2>>,
            UpStride<S, D, PInt<U1>, PInt<U2>>,
            DownFactor<PInt<U1>, PInt<U2>>,
        >>::Shape,
        <DownStep<PInt<U1>, PInt<U2>> as RecastDown<
            UpShape<S, D, PInt<U1>, PInt<U2>>,
            UpStride<S, D, PInt<U1>, PInt<U2>>,
            DownFactor<PInt<U1>, PInt<U2>>,
        >>::Stride,
    >;
    const RESULT: Checked = <CastCheck<
        S,
        D,
        <DownStep<PInt<U1>, PInt<U2>> as RecastDown<
            UpShape<S, D, PInt<U1>, PInt<U2>>,
            UpStride<S, D, PInt<U1>, PInt<U2>>,
            DownFactor<PInt<U1>, PInt<U2>>,
        >>::Shape,
        <DownStep<PInt<U1>, PInt<U2>> as RecastDown<
            UpShape<S, D, PInt<U1>, PInt<U2>>,
            UpStride<S, D, PInt<U1>, PInt<U2>>,
            DownFactor<PInt<U1>, PInt<U2>>,
        >>::Stride,
        PInt<U1>,
        PInt<U2>,
        RECAST,
    > as Check>::RESULT;
}

macro_rules! invalid_recast {
    ($([$($gen:tt)*] $old:ty, $new:ty;)*) => {$(
        /// A non-positive width: rejected by the check (the output is a placeholder).
        impl<S: IntTuple, D: IntTuple, $($gen)*> Recast<$old, $new> for Layout<S, D> {
            type Output = Layout<S, D>;
            const RESULT: Checked = <CastCheck<S, D, S, D, $old, $new, RECAST> as Check>::RESULT;
        }
    )*};
}
invalid_recast! {
    [New: Leaf] Z0, New;
    [U: Unsigned + NonZero, New: Leaf] NInt<U>, New;
    [U: Unsigned + NonZero] PInt<U>, Z0;
    [U: Unsigned + NonZero, V: Unsigned + NonZero] PInt<U>, NInt<V>;
}

/// The verdict of `upcast::<N>` of the static layout `Self`: each non-zero stride divides or is
/// a multiple of `N` (CuTe's divisibility condition); the trait solver decides it, so that
/// `cargo check` reports it.
pub trait UpcastFits<N> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S: Shown, D: Flatten + Shown, N: Shown + Magnitude> UpcastFits<N> for Layout<S, D>
where
    <D as Flatten>::Output: StridesDivide<N::Output, U0>,
    <<D as Flatten>::Output as StridesDivide<N::Output, U0>>::Output: ShowStride<N, S, D>,
{
    type Output = <<<D as Flatten>::Output as StridesDivide<N::Output, U0>>::Output as ShowStride<N, S, D>>::Output;
}
/// The first stride of the list that neither divides nor is a multiple of `N` (unsigned), as
/// [`Off`], or [`Pass`].
pub trait StridesDivide<N, I> {
    /// The verdict.
    type Output;
}
impl<N, I> StridesDivide<N, I> for HNil {
    type Output = Pass;
}
impl<N, I: Add<B1>, T: StridesDivide<N, Add1<I>>> StridesDivide<N, I> for HCons<Z0, T> {
    type Output = T::Output;
}
impl<N, I: Add<B1>, U: Unsigned + NonZero, T: StridesDivide<N, Add1<I>>> StridesDivide<N, I> for HCons<PInt<U>, T>
where
    U: Divides<N>,
    <U as Divides<N>>::Output: OffOr<PInt<U>, I, T::Output>,
{
    type Output = <<U as Divides<N>>::Output as OffOr<PInt<U>, I, T::Output>>::Output;
}
impl<N, I: Add<B1>, U: Unsigned + NonZero, T: StridesDivide<N, Add1<I>>> StridesDivide<N, I> for HCons<NInt<U>, T>
where
    U: Divides<N>,
    <U as Divides<N>>::Output: OffOr<NInt<U>, I, T::Output>,
{
    type Output = <<U as Divides<N>>::Output as OffOr<NInt<U>, I, T::Output>>::Output;
}
/// `B1` when `Self` divides `N` or `N` divides `Self` (both unsigned, non-zero).
pub trait Divides<N> {
    /// `B1` or `B0`.
    type Output;
}
impl<U: DivRem<N>, N: DivRem<U>> Divides<N> for U
where
    <U as DivRem<N>>::R: IsZeroU,
    <N as DivRem<U>>::R: IsZeroU,
    <<U as DivRem<N>>::R as IsZeroU>::Output: BitOr<<<N as DivRem<U>>::R as IsZeroU>::Output>,
{
    type Output = <<<U as DivRem<N>>::R as IsZeroU>::Output as BitOr<<<N as DivRem<U>>::R as IsZeroU>::Output>>::Output;
}
/// `B1` for the unsigned 0.
pub trait IsZeroU {
    /// `B1` or `B0`.
    type Output;
}
impl IsZeroU for typenum::UTerm {
    type Output = B1;
}
impl<H, X> IsZeroU for typenum::UInt<H, X> {
    type Output = B0;
}
/// A stride `R`, leaf `I` of the stride, that neither divides nor is a multiple of the factor
/// (shown by [`ShowStride`]).
pub struct Off<R, I>(PhantomData<(R, I)>);
/// The stride `R` of leaf `I` when `Self` (it divides) is `B0`, else the verdict `V` of the
/// strides after it.
pub trait OffOr<R, I, V> {
    /// The verdict.
    type Output;
}
impl<R, I, V> OffOr<R, I, V> for B1 {
    type Output = V;
}
impl<R, I, V> OffOr<R, I, V> for B0 {
    type Output = Off<R, I>;
}
/// [`Off`] shown: [`UpcastDivisibilityFail`] with the operands.
pub trait ShowStride<N, S, D> {
    /// The verdict.
    type Output;
}
impl<N, S, D> ShowStride<N, S, D> for Pass {
    type Output = Pass;
}
impl<R: Shown, I: ShownUnsigned, N: Shown, S: Shown, D: Shown> ShowStride<N, S, D> for Off<R, I> {
    type Output = UpcastDivisibilityFail<N::Out, S::Out, D::Out, R::Out, I::Out>;
}

/// The verdict of `recast::<Old, New>` of the static layout `Self`: its upcast step's
/// ([`UpcastFits`]), then its downcast step's on the upcast layout ([`DowncastFits`], none when
/// the factor is 1), each named as a step of the recast.
pub trait RecastFits<Old, New> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S, D, Old, New> RecastFits<Old, New> for Layout<S, D>
where
    Old: Gcd<New> + Div<Gcf<Old, New>>,
    New: Div<Gcf<Old, New>>,
    Layout<S, D>: UpcastFits<UpFactor<Old, New>> + Upcast<UpFactor<Old, New>>,
    DownFactor<Old, New>: IsEqual<P1>,
    <DownFactor<Old, New> as IsEqual<P1>>::Output:
        DownFits<<Layout<S, D> as Upcast<UpFactor<Old, New>>>::Output, DownFactor<Old, New>>,
    <Layout<S, D> as UpcastFits<UpFactor<Old, New>>>::Output: InRecast<Old, New>,
    DownVerdict<S, D, Old, New>: InRecast<Old, New>,
    <<Layout<S, D> as UpcastFits<UpFactor<Old, New>>>::Output as InRecast<Old, New>>::Output:
        Then<<DownVerdict<S, D, Old, New> as InRecast<Old, New>>::Output>,
{
    type Output = <<<Layout<S, D> as UpcastFits<UpFactor<Old, New>>>::Output as InRecast<Old, New>>::Output as Then<
        <DownVerdict<S, D, Old, New> as InRecast<Old, New>>::Output,
    >>::Output;
}
/// The verdict of a recast's downcast step.
type DownVerdict<S, D, Old, New> = <<DownFactor<Old, New> as IsEqual<P1>>::Output as DownFits<
    <Layout<S, D> as Upcast<UpFactor<Old, New>>>::Output,
    DownFactor<Old, New>,
>>::Output;
/// The downcast step's verdict on the upcast layout `L` by `N`: none when `Self` is `B1` (`N`
/// is 1).
pub trait DownFits<L, N> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<L, N> DownFits<L, N> for B1 {
    type Output = Pass;
}
impl<L: DowncastFits<N>, N> DownFits<L, N> for B0 {
    type Output = L::Output;
}
/// A cast's verdict as a step of `recast::<Old, New>`.
pub trait InRecast<Old, New> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<Old, New> InRecast<Old, New> for Pass {
    type Output = Pass;
}
impl<Old: Shown, New: Shown, N, S, D, R, L> InRecast<Old, New> for UpcastDivisibilityFail<N, S, D, R, L> {
    type Output = RecastUpcastDivisibilityFail<Old::Out, New::Out, N, S, D, R, L>;
}
impl<Old: Shown, New: Shown, N, S, D> InRecast<Old, New> for DowncastAdjacencyFail<N, S, D> {
    type Output = RecastDowncastAdjacencyFail<Old::Out, New::Out, N, S, D>;
}

/// The verdict of `downcast::<N>` of the static layout `Self`: some stride is 1 (CuTe's
/// "Downcast requires adjacent elements"); the trait solver decides it.
pub trait DowncastFits<N> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S, D: Flatten, N> DowncastFits<N> for Layout<S, D>
where
    <D as Flatten>::Output: AnyUnit,
    <<D as Flatten>::Output as AnyUnit>::Output: Adjacent<N, S, D>,
{
    type Output = <<<D as Flatten>::Output as AnyUnit>::Output as Adjacent<N, S, D>>::Output;
}
/// `B1` when a stride of the list is `_1`.
pub trait AnyUnit {
    /// `B1` or `B0`.
    type Output;
}
impl AnyUnit for HNil {
    type Output = B0;
}
impl<H: IsP1, T: AnyUnit> AnyUnit for HCons<H, T>
where
    <H as IsP1>::Output: BitOr<T::Output>,
{
    type Output = <<H as IsP1>::Output as BitOr<T::Output>>::Output;
}
/// The adjacency verdict by `Self`, whether a stride is 1.
pub trait Adjacent<N, S, D> {
    /// The verdict.
    type Output;
}
impl<N, S, D> Adjacent<N, S, D> for B1 {
    type Output = Pass;
}
impl<N: Shown, S: Shown, D: Shown> Adjacent<N, S, D> for B0 {
    type Output = DowncastAdjacencyFail<N::Out, S::Out, D::Out>;
}

/// View a static layout of elements as a layout of `N`-element groups (CuTe's `upcast<N>`),
/// leaf by leaf: `s:d` becomes `ceil(s / ceil(N / |d|)) : sign(d) * ceil(|d| / N)`, a stride 0
/// is kept. A non-positive `N`, or a non-zero stride that neither divides nor is divided by
/// `N` (CuTe's divisibility condition), fails compilation with a message giving the values.
///
/// ```
/// use cute::{upcast, Layout};
/// use cute::typenum::P16;
/// type L = Layout![(4,(3,4,3)):(0,(1,0,-1))];
/// assert_eq!(upcast::<P16, _>(L::new()).to_string(), "(_4,(_1,_4,_1)):(_0,(_1,_0,_-1))");
/// ```
///
/// A stride 3 is not compatible with groups of 16:
///
/// ```compile_fail,E0277
/// use cute::typenum::{P16, P3, P4};
/// let _ = cute::upcast::<P16, _>(cute::Layout::<P4, P3>::new());
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn upcast<N, L: Upcast<N> + UpcastFits<N>>(layout: L) -> <L as Upcast<N>>::Output
where <L as UpcastFits<N>>::Output: Holds,
{
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<UpcastOp<L, N>>::OK;
    <<L as Upcast<N>>::Output as Made>::made()
}

/// View a static layout of elements as a layout of `1/N`-elements (CuTe's `downcast<N>`),
/// leaf by leaf: a stride of +-1 keeps its stride and grows the shape to `s * N`, any other
/// stride becomes `d * N`. A non-positive `N`, or a layout without a stride-1 leaf (the
/// elements are not adjacent), fails compilation.
///
/// ```
/// use cute::{downcast, Layout};
/// use cute::typenum::P6;
/// type L = Layout![(16,4,8):(1,48,192)];
/// assert_eq!(downcast::<P6, _>(L::new()).to_string(), "(_96,_4,_8):(_1,_288,_1152)");
/// ```
///
/// Without a stride-1 leaf the elements are not adjacent:
///
/// ```compile_fail,E0277
/// use cute::typenum::{P2, P4};
/// let _ = cute::downcast::<P2, _>(cute::Layout::<P4, P2>::new());
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn downcast<N, L: Downcast<N> + DowncastFits<N>>(layout: L) -> <L as Downcast<N>>::Output
where <L as DowncastFits<N>>::Output: Holds,
{
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<DowncastOp<L, N>>::OK;
    <<L as Downcast<N>>::Output as Made>::made()
}

/// Reinterpret a static layout of `Old`-bit elements as one of `New`-bit elements (CuTe's
/// `recast_layout`): upcast by `New / gcd(Old, New)` unless it is 1, then downcast by
/// `Old / gcd(Old, New)` unless it is 1, with the conditions of both; non-positive widths
/// fail compilation.
///
/// ```
/// use cute::{recast, Layout};
/// use cute::typenum::{P16, P32, P8};
/// type L = Layout![(8,4):(1,8)];
/// assert_eq!(recast::<P16, P32, _>(L::new()).to_string(), "(_4,_4):(_1,_4)");
/// assert_eq!(recast::<P32, P8, _>(L::new()).to_string(), "(_32,_4):(_1,_32)");
/// ```
pub fn recast<Old, New, L: Recast<Old, New>>(layout: L) -> L::Output {
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RecastOp<L, Old, New>>::OK;
    <L::Output as Made>::made()
}

/// The message of a recast between widths that are not both positive.
const fn recast_bits(old_bits: i64, new_bits: i64) -> Message {
    let v = CastViolation::NonPositiveBits { old_bits, new_bits };
    v.describe(headline(v.kind(), "recast<").i(old_bits).s(", ").i(new_bits).s(">: "))
}

/// Check a cast (`op`) of `input` with `result` the trait solver's: `a` is the factor (the old
/// width of a recast), `b` the new width of a recast.
const fn check(op: u8, a: i64, b: i64, input: &FlatLayout, result: &FlatLayout) -> Checked {
    let expected = if op == RECAST {
        match flat::recast_factors(a, b) {
            Ok((1, 1)) => *input,
            Ok((up, 1)) => attempt!(cast(UPCAST, up, input, Some((a, b)))),
            Ok((1, down)) => attempt!(cast(DOWNCAST, down, input, Some((a, b)))),
            Ok((up, down)) => {
                attempt!(cast(DOWNCAST, down, &attempt!(cast(UPCAST, up, input, Some((a, b)))), Some((a, b))))
            }
            Err(_) => return Err(recast_bits(a, b)),
        }
    } else {
        attempt!(cast(op, a, input, None))
    };
    if !same(&expected.shape, &result.shape) || !same(&expected.stride, &result.stride) {
        return disagree("cast");
    }
    Ok(())
}

/// The conditions of an upcast (`up`) or downcast of `input` by `n`, for the mixed face's
/// all-static layouts: the message of the first violation, as on the static face.
pub(crate) const fn conditions(up: bool, n: i64, input: &FlatLayout) -> Checked {
    match cast(if up { UPCAST } else { DOWNCAST }, n, input, None) {
        Ok(_) => Ok(()),
        Err(m) => Err(m),
    }
}

/// The conditions of a recast of `input` from `old`- to `new`-bit elements, for the mixed
/// face's all-static layouts (the message of the first violation, as on the static face).
pub(crate) const fn recast_conditions(old: i64, new: i64, input: &FlatLayout) -> Checked {
    let (up, down) = match flat::recast_factors(old, new) {
        Ok(f) => f,
        Err(_) => return Err(recast_bits(old, new)),
    };
    let upcast = match cast(UPCAST, up, input, Some((old, new))) {
        Ok(l) => l,
        Err(m) => return Err(m),
    };
    if down == 1 {
        return Ok(());
    }
    match cast(DOWNCAST, down, &upcast, Some((old, new))) {
        Ok(_) => Ok(()),
        Err(m) => Err(m),
    }
}

/// Upcast or downcast `input` by `n` with the shared algorithm, or the message of a violation.
/// `recast` is the recast `(old, new)` this step belongs to, for the message.
const fn cast(op: u8, n: i64, input: &FlatLayout, recast: Option<(i64, i64)>) -> Result<FlatLayout, Message> {
    let (shape, stride) = (input.shapes(), input.strides());
    let (mut out_s, mut out_d) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
    let done = if op == UPCAST {
        flat::upcast(n, shape, stride, &mut out_s, &mut out_d)
    } else {
        flat::downcast(n, shape, stride, &mut out_s, &mut out_d)
    };
    if let Err(v) = done {
        return Err(fail(op, v, input, recast));
    }
    Ok(FlatLayout {
        shape: Leaves { len: input.shape.len, vals: out_s },
        stride: Leaves { len: input.stride.len, vals: out_d },
    })
}

/// The message of a violated condition of a cast of `input`; `recast` is the recast
/// `(old, new)` the cast is a step of.
const fn fail(op: u8, v: CastViolation, input: &FlatLayout, recast: Option<(i64, i64)>) -> Message {
    let name = if op == UPCAST { "upcast<" } else { "downcast<" };
    let m = match recast {
        Some((old, new)) => headline(v.kind(), "recast<").i(old).s(", ").i(new).s(">: ").s(name),
        None => headline(v.kind(), name),
    };
    let factor = match v {
        CastViolation::UpcastDivisibility { factor, .. }
        | CastViolation::DowncastAdjacency { factor }
        | CastViolation::NonPositiveFactor { factor } => factor,
        _ => 0,
    };
    v.describe(m.i(factor).s(">(").layout(&input.shape, &input.stride).s("): "))
}
