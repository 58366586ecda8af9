//! CuTe's divides (`logical_divide`, `zipped_divide`, `tiled_divide`, `flat_divide`): the root
//! functions, their routes and result types, and the traits of the same operations.

pub(crate) mod basis;
#[doc(hidden)]
pub mod mixed_face;
mod regroup;
#[doc(hidden)]
pub mod static_face;

use super::*;

route2! {
    fn logical_divide => LogicalDivide;
    static [S, D, T] (Layout<S, D>, T) -> <T as AppliedTo<DivideOp, Layout<S, D>>>::Output
        where [D: statics::IntTuple, T: AppliedTo<DivideOp, Layout<S, D>>] check statics::tiler::Tiled<DivideOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed::Divide<T>>::Output, Error> where [A: mixed::Divide<T>] fits => |a, t| mixed_face::logical_divide_fits(a, t, "logical_divide");
}

/// CuTe's `logical_divide(A, T)`: `A o (T, complement(T, size(A)))`, by a layout, a tile size,
/// `_` or a tuple tiler, mode by mode. The conditions are those of the dynamic engine's
/// [`logical_divide`](crate::dynamic::logical_divide): compile errors for static operands,
/// errors in the `Result` with a runtime leaf.
///
/// ```
/// use cute::{layout, logical_divide, tiler};
/// let a = layout!((4,2,3):(2,1,8));
/// assert_eq!(logical_divide(a, layout!(4:2)).to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// let m = layout!(({8},{6}):(1,{8})).unwrap();
/// assert_eq!(logical_divide(m, tiler!(<4:1,2:1>)).unwrap().to_string(), "((_4,2),(_2,3)):((_1,_4),(8,16))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn logical_divide<A, B>(a: A, b: B) -> LogicalDivide<A, B>
where RouteVerdict<op::LogicalDivide, A, B>: Holds, ResultCheck<statics::names::logical_divide, LogicalDivide<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::LogicalDivide, A, B>,
    Both<A, B>: Verdicts<op::LogicalDivide, A, B>,
    LogicalDivide<A, B>: ResultVerdict<statics::names::logical_divide, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::LogicalDivide, A, B>>::OK;
    <Both<A, B> as Route<op::LogicalDivide, A, B>>::run(a, b, crate::Internal(()))
}

route2! {
    fn zipped_divide => ZippedDivide;
    static [S, D, T] (Layout<S, D>, T) -> sdiv::ZippedDivide<Layout<S, D>, T>
        where [D: statics::IntTuple, Layout<S, D>: ApplyTiler<DivideOp, T>, sdiv::LogicalDivide<Layout<S, D>, T>: static_face::Zip2By<T>] check statics::tiler::LayoutTiled<DivideOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed_face::DivideZipped<T>>::Output, Error>
        where [A: mixed_face::DivideZipped<T>] fits => |a, t| mixed_face::DivideZipped::divide_zipped(a, t, "zipped_divide", crate::Internal(()));
}

/// CuTe's `zipped_divide(A, T)`: the logical divide with the tiles' modes gathered into the
/// first mode and the rests into the second.
///
/// ```
/// use cute::{layout, tiler, zipped_divide};
/// let a = layout!((8,16):(16,1));
/// assert_eq!(zipped_divide(a, tiler!(<4:1,8:1>)).to_string(), "((_4,_8),(_2,_2)):((_16,_1),(_64,_8))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn zipped_divide<A, B>(a: A, b: B) -> ZippedDivide<A, B>
where RouteVerdict<op::ZippedDivide, A, B>: Holds, ResultCheck<statics::names::zipped_divide, LogicalDivide<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::ZippedDivide, A, B>,
    Both<A, B>: Verdicts<op::ZippedDivide, A, B>,
    Both<A, B>: Route<op::LogicalDivide, A, B>,
    LogicalDivide<A, B>: ResultVerdict<statics::names::zipped_divide, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::ZippedDivide, A, B>>::OK;
    <Both<A, B> as Route<op::ZippedDivide, A, B>>::run(a, b, crate::Internal(()))
}

route2! {
    fn tiled_divide => TiledDivide;
    static [S, D, T] (Layout<S, D>, T) -> sdiv::TiledDivide<Layout<S, D>, T>
        where [
            D: statics::IntTuple,
            Layout<S, D>: ApplyTiler<DivideOp, T>,
            sdiv::LogicalDivide<Layout<S, D>, T>: static_face::Zip2By<T>,
            sdiv::ZippedDivide<Layout<S, D>, T>: Unpack1,
        ] check statics::tiler::LayoutTiled<DivideOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed_face::DivideTiled<T>>::Output, Error>
        where [A: mixed_face::DivideTiled<T>] fits => |a, t| mixed_face::DivideTiled::divide_tiled(a, t, crate::Internal(()));
}

/// CuTe's `tiled_divide(A, T)`: the zipped divide with the rest modes spread out.
///
/// ```
/// use cute::{layout, tiled_divide, tiler};
/// let a = layout!((8,16):(16,1));
/// assert_eq!(tiled_divide(a, tiler!(<4:1,8:1>)).to_string(), "((_4,_8),_2,_2):((_16,_1),_64,_8)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tiled_divide<A, B>(a: A, b: B) -> TiledDivide<A, B>
where RouteVerdict<op::TiledDivide, A, B>: Holds, ResultCheck<statics::names::tiled_divide, LogicalDivide<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::TiledDivide, A, B>,
    Both<A, B>: Verdicts<op::TiledDivide, A, B>,
    Both<A, B>: Route<op::LogicalDivide, A, B>,
    LogicalDivide<A, B>: ResultVerdict<statics::names::tiled_divide, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::TiledDivide, A, B>>::OK;
    <Both<A, B> as Route<op::TiledDivide, A, B>>::run(a, b, crate::Internal(()))
}

route2! {
    fn flat_divide => FlatDivide;
    static [S, D, T] (Layout<S, D>, T) -> sdiv::FlatDivide<Layout<S, D>, T>
        where [
            D: statics::IntTuple,
            Layout<S, D>: ApplyTiler<DivideOp, T>,
            sdiv::LogicalDivide<Layout<S, D>, T>: static_face::Zip2By<T>,
            sdiv::ZippedDivide<Layout<S, D>, T>: Unpack2,
        ] check statics::tiler::LayoutTiled<DivideOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed_face::DivideFlat<T>>::Output, Error>
        where [A: mixed_face::DivideFlat<T>] fits => |a, t| mixed_face::DivideFlat::divide_flat(a, t, crate::Internal(()));
}

/// CuTe's `flat_divide(A, T)`: the zipped divide with both modes spread out.
///
/// ```
/// use cute::{flat_divide, layout, tiler};
/// let a = layout!((8,16):(16,1));
/// assert_eq!(flat_divide(a, tiler!(<4:1,8:1>)).to_string(), "(_4,_8,_2,_2):(_16,_1,_64,_8)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn flat_divide<A, B>(a: A, b: B) -> FlatDivide<A, B>
where RouteVerdict<op::FlatDivide, A, B>: Holds, ResultCheck<statics::names::flat_divide, LogicalDivide<A, B>, A, B>: Holds,
    A: BothStatic<B>,
    Both<A, B>: Route<op::FlatDivide, A, B>,
    Both<A, B>: Verdicts<op::FlatDivide, A, B>,
    Both<A, B>: Route<op::LogicalDivide, A, B>,
    LogicalDivide<A, B>: ResultVerdict<statics::names::flat_divide, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::FlatDivide, A, B>>::OK;
    <Both<A, B> as Route<op::FlatDivide, A, B>>::run(a, b, crate::Internal(()))
}

/// The result of [`logical_divide`](fn@logical_divide): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, logical_divide, LogicalDivide};
/// type A = Layout![(4,8):(1,4)];
/// type B = Layout![2:1];
/// let r: LogicalDivide<A, B> = logical_divide(A::new(), B::new());
/// assert_eq!(r.to_string(), "(_2,_16):(_1,_2)");
/// ```
pub type LogicalDivide<A, B> = Routed<op::LogicalDivide, A, B>;

/// The result of [`zipped_divide`](fn@zipped_divide): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, Tiler, zipped_divide, ZippedDivide};
/// type A = Layout![(4,8):(1,4)];
/// type B = Tiler![<2:1,4:2>];
/// let r: ZippedDivide<A, B> = zipped_divide(A::new(), B::default());
/// assert_eq!(r.to_string(), "((_2,_4),(_2,_2)):((_1,_8),(_2,_4))");
/// ```
pub type ZippedDivide<A, B> = Routed<op::ZippedDivide, A, B>;

/// The result of [`tiled_divide`](fn@tiled_divide): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, tiled_divide, TiledDivide, Tiler};
/// type A = Layout![(4,8):(1,4)];
/// type B = Tiler![<2:1,4:2>];
/// let r: TiledDivide<A, B> = tiled_divide(A::new(), B::default());
/// assert_eq!(r.to_string(), "((_2,_4),_2,_2):((_1,_8),_2,_4)");
/// ```
pub type TiledDivide<A, B> = Routed<op::TiledDivide, A, B>;

/// The result of [`flat_divide`](fn@flat_divide): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{flat_divide, FlatDivide, Layout, Tiler};
/// type A = Layout![(4,8):(1,4)];
/// type B = Tiler![<2:1,4:2>];
/// let r: FlatDivide<A, B> = flat_divide(A::new(), B::default());
/// assert_eq!(r.to_string(), "(_2,_4,_2,_2):(_1,_8,_2,_4)");
/// ```
pub type FlatDivide<A, B> = Routed<op::FlatDivide, A, B>;

op_trait! {
    /// [`logical_divide`](fn@logical_divide) as a trait.
    ///
    /// ```
    /// use cute::{layout, LogicalDivideBy};
    /// assert_eq!(layout!((4,8):(1,4)).logical_divide_by(layout!(2:1)).to_string(), "(_2,_16):(_1,_2)");
    /// ```
    LogicalDivideBy, logical_divide_by => logical_divide, LogicalDivide, LogicalDivide, logical_divide;
    /// [`zipped_divide`](fn@zipped_divide) as a trait.
    ///
    /// ```
    /// use cute::{layout, tiler, ZippedDivideBy};
    /// assert_eq!(layout!((4,8):(1,4)).zipped_divide_by(tiler!(<2:1,4:2>)).to_string(), "((_2,_4),(_2,_2)):((_1,_8),(_2,_4))");
    /// ```
    ZippedDivideBy, zipped_divide_by => zipped_divide, ZippedDivide, ZippedDivide, zipped_divide, LogicalDivide;
    /// [`tiled_divide`](fn@tiled_divide) as a trait.
    ///
    /// ```
    /// use cute::{layout, tiler, TiledDivideBy};
    /// assert_eq!(layout!((4,8):(1,4)).tiled_divide_by(tiler!(<2:1,4:2>)).to_string(), "((_2,_4),_2,_2):((_1,_8),_2,_4)");
    /// ```
    TiledDivideBy, tiled_divide_by => tiled_divide, TiledDivide, TiledDivide, tiled_divide, LogicalDivide;
    /// [`flat_divide`](fn@flat_divide) as a trait.
    ///
    /// ```
    /// use cute::{layout, tiler, FlatDivideBy};
    /// assert_eq!(layout!((4,8):(1,4)).flat_divide_by(tiler!(<2:1,4:2>)).to_string(), "(_2,_4,_2,_2):(_1,_8,_2,_4)");
    /// ```
    FlatDivideBy, flat_divide_by => flat_divide, FlatDivide, FlatDivide, flat_divide, LogicalDivide;

}
