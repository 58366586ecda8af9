//! CuTe's `tile_to_shape`: the root function, its routes and result type.

#[doc(hidden)]
pub mod mixed_face;
#[doc(hidden)]
pub mod static_face;

use super::*;
use crate::ops::make::static_face::{OrderOf, SameRankAs};

impl<SB, DB, T> Verdicts<op::TileToShape, Layout<SB, DB>, T> for B1
where
    Layout<SB, DB>: static_face::TileFits<T>,
{
    type Output = <Layout<SB, DB> as static_face::TileFits<T>>::Output;
}
/// With a runtime leaf, the ranks (static: the types' structure) are a verdict; a block mode
/// that does not divide the target's is a runtime error.
impl<SB, DB, T> Verdicts<op::TileToShape, Layout<SB, DB>, T> for B0
where
    SB: mixed_face::RankOf,
    T: mixed_face::RankOf,
    <SB as mixed_face::RankOf>::Rank: IsLessOrEqual<<T as mixed_face::RankOf>::Rank>,
    mixed_face::RankFits<SB, T>: static_face::RankFirst<HNil, HNil, Layout<SB, DB>, T>,
{
    type Output = <mixed_face::RankFits<SB, T> as static_face::RankFirst<HNil, HNil, Layout<SB, DB>, T>>::Output;
}

route2! {
    fn tile_to_shape => TileToShape;
    static [B, T] (B, T) -> <T as static_face::TileTarget<B>>::Output
        where [T: static_face::TileTarget<B>, <T as static_face::TileTarget<B>>::Output: Made] check static_face::TileCheck<T, B>;
    runtime [SA, DA, T] (Layout<SA, DA>, T) -> <mixed_face::RankFits<SA, T> as mixed_face::TileByRank<SA, DA, T>>::Output
        where [
            SA: mixed_face::RankOf,
            T: mixed_face::RankOf,
            <SA as mixed_face::RankOf>::Rank: IsLessOrEqual<<T as mixed_face::RankOf>::Rank>,
            mixed_face::RankFits<SA, T>: mixed_face::TileByRank<SA, DA, T>,
        ] => mixed_face::tile_by_rank;
}

/// CuTe's `tile_to_shape(block, shape)`: copies of the block, blocked (column-major order of
/// the copies), until the target shape is filled; each block mode must divide the target's.
///
/// ```
/// use cute::{layout, shape, tile_to_shape};
/// assert_eq!(tile_to_shape(layout!((2,2):(1,2)), shape!((4,6))).to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tile_to_shape<A, B>(a: A, b: B) -> TileToShape<A, B>
where RouteVerdict<op::TileToShape, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::TileToShape, A, B>,
    Both<A, B>: Verdicts<op::TileToShape, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::TileToShape, A, B>>::OK;
    <Both<A, B> as Route<op::TileToShape, A, B>>::run(a, b, crate::Internal(()))
}

/// The result of [`tile_to_shape`](fn@tile_to_shape): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, Shape, tile_to_shape, TileToShape};
/// type A = Layout![(2,2):(1,2)];
/// type B = Shape![(4,6)];
/// let r: TileToShape<A, B> = tile_to_shape(A::new(), B::default());
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
/// ```
pub type TileToShape<A, B> = Routed<op::TileToShape, A, B>;

/// The static route of `tile_to_shape(B, T, O)`: the layout, its product checked at compile time.
impl<B, T, O> Route<op::TileToShapeOrdered, B, (T, O)> for B1
where
    B: static_face::TileToShapeOrdered<T, O>,
    <B as static_face::TileToShapeOrdered<T, O>>::Output: Made,
{
    type Output = <B as static_face::TileToShapeOrdered<T, O>>::Output;
    const CHECK: Checked = <static_face::TileOrderedCheck<B, T, O> as Check>::RESULT;
    #[inline(always)]
    fn run(_: B, _: (T, O), _: crate::Internal) -> Self::Output {
        Made::made()
    }
}
/// The runtime route: the mixed face's tiling with the copies in the order `O`. The order is
/// taken as the verdict of its rank gives it (a leaf `_0` when the ranks differ), so that a
/// mismatch is reported by that verdict alone.
impl<SA, DA, T, O> Route<op::TileToShapeOrdered, Layout<SA, DA>, (T, O)> for B0
where
    SA: mixed_face::RankOf,
    T: mixed_face::RankOf,
    <SA as mixed_face::RankOf>::Rank: IsLessOrEqual<<T as mixed_face::RankOf>::Rank>,
    O: SameRankAs<T>,
    OrderOf<O, T>: Default,
    mixed_face::RankFits<SA, T>: mixed_face::TileByRank<SA, DA, T, OrderOf<O, T>>,
    <mixed_face::RankFits<SA, T> as mixed_face::TileByRank<SA, DA, T, OrderOf<O, T>>>::Output: crate::layout::Fits,
{
    type Output = <mixed_face::RankFits<SA, T> as mixed_face::TileByRank<SA, DA, T, OrderOf<O, T>>>::Output;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(block: Layout<SA, DA>, (target, _): (T, O), _: crate::Internal) -> Self::Output {
        let order = OrderOf::<O, T>::default();
        crate::layout::Fits::fits(mixed_face::tile_ordered_by_rank(block, target, order), "tile_to_shape")
    }
}

/// The compile-time check of `tile_to_shape(B, T, O)`'s route, for [`Verify`].
struct OrderedRouteCheck<B, T, O>(PhantomData<(B, T, O)>);
impl<B: BothStatic<T>, T, O> Check for OrderedRouteCheck<B, T, O>
where
    Both<B, T>: Route<op::TileToShapeOrdered, B, (T, O)>,
{
    const RESULT: Checked = <Both<B, T> as Route<op::TileToShapeOrdered, B, (T, O)>>::CHECK;
}

/// CuTe's `tile_to_shape(block, shape, order)`: copies of the block, blocked, until the target
/// shape is filled, the copies laid out in `order` (a static tuple with one value per mode of
/// the target, the smallest first, or a leaf: [`make_ordered_layout`](fn@crate::make_ordered_layout)
/// of the numbers of copies), where [`tile_to_shape`](fn@tile_to_shape) lays them out
/// column-major (order `(0,1,...)`, or any integer order). Each block mode must divide the
/// target's, the block may have no more modes than the target, and a tuple order must have the
/// target's rank.
///
/// With static operands the result is the layout and a violated condition is a compile error
/// naming the operands. With runtime leaves (in the block or the target; the order is static,
/// as CuTe's `Step`) the result is a `Result`: the ranks are still compile errors, a block mode
/// that does not divide the target's is a runtime
/// [`TileToShapeDivisibility`](crate::error::ErrorKind::TileToShapeDivisibility) error.
///
/// ```
/// use cute::{layout, shape, stride, tile_to_shape, tile_to_shape_ordered};
/// // Row-major repetition: the copies along the second mode first.
/// let r = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,8)), stride!((1,0)));
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_4)):((_1,_16),(_2,_4))");
/// // The order (0,1) is tile_to_shape's.
/// let c = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,8)), stride!((0,1)));
/// assert_eq!(c, tile_to_shape(layout!((2,2):(1,2)), shape!((4,8))));
/// // A target known at run time: a copies' stride that depends on it is a runtime value.
/// let n: i64 = 8;
/// let r = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,{n})), stride!((1,0))).unwrap();
/// assert_eq!(r.to_string(), "((_2,_2),(_2,4)):((_1,16),(_2,_4))");
/// let e = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,{7i64})), stride!((1,0))).unwrap_err();
/// assert_eq!(e.kind(), cute::error::ErrorKind::TileToShapeDivisibility);
/// ```
///
/// ```compile_fail,E0277
/// use cute::{layout, shape, stride, tile_to_shape_ordered};
/// let _ = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,8)), stride!((1,0,2)));
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tile_to_shape_ordered<B, T, O>(block: B, target: T, order: O) -> TileToShapeOrdered<B, T, O>
where RouteVerdict<op::TileToShape, B, T>: Holds,
    <O as SameRankAs<T>>::Verdict: Holds,
    O: SameRankAs<T>,
    B: BothStatic<T>,
    Both<B, T>: Verdicts<op::TileToShape, B, T> + Route<op::TileToShapeOrdered, B, (T, O)>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<OrderedRouteCheck<B, T, O>>::OK;
    <Both<B, T> as Route<op::TileToShapeOrdered, B, (T, O)>>::run(block, (target, order), crate::Internal(()))
}

/// The result of [`tile_to_shape_ordered`](fn@tile_to_shape_ordered): the layout when every
/// leaf of the block and the target is static, a `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, Shape, Stride, tile_to_shape_ordered, TileToShapeOrdered};
/// type A = Layout![(2,2):(1,2)];
/// type T = Shape![(4,8)];
/// type O = Stride![(1,0)];
/// let r: TileToShapeOrdered<A, T, O> = tile_to_shape_ordered(A::new(), T::default(), O::default());
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_4)):((_1,_16),(_2,_4))");
/// ```
pub type TileToShapeOrdered<B, T, O> = <Both<B, T> as Route<op::TileToShapeOrdered, B, (T, O)>>::Output;
