//! Static coalesce: CuTe's `bw_coalesce` in the trait solver, on lists of modes `(S, D)`.

use core::marker::PhantomData;
use core::ops::Mul;

use frunk_core::hlist::{HCons, HNil};
use typenum::{IsEqual, B0, B1, P1, Z0};

use super::check::{disagree, overflow, same_prefix, Check, Checked, Verify};
use super::layout::{Layout, Made};
use super::leaves::{FlatLayout, MAX_LEAVES};
use super::tiler::{AppliedTo, ApplyTiler, IntTile, RestModes, TileOp, Tiled};
use super::tuple::{Congruent, IntTuple, Shape};
use super::typeops::{ExtendLast, FlatModes, Flatten, HeadMode, IsOne, ModesLayout, Reverse, ZipModes};

/// Coalesce a list of modes; `Ext` is `B1` for CuTe's `coalesce_x` (a trailing size-1 mode
/// keeps its stride). The output is a non-empty list of modes, `(P1, Z0)` alone when nothing is
/// left.
pub trait CoalesceModes<Ext> {
    /// The coalesced modes, left to right.
    type Output;
}

impl<Ext, M> CoalesceModes<Ext> for M
where
    M: Reverse,
    <M as Reverse>::Output: StartFold<Ext>,
{
    type Output = <<M as Reverse>::Output as StartFold<Ext>>::Output;
}

/// Seed the fold with the last mode (the head of the reversed list).
pub trait StartFold<Ext> {
    /// The coalesced modes.
    type Output;
}
impl<Ext> StartFold<Ext> for HNil {
    type Output = HCons<(P1, Z0), HNil>;
}
impl<Ext: ExtendLast<S>, S, D, T> StartFold<Ext> for HCons<(S, D), T>
where
    T: Fold<HCons<(<Ext as ExtendLast<S>>::Output, D), HNil>>,
{
    type Output = <T as Fold<HCons<(<Ext as ExtendLast<S>>::Output, D), HNil>>>::Output;
}

/// Fold the remaining modes (back to front) into the stack `Acc`, whose head is the current
/// first mode of the result.
pub trait Fold<Acc> {
    /// The coalesced modes.
    type Output;
}
impl<Acc: HeadMode> Fold<Acc> for HNil
where
    <Acc as HeadMode>::S: IsEqual<P1>,
    <Acc as HeadMode>::Single: core::ops::BitAnd<IsOne<<Acc as HeadMode>::S>>,
    <<Acc as HeadMode>::Single as core::ops::BitAnd<IsOne<<Acc as HeadMode>::S>>>::Output: Finish<Acc>,
{
    type Output =
        <<<Acc as HeadMode>::Single as core::ops::BitAnd<IsOne<<Acc as HeadMode>::S>>>::Output as Finish<Acc>>::Output;
}
impl<S: IsEqual<P1>, D, T, Acc> Fold<Acc> for HCons<(S, D), T>
where
    IsOne<S>: SkipOne<S, D, Acc>,
    T: Fold<<IsOne<S> as SkipOne<S, D, Acc>>::Output>,
{
    type Output = <T as Fold<<IsOne<S> as SkipOne<S, D, Acc>>::Output>>::Output;
}

/// A stack that is a single size-1 mode means nothing is left: `1:0`.
pub trait Finish<Acc> {
    /// The result.
    type Output;
}
impl<Acc> Finish<Acc> for B1 {
    type Output = HCons<(P1, Z0), HNil>;
}
impl<Acc> Finish<Acc> for B0 {
    type Output = Acc;
}

/// Skip a size-1 mode (`B1`), else go on to [`Replace`].
pub trait SkipOne<S, D, Acc> {
    /// The new stack.
    type Output;
}
impl<S, D, Acc> SkipOne<S, D, Acc> for B1 {
    type Output = Acc;
}
impl<S, D, Acc: HeadMode> SkipOne<S, D, Acc> for B0
where
    <Acc as HeadMode>::S: IsEqual<P1>,
    <Acc as HeadMode>::Single: core::ops::BitAnd<IsOne<<Acc as HeadMode>::S>>,
    <<Acc as HeadMode>::Single as core::ops::BitAnd<IsOne<<Acc as HeadMode>::S>>>::Output: Replace<S, D, Acc>,
{
    type Output = <<<Acc as HeadMode>::Single as core::ops::BitAnd<IsOne<<Acc as HeadMode>::S>>>::Output as Replace<
        S,
        D,
        Acc,
    >>::Output;
}

/// A stack that is a single size-1 mode is replaced (`B1`); else [`Merge`].
pub trait Replace<S, D, Acc> {
    /// The new stack.
    type Output;
}
impl<S, D, Acc> Replace<S, D, Acc> for B1 {
    type Output = HCons<(S, D), HNil>;
}
impl<S, D, Acc: HeadMode> Replace<S, D, Acc> for B0
where
    S: Mul<D>,
    <S as Mul<D>>::Output: IsEqual<<Acc as HeadMode>::D>,
    <<S as Mul<D>>::Output as IsEqual<<Acc as HeadMode>::D>>::Output: Merge<S, D, Acc>,
{
    type Output = <<<S as Mul<D>>::Output as IsEqual<<Acc as HeadMode>::D>>::Output as Merge<S, D, Acc>>::Output;
}

/// `s:d` followed by `s1:s*d` merges into `s*s1:d` (`B1`); else it is pushed in front.
pub trait Merge<S, D, Acc> {
    /// The new stack.
    type Output;
}
impl<S: Mul<S1>, D, S1, D1, T> Merge<S, D, HCons<(S1, D1), T>> for B1 {
    type Output = HCons<(<S as Mul<S1>>::Output, D), T>;
}
impl<S, D, Acc> Merge<S, D, Acc> for B0 {
    type Output = HCons<(S, D), Acc>;
}

/// The static `coalesce(L)`: the result type of [`coalesce`](crate::coalesce()).
pub trait Coalesce {
    /// The coalesced shape.
    type Shape: IntTuple;
    /// The coalesced stride.
    type Stride: IntTuple;
    /// The coalesced layout.
    type Output: Made;
    /// The compile-time check: the trait solver's result is the shared algorithm's.
    const RESULT: Checked;
}
impl<S: Shape + Congruent<D> + Flatten, D: IntTuple + Flatten> Coalesce for Layout<S, D>
where
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output>,
    FlatModes<S, D>: CoalesceModes<B0>,
    <FlatModes<S, D> as CoalesceModes<B0>>::Output: ModesLayout,
{
    type Shape = <<FlatModes<S, D> as CoalesceModes<B0>>::Output as ModesLayout>::Shape;
    type Stride = <<FlatModes<S, D> as CoalesceModes<B0>>::Output as ModesLayout>::Stride;
    type Output = Layout<Self::Shape, Self::Stride>;
    const RESULT: Checked = check(&FlatLayout::of::<S, D>(), &FlatLayout::of::<Self::Shape, Self::Stride>());
}

/// Check `coalesce(L)`: no overflow, and the trait solver's `result` is the shared algorithm's.
const fn check(input: &FlatLayout, result: &FlatLayout) -> Checked {
    let (mut cs, mut cd) = ([0i64; MAX_LEAVES + 1], [0i64; MAX_LEAVES + 1]);
    let n = match crate::flat::coalesce(input.shapes(), input.strides(), false, &mut cs, &mut cd) {
        Ok(n) => n,
        Err(o) => return Err(overflow(o)),
    };
    if !same_prefix(&cs, &cd, n, result) {
        return disagree("coalesce");
    }
    Ok(())
}

/// The check of `coalesce(L)`, for [`Verify`].
pub(crate) struct CoalesceCheck<L>(PhantomData<L>);
impl<L: Coalesce> Check for CoalesceCheck<L> {
    const RESULT: Checked = <L as Coalesce>::RESULT;
}

/// Coalesce a static layout (CuTe's `coalesce`): the same function on its domain, depth <= 1.
///
/// ```
/// use cute::{coalesce, Layout};
/// type L = Layout![(2,(1,6)):(1,(6,2))];
/// let c = coalesce(L::new());
/// assert_eq!(c.to_string(), "_12:_1");
/// ```
pub fn coalesce<S, D>(layout: Layout<S, D>) -> <Layout<S, D> as Coalesce>::Output
where
    Layout<S, D>: Coalesce,
{
    let _ = layout;
    #[allow(clippy::let_unit_value)]
    let () = Verify::<CoalesceCheck<Layout<S, D>>>::OK;
    <<Layout<S, D> as Coalesce>::Output as Made>::made()
}

/// The operation marker of `coalesce` by a profile: a `1` (`P1`) coalesces the mode, `_`
/// ([`Underscore`](super::Underscore)) leaves it alone, a tuple goes mode by mode, and the modes
/// beyond the profile are kept.
pub struct CoalesceOp;

/// The tile an integer profile entry stands for: "coalesce this mode".
pub struct CoalesceMode;

impl<N> IntTile<N> for CoalesceOp {
    type Tile = CoalesceMode;
}

impl<SL, DL> RestModes<SL, DL> for CoalesceOp {
    type Shape = SL;
    type Stride = DL;
}

impl<S, D> TileOp<Layout<S, D>, CoalesceMode> for CoalesceOp
where
    Layout<S, D>: Coalesce,
{
    type Shape = <Layout<S, D> as Coalesce>::Shape;
    type Stride = <Layout<S, D> as Coalesce>::Stride;
    const RESULT: Checked = <Layout<S, D> as Coalesce>::RESULT;
}

/// The result type of `coalesce_profile(L, P)`.
pub type CoalesceProfile<L, P> =
    Layout<<L as ApplyTiler<CoalesceOp, P>>::Shape, <L as ApplyTiler<CoalesceOp, P>>::Stride>;

/// Coalesce mode by mode following `profile`, a tuple of `P1` (coalesce this mode) and `_`
/// (leave it alone), nested as deep as needed (CuTe's `coalesce(layout, profile)`).
///
/// ```
/// use cute::statics::{coalesce_profile, Underscore};
/// use cute::{HCons, HNil, Layout};
/// use cute::typenum::P1;
/// type L = Layout![(3,(2,6)):(1,(3,6))];
/// let p = HCons { head: Underscore, tail: HCons { head: P1::new(), tail: HNil } };
/// assert_eq!(coalesce_profile(L::new(), p).to_string(), "(_3,_12):(_1,_3)");
/// ```
pub fn coalesce_profile<S, D, P>(layout: Layout<S, D>, profile: P) -> CoalesceProfile<Layout<S, D>, P>
where
    Layout<S, D>: ApplyTiler<CoalesceOp, P>,
    P: AppliedTo<CoalesceOp, Layout<S, D>>,
{
    let _ = (layout, profile);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Tiled<CoalesceOp, Layout<S, D>, P>>::OK;
    Layout::make()
}
