//! CuTe's `tile_to_shape`: the root function, its routes and result type.

#[doc(hidden)]
pub mod mixed_face;
#[doc(hidden)]
pub mod static_face;

use super::*;
use crate::ops::make::static_face::SameRankAs;

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
    <Both<A, B> as Route<op::TileToShape, A, B>>::run(a, b)
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

/// CuTe's `tile_to_shape(block, shape, order)` of static operands: copies of the block, blocked,
/// until the target shape is filled, the copies laid out in `order` (one value per mode of the
/// target, the smallest first; [`make_ordered_layout`](fn@crate::make_ordered_layout) of the
/// counts of copies), where [`tile_to_shape`](fn@tile_to_shape) lays them out column-major
/// (order `(0,1,...)`). Each block mode must divide the target's, and the order must have the
/// target's rank; either failing is a compile error naming the operands. For runtime leaves,
/// [`dynamic::tile_to_shape_ordered`](crate::dynamic::tile_to_shape_ordered).
///
/// ```
/// use cute::{layout, shape, stride, tile_to_shape, tile_to_shape_ordered};
/// // Row-major repetition: the copies along the second mode first.
/// let r = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,8)), stride!((1,0)));
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_4)):((_1,_16),(_2,_4))");
/// // The order (0,1) is tile_to_shape's.
/// let c = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,8)), stride!((0,1)));
/// assert_eq!(c, tile_to_shape(layout!((2,2):(1,2)), shape!((4,8))));
/// ```
///
/// ```compile_fail,E0277
/// use cute::{layout, shape, stride, tile_to_shape_ordered};
/// let _ = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,8)), stride!((1,0,2)));
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tile_to_shape_ordered<B, T, O>(block: B, target: T, order: O) -> TileToShapeOrdered<B, T, O>
where <B as static_face::TileFits<T>>::Output: Holds,
    <O as SameRankAs<T>>::Verdict: Holds,
    O: SameRankAs<T>,
    B: static_face::TileFits<T> + static_face::TileToShapeOrdered<T, O>,
    TileToShapeOrdered<B, T, O>: Made,
{
    let _ = (block, target, order);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<static_face::TileOrderedCheck<B, T, O>>::OK;
    <TileToShapeOrdered<B, T, O> as Made>::made()
}

/// The result of [`tile_to_shape_ordered`](fn@tile_to_shape_ordered).
///
/// ```
/// use cute::{Layout, Shape, Stride, tile_to_shape_ordered, TileToShapeOrdered};
/// type A = Layout![(2,2):(1,2)];
/// type T = Shape![(4,8)];
/// type O = Stride![(1,0)];
/// let r: TileToShapeOrdered<A, T, O> = tile_to_shape_ordered(A::new(), T::default(), O::default());
/// assert_eq!(r.to_string(), "((_2,_2),(_2,_4)):((_1,_16),(_2,_4))");
/// ```
pub type TileToShapeOrdered<B, T, O> = <B as static_face::TileToShapeOrdered<T, O>>::Output;
