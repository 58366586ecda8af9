//! `blocked_product` and `raked_product` of a static block by a mixed or static tiler: both padded with
//! `_1:_0` modes to the larger rank, their logical product, and its two modes zipped mode by mode
//! (block first for blocked, copies first for raked), as CuTe and the dynamic engine do.

use frunk_core::hlist::{HCons, HNil};
use typenum::{P1, Z0};

use super::composition::Parts;
use super::error::Error;
use super::int::Int;
use super::layout::MixedLayout;
use super::product::Product;
use super::static_only::{IntoMixed, Mixed, StaticOf, StaticOnly};
use crate::statics::{self, Layout, Made};

/// CuTe's `append<R>`: the layout `Self` (its shape; `D` its stride) padded with `_1:_0` modes to
/// the rank of the shape `B`, when that is larger. A leaf stays a leaf against a rank-1 `B`.
pub trait PadTo<D, B> {
    /// The padded shape.
    type Shape;
    /// The padded stride.
    type Stride;
    /// Pad.
    fn pad(self, stride: D) -> (Self::Shape, Self::Stride);
}
/// A leaf against a leaf or a rank-1 tuple stays.
impl<S: Int, D, B: Int> PadTo<D, B> for S {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn pad(self, stride: D) -> (S, D) {
        (self, stride)
    }
}
impl<S: Int, D, X> PadTo<D, HCons<X, HNil>> for S {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn pad(self, stride: D) -> (S, D) {
        (self, stride)
    }
}
/// A leaf against a tuple of rank 2 or more becomes its first mode.
impl<S: Int, D, X, Y, T> PadTo<D, HCons<X, HCons<Y, T>>> for S
where
    HNil: PadList<HNil, HCons<Y, T>>,
{
    type Shape = HCons<S, <HNil as PadList<HNil, HCons<Y, T>>>::Shape>;
    type Stride = HCons<D, <HNil as PadList<HNil, HCons<Y, T>>>::Stride>;
    #[inline(always)]
    fn pad(self, stride: D) -> (Self::Shape, Self::Stride) {
        let (s, d) = HNil.pad_list(HNil);
        (HCons { head: self, tail: s }, HCons { head: stride, tail: d })
    }
}
/// A tuple against a leaf stays.
impl<H, T, D, B: Int> PadTo<D, B> for HCons<H, T> {
    type Shape = HCons<H, T>;
    type Stride = D;
    #[inline(always)]
    fn pad(self, stride: D) -> (Self::Shape, D) {
        (self, stride)
    }
}
/// A tuple against a tuple: mode by mode, `_1:_0` past its own modes.
impl<H, T, D, X, BT> PadTo<D, HCons<X, BT>> for HCons<H, T>
where
    HCons<H, T>: PadList<D, HCons<X, BT>>,
{
    type Shape = <HCons<H, T> as PadList<D, HCons<X, BT>>>::Shape;
    type Stride = <HCons<H, T> as PadList<D, HCons<X, BT>>>::Stride;
    #[inline(always)]
    fn pad(self, stride: D) -> (Self::Shape, Self::Stride) {
        self.pad_list(stride)
    }
}

/// [`PadTo`] on the elements of two tuples.
pub trait PadList<D, B> {
    /// The padded shapes.
    type Shape;
    /// The padded strides.
    type Stride;
    /// Pad.
    fn pad_list(self, stride: D) -> (Self::Shape, Self::Stride);
}
impl<S, D> PadList<D, HNil> for S {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn pad_list(self, stride: D) -> (S, D) {
        (self, stride)
    }
}
impl<X, BT> PadList<HNil, HCons<X, BT>> for HNil
where
    HNil: PadList<HNil, BT>,
{
    type Shape = HCons<P1, <HNil as PadList<HNil, BT>>::Shape>;
    type Stride = HCons<Z0, <HNil as PadList<HNil, BT>>::Stride>;
    #[inline(always)]
    fn pad_list(self, _: HNil) -> (Self::Shape, Self::Stride) {
        let (s, d) = <HNil as PadList<HNil, BT>>::pad_list(HNil, HNil);
        (HCons { head: P1::new(), tail: s }, HCons { head: Z0::new(), tail: d })
    }
}
impl<H, T, DH, DT, X, BT> PadList<HCons<DH, DT>, HCons<X, BT>> for HCons<H, T>
where
    T: PadList<DT, BT>,
{
    type Shape = HCons<H, <T as PadList<DT, BT>>::Shape>;
    type Stride = HCons<DH, <T as PadList<DT, BT>>::Stride>;
    #[inline(always)]
    fn pad_list(self, stride: HCons<DH, DT>) -> (Self::Shape, Self::Stride) {
        let (s, d) = <T as PadList<DT, BT>>::pad_list(self.tail, stride.tail);
        (HCons { head: self.head, tail: s }, HCons { head: stride.head, tail: d })
    }
}

/// CuTe's `zip` of two layouts `x` (`Self` its shape, `XD` its stride) and `y`:
/// `((x0,y0),(x1,y1),...)`, and `((x,y))` for a leaf `x`.
pub trait ZipWith<XD, YS, YD> {
    /// The zipped shape.
    type Shape;
    /// The zipped stride.
    type Stride;
    /// Zip.
    fn zip_with(self, xd: XD, ys: YS, yd: YD) -> (Self::Shape, Self::Stride);
}
impl<X: Int, XD, YS, YD> ZipWith<XD, YS, YD> for X {
    type Shape = HCons<HCons<X, HCons<YS, HNil>>, HNil>;
    type Stride = HCons<HCons<XD, HCons<YD, HNil>>, HNil>;
    #[inline(always)]
    fn zip_with(self, xd: XD, ys: YS, yd: YD) -> (Self::Shape, Self::Stride) {
        (
            HCons { head: HCons { head: self, tail: HCons { head: ys, tail: HNil } }, tail: HNil },
            HCons { head: HCons { head: xd, tail: HCons { head: yd, tail: HNil } }, tail: HNil },
        )
    }
}
impl ZipWith<HNil, HNil, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn zip_with(self, _: HNil, _: HNil, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<XH, XT, XDH, XDT, YH, YT, YDH, YDT> ZipWith<HCons<XDH, XDT>, HCons<YH, YT>, HCons<YDH, YDT>> for HCons<XH, XT>
where
    XT: ZipList<XDT, YT, YDT>,
{
    type Shape = HCons<HCons<XH, HCons<YH, HNil>>, <XT as ZipList<XDT, YT, YDT>>::Shape>;
    type Stride = HCons<HCons<XDH, HCons<YDH, HNil>>, <XT as ZipList<XDT, YT, YDT>>::Stride>;
    #[inline(always)]
    fn zip_with(self, xd: HCons<XDH, XDT>, ys: HCons<YH, YT>, yd: HCons<YDH, YDT>) -> (Self::Shape, Self::Stride) {
        let (s, d) = <XT as ZipList<XDT, YT, YDT>>::zip_list(self.tail, xd.tail, ys.tail, yd.tail);
        (
            HCons { head: HCons { head: self.head, tail: HCons { head: ys.head, tail: HNil } }, tail: s },
            HCons { head: HCons { head: xd.head, tail: HCons { head: yd.head, tail: HNil } }, tail: d },
        )
    }
}
/// [`ZipWith`] on the remaining elements (the ranks must agree).
pub trait ZipList<XD, YS, YD> {
    /// The zipped shapes.
    type Shape;
    /// The zipped strides.
    type Stride;
    /// Zip.
    fn zip_list(self, xd: XD, ys: YS, yd: YD) -> (Self::Shape, Self::Stride);
}
impl ZipList<HNil, HNil, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn zip_list(self, _: HNil, _: HNil, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<XH, XT, XDH, XDT, YH, YT, YDH, YDT> ZipList<HCons<XDH, XDT>, HCons<YH, YT>, HCons<YDH, YDT>> for HCons<XH, XT>
where
    XT: ZipList<XDT, YT, YDT>,
{
    type Shape = HCons<HCons<XH, HCons<YH, HNil>>, <XT as ZipList<XDT, YT, YDT>>::Shape>;
    type Stride = HCons<HCons<XDH, HCons<YDH, HNil>>, <XT as ZipList<XDT, YT, YDT>>::Stride>;
    #[inline(always)]
    fn zip_list(self, xd: HCons<XDH, XDT>, ys: HCons<YH, YT>, yd: HCons<YDH, YDT>) -> (Self::Shape, Self::Stride) {
        let (s, d) = <XT as ZipList<XDT, YT, YDT>>::zip_list(self.tail, xd.tail, ys.tail, yd.tail);
        (
            HCons { head: HCons { head: self.head, tail: HCons { head: ys.head, tail: HNil } }, tail: s },
            HCons { head: HCons { head: xd.head, tail: HCons { head: yd.head, tail: HNil } }, tail: d },
        )
    }
}

/// CuTe's `blocked_product` of a block `Self` by a tiler `B`; see [`blocked_product`].
pub trait BlockedProduct<B> {
    /// `((a0,b0'),(a1,b1'),...)`.
    type Output;
    /// The blocked product.
    fn blocked(self, b: B) -> Result<Self::Output, Error>;
}
/// CuTe's `raked_product` of a block `Self` by a tiler `B`; see [`raked_product`].
pub trait RakedProduct<B> {
    /// `((b0',a0),(b1',a1),...)`.
    type Output;
    /// The raked product.
    fn raked(self, b: B) -> Result<Self::Output, Error>;
}

impl<SA, DA, SB, DB, PAS, PAD, PBS, PBD, XS, XD, YS, YD> BlockedProduct<MixedLayout<SB, DB>> for MixedLayout<SA, DA>
where
    SA: PadTo<DA, SB, Shape = PAS, Stride = PAD>,
    SB: PadTo<DB, SA, Shape = PBS, Stride = PBD>,
    MixedLayout<PAS, PAD>: Product<MixedLayout<PBS, PBD>>,
    <MixedLayout<PAS, PAD> as Product<MixedLayout<PBS, PBD>>>::Output:
        Parts<Shape = HCons<XS, HCons<YS, HNil>>, Stride = HCons<XD, HCons<YD, HNil>>>,
    XS: ZipWith<XD, YS, YD>,
{
    type Output = MixedLayout<<XS as ZipWith<XD, YS, YD>>::Shape, <XS as ZipWith<XD, YS, YD>>::Stride>;
    fn blocked(self, b: MixedLayout<SB, DB>) -> Result<Self::Output, Error> {
        let (x, y) = padded(self, b, "blocked_product")?;
        let (s, d) = <XS as ZipWith<XD, YS, YD>>::zip_with(x.0, x.1, y.0, y.1);
        Ok(MixedLayout { shape: s, stride: d })
    }
}

impl<SA, DA, SB, DB, PAS, PAD, PBS, PBD, XS, XD, YS, YD> RakedProduct<MixedLayout<SB, DB>> for MixedLayout<SA, DA>
where
    SA: PadTo<DA, SB, Shape = PAS, Stride = PAD>,
    SB: PadTo<DB, SA, Shape = PBS, Stride = PBD>,
    MixedLayout<PAS, PAD>: Product<MixedLayout<PBS, PBD>>,
    <MixedLayout<PAS, PAD> as Product<MixedLayout<PBS, PBD>>>::Output:
        Parts<Shape = HCons<XS, HCons<YS, HNil>>, Stride = HCons<XD, HCons<YD, HNil>>>,
    YS: ZipWith<YD, XS, XD>,
{
    type Output = MixedLayout<<YS as ZipWith<YD, XS, XD>>::Shape, <YS as ZipWith<YD, XS, XD>>::Stride>;
    fn raked(self, b: MixedLayout<SB, DB>) -> Result<Self::Output, Error> {
        let (x, y) = padded(self, b, "raked_product")?;
        let (s, d) = <YS as ZipWith<YD, XS, XD>>::zip_with(y.0, y.1, x.0, x.1);
        Ok(MixedLayout { shape: s, stride: d })
    }
}

// The tiler's side of a rank product: a trait on the tiler, since with the block as `Self` the
// trait solver would try the impls before the tiler's type is known and overflow (E0275).
macro_rules! tiler_side {
    ($(#[$doc:meta])* $side:ident, $tr:ident, $method:ident, $face:ident, $op:ident) => {
        $(#[$doc])*
        pub trait $side<A> {
            /// The product.
            type Output;
            /// The product of the block `a` by this tiler.
            fn product_of(self, a: A) -> Result<Self::Output, Error>;
        }
        impl<A: $tr<MixedLayout<SB, DB>>, SB, DB> $side<A> for MixedLayout<SB, DB> {
            type Output = <A as $tr<MixedLayout<SB, DB>>>::Output;
            fn product_of(self, a: A) -> Result<Self::Output, Error> {
                <A as $tr<MixedLayout<SB, DB>>>::$method(a, self)
            }
        }
        impl<SA, DA, SB, DB> $side<MixedLayout<SA, DA>> for Layout<SB, DB>
        where
            MixedLayout<SA, DA>: StaticOnly,
            Layout<SB, DB>: statics::product::$face<StaticOf<MixedLayout<SA, DA>>>,
            <Layout<SB, DB> as statics::product::$face<StaticOf<MixedLayout<SA, DA>>>>::Output: Made + IntoMixed,
        {
            type Output = Mixed<<Layout<SB, DB> as statics::product::$face<StaticOf<MixedLayout<SA, DA>>>>::Output>;
            fn product_of(self, a: MixedLayout<SA, DA>) -> Result<Self::Output, Error> {
                Ok(statics::$op(a.into_static(), self).into_mixed())
            }
        }
    };
}
tiler_side!(
    /// The tiler's side of [`blocked_product`]: the tiler's type picks the implementation, so
    /// the trait solver waits until it is known. A mixed tiler goes to [`BlockedProduct`]; a
    /// static [`Layout`] makes the whole product the static face's (static, its conditions
    /// compile errors), as a mixed layout with no runtime leaf.
    BlockedTiler, BlockedProduct, blocked, Blocked, blocked_product
);
tiler_side!(
    /// The tiler's side of [`raked_product`], as [`BlockedTiler`] for [`blocked_product`].
    RakedTiler, RakedProduct, raked, Raked, raked_product
);

/// The logical product of the padded operands, split into its two modes.
#[allow(clippy::type_complexity)]
fn padded<SA, DA, SB, DB, PAS, PAD, PBS, PBD, XS, XD, YS, YD>(
    a: MixedLayout<SA, DA>,
    b: MixedLayout<SB, DB>,
    op: &'static str,
) -> Result<((XS, XD), (YS, YD)), Error>
where
    SA: PadTo<DA, SB, Shape = PAS, Stride = PAD>,
    SB: PadTo<DB, SA, Shape = PBS, Stride = PBD>,
    MixedLayout<PAS, PAD>: Product<MixedLayout<PBS, PBD>>,
    <MixedLayout<PAS, PAD> as Product<MixedLayout<PBS, PBD>>>::Output:
        Parts<Shape = HCons<XS, HCons<YS, HNil>>, Stride = HCons<XD, HCons<YD, HNil>>>,
{
    let (sa, da) = <SA as PadTo<DA, SB>>::pad(a.shape, a.stride);
    let (sb, db) = <SB as PadTo<DB, SA>>::pad(b.shape, b.stride);
    let p = <MixedLayout<PAS, PAD> as Product<MixedLayout<PBS, PBD>>>::logical_product(
        MixedLayout { shape: sa, stride: da },
        MixedLayout { shape: sb, stride: db },
    )
    .map_err(|e| Error::new(op, e.detail()))?;
    let (s, d) = p.into_parts();
    Ok(((s.head, d.head), (s.tail.head, d.tail.head)))
}

/// CuTe's `blocked_product(A, B)`: the block A (static) repeated over the tiler B, mode by mode
/// `((a0,b0'),(a1,b1'),...)`, both padded with `_1:_0` modes to the larger rank.
///
/// Post-condition (T5): `rank(R) == max(rank(A), rank(B))`, and R is the logical product's
/// function with its modes regrouped. Errors as [`logical_product`](super::logical_product).
/// B is a mixed layout, or a static [`Layout`], which makes the whole product the static face's
/// (static, and its conditions compile errors).
///
/// ```
/// use cute::mixed::{blocked_product, MixedLayout};
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P3, P4};
/// let block = MixedLayout::new(hlist![P3::new(), P4::new()], hlist![P4::new(), P1::new()]).unwrap();
/// let grid = MixedLayout::new(hlist![2i64, 5i64], hlist![P1::new(), 2i64]).unwrap();
/// assert_eq!(blocked_product(block, grid).unwrap().to_string(), "((_3,2),(_4,5)):((_4,_12),(_1,24))");
/// let grid = <Layout![(2,5):(1,2)]>::new();
/// assert_eq!(blocked_product(block, grid).unwrap().to_string(), "((_3,_2),(_4,_5)):((_4,_12),(_1,_24))");
/// ```
pub fn blocked_product<A, B: BlockedTiler<A>>(a: A, b: B) -> Result<B::Output, Error> {
    b.product_of(a)
}

/// CuTe's `raked_product(A, B)`: copies of the block A interleaved by the tiler B,
/// `((b0',a0),(b1',a1),...)`.
///
/// ```
/// use cute::mixed::{raked_product, MixedLayout};
/// use cute::hlist;
/// use cute::typenum::{P1, P3, P4};
/// let block = MixedLayout::new(hlist![P3::new(), P4::new()], hlist![P4::new(), P1::new()]).unwrap();
/// let grid = MixedLayout::new(hlist![2i64, 5i64], hlist![P1::new(), 2i64]).unwrap();
/// assert_eq!(raked_product(block, grid).unwrap().to_string(), "((2,_3),(5,_4)):((_12,_4),(24,_1))");
/// let grid = <cute::Layout![(2):(1)]>::new();
/// assert_eq!(raked_product(block, grid).unwrap().to_string(), "((_2,_3),(_1,_4)):((_12,_4),(_0,_1))");
/// ```
pub fn raked_product<A, B: RakedTiler<A>>(a: A, b: B) -> Result<B::Output, Error> {
    b.product_of(a)
}
