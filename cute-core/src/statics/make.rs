//! Static layout construction: compact column-major and row-major layouts, and
//! `make_ordered_layout`.

use core::ops::Mul;

use frunk_core::hlist::{HCons, HNil};
use typenum::{IsLess, B0, B1, P1};

use super::layout::{Layout, Made};
use super::tiler::ProductT;
use super::tuple::{IntTuple, Leaf, TupleList};
use super::typeops::Flatten;
use crate::mixed::make::{Compact, Left, Right};

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

/// An order of the same rank as the shape `S`: its `Me` is the order itself. The other bounds of
/// [`make_ordered_layout`] name the order through `Me`, so a rank mismatch is reported here, once.
#[diagnostic::on_unimplemented(
    message = "rank mismatch: make_ordered_layout's order and shape have different numbers of top-level modes (left over: order `{Self}`, shape `{S}`)",
    label = "the order needs one entry per top-level mode of the shape"
)]
pub trait SameRankAs<S> {
    /// The order.
    type Me;
}
impl<U: typenum::Unsigned + typenum::NonZero, O: Leaf> SameRankAs<typenum::PInt<U>> for O {
    type Me = O;
}
/// A runtime extent of the mixed face is a leaf too.
impl<O: Leaf> SameRankAs<i64> for O {
    type Me = O;
}
impl SameRankAs<HNil> for HNil {
    type Me = HNil;
}
impl<SH, ST, OH, OT: SameRankAs<ST>> SameRankAs<HCons<SH, ST>> for HCons<OH, OT> {
    type Me = HCons<OH, OT::Me>;
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
pub fn make_ordered_layout<S, O>() -> OrderedLayout<S, O>
where
    O: SameRankAs<S>,
    S: OrderGroups<OrderOf<O, S>> + OrderedStride<OrderOf<O, S>, <S as OrderGroups<OrderOf<O, S>>>::Output>,
    OrderedLayout<S, O>: Made,
{
    Made::made()
}
