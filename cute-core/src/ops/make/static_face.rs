//! Static layout construction: compact column-major and row-major layouts, and
//! `make_ordered_layout`.

use core::ops::Mul;

use frunk_core::hlist::HList;
use frunk_core::hlist::{HCons, HNil};
use typenum::{IsLess, B0, B1, P1, Z0};

use super::mixed_face::{Compact, Left, Right};
use crate::statics::layout::{Layout, Made};
use crate::statics::report::{Holds, OrderRankFail, Pass, SameLen, Shown};
use crate::statics::tiler::ProductT;
use crate::statics::tuple::{IntTuple, Leaf, TupleList};
use crate::statics::typeops::Flatten;

/// The compact column-major layout of the static shape `S` (CuTe's `make_layout(shape)`): the
/// compact strides of layouts with runtime leaves ([`Compact`]), static for a static
/// shape (one walk for both faces).
pub type ColumnMajor<S> = Layout<S, <S as Compact<P1, Left>>::Stride>;

/// The compact column-major layout of a static shape (CuTe's `make_layout(shape)`).
///
/// ```
/// use cute::statics::make_layout;
/// use cute::Shape;
/// assert_eq!(make_layout::<Shape![(4,1,8)]>().to_string(), "(_4,_1,_8):(_1,_0,_4)");
/// ```
pub fn make_layout<S: Compact<P1, Left>>() -> ColumnMajor<S>
where
    ColumnMajor<S>: Made,
{
    Made::made()
}

/// The compact row-major layout of the static shape `S` (CuTe's
/// `make_layout(shape, LayoutRight{})`).
pub type RowMajor<S> = Layout<S, <S as Compact<P1, Right>>::Stride>;

/// The compact row-major layout of a static shape.
///
/// ```
/// use cute::statics::make_layout_right;
/// use cute::Shape;
/// assert_eq!(make_layout_right::<Shape![(4,8)]>().to_string(), "(_4,_8):(_8,_1)");
/// ```
pub fn make_layout_right<S: Compact<P1, Right>>() -> RowMajor<S>
where
    RowMajor<S>: Made,
{
    Made::made()
}

/// The groups of `make_ordered_layout`: each leaf of the order with the size of the part of the
/// shape it covers, as a list of `(size, order)`.
pub trait OrderGroups<O> {
    /// The groups, in order.
    type Output;
}
impl<S: Flatten, O: Leaf> OrderGroups<O> for S
where
    <S as Flatten>::Output: ProductT,
{
    type Output = HCons<(<<S as Flatten>::Output as ProductT>::Output, O), HNil>;
}
impl OrderGroups<HNil> for HNil {
    type Output = HNil;
}
impl<SH: OrderGroups<OH>, ST: OrderGroups<OT>, OH, OT> OrderGroups<HCons<OH, OT>> for HCons<SH, ST>
where
    <SH as OrderGroups<OH>>::Output: core::ops::Add<<ST as OrderGroups<OT>>::Output>,
{
    type Output = <<SH as OrderGroups<OH>>::Output as core::ops::Add<<ST as OrderGroups<OT>>::Output>>::Output;
}

/// The product of the sizes of the groups whose order is less than `O`.
pub trait StartOf<O> {
    /// The product.
    type Output;
}
impl<O> StartOf<O> for HNil {
    type Output = P1;
}
impl<Sz, Og: IsLess<O>, T: StartOf<O>, O> StartOf<O> for HCons<(Sz, Og), T>
where
    <Og as IsLess<O>>::Output: TimesIf<Sz, <T as StartOf<O>>::Output>,
{
    type Output = <<Og as IsLess<O>>::Output as TimesIf<Sz, <T as StartOf<O>>::Output>>::Output;
}
/// `Sz * Acc` for `B1`, `Acc` for `B0`.
pub trait TimesIf<Sz, Acc> {
    /// The product.
    type Output;
}
impl<Sz, Acc: Mul<Sz>> TimesIf<Sz, Acc> for B1 {
    type Output = <Acc as Mul<Sz>>::Output;
}
impl<Sz, Acc> TimesIf<Sz, Acc> for B0 {
    type Output = Acc;
}

/// The strides of `make_ordered_layout`, walking the shape and the order together; `G` is the list
/// of all groups.
pub trait OrderedStride<O, G> {
    /// The strides, congruent to the shape.
    type Output: IntTuple;
}
impl<S, O: Leaf, G: StartOf<O>> OrderedStride<O, G> for S
where
    S: Compact<<G as StartOf<O>>::Output, Left>,
    <S as Compact<<G as StartOf<O>>::Output, Left>>::Stride: IntTuple,
{
    type Output = <S as Compact<<G as StartOf<O>>::Output, Left>>::Stride;
}
impl<G> OrderedStride<HNil, G> for HNil {
    type Output = HNil;
}
impl<SH: OrderedStride<OH, G>, ST: OrderedStride<OT, G>, OH, OT, G> OrderedStride<HCons<OH, OT>, G> for HCons<SH, ST>
where
    <ST as OrderedStride<OT, G>>::Output: TupleList,
{
    type Output = HCons<<SH as OrderedStride<OH, G>>::Output, <ST as OrderedStride<OT, G>>::Output>;
}

/// The order `Self` for the shape `S`, and the verdict of their ranks: a leaf order, or a tuple
/// with one entry per top-level mode of the shape. The other bounds of [`make_ordered_layout`]
/// name the order through `Me`, which is a leaf when the ranks differ, so that the verdict alone
/// reports the mismatch, with the operands.
pub trait SameRankAs<S> {
    /// The order (a leaf when the ranks differ).
    type Me;
    /// The verdict of the ranks.
    type Verdict;
}
impl<O: TopModes, S: TopModes> SameRankAs<S> for O
where
    O::Modes: SameRank<S::Modes>,
    <O::Modes as SameRank<S::Modes>>::Output: OrderRank<O, S>,
{
    type Me = <<O::Modes as SameRank<S::Modes>>::Output as OrderRank<O, S>>::Me;
    type Verdict = <<O::Modes as SameRank<S::Modes>>::Output as OrderRank<O, S>>::Verdict;
}
/// The order `O` for the shape `S`, by whether their ranks agree (`Self`).
pub trait OrderRank<O, S> {
    /// The order, or the leaf `_0` (one group) when the ranks differ.
    type Me;
    /// The verdict.
    type Verdict;
}
impl<O, S> OrderRank<O, S> for B1 {
    type Me = O;
    type Verdict = Pass;
}
impl<O: Shown, S: Shown> OrderRank<O, S> for B0 {
    type Me = Z0;
    type Verdict = OrderRankFail<S::Out, O::Out>;
}
/// The top-level modes of an order or a shape: [`OneLeaf`] for a leaf (static or a runtime
/// extent), the list itself for a tuple.
#[doc(hidden)]
pub trait TopModes {
    /// The modes.
    type Modes;
}
/// The top-level modes of a leaf.
pub struct OneLeaf;
impl<U: typenum::Unsigned + typenum::NonZero> TopModes for typenum::PInt<U> {
    type Modes = OneLeaf;
}
impl<U: typenum::Unsigned + typenum::NonZero> TopModes for typenum::NInt<U> {
    type Modes = OneLeaf;
}
impl TopModes for Z0 {
    type Modes = OneLeaf;
}
impl TopModes for i64 {
    type Modes = OneLeaf;
}
impl TopModes for HNil {
    type Modes = HNil;
}
impl<H, T> TopModes for HCons<H, T> {
    type Modes = Self;
}
/// `B1` when two [`TopModes`] have the same rank: both leaves, or lists of the same length.
pub trait SameRank<M> {
    /// `B1` or `B0`.
    type Output;
}
impl SameRank<OneLeaf> for OneLeaf {
    type Output = B1;
}
/// A leaf order fits any shape: its one group is the whole shape, column-major (CuTe's
/// `compact_order` of an integer order).
impl<H, T> SameRank<HCons<H, T>> for OneLeaf {
    type Output = B1;
}
impl SameRank<HNil> for OneLeaf {
    type Output = B1;
}
impl<H, T> SameRank<OneLeaf> for HCons<H, T> {
    type Output = B0;
}
impl SameRank<OneLeaf> for HNil {
    type Output = B0;
}
impl<L: SameLen<M>, M: HList> SameRank<M> for L
where
    L: HList,
{
    type Output = <L as SameLen<M>>::Output;
}

/// The order `O` checked against the shape `S`.
pub type OrderOf<O, S> = <O as SameRankAs<S>>::Me;
/// The result type of [`make_ordered_layout`]`::<S, O>()`.
pub type OrderedLayout<S, O> =
    Layout<S, <S as OrderedStride<OrderOf<O, S>, <S as OrderGroups<OrderOf<O, S>>>::Output>>::Output>;

/// The compact layout of the static shape `S` with its modes laid out in the order `O`, congruent
/// to the shape or to its top-level modes (CuTe's `make_ordered_layout`): the group with the
/// smallest order value gets the smallest strides, each group is column-major inside.
///
/// ```
/// use cute::statics::make_ordered_layout;
/// use cute::{Shape, Stride};
/// type S = Shape![(2,(2,2,2))];
/// type O = Stride![(1,0)];
/// assert_eq!(make_ordered_layout::<S, O>().to_string(), "(_2,(_2,_2,_2)):(_8,(_1,_2,_4))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn make_ordered_layout<S, O>() -> OrderedLayout<S, O>
where <O as SameRankAs<S>>::Verdict: Holds,
    O: SameRankAs<S>,
    S: OrderGroups<OrderOf<O, S>> + OrderedStride<OrderOf<O, S>, <S as OrderGroups<OrderOf<O, S>>>::Output>,
    OrderedLayout<S, O>: Made,
{
    Made::made()
}
