//! Logical product of a static block by a mixed tiler, and its regroupings (`zipped_product`,
//! `tiled_product`, `flat_product`): "repeat this static block over a runtime grid".
//!
//! `logical_product(A, B) = (A, complement(A, size(A) * cosize(B)) o B)` (CuTe's definition,
//! and the dynamic engine's). CuTe's complement needs a static A, so the block is static (a
//! static [`Layout`] or a mixed layout whose leaves are all static). With a static tiler (a
//! [`Layout`] or a static tile size) the whole product is static and is the static face's, so
//! its conditions are compile errors; with a tiler that has runtime leaves (a [`MixedLayout`] or
//! a runtime tile size) the cotarget `size(A) * cosize(B)` is runtime, the complement's rest
//! mode with it, and the composition with B is checked at run time by the dynamic engine's code
//! (only below the complement's size, as there).

use frunk_core::hlist::{HCons, HNil};
use typenum::{PInt, P1};

use super::complement::MixedComplement;
use super::composition::{composition_within, CoalesceX, ComposeTree, Composed, FlatA, ModeValues, Parts};
use super::divide::{spread_both, spread_second, zip_layout, FlatOfZ, Second, Spread, TiledOfZ, Zip2By, ZipOf};
use super::error::{Detail, Error};
use super::int::Digits;
use super::layout::MixedLayout;
use super::static_only::{IntoMixed, Mixed, StaticOf, StaticOnly};
use super::tuple::MixedTuple;
use crate::arith;
use crate::statics::tiler::{Applied, ApplyTiler};
use crate::statics::{self, Layout, ProductOp, Underscore};

/// CuTe's `logical_product(A, T)` of a block `Self` by the tiler `T`; see [`logical_product`].
#[diagnostic::on_unimplemented(
    message = "`{T}` is not a tiler for the block `{Self}`, or the block has a runtime leaf",
    label = "the block must be static (CuTe's complement needs it); a tuple tiler needs at most one entry per mode"
)]
pub trait Product<T> {
    /// The product.
    type Output;
    /// Multiply.
    fn logical_product(self, tiler: T) -> Result<Self::Output, Error>;
}

/// A static tiler: the static face's product, as a mixed layout with no runtime leaf.
macro_rules! static_tiler {
    ($([$($gen:tt)*] $t:ty;)*) => {$(
        impl<SA, DA, $($gen)*> Product<$t> for MixedLayout<SA, DA>
        where
            MixedLayout<SA, DA>: StaticOnly,
            StaticOf<MixedLayout<SA, DA>>: ApplyTiler<ProductOp, $t>,
            <StaticOf<MixedLayout<SA, DA>> as Applied<ProductOp, $t>>::Output: IntoMixed,
        {
            type Output = Mixed<<StaticOf<MixedLayout<SA, DA>> as Applied<ProductOp, $t>>::Output>;
            fn logical_product(self, tiler: $t) -> Result<Self::Output, Error> {
                Ok(statics::logical_product(self.into_static(), tiler).into_mixed())
            }
        }
    )*};
}
static_tiler! {
    [SB, DB] Layout<SB, DB>;
    [U: Digits] PInt<U>;
}

/// The product's layout `(A, A* o B)` for a block `SA:DA` and `A* o B = RS:RD`.
type Pair<SA, DA, RS, RD> = MixedLayout<HCons<SA, HCons<RS, HNil>>, HCons<DA, HCons<RD, HNil>>>;
/// `A* = complement(A, m)` for a runtime `m`.
type Star<L> = <L as MixedComplement<i64>>::Output;
/// `A* o B`.
type Copies<L, SB, DB> = Composed<<Star<L> as Parts>::Shape, <Star<L> as Parts>::Stride, SB, DB>;

/// A tiler with runtime leaves: `(A, complement(A, size(A) * cosize(B)) o B)` with the cotarget
/// computed at run time.
impl<SA, DA, SB, DB> Product<MixedLayout<SB, DB>> for MixedLayout<SA, DA>
where
    SA: MixedTuple,
    DA: MixedTuple,
    SB: MixedTuple,
    DB: MixedTuple,
    MixedLayout<SA, DA>: MixedComplement<i64>,
    Star<MixedLayout<SA, DA>>: Parts + CoalesceX + Copy,
    <Star<MixedLayout<SA, DA>> as Parts>::Shape: MixedTuple,
    <Star<MixedLayout<SA, DA>> as Parts>::Stride: MixedTuple,
    FlatA<<Star<MixedLayout<SA, DA>> as Parts>::Shape, <Star<MixedLayout<SA, DA>> as Parts>::Stride>: ModeValues,
    MixedLayout<<Star<MixedLayout<SA, DA>> as Parts>::Shape, <Star<MixedLayout<SA, DA>> as Parts>::Stride>: CoalesceX,
    SB: ComposeTree<
        DB,
        FlatA<<Star<MixedLayout<SA, DA>> as Parts>::Shape, <Star<MixedLayout<SA, DA>> as Parts>::Stride>,
    >,
    Copies<MixedLayout<SA, DA>, SB, DB>: Parts,
{
    type Output = Pair<
        SA,
        DA,
        <Copies<MixedLayout<SA, DA>, SB, DB> as Parts>::Shape,
        <Copies<MixedLayout<SA, DA>, SB, DB> as Parts>::Stride,
    >;
    fn logical_product(self, b: MixedLayout<SB, DB>) -> Result<Self::Output, Error> {
        let err = |d: Detail| Error::new("logical_product", d);
        let m = arith::mul(self.size(), b.cosize()).map_err(|o| err(o.into()))?;
        let star = <MixedLayout<SA, DA> as MixedComplement<i64>>::complement(self, m).map_err(|e| err(e.detail()))?;
        let (ss, sd) = star.into_parts();
        let star = MixedLayout { shape: ss, stride: sd };
        // The copies may reach past A*'s domain only where B's image does; as in the dynamic
        // engine, they need to agree with A* only below its size.
        let copies = composition_within(star, b, Some(star.size()), 0).map_err(err)?;
        let (rs, rd) = copies.into_parts();
        Ok(MixedLayout {
            shape: HCons { head: self.shape, tail: HCons { head: rs, tail: HNil } },
            stride: HCons { head: self.stride, tail: HCons { head: rd, tail: HNil } },
        })
    }
}

/// A runtime tile size `n` is the tiler `n:_1`.
impl<SA, DA> Product<i64> for MixedLayout<SA, DA>
where
    MixedLayout<SA, DA>: Product<MixedLayout<i64, P1>>,
{
    type Output = <MixedLayout<SA, DA> as Product<MixedLayout<i64, P1>>>::Output;
    fn logical_product(self, n: i64) -> Result<Self::Output, Error> {
        if n < 1 {
            return Err(Error::new("logical_product", Detail::NonPositive(n)));
        }
        <MixedLayout<SA, DA> as Product<MixedLayout<i64, P1>>>::logical_product(
            self,
            MixedLayout::from_parts(n, P1::new()),
        )
    }
}

/// `_` leaves the block alone.
impl<SA, DA> Product<Underscore> for MixedLayout<SA, DA> {
    type Output = MixedLayout<SA, DA>;
    fn logical_product(self, _: Underscore) -> Result<Self::Output, Error> {
        Ok(self)
    }
}

/// A tuple tiler multiplies mode by mode (CuTe's `transform_layout`); the block's modes past the
/// tiler's stay as they are.
impl<SH, ST, DH, DT, TH, TT> Product<HCons<TH, TT>> for MixedLayout<HCons<SH, ST>, HCons<DH, DT>>
where
    HCons<SH, ST>: ProductModes<HCons<DH, DT>, HCons<TH, TT>>,
{
    type Output = MixedLayout<
        <HCons<SH, ST> as ProductModes<HCons<DH, DT>, HCons<TH, TT>>>::Shape,
        <HCons<SH, ST> as ProductModes<HCons<DH, DT>, HCons<TH, TT>>>::Stride,
    >;
    fn logical_product(self, tiler: HCons<TH, TT>) -> Result<Self::Output, Error> {
        let (shape, stride) = <HCons<SH, ST> as ProductModes<HCons<DH, DT>, HCons<TH, TT>>>::product_modes(
            self.shape,
            self.stride,
            tiler,
        )?;
        Ok(MixedLayout { shape, stride })
    }
}

/// A one-entry tuple tiler on an integral block multiplies its one mode and gives a rank-1
/// tuple, as in CuTe.
///
/// ```
/// use cute::mixed::{logical_product, MixedLayout};
/// use cute::hlist;
/// let block = MixedLayout::new(cute::typenum::P4::new(), cute::typenum::P1::new()).unwrap();
/// assert_eq!(logical_product(block, hlist![3i64]).unwrap().to_string(), "((_4,3)):((_1,_4))");
/// ```
impl<S: super::int::Int, D: super::int::Int, TH> Product<HCons<TH, HNil>> for MixedLayout<S, D>
where
    TH: ProductEntry<S, D>,
{
    type Output = MixedLayout<HCons<TH::Shape, HNil>, HCons<TH::Stride, HNil>>;
    fn logical_product(self, tiler: HCons<TH, HNil>) -> Result<Self::Output, Error> {
        let (s, d) = tiler.head.product_entry(self)?;
        Ok(MixedLayout { shape: HCons { head: s, tail: HNil }, stride: HCons { head: d, tail: HNil } })
    }
}

/// Multiply the block's modes (`Self` the shapes, `D` the strides) by a tuple tiler's entries.
pub trait ProductModes<D, T> {
    /// The result's shapes.
    type Shape;
    /// The result's strides.
    type Stride;
    /// Multiply.
    fn product_modes(self, stride: D, tiler: T) -> Result<(Self::Shape, Self::Stride), Error>;
}
impl<S, D> ProductModes<D, HNil> for S {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn product_modes(self, stride: D, _: HNil) -> Result<(S, D), Error> {
        Ok((self, stride))
    }
}
impl<SH, ST, DH, DT, TH, TT> ProductModes<HCons<DH, DT>, HCons<TH, TT>> for HCons<SH, ST>
where
    TH: ProductEntry<SH, DH>,
    ST: ProductModes<DT, TT>,
{
    type Shape = HCons<TH::Shape, ST::Shape>;
    type Stride = HCons<TH::Stride, ST::Stride>;
    #[inline(always)]
    fn product_modes(self, stride: HCons<DH, DT>, tiler: HCons<TH, TT>) -> Result<(Self::Shape, Self::Stride), Error> {
        let (hs, hd) = tiler.head.product_entry(MixedLayout { shape: self.head, stride: stride.head })?;
        let (ts, td) = <ST as ProductModes<DT, TT>>::product_modes(self.tail, stride.tail, tiler.tail)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

/// An entry of a tuple tiler (not itself a tuple, which keeps the trait solver's search finite).
pub trait ProductEntry<S, D> {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// Multiply the mode `S:D` by the entry.
    fn product_entry(self, mode: MixedLayout<S, D>) -> Result<(Self::Shape, Self::Stride), Error>;
}
macro_rules! product_entry {
    ($([$($gen:tt)*] $t:ty;)*) => {$(
        impl<S, D, $($gen)*> ProductEntry<S, D> for $t
        where
            MixedLayout<S, D>: Product<$t>,
            <MixedLayout<S, D> as Product<$t>>::Output: Parts,
        {
            type Shape = <<MixedLayout<S, D> as Product<$t>>::Output as Parts>::Shape;
            type Stride = <<MixedLayout<S, D> as Product<$t>>::Output as Parts>::Stride;
            fn product_entry(self, mode: MixedLayout<S, D>) -> Result<(Self::Shape, Self::Stride), Error> {
                Ok(<MixedLayout<S, D> as Product<$t>>::logical_product(mode, self)?.into_parts())
            }
        }
    )*};
}
product_entry! {
    [SB, DB] Layout<SB, DB>;
    [SB, DB] MixedLayout<SB, DB>;
    [U: Digits] PInt<U>;
    [] i64;
    [] Underscore;
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
/// use cute::mixed::{logical_product, MixedLayout};
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P2, P4};
/// let block = MixedLayout::new(hlist![P2::new(), P2::new()], hlist![P1::new(), P2::new()]).unwrap();
/// // A static tiler: the static face's product.
/// let r = logical_product(block, Layout::<P4, P1>::new()).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),_4):((_1,_2),_4)");
/// // A runtime number of copies: the block stays static, the copies are runtime.
/// let r = logical_product(block, 3i64).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),3):((_1,_2),_4)");
/// ```
pub fn logical_product<A: Product<T>, T>(a: A, tiler: T) -> Result<A::Output, Error> {
    a.logical_product(tiler)
}

/// The result type of `zipped_product(A, T)`.
pub type ZippedP<A, T> = ZipOf<<A as Product<T>>::Output, T>;

/// `((A modes...), (copies..., other modes...))` (CuTe's `zipped_product`).
///
/// ```
/// use cute::mixed::{zipped_product, MixedLayout};
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P2};
/// let block = MixedLayout::new(hlist![P2::new(), P2::new()], hlist![P1::new(), P2::new()]).unwrap();
/// let r = zipped_product(block, hlist![3i64, Layout::<P2, P1>::new()]).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),(3,_2)):((_1,_2),(_2,_1))");
/// ```
pub fn zipped_product<A, T>(a: A, tiler: T) -> Result<ZippedP<A, T>, Error>
where
    A: Product<T>,
    A::Output: Parts,
    <A::Output as Parts>::Shape: Zip2By<<A::Output as Parts>::Stride, T>,
{
    Ok(zip_layout::<_, T>(a.logical_product(tiler)?))
}

/// `((A modes...), copies..., other modes...)` (CuTe's `tiled_product`).
///
/// ```
/// use cute::mixed::{tiled_product, MixedLayout};
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P2};
/// let block = MixedLayout::new(hlist![P2::new(), P2::new()], hlist![P1::new(), P2::new()]).unwrap();
/// let r = tiled_product(block, hlist![3i64, Layout::<P2, P1>::new()]).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),3,_2):((_1,_2),_2,_1)");
/// ```
pub fn tiled_product<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<TiledOfZ<ZippedP<A, T>>, Error>
where
    A: Product<T>,
    A::Output: Parts,
    <A::Output as Parts>::Shape: Zip2By<<A::Output as Parts>::Stride, T>,
    ZippedP<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
    S: Spread<SD>,
    HCons<F, HCons<S, HNil>>: Second<First = F, Second = S>,
    HCons<FD, HCons<SD, HNil>>: Second<First = FD, Second = SD>,
{
    let (s, d) = zipped_product(a, tiler)?.into_parts();
    Ok(spread_second(MixedLayout { shape: s, stride: d }))
}

/// `(A modes..., copies..., other modes...)` (CuTe's `flat_product`).
///
/// ```
/// use cute::mixed::{flat_product, MixedLayout};
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P2};
/// let block = MixedLayout::new(hlist![P2::new(), P2::new()], hlist![P1::new(), P2::new()]).unwrap();
/// let r = flat_product(block, hlist![3i64, Layout::<P2, P1>::new()]).unwrap();
/// assert_eq!(r.to_string(), "(_2,_2,3,_2):(_1,_2,_2,_1)");
/// ```
pub fn flat_product<A, T, F, FD, S, SD>(a: A, tiler: T) -> Result<FlatOfZ<ZippedP<A, T>>, Error>
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
    let (s, d) = zipped_product(a, tiler)?.into_parts();
    Ok(spread_both(MixedLayout { shape: s, stride: d }))
}
