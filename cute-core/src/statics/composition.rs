//! Static composition: CuTe's `composition_impl` in the trait solver. The conditions are checked
//! in `const` evaluation by the same code as the dynamic engine (`flat`), which also
//! computes the result's leaves; the check compares them with the trait solver's result, so the
//! two faces cannot drift apart.

use core::ops::{Mul, Neg};

use frunk_core::hlist::{HCons, HNil};
use typenum::{Cmp, Equal, Greater, Less, NInt, NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use super::arith::Quot;
use super::check::{Checked, Verify};
use super::coalesce::CoalesceModes;
use super::layout::{Layout, Made};
use super::leaves::FlatLayout;
use super::tiler::{AppliedTo, ApplyTiler, IntTile, RestModes, TileOp, Tiled};
use super::tuple::{IntTuple, Leaf, TupleList};
use super::typeops::{CeilDiv, FlatModes, Flatten, IsP1, ModesLayout, Reverse, ZipModes};

/// Compose the coalesced modes `Self` of A with the leaf `N:R` of B; the output is a non-empty
/// list of modes.
pub trait ComposeLeaf<N, R> {
    /// The result modes.
    type Output;
}
impl<M, N> ComposeLeaf<N, Z0> for M {
    type Output = HCons<(N, Z0), HNil>;
}
impl<M: ComposeNonZero<N, typenum::PInt<U>>, N, U: typenum::Unsigned + typenum::NonZero>
    ComposeLeaf<N, typenum::PInt<U>> for M
{
    type Output = <M as ComposeNonZero<N, typenum::PInt<U>>>::Output;
}
impl<M: ComposeNonZero<N, typenum::NInt<U>>, N, U: typenum::Unsigned + typenum::NonZero>
    ComposeLeaf<N, typenum::NInt<U>> for M
{
    type Output = <M as ComposeNonZero<N, typenum::NInt<U>>>::Output;
}

/// [`ComposeLeaf`] for a non-zero stride: a single mode of A is linear, else fold over its modes.
pub trait ComposeNonZero<N, R> {
    /// The result modes.
    type Output;
}
impl<S, D, N, R: Mul<D>> ComposeNonZero<N, R> for HCons<(S, D), HNil> {
    type Output = HCons<(N, <R as Mul<D>>::Output), HNil>;
}
impl<S, D, X, T, N, R> ComposeNonZero<N, R> for HCons<(S, D), HCons<X, T>>
where
    HCons<(S, D), HCons<X, T>>: Walk<HNil, N, R>,
{
    type Output = <HCons<(S, D), HCons<X, T>> as Walk<HNil, N, R>>::Output;
}

/// Walk A's modes with the result so far (`Res`, reversed), the shape left to place and the
/// stride left to divide out.
pub trait Walk<Res, RestShape, RestStride> {
    /// The result modes.
    type Output;
}
/// The last mode of A absorbs what is left.
impl<SL, DL, Res, RS, RD> Walk<Res, RS, RD> for HCons<(SL, DL), HNil>
where
    RD: Mul<DL>,
    Res: Last<RS, <RD as Mul<DL>>::Output>,
{
    type Output = <Res as Last<RS, <RD as Mul<DL>>::Output>>::Output;
}
/// Any other mode of A: one [`Advance`] step, then the remaining modes.
impl<S, D, X, T, Res, RS, RD> Walk<Res, RS, RD> for HCons<(S, D), HCons<X, T>>
where
    RD: Advance<S, D, Res, RS>,
    HCons<X, T>: Walk<
        <RD as Advance<S, D, Res, RS>>::Res,
        <RD as Advance<S, D, Res, RS>>::RestShape,
        <RD as Advance<S, D, Res, RS>>::RestStride,
    >,
{
    type Output = <HCons<X, T> as Walk<
        <RD as Advance<S, D, Res, RS>>::Res,
        <RD as Advance<S, D, Res, RS>>::RestShape,
        <RD as Advance<S, D, Res, RS>>::RestStride,
    >>::Output;
}

/// The next shape of a mode `S` of A: `ceil_div(S, A)` where `A` is the stride left (its
/// absolute value).
type NextShape<S, A> = <S as CeilDiv<A>>::Output;
/// `B1` when the mode's next shape is 1 (the mode is skipped).
type NextSkip<S, A> = <NextShape<S, A> as IsP1>::Output;

/// One step of the walk over a mode `S:D` of A that is not the last one; `Self` is the stride
/// left to divide out (never zero: [`ComposeLeaf`] handles a zero stride). The mode's next
/// shape `ceil_div(S, |Self|)` and the next stride `signum(Self) * ceil_div(|Self|, S)` are
/// computed once here, dispatching on the sign so no `Abs`/`Signum`/`Mul` is needed.
pub trait Advance<S, D, Res, RS> {
    /// The result so far.
    type Res;
    /// The shape left to place.
    type RestShape;
    /// The stride left to divide out.
    type RestStride;
}
impl<U: Unsigned + NonZero, S, D, Res, RS> Advance<S, D, Res, RS> for PInt<U>
where
    PInt<U>: IsP1,
    <PInt<U> as IsP1>::Output: AdvancePos<S, D, Res, RS, PInt<U>>,
{
    type Res = <<PInt<U> as IsP1>::Output as AdvancePos<S, D, Res, RS, PInt<U>>>::Res;
    type RestShape = <<PInt<U> as IsP1>::Output as AdvancePos<S, D, Res, RS, PInt<U>>>::RestShape;
    type RestStride = <<PInt<U> as IsP1>::Output as AdvancePos<S, D, Res, RS, PInt<U>>>::RestStride;
}

/// [`Advance`] for a positive stride `RD`; `Self` is `B1` when `RD` is 1, the common case: the
/// next shape is `S` and the next stride 1, with no division.
pub trait AdvancePos<S, D, Res, RS, RD> {
    /// The result so far.
    type Res;
    /// The shape left to place.
    type RestShape;
    /// The stride left to divide out.
    type RestStride;
}
impl<S: IsP1, D, Res, RS> AdvancePos<S, D, Res, RS, P1> for B1
where
    <S as IsP1>::Output: Place<S, D, Res, RS, P1>,
{
    type Res = <<S as IsP1>::Output as Place<S, D, Res, RS, P1>>::Res;
    type RestShape = <<S as IsP1>::Output as Place<S, D, Res, RS, P1>>::RestShape;
    type RestStride = P1;
}
impl<S, D, Res, RS, RD> AdvancePos<S, D, Res, RS, RD> for B0
where
    S: CeilDiv<RD>,
    RD: CeilDiv<S>,
    <S as CeilDiv<RD>>::Output: IsP1,
    NextSkip<S, RD>: Place<NextShape<S, RD>, D, Res, RS, RD>,
{
    type Res = <NextSkip<S, RD> as Place<NextShape<S, RD>, D, Res, RS, RD>>::Res;
    type RestShape = <NextSkip<S, RD> as Place<NextShape<S, RD>, D, Res, RS, RD>>::RestShape;
    type RestStride = <RD as CeilDiv<S>>::Output;
}
impl<U: Unsigned + NonZero, S, D, Res, RS> Advance<S, D, Res, RS> for NInt<U>
where
    S: CeilDiv<PInt<U>>,
    PInt<U>: CeilDiv<S>,
    <PInt<U> as CeilDiv<S>>::Output: Neg,
    <S as CeilDiv<PInt<U>>>::Output: IsP1,
    NextSkip<S, PInt<U>>: Place<NextShape<S, PInt<U>>, D, Res, RS, NInt<U>>,
{
    type Res = <NextSkip<S, PInt<U>> as Place<NextShape<S, PInt<U>>, D, Res, RS, NInt<U>>>::Res;
    type RestShape = <NextSkip<S, PInt<U>> as Place<NextShape<S, PInt<U>>, D, Res, RS, NInt<U>>>::RestShape;
    type RestStride = <<PInt<U> as CeilDiv<S>>::Output as Neg>::Output;
}

/// Place elements in one mode of A whose next shape is `NS`; `Self` is `B1` when `NS` is 1:
/// the mode is skipped (the stride jumps over it), else [`Take`] decides on the shape left.
pub trait Place<NS, D, Res, RS, RD> {
    /// The result so far.
    type Res;
    /// The shape left to place.
    type RestShape;
}
impl<NS, D, Res, RS, RD> Place<NS, D, Res, RS, RD> for B1 {
    type Res = Res;
    type RestShape = RS;
}
impl<NS, D, Res, RS: IsP1, RD> Place<NS, D, Res, RS, RD> for B0
where
    <RS as IsP1>::Output: Take<NS, D, Res, RS, RD>,
{
    type Res = <<RS as IsP1>::Output as Take<NS, D, Res, RS, RD>>::Res;
    type RestShape = <<RS as IsP1>::Output as Take<NS, D, Res, RS, RD>>::RestShape;
}

/// `Self` is `B1` when the shape left to place `RS` is 1: the mode is skipped; else it takes
/// `min(NS, RS)` elements at stride `RD * D`.
pub trait Take<NS, D, Res, RS, RD> {
    /// The result so far.
    type Res;
    /// The shape left to place.
    type RestShape;
}
impl<NS, D, Res, RS, RD> Take<NS, D, Res, RS, RD> for B1 {
    type Res = Res;
    type RestShape = RS;
}
impl<NS, D, Res, RS, RD> Take<NS, D, Res, RS, RD> for B0
where
    NS: Cmp<RS>,
    RD: Mul<D>,
    <NS as Cmp<RS>>::Output: TakeMin<NS, RS>,
{
    type Res = HCons<(<<NS as Cmp<RS>>::Output as TakeMin<NS, RS>>::Taken, <RD as Mul<D>>::Output), Res>;
    type RestShape = <<NS as Cmp<RS>>::Output as TakeMin<NS, RS>>::RestShape;
}

/// `min(NS, RS)` and `RS / min(NS, RS)` from `Self`, the comparison of `NS` with `RS`: when the
/// mode holds all that is left, nothing is left (1) and no division is needed.
pub trait TakeMin<NS, RS> {
    /// `min(NS, RS)`.
    type Taken;
    /// `RS / min(NS, RS)`.
    type RestShape;
}
impl<NS, RS: Quot<NS>> TakeMin<NS, RS> for Less {
    type Taken = NS;
    type RestShape = <RS as Quot<NS>>::Output;
}
impl<NS, RS> TakeMin<NS, RS> for Equal {
    type Taken = RS;
    type RestShape = P1;
}
impl<NS, RS> TakeMin<NS, RS> for Greater {
    type Taken = RS;
    type RestShape = P1;
}

/// Close the walk with the last mode `RS:RD` (already scaled by A's last stride).
pub trait Last<RS, RD> {
    /// The result modes.
    type Output;
}
impl<RS, RD> Last<RS, RD> for HNil {
    type Output = HCons<(RS, RD), HNil>;
}
impl<H, T, RS: IsP1, RD> Last<RS, RD> for HCons<H, T>
where
    <RS as IsP1>::Output: KeepRest<HCons<H, T>, RS, RD>,
{
    type Output = <<RS as IsP1>::Output as KeepRest<HCons<H, T>, RS, RD>>::Output;
}

/// Drop a size-1 rest (`B1`) or append it, then put the result in order.
pub trait KeepRest<Res, RS, RD> {
    /// The result modes.
    type Output;
}
impl<Res: Reverse, RS, RD> KeepRest<Res, RS, RD> for B1 {
    type Output = <Res as Reverse>::Output;
}
impl<Res, RS, RD> KeepRest<Res, RS, RD> for B0
where
    HCons<(RS, RD), Res>: Reverse,
{
    type Output = <HCons<(RS, RD), Res> as Reverse>::Output;
}

/// Compose the coalesced modes `M` of A with every leaf of B (`Self` is B's shape, `D` its
/// stride), keeping B's structure.
pub trait ComposeTree<D, M> {
    /// The result's shape.
    type Shape: IntTuple;
    /// The result's stride.
    type Stride: IntTuple;
}
impl<M, N: Leaf, R: Leaf> ComposeTree<R, M> for N
where
    M: ComposeLeaf<N, R>,
    <M as ComposeLeaf<N, R>>::Output: ModesLayout,
{
    type Shape = <<M as ComposeLeaf<N, R>>::Output as ModesLayout>::Shape;
    type Stride = <<M as ComposeLeaf<N, R>>::Output as ModesLayout>::Stride;
}
impl<M> ComposeTree<HNil, M> for HNil {
    type Shape = HNil;
    type Stride = HNil;
}
impl<M, SH, ST, DH, DT> ComposeTree<HCons<DH, DT>, M> for HCons<SH, ST>
where
    SH: ComposeTree<DH, M>,
    ST: ComposeTree<DT, M>,
    <ST as ComposeTree<DT, M>>::Shape: TupleList,
    <ST as ComposeTree<DT, M>>::Stride: TupleList,
{
    type Shape = HCons<<SH as ComposeTree<DH, M>>::Shape, <ST as ComposeTree<DT, M>>::Shape>;
    type Stride = HCons<<SH as ComposeTree<DH, M>>::Stride, <ST as ComposeTree<DT, M>>::Stride>;
}

/// The coalesced (`coalesce_x`) modes of a static layout.
pub type CoalescedModes<S, D> = <FlatModes<S, D> as CoalesceModes<B1>>::Output;

/// The static `A o B`: the result type of [`composition`](crate::composition()).
pub trait Compose<B> {
    /// The shape of the composition.
    type Shape: IntTuple;
    /// The stride of the composition.
    type Stride: IntTuple;
}
impl<SA, DA, SB, DB> Compose<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: IntTuple + Flatten,
    DA: IntTuple + Flatten,
    <SA as Flatten>::Output: ZipModes<<DA as Flatten>::Output>,
    FlatModes<SA, DA>: CoalesceModes<B1>,
    SB: ComposeTree<DB, CoalescedModes<SA, DA>>,
{
    type Shape = <SB as ComposeTree<DB, CoalescedModes<SA, DA>>>::Shape;
    type Stride = <SB as ComposeTree<DB, CoalescedModes<SA, DA>>>::Stride;
}

/// The operation marker of composition by a tiler: integers mean `n:1`, uncovered modes of A are
/// dropped.
pub struct ComposeOp;

impl<SA: IntTuple, DA: IntTuple, SB: IntTuple, DB: IntTuple> TileOp<Layout<SA, DA>, Layout<SB, DB>> for ComposeOp
where
    Layout<SA, DA>: Compose<Layout<SB, DB>>,
{
    type Shape = <Layout<SA, DA> as Compose<Layout<SB, DB>>>::Shape;
    type Stride = <Layout<SA, DA> as Compose<Layout<SB, DB>>>::Stride;
    const RESULT: Checked = super::check::composition(
        &FlatLayout::of::<SA, DA>(),
        &FlatLayout::of::<SB, DB>(),
        Some(&FlatLayout::of::<Self::Shape, Self::Stride>()),
        None,
        0,
    );
}

impl<N> IntTile<N> for ComposeOp {
    type Tile = Layout<N, P1>;
}

impl<SL, DL> RestModes<SL, DL> for ComposeOp {
    type Shape = HNil;
    type Stride = HNil;
}

/// The result type of `composition(A, T)`.
pub type Composition<A, T> = Layout<<A as ApplyTiler<ComposeOp, T>>::Shape, <A as ApplyTiler<ComposeOp, T>>::Stride>;

/// The composition `A o B` of static layouts (CuTe's `composition(A, B)`): `R(c) == A(B(c))` for
/// every `c` in B's domain. `B` may also be a tiler: an integer `n` (`n:1`), `_` (A unchanged) or
/// a tuple of tilers applied mode by mode (A's uncovered modes are dropped). A violated condition
/// (stride or shape divisibility, overlapping modes of B, too many modes in the tiler) fails
/// compilation with a message giving the values.
///
/// ```
/// use cute::{composition, HCons, HNil, Layout};
/// use cute::typenum::{P12, P2, P3, P6};
/// type A = Layout![(4,6,8,10):(2,3,5,7)];
/// let r = composition(A::new(), Layout::<P6, P12>::new());
/// assert_eq!(r.to_string(), "(_2,_3):(_9,_5)");
/// // a tiler: 2 elements of mode 0, 3 of mode 1; modes 2 and 3 are dropped
/// let t = composition(A::new(), HCons { head: P2::new(), tail: HCons { head: P3::new(), tail: HNil } });
/// assert_eq!(t.to_string(), "(_2,_3):(_2,_3)");
/// ```
///
/// The stride 3 of `6:3` does not divide the shape 4 of A's first mode:
///
/// ```compile_fail,E0080
/// use cute::{composition, Layout};
/// use cute::typenum::{P3, P6};
/// type A = Layout![(4,6,8):(2,3,5)];
/// let _ = composition(A::new(), Layout::<P6, P3>::new());
/// ```
pub fn composition<SA, DA, T>(a: Layout<SA, DA>, tiler: T) -> <T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output
where
    T: AppliedTo<ComposeOp, Layout<SA, DA>>,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Tiled<ComposeOp, Layout<SA, DA>, T>>::OK;
    <<T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output as Made>::made()
}
