//! The overlap of B's leaves (the dynamic engine's `flat::check_disjoint`), read from the digits
//! that the marked walk records in A's modes but the last ([`Digit`] for a kept part, [`Zero`]
//! for a skipped mode, in the order of A's modes): per mode, the digits of B's live leaves
//! (shape > 1, stride not 0) of each sign must add up to less than the mode's shape, and leaves
//! of both signs may only meet all inside A's first mode or all in its last.

use super::mixed_face::{
    Digit, ExactMarks, LeafDigits, Minus, Plus, ShapeDivisibilityMark, StrideDivisibilityMark, StrideNotDivisorMark,
    StrideNotMultipleMark, Zero,
};
use super::static_face::*;
use crate::statics::leaves::Leaves;
use crate::statics::names;
use crate::statics::report::{MixedSignsFail, ModeOverlapFail, Pass, Shown, ShownUnsigned, Then};
use crate::statics::tuple::IntTuple;
use crate::statics::typeops::IsP1;
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, BitAnd, Mul, Sub};
use frunk_core::hlist::HCons;
use frunk_core::hlist::HNil;
use typenum::P1;
use typenum::{Add1, Bit, IsLess, NInt, NonZero, PInt, Prod, Sub1, Sum, UInt, UTerm, Unsigned, B0, B1, N1, P2, U0, Z0};

/// The overlap verdict of B's leaves with the digits `Self` ([`TreeDigits`](crate::ops::composition::mixed_face::TreeDigits)) in the coalesced
/// modes `A`, with the marks `K` ([`Exact`]): [`Pass`], a [`ModeOverlapMark`] or a
/// [`MixedSignsMark`]. Fewer than two live leaves cannot overlap: no sum is computed then.
///
/// `X` is `B1` when A's last mode had the static shape 1 that CuTe's `coalesce_x` extends to 2:
/// then the mode before it spans A's whole size, which B's bounded modes ([`Within`]) do not
/// pass ([`Reach`]).
pub trait Overlap<A, K, X> {
    /// The verdict.
    type Output;
}
impl<Ds: GatherTop<K, (HNil, HNil)>, A, K: Exact, X> Overlap<A, K, X> for Ds
where
    K::Bounded: BitAnd<X>,
    Ds::Output: Judge<A, <K::Bounded as BitAnd<X>>::Output>,
{
    type Output = <Ds::Output as Judge<A, <K::Bounded as BitAnd<X>>::Output>>::Output;
}
/// For the marks `Self`, whether A's last leaf (of its shape `S`) is the static 1 that CuTe's
/// `coalesce_x` extends to 2, where it matters: for bounded modes of B ([`Within`]).
pub trait Extension<S> {
    /// `B1` or `B0`.
    type Output;
}
impl<S> Extension<S> for ExactMarks {
    type Output = B0;
}
impl<S: LastLeafOne, F> Extension<S> for Within<F> {
    type Output = S::Output;
}
/// `B1` when the last leaf of the shape `Self`, flattened (empty tuples have none), is the static
/// 1; `Acc` for a shape without leaves.
pub trait LastLeafOne<Acc = B0> {
    /// `B1` or `B0`.
    type Output;
}
impl<Acc> LastLeafOne<Acc> for HNil {
    type Output = Acc;
}
impl<Acc, H: LastLeafOne<Acc>, T: LastLeafOne<H::Output>> LastLeafOne<Acc> for HCons<H, T> {
    type Output = T::Output;
}
impl<Acc, U: Unsigned + NonZero> LastLeafOne<Acc> for PInt<U>
where
    PInt<U>: IsP1,
{
    type Output = <PInt<U> as IsP1>::Output;
}
impl<Acc, U: Unsigned + NonZero> LastLeafOne<Acc> for NInt<U> {
    type Output = B0;
}
impl<Acc> LastLeafOne<Acc> for Z0 {
    type Output = B0;
}

/// A mode's index in the overlap verdict: the first mode, then the one after `I` ([`After`]);
/// shown as its value only in a failure.
pub struct FirstMode;
/// The mode after the mode `I` (see [`FirstMode`]).
pub struct After<I>(PhantomData<I>);
/// The value of a mode index, unsigned.
pub trait IndexValue {
    /// The value.
    type Output;
}
impl IndexValue for FirstMode {
    type Output = U0;
}
impl<I: IndexValue> IndexValue for After<I>
where
    I::Output: Add<B1>,
{
    type Output = Add1<I::Output>;
}
impl Shown for FirstMode {
    type Out = names::_0;
}
impl<I: IndexValue> Shown for After<I>
where
    Add1<I::Output>: ShownUnsigned,
    I::Output: Add<B1>,
{
    type Out = <Add1<I::Output> as ShownUnsigned>::Out;
}

/// In place of the shape's last leaf where B's leaves overlap in A's mode `I` of shape `S`.
pub struct ModeOverlapMark<I, S>(PhantomData<(I, S)>);
/// In place of the shape's last leaf where B's leaves of both signs meet in several modes of A.
pub struct MixedSignsMark;
impl<I, S, V> Then<V> for ModeOverlapMark<I, S> {
    type Output = Self;
}
impl<V> Then<V> for MixedSignsMark {
    type Output = Self;
}
impl<Op, I: Shown, M: Shown, S: Shown, D: Shown, B: Shown> NameIn<Op, S, D, B> for ModeOverlapMark<I, M> {
    type Output = ModeOverlapFail<Op, S::Out, D::Out, B::Out, I::Out, M::Out>;
}
impl<Op, S: Shown, D: Shown, B: Shown> NameIn<Op, S, D, B> for MixedSignsMark {
    type Output = MixedSignsFail<Op, S::Out, D::Out, B::Out>;
}

/// The shape `S` of a composition with the overlap verdict `Self`: `S` for [`Pass`], else `S`
/// with its last leaf [`Overlapped`] (last, so that the conditions of each leaf, which the
/// dynamic engine checks first, are found first).
pub trait MarkShape<S> {
    /// The shape.
    type Output: IntTuple;
}
impl<S: IntTuple> MarkShape<S> for Pass {
    type Output = S;
}
impl<S: MarkLast<ModeOverlapMark<I, M>>, I, M> MarkShape<S> for ModeOverlapMark<I, M> {
    type Output = S::Output;
}
impl<S: MarkLast<MixedSignsMark>> MarkShape<S> for MixedSignsMark {
    type Output = S::Output;
}
/// `Self` with its last leaf `L` replaced by `Overlapped<M, L>`.
pub trait MarkLast<M> {
    /// The tuple.
    type Output: IntTuple;
}
impl<M, H: MarkLast<M>> MarkLast<M> for HCons<H, HNil>
where
    HCons<H::Output, HNil>: IntTuple,
{
    type Output = HCons<H::Output, HNil>;
}
impl<M, H, X, T> MarkLast<M> for HCons<H, HCons<X, T>>
where
    HCons<X, T>: MarkLast<M>,
    HCons<H, <HCons<X, T> as MarkLast<M>>::Output>: IntTuple,
{
    type Output = HCons<H, <HCons<X, T> as MarkLast<M>>::Output>;
}
macro_rules! mark_last_leaf {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<Mk: 'static, $($gen)*> MarkLast<Mk> for $ty {
            type Output = Overlapped<Mk, $ty>;
        }
    )*};
}
mark_last_leaf! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
    [R: 'static, S: 'static] StrideDivisibilityMark<R, S>;
    [R: 'static, S: 'static] StrideNotDivisorMark<R, S>;
    [R: 'static, S: 'static] StrideNotMultipleMark<R, S>;
    [R: 'static, S: 'static] ShapeDivisibilityMark<R, S>;
}

/// A leaf `L` of a composition's shape that also carries the overlap mark `M` of B's leaves: its
/// verdict ([`FirstMark`]) is `L`'s, then `M`. No function sees it, since the verdict fails
/// compilation first.
pub struct Overlapped<M, L>(PhantomData<(M, L)>);
impl<M, L> Clone for Overlapped<M, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M, L> Copy for Overlapped<M, L> {}
impl<M, L> Default for Overlapped<M, L> {
    fn default() -> Self {
        Overlapped(PhantomData)
    }
}
impl<M: 'static, L: 'static> IntTuple for Overlapped<M, L> {
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    const IS_LEAF: bool = true;
    const LEAVES: Leaves = Leaves::one(0);
    fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("?")
    }
    #[cfg(feature = "alloc")]
    fn to_dynamic() -> crate::dynamic::IntTuple {
        crate::dynamic::IntTuple::Leaf(0)
    }
}
impl<Acc, M, L: FirstMark<Acc>> FirstMark<Acc> for Overlapped<M, L>
where
    L::Output: Then<M>,
{
    type Output = <L::Output as Then<M>>::Output;
}

/// The live leaves of B in the digits tree `Self`, its top-level modes strict as the marks `K`
/// say ([`Exact`]), added to `Acc`, the records of positive and of negative strides
/// (`(plus, minus)`, [`Live`]).
pub trait GatherTop<K, Acc> {
    /// The records.
    type Output;
}
impl<K, Acc> GatherTop<K, Acc> for HNil {
    type Output = Acc;
}
impl<K: Exact, Acc, H: Gather<K::Strict, Acc>, T: GatherTop<K::Rest, H::Output>> GatherTop<K, Acc> for HCons<H, T> {
    type Output = T::Output;
}
impl<K: Exact, Acc, N, R, Ds, M> GatherTop<K, Acc> for LeafDigits<N, R, Ds, M>
where
    LeafDigits<N, R, Ds, M>: Gather<K::Strict, Acc>,
{
    type Output = <LeafDigits<N, R, Ds, M> as Gather<K::Strict, Acc>>::Output;
}
/// The live leaves of B in the digits tree `Self`, strict if `St` is `B1`, added to `Acc`.
pub trait Gather<St, Acc> {
    /// The records.
    type Output;
}
impl<St, Acc> Gather<St, Acc> for HNil {
    type Output = Acc;
}
impl<St, Acc, H: Gather<St, Acc>, T: Gather<St, H::Output>> Gather<St, Acc> for HCons<H, T> {
    type Output = T::Output;
}
impl<St, Acc, N: Lives, R: StrideSign, Ds, M> Gather<St, Acc> for LeafDigits<N, R, Ds, M>
where
    N::Output: KeepLive<R::Output, Ds, M, St, Acc>,
{
    type Output = <N::Output as KeepLive<R::Output, Ds, M, St, Acc>>::Output;
}
/// A live leaf of B: its digits `Ds` (one per mode of A but the last, fewer where a mark ended
/// its walk), its modes `M`, whether it is strict (`St`).
pub struct Live<Ds, M, St>(PhantomData<(Ds, M, St)>);
/// `B1` for a shape greater than 1.
pub trait Lives {
    /// `B1` or `B0`.
    type Output;
}
impl Lives for P1 {
    type Output = B0;
}
impl<U: Unsigned, B: Bit, B2: Bit> Lives for PInt<UInt<UInt<U, B>, B2>> {
    type Output = B1;
}
impl<U: Unsigned + NonZero> Lives for NInt<U> {
    type Output = B0;
}
impl Lives for Z0 {
    type Output = B0;
}
/// The sign of a stride: [`Plus`], [`Minus`], or `Z0` for 0 (no live leaf).
pub trait StrideSign {
    /// The sign.
    type Output;
}
impl<U: Unsigned + NonZero> StrideSign for PInt<U> {
    type Output = Plus;
}
impl<U: Unsigned + NonZero> StrideSign for NInt<U> {
    type Output = Minus;
}
impl StrideSign for Z0 {
    type Output = Z0;
}
/// Add a live leaf's record to `Acc = (plus, minus)` where `Self` (its shape is live) is `B1`,
/// by its stride's sign `Sg` (none for 0).
pub trait KeepLive<Sg, Ds, M, St, Acc> {
    /// The records.
    type Output;
}
impl<Sg, Ds, M, St, Acc> KeepLive<Sg, Ds, M, St, Acc> for B0 {
    type Output = Acc;
}
impl<Ds, M, St, Acc> KeepLive<Z0, Ds, M, St, Acc> for B1 {
    type Output = Acc;
}
impl<Ds, M, St, P, N> KeepLive<Plus, Ds, M, St, (P, N)> for B1 {
    type Output = (HCons<Live<Ds, M, St>, P>, N);
}
impl<Ds, M, St, P, N> KeepLive<Minus, Ds, M, St, (P, N)> for B1 {
    type Output = (P, HCons<Live<Ds, M, St>, N>);
}

/// The verdict of the live records `Self = (plus, minus)` in the modes `A` (`Bd` as in
/// [`Overlap`]): [`Pass`] for fewer than two; else, where leaves of both signs meet, whether
/// they meet all in A's first mode or all in its last ([`Flags`]), then the sums in each mode
/// ([`Sums`]).
pub trait Judge<A, Bd> {
    /// The verdict.
    type Output;
}
impl<A, Bd> Judge<A, Bd> for (HNil, HNil) {
    type Output = Pass;
}
impl<A, Bd, R> Judge<A, Bd> for (HCons<R, HNil>, HNil) {
    type Output = Pass;
}
impl<A, Bd, R> Judge<A, Bd> for (HNil, HCons<R, HNil>) {
    type Output = Pass;
}
impl<A: Sums<HCons<R1, HCons<R2, T>>, HNil, FirstMode, Bd>, Bd, R1, R2, T> Judge<A, Bd>
    for (HCons<R1, HCons<R2, T>>, HNil)
{
    type Output = A::Output;
}
impl<A: Sums<HNil, HCons<R1, HCons<R2, T>>, FirstMode, Bd>, Bd, R1, R2, T> Judge<A, Bd>
    for (HNil, HCons<R1, HCons<R2, T>>)
{
    type Output = A::Output;
}
impl<A, Bd, P1_, PT, N1_, NT> Judge<A, Bd> for (HCons<P1_, PT>, HCons<N1_, NT>)
where
    A: Sums<HCons<P1_, PT>, HCons<N1_, NT>, FirstMode, Bd>,
    HCons<P1_, PT>: Flags<(B1, B1)>,
    HCons<N1_, NT>: Flags<<HCons<P1_, PT> as Flags<(B1, B1)>>::Output>,
    <HCons<N1_, NT> as Flags<<HCons<P1_, PT> as Flags<(B1, B1)>>::Output>>::Output: MixedOr<A::Output>,
{
    type Output =
        <<HCons<N1_, NT> as Flags<<HCons<P1_, PT> as Flags<(B1, B1)>>::Output>>::Output as MixedOr<A::Output>>::Output;
}

/// The flags `(in_first, in_last)` of the live records `Self` after `F`: every leaf lies inside
/// A's first mode (its first digit is kept and it has one mode), every leaf lies in A's last
/// mode (all its digits are [`Zero`]).
pub trait Flags<F> {
    /// The flags.
    type Output;
}
impl<F> Flags<F> for HNil {
    type Output = F;
}
impl<Ds: Placed, M, St, X, I, L> Flags<(I, L)> for HCons<Live<Ds, M, St>, X>
where
    Ds::First: BitAnd<M>,
    I: BitAnd<<Ds::First as BitAnd<M>>::Output>,
    L: BitAnd<Ds::Empty>,
    X: Flags<(<I as BitAnd<<Ds::First as BitAnd<M>>::Output>>::Output, <L as BitAnd<Ds::Empty>>::Output)>,
{
    type Output = <X as Flags<(
        <I as BitAnd<<Ds::First as BitAnd<M>>::Output>>::Output,
        <L as BitAnd<Ds::Empty>>::Output,
    )>>::Output;
}
/// Where the digits `Self` of a leaf lie: `First` is `B1` when its first digit is kept (in A's
/// first mode); `Empty` is `B1` when none is.
pub trait Placed {
    /// The first digit is kept.
    type First;
    /// No digit is kept.
    type Empty;
}
impl Placed for HNil {
    type First = B0;
    type Empty = B1;
}
impl<T, RD, X> Placed for HCons<Digit<T, RD>, X> {
    type First = B1;
    type Empty = B0;
}
impl<X: Placed> Placed for HCons<Zero, X> {
    type First = B0;
    type Empty = X::Empty;
}
/// [`MixedSignsMark`] for flags `(in_first, in_last)` that are both `B0`, else the verdict `V`.
pub trait MixedOr<V> {
    /// The verdict.
    type Output;
}
impl<V> MixedOr<V> for (B0, B0) {
    type Output = MixedSignsMark;
}
impl<V> MixedOr<V> for (B1, B0) {
    type Output = V;
}
impl<V, I> MixedOr<V> for (I, B1) {
    type Output = V;
}

/// The sums of the digits of the live records `P` (positive strides) and `N` (negative), per
/// sign, in each mode of A (`Self`, from the mode `I`) but the last: the first mode whose sum
/// of either sign reaches its shape is a [`ModeOverlapMark`]; [`Pass`] if none. Where B's
/// modes are bounded by A's size and A's last mode is extended (`Bd` is `B1`), the mode before
/// that last mode ends at A's size: only the strict leaves' digits are summed there ([`Reach`]).
pub trait Sums<P, N, I, Bd> {
    /// The verdict.
    type Output;
}
impl<P, N, I, M, Bd> Sums<P, N, I, Bd> for HCons<M, HNil> {
    type Output = Pass;
}
impl<P, N, I, S: Cap, D, X, T, Bd> Sums<P, N, I, Bd> for HCons<(S, D), HCons<X, T>>
where
    HCons<X, T>: Reach<Bd>,
    P: Heads<<HCons<X, T> as Reach<Bd>>::Only>,
    N: Heads<<HCons<X, T> as Reach<Bd>>::Only>,
    (Firsts<P, HCons<X, T>, Bd>, Firsts<N, HCons<X, T>, Bd>): Below<S::Output>,
    <(Firsts<P, HCons<X, T>, Bd>, Firsts<N, HCons<X, T>, Bd>) as Below<S::Output>>::Output:
        Fits<S, I, HCons<X, T>, Rest1<P, HCons<X, T>, Bd>, Rest1<N, HCons<X, T>, Bd>, Bd>,
{
    type Output = <<(Firsts<P, HCons<X, T>, Bd>, Firsts<N, HCons<X, T>, Bd>) as Below<S::Output>>::Output as Fits<
        S,
        I,
        HCons<X, T>,
        Rest1<P, HCons<X, T>, Bd>,
        Rest1<N, HCons<X, T>, Bd>,
        Bd,
    >>::Output;
}
/// The first digits of the records `R` that count in the mode followed by the modes `T`.
type Firsts<R, T, Bd> = <<R as Heads<<T as Reach<Bd>>::Only>>::Output as Cut>::Firsts;
/// The records `R` without their first digits.
type Rest1<R, T, Bd> = <<R as Heads<<T as Reach<Bd>>::Only>>::Output as Cut>::Rest;
/// What a mode of shape `Self` holds, unsigned: its shape; a shape that is not positive (an
/// inadmissible operation, which another condition reports) holds any sum.
pub trait Cap {
    /// The bound, or `Unbounded`.
    type Output;
}
impl<U: Unsigned + NonZero> Cap for PInt<U> {
    type Output = U;
}
impl<U: Unsigned + NonZero> Cap for NInt<U> {
    type Output = Unbounded;
}
impl Cap for Z0 {
    type Output = Unbounded;
}
/// The bound of a mode whose shape is not positive ([`Cap`]).
pub struct Unbounded;
/// `B1` when the digits `Self = (plus, minus)` of each sign add up to less than the bound `V`
/// ([`Cap`]). The digits of one leaf alone always fit, so only two or more are added.
#[doc(hidden)]
pub trait Below<V> {
    /// `B1` or `B0`.
    type Output;
}
impl<GP: SeveralDigits, GN: SeveralDigits, V> Below<V> for (GP, GN)
where
    (GP::Output, GN::Output): Admitted<GP, GN, V>,
{
    type Output = <(GP::Output, GN::Output) as Admitted<GP, GN, V>>::Output;
}
/// `B1` for a list of two digits or more, not counting [`Zero`]s.
pub trait SeveralDigits {
    /// `B1` or `B0`.
    type Output;
}
impl SeveralDigits for HNil {
    type Output = B0;
}
impl<X: SeveralDigits> SeveralDigits for HCons<Zero, X> {
    type Output = X::Output;
}
impl<T, RD, X: AnyDigit> SeveralDigits for HCons<Digit<T, RD>, X> {
    type Output = X::Output;
}
/// `B1` for a list with a digit, not counting [`Zero`]s.
pub trait AnyDigit {
    /// `B1` or `B0`.
    type Output;
}
impl AnyDigit for HNil {
    type Output = B0;
}
impl<X: AnyDigit> AnyDigit for HCons<Zero, X> {
    type Output = X::Output;
}
impl<T, RD, X> AnyDigit for HCons<Digit<T, RD>, X> {
    type Output = B1;
}
/// By `Self = (many plus, many minus)`: `B1` when the digits `GP` and `GN` of each sign that
/// are many add up to less than the bound `V`.
pub trait Admitted<GP, GN, V> {
    /// `B1` or `B0`.
    type Output;
}
impl<GP, GN, V> Admitted<GP, GN, V> for (B0, B0) {
    type Output = B1;
}
impl<GP: Added, GN, V: Admits<GP::Output>> Admitted<GP, GN, V> for (B1, B0) {
    type Output = V::Output;
}
impl<GP, GN: Added, V: Admits<GN::Output>> Admitted<GP, GN, V> for (B0, B1) {
    type Output = V::Output;
}
impl<GP: Added, GN: Added, V: Admits<GP::Output> + Admits<GN::Output>> Admitted<GP, GN, V> for (B1, B1)
where
    <V as Admits<GP::Output>>::Output: BitAnd<<V as Admits<GN::Output>>::Output>,
{
    type Output = <<V as Admits<GP::Output>>::Output as BitAnd<<V as Admits<GN::Output>>::Output>>::Output;
}
/// The sum of the digits `Self`, unsigned.
pub trait Added {
    /// The sum.
    type Output;
}
impl Added for HNil {
    type Output = U0;
}
impl<G: DigitValue, X: Added> Added for HCons<G, X>
where
    G::Output: Add<X::Output>,
{
    type Output = Sum<G::Output, X::Output>;
}
/// `B1` when the bound `Self` admits the sum `S`.
pub trait Admits<S> {
    /// `B1` or `B0`.
    type Output;
}
impl<U: Unsigned, B: Bit, S: IsLess<UInt<U, B>>> Admits<S> for UInt<U, B> {
    type Output = S::Output;
}
impl<S> Admits<S> for Unbounded {
    type Output = B1;
}
/// The mode `I` of shape `S` by `Self`, whether the sums fit: `B1` walks on to the modes `T`
/// with the records' digits left (`P`, `N`), `B0` marks the overlap.
pub trait Fits<S, I, T, P, N, Bd> {
    /// The verdict.
    type Output;
}
impl<S, I, T: Sums<P, N, After<I>, Bd>, P, N, Bd> Fits<S, I, T, P, N, Bd> for B1 {
    type Output = T::Output;
}
impl<S, I, T, P, N, Bd> Fits<S, I, T, P, N, Bd> for B0 {
    type Output = ModeOverlapMark<I, S>;
}

/// The first digits of the live records `Self` (only the strict records' if `Only` is `B1`,
/// the others as [`Zero`]), and the records without them.
pub trait Heads<Only> {
    /// The digits and the rest ([`Cut`]).
    type Output: Cut;
}
impl<Only> Heads<Only> for HNil {
    type Output = Cutting<HNil, HNil>;
}
impl<G, Ds, M, St, X: Heads<B0>> Heads<B0> for HCons<Live<HCons<G, Ds>, M, St>, X> {
    type Output = Cutting<HCons<G, <X::Output as Cut>::Firsts>, HCons<Live<Ds, M, St>, <X::Output as Cut>::Rest>>;
}
impl<G, Ds, M, St, X: Heads<B1>> Heads<B1> for HCons<Live<HCons<G, Ds>, M, St>, X>
where
    St: Counted<G>,
{
    type Output = Cutting<
        HCons<<St as Counted<G>>::Output, <X::Output as Cut>::Firsts>,
        HCons<Live<Ds, M, St>, <X::Output as Cut>::Rest>,
    >;
}
/// A record whose walk a mark ended has no digit left.
impl<Only, M, St, X: Heads<Only>> Heads<Only> for HCons<Live<HNil, M, St>, X> {
    type Output = Cutting<<X::Output as Cut>::Firsts, HCons<Live<HNil, M, St>, <X::Output as Cut>::Rest>>;
}
/// The first digits and the records left ([`Heads`]), as one type.
pub struct Cutting<G, R>(PhantomData<(G, R)>);
/// The parts of a [`Cutting`].
pub trait Cut {
    /// The first digits.
    type Firsts;
    /// The records left.
    type Rest;
}
impl<G, R> Cut for Cutting<G, R> {
    type Firsts = G;
    type Rest = R;
}
/// The digit `G` of a record where only the strict records count: `G` if the record is strict
/// (`Self` is `B1`), else [`Zero`].
pub trait Counted<G> {
    /// `G` or [`Zero`].
    type Output;
}
impl<G> Counted<G> for B1 {
    type Output = G;
}
impl<G> Counted<G> for B0 {
    type Output = Zero;
}
/// Which leaves are summed in the mode followed by the modes `Self`, where B's modes are
/// bounded by A's size and A's last mode is extended (`Bd` is `B1`): `B1` (only the strict
/// ones) when `Self` is that last mode, still of shape 2 (so the mode before it ends at A's
/// size), else `B0` (all).
#[doc(hidden)]
pub trait Reach<Bd> {
    /// `B1` or `B0`.
    type Only;
}
impl<Bd, S: IsP2, D> Reach<Bd> for HCons<(S, D), HNil>
where
    Bd: BitAnd<S::Output>,
{
    type Only = <Bd as BitAnd<S::Output>>::Output;
}
impl<Bd, M, X, T> Reach<Bd> for HCons<M, HCons<X, T>> {
    type Only = B0;
}
/// `B1` for the static shape 2.
pub trait IsP2 {
    /// `B1` or `B0`.
    type Output;
}
impl IsP2 for P2 {
    type Output = B1;
}
impl IsP2 for P1 {
    type Output = B0;
}
impl<U: Unsigned, B: Bit, B2: Bit, B3: Bit> IsP2 for PInt<UInt<UInt<UInt<U, B>, B2>, B3>> {
    type Output = B0;
}
impl IsP2 for PInt<UInt<UInt<UTerm, B1>, B1>> {
    type Output = B0;
}
impl<U: Unsigned + NonZero> IsP2 for NInt<U> {
    type Output = B0;
}
impl IsP2 for Z0 {
    type Output = B0;
}
/// The largest digit of a kept part, unsigned: `(T - 1) * |RD|` for a [`Digit`]`<T, RD>`, 0 for
/// a [`Zero`], a mark or a part that is not positive (its own condition is reported first).
pub trait DigitValue {
    /// The digit.
    type Output;
}
impl DigitValue for Zero {
    type Output = U0;
}
impl<T: DigitOf<RD>, RD> DigitValue for Digit<T, RD> {
    type Output = T::Output;
}
/// The largest digit `(Self - 1) * |RD|` of a kept part `Self` at the stride left `RD`.
pub trait DigitOf<RD> {
    /// The digit, unsigned.
    type Output;
}
impl<V: Unsigned + NonZero + Sub<B1>, RD: Scale<Sub1<V>>> DigitOf<RD> for PInt<V> {
    type Output = RD::Output;
}
macro_rules! no_digit {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<RD, $($gen)*> DigitOf<RD> for $ty {
            type Output = U0;
        }
    )*};
}
no_digit! {
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
    [R, S] StrideDivisibilityMark<R, S>;
    [R, S] StrideNotDivisorMark<R, S>;
    [R, S] StrideNotMultipleMark<R, S>;
    [R, S] ShapeDivisibilityMark<R, S>;
}
/// `X * |Self|` for a static stride `Self` (no multiplication for the common `_1`, `-1`).
pub trait Scale<X> {
    /// The product, unsigned.
    type Output;
}
impl<X> Scale<X> for P1 {
    type Output = X;
}
impl<X> Scale<X> for N1 {
    type Output = X;
}
impl<X: Mul<UInt<UInt<U, B>, B2>>, U: Unsigned, B: Bit, B2: Bit> Scale<X> for PInt<UInt<UInt<U, B>, B2>> {
    type Output = Prod<X, UInt<UInt<U, B>, B2>>;
}
impl<X: Mul<UInt<UInt<U, B>, B2>>, U: Unsigned, B: Bit, B2: Bit> Scale<X> for NInt<UInt<UInt<U, B>, B2>> {
    type Output = Prod<X, UInt<UInt<U, B>, B2>>;
}
