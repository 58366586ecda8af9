//! Static inverses: CuTe's `right_inverse`, `left_inverse`, `max_common_vector` and
//! `max_common_layout` in the trait solver. The right inverse is the walk of layouts with runtime
//! leaves ([`mixed::inverse`](super::mixed_face): coalesce, then follow the chain of strides
//! `1, s0*d0, ...` through the modes), static where the operands are. The left inverse, which
//! CuTe defines for static layouts only, coalesces, sorts the modes stably by stride and folds
//! the non-zero strides. The conditions are checked in `const` evaluation by the shared code of
//! `flat`, which also recomputes each result.
//!
//! Post-conditions, for `i` in the domain named:
//! - `R = right_inverse(L)`: `L(R(i)) == i` for `i < size(R)`.
//! - `R = left_inverse(L)`: `R(L(i)) == i` for `i < size(L)` when L is injective, and
//!   `L(R(L(i))) == L(i)` (a quasi-inverse) when it is not.
//! - `R = max_common_layout(A, B)`: `A(R(i)) == i` and `B(R(i)) == i` for `i < size(R)`, and
//!   `size(R) == max_common_vector(A, B) >= 1`.

use core::marker::PhantomData;
use core::ops::{Add, BitAnd, Div, Mul, Not, Rem, Sub};

use frunk_core::hlist::{HCons, HNil};
use typenum::{IsEqual, IsGreater, IsGreaterOrEqual, IsLess, NInt, NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use super::checks::*;
use super::mixed_face::{FindStride, Triples};
use super::static_only::StaticOnly;
use crate::ops::coalesce::mixed_face::{Flatten as MixedFlatten, ModesOf, Zip};
use crate::ops::coalesce::static_face::CoalesceModes;
use crate::ops::composition::mixed_face::Unmarked;
use crate::ops::composition::static_face::Compose;
use crate::ops::filter::static_face::ModesOrTrivial;
use crate::statics::check::{Check, Checked, Verify};
use crate::statics::layout::Layout;
use crate::statics::leaves::FlatLayout;
use crate::statics::report::{
    Holds, LeftInverseDivisibilityFail, LeftInverseNegativeStrideFail, LeftInverseNonInjectiveFail, Pass, Shown, Then,
};
use crate::statics::tuple::{Congruent, IntTuple, Shape};
use crate::statics::typeops::{FlatModes, Flatten, HeadMode, IsOne, ModesLayout, Reverse, ZipModes};

/// Give each mode `(S, D)` of a list the index `P` at which it starts: `(S, D, P)`, `P` being the
/// product of the shapes before it (`P` here is the first mode's).
pub trait PrefixProducts<P> {
    /// The annotated modes.
    type Output;
}
impl<P> PrefixProducts<P> for HNil {
    type Output = HNil;
}
impl<S, D, T, P: Mul<S>> PrefixProducts<P> for HCons<(S, D), T>
where
    T: PrefixProducts<<P as Mul<S>>::Output>,
{
    type Output = HCons<(S, D, P), <T as PrefixProducts<<P as Mul<S>>::Output>>::Output>;
}

/// Insert each mode `(S, D, P)` of `Self`, in order, into the list `Acc` sorted by stride: an
/// insertion sort that inserts after equal strides, so the sort is stable.
pub trait SortInto<Acc> {
    /// The sorted modes.
    type Output;
}
impl<Acc> SortInto<Acc> for HNil {
    type Output = Acc;
}
impl<H, T, Acc: InsertByStride<H>> SortInto<Acc> for HCons<H, T>
where
    T: SortInto<<Acc as InsertByStride<H>>::Output>,
{
    type Output = <T as SortInto<<Acc as InsertByStride<H>>::Output>>::Output;
}

/// Insert the mode `M = (S, D, P)` into the sorted list `Self`, before the first mode of larger
/// stride.
pub trait InsertByStride<M> {
    /// The sorted modes.
    type Output;
}
impl<M> InsertByStride<M> for HNil {
    type Output = HCons<M, HNil>;
}
impl<S, D: IsLess<D2>, P, S2, D2, P2, T> InsertByStride<(S, D, P)> for HCons<(S2, D2, P2), T>
where
    <D as IsLess<D2>>::Output: InsertHere<(S, D, P), (S2, D2, P2), T>,
{
    type Output = <<D as IsLess<D2>>::Output as InsertHere<(S, D, P), (S2, D2, P2), T>>::Output;
}

/// `B1` (the new mode's stride is smaller): insert `M` before `Y`; `B0`: go past `Y`.
pub trait InsertHere<M, Y, T> {
    /// The sorted modes.
    type Output;
}
impl<M, Y, T> InsertHere<M, Y, T> for B1 {
    type Output = HCons<M, HCons<Y, T>>;
}
impl<M, Y, T: InsertByStride<M>> InsertHere<M, Y, T> for B0 {
    type Output = HCons<Y, <T as InsertByStride<M>>::Output>;
}

/// The modes of coalesce(L), each with its start index `(S, D, P)`, stably sorted by stride: the
/// common first step of the inverses.
pub trait SortedModes {
    /// The sorted modes.
    type Output;
}
impl<S, D> SortedModes for Layout<S, D>
where
    S: Shape + Congruent<D> + Flatten,
    D: IntTuple + Flatten,
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output>,
    FlatModes<S, D>: CoalesceModes,
    <FlatModes<S, D> as CoalesceModes>::Output: PrefixProducts<P1>,
    <<FlatModes<S, D> as CoalesceModes>::Output as PrefixProducts<P1>>::Output: SortInto<HNil>,
{
    type Output =
        <<<FlatModes<S, D> as CoalesceModes>::Output as PrefixProducts<P1>>::Output as SortInto<HNil>>::Output;
}

/// Fold the sorted modes `Self` into the left inverse's modes: each non-zero stride `D` pushes
/// `D / Span : Prev` onto `Acc` (reversed), then `Span = D` and `Prev` its mode's start index;
/// the end pushes `Last : Prev`, `Last` being the last sorted mode's shape.
pub trait LeftFold<Span, Prev, Last, Acc> {
    /// The left inverse's modes before the final coalesce, in order.
    type Output;
}
impl<Span, Prev, Last, Acc> LeftFold<Span, Prev, Last, Acc> for HNil
where
    HCons<(Last, Prev), Acc>: Reverse,
{
    type Output = <HCons<(Last, Prev), Acc> as Reverse>::Output;
}
impl<S, D: IsEqual<Z0>, P, T, Span, Prev, Last, Acc> LeftFold<Span, Prev, Last, Acc> for HCons<(S, D, P), T>
where
    <D as IsEqual<Z0>>::Output: LeftStep<S, D, P, T, Span, Prev, Acc>,
{
    type Output = <<D as IsEqual<Z0>>::Output as LeftStep<S, D, P, T, Span, Prev, Acc>>::Output;
}

/// `B1`: a stride-0 mode, skipped; `B0`: a non-zero stride, folded.
pub trait LeftStep<S, D, P, T, Span, Prev, Acc> {
    /// The left inverse's modes.
    type Output;
}
impl<S, D, P, T, Span, Prev, Acc> LeftStep<S, D, P, T, Span, Prev, Acc> for B1
where
    T: LeftFold<Span, Prev, S, Acc>,
{
    type Output = <T as LeftFold<Span, Prev, S, Acc>>::Output;
}
impl<S, D: Div<Span>, P, T, Span, Prev, Acc> LeftStep<S, D, P, T, Span, Prev, Acc> for B0
where
    T: LeftFold<D, P, S, HCons<(<D as Div<Span>>::Output, Prev), Acc>>,
{
    type Output = <T as LeftFold<D, P, S, HCons<(<D as Div<Span>>::Output, Prev), Acc>>>::Output;
}

/// The left inverse's modes of the layout `L`, before the final coalesce.
type FoldModes<L> = <<L as SortedModes>::Output as LeftFold<P1, Z0, P1, HNil>>::Output;

/// The static `right_inverse(L)`: the result type of [`right_inverse`].
///
/// ```
/// use cute::statics::inverse::RightInvert;
/// use cute::Layout;
/// type L = Layout![(4,8):(8,1)];
/// assert_eq!(Layout::<<L as RightInvert>::Shape, <L as RightInvert>::Stride>::new().to_string(), "(_8,_4):(_4,_1)");
/// ```
pub trait RightInvert {
    /// The shape of the right inverse.
    type Shape: IntTuple;
    /// The stride of the right inverse.
    type Stride: IntTuple;
}
impl<S, D> RightInvert for Layout<S, D>
where
    S: MixedFlatten,
    D: MixedFlatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: CoalesceModes,
    CoModes<S, D>: Triples<P1>,
    CoTriples<S, D>: FindStride<P1>,
    <CoTriples<S, D> as FindStride<P1>>::Output: super::mixed_face::Chain<CoTriples<S, D>>,
    InverseModes<S, D>: ModesOrTrivial,
{
    type Shape = <InverseModes<S, D> as ModesOrTrivial>::Shape;
    type Stride = <InverseModes<S, D> as ModesOrTrivial>::Stride;
}

/// The coalesced modes of `S:D` (the walk of layouts with runtime leaves).
type CoModes<S, D> = <ModesOf<S, D> as CoalesceModes>::Output;
/// The coalesced modes with the index at which each starts.
type CoTriples<S, D> = <CoModes<S, D> as Triples<P1>>::Output;
/// The right inverse's modes: the chain of strides `1, s0*d0, ...` through the coalesced modes,
/// as the walk of layouts with runtime leaves follows it (one walk for both faces).
type InverseModes<S, D> =
    <<CoTriples<S, D> as FindStride<P1>>::Output as super::mixed_face::Chain<CoTriples<S, D>>>::Output;

/// The result type of `right_inverse(L)`.
pub type RightInverse<L> = Layout<<L as RightInvert>::Shape, <L as RightInvert>::Stride>;

/// The static `left_inverse(L)`: the result type of [`left_inverse`]. The
/// type exists for every layout; [`left_inverse`] checks the conditions.
///
/// ```
/// use cute::statics::inverse::LeftInverse;
/// use cute::Layout;
/// type L = Layout![(4,8):(1,5)];
/// assert_eq!(LeftInverse::<L>::new().to_string(), "(_5,_8):(_1,_4)");
/// ```
pub trait LeftInvert {
    /// The shape of the left inverse.
    type Shape: IntTuple;
    /// The stride of the left inverse.
    type Stride: IntTuple;
}
impl<S, D> LeftInvert for Layout<S, D>
where
    Layout<S, D>: SortedModes,
    <Layout<S, D> as SortedModes>::Output: LeftFold<P1, Z0, P1, HNil>,
    FoldModes<Layout<S, D>>: CoalesceModes,
    <FoldModes<Layout<S, D>> as CoalesceModes>::Output: ModesLayout,
{
    type Shape = <<FoldModes<Layout<S, D>> as CoalesceModes>::Output as ModesLayout>::Shape;
    type Stride = <<FoldModes<Layout<S, D>> as CoalesceModes>::Output as ModesLayout>::Stride;
}

/// The result type of `left_inverse(L)`.
pub type LeftInverse<L> = Layout<<L as LeftInvert>::Shape, <L as LeftInvert>::Stride>;

/// The verdict of `left_inverse(S:D)`, the conditions of `flat::left_inverse_fold` in its
/// order: no negative stride in coalesce(L) ([`NoNegativeStride`]); each non-zero stride, by
/// increasing order, a multiple of the one before ([`StrideMultiples`]); no mode that must hold a
/// carry from the smaller ones without room for it ([`QuasiInverse`]).
pub trait LeftInverseVerdict {
    /// [`Pass`] or the first failure.
    type Output;
}
impl<S, D> LeftInverseVerdict for Layout<S, D>
where
    S: Flatten + Shown,
    D: Flatten + Shown,
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output> + LastLeaf,
    <<S as Flatten>::Output as LastLeaf>::Output: IsGreater<P1>,
    FlatModes<S, D>: CoalesceModes,
    <FlatModes<S, D> as CoalesceModes>::Output: NoNegativeStride<(S::Out, D::Out)> + PrefixProducts<P1>,
    <<FlatModes<S, D> as CoalesceModes>::Output as PrefixProducts<P1>>::Output: LastStart,
    <<<S as Flatten>::Output as LastLeaf>::Output as IsGreater<P1>>::Output:
        AbsorbsAt<<<<FlatModes<S, D> as CoalesceModes>::Output as PrefixProducts<P1>>::Output as LastStart>::Output>,
    Layout<S, D>: SortedModes,
    <Layout<S, D> as SortedModes>::Output:
        StrideMultiples<P1, (S::Out, D::Out)> + QuasiInverse<Z0, LastAbsorbs<S, D>, (S::Out, D::Out)>,
    <<FlatModes<S, D> as CoalesceModes>::Output as NoNegativeStride<(S::Out, D::Out)>>::Output: Then<
        <<<Layout<S, D> as SortedModes>::Output as StrideMultiples<P1, (S::Out, D::Out)>>::Output as Then<
            <<Layout<S, D> as SortedModes>::Output as QuasiInverse<Z0, LastAbsorbs<S, D>, (S::Out, D::Out)>>::Output,
        >>::Output,
    >,
    <<Layout<S, D> as SortedModes>::Output as StrideMultiples<P1, (S::Out, D::Out)>>::Output:
        Then<<<Layout<S, D> as SortedModes>::Output as QuasiInverse<Z0, LastAbsorbs<S, D>, (S::Out, D::Out)>>::Output>,
{
    type Output = <<<FlatModes<S, D> as CoalesceModes>::Output as NoNegativeStride<(S::Out, D::Out)>>::Output as Then<
        <<<Layout<S, D> as SortedModes>::Output as StrideMultiples<P1, (S::Out, D::Out)>>::Output as Then<
            <<Layout<S, D> as SortedModes>::Output as QuasiInverse<Z0, LastAbsorbs<S, D>, (S::Out, D::Out)>>::Output,
        >>::Output,
    >>::Output;
}

/// Which mode may absorb a carry: the start index of coalesce(L)'s last mode, when L's last leaf
/// has a shape above 1 (else [`Nothing`]: a size-1 leaf that coalescing dropped decides L past its
/// size, and no mode absorbs).
type LastAbsorbs<S, D> = <<<<S as Flatten>::Output as LastLeaf>::Output as IsGreater<P1>>::Output as AbsorbsAt<
    <<<FlatModes<S, D> as CoalesceModes>::Output as PrefixProducts<P1>>::Output as LastStart>::Output,
>>::Output;

/// The last leaf of a flat, non-empty tuple.
pub trait LastLeaf {
    /// The leaf.
    type Output;
}
impl<H> LastLeaf for HCons<H, HNil> {
    type Output = H;
}
impl<H, X, T> LastLeaf for HCons<H, HCons<X, T>>
where
    HCons<X, T>: LastLeaf,
{
    type Output = <HCons<X, T> as LastLeaf>::Output;
}

/// The start index of the last of the modes `(S, D, P)`.
pub trait LastStart {
    /// Its `P`.
    type Output;
}
impl<S, D, P> LastStart for HCons<(S, D, P), HNil> {
    type Output = P;
}
impl<H, X, T> LastStart for HCons<H, HCons<X, T>>
where
    HCons<X, T>: LastStart,
{
    type Output = <HCons<X, T> as LastStart>::Output;
}

/// The start index `P` of the mode that absorbs a carry when `Self` is `B1`, else [`Nothing`].
pub trait AbsorbsAt<P> {
    /// `P` or [`Nothing`].
    type Output;
}
impl<P> AbsorbsAt<P> for B1 {
    type Output = P;
}
impl<P> AbsorbsAt<P> for B0 {
    type Output = Nothing;
}
/// No mode (to absorb a carry), no stride (above a mode).
pub struct Nothing;

/// The first negative stride of the modes `(S, D)`, as the failure of `left_inverse(Ops)`.
pub trait NoNegativeStride<Ops> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<Ops> NoNegativeStride<Ops> for HNil {
    type Output = Pass;
}
impl<Ops, S, U: Unsigned + NonZero, T: NoNegativeStride<Ops>> NoNegativeStride<Ops> for HCons<(S, PInt<U>), T> {
    type Output = T::Output;
}
impl<Ops, S, T: NoNegativeStride<Ops>> NoNegativeStride<Ops> for HCons<(S, Z0), T> {
    type Output = T::Output;
}
impl<SL, DL, S, U: Unsigned + NonZero, T> NoNegativeStride<(SL, DL)> for HCons<(S, NInt<U>), T>
where
    NInt<U>: Shown,
{
    type Output = LeftInverseNegativeStrideFail<SL, DL, <NInt<U> as Shown>::Out>;
}

/// Each non-zero stride of the sorted modes `(S, D, P)` a multiple of `Span`, the one before.
pub trait StrideMultiples<Span, Ops> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<Span, Ops> StrideMultiples<Span, Ops> for HNil {
    type Output = Pass;
}
impl<S, D: IsEqual<Z0>, P, T, Span, Ops> StrideMultiples<Span, Ops> for HCons<(S, D, P), T>
where
    <D as IsEqual<Z0>>::Output: MultipleStep<D, T, Span, Ops>,
{
    type Output = <<D as IsEqual<Z0>>::Output as MultipleStep<D, T, Span, Ops>>::Output;
}
/// [`StrideMultiples`] at the stride `D`: skipped when it is 0 (`Self` is `B1`).
pub trait MultipleStep<D, T, Span, Ops> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<D, T: StrideMultiples<Span, Ops>, Span, Ops> MultipleStep<D, T, Span, Ops> for B1 {
    type Output = T::Output;
}
impl<D: Rem<Span>, T, Span, Ops> MultipleStep<D, T, Span, Ops> for B0
where
    <D as Rem<Span>>::Output: IsEqual<Z0>,
    <<D as Rem<Span>>::Output as IsEqual<Z0>>::Output: MultipleOf<D, T, Span, Ops>,
{
    type Output = <<<D as Rem<Span>>::Output as IsEqual<Z0>>::Output as MultipleOf<D, T, Span, Ops>>::Output;
}
/// [`StrideMultiples`] by whether `D` is a multiple of `Span` (`Self`).
pub trait MultipleOf<D, T, Span, Ops> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<D, T: StrideMultiples<D, Ops>, Span, Ops> MultipleOf<D, T, Span, Ops> for B1 {
    type Output = T::Output;
}
impl<D: Shown, T, Span: Shown, SL, DL> MultipleOf<D, T, Span, (SL, DL)> for B0 {
    type Output = LeftInverseDivisibilityFail<SL, DL, D::Out, Span::Out>;
}

/// No sorted mode `(S, D, P)` with a gap above it (the next non-zero stride past `S * D`, or
/// none) receives a carry (`Below`, the largest offset of the smaller modes, at least `D`),
/// unless it is the mode `Absorb` starts (`LastAbsorbs`), which holds any excess as L does.
pub trait QuasiInverse<Below, Absorb, Ops> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<Below, Absorb, Ops> QuasiInverse<Below, Absorb, Ops> for HNil {
    type Output = Pass;
}
impl<S, D: IsEqual<Z0>, P, T, Below, Absorb, Ops> QuasiInverse<Below, Absorb, Ops> for HCons<(S, D, P), T>
where
    <D as IsEqual<Z0>>::Output: QuasiStep<S, D, P, T, Below, Absorb, Ops>,
{
    type Output = <<D as IsEqual<Z0>>::Output as QuasiStep<S, D, P, T, Below, Absorb, Ops>>::Output;
}
/// [`QuasiInverse`] at the mode `(S, D, P)`: skipped when `D` is 0 (`Self` is `B1`).
pub trait QuasiStep<S, D, P, T, Below, Absorb, Ops> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S, D, P, T: QuasiInverse<Below, Absorb, Ops>, Below, Absorb, Ops> QuasiStep<S, D, P, T, Below, Absorb, Ops>
    for B1
{
    type Output = T::Output;
}
impl<S, D, P, T, Below, Absorb, Ops> QuasiStep<S, D, P, T, Below, Absorb, Ops> for B0
where
    T: NextStride + QuasiInverse<Carry<S, D, Below>, Absorb, Ops>,
    <T as NextStride>::Output: GapAbove<S, D>,
    Below: IsGreaterOrEqual<D>,
    Absorb: AbsorbsAtStart<P>,
    S: Sub<P1>,
    <S as Sub<P1>>::Output: Mul<D>,
    Below: Add<<<S as Sub<P1>>::Output as Mul<D>>::Output>,
    <<T as NextStride>::Output as GapAbove<S, D>>::Output: BitAnd<<Below as IsGreaterOrEqual<D>>::Output>,
    <<<T as NextStride>::Output as GapAbove<S, D>>::Output as BitAnd<<Below as IsGreaterOrEqual<D>>::Output>>::Output:
        BitAnd<<<Absorb as AbsorbsAtStart<P>>::Output as Not>::Output>,
    <Absorb as AbsorbsAtStart<P>>::Output: Not,
    Overlaps<S, D, P, T, Below, Absorb>: CarryCheck<<T as QuasiInverse<Carry<S, D, Below>, Absorb, Ops>>::Output, Ops>,
{
    type Output = <Overlaps<S, D, P, T, Below, Absorb> as CarryCheck<
        <T as QuasiInverse<Carry<S, D, Below>, Absorb, Ops>>::Output,
        Ops,
    >>::Output;
}
/// The largest offset of the modes up to `S:D`: `Below + (S - 1) * D`.
type Carry<S, D, Below> = <Below as Add<<<S as Sub<P1>>::Output as Mul<D>>::Output>>::Output;
/// `B1` when the mode `(S, D, P)` overlaps: a gap above it, a carry into it, and it absorbs none.
type Overlaps<S, D, P, T, Below, Absorb> = <<<<T as NextStride>::Output as GapAbove<S, D>>::Output as BitAnd<
    <Below as IsGreaterOrEqual<D>>::Output,
>>::Output as BitAnd<<<Absorb as AbsorbsAtStart<P>>::Output as Not>::Output>>::Output;

/// The first non-zero stride of the sorted modes `(S, D, P)`, or [`Nothing`] when none is left.
pub trait NextStride {
    /// The stride or [`Nothing`].
    type Output;
}
impl NextStride for HNil {
    type Output = Nothing;
}
impl<S, D: IsEqual<Z0>, P, T> NextStride for HCons<(S, D, P), T>
where
    <D as IsEqual<Z0>>::Output: NextOr<D, T>,
{
    type Output = <<D as IsEqual<Z0>>::Output as NextOr<D, T>>::Output;
}
/// [`NextStride`]: past `D` when it is 0 (`Self` is `B1`), else `D`.
pub trait NextOr<D, T> {
    /// The stride or [`Nothing`].
    type Output;
}
impl<D, T: NextStride> NextOr<D, T> for B1 {
    type Output = T::Output;
}
impl<D, T> NextOr<D, T> for B0 {
    type Output = D;
}
/// `B1` when the next stride `Self` leaves a gap above the mode `S:D` (`Self / D > S`), or there
/// is none ([`Nothing`]).
pub trait GapAbove<S, D> {
    /// `B1` or `B0`.
    type Output;
}
impl<S, D> GapAbove<S, D> for Nothing {
    type Output = B1;
}
macro_rules! gap_above {
    ($($n:ident),*) => {$(
        impl<S, D, U: Unsigned + NonZero> GapAbove<S, D> for $n<U>
        where
            $n<U>: Div<D>,
            <$n<U> as Div<D>>::Output: IsGreater<S>,
        {
            type Output = <<$n<U> as Div<D>>::Output as IsGreater<S>>::Output;
        }
    )*};
}
gap_above!(PInt, NInt);
/// `B1` when the mode starting at `P` is the one `Self` names (its start index, or [`Nothing`]).
pub trait AbsorbsAtStart<P> {
    /// `B1` or `B0`.
    type Output;
}
impl<P> AbsorbsAtStart<P> for Nothing {
    type Output = B0;
}
impl<P: IsEqual<PInt<U>>, U: Unsigned + NonZero> AbsorbsAtStart<P> for PInt<U> {
    type Output = <P as IsEqual<PInt<U>>>::Output;
}
/// The non-injective failure when `Self` is `B1`, else `V`.
pub trait CarryCheck<V, Ops> {
    /// The verdict.
    type Output;
}
impl<V, Ops> CarryCheck<V, Ops> for B0 {
    type Output = V;
}
impl<V, SL, DL> CarryCheck<V, (SL, DL)> for B1 {
    type Output = LeftInverseNonInjectiveFail<SL, DL>;
}

/// The leading mode of coalesce(L) when its stride is 1 (`S0:1`), else `1:0`.
pub trait LeadingVector {
    /// The shape of the mode.
    type Shape: IntTuple;
    /// The stride of the mode: `P1`, or `Z0` when there is none.
    type Stride: IntTuple;
}
impl<S: Flatten, D: Flatten> LeadingVector for Layout<S, D>
where
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output>,
    FlatModes<S, D>: CoalesceModes,
    <FlatModes<S, D> as CoalesceModes>::Output: HeadMode,
    <<FlatModes<S, D> as CoalesceModes>::Output as HeadMode>::D: IsEqual<P1>,
    IsOne<<<FlatModes<S, D> as CoalesceModes>::Output as HeadMode>::D>:
        PickVector<<<FlatModes<S, D> as CoalesceModes>::Output as HeadMode>::S>,
{
    type Shape = <IsOne<<<FlatModes<S, D> as CoalesceModes>::Output as HeadMode>::D> as PickVector<
        <<FlatModes<S, D> as CoalesceModes>::Output as HeadMode>::S,
    >>::Shape;
    type Stride = <IsOne<<<FlatModes<S, D> as CoalesceModes>::Output as HeadMode>::D> as PickVector<
        <<FlatModes<S, D> as CoalesceModes>::Output as HeadMode>::S,
    >>::Stride;
}

/// `B1`: the mode `S:1`; `B0`: `1:0`.
pub trait PickVector<S> {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
}
impl<S: IntTuple> PickVector<S> for B1 {
    type Shape = S;
    type Stride = P1;
}
impl<S> PickVector<S> for B0 {
    type Shape = P1;
    type Stride = Z0;
}

/// `A o right_inverse(B)`, the layout whose leading stride-1 mode A and B share.
type CommonOf<SA, DA, SB, DB> = Layout<
    <Layout<SA, DA> as Compose<RightInverse<Layout<SB, DB>>, Unmarked>>::Shape,
    <Layout<SA, DA> as Compose<RightInverse<Layout<SB, DB>>, Unmarked>>::Stride,
>;

/// The static `max_common_vector(A, B)` (`Self` is A): the leading stride-1 mode of
/// `coalesce(A o right_inverse(B))` as a layout (`1:0` when there is none), and its size.
///
/// ```
/// use cute::statics::inverse::MaxCommonVector;
/// use cute::Layout;
/// type A = Layout![(4,8):(1,4)];
/// type B = Layout![(4,8):(1,8)];
/// const N: i64 = <A as MaxCommonVector<B>>::VALUE;
/// assert_eq!(N, 4);
/// ```
pub trait MaxCommonVector<B> {
    /// The shape of the common vector (`S0`, or `P1`).
    type Shape: IntTuple;
    /// Its stride (`P1`, or `Z0` when A and B share no vector).
    type Stride: IntTuple;
    /// The compile-time check (the conditions of the composition, and the trait solver's
    /// results against the shared algorithm's): `Ok`, or the message of the first violation.
    const RESULT: Checked;
    /// The number of contiguous elements A and B map alike; evaluating it runs the
    /// compile-time check.
    const VALUE: i64;
}
impl<SA, DA, SB, DB> MaxCommonVector<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: IntTuple,
    DA: IntTuple,
    SB: IntTuple,
    DB: IntTuple,
    Layout<SB, DB>: RightInvert,
    Layout<SA, DA>: Compose<RightInverse<Layout<SB, DB>>, Unmarked>,
    CommonOf<SA, DA, SB, DB>: LeadingVector,
{
    type Shape = <CommonOf<SA, DA, SB, DB> as LeadingVector>::Shape;
    type Stride = <CommonOf<SA, DA, SB, DB> as LeadingVector>::Stride;
    const RESULT: Checked = check_common_vector(
        &FlatLayout::of::<SA, DA>(),
        &FlatLayout::of::<SB, DB>(),
        &FlatLayout::of::<<Layout<SB, DB> as RightInvert>::Shape, <Layout<SB, DB> as RightInvert>::Stride>(),
        &FlatLayout::of::<
            <Layout<SA, DA> as Compose<RightInverse<Layout<SB, DB>>, Unmarked>>::Shape,
            <Layout<SA, DA> as Compose<RightInverse<Layout<SB, DB>>, Unmarked>>::Stride,
        >(),
        &FlatLayout::of::<Self::Shape, Self::Stride>(),
    );
    const VALUE: i64 = {
        let () = Verify::<VectorCheck<Self, Layout<SB, DB>>>::OK;
        <Self::Shape as IntTuple>::LEAVES.get(0)
    };
}

/// The check of `max_common_vector(A, B)`, for [`Verify`].
pub(crate) struct VectorCheck<A, B>(PhantomData<(A, B)>);
impl<A: MaxCommonVector<B>, B> Check for VectorCheck<A, B> {
    const RESULT: Checked = <A as MaxCommonVector<B>>::RESULT;
}

/// The static `max_common_layout(A, B)` (`Self` is A): `right_inverse(B) o V`, `V` the common
/// vector of [`MaxCommonVector`], or `1:0` when there is none.
///
/// ```
/// use cute::statics::inverse::CommonLayout;
/// use cute::Layout;
/// type A = Layout![(4,8):(1,4)];
/// type B = Layout![(4,8):(1,8)];
/// assert_eq!(CommonLayout::<A, B>::new().to_string(), "_4:_1");
/// ```
pub trait MaxCommonLayout<B>: MaxCommonVector<B> {
    /// The shape of the common layout.
    type Shape: IntTuple;
    /// The stride of the common layout.
    type Stride: IntTuple;
}
impl<SA, DA, SB, DB> MaxCommonLayout<Layout<SB, DB>> for Layout<SA, DA>
where
    Layout<SA, DA>: MaxCommonVector<Layout<SB, DB>>,
    Layout<SB, DB>: RightInvert,
    <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Stride: IsEqual<P1>,
    IsOne<<Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Stride>: ComposeVector<
        RightInverse<Layout<SB, DB>>,
        <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Shape,
        <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Stride,
    >,
{
    type Shape = <IsOne<<Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Stride> as ComposeVector<
        RightInverse<Layout<SB, DB>>,
        <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Shape,
        <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Stride,
    >>::Shape;
    type Stride = <IsOne<<Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Stride> as ComposeVector<
        RightInverse<Layout<SB, DB>>,
        <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Shape,
        <Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Stride,
    >>::Stride;
}

/// `B1`: `Inv o VS:VD`; `B0` (no common vector): `1:0`.
pub trait ComposeVector<Inv, VS, VD> {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
}
impl<Inv: Compose<Layout<VS, VD>, Unmarked>, VS, VD> ComposeVector<Inv, VS, VD> for B1 {
    type Shape = <Inv as Compose<Layout<VS, VD>, Unmarked>>::Shape;
    type Stride = <Inv as Compose<Layout<VS, VD>, Unmarked>>::Stride;
}
impl<Inv, VS, VD> ComposeVector<Inv, VS, VD> for B0 {
    type Shape = P1;
    type Stride = Z0;
}

/// The result type of `max_common_layout(A, B)`.
pub type CommonLayout<A, B> = Layout<<A as MaxCommonLayout<B>>::Shape, <A as MaxCommonLayout<B>>::Stride>;

/// The right inverse of a static layout (CuTe's `right_inverse`): the largest `R` of the form
/// `coalesce(...)` with `L(R(i)) == i` for every `i < size(R)`. It follows the chain of strides
/// 1, s0*d0, ... through L's coalesced modes sorted by stride; no stride-1 mode gives `1:0`.
///
/// ```
/// use cute::{right_inverse, Layout};
/// use cute::typenum::{P2, P4};
/// type L = Layout![(4,8):(8,1)];
/// let r = right_inverse(L::new());
/// assert_eq!(r.to_string(), "(_8,_4):(_4,_1)");
/// assert!((0..32).all(|i| L::new().call(r.call(i) as usize) == i as isize));
/// assert_eq!(right_inverse(Layout::<P4, P2>::new()).to_string(), "_1:_0");
/// ```
pub fn right_inverse<S, D>(layout: Layout<S, D>) -> RightInverse<Layout<S, D>>
where
    S: IntTuple,
    D: IntTuple,
    Layout<S, D>: RightInvert,
{
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RightCheck<S, D>>::OK;
    Layout::make()
}

/// The left inverse of a static layout (CuTe's `left_inverse`): `R(L(i)) == i` for every
/// `i < size(L)` when L is injective, CuTe's quasi-inverse `L(R(L(i))) == L(i)` when it is not.
/// A negative stride, a stride that is not a multiple of the span of the smaller strides, or
/// modes overlapping so that no quasi-inverse results fail compilation with the values, errors
/// of the trait solver ([`LeftInverseVerdict`]) that `cargo check` reports.
///
/// ```
/// use cute::{left_inverse, Layout};
/// type L = Layout![(4,8):(1,5)];
/// let r = left_inverse(L::new());
/// assert_eq!(r.to_string(), "(_5,_8):(_1,_4)");
/// assert!((0..32).all(|i| r.call(L::new().call(i) as usize) == i as isize));
/// ```
///
/// The stride 5 is not a multiple of 2, the smaller stride:
///
/// ```compile_fail,E0277
/// use cute::{left_inverse, Layout};
/// let _ = left_inverse(<Layout![(4,8):(2,5)]>::new());
/// ```
///
/// Negative strides have no left inverse:
///
/// ```compile_fail,E0277
/// use cute::{left_inverse, Layout};
/// use cute::typenum::{N1, P4};
/// let _ = left_inverse(Layout::<P4, N1>::new());
/// ```
///
/// `(2,2,2):(1,1,4)` maps 1 and 2 alike, and its third mode cannot absorb the carry:
///
/// ```compile_fail,E0277
/// use cute::{left_inverse, Layout};
/// let _ = left_inverse(<Layout![(2,2,2):(1,1,4)]>::new());
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn left_inverse<S, D>(layout: Layout<S, D>) -> LeftInverse<StaticLayout<S, D>>
where <<Layout<S, D> as StaticOnly>::Verdict as Then<<StaticLayout<S, D> as LeftInverseVerdict>::Output>>::Output: Holds,
    Layout<S, D>: StaticOnly,
    StaticLayout<S, D>: LeftInverseVerdict,
    <Layout<S, D> as StaticOnly>::Verdict: Then<<StaticLayout<S, D> as LeftInverseVerdict>::Output>,
    <Layout<S, D> as StaticOnly>::Shape: IntTuple,
    <Layout<S, D> as StaticOnly>::Stride: IntTuple,
    StaticLayout<S, D>: LeftInvert,
{
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LeftCheck<<Layout<S, D> as StaticOnly>::Shape, <Layout<S, D> as StaticOnly>::Stride>>::OK;
    Layout::make()
}

/// The layout `S:D` as [`StaticOnly`] sees it: itself when every leaf is static.
pub type StaticLayout<S, D> = Layout<<Layout<S, D> as StaticOnly>::Shape, <Layout<S, D> as StaticOnly>::Stride>;

/// The number of contiguous elements that the static layouts `a` and `b` map alike (CuTe's
/// `max_common_vector`): the size of the leading stride-1 mode of
/// `coalesce(a o right_inverse(b))`, or 1, checked at compile time; as a constant,
/// [`MaxCommonVector::VALUE`].
///
/// ```
/// use cute::{max_common_vector, Layout};
/// type A = Layout![(4,8):(1,4)];
/// type B = Layout![(4,8):(1,8)];
/// assert_eq!(max_common_vector(A::new(), B::new()), 4);
/// const N: i64 = <A as cute::statics::MaxCommonVector<B>>::VALUE;
/// assert_eq!(N, 4);
/// assert_eq!(max_common_vector(A::new(), A::new()), 32);
/// ```
pub fn max_common_vector<SA, DA, SB, DB>(a: Layout<SA, DA>, b: Layout<SB, DB>) -> i64
where
    Layout<SA, DA>: MaxCommonVector<Layout<SB, DB>>,
{
    let _ = (a, b);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<VectorCheck<Layout<SA, DA>, Layout<SB, DB>>>::OK;
    <<Layout<SA, DA> as MaxCommonVector<Layout<SB, DB>>>::Shape as IntTuple>::LEAVES.get(0)
}

/// The layout of the contiguous elements that the static layouts `a` and `b` map alike (CuTe's
/// `max_common_layout`): `a(R(i)) == i` and `b(R(i)) == i` for `i < size(R)`, where
/// `size(R) == max_common_vector(a, b)`; `1:0` when they share no vector.
///
/// ```
/// use cute::{max_common_layout, Layout};
/// type A = Layout![(4,8):(1,4)];
/// type B = Layout![(4,8):(1,8)];
/// assert_eq!(max_common_layout(A::new(), B::new()).to_string(), "_4:_1");
/// type C = Layout![(4,8):(8,1)];
/// assert_eq!(max_common_layout(A::new(), C::new()).to_string(), "_1:_0");
/// ```
pub fn max_common_layout<SA, DA, SB, DB>(
    a: Layout<SA, DA>,
    b: Layout<SB, DB>,
) -> CommonLayout<Layout<SA, DA>, Layout<SB, DB>>
where
    Layout<SA, DA>: MaxCommonLayout<Layout<SB, DB>>,
    Layout<SB, DB>: RightInvert,
{
    let _ = (a, b);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<CommonLayoutCheck<Layout<SA, DA>, Layout<SB, DB>>>::OK;
    Layout::make()
}
