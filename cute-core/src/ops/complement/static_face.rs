//! Static complement: CuTe's `complement(A, M)` in the trait solver.
//!
//! Post-conditions for `R = complement(A, M)`: R is ordered (`R(i-1) < R(i)`) and disjoint from
//! A (`R(i) != A(j)` for `i >= 1`); for complementable A (each sorted stride a multiple of the
//! span of the smaller modes) `(A, R)` also covers `[0, size(M))`.
//!
//! One walk for both faces: the gaps between A's sorted modes are this module's (the complement
//! with a runtime cotarget takes them from here), the rest past A's largest mode is
//! [`RestModes`], the walk that serves runtime cotargets too.

// The checks return `Result<(), Message>`: the message is built in `const` evaluation without an
// allocator, so it cannot be boxed, and it is only ever built on the path to a compile error.
#![allow(clippy::result_large_err)]

use core::ops::Not;

use frunk_core::hlist::{HCons, HNil};
use typenum::{Cmp, Equal, Greater, IsEqual, Less, NInt, NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use core::marker::PhantomData;

use super::mixed_face::{Compact, RestModes};
use crate::arith::Overflow;
use crate::error::headline;
use crate::flat::{self, ComplementError};
use crate::ops::coalesce::static_face::CoalesceModes;
use crate::statics::arith::{MulStatic, Quot};
use crate::statics::check::{disagree, same_prefix, Check, Checked, Message, Verify};
use crate::statics::layout::{Layout, Made};
use crate::statics::leaves::{FlatLayout, Leaves, MAX_LEAVES};
use crate::statics::names;
use crate::statics::report::{Holds, NegativeStrideFail, NonInjectiveFail, Pass, Shown, Then};
use crate::statics::tiler::{IntTile, Underscore};
use crate::statics::tuple::{IntTuple, Leaf};
use crate::statics::typeops::{FlatModes, Flatten, IsP1, ModesLayout, ReverseOnto, ZipModes};

/// Replace the shape of every stride-0 mode by 1 (on a list of modes).
pub trait ZerosToOnes {
    /// The modes.
    type Output;
}
impl ZerosToOnes for HNil {
    type Output = HNil;
}
/// By the kind of the stride, in the impl's header (one step a mode).
impl<S, T: ZerosToOnes> ZerosToOnes for HCons<(S, Z0), T> {
    type Output = HCons<(P1, Z0), <T as ZerosToOnes>::Output>;
}
impl<S, U: Unsigned + NonZero, T: ZerosToOnes> ZerosToOnes for HCons<(S, PInt<U>), T> {
    type Output = HCons<(S, PInt<U>), <T as ZerosToOnes>::Output>;
}
impl<S, U: Unsigned + NonZero, T: ZerosToOnes> ZerosToOnes for HCons<(S, NInt<U>), T> {
    type Output = HCons<(S, NInt<U>), <T as ZerosToOnes>::Output>;
}

/// Walk the filtered modes by increasing stride: each contributes the mode
/// `(stride / last, last)` (reversed into `Acc`), `last` becoming `stride * shape`. `Cot` is the
/// cotarget; the output is the complement's modes before the final coalesce.
pub trait Gaps<Acc, Last, Cot> {
    /// The complement's modes, in order.
    type Output;
}
impl<S, D, Acc, Last, Cot> Gaps<Acc, Last, Cot> for HCons<(S, D), HNil>
where
    D: Quot<Last>,
    S: MulStatic<D>,
    Cot: RestModes<<S as MulStatic<D>>::Output>,
    <Cot as RestModes<<S as MulStatic<D>>::Output>>::Output: AfterGaps<HCons<(<D as Quot<Last>>::Output, Last), Acc>>,
{
    type Output = <<Cot as RestModes<<S as MulStatic<D>>::Output>>::Output as AfterGaps<
        HCons<(<D as Quot<Last>>::Output, Last), Acc>,
    >>::Output;
}

/// The rest modes `Self` after the gaps `G` (reversed). The rest is `Self`, one impl per
/// structure of the list, so that the trait solver takes the step only once the rest is known.
pub trait AfterGaps<G> {
    /// The gaps in order, then the rest.
    type Output;
}
impl<G: ReverseOnto<HNil>> AfterGaps<G> for HNil {
    type Output = <G as ReverseOnto<HNil>>::Output;
}
impl<H, T, G: ReverseOnto<HCons<H, T>>> AfterGaps<G> for HCons<H, T> {
    type Output = <G as ReverseOnto<HCons<H, T>>>::Output;
}
impl<H, X, T, Acc, Last, Cot> Gaps<Acc, Last, Cot> for HCons<H, HCons<X, T>>
where
    HCons<H, HCons<X, T>>: PopMin,
    <HCons<H, HCons<X, T>> as PopMin>::Output: GapStep<Acc, Last, Cot>,
{
    type Output = <<HCons<H, HCons<X, T>> as PopMin>::Output as GapStep<Acc, Last, Cot>>::Output;
}
/// The mode of smallest stride of a non-empty list of modes, the first of equal ones, and the
/// others in order: `((S, D), rest)`, in one pass from the back, one comparison a mode.
pub trait PopMin {
    /// `((S, D), rest)`.
    type Output;
}
impl<S, D> PopMin for HCons<(S, D), HNil> {
    type Output = ((S, D), HNil);
}
impl<S, D, X, T> PopMin for HCons<(S, D), HCons<X, T>>
where
    HCons<X, T>: PopMin,
    <HCons<X, T> as PopMin>::Output: PopBefore<S, D, HCons<X, T>>,
{
    type Output = <<HCons<X, T> as PopMin>::Output as PopBefore<S, D, HCons<X, T>>>::Output;
}
/// [`PopMin`] of the mode `S:D` before the modes `T`, whose smallest is `Self`, `((S2, D2), R)`.
pub trait PopBefore<S, D, T> {
    /// `((S, D), rest)`.
    type Output;
}
impl<S, D: Cmp<D2>, T, S2, D2, R> PopBefore<S, D, T> for ((S2, D2), R)
where
    <D as Cmp<D2>>::Output: PickMin<(S, D), (S2, D2), T, R>,
{
    type Output = <<D as Cmp<D2>>::Output as PickMin<(S, D), (S2, D2), T, R>>::Output;
}
/// `Self` compares the mode `H` with `M`, the smallest of the modes `T` after it (the others `R`).
pub trait PickMin<H, M, T, R> {
    /// `(the smaller, the others)`.
    type Output;
}
impl<H, M, T, R> PickMin<H, M, T, R> for Less {
    type Output = (H, T);
}
impl<H, M, T, R> PickMin<H, M, T, R> for Equal {
    type Output = (H, T);
}
impl<H, M, T, R> PickMin<H, M, T, R> for Greater {
    type Output = (M, HCons<H, R>);
}

/// One step of [`Gaps`] on `((S, D), Rest)`, the mode `S:D` of smallest stride and the others:
/// the gap `(D / Last, Last)`, then the others from `S * D` on.
pub trait GapStep<Acc, Last, Cot> {
    /// The complement's modes, in order.
    type Output;
}
impl<S, D, Rest, Acc, Last, Cot> GapStep<Acc, Last, Cot> for ((S, D), Rest)
where
    D: Quot<Last>,
    S: MulStatic<D>,
    Rest: Gaps<HCons<(<D as Quot<Last>>::Output, Last), Acc>, <S as MulStatic<D>>::Output, Cot>,
{
    type Output =
        <Rest as Gaps<HCons<(<D as Quot<Last>>::Output, Last), Acc>, <S as MulStatic<D>>::Output, Cot>>::Output;
}

/// The cotarget `X * Y`, kept as a product: `complement(A, size(A) * cosize(B))` in
/// `logical_product`. Its rest past the stride `X` is `Y` without multiplying or dividing (the
/// last span of a compact A is its size); past any other stride it is the product's.
pub struct Times<X, Y>(PhantomData<(X, Y)>);

impl<X: MulStatic<Y>, Y> Shown for Times<X, Y>
where
    <X as MulStatic<Y>>::Output: Shown,
{
    type Out = <<X as MulStatic<Y>>::Output as Shown>::Out;
}

impl<X, Y, Ns> RestModes<Ns> for Times<X, Y>
where
    Ns: IsEqual<X>,
    <Ns as IsEqual<X>>::Output: TimesRest<X, Y, Ns>,
{
    type Output = <<Ns as IsEqual<X>>::Output as TimesRest<X, Y, Ns>>::Output;
    #[inline(always)]
    fn rest_modes(self, ns: Ns) -> Result<Self::Output, Overflow> {
        <<Ns as IsEqual<X>>::Output as TimesRest<X, Y, Ns>>::rest(ns)
    }
}

/// [`RestModes`] of [`Times`]: `Self` is `B1` when the stride is `X`.
pub trait TimesRest<X, Y, Ns> {
    /// The rest modes.
    type Output;
    /// Their values.
    fn rest(ns: Ns) -> Result<Self::Output, Overflow>;
}
impl<X, Y: Default, Ns> TimesRest<X, Y, Ns> for B1
where
    HCons<Y, HNil>: Compact<Ns>,
{
    type Output = <HCons<Y, HNil> as Compact<Ns>>::Output;
    #[inline(always)]
    fn rest(ns: Ns) -> Result<Self::Output, Overflow> {
        HCons { head: Y::default(), tail: HNil }.compact(ns)
    }
}
impl<X: MulStatic<Y>, Y, Ns> TimesRest<X, Y, Ns> for B0
where
    <X as MulStatic<Y>>::Output: RestModes<Ns> + Default,
{
    type Output = <<X as MulStatic<Y>>::Output as RestModes<Ns>>::Output;
    #[inline(always)]
    fn rest(ns: Ns) -> Result<Self::Output, Overflow> {
        <X as MulStatic<Y>>::Output::default().rest_modes(ns)
    }
}

/// Complement of filtered, coalesced modes: a lone `(1, 0)` (nothing left) gives the compact
/// layout of the cotarget's size; otherwise the gaps.
pub trait ComplementModes<Cot> {
    /// The complement's modes before the final coalesce.
    type Output;
}
impl<M, Cot> ComplementModes<Cot> for M
where
    M: AllZero,
    <M as AllZero>::Output: Nothing<M, Cot>,
{
    type Output = <<M as AllZero>::Output as Nothing<M, Cot>>::Output;
}

/// `B1` for the lone mode `(1, 0)` that coalescing leaves of a layout with no non-zero stride.
pub trait AllZero {
    /// The bit.
    type Output;
}
impl<S, D: IsEqual<Z0>> AllZero for HCons<(S, D), HNil> {
    type Output = <D as IsEqual<Z0>>::Output;
}
impl<H, X, T> AllZero for HCons<H, HCons<X, T>> {
    type Output = B0;
}

/// The two cases of [`ComplementModes`].
pub trait Nothing<M, Cot> {
    /// The modes.
    type Output;
}
impl<M, Cot: RestModes<P1>> Nothing<M, Cot> for B1 {
    type Output = <Cot as RestModes<P1>>::Output;
}
impl<M: Gaps<HNil, P1, Cot>, Cot> Nothing<M, Cot> for B0 {
    type Output = <M as Gaps<HNil, P1, Cot>>::Output;
}

/// The filtered modes of `S:D`: stride-0 modes dropped, coalesced.
pub type Filtered<S, D> = <<FlatModes<S, D> as ZerosToOnes>::Output as CoalesceModes>::Output;

/// The static `complement(A, M)`: its shape and stride.
pub trait Complement<Cot> {
    /// The complement's shape.
    type Shape: IntTuple;
    /// The complement's stride.
    type Stride: IntTuple;
}
impl<S, D, Cot> Complement<Cot> for Layout<S, D>
where
    S: Flatten,
    D: Flatten,
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output>,
    FlatModes<S, D>: ZerosToOnes,
    <FlatModes<S, D> as ZerosToOnes>::Output: CoalesceModes,
    Filtered<S, D>: ComplementModes<Cot>,
    <Filtered<S, D> as ComplementModes<Cot>>::Output: CoalesceModes,
    <<Filtered<S, D> as ComplementModes<Cot>>::Output as CoalesceModes>::Output: ModesLayout,
{
    type Shape = <<<Filtered<S, D> as ComplementModes<Cot>>::Output as CoalesceModes>::Output as ModesLayout>::Shape;
    type Stride = <<<Filtered<S, D> as ComplementModes<Cot>>::Output as CoalesceModes>::Output as ModesLayout>::Stride;
}

/// The failure of the complement that the operation `Self` (its name, such as
/// [`names::logical_divide`]) on `A` and `T` composes with, the first of its modes in order:
/// a divide's tiles' complements ([`ComplementVerdict`]),
/// a product's complement of A.
pub trait Complements<A, T> {
    /// [`Pass`], or the failure.
    type Verdict;
}
/// The operations named `$name` that apply the tile operation `$op` (`DivideOp`, `ProductOp`)
/// tile by tile: their [`Complements`] are the tiles' ([`TilesComplement`]).
macro_rules! tiles_complements {
    ($op:ident: $($name:ident),*) => {$(
        impl<A, T: $crate::ops::complement::static_face::TilesComplement<$op, A>>
            $crate::ops::complement::static_face::Complements<A, T> for $crate::statics::names::$name
        {
            type Verdict = T::Verdict;
        }
    )*};
}
pub(crate) use tiles_complements;

/// Composition has no complement; its walk marks every condition.
impl<A, T> Complements<A, T> for names::composition {
    type Verdict = Pass;
}

/// Why one tile's complement does not exist ([`Complements`]).
pub trait NoComplement {
    /// [`Pass`] or the failure.
    type Verdict;
}

/// How an operation (`DivideOp`, `ProductOp`) asks why the complement of the tile `B` of its
/// operand's mode `A` does not exist.
pub trait TileComplement<A, B> {
    /// The question, a [`NoComplement`].
    type Why: NoComplement;
}

/// [`Complements`] of the operation `Op` on `A`, tile by tile of the tiler `Self`, as the tiler
/// applies (`ApplyTiler`): an integer is `Op`'s tile, `_` has no complement; too many modes are
/// the tiler's own verdict.
pub trait TilesComplement<Op, A> {
    /// [`Pass`] or the first failure.
    type Verdict;
}
impl<Op: TileComplement<A, Layout<SB, DB>>, A, SB, DB> TilesComplement<Op, A> for Layout<SB, DB> {
    type Verdict = <Op::Why as NoComplement>::Verdict;
}
impl<Op: IntTile<PInt<U>>, A, U: Unsigned + NonZero> TilesComplement<Op, A> for PInt<U>
where
    Op::Tile: TilesComplement<Op, A>,
{
    type Verdict = <Op::Tile as TilesComplement<Op, A>>::Verdict;
}
impl<Op, A> TilesComplement<Op, A> for Underscore {
    type Verdict = Pass;
}
impl<Op, A> TilesComplement<Op, A> for HNil {
    type Verdict = Pass;
}
impl<Op, S: Leaf, D, T0: TilesComplement<Op, Layout<S, D>>, TR> TilesComplement<Op, Layout<S, D>> for HCons<T0, TR> {
    type Verdict = T0::Verdict;
}
impl<Op, T0, TR> TilesComplement<Op, Layout<HNil, HNil>> for HCons<T0, TR> {
    type Verdict = Pass;
}
impl<Op, SH, ST, DH, DT, T0, TR> TilesComplement<Op, Layout<HCons<SH, ST>, HCons<DH, DT>>> for HCons<T0, TR>
where
    T0: TilesComplement<Op, Layout<SH, DH>>,
    TR: TilesComplement<Op, Layout<ST, DT>>,
    T0::Verdict: Then<TR::Verdict>,
{
    type Verdict = <T0::Verdict as Then<TR::Verdict>>::Output;
}

/// The verdict of `complement(S:D, M)`: no negative stride on a mode of size > 1, then each
/// stride of the filtered modes, by increasing order, at least the span of the smaller ones
/// ([`InjectiveVerdict`]). The cotarget plays no part; `Ops` is `(S, D, M)`, shown in the
/// message.
pub trait ComplementVerdict<Ops> {
    /// [`Pass`] or the first violated condition.
    type Output;
}
impl<S, D, Ops> ComplementVerdict<Ops> for Layout<S, D>
where
    S: Flatten,
    D: Flatten,
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output>,
    FlatModes<S, D>: NoNegative<Ops>,
    Layout<S, D>: InjectiveVerdict<Ops>,
    <FlatModes<S, D> as NoNegative<Ops>>::Output: Then<<Layout<S, D> as InjectiveVerdict<Ops>>::Output>,
{
    type Output =
        <<FlatModes<S, D> as NoNegative<Ops>>::Output as Then<<Layout<S, D> as InjectiveVerdict<Ops>>::Output>>::Output;
}

/// The verdict of CuTe's complement of `S:D` as a product takes it, negative strides allowed:
/// each of CuTe's quotients `stride / span` of the filtered modes by increasing stride is not 0
/// ([`Injective`]). `Ops` is `(S, D, M)`, shown in the message.
pub trait InjectiveVerdict<Ops> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S, D, Ops> InjectiveVerdict<Ops> for Layout<S, D>
where
    S: Flatten,
    D: Flatten,
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output>,
    FlatModes<S, D>: ZerosToOnes,
    <FlatModes<S, D> as ZerosToOnes>::Output: CoalesceModes,
    Filtered<S, D>: AllZero,
    <Filtered<S, D> as AllZero>::Output: InjectiveBy<Filtered<S, D>, Ops>,
{
    type Output = <<Filtered<S, D> as AllZero>::Output as InjectiveBy<Filtered<S, D>, Ops>>::Output;
}

/// The first mode of size > 1 with a negative stride (when `Neg` is `B1`).
pub trait NoNegative<Ops> {
    /// The verdict.
    type Output;
}
impl<Ops> NoNegative<Ops> for HNil {
    type Output = Pass;
}
impl<S, U: Unsigned + NonZero, T: NoNegative<Ops>, Ops> NoNegative<Ops> for HCons<(S, PInt<U>), T> {
    type Output = <T as NoNegative<Ops>>::Output;
}
impl<S, T: NoNegative<Ops>, Ops> NoNegative<Ops> for HCons<(S, Z0), T> {
    type Output = <T as NoNegative<Ops>>::Output;
}
/// A negative stride: a failure unless its mode has size 1 (which the complement filters out).
impl<S: IsP1, U: Unsigned + NonZero, T: NoNegative<Ops>, Ops> NoNegative<Ops> for HCons<(S, NInt<U>), T>
where
    <S as IsP1>::Output: Not,
    <<S as IsP1>::Output as Not>::Output: NegativeCheck<NInt<U>, Ops, <T as NoNegative<Ops>>::Output>,
{
    type Output =
        <<<S as IsP1>::Output as Not>::Output as NegativeCheck<NInt<U>, Ops, <T as NoNegative<Ops>>::Output>>::Output;
}
/// The negative-stride failure for the stride `D` (`Self` is `B1`), else `V`.
pub trait NegativeCheck<D, Ops, V> {
    /// The verdict.
    type Output;
}
impl<D, Ops, V> NegativeCheck<D, Ops, V> for B0 {
    type Output = V;
}
impl<D: Shown, S: Shown, SD: Shown, M: Shown, V> NegativeCheck<D, (S, SD, M), V> for B1 {
    type Output = NegativeStrideFail<S::Out, SD::Out, M::Out, D::Out>;
}

/// The filtered modes `M` are injective, by `Self`: `B1` when nothing is left of them (the lone
/// mode `(1, 0)`).
pub trait InjectiveBy<M, Ops> {
    /// The verdict.
    type Output;
}
impl<M, Ops> InjectiveBy<M, Ops> for B1 {
    type Output = Pass;
}
impl<M: Injective<P1, Ops>, Ops> InjectiveBy<M, Ops> for B0 {
    type Output = <M as Injective<P1, Ops>>::Output;
}
/// The modes `Self` by increasing stride, `Last` the span of those taken: CuTe's quotient
/// `stride / Last` must not be 0 (the walk of [`Gaps`], which computes the same quotients, so the
/// trait solver finds them cached). For non-negative strides that is `stride >= Last`.
pub trait Injective<Last, Ops> {
    /// The verdict.
    type Output;
}
impl<S, D: Quot<Last>, Last, Ops> Injective<Last, Ops> for HCons<(S, D), HNil>
where
    <D as Quot<Last>>::Output: IsEqual<Z0>,
    IsZeroQuot<D, Last>: GapCheck<D, Last, Ops, Pass>,
{
    type Output = <IsZeroQuot<D, Last> as GapCheck<D, Last, Ops, Pass>>::Output;
}
impl<H, X, T, Last, Ops> Injective<Last, Ops> for HCons<H, HCons<X, T>>
where
    HCons<H, HCons<X, T>>: PopMin,
    <HCons<H, HCons<X, T>> as PopMin>::Output: InjectiveStep<Last, Ops>,
{
    type Output = <<HCons<H, HCons<X, T>> as PopMin>::Output as InjectiveStep<Last, Ops>>::Output;
}
/// One step of [`Injective`] on `((S, D), Rest)` ([`PopMin`], as [`Gaps`] takes it): the mode
/// `S:D` of smallest stride against `Last`, then the others from `S * D` on.
pub trait InjectiveStep<Last, Ops> {
    /// The verdict.
    type Output;
}
impl<S, D, Rest, Last, Ops> InjectiveStep<Last, Ops> for ((S, D), Rest)
where
    D: Quot<Last>,
    S: MulStatic<D>,
    <D as Quot<Last>>::Output: IsEqual<Z0>,
    Rest: Injective<<S as MulStatic<D>>::Output, Ops>,
    IsZeroQuot<D, Last>: GapCheck<D, Last, Ops, <Rest as Injective<<S as MulStatic<D>>::Output, Ops>>::Output>,
{
    type Output = <IsZeroQuot<D, Last> as GapCheck<
        D,
        Last,
        Ops,
        <Rest as Injective<<S as MulStatic<D>>::Output, Ops>>::Output,
    >>::Output;
}
/// `B1` when CuTe's quotient `D / Last` is 0.
type IsZeroQuot<D, Last> = <<D as Quot<Last>>::Output as IsEqual<Z0>>::Output;

/// The non-injective failure when CuTe's quotient `D / Last` is 0 (`Self` is `B1`), else `V`.
pub trait GapCheck<D, Last, Ops, V> {
    /// The verdict.
    type Output;
}
impl<D, Last, Ops, V> GapCheck<D, Last, Ops, V> for B0 {
    type Output = V;
}
impl<D: Shown, Last: Shown, S: Shown, SD: Shown, M: Shown, V> GapCheck<D, Last, (S, SD, M), V> for B1 {
    type Output = NonInjectiveFail<S::Out, SD::Out, M::Out, D::Out, Last::Out>;
}

/// The message of a condition of `complement(A, M)`, `cotarget` holding M's leaves.
pub(crate) const fn fail(c: ComplementError, a: &FlatLayout, cotarget: &[i64]) -> Message {
    let m = headline(c.kind(), "complement(").layout(&a.shape, &a.stride).s(", ").tuple(cotarget).s("): ");
    c.describe(m)
}

/// `complement(A, M)` with the shared algorithm (`cotarget` holds M's leaves): an error message
/// for a non-positive cotarget, a negative stride or a non-injective A.
pub(crate) const fn complement_of(a: &FlatLayout, cotarget: &[i64]) -> Result<FlatLayout, Message> {
    if let Err(c) = flat::check_strides(a.shapes(), a.strides()) {
        return Err(fail(c, a, cotarget));
    }
    let (mut ts, mut td) = ([0i64; MAX_LEAVES + 2], [0i64; MAX_LEAVES + 2]);
    let mut out = FlatLayout { shape: Leaves::EMPTY, stride: Leaves::EMPTY };
    match flat::complement(
        a.shapes(),
        a.strides(),
        cotarget,
        &mut ts,
        &mut td,
        &mut out.shape.vals,
        &mut out.stride.vals,
    ) {
        Ok(n) => {
            out.shape.len = n;
            out.stride.len = n;
            Ok(out)
        }
        Err(c) => Err(fail(c, a, cotarget)),
    }
}

/// Check `complement(A, M)` at compile time: the conditions of [`complement_of`], and the trait
/// solver's result equal to the shared algorithm's.
pub(crate) const fn check(a: &FlatLayout, cotarget: &Leaves, result: &FlatLayout) -> Checked {
    let c = match complement_of(a, cotarget.as_slice()) {
        Ok(c) => c,
        Err(m) => return Err(m),
    };
    if !same_prefix(c.shapes(), c.strides(), c.shape.len, result) {
        return disagree("complement");
    }
    Ok(())
}

/// The check of `complement(S:D, Cot)` with the trait solver's result `RS:RD`.
pub(crate) struct ComplementCheck<S, D, Cot, RS, RD>(PhantomData<(S, D, Cot, RS, RD)>);
impl<S: IntTuple, D: IntTuple, Cot: IntTuple, RS: IntTuple, RD: IntTuple> Check for ComplementCheck<S, D, Cot, RS, RD> {
    const RESULT: Checked = check(&FlatLayout::of::<S, D>(), &Cot::LEAVES, &FlatLayout::of::<RS, RD>());
}

/// The check of `complement(S:D, M)` with the trait solver's result.
pub(crate) type ComplementOfCheck<S, D, M> =
    ComplementCheck<S, D, M, <Layout<S, D> as Complement<M>>::Shape, <Layout<S, D> as Complement<M>>::Stride>;

/// The result type of `complement(A, M)`.
pub type ComplementOf<A, M> = Layout<<A as Complement<M>>::Shape, <A as Complement<M>>::Stride>;

/// The complement of `a` with respect to the static cotarget `m`, an integer or a shape
/// (CuTe's `complement(A, M)`). A layout that is not injective, or has a negative stride, is a
/// compile error.
///
/// ```
/// use cute::{complement, Layout};
/// use cute::typenum::{P2, P24, P4};
/// let c = complement(Layout::<P4, P2>::new(), P24::new());
/// assert_eq!(c.to_string(), "(_2,_3):(_1,_8)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn complement<M, S, D>(a: Layout<S, D>, m: M) -> ComplementOf<Layout<S, D>, M>
where <Layout<S, D> as ComplementVerdict<(S, D, M)>>::Output: Holds,
    M: IntTuple,
    S: IntTuple,
    D: IntTuple,
    Layout<S, D>: Complement<M> + ComplementVerdict<(S, D, M)>,
    ComplementOf<Layout<S, D>, M>: Made,
{
    complement_unverified(a, m)
}

/// [`complement`] without the bound of its verdict, for a caller that requires a verdict of its
/// own (which shows its own operands); the `const` check still runs.
pub(crate) fn complement_unverified<M, S, D>(a: Layout<S, D>, m: M) -> ComplementOf<Layout<S, D>, M>
where
    M: IntTuple,
    S: IntTuple,
    D: IntTuple,
    Layout<S, D>: Complement<M>,
    ComplementOf<Layout<S, D>, M>: Made,
{
    let _ = (a, m);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<ComplementOfCheck<S, D, M>>::OK;
    Made::made()
}

/// The static `complement(A)`, whose cotarget is `cosize(filter(A))`.
pub trait ComplementDefault {
    /// The complement.
    type Output: Made;
    /// The compile-time check: `Ok`, or the message of the first violated condition.
    const RESULT: Checked;
}
impl<S: IntTuple, D: IntTuple, SF, DF> ComplementDefault for Layout<S, D>
where
    Layout<S, D>: crate::ops::filter::static_face::Filter<Output = Layout<SF, DF>>,
    Layout<SF, DF>: crate::statics::tiler::CosizeT,
    <Layout<SF, DF> as crate::statics::tiler::CosizeT>::Output: IntTuple,
    Layout<S, D>: Complement<<Layout<SF, DF> as crate::statics::tiler::CosizeT>::Output>,
{
    type Output = ComplementOf<Layout<S, D>, <Layout<SF, DF> as crate::statics::tiler::CosizeT>::Output>;
    const RESULT: Checked = <ComplementCheck<
        S,
        D,
        <Layout<SF, DF> as crate::statics::tiler::CosizeT>::Output,
        <Layout<S, D> as Complement<<Layout<SF, DF> as crate::statics::tiler::CosizeT>::Output>>::Shape,
        <Layout<S, D> as Complement<<Layout<SF, DF> as crate::statics::tiler::CosizeT>::Output>>::Stride,
    > as Check>::RESULT;
}

/// The check of `complement(L)`, for [`Verify`].
struct DefaultCheck<L>(PhantomData<L>);
impl<L: ComplementDefault> Check for DefaultCheck<L> {
    const RESULT: Checked = <L as ComplementDefault>::RESULT;
}

/// The complement of `a` with respect to `cosize(filter(a))` (CuTe's one-argument
/// `complement(A)`).
///
/// ```
/// use cute::statics::complement_default;
/// use cute::Layout;
/// type A = Layout![(4,8):(1,8)];
/// assert_eq!(complement_default(A::new()).to_string(), "_2:_4");
/// ```
pub fn complement_default<L: ComplementDefault>(a: L) -> L::Output {
    let _ = a;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<DefaultCheck<L>>::OK;
    <L::Output as Made>::made()
}
