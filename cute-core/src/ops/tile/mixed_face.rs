//! `tile_to_shape` of a static block to a mixed target shape: the kernel's "repeat this static
//! shared-memory atom over a tile whose size is known at run time".

use frunk_core::hlist::{HCons, HNil};
use typenum::{IsLessOrEqual, B0, B1, P1};

use super::static_face::RankFirst;
use crate::layout::Layout;
use crate::mixed::error::{Detail, Error};
use crate::mixed::int::{Int, MulI, ShapeDivI};
use crate::mixed::tuple::{MixedTuple, ShowTuple};
use crate::ops::make::mixed_face::{Compact, Left, OrderGroups, OrderedStride};
use crate::ops::product::mixed_face::{BlockedProduct, PadTo};
use crate::statics::report::Holds;
pub use crate::statics::typeops::RankOf;

/// The size of a mixed tuple, static when every leaf is.
pub trait SizeOf {
    /// The size's leaf type.
    type Output: Int;
    /// The size.
    fn size_of(&self) -> Result<Self::Output, Detail>;
}
impl<I: Int> SizeOf for I {
    type Output = I;
    #[inline(always)]
    fn size_of(&self) -> Result<I, Detail> {
        Ok(*self)
    }
}
impl SizeOf for HNil {
    type Output = P1;
    #[inline(always)]
    fn size_of(&self) -> Result<P1, Detail> {
        Ok(P1::new())
    }
}
impl<H: SizeOf, T: SizeOf> SizeOf for HCons<H, T>
where
    H::Output: MulI<T::Output>,
{
    type Output = <H::Output as MulI<T::Output>>::Output;
    #[inline(always)]
    fn size_of(&self) -> Result<Self::Output, Detail> {
        Ok(self.head.size_of()?.mul_i(self.tail.size_of()?)?)
    }
}

/// The number of copies of the block along each mode: `target_i / block_i` for the padded
/// block's shape `Self` and the target `T`, checked to divide; as in CuTe, always a tuple, one
/// entry per mode (a leaf against a leaf gives a rank-1 tuple: `tile_to_shape(4:0, 12)` is
/// `((4,(3))):((0,(1)))`).
pub trait Copies<T> {
    /// The copies' shape.
    type Output;
    /// Divide, mode by mode.
    fn copies(&self, target: &T) -> Result<Self::Output, Detail>;
}
/// One mode: `size(target) / size(block)`.
fn divide<B: SizeOf, T: SizeOf>(block: &B, target: &T) -> Result<<T::Output as ShapeDivI<B::Output>>::Output, Detail>
where
    T::Output: ShapeDivI<B::Output>,
{
    let (b, t) = (block.size_of()?, target.size_of()?);
    // A target mode whose size is not positive (a runtime one) has no copies of the block, as the
    // dynamic engine reports, rather than a layout of that many.
    if t.value() < 1 {
        return Err(Detail::NonPositive(t.value()));
    }
    if crate::arith::rem(t.value(), b.value())? != 0 {
        return Err(Detail::TileDivisibility { block: b.value(), target: t.value() });
    }
    Ok(t.shape_div_i(b)?)
}
impl<B: Int, T: Int> Copies<T> for B
where
    T: ShapeDivI<B>,
{
    type Output = HCons<<T as ShapeDivI<B>>::Output, HNil>;
    fn copies(&self, target: &T) -> Result<Self::Output, Detail> {
        Ok(HCons { head: divide(self, target)?, tail: HNil })
    }
}
/// A leaf block against a rank-1 target, and a rank-1 block against a leaf target: one mode,
/// as a rank-1 tuple (the dynamic engine's `product_each` of a leaf).
impl<B: Int, TH: SizeOf> Copies<HCons<TH, HNil>> for B
where
    TH::Output: ShapeDivI<B>,
{
    type Output = HCons<<TH::Output as ShapeDivI<B>>::Output, HNil>;
    fn copies(&self, target: &HCons<TH, HNil>) -> Result<Self::Output, Detail> {
        Ok(HCons { head: divide(self, &target.head)?, tail: HNil })
    }
}
impl<BH: SizeOf, T: Int> Copies<T> for HCons<BH, HNil>
where
    T: ShapeDivI<BH::Output>,
{
    type Output = HCons<<T as ShapeDivI<BH::Output>>::Output, HNil>;
    fn copies(&self, target: &T) -> Result<Self::Output, Detail> {
        Ok(HCons { head: divide(&self.head, target)?, tail: HNil })
    }
}
impl Copies<HNil> for HNil {
    type Output = HNil;
    fn copies(&self, _: &HNil) -> Result<HNil, Detail> {
        Ok(HNil)
    }
}
/// A block with more modes than the target has no copies past the target's rank, an error here;
/// the static face's verdict reports the ranks, and [`tile_to_shape`] requires them to fit.
impl<BH, BT> Copies<HNil> for HCons<BH, BT> {
    type Output = HNil;
    fn copies(&self, _: &HNil) -> Result<HNil, Detail> {
        Err(Detail::Mismatch)
    }
}
impl<BH: SizeOf, BT: Copies<TT>, TH: SizeOf, TT> Copies<HCons<TH, TT>> for HCons<BH, BT>
where
    TH::Output: ShapeDivI<BH::Output>,
{
    type Output = HCons<<TH::Output as ShapeDivI<BH::Output>>::Output, BT::Output>;
    fn copies(&self, target: &HCons<TH, TT>) -> Result<Self::Output, Detail> {
        Ok(HCons { head: divide(&self.head, &target.head)?, tail: self.tail.copies(&target.tail)? })
    }
}

/// `Self` (a target shape) has at least as many top-level modes as the block shape `S`; its
/// `Target` is `Self`. The other bounds of [`tile_to_shape`] name the target through `Target`,
/// which has no value when the ranks do not fit, so the mismatch is reported alone.
///
/// The trait is on the target, the last argument: until its type is known the bound waits, and
/// then this bound and the result type's normalization reach the same obligation
/// (`B0: TargetIf<T>`), which rustc reports once. On the block, the bound went ahead with the
/// target unknown and the two were reported separately.
#[diagnostic::on_unimplemented(
    message = "tile_to_shape rank: the block has more modes than the target shape `{Self}`",
    label = "the target needs at least one mode per mode of the block"
)]
pub trait RankAtLeast<S> {
    /// The target, `Self`.
    type Target;
}
/// `do_not_recommend`: a failure is reported as this trait's (with its message), not as the
/// `TargetIf` bound below.
#[diagnostic::do_not_recommend]
impl<S: RankOf, T: RankOf> RankAtLeast<S> for T
where
    S::Rank: IsLessOrEqual<T::Rank>,
    <S::Rank as IsLessOrEqual<T::Rank>>::Output: TargetIf<T>,
{
    type Target = <<S::Rank as IsLessOrEqual<T::Rank>>::Output as TargetIf<T>>::Target;
}
/// `T` when the block's rank fits (`B1`); nothing otherwise.
pub trait TargetIf<T> {
    /// `T`.
    type Target;
}
impl<T> TargetIf<T> for B1 {
    type Target = T;
}

/// The target shape of `tile_to_shape` for the block shape `S`.
pub type TargetOf<S, T> = <T as RankAtLeast<S>>::Target;

/// CuTe's `tile_to_shape(block, target)`: the static block repeated, column-major, until each
/// mode has the size of the target's mode; the target may have runtime leaves.
///
/// Post-condition: each mode of R has the size of the corresponding mode of `target`, and R is
/// `blocked_product(block, make_layout(target / block))` (the dynamic engine's definition).
///
/// Errors: a block mode whose size does not divide the target mode's
/// ([`TileToShapeDivisibility`](crate::error::ErrorKind::TileToShapeDivisibility), at run time);
/// a block with more modes than the target is a compile error (the ranks are the types'
/// structure), which `cargo check` reports.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{tile_to_shape, Layout};
/// use cute::typenum::{P1, P2, P8};
/// let atom = Layout::try_new(hlist![P8::new(), P2::new()], hlist![P2::new(), P1::new()]).unwrap();
/// let r = tile_to_shape(atom, hlist![24i64, P2::new()]).unwrap();
/// assert_eq!(r.to_string(), "((_8,3),(_2,_1)):((_2,_16),(_1,_0))");
/// let e = tile_to_shape(atom, hlist![20i64, P2::new()]).unwrap_err();
/// assert_eq!(e.to_string(), "tile_to_shape divisibility: tile_to_shape((8,2):(2,1), (20,2)): block mode size 8 does not divide target mode size 20");
/// ```
///
/// ```compile_fail,E0277
/// use cute::hlist;
/// use cute::mixed::{tile_to_shape, Layout};
/// use cute::typenum::{P1, P2, P8};
/// let atom = Layout::try_new(hlist![P8::new(), P2::new()], hlist![P2::new(), P1::new()]).unwrap();
/// let _ = tile_to_shape(atom, hlist![24i64]);
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tile_to_shape<SA, DA, T>(block: Layout<SA, DA>, target: T) -> <RankFits<SA, T> as TileByRank<SA, DA, T>>::Output
where <RankFits<SA, T> as RankFirst<HNil, HNil, Layout<SA, DA>, T>>::Output: Holds,
    SA: RankOf,
    T: RankOf,
    <SA as RankOf>::Rank: IsLessOrEqual<<T as RankOf>::Rank>,
    RankFits<SA, T>: TileByRank<SA, DA, T> + RankFirst<HNil, HNil, Layout<SA, DA>, T>,
    <RankFits<SA, T> as TileByRank<SA, DA, T>>::Output: crate::layout::Fits,
{
    crate::layout::Fits::fits(tile_by_rank(block, target), "tile_to_shape")
}

/// [`tile_to_shape`] where the block's rank fits the target's, the copies laid out by `arrange`.
fn tile_fitting<SA, DA, T, A>(block: Layout<SA, DA>, target: T, arrange: A) -> Result<TiledTo<SA, DA, T, A>, Error>
where
    SA: MixedTuple,
    DA: MixedTuple,
    T: RankAtLeast<SA> + Into<TargetOf<SA, T>>,
    TargetOf<SA, T>: TileFrom<SA, DA, A>,
{
    <TargetOf<SA, T> as TileFrom<SA, DA, A>>::tile(target.into(), block, arrange, crate::Internal(()))
}

/// Whether the block shape `SA` has at most the rank of the target `T` (`B1`) or more (`B0`).
pub type RankFits<SA, T> = <<SA as RankOf>::Rank as IsLessOrEqual<<T as RankOf>::Rank>>::Output;

/// `tile_to_shape` with a result type whatever the ranks, so that the verdict on the ranks
/// (which the types decide, [`RankFirst`]) is the one error a mismatch gives: the tiled layout
/// when the block's rank fits the target's (`Self` is `B1`); else an error, a path that the
/// verdict keeps from compiling. `A` lays out the copies ([`Arrange`]).
pub trait TileByRank<SA, DA, T, A = Left> {
    /// The result.
    type Output;
    /// Tile.
    fn tile_by_rank(block: Layout<SA, DA>, target: T, arrange: A, _: crate::Internal) -> Self::Output;
}
impl<SA, DA, T, A> TileByRank<SA, DA, T, A> for B1
where
    SA: MixedTuple,
    DA: MixedTuple,
    T: RankAtLeast<SA> + Into<TargetOf<SA, T>>,
    TargetOf<SA, T>: TileFrom<SA, DA, A>,
{
    type Output = Result<TiledTo<SA, DA, T, A>, Error>;
    #[inline(always)]
    fn tile_by_rank(block: Layout<SA, DA>, target: T, arrange: A, _: crate::Internal) -> Self::Output {
        tile_fitting(block, target, arrange)
    }
}
impl<SA, DA, T, A> TileByRank<SA, DA, T, A> for B0 {
    type Output = Result<Layout<SA, DA>, Error>;
    fn tile_by_rank(_: Layout<SA, DA>, _: T, _: A, _: crate::Internal) -> Self::Output {
        Err(Error::new("tile_to_shape", Detail::TileRank))
    }
}
/// [`TileByRank`] chosen by the ranks, the copies column-major.
pub(crate) fn tile_by_rank<SA, DA, T>(
    block: Layout<SA, DA>,
    target: T,
) -> <RankFits<SA, T> as TileByRank<SA, DA, T>>::Output
where
    SA: RankOf,
    T: RankOf,
    <SA as RankOf>::Rank: IsLessOrEqual<<T as RankOf>::Rank>,
    RankFits<SA, T>: TileByRank<SA, DA, T>,
{
    <RankFits<SA, T> as TileByRank<SA, DA, T>>::tile_by_rank(block, target, Left, crate::Internal(()))
}
/// [`TileByRank`] chosen by the ranks, the copies in the order `order`.
pub(crate) fn tile_ordered_by_rank<SA, DA, T, O>(
    block: Layout<SA, DA>,
    target: T,
    order: O,
) -> <RankFits<SA, T> as TileByRank<SA, DA, T, O>>::Output
where
    SA: RankOf,
    T: RankOf,
    <SA as RankOf>::Rank: IsLessOrEqual<<T as RankOf>::Rank>,
    RankFits<SA, T>: TileByRank<SA, DA, T, O>,
{
    <RankFits<SA, T> as TileByRank<SA, DA, T, O>>::tile_by_rank(block, target, order, crate::Internal(()))
}

/// The result type of `tile_to_shape(SA:DA, T)`, the copies laid out by `A`.
pub type TiledTo<SA, DA, T, A = Left> = <TargetOf<SA, T> as TileFrom<SA, DA, A>>::Output;

/// `tile_to_shape` of the block `SA:DA` to the target `Self`, the copies laid out by `A`. The
/// trait is on the target (named through [`RankAtLeast`]), so that when the ranks do not fit,
/// the trait solver reports that alone rather than every bound that follows from it.
pub trait TileFrom<SA, DA, A = Left> {
    /// The tiled layout.
    type Output;
    /// Tile the block to this target.
    fn tile(self, block: Layout<SA, DA>, arrange: A, _: crate::Internal) -> Result<Self::Output, Error>;
}

/// How `tile_to_shape` lays out the copies of the block and puts them together with it (the
/// blocked product of the padded block `P` by the copies' layout), `C` the numbers of copies
/// along the target's modes: column-major ([`Left`], CuTe's `tile_to_shape(block, shape)`), or
/// in a static order, a leaf or a tuple of the target's rank (`make_ordered_layout` of the
/// numbers, CuTe's `tile_to_shape(block, shape, order)`).
pub trait Arrange<P, C> {
    /// The tiled layout.
    type Output;
    /// The blocked product of `padded` by the copies `copies` laid out by `self`; `err` names a
    /// stride past i64.
    fn arrange(
        &self,
        padded: P,
        copies: C,
        err: &dyn Fn(Detail) -> Error,
        _: crate::Internal,
    ) -> Result<Self::Output, Error>;
}
impl<P, C: Compact<P1, Left>> Arrange<P, C> for Left
where
    P: BlockedProduct<Layout<C, <C as Compact<P1, Left>>::Stride>>,
{
    type Output = <P as BlockedProduct<Layout<C, <C as Compact<P1, Left>>::Stride>>>::Output;
    fn arrange(
        &self,
        padded: P,
        copies: C,
        err: &dyn Fn(Detail) -> Error,
        _: crate::Internal,
    ) -> Result<Self::Output, Error> {
        let stride = copies.compact(P1::new()).map_err(|o| err(o.into()))?.0;
        padded.blocked(Layout { shape: copies, stride }, crate::Internal(()))
    }
}
/// The strides of the copies `C` in the order `O`.
type OrderedCopies<C, O> = <C as OrderedStride<O, <C as OrderGroups<O>>::Output>>::Output;
macro_rules! arrange_by_order {
    ($([$($g:tt)*] $order:ty;)*) => {$(
        impl<P, C, $($g)*> Arrange<P, C> for $order
        where
            C: OrderGroups<$order> + OrderedStride<$order, <C as OrderGroups<$order>>::Output>,
            P: BlockedProduct<Layout<C, OrderedCopies<C, $order>>>,
        {
            type Output = <P as BlockedProduct<Layout<C, OrderedCopies<C, $order>>>>::Output;
            fn arrange(&self, padded: P, copies: C, err: &dyn Fn(Detail) -> Error, _: crate::Internal) -> Result<Self::Output, Error> {
                let groups = copies.groups().map_err(err)?;
                let stride = copies.ordered(&groups).map_err(|o| err(o.into()))?;
                padded.blocked(Layout { shape: copies, stride }, crate::Internal(()))
            }
        }
    )*};
}
arrange_by_order! {
    [H, T] HCons<H, T>;
    [] typenum::Z0;
    [U: typenum::Unsigned + typenum::NonZero] typenum::PInt<U>;
    [U: typenum::Unsigned + typenum::NonZero] typenum::NInt<U>;
}

/// The block `SA:DA` padded to the target `T`'s rank.
type Padded<SA, DA, T> = Layout<<SA as PadTo<DA, T>>::Shape, <SA as PadTo<DA, T>>::Stride>;
/// The numbers of copies of the padded block of `SA:DA` along the target `T`'s modes.
type CopiesOf<SA, DA, T> = <<SA as PadTo<DA, T>>::Shape as Copies<T>>::Output;
impl<Tg: MixedTuple, SA: MixedTuple, DA: MixedTuple, A> TileFrom<SA, DA, A> for Tg
where
    SA: PadTo<DA, Tg>,
    <SA as PadTo<DA, Tg>>::Shape: Copies<Tg>,
    A: Arrange<Padded<SA, DA, Tg>, CopiesOf<SA, DA, Tg>>,
{
    type Output = <A as Arrange<Padded<SA, DA, Tg>, CopiesOf<SA, DA, Tg>>>::Output;
    fn tile(self, block: Layout<SA, DA>, arrange: A, _: crate::Internal) -> Result<Self::Output, Error> {
        let err = |d: Detail| Error::with("tile_to_shape", d, format_args!("({:#}, {:#})", block, ShowTuple(&self)));
        let (ps, pd) = <SA as PadTo<DA, Tg>>::pad(block.shape, block.stride);
        let copies = ps.copies(&self).map_err(err)?;
        arrange.arrange(Layout { shape: ps, stride: pd }, copies, &err, crate::Internal(()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::mixed::make::Left;
    use frunk_core::hlist;
    use std::string::ToString;
    use typenum::{B0, P2, P8};

    /// A block with more modes than the target: the root function's verdict fails compilation
    /// (ui-tests); the route itself, which only the crate's functions call, is an error, never a
    /// result.
    #[test]
    fn a_block_of_more_modes_than_the_target_is_an_error() {
        let atom = Layout::try_new(hlist![P8::new(), P2::new()], hlist![P2::new(), P1::new()]).unwrap();
        let e = <B0 as TileByRank<_, _, _>>::tile_by_rank(atom, hlist![24i64], Left, crate::Internal(())).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TileToShapeRank);
        assert_eq!(e.to_string(), "tile_to_shape rank: tile_to_shape: the block has more modes than the target shape");
    }
}
