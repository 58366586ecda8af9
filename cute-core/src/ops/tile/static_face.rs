//! Static `tile_to_shape`: repeat a block until it has a target shape.

use core::marker::PhantomData;
use core::ops::Rem;

use frunk_core::hlist::{HCons, HNil};
use typenum::{PInt, B0, B1, P1, Z0};

use super::mixed_face::Copies;
use crate::ops::make::mixed_face::{Compact, Left};
use crate::ops::make::static_face::{OrderGroups, OrderOf, OrderedLayout, OrderedStride, SameRankAs};
use crate::ops::product::mixed_face::PadTo;
use crate::ops::product::static_face::{Blocked, Pad, RankProduct};
use crate::statics::check::{Check, Checked, Verify};
use crate::statics::layout::{Layout, Made};
use crate::statics::report::{Fits, Holds, Pass, Shown, TileToShapeDivisibilityFail, TileToShapeRankFail};
use crate::statics::tiler::ProductT;
use crate::statics::tuple::{IntTuple, TupleList};
use crate::statics::typeops::Flatten;

/// The size of each top-level mode (CuTe's `product_each`; a leaf is one mode).
pub trait ProductEach {
    /// The sizes, as a tuple.
    type Output: IntTuple;
}
/// A leaf is one mode (one impl per kind of leaf, see [`Congruent`](crate::statics::Congruent)).
macro_rules! product_each_leaf {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> ProductEach for $ty {
            type Output = HCons<$ty, HNil>;
        }
    )*};
}
product_each_leaf! {
    [U: typenum::Unsigned + typenum::NonZero] typenum::PInt<U>;
    [U: typenum::Unsigned + typenum::NonZero] typenum::NInt<U>;
    [] typenum::Z0;
}
impl ProductEach for HNil {
    type Output = HNil;
}
impl<H: Flatten, T: ProductEach> ProductEach for HCons<H, T>
where
    <H as Flatten>::Output: ProductT,
    <<H as Flatten>::Output as ProductT>::Output: IntTuple,
    <T as ProductEach>::Output: TupleList,
{
    type Output = HCons<<<H as Flatten>::Output as ProductT>::Output, <T as ProductEach>::Output>;
}

/// The divisibility verdict of `tile_to_shape(B, T)` on the sizes of the target's modes (`Self`)
/// and of the padded block's (`BP`), as many (the rank is checked before, [`RankFirst`]): each
/// block mode divides the target's.
pub trait TileVerdict<BP, B, T> {
    /// The verdict.
    type Output;
}
impl<B, T> TileVerdict<HNil, B, T> for HNil {
    type Output = Pass;
}
impl<M: Rem<N>, MT, N, NT, B, T> TileVerdict<HCons<N, NT>, B, T> for HCons<M, MT>
where
    <M as Rem<N>>::Output: TileStep<M, N, MT, NT, B, T>,
{
    type Output = <<M as Rem<N>>::Output as TileStep<M, N, MT, NT, B, T>>::Output;
}
/// One mode of [`TileVerdict`], by the remainder `Self` of the target mode `M` by the block's `N`.
pub trait TileStep<M, N, MT, NT, B, T> {
    /// The verdict.
    type Output;
}
impl<M, N, MT: TileVerdict<NT, B, T>, NT, B, T> TileStep<M, N, MT, NT, B, T> for Z0 {
    type Output = <MT as TileVerdict<NT, B, T>>::Output;
}
impl<U, M: Shown, N: Shown, MT, NT, SB: Shown, DB: Shown, T: Shown> TileStep<M, N, MT, NT, Layout<SB, DB>, T>
    for PInt<U>
where
    U: typenum::Unsigned + typenum::NonZero,
{
    type Output = TileToShapeDivisibilityFail<SB::Out, DB::Out, T::Out, N::Out, M::Out>;
}

/// The verdict of `tile_to_shape(Self, T)`: the block `Self` has at most the target's rank,
/// and each of its modes divides the target's (apart from [`TileToShape`], so that the trait
/// solver decides it without confirming the result's impls again).
pub trait TileFits<T> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<SB, DB, T> TileFits<T> for Layout<SB, DB>
where
    T: ProductEach,
    SB: PadTo<DB, T>,
    <SB as PadTo<DB, T>>::Shape: ProductEach,
    <T as ProductEach>::Output: Fits<<<SB as PadTo<DB, T>>::Shape as ProductEach>::Output>,
    <<T as ProductEach>::Output as Fits<<<SB as PadTo<DB, T>>::Shape as ProductEach>::Output>>::Output:
        RankFirst<<T as ProductEach>::Output, <<SB as PadTo<DB, T>>::Shape as ProductEach>::Output, Layout<SB, DB>, T>,
{
    type Output = <<<T as ProductEach>::Output as Fits<<<SB as PadTo<DB, T>>::Shape as ProductEach>::Output>>::Output as RankFirst<
        <T as ProductEach>::Output,
        <<SB as PadTo<DB, T>>::Shape as ProductEach>::Output,
        Layout<SB, DB>,
        T,
    >>::Output;
}
/// The rank of `tile_to_shape(B, T)` first, as CuTe (and the dynamic engine) checks it: `Self`
/// is `B1` when the block's modes `BP` are no more than the target's `TP`; then [`TileVerdict`].
pub trait RankFirst<TP, BP, B, T> {
    /// The verdict.
    type Output;
}
impl<TP: TileVerdict<BP, B, T>, BP, B, T> RankFirst<TP, BP, B, T> for B1 {
    type Output = <TP as TileVerdict<BP, B, T>>::Output;
}
impl<TP, BP, SB: Shown, DB: Shown, T: Shown> RankFirst<TP, BP, Layout<SB, DB>, T> for B0 {
    type Output = TileToShapeRankFail<SB::Out, DB::Out, T::Out>;
}

/// The static `tile_to_shape(Self, T)`: `Self` is the block, `T` the target shape.
pub trait TileToShape<T> {
    /// The result.
    type Output;
    /// The compile-time check of the product (the ranks and the divisibility are [`TileFits`]').
    const RESULT: Checked;
}

/// `tile_to_shape(B, Self)` seen from the target: the solver selects impls by `Self`, so with
/// the last argument as `Self` it waits until both arguments' types are known (with the block
/// as `Self` it would expand the block's impl while the target is still an inference variable).
pub trait TileTarget<B> {
    /// The result.
    type Output;
    /// [`TileToShape::RESULT`].
    const RESULT: Checked;
}
impl<T, B: TileToShape<T>> TileTarget<B> for T {
    type Output = <B as TileToShape<T>>::Output;
    const RESULT: Checked = <B as TileToShape<T>>::RESULT;
}

/// The check of `tile_to_shape(B, T)`, for [`Verify`].
pub(crate) struct TileCheck<T, B>(PhantomData<(T, B)>);
impl<T: TileTarget<B>, B> Check for TileCheck<T, B> {
    const RESULT: Checked = <T as TileTarget<B>>::RESULT;
}

/// The block padded to the target's rank.
type Padded<B, T> = <B as Pad<T>>::Output;
/// The padded block's shape.
type PaddedShape<SB, DB, T> = <SB as PadTo<DB, T>>::Shape;
/// How many blocks each mode of the target holds (the walk of layouts with runtime leaves,
/// [`Copies`]: a mode of the block past the target's rank is left out, and the verdict reports
/// the ranks).
type Counts<SB, DB, T> = <PaddedShape<SB, DB, T> as Copies<T>>::Output;
/// The column-major layout of the counts.
type Repeats<SB, DB, T> = Layout<Counts<SB, DB, T>, <Counts<SB, DB, T> as Compact<P1, Left>>::Stride>;

impl<SB: IntTuple, DB, T: IntTuple> TileToShape<T> for Layout<SB, DB>
where
    SB: PadTo<DB, T>,
    Layout<SB, DB>: Pad<T>,
    PaddedShape<SB, DB, T>: Copies<T>,
    Counts<SB, DB, T>: Compact<P1, Left>,
    Repeats<SB, DB, T>: Blocked<Padded<Layout<SB, DB>, T>>,
{
    type Output = <Repeats<SB, DB, T> as Blocked<Padded<Layout<SB, DB>, T>>>::Output;
    const RESULT: Checked = <Repeats<SB, DB, T> as RankProduct<Padded<Layout<SB, DB>, T>>>::RESULT;
}

/// The static `tile_to_shape(Self, T, O)`: the copies laid out in the order `O` (CuTe's
/// `tile_to_shape(block, shape, order)`), `make_ordered_layout` of the counts where
/// [`TileToShape`] lays them out column-major.
pub trait TileToShapeOrdered<T, O> {
    /// The result.
    type Output;
    /// The compile-time check of the product (the ranks and the divisibility are [`TileFits`]',
    /// the order's rank [`SameRankAs`]').
    const RESULT: Checked;
}

/// The counts of copies laid out in the order `O`.
type OrderedRepeats<SB, DB, T, O> = OrderedLayout<Counts<SB, DB, T>, O>;

impl<SB: IntTuple, DB, T: IntTuple, O> TileToShapeOrdered<T, O> for Layout<SB, DB>
where
    SB: PadTo<DB, T>,
    Layout<SB, DB>: Pad<T>,
    PaddedShape<SB, DB, T>: Copies<T>,
    O: SameRankAs<Counts<SB, DB, T>>,
    Counts<SB, DB, T>: OrderGroups<OrderOf<O, Counts<SB, DB, T>>>
        + OrderedStride<
            OrderOf<O, Counts<SB, DB, T>>,
            <Counts<SB, DB, T> as OrderGroups<OrderOf<O, Counts<SB, DB, T>>>>::Output,
        >,
    OrderedRepeats<SB, DB, T, O>: Blocked<Padded<Layout<SB, DB>, T>>,
{
    type Output = <OrderedRepeats<SB, DB, T, O> as Blocked<Padded<Layout<SB, DB>, T>>>::Output;
    const RESULT: Checked = <OrderedRepeats<SB, DB, T, O> as RankProduct<Padded<Layout<SB, DB>, T>>>::RESULT;
}

/// The check of `tile_to_shape(B, T, O)`, for [`Verify`].
pub(crate) struct TileOrderedCheck<B, T, O>(PhantomData<(B, T, O)>);
impl<B: TileToShapeOrdered<T, O>, T, O> Check for TileOrderedCheck<B, T, O> {
    const RESULT: Checked = <B as TileToShapeOrdered<T, O>>::RESULT;
}

/// Repeat `block` so that the result has the static shape `target` (CuTe's `tile_to_shape` with
/// the default column-major order of repetition).
///
/// ```
/// use cute::{shape, tile_to_shape, Layout};
/// type Block = Layout![(8,2):(2,1)];
/// let r = tile_to_shape(Block::new(), shape!(((2,12),2)));
/// assert_eq!(r.to_string(), "((_8,_3),(_2,_1)):((_2,_16),(_1,_0))");
/// ```
///
/// A block of higher rank than the target, or a block mode that does not divide the target's,
/// fails to type-check (`cargo check` reports it), naming the operands:
///
/// ```compile_fail,E0277
/// use cute::{shape, tile_to_shape, Layout};
/// type Block = Layout![(2,2,2):(1,2,4)];
/// let _ = tile_to_shape(Block::new(), shape!((8,8)));
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tile_to_shape<T, B>(block: B, target: T) -> <T as TileTarget<B>>::Output
where <B as TileFits<T>>::Output: Holds,
    T: TileTarget<B>,
    <T as TileTarget<B>>::Output: Made,
    B: TileFits<T>,
{
    let _ = (block, target);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<TileCheck<T, B>>::OK;
    <<T as TileTarget<B>>::Output as Made>::made()
}
