//! The operations at the crate root: one function per CuTe operation for every [`Layout`], its
//! leaves static or runtime.
//!
//! Where every leaf of the operands is static the answer is the layout itself: its type is
//! computed by the trait solver and a violated condition is a compile error (the static face,
//! [`crate::statics`]). Where a leaf is a runtime `i64` the answer is a `Result` whose error names
//! the condition and the values (the checked runtime layer, [`crate::mixed`]). This module is the
//! one place where the two differ: each operation is routed by the bit [`Both`] (or
//! [`AllStatic::Is`] for one operand), `B1` to the static face, `B0` to the checked layer.
//!
//! Each operation's function, its routes and its result type are in the file of its name
//! (the divides in `divide.rs`, the products in `product.rs`); this file holds the routing
//! they share: the impls of the routes ([`Route`], [`Route1`], declared in `mixed/route.rs` so
//! that the checked layer's functions can name them), the verdicts and the macros that write a
//! route.

use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::{IsLessOrEqual, B0, B1};

use crate::mixed::{self, AllStatic, Both, BothStatic, Error, MixedTuple, StaticInt};
use crate::ops::cast::mixed_face::{CastTree, Down, DownBy, Up, UpBy};
use crate::ops::coalesce::mixed_face::{
    Coalesce as CoalesceModes, CoalescedLayout, Finish, Flatten as FlattenTuple, ModesOf, ToLayout, Zip,
};
use crate::ops::complement::mixed_face::{ComplementExists, RuntimeComplementVerdict};
use crate::ops::composition::mixed_face::Parts;
use crate::ops::composition::static_face::ResultVerdict;
use crate::ops::divide::mixed_face::Spread;
use crate::ops::divide::static_face::{self as sdiv, DivideOp, Unpack1, Unpack2};
use crate::ops::inverse::mixed_face::{
    CoalescedModes, CommonBits, CommonCase, CommonMode, FirstMode, OrEmpty, RightInvertible,
};
use crate::ops::product::mixed_face::ZippedP;
use crate::ops::product::static_face::{self as sprod, ProductOp};
use crate::statics::check::{Check, Checked, Verify};
use crate::statics::report::{Holds, Pass, Then};
use crate::statics::tiler::{AppliedTo, ApplyTiler};
use crate::statics::tiler::{ShowTooMany, TilerCheck, TooMany};
use crate::statics::{self, ComposeOp, Made};
use crate::Layout;

pub(crate) mod make;
mod sizes;
pub use make::{make_layout, make_layout_right, make_ordered_layout, MakeLayout, MakeLayoutRight, MakeOrderedLayout};
pub use sizes::{cosize, depth, rank, size, Sizes};

pub use crate::mixed::route::{op, Route, Route1, RouteVerdict, Routed, Verdicts, Verdicts1};

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

/// The verdict the composition's walk marked in `R`, the result of the operation named `N` on
/// `A` and `B` ([`ResultVerdict`]): a root function's bound, short enough to share a line with
/// the route's verdict.
#[doc(hidden)]
pub type ResultCheck<N, R, A, B> = <R as ResultVerdict<N, A, B>>::Output;

/// Composition, the divides and the products: with every leaf static, the tiler's ranks; with a
/// runtime leaf, what the types decide of the tiler ([`RuntimeTiles`], composition and the
/// divides walking A's shape alone, since only the tiles are complemented).
macro_rules! tiled_verdicts {
    ($($op:ident by $tiled:ident ($s:ident, $d:ident)),*) => {$(
        impl<S, D: statics::IntTuple, T> Verdicts<op::$op, Layout<S, D>, T> for B1
        where
            T: TilerCheck<Layout<S, D>>,
        {
            type Output = <T as TilerCheck<Layout<S, D>>>::Output;
        }
        impl<S, D, T> Verdicts<op::$op, Layout<S, D>, T> for B0
        where
            T: RuntimeTiles<$tiled, $s, $d, TooMany<T, S, D>>,
        {
            type Output = <T as RuntimeTiles<$tiled, $s, $d, TooMany<T, S, D>>>::Output;
        }
    )*};
}
tiled_verdicts!(
    Composition by ComposeOp (S, S),
    LogicalDivide by DivideOp (S, S),
    ZippedDivide by DivideOp (S, S),
    TiledDivide by DivideOp (S, S),
    FlatDivide by DivideOp (S, S),
    LogicalProduct by ProductOp (S, D),
    ZippedProduct by ProductOp (S, D),
    TiledProduct by ProductOp (S, D),
    FlatProduct by ProductOp (S, D)
);

/// The verdict of a composition, a divide or a product (`Op`: [`ComposeOp`], [`DivideOp`] or
/// [`ProductOp`]) of the layout `S:D` with a runtime leaf by the tiler `Self`, on what the types
/// decide: a tuple tiler has at most one entry per mode (else `O`, the operands, shown), and each
/// complement the operation takes exists, the tile's in a divide and the block's (A's mode) in a
/// product: CuTe's complement of a layout with a runtime leaf needs a single mode. One impl per kind of tiler,
/// as [`TilerCheck`].
#[doc(hidden)]
pub trait RuntimeTiles<Op, S, D, O> {
    /// [`Pass`] or the first failure.
    type Output;
}
/// A tile: the complement the operation takes.
impl<Op: Complements<S, D, SB, DB>, S, D, SB, DB, O> RuntimeTiles<Op, S, D, O> for Layout<SB, DB> {
    type Output = <Op as Complements<S, D, SB, DB>>::Verdict;
}
/// A tile size `n`: the tile `n:_1`.
impl<Op: Complements<S, D, i64, typenum::P1>, S, D, O> RuntimeTiles<Op, S, D, O> for i64 {
    type Output = <Op as Complements<S, D, i64, typenum::P1>>::Verdict;
}
impl<Op: Complements<S, D, typenum::PInt<U>, typenum::P1>, U: typenum::Unsigned + typenum::NonZero, S, D, O>
    RuntimeTiles<Op, S, D, O> for typenum::PInt<U>
{
    type Output = <Op as Complements<S, D, typenum::PInt<U>, typenum::P1>>::Verdict;
}
impl<Op, S, D, O> RuntimeTiles<Op, S, D, O> for statics::tiler::Underscore {
    type Output = Pass;
}
impl<Op, S, D, O> RuntimeTiles<Op, S, D, O> for HNil {
    type Output = Pass;
}
/// A tuple tiler: entry by entry, each on its mode of A.
impl<Op, SH, ST, DH, DT, TH, TT, O> RuntimeTiles<Op, HCons<SH, ST>, HCons<DH, DT>, O> for HCons<TH, TT>
where
    TH: RuntimeTiles<Op, SH, DH, O>,
    TT: RuntimeTiles<Op, ST, DT, O>,
    <TH as RuntimeTiles<Op, SH, DH, O>>::Output: Then<<TT as RuntimeTiles<Op, ST, DT, O>>::Output>,
{
    type Output =
        <<TH as RuntimeTiles<Op, SH, DH, O>>::Output as Then<<TT as RuntimeTiles<Op, ST, DT, O>>::Output>>::Output;
}
/// Entries past A's modes (CuTe's "Too many modes in tiler").
impl<Op, TH, TT, O: ShowTooMany> RuntimeTiles<Op, HNil, HNil, O> for HCons<TH, TT> {
    type Output = O::Output;
}
/// An integral A under a tuple tiler: one entry is its one mode, more are too many.
impl<Op, S: mixed::Int, D, TH: RuntimeTiles<Op, S, D, O>, O> RuntimeTiles<Op, S, D, O> for HCons<TH, HNil> {
    type Output = <TH as RuntimeTiles<Op, S, D, O>>::Output;
}
impl<Op, S: mixed::Int, D, TH, X, Y, O: ShowTooMany> RuntimeTiles<Op, S, D, O> for HCons<TH, HCons<X, Y>> {
    type Output = O::Output;
}

/// The complement a composition, a divide or a product of a layout with a runtime leaf takes, and
/// its verdict: none in a composition ([`ComposeOp`]), the tile `SB:DB`'s in a divide
/// ([`DivideOp`]), the block `S:D`'s in a product ([`ProductOp`]).
#[doc(hidden)]
pub trait Complements<S, D, SB, DB> {
    /// [`Pass`] or the failure.
    type Verdict;
}
impl<S, D, SB, DB> Complements<S, D, SB, DB> for DivideOp
where
    Layout<SB, DB>: AllStatic,
    <Layout<SB, DB> as AllStatic>::Is: ComplementExists<SB, DB>,
    ComplementOk<SB, DB>: RuntimeComplementVerdict<SB, DB, ()>,
{
    type Verdict = <ComplementOk<SB, DB> as RuntimeComplementVerdict<SB, DB, ()>>::Output;
}
impl<S, D, SB, DB> Complements<S, D, SB, DB> for ProductOp
where
    Layout<S, D>: AllStatic,
    <Layout<S, D> as AllStatic>::Is: ComplementExists<S, D>,
    ComplementOk<S, D>: RuntimeComplementVerdict<S, D, ()>,
{
    type Verdict = <ComplementOk<S, D> as RuntimeComplementVerdict<S, D, ()>>::Output;
}
/// Composition takes no complement.
impl<S, D, SB, DB: statics::tiler::StridesVerdict<S>> Complements<S, D, SB, DB> for ComposeOp {
    type Verdict = DB::Output;
}
/// Whether the checked layer computes the complement of `S:D` for its types: `B1` or `B0`.
#[doc(hidden)]
pub type ComplementOk<S, D> = <<Layout<S, D> as AllStatic>::Is as ComplementExists<S, D>>::Ok;
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

/// The function a runtime route calls: the checked layer's function of the operation's name, or
/// (where the route has a verdict of its own) the given one without the verdict's bound.
macro_rules! runtime_call {
    ($default:path) => {
        $default
    };
    ($default:path, $given:expr) => {
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

/// The result of a runtime route: the function's result with its size and cosize checked, or
/// as the function gives it where it checks them itself (`fits`).
macro_rules! runtime_result {
    ([] $name:ident, $result:expr) => {
        crate::layout::Fits::fits($result, stringify!($name))
    };
    ([fits] $name:ident, $result:expr) => {
        $result
    };
}

/// The function of a two-operand operation and its two routes. `static` gives the bounds of the
/// static face's function, `runtime` those of the checked layer's (`fits` where that function
/// checks its result's size and cosize itself).
macro_rules! route2 {
    (
        fn $name:ident => $op:ident;
        static [$($sg:tt)*] ($sa:ty, $sb:ty) -> $sout:ty where [$($sw:tt)*] check $chk:ty $(=> $value:expr)?;
        runtime [$($rg:tt)*] ($ra:ty, $rb:ty) -> $rout:ty where [$($rw:tt)*] $($fits:ident)? $(=> $rcall:expr)?;
    ) => {
        impl<$($sg)*> Route<op::$op, $sa, $sb> for B1
        where
            $($sw)*
        {
            type Output = $sout;
            const CHECK: Checked = <$chk as Check>::RESULT;
            #[inline(always)]
            fn run(_: $sa, _: $sb, _: crate::Internal) -> $sout {
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
            fn run(a: $ra, b: $rb, _: crate::Internal) -> $rout {
                runtime_result!([$($fits)?] $name, runtime_call!(mixed::$name $(, $rcall)?)(a, b))
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
            fn run(_: $sa, _: crate::Internal) -> $sout {
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
            fn run(a: $ra, _: crate::Internal) -> $rout {
                crate::layout::Fits::fits(mixed::$name(a), stringify!($name))
            }
        }
    };
}

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

pub(crate) mod cast;
pub(crate) mod coalesce;
pub(crate) mod complement;
pub(crate) mod composition;
pub(crate) mod divide;
pub(crate) mod filter;
pub(crate) mod inverse;
pub(crate) mod product;
pub(crate) mod pycute;
pub(crate) mod tile;

pub use cast::{downcast, recast, upcast, Downcast, Recast, Upcast};
pub use coalesce::{coalesce, coalesce_profile, Coalesce, CoalesceProfile};
pub use complement::{complement, complement_default, Complement};
pub use composition::{composition, ComposeWith, Composition};
pub use divide::{
    flat_divide, logical_divide, tiled_divide, zipped_divide, FlatDivide, FlatDivideBy, LogicalDivide, LogicalDivideBy,
    TiledDivide, TiledDivideBy, ZippedDivide, ZippedDivideBy,
};
pub use filter::{filter, filter_zeros, flatten, Filter, FilterZeros, Flatten};
pub use inverse::{
    max_common_layout, max_common_vector, nullspace, right_inverse, MaxCommonLayout, Nullspace, RightInverse,
};
pub use product::{
    blocked_product, flat_product, logical_product, raked_product, tiled_product, zipped_product, BlockedProduct,
    BlockedProductBy, FlatProduct, FlatProductBy, LogicalProduct, LogicalProductBy, RakedProduct, RakedProductBy,
    TiledProduct, TiledProductBy, ZippedProduct, ZippedProductBy,
};
pub use tile::{tile_to_shape, tile_to_shape_ordered, TileToShape, TileToShapeOrdered};
