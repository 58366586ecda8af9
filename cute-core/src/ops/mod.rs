//! The operations at the crate root: one function per CuTe operation for every [`Layout`], its
//! leaves static or runtime.
//!
//! Where every leaf of the operands is static the answer is the layout itself: its type is
//! computed by the trait solver and a violated condition is a compile error (the static face,
//! [`crate::statics`]). Where a leaf is a runtime `i64` the answer is a `Result` whose error names
//! the condition and the values (the checked runtime layer, [`crate::mixed`]). This module is the
//! one place where the two differ: each operation is routed by the bit [`Both`] (or
//! [`AllStatic::Is`] for one operand), `B1` to the static face, `B0` to the checked layer.

use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::{IsLessOrEqual, B0, B1};

use crate::mixed::cast::{CastTree, Down, DownBy, Up, UpBy};
use crate::mixed::coalesce::{
    Coalesce as CoalesceModes, CoalescedLayout, Finish, Flatten as FlattenTuple, ModesOf, ToLayout, Zip,
};
use crate::mixed::composition::Parts;
use crate::mixed::divide::Spread;
use crate::mixed::inverse::{CoalescedModes, CommonBits, CommonCase, CommonMode, FirstMode, OrEmpty, RightInvertible};
use crate::mixed::product::ZippedP;
use crate::mixed::{self, AllStatic, Both, BothStatic, Error, MixedTuple, StaticInt};
use crate::statics::check::{Check, Checked, Verify};
use crate::statics::composition::ResultVerdict;
use crate::statics::divide::{self as sdiv, DivideOp, Unpack1, Unpack2};
use crate::statics::product::{self as sprod, ProductOp};
use crate::statics::report::{Holds, Pass, Then};
use crate::statics::tiler::TilerCheck;
use crate::statics::tiler::{AppliedTo, ApplyTiler};
use crate::statics::{self, Made};
use crate::Layout;

mod make;
mod sizes;
pub use make::{make_layout, make_layout_right, MakeLayout, MakeLayoutRight};
pub use sizes::{cosize, depth, rank, size, Sizes};

/// An operation `Op` of two operands `A`, `B`, delivered as `Self` chooses: `B1` (every leaf
/// static) the layout, `B0` a `Result`.
#[doc(hidden)]
pub trait Route<Op, A, B> {
    /// The layout, or the `Result` of one.
    type Output;
    /// The outcome of the conditions known at compile time (every leaf static), which the
    /// operation's function checks at the caller's line.
    const CHECK: Checked;
    /// Run the operation (its compile-time conditions are checked by the caller).
    fn run(a: A, b: B) -> Self::Output;
}

/// An operation `Op` of one operand `A`, delivered as `Self` chooses (see [`Route`]).
#[doc(hidden)]
pub trait Route1<Op, A> {
    /// The layout, or the `Result` of one.
    type Output;
    /// See [`Route::CHECK`].
    const CHECK: Checked;
    /// Run the operation (its compile-time conditions are checked by the caller).
    fn run(a: A) -> Self::Output;
}

/// The conditions of an operation `Op` on `A`, `B` that the trait solver decides, chosen by
/// `Self` as [`Route`] is: the operation's function requires the verdict to hold, so that
/// `cargo check` reports a violation at the caller's line. A trait apart from [`Route`]: a
/// projection of the route would have the trait solver confirm the result's impls again.
#[doc(hidden)]
pub trait Verdicts<Op, A, B> {
    /// [`Pass`], or the failure of the first violated condition.
    type Output;
}
/// The verdict of an operation.
#[doc(hidden)]
pub type RouteVerdict<Op, A, B> = <Both<A, B> as Verdicts<Op, A, B>>::Output;

/// The name of an operation in a compile error (`{Op}` of a composition's condition).
#[doc(hidden)]
pub trait Named {
    /// The name, one of [`statics::names`]' operation names.
    type Name;
}
macro_rules! named {
    ($($op:ident => $name:ident),*) => {$(
        impl Named for op::$op {
            type Name = statics::names::$name;
        }
    )*};
}
named!(
    BlockedProduct => blocked_product,
    RakedProduct => raked_product,
    Composition => composition,
    LogicalDivide => logical_divide,
    ZippedDivide => zipped_divide,
    TiledDivide => tiled_divide,
    FlatDivide => flat_divide,
    LogicalProduct => logical_product,
    ZippedProduct => zipped_product,
    TiledProduct => tiled_product,
    FlatProduct => flat_product
);

/// The verdict of the operation `Op` on `A` and `B` whose composition's conditions are read from
/// `R` (its result, or the logical divide's or product's it regroups): the tiler's ranks
/// ([`Verdicts`]), then the first violation that the composition's walk marked in `R`
/// ([`ResultVerdict`]).
#[doc(hidden)]
pub type MarkedVerdict<Op, R, A, B> =
    <RouteVerdict<Op, A, B> as Then<<R as ResultVerdict<<Op as Named>::Name, A, B>>::Output>>::Output;

/// The operations whose only verdict is their tiler's ranks.
macro_rules! tiler_verdicts {
    ($($op:ident),*) => {$(
        impl<S, D: statics::IntTuple, T> Verdicts<op::$op, Layout<S, D>, T> for B1
        where
            T: TilerCheck<Layout<S, D>>,
        {
            type Output = <T as TilerCheck<Layout<S, D>>>::Output;
        }
        impl<A, T> Verdicts<op::$op, A, T> for B0 {
            type Output = Pass;
        }
    )*};
}
tiler_verdicts!(
    Composition,
    LogicalDivide,
    ZippedDivide,
    TiledDivide,
    FlatDivide,
    LogicalProduct,
    ZippedProduct,
    TiledProduct,
    FlatProduct
);
/// The blocked and raked products pad their operands to one rank: no condition of ranks (their
/// composition's conditions are read from the result, [`MarkedVerdict`]).
impl<X, A, B> Verdicts<op::BlockedProduct, A, B> for X {
    type Output = Pass;
}
impl<X, A, B> Verdicts<op::RakedProduct, A, B> for X {
    type Output = Pass;
}
/// A profile's ranks, checked by the walk that cuts it to the shape (static or runtime leaves
/// alike).
impl<X, S, D, P> Verdicts<op::CoalesceProfile, Layout<S, D>, P> for X
where
    P: mixed::ProfileFits<S>,
    <P as mixed::ProfileFits<S>>::Over: mixed::coalesce::ProfileOver<P, S, D>,
{
    type Output = mixed::coalesce::ProfileVerdict<P, S, D>;
}
/// Complement's conditions are on A alone. Every leaf static: A's verdict (no need to ask again
/// whether A is static).
impl<S, D, M> Verdicts<op::Complement, Layout<S, D>, M> for B1
where
    Layout<S, D>: statics::complement::ComplementVerdict<(S, D, M)>,
{
    type Output = <Layout<S, D> as statics::complement::ComplementVerdict<(S, D, M)>>::Output;
}
/// A runtime leaf in A or in the cotarget: A's verdict when A is static.
impl<S, D, M> Verdicts<op::Complement, Layout<S, D>, M> for B0
where
    Layout<S, D>: mixed::complement::StaticComplementCheck<M>,
{
    type Output = <Layout<S, D> as mixed::complement::StaticComplementCheck<M>>::Output;
}
/// The conditions of a one-operand operation `Op` on `A` that the trait solver decides (see
/// [`Verdicts`]), chosen by `Self` as [`Route1`] is.
#[doc(hidden)]
pub trait Verdicts1<Op, A> {
    /// [`Pass`], or the failure of the first violated condition.
    type Output;
}
impl<N, S, D> Verdicts1<op::Upcast<N>, Layout<S, D>> for B1
where
    Layout<S, D>: statics::cast::UpcastFits<N>,
{
    type Output = <Layout<S, D> as statics::cast::UpcastFits<N>>::Output;
}
impl<N, A> Verdicts1<op::Upcast<N>, A> for B0 {
    type Output = Pass;
}
impl<N, S, D> Verdicts1<op::Downcast<N>, Layout<S, D>> for B1
where
    Layout<S, D>: statics::cast::DowncastFits<N>,
{
    type Output = <Layout<S, D> as statics::cast::DowncastFits<N>>::Output;
}
impl<N, A> Verdicts1<op::Downcast<N>, A> for B0 {
    type Output = Pass;
}
impl<Old, New, S, D> Verdicts1<op::Recast<Old, New>, Layout<S, D>> for B1
where
    Layout<S, D>: statics::cast::RecastFits<Old, New>,
{
    type Output = <Layout<S, D> as statics::cast::RecastFits<Old, New>>::Output;
}
impl<Old, New, A> Verdicts1<op::Recast<Old, New>, A> for B0 {
    type Output = Pass;
}

impl<SB, DB, T> Verdicts<op::TileToShape, Layout<SB, DB>, T> for B1
where
    Layout<SB, DB>: statics::tile::TileFits<T>,
{
    type Output = <Layout<SB, DB> as statics::tile::TileFits<T>>::Output;
}
/// With a runtime leaf, the ranks (static: the types' structure) are a verdict; a block mode
/// that does not divide the target's is a runtime error.
impl<SB, DB, T> Verdicts<op::TileToShape, Layout<SB, DB>, T> for B0
where
    SB: mixed::tile::RankOf,
    T: mixed::tile::RankOf,
    <SB as mixed::tile::RankOf>::Rank: IsLessOrEqual<<T as mixed::tile::RankOf>::Rank>,
    mixed::tile::RankFits<SB, T>: statics::tile::RankFirst<HNil, HNil, Layout<SB, DB>, T>,
{
    type Output = <mixed::tile::RankFits<SB, T> as statics::tile::RankFirst<HNil, HNil, Layout<SB, DB>, T>>::Output;
}

/// The compile-time conditions of a [`Route`], for [`Verify`] in the operation's function, so
/// that a violation is reported at the caller's line.
struct RouteCheck<Op, A, B>(PhantomData<(Op, A, B)>);
impl<Op, A: BothStatic<B>, B> Check for RouteCheck<Op, A, B>
where
    Both<A, B>: Route<Op, A, B>,
{
    const RESULT: Checked = <Both<A, B> as Route<Op, A, B>>::CHECK;
}

/// The compile-time conditions of a [`Route1`] (see [`RouteCheck`]).
struct Route1Check<Op, A>(PhantomData<(Op, A)>);
impl<Op, A: AllStatic> Check for Route1Check<Op, A>
where
    A::Is: Route1<Op, A>,
{
    const RESULT: Checked = <A::Is as Route1<Op, A>>::CHECK;
}

/// The operations' names for [`Route`] and [`Route1`].
#[doc(hidden)]
pub mod op {
    macro_rules! markers {
        ($($name:ident),*) => {$(
            /// An operation's name.
            pub struct $name;
        )*};
    }
    markers!(
        Composition,
        Complement,
        LogicalDivide,
        ZippedDivide,
        TiledDivide,
        FlatDivide,
        LogicalProduct,
        ZippedProduct,
        TiledProduct,
        FlatProduct,
        BlockedProduct,
        RakedProduct,
        TileToShape,
        MaxCommonVector,
        MaxCommonLayout,
        CoalesceProfile,
        Coalesce,
        Filter,
        FilterZeros,
        Flatten,
        Nullspace,
        RightInverse,
        MakeLayout,
        MakeLayoutRight
    );
    /// The name of `upcast::<N>`.
    pub struct Upcast<N>(core::marker::PhantomData<N>);
    /// The name of `downcast::<N>`.
    pub struct Downcast<N>(core::marker::PhantomData<N>);
    /// The name of `recast::<Old, New>`.
    pub struct Recast<Old, New>(core::marker::PhantomData<(Old, New)>);
}

/// The function a runtime route calls: the checked layer's function of the operation's name, or
/// (where the route has a verdict of its own) the given one without the verdict's bound.
macro_rules! runtime_call {
    ($default:path) => {
        $default
    };
    ($default:path, $given:path) => {
        $given
    };
}

/// The value of a static route: the layout type's value, or the given expression.
macro_rules! made {
    () => {
        Made::made()
    };
    ($value:expr) => {
        $value
    };
}

/// The function of a two-operand operation and its two routes. `static` gives the bounds of the
/// static face's function, `runtime` those of the checked layer's.
macro_rules! route2 {
    (
        fn $name:ident => $op:ident;
        static [$($sg:tt)*] ($sa:ty, $sb:ty) -> $sout:ty where [$($sw:tt)*] check $chk:ty $(=> $value:expr)?;
        runtime [$($rg:tt)*] ($ra:ty, $rb:ty) -> $rout:ty where [$($rw:tt)*] $(=> $rcall:path)?;
    ) => {
        impl<$($sg)*> Route<op::$op, $sa, $sb> for B1
        where
            $($sw)*
        {
            type Output = $sout;
            const CHECK: Checked = <$chk as Check>::RESULT;
            #[inline(always)]
            fn run(_: $sa, _: $sb) -> $sout {
                made!($($value)?)
            }
        }
        impl<$($rg)*> Route<op::$op, $ra, $rb> for B0
        where
            $rout: crate::layout::Fits,
            $($rw)*
        {
            type Output = $rout;
            const CHECK: Checked = Ok(());
            #[inline(always)]
            fn run(a: $ra, b: $rb) -> $rout {
                crate::layout::Fits::fits(runtime_call!(mixed::$name $(, $rcall)?)(a, b), stringify!($name))
            }
        }
    };
}

/// The function of a one-operand operation and its two routes (see `route2`).
macro_rules! route1 {
    (
        fn $name:ident => $op:ident;
        static [$($sg:tt)*] ($sa:ty) -> $sout:ty where [$($sw:tt)*] check $chk:ty;
        runtime [$($rg:tt)*] ($ra:ty) -> $rout:ty where [$($rw:tt)*];
    ) => {
        impl<$($sg)*> Route1<op::$op, $sa> for B1
        where
            $($sw)*
        {
            type Output = $sout;
            const CHECK: Checked = <$chk as Check>::RESULT;
            #[inline(always)]
            fn run(_: $sa) -> $sout {
                Made::made()
            }
        }
        impl<$($rg)*> Route1<op::$op, $ra> for B0
        where
            $rout: crate::layout::Fits,
            $($rw)*
        {
            type Output = $rout;
            const CHECK: Checked = Ok(());
            #[inline(always)]
            fn run(a: $ra) -> $rout {
                crate::layout::Fits::fits(mixed::$name(a), stringify!($name))
            }
        }
    };
}

route2! {
    fn composition => Composition;
    static [SA, DA, T] (Layout<SA, DA>, T) -> <T as statics::tiler::AppliedTo<statics::ComposeOp, Layout<SA, DA>>>::Output
        where [DA: statics::IntTuple, T: statics::tiler::AppliedTo<statics::ComposeOp, Layout<SA, DA>>] check statics::tiler::Tiled<statics::ComposeOp, Layout<SA, DA>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed::Compose<T>>::Output, Error> where [A: mixed::Compose<T>] => mixed::composition::composition_checked;
}

/// CuTe's `composition(A, B)`: `(A o B)(c) = A(B(c))`, B a layout, a tile size, `_` or a
/// tuple tiler of these. All-static operands give the layout (a violated condition is a
/// compile error, see [`statics::composition`]); with a runtime leaf the result is checked
/// at run time (see [`mixed::composition`]). A swizzle on the left gives the swizzled layout
/// `Sw o 0 o B` ([`ComposedLayout`](crate::ComposedLayout), CuTe's `composition(Swizzle,
/// Layout)`; the identity `Sw<0,_,_>` gives B).
///
/// ```
/// use cute::{composition, layout};
/// assert_eq!(composition(layout!((4,6,8,10):(2,3,5,7)), layout!(6:12)).to_string(), "(_2,_3):(_9,_5)");
/// let smem = composition(cute::swizzle::Sw128B::new(), layout!((8,128):(128,1)));
/// assert_eq!(smem.to_string(), "Sw<3,4,3> o 0 o (_8,_128):(_128,_1)");
/// let a = layout!(({4},6):({2},3)).unwrap();
/// let e = composition(a, layout!(6:3)).unwrap_err();
/// assert_eq!(e.to_string(), "stride divisibility: composition (4,6):(2,3) o 6:3: stride 3 does not divide shape 4");
/// ```
pub fn composition<A, B>(a: A, b: B) -> Composition<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::Composition, A, B>,
    Both<A, B>: Verdicts<op::Composition, A, B>,
    RouteVerdict<op::Composition, A, B>: Holds,
    Composition<A, B>: ResultVerdict<statics::names::composition, A, B>,
    <Composition<A, B> as ResultVerdict<statics::names::composition, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::Composition, A, B>>::OK;
    <Both<A, B> as Route<op::Composition, A, B>>::run(a, b)
}

route2! {
    fn complement => Complement;
    static [S, D, M] (Layout<S, D>, M) -> statics::ComplementOf<Layout<S, D>, M>
        where [M: statics::IntTuple, S: statics::IntTuple, D: statics::IntTuple, Layout<S, D>: statics::complement::Complement<M>] check statics::complement::ComplementOfCheck<S, D, M>;
    runtime [A, M] (A, M) -> Result<<A as mixed::MixedComplement<M>>::Output, Error> where [A: mixed::MixedComplement<M>] => mixed::complement::complement_unverified;
}

/// CuTe's `complement(A, M)`: the layout of the offsets below `cosize(M)` that A does not
/// reach, ordered, so that `(A, R)` covers them. With static operands see
/// [`statics::complement`]; with a runtime cotarget or a rank-1 A with runtime leaves see
/// [`mixed::complement`].
///
/// ```
/// use cute::{complement, layout, shape};
/// assert_eq!(complement(layout!((2,2):(1,6)), shape!(24)).to_string(), "(_3,_2):(_2,_12)");
/// let m = 30i64;
/// assert_eq!(complement(layout!(4:1), m).unwrap().to_string(), "8:_4");
/// ```
pub fn complement<A, B>(a: A, b: B) -> Complement<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::Complement, A, B>,
    Both<A, B>: Verdicts<op::Complement, A, B>,
    RouteVerdict<op::Complement, A, B>: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::Complement, A, B>>::OK;
    <Both<A, B> as Route<op::Complement, A, B>>::run(a, b)
}

route2! {
    fn logical_divide => LogicalDivide;
    static [S, D, T] (Layout<S, D>, T) -> <T as AppliedTo<DivideOp, Layout<S, D>>>::Output
        where [D: statics::IntTuple, T: AppliedTo<DivideOp, Layout<S, D>>] check statics::tiler::Tiled<DivideOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed::Divide<T>>::Output, Error> where [A: mixed::Divide<T>] => mixed::divide::logical_divide_checked;
}

/// CuTe's `logical_divide(A, T)`: `A o (T, complement(T, size(A)))`, by a layout, a tile size,
/// `_` or a tuple tiler, mode by mode. See [`statics::logical_divide`] and
/// [`mixed::logical_divide`] for the conditions.
///
/// ```
/// use cute::{layout, logical_divide, tiler};
/// let a = layout!((4,2,3):(2,1,8));
/// assert_eq!(logical_divide(a, layout!(4:2)).to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// let m = layout!(({8},{6}):(1,{8})).unwrap();
/// assert_eq!(logical_divide(m, tiler!(<4:1,2:1>)).unwrap().to_string(), "((_4,2),(_2,3)):((_1,_4),(8,16))");
/// ```
pub fn logical_divide<A, B>(a: A, b: B) -> LogicalDivide<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::LogicalDivide, A, B>,
    Both<A, B>: Verdicts<op::LogicalDivide, A, B>,
    RouteVerdict<op::LogicalDivide, A, B>: Holds,
    LogicalDivide<A, B>: ResultVerdict<statics::names::logical_divide, A, B>,
    <LogicalDivide<A, B> as ResultVerdict<statics::names::logical_divide, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::LogicalDivide, A, B>>::OK;
    <Both<A, B> as Route<op::LogicalDivide, A, B>>::run(a, b)
}

route2! {
    fn zipped_divide => ZippedDivide;
    static [S, D, T] (Layout<S, D>, T) -> sdiv::ZippedDivide<Layout<S, D>, T>
        where [D: statics::IntTuple, Layout<S, D>: ApplyTiler<DivideOp, T>, sdiv::LogicalDivide<Layout<S, D>, T>: statics::divide::Zip2By<T>] check statics::tiler::LayoutTiled<DivideOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed::divide::DivideZipped<T>>::Output, Error>
        where [A: mixed::divide::DivideZipped<T>] => mixed::divide::DivideZipped::divide_zipped;
}

/// CuTe's `zipped_divide(A, T)`: the logical divide with the tiles' modes gathered into the
/// first mode and the rests into the second.
///
/// ```
/// use cute::{layout, tiler, zipped_divide};
/// let a = layout!((8,16):(16,1));
/// assert_eq!(zipped_divide(a, tiler!(<4:1,8:1>)).to_string(), "((_4,_8),(_2,_2)):((_16,_1),(_64,_8))");
/// ```
pub fn zipped_divide<A, B>(a: A, b: B) -> ZippedDivide<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::ZippedDivide, A, B>,
    Both<A, B>: Verdicts<op::ZippedDivide, A, B>,
    RouteVerdict<op::ZippedDivide, A, B>: Holds,
    Both<A, B>: Route<op::LogicalDivide, A, B>,
    LogicalDivide<A, B>: ResultVerdict<statics::names::zipped_divide, A, B>,
    <LogicalDivide<A, B> as ResultVerdict<statics::names::zipped_divide, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::ZippedDivide, A, B>>::OK;
    <Both<A, B> as Route<op::ZippedDivide, A, B>>::run(a, b)
}

route2! {
    fn tiled_divide => TiledDivide;
    static [S, D, T] (Layout<S, D>, T) -> sdiv::TiledDivide<Layout<S, D>, T>
        where [
            D: statics::IntTuple,
            Layout<S, D>: ApplyTiler<DivideOp, T>,
            sdiv::LogicalDivide<Layout<S, D>, T>: statics::divide::Zip2By<T>,
            sdiv::ZippedDivide<Layout<S, D>, T>: Unpack1,
        ] check statics::tiler::LayoutTiled<DivideOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed::divide::DivideTiled<T>>::Output, Error>
        where [A: mixed::divide::DivideTiled<T>] => mixed::divide::DivideTiled::divide_tiled;
}

/// CuTe's `tiled_divide(A, T)`: the zipped divide with the rest modes spread out.
///
/// ```
/// use cute::{layout, tiled_divide, tiler};
/// let a = layout!((8,16):(16,1));
/// assert_eq!(tiled_divide(a, tiler!(<4:1,8:1>)).to_string(), "((_4,_8),_2,_2):((_16,_1),_64,_8)");
/// ```
pub fn tiled_divide<A, B>(a: A, b: B) -> TiledDivide<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::TiledDivide, A, B>,
    Both<A, B>: Verdicts<op::TiledDivide, A, B>,
    RouteVerdict<op::TiledDivide, A, B>: Holds,
    Both<A, B>: Route<op::LogicalDivide, A, B>,
    LogicalDivide<A, B>: ResultVerdict<statics::names::tiled_divide, A, B>,
    <LogicalDivide<A, B> as ResultVerdict<statics::names::tiled_divide, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::TiledDivide, A, B>>::OK;
    <Both<A, B> as Route<op::TiledDivide, A, B>>::run(a, b)
}

route2! {
    fn flat_divide => FlatDivide;
    static [S, D, T] (Layout<S, D>, T) -> sdiv::FlatDivide<Layout<S, D>, T>
        where [
            D: statics::IntTuple,
            Layout<S, D>: ApplyTiler<DivideOp, T>,
            sdiv::LogicalDivide<Layout<S, D>, T>: statics::divide::Zip2By<T>,
            sdiv::ZippedDivide<Layout<S, D>, T>: Unpack2,
        ] check statics::tiler::LayoutTiled<DivideOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed::divide::DivideFlat<T>>::Output, Error>
        where [A: mixed::divide::DivideFlat<T>] => mixed::divide::DivideFlat::divide_flat;
}

/// CuTe's `flat_divide(A, T)`: the zipped divide with both modes spread out.
///
/// ```
/// use cute::{flat_divide, layout, tiler};
/// let a = layout!((8,16):(16,1));
/// assert_eq!(flat_divide(a, tiler!(<4:1,8:1>)).to_string(), "(_4,_8,_2,_2):(_16,_1,_64,_8)");
/// ```
pub fn flat_divide<A, B>(a: A, b: B) -> FlatDivide<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::FlatDivide, A, B>,
    Both<A, B>: Verdicts<op::FlatDivide, A, B>,
    RouteVerdict<op::FlatDivide, A, B>: Holds,
    Both<A, B>: Route<op::LogicalDivide, A, B>,
    LogicalDivide<A, B>: ResultVerdict<statics::names::flat_divide, A, B>,
    <LogicalDivide<A, B> as ResultVerdict<statics::names::flat_divide, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::FlatDivide, A, B>>::OK;
    <Both<A, B> as Route<op::FlatDivide, A, B>>::run(a, b)
}

route2! {
    fn logical_product => LogicalProduct;
    static [S, D, T] (Layout<S, D>, T) -> <T as AppliedTo<ProductOp, Layout<S, D>>>::Output
        where [T: AppliedTo<ProductOp, Layout<S, D>>] check statics::tiler::Tiled<ProductOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<<A as mixed::Product<T>>::Output, Error> where [A: mixed::Product<T>] => mixed::product::logical_product_checked;
}

/// CuTe's `logical_product(A, T)`: `(A, complement(A, size(A) * cosize(T)) o T)`, by a
/// layout, a tile size, `_` or a tuple tiler, mode by mode. See [`statics::logical_product`]
/// and [`mixed::logical_product`].
///
/// ```
/// use cute::{layout, logical_product};
/// assert_eq!(logical_product(layout!((2,2):(4,1)), layout!(6:1)).to_string(), "((_2,_2),(_2,_3)):((_4,_1),(_2,_8))");
/// ```
pub fn logical_product<A, B>(a: A, b: B) -> LogicalProduct<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::LogicalProduct, A, B>,
    Both<A, B>: Verdicts<op::LogicalProduct, A, B>,
    RouteVerdict<op::LogicalProduct, A, B>: Holds,
    LogicalProduct<A, B>: ResultVerdict<statics::names::logical_product, A, B>,
    <LogicalProduct<A, B> as ResultVerdict<statics::names::logical_product, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::LogicalProduct, A, B>>::OK;
    <Both<A, B> as Route<op::LogicalProduct, A, B>>::run(a, b)
}

route2! {
    fn zipped_product => ZippedProduct;
    static [S, D, T] (Layout<S, D>, T) -> sprod::ZippedProduct<Layout<S, D>, T>
        where [Layout<S, D>: ApplyTiler<ProductOp, T>, sprod::LogicalProduct<Layout<S, D>, T>: statics::divide::Zip2By<T>] check statics::tiler::LayoutTiled<ProductOp, Layout<S, D>, T>;
    runtime [A, T] (A, T) -> Result<ZippedP<A, T>, Error>
        where [
            A: mixed::Product<T>,
            A::Output: Parts,
            <A::Output as Parts>::Shape: mixed::divide::Zip2By<<A::Output as Parts>::Stride, T>,
        ] => mixed::product::zipped_product_checked;
}

/// CuTe's `zipped_product(A, T)`: the logical product with the blocks' modes gathered into
/// the first mode and the copies into the second.
///
/// ```
/// use cute::{layout, zipped_product};
/// assert_eq!(zipped_product(layout!((2,2):(1,2)), layout!((3,4))).to_string(), "((_2,_2),(_3,_4)):((_1,_2),(_4,_12))");
/// ```
pub fn zipped_product<A, B>(a: A, b: B) -> ZippedProduct<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::ZippedProduct, A, B>,
    Both<A, B>: Verdicts<op::ZippedProduct, A, B>,
    RouteVerdict<op::ZippedProduct, A, B>: Holds,
    Both<A, B>: Route<op::LogicalProduct, A, B>,
    LogicalProduct<A, B>: ResultVerdict<statics::names::zipped_product, A, B>,
    <LogicalProduct<A, B> as ResultVerdict<statics::names::zipped_product, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::ZippedProduct, A, B>>::OK;
    <Both<A, B> as Route<op::ZippedProduct, A, B>>::run(a, b)
}

route2! {
    fn tiled_product => TiledProduct;
    static [S, D, T] (Layout<S, D>, T) -> sprod::TiledProduct<Layout<S, D>, T>
        where [
            Layout<S, D>: ApplyTiler<ProductOp, T>,
            sprod::LogicalProduct<Layout<S, D>, T>: statics::divide::Zip2By<T>,
            sprod::ZippedProduct<Layout<S, D>, T>: Unpack1,
        ] check statics::tiler::LayoutTiled<ProductOp, Layout<S, D>, T>;
    runtime [A, T, F, FD, S, SD] (A, T) -> Result<mixed::divide::TiledOfZ<ZippedP<A, T>>, Error>
        where [
            A: mixed::Product<T>,
            A::Output: Parts,
            <A::Output as Parts>::Shape: mixed::divide::Zip2By<<A::Output as Parts>::Stride, T>,
            ZippedP<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
            S: Spread<SD>,
            HCons<F, HCons<S, HNil>>: mixed::divide::Second<First = F, Second = S>,
            HCons<FD, HCons<SD, HNil>>: mixed::divide::Second<First = FD, Second = SD>,
        ] => mixed::product::tiled_product_checked;
}

/// CuTe's `tiled_product(A, T)`: the zipped product with the copies spread out.
///
/// ```
/// use cute::{layout, tiled_product};
/// assert_eq!(tiled_product(layout!((2,2):(1,2)), layout!((3,4))).to_string(), "((_2,_2),_3,_4):((_1,_2),_4,_12)");
/// ```
pub fn tiled_product<A, B>(a: A, b: B) -> TiledProduct<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::TiledProduct, A, B>,
    Both<A, B>: Verdicts<op::TiledProduct, A, B>,
    RouteVerdict<op::TiledProduct, A, B>: Holds,
    Both<A, B>: Route<op::LogicalProduct, A, B>,
    LogicalProduct<A, B>: ResultVerdict<statics::names::tiled_product, A, B>,
    <LogicalProduct<A, B> as ResultVerdict<statics::names::tiled_product, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::TiledProduct, A, B>>::OK;
    <Both<A, B> as Route<op::TiledProduct, A, B>>::run(a, b)
}

route2! {
    fn flat_product => FlatProduct;
    static [S, D, T] (Layout<S, D>, T) -> sprod::FlatProduct<Layout<S, D>, T>
        where [
            Layout<S, D>: ApplyTiler<ProductOp, T>,
            sprod::LogicalProduct<Layout<S, D>, T>: statics::divide::Zip2By<T>,
            sprod::ZippedProduct<Layout<S, D>, T>: Unpack2,
        ] check statics::tiler::LayoutTiled<ProductOp, Layout<S, D>, T>;
    runtime [A, T, F, FD, S, SD] (A, T) -> Result<mixed::divide::FlatOfZ<ZippedP<A, T>>, Error>
        where [
            A: mixed::Product<T>,
            A::Output: Parts,
            <A::Output as Parts>::Shape: mixed::divide::Zip2By<<A::Output as Parts>::Stride, T>,
            ZippedP<A, T>: Parts<Shape = HCons<F, HCons<S, HNil>>, Stride = HCons<FD, HCons<SD, HNil>>>,
            F: Spread<FD>,
            S: Spread<SD>,
            F::Shapes: core::ops::Add<S::Shapes>,
            F::Strides: core::ops::Add<S::Strides>,
            HCons<F, HCons<S, HNil>>: mixed::divide::Second<First = F, Second = S>,
            HCons<FD, HCons<SD, HNil>>: mixed::divide::Second<First = FD, Second = SD>,
        ] => mixed::product::flat_product_checked;
}

/// CuTe's `flat_product(A, T)`: the zipped product with both modes spread out.
///
/// ```
/// use cute::{flat_product, layout};
/// assert_eq!(flat_product(layout!((2,2):(1,2)), layout!((3,4))).to_string(), "(_2,_2,_3,_4):(_1,_2,_4,_12)");
/// ```
pub fn flat_product<A, B>(a: A, b: B) -> FlatProduct<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::FlatProduct, A, B>,
    Both<A, B>: Verdicts<op::FlatProduct, A, B>,
    RouteVerdict<op::FlatProduct, A, B>: Holds,
    Both<A, B>: Route<op::LogicalProduct, A, B>,
    LogicalProduct<A, B>: ResultVerdict<statics::names::flat_product, A, B>,
    <LogicalProduct<A, B> as ResultVerdict<statics::names::flat_product, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::FlatProduct, A, B>>::OK;
    <Both<A, B> as Route<op::FlatProduct, A, B>>::run(a, b)
}

route2! {
    fn blocked_product => BlockedProduct;
    static [A, B] (A, B) -> <B as statics::product::Blocked<A>>::Output
        where [B: statics::product::Blocked<A>, <B as statics::product::Blocked<A>>::Output: Made] check statics::product::RankCheck<A, B>;
    runtime [A, B] (A, B) -> Result<<B as mixed::product::BlockedTiler<A>>::Output, Error>
        where [B: mixed::product::BlockedTiler<A>] => mixed::product::blocked_product_checked;
}

/// CuTe's `blocked_product(A, B)`: B's copies of the block A, each block's modes kept
/// together, mode by mode (the ranks padded to the larger).
///
/// ```
/// use cute::{blocked_product, layout};
/// assert_eq!(blocked_product(layout!((2,5):(5,1)), layout!((3,4):(1,3))).to_string(), "((_2,_3),(_5,_4)):((_5,_10),(_1,_30))");
/// ```
pub fn blocked_product<A, B>(a: A, b: B) -> BlockedProduct<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::BlockedProduct, A, B>,
    BlockedProduct<A, B>: ResultVerdict<statics::names::blocked_product, A, B>,
    <BlockedProduct<A, B> as ResultVerdict<statics::names::blocked_product, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::BlockedProduct, A, B>>::OK;
    <Both<A, B> as Route<op::BlockedProduct, A, B>>::run(a, b)
}

route2! {
    fn raked_product => RakedProduct;
    static [A, B] (A, B) -> <B as statics::product::Raked<A>>::Output
        where [B: statics::product::Raked<A>, <B as statics::product::Raked<A>>::Output: Made] check statics::product::RankCheck<A, B>;
    runtime [A, B] (A, B) -> Result<<B as mixed::product::RakedTiler<A>>::Output, Error>
        where [B: mixed::product::RakedTiler<A>] => mixed::product::raked_product_checked;
}

/// CuTe's `raked_product(A, B)`: B's copies of the block A interleaved element by element,
/// mode by mode (the ranks padded to the larger).
///
/// ```
/// use cute::{layout, raked_product};
/// assert_eq!(raked_product(layout!((2,5):(5,1)), layout!((3,4):(1,3))).to_string(), "((_3,_2),(_4,_5)):((_10,_5),(_30,_1))");
/// ```
pub fn raked_product<A, B>(a: A, b: B) -> RakedProduct<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::RakedProduct, A, B>,
    RakedProduct<A, B>: ResultVerdict<statics::names::raked_product, A, B>,
    <RakedProduct<A, B> as ResultVerdict<statics::names::raked_product, A, B>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::RakedProduct, A, B>>::OK;
    <Both<A, B> as Route<op::RakedProduct, A, B>>::run(a, b)
}

route2! {
    fn tile_to_shape => TileToShape;
    static [B, T] (B, T) -> <T as statics::tile::TileTarget<B>>::Output
        where [T: statics::tile::TileTarget<B>, <T as statics::tile::TileTarget<B>>::Output: Made] check statics::tile::TileCheck<T, B>;
    runtime [SA, DA, T] (Layout<SA, DA>, T) -> <mixed::tile::RankFits<SA, T> as mixed::tile::TileByRank<SA, DA, T>>::Output
        where [
            SA: mixed::tile::RankOf,
            T: mixed::tile::RankOf,
            <SA as mixed::tile::RankOf>::Rank: IsLessOrEqual<<T as mixed::tile::RankOf>::Rank>,
            mixed::tile::RankFits<SA, T>: mixed::tile::TileByRank<SA, DA, T>,
        ] => mixed::tile::tile_by_rank;
}

/// CuTe's `tile_to_shape(block, shape)`: copies of the block, blocked (column-major order of
/// the copies), until the target shape is filled; each block mode must divide the target's.
///
/// ```
/// use cute::{layout, shape, tile_to_shape};
/// assert_eq!(tile_to_shape(layout!((2,2):(1,2)), shape!((4,6))).to_string(), "((_2,_2),(_2,_3)):((_1,_4),(_2,_8))");
/// ```
pub fn tile_to_shape<A, B>(a: A, b: B) -> TileToShape<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::TileToShape, A, B>,
    Both<A, B>: Verdicts<op::TileToShape, A, B>,
    RouteVerdict<op::TileToShape, A, B>: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::TileToShape, A, B>>::OK;
    <Both<A, B> as Route<op::TileToShape, A, B>>::run(a, b)
}

route2! {
    fn max_common_vector => MaxCommonVector;
    static [SA, DA, SB, DB] (Layout<SA, DA>, Layout<SB, DB>) -> i64
        where [Layout<SA, DA>: statics::MaxCommonVector<Layout<SB, DB>>] check statics::inverse::VectorCheck<Layout<SA, DA>, Layout<SB, DB>> => <<Layout<SA, DA> as statics::MaxCommonVector<Layout<SB, DB>>>::Shape as statics::IntTuple>::LEAVES.get(0);
    runtime [A, B] (A, B) -> Result<i64, Error>
        where [
            B: RightInvertible,
            A: mixed::Compose<B::Output>,
            A::Output: CoalescedModes,
            <A::Output as CoalescedModes>::Output: FirstMode,
        ];
}

/// CuTe's `max_common_vector(A, B)`: the number of contiguous elements that A and B map
/// alike.
///
/// ```
/// use cute::{layout, max_common_vector};
/// assert_eq!(max_common_vector(layout!((4,8):(1,4)), layout!((4,8):(1,8))), 4);
/// ```
pub fn max_common_vector<A, B>(a: A, b: B) -> <Both<A, B> as Route<op::MaxCommonVector, A, B>>::Output
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::MaxCommonVector, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::MaxCommonVector, A, B>>::OK;
    <Both<A, B> as Route<op::MaxCommonVector, A, B>>::run(a, b)
}

route2! {
    fn max_common_layout => MaxCommonLayout;
    static [SA, DA, SB, DB] (Layout<SA, DA>, Layout<SB, DB>) -> statics::CommonLayout<Layout<SA, DA>, Layout<SB, DB>>
        where [Layout<SA, DA>: statics::MaxCommonLayout<Layout<SB, DB>>, Layout<SB, DB>: statics::RightInvert] check statics::inverse::CommonLayoutCheck<Layout<SA, DA>, Layout<SB, DB>>;
    runtime [A, B] (A, B) -> Result<mixed::inverse::CommonLayoutOf<A, B>, Error>
        where [
            B: RightInvertible,
            B::Output: Copy,
            A: mixed::Compose<B::Output>,
            A::Output: CoalescedModes,
            <A::Output as CoalescedModes>::Output: FirstMode,
            CommonBits<A, B>: CommonCase<B::Output, CommonMode<A, B>>,
        ];
}

/// CuTe's `max_common_layout(A, B)`: the layout of the contiguous elements that A and B map
/// alike, `A(R(i)) == i == B(R(i))`.
///
/// ```
/// use cute::{layout, max_common_layout};
/// assert_eq!(max_common_layout(layout!((4,8):(1,4)), layout!((4,8):(1,8))).to_string(), "_4:_1");
/// ```
pub fn max_common_layout<A, B>(a: A, b: B) -> MaxCommonLayout<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::MaxCommonLayout, A, B>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::MaxCommonLayout, A, B>>::OK;
    <Both<A, B> as Route<op::MaxCommonLayout, A, B>>::run(a, b)
}

route2! {
    fn coalesce_profile => CoalesceProfile;
    static [S, D, P] (Layout<S, D>, P) -> statics::coalesce::CoalesceProfile<Layout<S, D>, P>
        where [Layout<S, D>: ApplyTiler<statics::coalesce::CoalesceOp, P>, P: AppliedTo<statics::coalesce::CoalesceOp, Layout<S, D>>] check statics::tiler::Tiled<statics::coalesce::CoalesceOp, Layout<S, D>, P>;
    runtime [S, D, P] (Layout<S, D>, P) -> Result<mixed::coalesce::By<P::Me, S, D>, Error>
        where [P: mixed::ProfileFits<S>, P::Me: mixed::CoalesceProfile<S, D>, <P as mixed::ProfileFits<S>>::Over: mixed::coalesce::ProfileOver<P, S, D>] => mixed::coalesce::coalesce_by_profile;
}

/// CuTe's `coalesce(L, profile)`: coalesce the modes the profile marks `1`, leave those marked
/// `_`, go one level deeper for a tuple entry.
///
/// ```
/// use cute::{coalesce_profile, layout, Underscore};
/// use cute::typenum::P1;
/// let l = layout!((2,(1,6)):(1,(6,2)));
/// assert_eq!(coalesce_profile(l, cute::hlist![Underscore, P1::new()]).to_string(), "(_2,_6):(_1,_2)");
/// ```
pub fn coalesce_profile<A, B>(a: A, b: B) -> CoalesceProfile<A, B>
where
    A: BothStatic<B>,
    Both<A, B>: Route<op::CoalesceProfile, A, B>,
    Both<A, B>: Verdicts<op::CoalesceProfile, A, B>,
    RouteVerdict<op::CoalesceProfile, A, B>: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RouteCheck<op::CoalesceProfile, A, B>>::OK;
    <Both<A, B> as Route<op::CoalesceProfile, A, B>>::run(a, b)
}

route1! {
    fn coalesce => Coalesce;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as statics::coalesce::Coalesce>::Output
        where [D: statics::IntTuple, Layout<S, D>: statics::coalesce::Coalesce] check statics::coalesce::CoalesceCheck<Layout<S, D>>;
    runtime [S, D] (Layout<S, D>) -> Result<CoalescedLayout<S, D>, Error>
        where [
            S: MixedTuple + FlattenTuple,
            D: MixedTuple + FlattenTuple,
            S::Output: Zip<D::Output>,
            ModesOf<S, D>: CoalesceModes,
            <ModesOf<S, D> as CoalesceModes>::Output: Finish,
            mixed::coalesce::Coalesced<S, D>: ToLayout,
        ];
}

/// CuTe's `coalesce(L)`: the same function on its domain, flat, with size-1 modes dropped and
/// contiguous modes merged (with runtime leaves, where the types prove it).
///
/// ```
/// use cute::{coalesce, layout};
/// assert_eq!(coalesce(layout!((2,(1,6)):(1,(6,2)))).to_string(), "_12:_1");
/// assert_eq!(coalesce(layout!((2,({3},4)):(1,(2,{6}))).unwrap()).unwrap().to_string(), "(6,_4):(_1,6)");
/// ```
pub fn coalesce<A>(a: A) -> Coalesce<A>
where
    A: AllStatic,
    A::Is: Route1<op::Coalesce, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Coalesce, A>>::OK;
    <A::Is as Route1<op::Coalesce, A>>::run(a)
}

route1! {
    fn filter_zeros => FilterZeros;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as statics::FilterZeros>::Output where [Layout<S, D>: statics::FilterZeros] check statics::filter::LeafOp<Layout<S, D>, { statics::filter::FILTER_ZEROS }>;
    runtime [S, D] (Layout<S, D>) -> Layout<<S as mixed::filter::FilterZeros<D>>::Output, D>
        where [S: MixedTuple + mixed::filter::FilterZeros<D>, S::Output: MixedTuple, D: MixedTuple];
}

/// CuTe's `filter_zeros(L)`: the stride-0 leaves' shapes become 1.
///
/// ```
/// use cute::{filter_zeros, layout};
/// assert_eq!(filter_zeros(layout!((4,3):(1,0))).to_string(), "(_4,_1):(_1,_0)");
/// ```
pub fn filter_zeros<A>(a: A) -> FilterZeros<A>
where
    A: AllStatic,
    A::Is: Route1<op::FilterZeros, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::FilterZeros, A>>::OK;
    <A::Is as Route1<op::FilterZeros, A>>::run(a)
}

route1! {
    fn filter => Filter;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as statics::Filter>::Output where [Layout<S, D>: statics::Filter] check statics::filter::LeafOp<Layout<S, D>, { statics::filter::FILTER }>;
    runtime [S, D] (Layout<S, D>) -> Result<CoalescedLayout<<S as mixed::filter::FilterZeros<D>>::Output, D>, Error>
        where [
            S: MixedTuple + mixed::filter::FilterZeros<D>,
            D: MixedTuple + FlattenTuple,
            S::Output: MixedTuple + FlattenTuple,
            <S::Output as FlattenTuple>::Output: Zip<D::Output>,
            ModesOf<S::Output, D>: CoalesceModes,
            <ModesOf<S::Output, D> as CoalesceModes>::Output: Finish,
            <<ModesOf<S::Output, D> as CoalesceModes>::Output as Finish>::Output: ToLayout,
        ];
}

/// CuTe's `filter(L)`: `coalesce(filter_zeros(L))`, the stride-0 and size-1 leaves removed.
///
/// ```
/// use cute::{filter, layout};
/// assert_eq!(filter(layout!((4,3,2):(1,0,4))).to_string(), "_8:_1");
/// ```
pub fn filter<A>(a: A) -> Filter<A>
where
    A: AllStatic,
    A::Is: Route1<op::Filter, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Filter, A>>::OK;
    <A::Is as Route1<op::Filter, A>>::run(a)
}

route1! {
    fn flatten => Flatten;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as statics::FlattenLayout>::Output where [Layout<S, D>: statics::FlattenLayout] check statics::filter::LeafOp<Layout<S, D>, { statics::filter::FLATTEN }>;
    runtime [S, D] (Layout<S, D>) -> Layout<<S as mixed::coalesce::FlattenLayout>::Output, <D as mixed::coalesce::FlattenLayout>::Output>
        where [S: MixedTuple + mixed::coalesce::FlattenLayout, D: MixedTuple + mixed::coalesce::FlattenLayout];
}

/// CuTe's `flatten(L)`: the same leaves at depth <= 1.
///
/// ```
/// use cute::{flatten, layout};
/// assert_eq!(flatten(layout!((4,(3,2)):(2,(8,1)))).to_string(), "(_4,_3,_2):(_2,_8,_1)");
/// ```
pub fn flatten<A>(a: A) -> Flatten<A>
where
    A: AllStatic,
    A::Is: Route1<op::Flatten, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Flatten, A>>::OK;
    <A::Is as Route1<op::Flatten, A>>::run(a)
}

route1! {
    fn nullspace => Nullspace;
    static [S, D] (Layout<S, D>) -> <Layout<S, D> as statics::Nullspace>::Output where [Layout<S, D>: statics::Nullspace] check statics::filter::LeafOp<Layout<S, D>, { statics::filter::NULLSPACE }>;
    runtime [S, D] (Layout<S, D>) -> Result<mixed::inverse::NullspaceOf<S, D>, Error>
        where [
            S: MixedTuple + FlattenTuple,
            D: MixedTuple + FlattenTuple,
            S::Output: Zip<D::Output>,
            ModesOf<S, D>: mixed::inverse::NullModes<typenum::P1>,
            mixed::inverse::NullspaceModes<S, D>: OrEmpty,
        ];
}

/// CuTe's `nullspace(L)`: a layout over L's domain selecting the coordinates of its stride-0
/// leaves, so `L(R(i)) == 0`.
///
/// ```
/// use cute::{layout, nullspace};
/// assert_eq!(nullspace(layout!((4,3,2):(1,0,4))).to_string(), "_3:_4");
/// ```
pub fn nullspace<A>(a: A) -> Nullspace<A>
where
    A: AllStatic,
    A::Is: Route1<op::Nullspace, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Nullspace, A>>::OK;
    <A::Is as Route1<op::Nullspace, A>>::run(a)
}

route1! {
    fn right_inverse => RightInverse;
    static [S, D] (Layout<S, D>) -> statics::RightInverse<Layout<S, D>>
        where [S: statics::IntTuple, D: statics::IntTuple, Layout<S, D>: statics::RightInvert] check statics::inverse::RightCheck<S, D>;
    runtime [L] (L) -> Result<<L as RightInvertible>::Output, Error> where [L: RightInvertible];
}

/// CuTe's `right_inverse(L)`: the largest R with `L(R(i)) == i`.
///
/// ```
/// use cute::{layout, right_inverse};
/// assert_eq!(right_inverse(layout!((4,2):(2,1))).to_string(), "(_2,_4):(_4,_1)");
/// ```
pub fn right_inverse<A>(a: A) -> RightInverse<A>
where
    A: AllStatic,
    A::Is: Route1<op::RightInverse, A>,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::RightInverse, A>>::OK;
    <A::Is as Route1<op::RightInverse, A>>::run(a)
}

/// The function of a cast and its two routes: the cast's type parameters come first, as in
/// CuTe's `upcast<N>(L)`.
/// The call of a cast's runtime route: the mixed function of its name, or the given one.
macro_rules! cast_call {
    ([$($default:ident)::+]; $($g:ident),*; $a:ident) => {
        $($default)::+::<$($g),*>($a)
    };
    ([$($default:ident)::+] [$($given:ident)::+]; $($g:ident),*; $a:ident) => {
        $($given)::+::<$($g),*>($a)
    };
}

macro_rules! route_cast {
    (
        fn $name:ident<$($p:ident),*> => $op:ident;
        static -> $sout:ty where [$($sw:tt)*] check $chk:ty;
        runtime [$($rg:tt)*] -> $rout:ty where [$($rw:tt)*] $(=> $($call:ident)::+)?;
    ) => {
        impl<$($p,)* S, D> Route1<op::$op<$($p),*>, Layout<S, D>> for B1
        where
            $($sw)*
        {
            type Output = $sout;
            const CHECK: Checked = <$chk as Check>::RESULT;
            #[inline(always)]
            fn run(_: Layout<S, D>) -> $sout {
                Made::made()
            }
        }
        impl<$($p,)* S, D> Route1<op::$op<$($p),*>, Layout<S, D>> for B0
        where
            $rout: crate::layout::Fits,
            $($rw)*
        {
            type Output = $rout;
            const CHECK: Checked = Ok(());
            #[inline(always)]
            fn run(a: Layout<S, D>) -> $rout {
                crate::layout::Fits::fits(cast_call!([mixed::$name] $([$($call)::+])?; $($p,)* S, D; a), stringify!($name))
            }
        }
    };
}

route_cast! {
    fn upcast<N> => Upcast;
    static -> <Layout<S, D> as statics::Upcast<N>>::Output where [Layout<S, D>: statics::Upcast<N>] check statics::cast::UpcastOp<Layout<S, D>, N>;
    runtime [] -> Result<mixed::cast::Upcast<S, D, N>, Error> where [N: StaticInt, S: MixedTuple + CastTree<D, Up<N>>, D: MixedTuple] => mixed::cast::upcast_checked;
}

/// CuTe's `upcast<N>(L)`: a layout of elements viewed as one of `N`-element vectors.
///
/// ```
/// use cute::{layout, upcast};
/// use cute::typenum::P2;
/// assert_eq!(upcast::<P2, _>(layout!((4,8):(1,4))).to_string(), "(_2,_8):(_1,_2)");
/// ```
pub fn upcast<N, A>(a: A) -> Upcast<N, A>
where
    A: AllStatic,
    A::Is: Route1<op::Upcast<N>, A>,
    A::Is: Verdicts1<op::Upcast<N>, A>,
    <A::Is as Verdicts1<op::Upcast<N>, A>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Upcast<N>, A>>::OK;
    <A::Is as Route1<op::Upcast<N>, A>>::run(a)
}

route_cast! {
    fn downcast<N> => Downcast;
    static -> <Layout<S, D> as statics::Downcast<N>>::Output where [Layout<S, D>: statics::Downcast<N>] check statics::cast::DowncastOp<Layout<S, D>, N>;
    runtime [] -> Result<mixed::cast::Downcast<S, D, N>, Error>
        where [
            N: StaticInt,
            S: MixedTuple + CastTree<D, Down<N>>,
            D: MixedTuple + mixed::cast::HasStaticOne,
            D::Bit: mixed::cast::Adjacent,
        ] => mixed::cast::downcast_checked;
}

/// CuTe's `downcast<N>(L)`: a layout of elements viewed as one of `1/N`-elements.
///
/// ```
/// use cute::{downcast, layout};
/// use cute::typenum::P2;
/// assert_eq!(downcast::<P2, _>(layout!((4,8):(1,4))).to_string(), "(_8,_8):(_1,_8)");
/// ```
pub fn downcast<N, A>(a: A) -> Downcast<N, A>
where
    A: AllStatic,
    A::Is: Route1<op::Downcast<N>, A>,
    A::Is: Verdicts1<op::Downcast<N>, A>,
    <A::Is as Verdicts1<op::Downcast<N>, A>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Downcast<N>, A>>::OK;
    <A::Is as Route1<op::Downcast<N>, A>>::run(a)
}

route_cast! {
    fn recast<Old, New> => Recast;
    static -> <Layout<S, D> as statics::Recast<Old, New>>::Output where [Layout<S, D>: statics::Recast<Old, New>] check statics::cast::RecastOp<Layout<S, D>, Old, New>;
    runtime [] -> Result<mixed::cast::Recast<S, D, Old, New>, Error>
        where [
            Old: StaticInt + typenum::Gcd<New> + core::ops::Div<typenum::Gcf<Old, New>>,
            New: StaticInt + core::ops::Div<typenum::Gcf<Old, New>>,
            UpBy<Old, New>: StaticInt,
            DownBy<Old, New>: typenum::IsEqual<typenum::P1>,
            S: MixedTuple + CastTree<D, Up<UpBy<Old, New>>>,
            D: MixedTuple,
            <DownBy<Old, New> as typenum::IsEqual<typenum::P1>>::Output: mixed::cast::RecastStep<
                <S as CastTree<D, Up<UpBy<Old, New>>>>::S,
                <S as CastTree<D, Up<UpBy<Old, New>>>>::D,
                DownBy<Old, New>,
            >,
        ] => mixed::cast::recast_checked;
}

/// CuTe's `recast_layout<Old, New>(L)`: a layout of `Old`-bit elements as one of `New`-bit
/// elements.
///
/// ```
/// use cute::{layout, recast};
/// use cute::typenum::{P16, P32};
/// assert_eq!(recast::<P16, P32, _>(layout!((8,4):(1,8))).to_string(), "(_4,_4):(_1,_4)");
/// ```
pub fn recast<Old, New, A>(a: A) -> Recast<Old, New, A>
where
    A: AllStatic,
    A::Is: Route1<op::Recast<Old, New>, A>,
    A::Is: Verdicts1<op::Recast<Old, New>, A>,
    <A::Is as Verdicts1<op::Recast<Old, New>, A>>::Output: Holds,
{
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Route1Check<op::Recast<Old, New>, A>>::OK;
    <A::Is as Route1<op::Recast<Old, New>, A>>::run(a)
}

// The result types of the operations, for naming them in signatures: the layout where every
// leaf of the operands is static, a `Result` of one otherwise.

/// The result of [`composition`](fn@composition): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Composition, composition, Layout};
/// type A = Layout![(4,8):(1,4)];
/// type B = Layout![2:1];
/// let r: Composition<A, B> = composition(A::new(), B::new());
/// assert_eq!(r.to_string(), "_2:_1");
/// ```
pub type Composition<A, B> = <Both<A, B> as Route<op::Composition, A, B>>::Output;

/// The result of [`complement`](fn@complement): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Complement, complement, Layout, Shape};
/// type A = Layout![(2,2):(1,6)];
/// type B = Shape![24];
/// let r: Complement<A, B> = complement(A::new(), B::default());
/// assert_eq!(r.to_string(), "(_3,_2):(_2,_12)");
/// ```
pub type Complement<A, B> = <Both<A, B> as Route<op::Complement, A, B>>::Output;

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
pub type LogicalDivide<A, B> = <Both<A, B> as Route<op::LogicalDivide, A, B>>::Output;

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
pub type ZippedDivide<A, B> = <Both<A, B> as Route<op::ZippedDivide, A, B>>::Output;

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
pub type TiledDivide<A, B> = <Both<A, B> as Route<op::TiledDivide, A, B>>::Output;

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
pub type FlatDivide<A, B> = <Both<A, B> as Route<op::FlatDivide, A, B>>::Output;

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
pub type LogicalProduct<A, B> = <Both<A, B> as Route<op::LogicalProduct, A, B>>::Output;

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
pub type ZippedProduct<A, B> = <Both<A, B> as Route<op::ZippedProduct, A, B>>::Output;

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
pub type TiledProduct<A, B> = <Both<A, B> as Route<op::TiledProduct, A, B>>::Output;

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
pub type FlatProduct<A, B> = <Both<A, B> as Route<op::FlatProduct, A, B>>::Output;

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
pub type BlockedProduct<A, B> = <Both<A, B> as Route<op::BlockedProduct, A, B>>::Output;

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
pub type RakedProduct<A, B> = <Both<A, B> as Route<op::RakedProduct, A, B>>::Output;

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
pub type TileToShape<A, B> = <Both<A, B> as Route<op::TileToShape, A, B>>::Output;

/// The result of [`max_common_layout`](fn@max_common_layout): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, max_common_layout, MaxCommonLayout};
/// type A = Layout![(4,8):(1,4)];
/// type B = Layout![(4,8):(1,8)];
/// let r: MaxCommonLayout<A, B> = max_common_layout(A::new(), B::new());
/// assert_eq!(r.to_string(), "_4:_1");
/// ```
pub type MaxCommonLayout<A, B> = <Both<A, B> as Route<op::MaxCommonLayout, A, B>>::Output;

/// The result of [`coalesce_profile`](fn@coalesce_profile): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{coalesce_profile, CoalesceProfile, Layout, Tiler};
/// type A = Layout![(2,(1,6)):(1,(6,2))];
/// type B = Tiler![(_,1)];
/// let r: CoalesceProfile<A, B> = coalesce_profile(A::new(), B::default());
/// assert_eq!(r.to_string(), "(_2,_6):(_1,_2)");
/// ```
pub type CoalesceProfile<A, B> = <Both<A, B> as Route<op::CoalesceProfile, A, B>>::Output;

/// The result of [`coalesce`](fn@coalesce): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Coalesce, coalesce, Layout};
/// type A = Layout![(2,(1,6)):(1,(6,2))];
/// let r: Coalesce<A> = coalesce(A::new());
/// assert_eq!(r.to_string(), "_12:_1");
/// ```
pub type Coalesce<A> = <<A as AllStatic>::Is as Route1<op::Coalesce, A>>::Output;

/// The result of [`filter`](fn@filter): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Filter, filter, Layout};
/// type A = Layout![(4,3,2):(1,0,4)];
/// let r: Filter<A> = filter(A::new());
/// assert_eq!(r.to_string(), "_8:_1");
/// ```
pub type Filter<A> = <<A as AllStatic>::Is as Route1<op::Filter, A>>::Output;

/// The result of [`filter_zeros`](fn@filter_zeros): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{filter_zeros, FilterZeros, Layout};
/// type A = Layout![(4,3):(1,0)];
/// let r: FilterZeros<A> = filter_zeros(A::new());
/// assert_eq!(r.to_string(), "(_4,_1):(_1,_0)");
/// ```
pub type FilterZeros<A> = <<A as AllStatic>::Is as Route1<op::FilterZeros, A>>::Output;

/// The result of [`flatten`](fn@flatten): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Flatten, flatten, Layout};
/// type A = Layout![(4,(3,2)):(2,(8,1))];
/// let r: Flatten<A> = flatten(A::new());
/// assert_eq!(r.to_string(), "(_4,_3,_2):(_2,_8,_1)");
/// ```
pub type Flatten<A> = <<A as AllStatic>::Is as Route1<op::Flatten, A>>::Output;

/// The result of [`nullspace`](fn@nullspace): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, Nullspace, nullspace};
/// type A = Layout![(4,3,2):(1,0,4)];
/// let r: Nullspace<A> = nullspace(A::new());
/// assert_eq!(r.to_string(), "_3:_4");
/// ```
pub type Nullspace<A> = <<A as AllStatic>::Is as Route1<op::Nullspace, A>>::Output;

/// The result of [`right_inverse`](fn@right_inverse): the layout when every leaf of the operands is static, a
/// `Result` of one otherwise.
///
/// ```
/// use cute::{Layout, right_inverse, RightInverse};
/// type A = Layout![(4,2):(2,1)];
/// let r: RightInverse<A> = right_inverse(A::new());
/// assert_eq!(r.to_string(), "(_2,_4):(_4,_1)");
/// ```
pub type RightInverse<A> = <<A as AllStatic>::Is as Route1<op::RightInverse, A>>::Output;

/// The result of [`upcast`](fn@upcast): the layout when every leaf is static, a `Result` of one
/// otherwise.
///
/// ```
/// use cute::{Layout, upcast, Upcast};
/// use cute::typenum::P2;
/// type A = Layout![(4,8):(1,4)];
/// let r: Upcast<P2, A> = upcast::<P2, _>(A::new());
/// assert_eq!(r.to_string(), "(_2,_8):(_1,_2)");
/// ```
pub type Upcast<N, A> = <<A as AllStatic>::Is as Route1<op::Upcast<N>, A>>::Output;

/// The result of [`downcast`](fn@downcast): the layout when every leaf is static, a `Result` of one
/// otherwise.
///
/// ```
/// use cute::{downcast, Downcast, Layout};
/// use cute::typenum::P2;
/// type A = Layout![(4,8):(1,4)];
/// let r: Downcast<P2, A> = downcast::<P2, _>(A::new());
/// assert_eq!(r.to_string(), "(_8,_8):(_1,_8)");
/// ```
pub type Downcast<N, A> = <<A as AllStatic>::Is as Route1<op::Downcast<N>, A>>::Output;

/// The result of [`recast`](fn@recast): the layout when every leaf is static, a `Result` of one
/// otherwise.
///
/// ```
/// use cute::{Layout, recast, Recast};
/// use cute::typenum::{P16, P32};
/// type A = Layout![(8,4):(1,8)];
/// let r: Recast<P16, P32, A> = recast::<P16, P32, _>(A::new());
/// assert_eq!(r.to_string(), "(_4,_4):(_1,_4)");
/// ```
pub type Recast<Old, New, A> = <<A as AllStatic>::Is as Route1<op::Recast<Old, New>, A>>::Output;

/// The operations of a layout and a tiler as traits, for code generic over both (the tensor
/// methods of the same names): `A: ZippedDivideBy<T>` holds exactly when `zipped_divide(a, t)`
/// compiles, and `Output` is its result (the layout, or a `Result` of it).
macro_rules! op_trait {
    ($($(#[$doc:meta])* $trait:ident, $method:ident => $func:ident, $out:ident, $op:ident, $verdict:ident $(, $via:ident)?;)*) => {$(
        $(#[$doc])*
        pub trait $trait<B>: Sized {
            /// The result.
            type Output;
            /// The operation.
            fn $method(self, b: B) -> Self::Output;
        }
        impl<A, B> $trait<B> for A
        where
            A: BothStatic<B>,
            Both<A, B>: Route<op::$op, A, B>,
            Both<A, B>: Verdicts<op::$op, A, B>,
            RouteVerdict<op::$op, A, B>: Holds,
            $(Both<A, B>: Route<op::$via, A, B>,)?
            op_trait!(@marked $out, $($via)?): ResultVerdict<statics::names::$verdict, A, B>,
            <op_trait!(@marked $out, $($via)?) as ResultVerdict<statics::names::$verdict, A, B>>::Output: Holds,
        {
            type Output = $out<A, B>;
            #[inline(always)]
            fn $method(self, b: B) -> $out<A, B> {
                $func(self, b)
            }
        }
    )*};
    (@marked $out:ident,) => { $out<A, B> };
    (@marked $out:ident, $via:ident) => { $via<A, B> };
}

op_trait! {
    /// [`composition`](fn@composition) as a trait.
    ///
    /// ```
    /// use cute::{layout, ComposeWith};
    /// assert_eq!(layout!((4,8):(1,4)).compose_with(layout!(2:1)).to_string(), "_2:_1");
    /// ```
    ComposeWith, compose_with => composition, Composition, Composition, composition;
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
