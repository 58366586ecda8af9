//! Logical product of a static block by a mixed tiler, and its regroupings (`zipped_product`,
//! `tiled_product`, `flat_product`): "repeat this static block over a runtime grid".
//!
//! `logical_product(A, B) = (A, complement(A, size(A) * cosize(B)) o B)` (CuTe's definition,
//! and the dynamic engine's). The block is static (a static [`Layout`] or a mixed layout whose
//! leaves are all static), of runtime extents at static strides, or a single mode with runtime
//! leaves: the layouts whose complement CuTe computes. With a static tiler (a
//! [`Layout`] or a static tile size) the whole product is static and is the static face's, so
//! its conditions are compile errors; with a tiler that has runtime leaves (a [`Layout`] or
//! a runtime tile size) the cotarget `size(A) * cosize(B)` is runtime, the complement's rest
//! mode with it, and the composition with B is checked at run time by the dynamic engine's code
//! (only below the complement's size, as there).
//!
//! `blocked_product` and `raked_product` of a static block by a mixed or static tiler: both
//! padded with `_1:_0` modes to the larger rank, their logical product, and its two modes zipped
//! mode by mode (block first for blocked, copies first for raked), as CuTe and the dynamic
//! engine do.

use crate::mixed::route;
use crate::ops::ResultCheck;
use frunk_core::hlist::{HCons, HNil};
use typenum::{PInt, B0, B1, P1, Z0};

pub use super::pad::*;
use crate::arith;
use crate::layout::Layout;
use crate::mixed::error::{Detail, Error};
use crate::mixed::int::{Both, BothStatic, Digits};
use crate::mixed::tuple::MixedTuple;
use crate::mixed::AllStatic;
use crate::ops::complement::mixed_face::{ComplementExists, MixedComplement};
use crate::ops::composition::mixed_face::{
    composition_within, CoalesceX, ComposeTree, Composed, FlatA, FromLeaves, ModeValues, Parts,
};
use crate::ops::composition::static_face::ResultVerdict;
use crate::ops::divide::mixed_face::{
    spread_both, spread_second, zip_layout, FlatOfZ, Second, Spread, TiledOfZ, Zip2By, ZipOf,
};
use crate::ops::ComplementOk;
use crate::statics::check::Checked;
use crate::statics::report::Holds;
use crate::statics::tiler::{AppliedTo, ByMode, Entry, MakeLayout, ModeOp};
use crate::statics::{Made, ProductOp, Underscore};

/// CuTe's `logical_product(A, T)` of a block `Self` by the tiler `T`; see [`logical_product`].
#[diagnostic::on_unimplemented(
    message = "`{T}` is not a tiler for the block `{Self}`, or the block has no complement for its types",
    label = "the block's complement needs static strides or a single mode; a tuple tiler needs at most one entry per mode"
)]
#[doc(hidden)]
pub trait Product<T> {
    /// The product.
    type Output;
    /// Multiply, unchecked size and cosize: only the crate's functions, which check them, call it.
    fn logical_product(self, tiler: T, _: crate::Internal) -> Result<Self::Output, Error>;
}

/// A static tile size `n` is the tile `make_layout(n)` (`n:_1`, or `_1:_0` for `n == 1`): the
/// static face's product for a static block, the runtime one otherwise. Through the tile, not
/// the static face's integer tiler, so that while the size is not yet inferred the trait solver
/// does not try the static face on a block with runtime leaves.
impl<SA, DA, U: Digits> Product<PInt<U>> for Layout<SA, DA>
where
    PInt<U>: MakeLayout,
    <PInt<U> as MakeLayout>::Output: Made,
    Layout<SA, DA>: Product<<PInt<U> as MakeLayout>::Output>,
{
    type Output = <Layout<SA, DA> as Product<<PInt<U> as MakeLayout>::Output>>::Output;
    fn logical_product(self, _: PInt<U>, _: crate::Internal) -> Result<Self::Output, Error> {
        self.logical_product(<PInt<U> as MakeLayout>::Output::made(), crate::Internal(()))
    }
}

/// A tile: with every leaf of block and tile static the static face's product (its conditions
/// compile errors, its cotarget a constant); otherwise the cotarget is computed at run time.
impl<SA, DA, SB, DB> Product<Layout<SB, DB>> for Layout<SA, DA>
where
    Layout<SA, DA>: BothStatic<Layout<SB, DB>>,
    Both<Layout<SA, DA>, Layout<SB, DB>>: ProductRoute<Layout<SA, DA>, Layout<SB, DB>>,
{
    type Output = <Both<Layout<SA, DA>, Layout<SB, DB>> as ProductRoute<Layout<SA, DA>, Layout<SB, DB>>>::Output;
    fn logical_product(self, tiler: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        <Both<Layout<SA, DA>, Layout<SB, DB>> as ProductRoute<Layout<SA, DA>, Layout<SB, DB>>>::run(
            self,
            tiler,
            crate::Internal(()),
        )
    }
}

/// The product of a block `A` by a tile `B`, chosen by `Self`: `B1` when every leaf of both is
/// static, `B0` otherwise.
pub trait ProductRoute<A, B> {
    /// The product.
    type Output;
    /// Multiply.
    fn run(a: A, b: B, _: crate::Internal) -> Result<Self::Output, Error>;
}
impl<SA, DA, SB, DB> ProductRoute<Layout<SA, DA>, Layout<SB, DB>> for B1
where
    Layout<SB, DB>: AppliedTo<ProductOp, Layout<SA, DA>> + crate::statics::tiler::TilerCheck<Layout<SA, DA>>,
    <Layout<SB, DB> as crate::statics::tiler::TilerCheck<Layout<SA, DA>>>::Output: crate::statics::report::Holds,
{
    type Output = <Layout<SB, DB> as AppliedTo<ProductOp, Layout<SA, DA>>>::Output;
    fn run(a: Layout<SA, DA>, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        Ok(super::static_face::logical_product_checked(a, b))
    }
}

/// The product's layout `(A, A* o B)` for a block `SA:DA` and `A* o B = RS:RD`.
type Pair<SA, DA, RS, RD> = Layout<HCons<SA, HCons<RS, HNil>>, HCons<DA, HCons<RD, HNil>>>;
/// `A* = complement(A, m)` for a runtime `m`.
type Star<L> = <L as MixedComplement<i64>>::Output;
/// `A* o B`.
type Copies<L, SB, DB> = Composed<<Star<L> as Parts>::Shape, <Star<L> as Parts>::Stride, SB, DB>;

/// A block or tile with runtime leaves: `(A, complement(A, size(A) * cosize(B)) o B)` with the
/// cotarget computed at run time, where the checked layer computes A's complement for its types:
/// A static, of runtime extents at static strides, or a single mode with runtime leaves
/// ([`BlockProduct`]).
impl<SA, DA, SB, DB> ProductRoute<Layout<SA, DA>, Layout<SB, DB>> for B0
where
    Layout<SA, DA>: AllStatic,
    <Layout<SA, DA> as AllStatic>::Is: ComplementExists<SA, DA>,
    ComplementOk<SA, DA>: BlockProduct<SA, DA, SB, DB>,
{
    type Output = <ComplementOk<SA, DA> as BlockProduct<SA, DA, SB, DB>>::Output;
    fn run(a: Layout<SA, DA>, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        <ComplementOk<SA, DA> as BlockProduct<SA, DA, SB, DB>>::product(a, b, crate::Internal(()))
    }
}

/// The product of the block `SA:DA` with runtime leaves by the tile `SB:DB`, by whether the
/// checked layer computes the block's complement for its types (`Self`).
pub trait BlockProduct<SA, DA, SB, DB> {
    /// The product.
    type Output;
    /// Multiply.
    fn product(a: Layout<SA, DA>, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error>;
}
/// A block with a runtime stride among several modes (or a negative one), whose complement the checked
/// layer does not compute: an error in place of the `(A, A* o B)` layout. The crate root's functions refuse it at compile time
/// ([`RuntimeTiles`](crate::ops::RuntimeTiles)), so that only this face returns it.
impl<SA, DA, SB, DB> BlockProduct<SA, DA, SB, DB> for B0 {
    type Output = Pair<SA, DA, P1, Z0>;
    fn product(_: Layout<SA, DA>, _: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        Err(Error::new("logical_product", Detail::ComplementRuntime))
    }
}
impl<SA, DA, SB, DB> BlockProduct<SA, DA, SB, DB> for B1
where
    SA: MixedTuple,
    DA: MixedTuple,
    SB: MixedTuple,
    DB: MixedTuple,
    Layout<SA, DA>: MixedComplement<i64>,
    Star<Layout<SA, DA>>: Parts + CoalesceX + Copy,
    <Star<Layout<SA, DA>> as Parts>::Shape: MixedTuple,
    <Star<Layout<SA, DA>> as Parts>::Stride: MixedTuple,
    FlatA<<Star<Layout<SA, DA>> as Parts>::Shape, <Star<Layout<SA, DA>> as Parts>::Stride>: ModeValues,
    Layout<<Star<Layout<SA, DA>> as Parts>::Shape, <Star<Layout<SA, DA>> as Parts>::Stride>: CoalesceX,
    SB: ComposeTree<DB, FlatA<<Star<Layout<SA, DA>> as Parts>::Shape, <Star<Layout<SA, DA>> as Parts>::Stride>>,
    Copies<Layout<SA, DA>, SB, DB>: Parts + FromLeaves,
{
    type Output = Pair<
        SA,
        DA,
        <Copies<Layout<SA, DA>, SB, DB> as Parts>::Shape,
        <Copies<Layout<SA, DA>, SB, DB> as Parts>::Stride,
    >;
    fn product(a: Layout<SA, DA>, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        let err = |d: Detail| Error::new("logical_product", d);
        let m = arith::mul(a.size(), b.cosize()).map_err(|o| err(o.into()))?;
        let star = <Layout<SA, DA> as MixedComplement<i64>>::complement(a, m, crate::Internal(()))?;
        let (ss, sd) = star.into_parts();
        // A* is read below (its size): checked as a layout made by hand is.
        let star = crate::layout::Fits::fits(Ok(Layout { shape: ss, stride: sd }), "logical_product")?;
        // The copies may reach past A*'s domain only where B's image does; as in the dynamic
        // engine, they need to agree with A* only below its size.
        let copies = composition_within(star, b, Some(star.size()), 0)?;
        let (rs, rd) = copies.into_parts();
        Ok(Layout {
            shape: HCons { head: a.shape, tail: HCons { head: rs, tail: HNil } },
            stride: HCons { head: a.stride, tail: HCons { head: rd, tail: HNil } },
        })
    }
}

/// A runtime tile size `n` is the tiler `n:_1`.
impl<SA, DA> Product<i64> for Layout<SA, DA>
where
    Layout<SA, DA>: Product<Layout<i64, P1>>,
{
    type Output = <Layout<SA, DA> as Product<Layout<i64, P1>>>::Output;
    fn logical_product(self, n: i64, _: crate::Internal) -> Result<Self::Output, Error> {
        if n < 1 {
            return Err(Error::new("logical_product", Detail::NonPositive(n)));
        }
        <Layout<SA, DA> as Product<Layout<i64, P1>>>::logical_product(
            self,
            Layout::from_parts(n, P1::new()),
            crate::Internal(()),
        )
    }
}

/// `_` leaves the block alone.
impl<SA, DA> Product<Underscore> for Layout<SA, DA> {
    type Output = Layout<SA, DA>;
    fn logical_product(self, _: Underscore, _: crate::Internal) -> Result<Self::Output, Error> {
        Ok(self)
    }
}

/// A tuple tiler multiplies mode by mode (CuTe's `transform_layout`, the walk [`ByMode`]); the
/// block's modes past the tiler's stay as they are. A tiler with more entries than the block has
/// modes is an error (CuTe's "Too many modes in tiler"), which the crate root's functions refuse
/// at compile time ([`RuntimeTiles`](crate::ops::RuntimeTiles)).
impl<SH, ST, DH, DT, TH, TT> Product<HCons<TH, TT>> for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    HCons<SH, ST>: ByMode<ProductOp, HCons<DH, DT>, HCons<TH, TT>>,
{
    type Output = Layout<
        <HCons<SH, ST> as ByMode<ProductOp, HCons<DH, DT>, HCons<TH, TT>>>::Shape,
        <HCons<SH, ST> as ByMode<ProductOp, HCons<DH, DT>, HCons<TH, TT>>>::Stride,
    >;
    fn logical_product(self, tiler: HCons<TH, TT>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (shape, stride) = self.shape.by_mode(self.stride, tiler)?;
        Ok(Layout { shape, stride })
    }
}

/// The products' step of a tuple tiler ([`ByMode`]): the mode multiplied by the entry.
impl<S, D, T> ModeOp<S, D, T> for ProductOp
where
    Layout<S, D>: Product<T>,
    <Layout<S, D> as Product<T>>::Output: Parts,
{
    type Shape = <<Layout<S, D> as Product<T>>::Output as Parts>::Shape;
    type Stride = <<Layout<S, D> as Product<T>>::Output as Parts>::Stride;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn apply(mode: Layout<S, D>, entry: T) -> Result<(Self::Shape, Self::Stride), Error> {
        Ok(mode.logical_product(entry, crate::Internal(()))?.into_parts())
    }
}

/// A one-entry tuple tiler on an integral block multiplies its one mode and gives a rank-1
/// tuple, as in CuTe.
///
/// ```
/// use cute::mixed::{logical_product, Layout};
/// use cute::hlist;
/// let block = Layout::try_new(cute::typenum::P4::new(), cute::typenum::P1::new()).unwrap();
/// assert_eq!(logical_product(block, hlist![3i64]).unwrap().to_string(), "((_4,3)):((_1,_4))");
/// ```
impl<S: crate::mixed::int::Int, D: crate::mixed::int::Int, TH> Product<HCons<TH, HNil>> for Layout<S, D>
where
    TH: Entry<ProductOp, S, D>,
{
    type Output =
        Layout<HCons<<TH as Entry<ProductOp, S, D>>::Shape, HNil>, HCons<<TH as Entry<ProductOp, S, D>>::Stride, HNil>>;
    fn logical_product(self, tiler: HCons<TH, HNil>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (s, d) = tiler.head.apply_to(self)?;
        Ok(Layout { shape: HCons { head: s, tail: HNil }, stride: HCons { head: d, tail: HNil } })
    }
}

/// More than one entry on an integral block (CuTe's "Too many modes in tiler"): an error. The
/// crate root's functions refuse it at compile time ([`RuntimeTiles`](crate::ops::RuntimeTiles)).
impl<S: crate::mixed::int::Int, D: crate::mixed::int::Int, TH, X, Y> Product<HCons<TH, HCons<X, Y>>> for Layout<S, D> {
    type Output = Layout<HNil, HNil>;
    fn logical_product(self, _: HCons<TH, HCons<X, Y>>, _: crate::Internal) -> Result<Self::Output, Error> {
        Err(Error::new("logical_product", Detail::TooManyModes))
    }
}

/// `(A, A* o B)` per tiled mode (CuTe's `logical_product`) of a block A whose complement exists
/// (a mixed layout with only static leaves; with a tiler that has runtime leaves, also a rank-1
/// layout with runtime leaves, as CuTe allows) by a tiler: a static or mixed layout, a static or runtime tile size,
/// `_`, or an HList of these applied mode by mode.
///
/// Post-conditions (as the dynamic engine's, theorem T3): mode 0 of each tiled mode is A's
/// mode; mode 1 is `A* o B` with `A* = complement(A, size(A) * cosize(B))`, so the copies of A
/// never overlap A. Static-ness: mode 0 is A (static); the copies are static when B is, and
/// follow the composition's rules when B has runtime leaves.
///
/// Errors: with a static tiler every condition is a compile error (the static face's); with
/// runtime leaves, a tile size that is not positive, the composition's conditions on the runtime
/// values ([`Detail::Compose`]) and overflow. A block with a runtime leaf, or a tuple tiler with
/// more modes than the block, is a compile error.
///
/// ```
/// use cute::mixed::logical_product;
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P2, P4};
/// let block = Layout::try_new(hlist![P2::new(), P2::new()], hlist![P1::new(), P2::new()]).unwrap();
/// // A static tiler: the static face's product.
/// let r = logical_product(block, Layout::<P4, P1>::new()).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),_4):((_1,_2),_4)");
/// // A runtime number of copies: the block stays static, the copies are runtime.
/// let r = logical_product(block, 3i64).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),3):((_1,_2),_4)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn logical_product<A, T>(a: A, tiler: T) -> Result<A::Output, Error>
where route::RouteVerdict<route::op::LogicalProduct, A, T>: Holds, ResultCheck<crate::statics::names::logical_product, route::Routed<route::op::LogicalProduct, A, T>, A, T>: Holds,
    A: Product<T> + crate::mixed::BothStatic<T>,
    crate::mixed::Both<A, T>: route::Route<route::op::LogicalProduct, A, T>
        + route::Verdicts<route::op::LogicalProduct, A, T>,
    route::Routed<route::op::LogicalProduct, A, T>: ResultVerdict<crate::statics::names::logical_product, A, T>,
    Result<A::Output, Error>: crate::layout::Fits,
{
    crate::layout::Fits::fits(logical_product_checked(a, tiler), "logical_product")
}

/// [`logical_product`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it).
pub(crate) fn logical_product_checked<A: Product<T>, T>(a: A, tiler: T) -> Result<A::Output, Error> {
    a.logical_product(tiler, crate::Internal(()))
}

/// The result type of `zipped_product(A, T)`.
pub type ZippedP<A, T> = ZipOf<<A as Product<T>>::Output, T>;

/// `((A modes...), (copies..., other modes...))` (CuTe's `zipped_product`).
///
/// ```
/// use cute::mixed::zipped_product;
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P2};
/// let block = Layout::try_new(hlist![P2::new(), P2::new()], hlist![P1::new(), P2::new()]).unwrap();
/// let r = zipped_product(block, hlist![3i64, Layout::<P2, P1>::new()]).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),(3,_2)):((_1,_2),(_2,_1))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn zipped_product<A, T>(a: A, tiler: T) -> Result<ZippedP<A, T>, Error>
where route::RouteVerdict<route::op::ZippedProduct, A, T>: Holds, ResultCheck<crate::statics::names::zipped_product, route::Routed<route::op::LogicalProduct, A, T>, A, T>: Holds,
    A: Product<T>,
    A::Output: Parts,
    <A::Output as Parts>::Shape: Zip2By<<A::Output as Parts>::Stride, T>,
    A: crate::mixed::BothStatic<T>,
    crate::mixed::Both<A, T>: route::Route<route::op::LogicalProduct, A, T>
        + route::Verdicts<route::op::ZippedProduct, A, T>,
    route::Routed<route::op::LogicalProduct, A, T>: ResultVerdict<crate::statics::names::zipped_product, A, T>,
    Result<ZippedP<A, T>, Error>: crate::layout::Fits,
{
    crate::layout::Fits::fits(zipped_product_checked(a, tiler), "zipped_product")
}

/// [`zipped_product`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it).
pub(crate) fn zipped_product_checked<A, T>(a: A, tiler: T) -> Result<ZippedP<A, T>, Error>
where
    A: Product<T>,
    A::Output: Parts,
    <A::Output as Parts>::Shape: Zip2By<<A::Output as Parts>::Stride, T>,
{
    Ok(zip_layout::<_, T>(a.logical_product(tiler, crate::Internal(()))?))
}

/// `((A modes...), copies..., other modes...)` (CuTe's `tiled_product`).
///
/// ```
/// use cute::mixed::tiled_product;
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P2};
/// let block = Layout::try_new(hlist![P2::new(), P2::new()], hlist![P1::new(), P2::new()]).unwrap();
/// let r = tiled_product(block, hlist![3i64, Layout::<P2, P1>::new()]).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),3,_2):((_1,_2),_2,_1)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tiled_product<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<TiledOfZ<ZippedP<A, T>>, Error>
where route::RouteVerdict<route::op::TiledProduct, A, T>: Holds, ResultCheck<crate::statics::names::tiled_product, route::Routed<route::op::LogicalProduct, A, T>, A, T>: Holds,
    A: Product<T>,
    A::Output: Parts,
    <A::Output as Parts>::Shape: Zip2By<<A::Output as Parts>::Stride, T>,
    ZippedP<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    S: Spread<SD>,
    HCons<F, HCons<S, HNil>>: Second<First = F, Second = S>,
    HCons<FD, HCons<SD, HNil>>: Second<First = FD, Second = SD>,
    A: crate::mixed::BothStatic<T>,
    crate::mixed::Both<A, T>: route::Route<route::op::LogicalProduct, A, T>
        + route::Verdicts<route::op::TiledProduct, A, T>,
    route::Routed<route::op::LogicalProduct, A, T>: ResultVerdict<crate::statics::names::tiled_product, A, T>,
    Result<TiledOfZ<ZippedP<A, T>>, Error>: crate::layout::Fits,
{
    crate::layout::Fits::fits(tiled_product_checked(a, tiler), "tiled_product")
}

/// [`tiled_product`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it).
pub(crate) fn tiled_product_checked<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<TiledOfZ<ZippedP<A, T>>, Error>
where
    A: Product<T>,
    A::Output: Parts,
    <A::Output as Parts>::Shape: Zip2By<<A::Output as Parts>::Stride, T>,
    ZippedP<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    S: Spread<SD>,
    HCons<F, HCons<S, HNil>>: Second<First = F, Second = S>,
    HCons<FD, HCons<SD, HNil>>: Second<First = FD, Second = SD>,
{
    let (s, d) = zipped_product_checked(a, tiler)?.into_parts();
    Ok(spread_second(Layout { shape: s, stride: d }))
}

/// `(A modes..., copies..., other modes...)` (CuTe's `flat_product`).
///
/// ```
/// use cute::mixed::flat_product;
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P2};
/// let block = Layout::try_new(hlist![P2::new(), P2::new()], hlist![P1::new(), P2::new()]).unwrap();
/// let r = flat_product(block, hlist![3i64, Layout::<P2, P1>::new()]).unwrap();
/// assert_eq!(r.to_string(), "(_2,_2,3,_2):(_1,_2,_2,_1)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn flat_product<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<FlatOfZ<ZippedP<A, T>>, Error>
where route::RouteVerdict<route::op::FlatProduct, A, T>: Holds, ResultCheck<crate::statics::names::flat_product, route::Routed<route::op::LogicalProduct, A, T>, A, T>: Holds,
    A: Product<T>,
    A::Output: Parts,
    <A::Output as Parts>::Shape: Zip2By<<A::Output as Parts>::Stride, T>,
    ZippedP<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    F: Spread<FD>,
    S: Spread<SD>,
    F::Shapes: core::ops::Add<S::Shapes>,
    F::Strides: core::ops::Add<S::Strides>,
    HCons<F, HCons<S, HNil>>: Second<First = F, Second = S>,
    HCons<FD, HCons<SD, HNil>>: Second<First = FD, Second = SD>,
    A: crate::mixed::BothStatic<T>,
    crate::mixed::Both<A, T>: route::Route<route::op::LogicalProduct, A, T>
        + route::Verdicts<route::op::FlatProduct, A, T>,
    route::Routed<route::op::LogicalProduct, A, T>: ResultVerdict<crate::statics::names::flat_product, A, T>,
    Result<FlatOfZ<ZippedP<A, T>>, Error>: crate::layout::Fits,
{
    crate::layout::Fits::fits(flat_product_checked(a, tiler), "flat_product")
}

/// [`flat_product`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it).
pub(crate) fn flat_product_checked<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<FlatOfZ<ZippedP<A, T>>, Error>
where
    A: Product<T>,
    A::Output: Parts,
    <A::Output as Parts>::Shape: Zip2By<<A::Output as Parts>::Stride, T>,
    ZippedP<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    F: Spread<FD>,
    S: Spread<SD>,
    F::Shapes: core::ops::Add<S::Shapes>,
    F::Strides: core::ops::Add<S::Strides>,
    HCons<F, HCons<S, HNil>>: Second<First = F, Second = S>,
    HCons<FD, HCons<SD, HNil>>: Second<First = FD, Second = SD>,
{
    let (s, d) = zipped_product_checked(a, tiler)?.into_parts();
    Ok(spread_both(Layout { shape: s, stride: d }))
}

// The rank-sensitive products: blocked and raked.

/// CuTe's `blocked_product` of a block `Self` by a tiler `B`; see [`blocked_product`].
#[doc(hidden)]
pub trait BlockedProduct<B> {
    /// `((a0,b0'),(a1,b1'),...)`.
    type Output;
    /// The blocked product.
    fn blocked(self, b: B, _: crate::Internal) -> Result<Self::Output, Error>;
}
/// CuTe's `raked_product` of a block `Self` by a tiler `B`; see [`raked_product`].
#[doc(hidden)]
pub trait RakedProduct<B> {
    /// `((b0',a0),(b1',a1),...)`.
    type Output;
    /// The raked product.
    fn raked(self, b: B, _: crate::Internal) -> Result<Self::Output, Error>;
}

impl<SA, DA, SB, DB, PAS, PAD, PBS, PBD, XS, XD, YS, YD> BlockedProduct<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: PadTo<DA, SB, Shape = PAS, Stride = PAD>,
    SB: PadTo<DB, SA, Shape = PBS, Stride = PBD>,
    Layout<PAS, PAD>: Product<Layout<PBS, PBD>>,
    <Layout<PAS, PAD> as Product<Layout<PBS, PBD>>>::Output:
        Parts<Shape = HCons<XS, HCons<YS, HNil>>, Stride = HCons<XD, HCons<YD, HNil>>>,
    XS: ZipWith<XD, YS, YD>,
{
    type Output = Layout<<XS as ZipWith<XD, YS, YD>>::Shape, <XS as ZipWith<XD, YS, YD>>::Stride>;
    fn blocked(self, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (x, y) = padded(self, b)?;
        let (s, d) = <XS as ZipWith<XD, YS, YD>>::zip_with(x.0, x.1, y.0, y.1);
        Ok(Layout { shape: s, stride: d })
    }
}

impl<SA, DA, SB, DB, PAS, PAD, PBS, PBD, XS, XD, YS, YD> RakedProduct<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: PadTo<DA, SB, Shape = PAS, Stride = PAD>,
    SB: PadTo<DB, SA, Shape = PBS, Stride = PBD>,
    Layout<PAS, PAD>: Product<Layout<PBS, PBD>>,
    <Layout<PAS, PAD> as Product<Layout<PBS, PBD>>>::Output:
        Parts<Shape = HCons<XS, HCons<YS, HNil>>, Stride = HCons<XD, HCons<YD, HNil>>>,
    YS: ZipWith<YD, XS, XD>,
{
    type Output = Layout<<YS as ZipWith<YD, XS, XD>>::Shape, <YS as ZipWith<YD, XS, XD>>::Stride>;
    fn raked(self, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (x, y) = padded(self, b)?;
        let (s, d) = <YS as ZipWith<YD, XS, XD>>::zip_with(y.0, y.1, x.0, x.1);
        Ok(Layout { shape: s, stride: d })
    }
}

// The tiler's side of a rank product: a trait on the tiler, since with the block as `Self` the
// trait solver would try the impls before the tiler's type is known and overflow (E0275).
macro_rules! tiler_side {
    ($(#[$doc:meta])* $side:ident, $route:ident, $tr:ident, $method:ident, $face:ident, $checked:path) => {
        $(#[$doc])*
        #[doc(hidden)]
        pub trait $side<A> {
            /// The product.
            type Output;
            /// The product of the block `a` by this tiler.
            fn product_of(self, a: A, _: crate::Internal) -> Result<Self::Output, Error>;
        }
        impl<SA, DA, SB, DB> $side<Layout<SA, DA>> for Layout<SB, DB>
        where
            Layout<SA, DA>: BothStatic<Layout<SB, DB>>,
            Both<Layout<SA, DA>, Layout<SB, DB>>: $route<Layout<SA, DA>, Layout<SB, DB>>,
        {
            type Output = <Both<Layout<SA, DA>, Layout<SB, DB>> as $route<Layout<SA, DA>, Layout<SB, DB>>>::Output;
            fn product_of(self, a: Layout<SA, DA>, _: crate::Internal) -> Result<Self::Output, Error> {
                <Both<Layout<SA, DA>, Layout<SB, DB>> as $route<Layout<SA, DA>, Layout<SB, DB>>>::run(a, self, crate::Internal(()))
            }
        }

        /// The product of a block by a tile, chosen by `Self`: `B1` when every leaf of both is
        /// static (the static face's product), `B0` otherwise.
        #[doc(hidden)]
        pub trait $route<A, B> {
            /// The product.
            type Output;
            /// Multiply.
            fn run(a: A, b: B, _: crate::Internal) -> Result<Self::Output, Error>;
        }
        impl<SA, DA, SB, DB> $route<Layout<SA, DA>, Layout<SB, DB>> for B1
        where
            Layout<SB, DB>: super::static_face::$face<Layout<SA, DA>>,
            <Layout<SB, DB> as super::static_face::$face<Layout<SA, DA>>>::Output: Made,
        {
            type Output = <Layout<SB, DB> as super::static_face::$face<Layout<SA, DA>>>::Output;
            fn run(a: Layout<SA, DA>, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
                Ok($checked(a, b))
            }
        }
        impl<SA, DA, SB, DB> $route<Layout<SA, DA>, Layout<SB, DB>> for B0
        where
            Layout<SA, DA>: $tr<Layout<SB, DB>>,
        {
            type Output = <Layout<SA, DA> as $tr<Layout<SB, DB>>>::Output;
            fn run(a: Layout<SA, DA>, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
                <Layout<SA, DA> as $tr<Layout<SB, DB>>>::$method(a, b, crate::Internal(()))
            }
        }
    };
}
tiler_side!(
    /// The tiler's side of [`blocked_product`]: the tiler's type picks the implementation, so
    /// the trait solver waits until it is known. A mixed tiler goes to [`BlockedProduct`]; a
    /// static [`Layout`] makes the whole product the static face's (static, its conditions
    /// compile errors), as a mixed layout with no runtime leaf.
    BlockedTiler, BlockedRoute, BlockedProduct, blocked, Blocked, super::static_face::blocked_product_checked
);
tiler_side!(
    /// The tiler's side of [`raked_product`], as [`BlockedTiler`] for [`blocked_product`].
    RakedTiler, RakedRoute, RakedProduct, raked, Raked, super::static_face::raked_product_checked
);

/// The logical product of the padded operands, split into its two modes.
#[allow(clippy::type_complexity)]
fn padded<SA, DA, SB, DB, PAS, PAD, PBS, PBD, XS, XD, YS, YD>(
    a: Layout<SA, DA>,
    b: Layout<SB, DB>,
) -> Result<((XS, XD), (YS, YD)), Error>
where
    SA: PadTo<DA, SB, Shape = PAS, Stride = PAD>,
    SB: PadTo<DB, SA, Shape = PBS, Stride = PBD>,
    Layout<PAS, PAD>: Product<Layout<PBS, PBD>>,
    <Layout<PAS, PAD> as Product<Layout<PBS, PBD>>>::Output:
        Parts<Shape = HCons<XS, HCons<YS, HNil>>, Stride = HCons<XD, HCons<YD, HNil>>>,
{
    let (sa, da) = <SA as PadTo<DA, SB>>::pad(a.shape, a.stride);
    let (sb, db) = <SB as PadTo<DB, SA>>::pad(b.shape, b.stride);
    let p = <Layout<PAS, PAD> as Product<Layout<PBS, PBD>>>::logical_product(
        Layout { shape: sa, stride: da },
        Layout { shape: sb, stride: db },
        crate::Internal(()),
    )?;
    let (s, d) = p.into_parts();
    Ok(((s.head, d.head), (s.tail.head, d.tail.head)))
}

/// CuTe's `blocked_product(A, B)`: the block A (static) repeated over the tiler B, mode by mode
/// `((a0,b0'),(a1,b1'),...)`, both padded with `_1:_0` modes to the larger rank.
///
/// Post-condition (T5): `rank(R) == max(rank(A), rank(B))`, and R is the logical product's
/// function with its modes regrouped. Errors as [`logical_product`](crate::logical_product).
/// B is a mixed layout, or a static [`Layout`], which makes the whole product the static face's
/// (static, and its conditions compile errors).
///
/// ```
/// use cute::mixed::blocked_product;
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P3, P4};
/// let block = Layout::try_new(hlist![P3::new(), P4::new()], hlist![P4::new(), P1::new()]).unwrap();
/// let grid = Layout::try_new(hlist![2i64, 5i64], hlist![P1::new(), 2i64]).unwrap();
/// assert_eq!(blocked_product(block, grid).unwrap().to_string(), "((_3,2),(_4,5)):((_4,_12),(_1,24))");
/// let grid = <Layout![(2,5):(1,2)]>::new();
/// assert_eq!(blocked_product(block, grid).unwrap().to_string(), "((_3,_2),(_4,_5)):((_4,_12),(_1,_24))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn blocked_product<A, B: BlockedTiler<A>>(a: A, b: B) -> Result<B::Output, Error>
where route::RouteVerdict<route::op::BlockedProduct, A, B>: Holds, ResultCheck<crate::statics::names::blocked_product, route::Routed<route::op::BlockedProduct, A, B>, A, B>: Holds,
    A: crate::mixed::BothStatic<B>,
    crate::mixed::Both<A, B>: route::Route<route::op::BlockedProduct, A, B>
        + route::Verdicts<route::op::BlockedProduct, A, B>,
    route::Routed<route::op::BlockedProduct, A, B>: ResultVerdict<crate::statics::names::blocked_product, A, B>,
    Result<B::Output, Error>: crate::layout::Fits,
{
    crate::layout::Fits::fits(blocked_product_checked(a, b), "blocked_product")
}

/// [`blocked_product`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it).
pub(crate) fn blocked_product_checked<A, B: BlockedTiler<A>>(a: A, b: B) -> Result<B::Output, Error> {
    b.product_of(a, crate::Internal(()))
}

/// CuTe's `raked_product(A, B)`: copies of the block A interleaved by the tiler B,
/// `((b0',a0),(b1',a1),...)`.
///
/// ```
/// use cute::mixed::{raked_product, Layout};
/// use cute::hlist;
/// use cute::typenum::{P1, P3, P4};
/// let block = Layout::try_new(hlist![P3::new(), P4::new()], hlist![P4::new(), P1::new()]).unwrap();
/// let grid = Layout::try_new(hlist![2i64, 5i64], hlist![P1::new(), 2i64]).unwrap();
/// assert_eq!(raked_product(block, grid).unwrap().to_string(), "((2,_3),(5,_4)):((_12,_4),(24,_1))");
/// let grid = <cute::Layout![(2):(1)]>::new();
/// assert_eq!(raked_product(block, grid).unwrap().to_string(), "((_2,_3),(_1,_4)):((_12,_4),(_0,_1))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn raked_product<A, B: RakedTiler<A>>(a: A, b: B) -> Result<B::Output, Error>
where route::RouteVerdict<route::op::RakedProduct, A, B>: Holds,
    A: crate::mixed::BothStatic<B>,
    crate::mixed::Both<A, B>:
        route::Route<route::op::RakedProduct, A, B> + route::Verdicts<route::op::RakedProduct, A, B>,
    route::Routed<route::op::RakedProduct, A, B>: ResultVerdict<crate::statics::names::raked_product, A, B>,
    <route::Routed<route::op::RakedProduct, A, B> as ResultVerdict<crate::statics::names::raked_product, A, B>>::Output:
        Holds,
    Result<B::Output, Error>: crate::layout::Fits,
{
    crate::layout::Fits::fits(raked_product_checked(a, b), "raked_product")
}

/// [`raked_product`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it).
pub(crate) fn raked_product_checked<A, B: RakedTiler<A>>(a: A, b: B) -> Result<B::Output, Error> {
    b.product_of(a, crate::Internal(()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorKind;
    use crate::mixed::Detail;
    use frunk_core::hlist;
    use std::string::ToString;
    use typenum::{P1, P4, P8};

    /// A product of a block with a runtime stride among several modes, or with more tiler
    /// entries than the block has modes: every public function refuses it at compile time
    /// (ui-tests/fail/runtime_*.rs); the walk itself, through its trait, which only they call,
    /// gives an error naming the condition, not a layout.
    #[test]
    fn a_block_without_a_complement_is_an_error() {
        let block = Layout::try_new(hlist![P8::new(), 4i64], hlist![P1::new(), 8i64]).unwrap();
        let e = Product::logical_product(block, Layout::<P4, P1>::new(), crate::Internal(())).unwrap_err();
        assert_eq!((e.kind(), e.detail()), (ErrorKind::InvalidArgument, Detail::ComplementRuntime));
        assert_eq!(
            e.to_string(),
            "invalid argument: logical_product: a leaf is a runtime i64, and the complement of such a layout needs its filtered strides static and non-negative, or a single mode (as in CuTe)"
        );
        let one = Layout::try_new(4i64, P1::new()).unwrap();
        let e = Product::logical_product(one, hlist![2i64, 2i64], crate::Internal(())).unwrap_err();
        assert_eq!((e.kind(), e.detail()), (ErrorKind::TooManyModes, Detail::TooManyModes));
        assert_eq!(e.to_string(), "too many modes: logical_product: the tiler has more modes than the layout");
        let e = Product::logical_product(block, hlist![2i64, 2i64, 2i64], crate::Internal(())).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::TooManyModes);
    }
}
