//! CuTe's products (logical, zipped, tiled, flat, blocked, raked): the root functions, their
//! routes and result types.

#[doc(hidden)]
pub mod mixed_face;
mod pad;
#[doc(hidden)]
pub mod static_face;

use super::*;

/// The blocked and raked products pad their operands to one rank: no condition of ranks (their
/// composition's conditions are read from the result, [`MarkedVerdict`]).
impl<X, A, B> Verdicts<op::BlockedProduct, A, B> for X {
    type Output = Pass;
}
impl<X, A, B> Verdicts<op::RakedProduct, A, B> for X {
    type Output = Pass;
}

route2! {
    fn logical_product => LogicalProduct;
    static [S, D, T] (Layout<S, D>, T) -> <T as AppliedTo<ProductOp, Layout<S, D>>>::Output
        where [T: AppliedTo<ProductOp, Layout<S, D>>] check statics::tiler::Tiled<ProductOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed::Product<T>>::Output, Error> where [A: mixed::Product<T>] => mixed_face::logical_product_checked;
}

/// CuTe's `logical_product(A, T)`: `(A, complement(A, size(A) * cosize(T)) o T)`, by a
/// layout, a tile size, `_` or a tuple tiler, mode by mode. The conditions are those of the
/// dynamic engine's [`logical_product`](crate::dynamic::logical_product); the block A must be
/// static, or of rank 1 with runtime leaves.
///
/// ```
/// use cute::{layout, logical_product};
/// assert_eq!(logical_product(layout!((2,2):(4,1)), layout!(6:1)).to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn logical_product<A, B>(a: A, b: B) -> LogicalProduct<A, B>
where RouteVerdict<op::LogicalProduct, A, B>: Holds, ResultCheck<statics::names::logical_product, LogicalProduct<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::LogicalProduct, A, B>,
    Both<A, B>: Verdicts<op::LogicalProduct, A, B>,
    LogicalProduct<A, B>: ResultVerdict<statics::names::logical_product, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::LogicalProduct, A, B>>::OK;
    <Both<A, B> as Route<op::LogicalProduct, A, B>>::run(a, b, crate::Internal(()))
}

route2! {
    fn zipped_product => ZippedProduct;
    static [S, D, T] (Layout<S, D>, T) -> sprod::ZippedProduct<Layout<S, D>, T>
        where [Layout<S, D>: ApplyTiler<ProductOp, T>, sprod::LogicalProduct<Layout<S, D>, T>: crate::ops::divide::static_face::Zip2By<T>] check statics::tiler::LayoutTiled<ProductOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<ZippedP<A, T>, Error>
        where [
            A: mixed::Product<T>,
            A::Output: Parts,
            <A::Output as Parts>::Shape: crate::ops::divide::mixed_face::Zip2By<<A::Output as Parts>::Stride, T>,
        ] => mixed_face::zipped_product_checked;
}

/// CuTe's `zipped_product(A, T)`: the logical product with the blocks' modes gathered into
/// the first mode and the copies into the second.
///
/// ```
/// use cute::{layout, zipped_product};
/// assert_eq!(zipped_product(layout!((2,2):(1,2)), layout!((3,4))).to_string(), "((_2,_2),(_3,_4)):((_1,_2),(_4,_12))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn zipped_product<A, B>(a: A, b: B) -> ZippedProduct<A, B>
where RouteVerdict<op::ZippedProduct, A, B>: Holds, ResultCheck<statics::names::zipped_product, LogicalProduct<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::ZippedProduct, A, B>,
    Both<A, B>: Verdicts<op::ZippedProduct, A, B>,
    Both<A, B>: Route<op::LogicalProduct, A, B>,
    LogicalProduct<A, B>: ResultVerdict<statics::names::zipped_product, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::ZippedProduct, A, B>>::OK;
    <Both<A, B> as Route<op::ZippedProduct, A, B>>::run(a, b, crate::Internal(()))
}

route2! {
    fn tiled_product => TiledProduct;
    static [S, D, T] (Layout<S, D>, T) -> sprod::TiledProduct<Layout<S, D>, T>
        where [
            Layout<S, D>: ApplyTiler<ProductOp, T>,
            sprod::LogicalProduct<Layout<S, D>, T>: crate::ops::divide::static_face::Zip2By<T>,
            sprod::ZippedProduct<Layout<S, D>, T>: Unpack1,
        ] check statics::tiler::LayoutTiled<ProductOp, Layout<S, D>, T>;
    runtime [A, T, F, FD, S, SD] (A, T) -> Result<crate::ops::divide::mixed_face::TiledOfZ<ZippedP<A, T>>, Error>
        where [
            A: mixed::Product<T>,
            A::Output: Parts,
            <A::Output as Parts>::Shape: crate::ops::divide::mixed_face::Zip2By<<A::Output as Parts>::Stride, T>,
            ZippedP<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
            S: Spread<SD>,
            HCons<F, HCons<S, HNil>>: crate::ops::divide::mixed_face::Second<First = F, Second = S>,
            HCons<FD, HCons<SD, HNil>>: crate::ops::divide::mixed_face::Second<First = FD, Second = SD>,
        ] => mixed_face::tiled_product_checked;
}

/// CuTe's `tiled_product(A, T)`: the zipped product with the copies spread out.
///
/// ```
/// use cute::{layout, tiled_product};
/// assert_eq!(tiled_product(layout!((2,2):(1,2)), layout!((3,4))).to_string(), "((_2,_2),_3,_4):((_1,_2),_4,_12)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tiled_product<A, B>(a: A, b: B) -> TiledProduct<A, B>
where RouteVerdict<op::TiledProduct, A, B>: Holds, ResultCheck<statics::names::tiled_product, LogicalProduct<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::TiledProduct, A, B>,
    Both<A, B>: Verdicts<op::TiledProduct, A, B>,
    Both<A, B>: Route<op::LogicalProduct, A, B>,
    LogicalProduct<A, B>: ResultVerdict<statics::names::tiled_product, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::TiledProduct, A, B>>::OK;
    <Both<A, B> as Route<op::TiledProduct, A, B>>::run(a, b, crate::Internal(()))
}

route2! {
    fn flat_product => FlatProduct;
    static [S, D, T] (Layout<S, D>, T) -> sprod::FlatProduct<Layout<S, D>, T>
        where [
            Layout<S, D>: ApplyTiler<ProductOp, T>,
            sprod::LogicalProduct<Layout<S, D>, T>: crate::ops::divide::static_face::Zip2By<T>,
            sprod::ZippedProduct<Layout<S, D>, T>: Unpack2,
        ] check statics::tiler::LayoutTiled<ProductOp, Layout<S, D>, T>;
    runtime [A, T, F, FD, S, SD] (A, T) -> Result<crate::ops::divide::mixed_face::FlatOfZ<ZippedP<A, T>>, Error>
        where [
            A: mixed::Product<T>,
            A::Output: Parts,
            <A::Output as Parts>::Shape: crate::ops::divide::mixed_face::Zip2By<<A::Output as Parts>::Stride, T>,
            ZippedP<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
            F: Spread<FD>,
            S: Spread<SD>,
            F::Shapes: core::ops::Add<S::Shapes>,
            F::Strides: core::ops::Add<S::Strides>,
            HCons<F, HCons<S, HNil>>: crate::ops::divide::mixed_face::Second<First = F, Second = S>,
            HCons<FD, HCons<SD, HNil>>: crate::ops::divide::mixed_face::Second<First = FD, Second = SD>,
        ] => mixed_face::flat_product_checked;
}

/// CuTe's `flat_product(A, T)`: the zipped product with both modes spread out.
///
/// ```
/// use cute::{flat_product, layout};
/// assert_eq!(flat_product(layout!((2,2):(1,2)), layout!((3,4))).to_string(), "(_2,_2,_3,_4):(_1,_2,_4,_12)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn flat_product<A, B>(a: A, b: B) -> FlatProduct<A, B>
where RouteVerdict<op::FlatProduct, A, B>: Holds, ResultCheck<statics::names::flat_product, LogicalProduct<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::FlatProduct, A, B>,
    Both<A, B>: Verdicts<op::FlatProduct, A, B>,
    Both<A, B>: Route<op::LogicalProduct, A, B>,
    LogicalProduct<A, B>: ResultVerdict<statics::names::flat_product, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::FlatProduct, A, B>>::OK;
    <Both<A, B> as Route<op::FlatProduct, A, B>>::run(a, b, crate::Internal(()))
}

route2! {
    fn blocked_product => BlockedProduct;
    static [A, B] (A, B) -> <B as static_face::Blocked<A>>::Output
        where [B: static_face::Blocked<A>, <B as static_face::Blocked<A>>::Output: Made] check static_face::RankCheck<A, B>;
    runtime [A, B] (A, B) -> Result<<B as mixed_face::BlockedTiler<A>>::Output, Error>
        where [B: mixed_face::BlockedTiler<A>] => mixed_face::blocked_product_checked;
}

/// CuTe's `blocked_product(A, B)`: B's copies of the block A, each block's modes kept
/// together, mode by mode (the ranks padded to the larger).
///
/// ```
/// use cute::{blocked_product, layout};
/// assert_eq!(blocked_product(layout!((2,5):(5,1)), layout!((3,4):(1,3))).to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn blocked_product<A, B>(a: A, b: B) -> BlockedProduct<A, B>
where ResultCheck<statics::names::blocked_product, BlockedProduct<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::BlockedProduct, A, B>,
    BlockedProduct<A, B>: ResultVerdict<statics::names::blocked_product, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::BlockedProduct, A, B>>::OK;
    <Both<A, B> as Route<op::BlockedProduct, A, B>>::run(a, b, crate::Internal(()))
}

route2! {
    fn raked_product => RakedProduct;
    static [A, B] (A, B) -> <B as static_face::Raked<A>>::Output
        where [B: static_face::Raked<A>, <B as static_face::Raked<A>>::Output: Made] check static_face::RankCheck<A, B>;
    runtime [A, B] (A, B) -> Result<<B as mixed_face::RakedTiler<A>>::Output, Error>
        where [B: mixed_face::RakedTiler<A>] => mixed_face::raked_product_checked;
}

/// CuTe's `raked_product(A, B)`: B's copies of the block A interleaved element by element,
/// mode by mode (the ranks padded to the larger).
///
/// ```
/// use cute::{layout, raked_product};
/// assert_eq!(raked_product(layout!((2,5):(5,1)), layout!((3,4):(1,3))).to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn raked_product<A, B>(a: A, b: B) -> RakedProduct<A, B>
where ResultCheck<statics::names::raked_product, RakedProduct<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::RakedProduct, A, B>,
    RakedProduct<A, B>: ResultVerdict<statics::names::raked_product, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::RakedProduct, A, B>>::OK;
    <Both<A, B> as Route<op::RakedProduct, A, B>>::run(a, b, crate::Internal(()))
}

/// The result of [`logical_product`](fn@logical_product): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, logical_product, LogicalProduct};
/// type A = Layout![(2,2):(4,1)];
/// type B = Layout![6:1];
/// let r: LogicalProduct<A, B> = logical_product(A::new(), B::new());
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
pub type LogicalProduct<A, B> = Routed<op::LogicalProduct, A, B>;

/// The result of [`zipped_product`](fn@zipped_product): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, zipped_product, ZippedProduct};
/// type A = Layout![(2,2):(1,2)];
/// type B = Layout![(3,4)];
/// let r: ZippedProduct<A, B> = zipped_product(A::new(), B::new());
/// assert_eq!(r.to_string(), "((_2,_2),(_3,_4)):((_1,_2),(_4,_12))");
/// ```
pub type ZippedProduct<A, B> = Routed<op::ZippedProduct, A, B>;

/// The result of [`tiled_product`](fn@tiled_product): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, tiled_product, TiledProduct};
/// type A = Layout![(2,2):(1,2)];
/// type B = Layout![(3,4)];
/// let r: TiledProduct<A, B> = tiled_product(A::new(), B::new());
/// assert_eq!(r.to_string(), "((_2,_2),_3,_4):((_1,_2),_4,_12)");
/// ```
pub type TiledProduct<A, B> = Routed<op::TiledProduct, A, B>;

/// The result of [`flat_product`](fn@flat_product): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{flat_product, FlatProduct, Layout};
/// type A = Layout![(2,2):(1,2)];
/// type B = Layout![(3,4)];
/// let r: FlatProduct<A, B> = flat_product(A::new(), B::new());
/// assert_eq!(r.to_string(), "(_2,_2,_3,_4):(_1,_2,_4,_12)");
/// ```
pub type FlatProduct<A, B> = Routed<op::FlatProduct, A, B>;

/// The result of [`blocked_product`](fn@blocked_product): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{blocked_product, BlockedProduct, Layout};
/// type A = Layout![(2,5):(5,1)];
/// type B = Layout![(3,4):(1,3)];
/// let r: BlockedProduct<A, B> = blocked_product(A::new(), B::new());
/// assert_eq!(r.to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// ```
pub type BlockedProduct<A, B> = Routed<op::BlockedProduct, A, B>;

/// The result of [`raked_product`](fn@raked_product): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, raked_product, RakedProduct};
/// type A = Layout![(2,5):(5,1)];
/// type B = Layout![(3,4):(1,3)];
/// let r: RakedProduct<A, B> = raked_product(A::new(), B::new());
/// assert_eq!(r.to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
/// ```
pub type RakedProduct<A, B> = Routed<op::RakedProduct, A, B>;

op_trait! {
    /// [`logical_product`](fn@logical_product) as a trait.
    ///
    /// ```
    /// use cute::{layout, LogicalProductBy};
    /// let r = layout!((2,2):(4,1)).logical_product_by(layout!(6:1));
    /// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
    /// ```
    LogicalProductBy, logical_product_by => logical_product, LogicalProduct, LogicalProduct, logical_product;
    /// [`zipped_product`](fn@zipped_product) as a trait.
    ///
    /// ```
    /// use cute::{layout, ZippedProductBy};
    /// let r = layout!((2,2):(1,2)).zipped_product_by(layout!((3,4)));
    /// assert_eq!(r.to_string(), "((_2,_2),(_3,_4)):((_1,_2),(_4,_12))");
    /// ```
    ZippedProductBy, zipped_product_by => zipped_product, ZippedProduct, ZippedProduct, zipped_product, LogicalProduct;
    /// [`tiled_product`](fn@tiled_product) as a trait.
    ///
    /// ```
    /// use cute::{layout, TiledProductBy};
    /// let r = layout!((2,2):(1,2)).tiled_product_by(layout!((3,4)));
    /// assert_eq!(r.to_string(), "((_2,_2),_3,_4):((_1,_2),_4,_12)");
    /// ```
    TiledProductBy, tiled_product_by => tiled_product, TiledProduct, TiledProduct, tiled_product, LogicalProduct;
    /// [`flat_product`](fn@flat_product) as a trait.
    ///
    /// ```
    /// use cute::{layout, FlatProductBy};
    /// let r = layout!((2,2):(1,2)).flat_product_by(layout!((3,4)));
    /// assert_eq!(r.to_string(), "(_2,_2,_3,_4):(_1,_2,_4,_12)");
    /// ```
    FlatProductBy, flat_product_by => flat_product, FlatProduct, FlatProduct, flat_product, LogicalProduct;
    /// [`blocked_product`](fn@blocked_product) as a trait.
    ///
    /// ```
    /// use cute::{layout, BlockedProductBy};
    /// let r = layout!((2,5):(5,1)).blocked_product_by(layout!((3,4):(1,3)));
    /// assert_eq!(r.to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
    /// ```
    BlockedProductBy, blocked_product_by => blocked_product, BlockedProduct, BlockedProduct, blocked_product;
    /// [`raked_product`](fn@raked_product) as a trait.
    ///
    /// ```
    /// use cute::{layout, RakedProductBy};
    /// let r = layout!((2,5):(5,1)).raked_product_by(layout!((3,4):(1,3)));
    /// assert_eq!(r.to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
    /// ```
    RakedProductBy, raked_product_by => raked_product, RakedProduct, RakedProduct, raked_product;
}
