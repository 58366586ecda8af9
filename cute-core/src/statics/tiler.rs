//! Tilers and their application mode by mode.
//!
//! A tiler is a layout, an integer `n` (a typenum `PInt`, meaning `n:1`; CuTe's `Int<N>`; or an
//! `i64` on layouts with runtime leaves), the slice marker [`Underscore`], or a tuple (HList) of
//! tilers applied to A's modes one by one. A shape such as `HCons<P4, HCons<P8, HNil>>` is thus
//! the tiler `<4,8>`.
//!
//! Two walks apply a tuple tiler: [`ApplyTiler`], the static face's, which computes the result
//! type with the marks of violated conditions and the compile-time check; and [`ByMode`], on
//! leaves static or runtime, which computes the value too (composition, the divides and the
//! products, with integer or basis strides). Both take the operation's step on one mode from
//! the operation ([`TileOp`], [`ModeOp`]) and the modes past the tiler from [`RestModes`].

use core::marker::PhantomData;
use core::ops::Add;

use frunk_core::hlist::{HCons, HNil};
use typenum::{Abs, IsEqual, NInt, NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use super::arith::{Dec, MulStatic};
use super::check::{both, Check, Checked};
use super::layout::{Layout, Made};
use super::report::{Fits, Pass, Shown, Then, TooManyModesFail};
use super::tuple::{IntTuple, Leaf, TupleList};
use super::typeops::{FlatModes, Flatten, IsOne, ZipModes};
use crate::error::runtime::{Detail, Error};
use crate::layout::FlatResult;

pub use crate::leaf::Underscore;

impl crate::error::verdict::Shown for Underscore {
    type Out = Underscore;
}

/// One application of a tiling operation to a layout `A` and a single tile `B` (a layout).
pub trait TileOp<A, B> {
    /// The result's shape.
    type Shape: IntTuple;
    /// The result's stride.
    type Stride: IntTuple;
    /// The compile-time check of the conditions: `Ok`, or the message of the first violated one.
    const RESULT: Checked;
}

/// The tile an integer `n` stands for under an operation: composition uses `n:1`, the divides and
/// products CuTe's `make_layout(n)` (which is `1:0` for `n == 1`).
pub trait IntTile<N> {
    /// The tile.
    type Tile;
}

/// An operation that applies a tuple tiler mode by mode: its name (for its errors) and what
/// becomes of A's modes that the tiler does not cover, kept by the divides and products, dropped
/// by composition.
pub trait RestModes<SL, DL> {
    /// The operation's name, CuTe's.
    const NAME: &'static str;
    /// The kept shapes.
    type Shape;
    /// The kept strides.
    type Stride;
    /// The kept modes.
    fn rest(shape: SL, stride: DL) -> (Self::Shape, Self::Stride);
}

/// Apply the operation `Op` with the tiler `T` to `Self`, a layout.
#[diagnostic::on_unimplemented(
    message = "`{T}` is not a tiler of `{Self}`: an entry is not a layout, a positive integer, `_` or a tuple of these"
)]
pub trait ApplyTiler<Op, T> {
    /// The result's shape.
    type Shape: IntTuple;
    /// The result's stride.
    type Stride: IntTuple;
    /// The compile-time check of every application (the first error wins).
    const RESULT: Checked;
}

impl<Op, S, D, SB, DB> ApplyTiler<Op, Layout<SB, DB>> for Layout<S, D>
where
    Op: TileOp<Layout<S, D>, Layout<SB, DB>>,
{
    type Shape = <Op as TileOp<Layout<S, D>, Layout<SB, DB>>>::Shape;
    type Stride = <Op as TileOp<Layout<S, D>, Layout<SB, DB>>>::Stride;
    const RESULT: Checked = <Op as TileOp<Layout<S, D>, Layout<SB, DB>>>::RESULT;
}

impl<Op, S, D, U: Unsigned + NonZero> ApplyTiler<Op, PInt<U>> for Layout<S, D>
where
    Op: IntTile<PInt<U>> + TileOp<Layout<S, D>, <Op as IntTile<PInt<U>>>::Tile>,
{
    type Shape = <Op as TileOp<Layout<S, D>, <Op as IntTile<PInt<U>>>::Tile>>::Shape;
    type Stride = <Op as TileOp<Layout<S, D>, <Op as IntTile<PInt<U>>>::Tile>>::Stride;
    const RESULT: Checked = <Op as TileOp<Layout<S, D>, <Op as IntTile<PInt<U>>>::Tile>>::RESULT;
}

impl<Op, S: IntTuple, D: IntTuple> ApplyTiler<Op, Underscore> for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    const RESULT: Checked = Ok(());
}

/// A leaf layout is its own single mode: a one-entry tuple tiler gives a rank-1 result.
impl<Op, S: Leaf, D, T0> ApplyTiler<Op, HCons<T0, HNil>> for Layout<S, D>
where
    Layout<S, D>: ApplyTiler<Op, T0>,
{
    type Shape = HCons<<Layout<S, D> as ApplyTiler<Op, T0>>::Shape, HNil>;
    type Stride = HCons<<Layout<S, D> as ApplyTiler<Op, T0>>::Stride, HNil>;
    const RESULT: Checked = <Layout<S, D> as ApplyTiler<Op, T0>>::RESULT;
}

/// A leaf layout has one mode: a tiler of two or more modes is CuTe's "too many modes in the
/// tiler", reported by [`TilerFits`] (with the operands) rather than by a missing impl.
impl<Op, S: Leaf, D: IntTuple, T0, T1, TR> ApplyTiler<Op, HCons<T0, HCons<T1, TR>>> for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    const RESULT: Checked = Ok(());
}

impl<Op, SH, ST, DH, DT, T0, TR> ApplyTiler<Op, HCons<T0, TR>> for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    HCons<SH, ST>: ModesApply<Op, HCons<DH, DT>, HCons<T0, TR>>,
{
    type Shape = <HCons<SH, ST> as ModesApply<Op, HCons<DH, DT>, HCons<T0, TR>>>::Shape;
    type Stride = <HCons<SH, ST> as ModesApply<Op, HCons<DH, DT>, HCons<T0, TR>>>::Stride;
    const RESULT: Checked = <HCons<SH, ST> as ModesApply<Op, HCons<DH, DT>, HCons<T0, TR>>>::RESULT;
}

/// The layout [`ApplyTiler`] gives, as one type: the public operations return it, so that the
/// trait solver normalizes one projection per call instead of a shape and a stride (the borrow
/// checker normalizes a return type again).
pub trait Applied<Op, T> {
    /// The result layout.
    type Output;
}
impl<A: ApplyTiler<Op, T>, Op, T> Applied<Op, T> for A {
    type Output = Layout<<A as ApplyTiler<Op, T>>::Shape, <A as ApplyTiler<Op, T>>::Stride>;
}

/// [`ApplyTiler`] seen from the tiler (`Self`): the bound and the result type of `composition`,
/// `logical_divide` and `logical_product`.
///
/// At a call `logical_product(a, b)` rustc sees the bound while the tiler's type is still an
/// inference variable and A's is known. A bound `A: ApplyTiler<Op, T>` then has several impls
/// that may apply (one per kind of tiler), and the trait solver evaluates each of them on A
/// (most of the operation's work) before it knows the tiler, then again once it does. With the
/// tiler as `Self`, an unknown tiler makes the bound wait at no cost; this halves the cost of a
/// logical product under `cargo check`.
#[diagnostic::on_unimplemented(
    message = "`{Self}` is not a tiler of `{A}`: an entry is not a layout, a positive integer, `_` or a tuple of these"
)]
pub trait AppliedTo<Op, A> {
    /// The result layout.
    type Output: Made;
    /// The compile-time check of every application (the first error wins).
    const RESULT: Checked;
}
macro_rules! applied_to {
    ($([$($gen:tt)*] $t:ty;)*) => {$(
        impl<Op, A, $($gen)*> AppliedTo<Op, A> for $t
        where
            A: ApplyTiler<Op, $t>,
        {
            type Output = Layout<<A as ApplyTiler<Op, $t>>::Shape, <A as ApplyTiler<Op, $t>>::Stride>;
            const RESULT: Checked = <A as ApplyTiler<Op, $t>>::RESULT;
        }
    )*};
}
applied_to! {
    [SB, DB] Layout<SB, DB>;
    [U: Unsigned + NonZero] PInt<U>;
    [] Underscore;
    [T0, TR] HCons<T0, TR>;
}

/// The check of the tiler `T` applied to the layout `A` by `Op`, for [`Verify`](super::check::Verify).
pub(crate) struct Tiled<Op, A, T>(PhantomData<(Op, A, T)>);
impl<Op, A, T: AppliedTo<Op, A>> Check for Tiled<Op, A, T> {
    const RESULT: Checked = <T as AppliedTo<Op, A>>::RESULT;
}

/// The check of `Op` applied to the layout `A` with the tiler `T` (`A: ApplyTiler<Op, T>`), for [`Verify`](super::check::Verify).
pub(crate) struct LayoutTiled<Op, A, T>(PhantomData<(Op, A, T)>);
impl<Op, A: ApplyTiler<Op, T>, T> Check for LayoutTiled<Op, A, T> {
    const RESULT: Checked = <A as ApplyTiler<Op, T>>::RESULT;
}

/// Apply the tilers `TL` to the modes `Self:DL` one by one.
pub trait ModesApply<Op, DL, TL> {
    /// The result's shapes.
    type Shape: IntTuple;
    /// The result's strides.
    type Stride: IntTuple;
    /// The compile-time check of every application (the first error wins).
    const RESULT: Checked;
}
impl<Op: RestModes<SL, DL>, SL, DL> ModesApply<Op, DL, HNil> for SL
where
    <Op as RestModes<SL, DL>>::Shape: IntTuple,
    <Op as RestModes<SL, DL>>::Stride: IntTuple,
{
    type Shape = <Op as RestModes<SL, DL>>::Shape;
    type Stride = <Op as RestModes<SL, DL>>::Stride;
    const RESULT: Checked = Ok(());
}
/// Tiler modes past the layout's last mode: nothing to apply them to; the rank check of
/// [`ApplyTiler`] reports them.
impl<Op, T0, TR> ModesApply<Op, HNil, HCons<T0, TR>> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    const RESULT: Checked = Ok(());
}
impl<Op, SH, ST, DH, DT, T0, TR> ModesApply<Op, HCons<DH, DT>, HCons<T0, TR>> for HCons<SH, ST>
where
    Layout<SH, DH>: ApplyTiler<Op, T0>,
    ST: ModesApply<Op, DT, TR>,
    <ST as ModesApply<Op, DT, TR>>::Shape: TupleList,
    <ST as ModesApply<Op, DT, TR>>::Stride: TupleList,
{
    type Shape = HCons<<Layout<SH, DH> as ApplyTiler<Op, T0>>::Shape, <ST as ModesApply<Op, DT, TR>>::Shape>;
    type Stride = HCons<<Layout<SH, DH> as ApplyTiler<Op, T0>>::Stride, <ST as ModesApply<Op, DT, TR>>::Stride>;
    const RESULT: Checked =
        both(<Layout<SH, DH> as ApplyTiler<Op, T0>>::RESULT, <ST as ModesApply<Op, DT, TR>>::RESULT);
}

/// The step of the operation `Self` on one mode `S:D` of a layout by one entry `T` of a tuple
/// tiler, on leaves static or runtime: the operation applied to the mode (a tuple entry applies
/// mode by mode again). Each operation that takes a tuple tiler implements it through its own
/// trait (`Compose`, `Divide`, `Product`).
pub trait ModeOp<S, D, T> {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// The conditions known at compile time (every leaf static).
    const CHECK: Checked;
    /// Apply to the mode.
    fn apply(mode: Layout<S, D>, entry: T) -> Result<(Self::Shape, Self::Stride), Error>;
    /// The mode's result written to `out` where a closed form gives it (see
    /// [`ByMode::by_mode_flat`]); `None` where none does.
    #[inline(always)]
    fn apply_flat(shape: &S, stride: &D, entry: &T, out: &mut FlatResult) -> Option<()> {
        let _ = (shape, stride, entry, out);
        None
    }
}

/// [`ModeOp`] seen from the entry of a tuple tiler (a layout, a tile size, `_` or a tuple of
/// these): the bound of [`ByMode`]'s step. With the entry as `Self` and one impl per kind of
/// entry, a bound on an entry whose type is not yet inferred waits; from the layout, the trait
/// solver would try nesting tuples without end.
pub trait Entry<Op, S, D>: crate::sealed::Sealed {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// The conditions known at compile time.
    const CHECK: Checked;
    /// Apply `Op` to the mode `S:D` by this entry.
    fn apply_to(self, mode: Layout<S, D>) -> Result<(Self::Shape, Self::Stride), Error>;
    /// [`ModeOp::apply_flat`] to the mode `shape:stride` by this entry.
    fn apply_flat(&self, shape: &S, stride: &D, out: &mut FlatResult) -> Option<()>;
}
macro_rules! entry {
    ($([$($gen:tt)*] $t:ty;)*) => {$(
        impl<Op: ModeOp<S, D, $t>, S, D, $($gen)*> Entry<Op, S, D> for $t {
            type Shape = Op::Shape;
            type Stride = Op::Stride;
            const CHECK: Checked = Op::CHECK;
            #[inline(always)]
            fn apply_to(self, mode: Layout<S, D>) -> Result<(Op::Shape, Op::Stride), Error> {
                Op::apply(mode, self)
            }
            #[inline(always)]
            fn apply_flat(&self, shape: &S, stride: &D, out: &mut FlatResult) -> Option<()> {
                Op::apply_flat(shape, stride, self, out)
            }
        }
    )*};
}
entry! {
    [SB, DB] Layout<SB, DB>;
    [U: Unsigned + NonZero] PInt<U>;
    [] i64;
    [] Underscore;
    [TH, TT] HCons<TH, TT>;
}

/// Apply the operation `Op` to the modes `Self:D` entry by entry of the tuple tiler `T` (CuTe's
/// `transform_layout`), on leaves static or runtime: the one walk of a tuple tiler for
/// composition, the divides and the products, with integer strides or basis strides split into
/// modes. The modes past the tiler's are `Op`'s [`RestModes`]; entries past the layout's modes
/// are CuTe's "too many modes in tiler", which the crate root's functions refuse at compile time.
pub trait ByMode<Op, D, T>: crate::sealed::Sealed {
    /// The result's shapes.
    type Shape;
    /// The result's strides.
    type Stride;
    /// The conditions known at compile time, mode by mode (the first violation wins).
    const CHECK: Checked;
    /// Apply.
    fn by_mode(self, stride: D, tiler: T) -> Result<(Self::Shape, Self::Stride), Error>;
    /// The result's leaves of the tiled modes, left to right, written to `out` where a closed
    /// form gives each mode's ([`ModeOp::apply_flat`]), without the `Result` of each mode that
    /// [`ByMode::by_mode`] moves; `None` where one has none. The modes past the tiler's are not
    /// written, so the count of leaves tells the caller (`Fits::from_flat`) that the result has
    /// more.
    fn by_mode_flat(&self, stride: &D, tiler: &T, out: &mut FlatResult) -> Option<()>;
}
impl<Op: RestModes<S, D>, S: crate::sealed::Sealed, D> ByMode<Op, D, HNil> for S {
    type Shape = Op::Shape;
    type Stride = Op::Stride;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn by_mode(self, stride: D, _: HNil) -> Result<(Op::Shape, Op::Stride), Error> {
        Ok(Op::rest(self, stride))
    }
    #[inline(always)]
    fn by_mode_flat(&self, _: &D, _: &HNil, _: &mut FlatResult) -> Option<()> {
        Some(())
    }
}
impl<Op: RestModes<HNil, HNil>, TH, TT> ByMode<Op, HNil, HCons<TH, TT>> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    const CHECK: Checked = Ok(());
    fn by_mode(self, _: HNil, _: HCons<TH, TT>) -> Result<(HNil, HNil), Error> {
        Err(Error::new(Op::NAME, Detail::TooManyModes))
    }
    fn by_mode_flat(&self, _: &HNil, _: &HCons<TH, TT>, _: &mut FlatResult) -> Option<()> {
        None
    }
}
impl<Op, SH, ST, DH, DT, TH, TT> ByMode<Op, HCons<DH, DT>, HCons<TH, TT>> for HCons<SH, ST>
where
    TH: Entry<Op, SH, DH>,
    ST: ByMode<Op, DT, TT>,
{
    type Shape = HCons<TH::Shape, ST::Shape>;
    type Stride = HCons<TH::Stride, ST::Stride>;
    const CHECK: Checked = both(<TH as Entry<Op, SH, DH>>::CHECK, <ST as ByMode<Op, DT, TT>>::CHECK);
    #[inline(always)]
    fn by_mode(self, stride: HCons<DH, DT>, tiler: HCons<TH, TT>) -> Result<(Self::Shape, Self::Stride), Error> {
        let (hs, hd) = tiler.head.apply_to(Layout { shape: self.head, stride: stride.head })?;
        let (ts, td) = self.tail.by_mode(stride.tail, tiler.tail)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
    #[inline(always)]
    fn by_mode_flat(&self, stride: &HCons<DH, DT>, tiler: &HCons<TH, TT>, out: &mut FlatResult) -> Option<()> {
        tiler.head.apply_flat(&self.head, &stride.head, out)?;
        self.tail.by_mode_flat(&stride.tail, &tiler.tail, out)
    }
}

/// The ranks of a tiler `T` on the layout `Self`, at every level (CuTe's static_assert that a
/// tuple tiler has no more modes than the layout): [`Pass`] or [`TooMany`], with the tiler and
/// the layout of the level. A trait apart from [`ApplyTiler`], so that the trait solver decides
/// it without confirming the operation's impls again.
pub trait TilerFits<T> {
    /// The verdict.
    type Verdict;
}
impl<S, D, SB, DB> TilerFits<Layout<SB, DB>> for Layout<S, D> {
    type Verdict = Pass;
}
impl<S, D, U: Unsigned + NonZero> TilerFits<PInt<U>> for Layout<S, D> {
    type Verdict = Pass;
}
impl<S, D> TilerFits<Underscore> for Layout<S, D> {
    type Verdict = Pass;
}
impl<S: Leaf, D, T0> TilerFits<HCons<T0, HNil>> for Layout<S, D>
where
    Layout<S, D>: TilerFits<T0>,
{
    type Verdict = <Layout<S, D> as TilerFits<T0>>::Verdict;
}
impl<S: Leaf, D, T0, T1, TR> TilerFits<HCons<T0, HCons<T1, TR>>> for Layout<S, D> {
    type Verdict = TooMany<HCons<T0, HCons<T1, TR>>, S, D>;
}
impl<SH, ST, DH, DT, T0, TR> TilerFits<HCons<T0, TR>> for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    HCons<SH, ST>: Fits<HCons<T0, TR>> + ModesFit<HCons<DH, DT>, HCons<T0, TR>>,
    <HCons<SH, ST> as Fits<HCons<T0, TR>>>::Output: RankOr<
        HCons<T0, TR>,
        HCons<SH, ST>,
        HCons<DH, DT>,
        <HCons<SH, ST> as ModesFit<HCons<DH, DT>, HCons<T0, TR>>>::Verdict,
    >,
{
    type Verdict = <<HCons<SH, ST> as Fits<HCons<T0, TR>>>::Output as RankOr<
        HCons<T0, TR>,
        HCons<SH, ST>,
        HCons<DH, DT>,
        <HCons<SH, ST> as ModesFit<HCons<DH, DT>, HCons<T0, TR>>>::Verdict,
    >>::Output;
}
/// [`TilerFits`] mode by mode, for the modes `Self:DL` and the tilers `TL`.
pub trait ModesFit<DL, TL> {
    /// The verdict.
    type Verdict;
}
impl<SL, DL> ModesFit<DL, HNil> for SL {
    type Verdict = Pass;
}
impl<T0, TR> ModesFit<HNil, HCons<T0, TR>> for HNil {
    type Verdict = Pass;
}
impl<SH, ST, DH, DT, T0, TR> ModesFit<HCons<DH, DT>, HCons<T0, TR>> for HCons<SH, ST>
where
    Layout<SH, DH>: TilerFits<T0>,
    ST: ModesFit<DT, TR>,
    <Layout<SH, DH> as TilerFits<T0>>::Verdict: Then<<ST as ModesFit<DT, TR>>::Verdict>,
{
    type Verdict = <<Layout<SH, DH> as TilerFits<T0>>::Verdict as Then<<ST as ModesFit<DT, TR>>::Verdict>>::Output;
}
/// The rank of a tuple tiler `T` on the modes `S:D` by `Self` ([`Fits`]): the modes' verdict
/// `V`, or [`TooMany`].
pub trait RankOr<T, S, D, V> {
    /// The verdict.
    type Output;
}
impl<T, S, D, V> RankOr<T, S, D, V> for B1 {
    type Output = V;
}
impl<T, S, D, V> RankOr<T, S, D, V> for B0 {
    type Output = TooMany<T, S, D>;
}
/// A tiler `T` with more modes than the layout `S:D` (found by [`TilerFits`]; shown by
/// [`TilerCheck`]).
pub struct TooMany<T, S, D>(PhantomData<(T, S, D)>);
impl<T, S, D, V> Then<V> for TooMany<T, S, D> {
    type Output = Self;
}

/// The verdict of [`TilerFits`] of the tiler `Self` on the layout `A`, its operands shown: what
/// an operation's function requires to hold. The tiler is `Self`, with one impl per kind of
/// tiler, so that while the tiler's type is not yet inferred the trait solver waits (as for
/// [`AppliedTo`]) rather than guess a nesting of tuples without end.
pub trait TilerCheck<A>: crate::sealed::Sealed {
    /// [`Pass`] or the failure.
    type Output;
}
/// The verdict on a tiler's strides `Self` against the shape `S` of the layout it tiles: none
/// for integer strides (basis strides name modes of the layout, see `ops::composition::basis_right`).
#[doc(hidden)]
pub trait StridesVerdict<S> {
    /// [`Pass`] or the failure.
    type Output;
}
macro_rules! integer_strides {
    ($([$($gen:tt)*] $ty:ty),* $(,)?) => {$(
        impl<S, $($gen)*> StridesVerdict<S> for $ty {
            type Output = Pass;
        }
    )*};
}
integer_strides!(
    [U: Unsigned + NonZero] PInt<U>,
    [U: Unsigned + NonZero] NInt<U>,
    [] Z0,
    [] i64,
    [] HNil,
    [H, T] HCons<H, T>,
);
/// A layout: nothing to check of integer strides; basis strides must name modes of A.
impl<S, D, SB, DB: StridesVerdict<S>> TilerCheck<Layout<S, D>> for Layout<SB, DB> {
    type Output = DB::Output;
}
impl<A, U: Unsigned + NonZero> TilerCheck<A> for PInt<U> {
    type Output = Pass;
}
impl<A> TilerCheck<A> for Underscore {
    type Output = Pass;
}
impl<A: TilerFits<HCons<T0, TR>>, T0, TR> TilerCheck<A> for HCons<T0, TR>
where
    A::Verdict: ShowTooMany,
{
    type Output = <A::Verdict as ShowTooMany>::Output;
}
/// [`TooMany`] shown: [`TooManyModesFail`] with the operands in CuTe's notation.
pub trait ShowTooMany {
    /// The verdict.
    type Output;
}
impl ShowTooMany for Pass {
    type Output = Pass;
}
impl<T: Shown, S: Shown, D: Shown> ShowTooMany for TooMany<T, S, D> {
    type Output = TooManyModesFail<T::Out, S::Out, D::Out>;
}

/// CuTe's `make_layout(n)`: `n:1`, or `1:0` for `n == 1`.
pub trait MakeLayout {
    /// The layout.
    type Output;
}
impl<N: IsEqual<P1>> MakeLayout for N
where
    IsOne<N>: OneOrN<N>,
{
    type Output = <IsOne<N> as OneOrN<N>>::Output;
}
/// `1:0` for `B1`, `N:1` for `B0`.
pub trait OneOrN<N> {
    /// The layout.
    type Output;
}
impl<N> OneOrN<N> for B1 {
    type Output = Layout<P1, Z0>;
}
impl<N> OneOrN<N> for B0 {
    type Output = Layout<N, P1>;
}

/// The size of a static layout, in the trait solver: the product of the shape's leaves.
pub trait SizeT {
    /// The size.
    type Output;
}
impl<S: Flatten, D> SizeT for Layout<S, D>
where
    <S as Flatten>::Output: ProductT,
{
    type Output = <<S as Flatten>::Output as ProductT>::Output;
}

/// The product of a list of integers (1 when empty).
pub trait ProductT {
    /// The product.
    type Output;
}
impl ProductT for HNil {
    type Output = P1;
}
impl<H, T: ProductT> ProductT for HCons<H, T>
where
    H: MulStatic<<T as ProductT>::Output>,
{
    type Output = <H as MulStatic<<T as ProductT>::Output>>::Output;
}

/// The cosize of a static layout, in the trait solver: `1 + sum((s - 1) * |d|)`.
pub trait CosizeT {
    /// The cosize.
    type Output;
}
impl<S: Flatten, D: Flatten> CosizeT for Layout<S, D>
where
    <S as Flatten>::Output: ZipModes<<D as Flatten>::Output>,
    FlatModes<S, D>: SpanT,
    <FlatModes<S, D> as SpanT>::Output: Add<P1>,
{
    type Output = <<FlatModes<S, D> as SpanT>::Output as Add<P1>>::Output;
}

/// `sum((s - 1) * |d|)` over a list of modes.
pub trait SpanT {
    /// The sum.
    type Output;
}
impl SpanT for HNil {
    type Output = Z0;
}
impl<S, D, T: SpanT> SpanT for HCons<(S, D), T>
where
    S: Dec,
    D: Abs,
    <S as Dec>::Output: MulStatic<<D as Abs>::Output>,
    <<S as Dec>::Output as MulStatic<<D as Abs>::Output>>::Output: Add<<T as SpanT>::Output>,
{
    type Output = <<<S as Dec>::Output as MulStatic<<D as Abs>::Output>>::Output as Add<<T as SpanT>::Output>>::Output;
}
