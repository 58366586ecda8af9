//! CuTe DSL's `make_layout_tv` on static layouts: the tiler and thread-value layout of a thread
//! layout and a value layout, every step computed by the trait solver.

use crate::ops::composition::static_face::ResultVerdict;
use crate::ops::inverse::static_face::{RightInverse, RightInvert};
use crate::ops::make::mixed_face::{Compact, Left};
use crate::ops::product::static_face::Raked;
use crate::ops::tile::static_face::ProductEach;
use crate::statics::report::{Holds, Pass, Shown, TvNotBijectiveFail};
use crate::statics::tiler::{AppliedTo, TilerCheck};
use crate::statics::Made;
use crate::statics::{self, names, ColumnMajor, ComposeOp, IntTuple};
use crate::Layout;
use frunk_core::hlist::{HCons, HNil};

/// The tiler and the thread-value layout of threads `thr` each holding values `val`, both
/// static (CuTe DSL's `make_layout_tv`): `raked_product(thr, val)` maps a tile coordinate to
/// (thread, value) as `thr` and `val` arrange them; its right inverse composed with the compact
/// `(size(thr), size(val))` layout is the TV layout, and the tiler is the tile's shape
/// (`product_each` of the raked product). Every step is computed by the trait solver, as the
/// static operations are; [`dynamic::make_layout_tv`](crate::dynamic::make_layout_tv) is the same
/// on runtime layouts.
///
/// The raked product must be a bijection from the tile's coordinates onto the (thread, value)
/// indices (its right inverse covers them all), so that the TV layout maps into the tile and
/// reaches each coordinate once: thread or value layouts that are not injective, or that leave
/// holes, are a compile error (`non-injective: make_layout_tv(...)`), as the raked product's
/// own conditions are.
///
/// ```
/// use cute::{layout, shape};
/// use cute::tensor::make_layout_tv;
/// let (tiler, tv) = make_layout_tv(layout!((16,8):(8,1)), layout!((1,4):(0,1)));
/// assert_eq!(tiler, shape!((16,32)));
/// assert_eq!(tv.to_string(), "((_8,_16),_4):((_64,_1),_16)");
/// ```
#[allow(clippy::type_complexity)]
pub fn make_layout_tv<TS, TD, VS, VD, MS, MD>(
    thr: Layout<TS, TD>,
    val: Layout<VS, VD>,
) -> (
    <MS as ProductEach>::Output,
    <ColumnMajor<TvSizes<TS, VS>> as AppliedTo<ComposeOp, RightInverse<Layout<MS, MD>>>>::Output,
)
where
    TS: crate::ops::tile::mixed_face::SizeOf,
    VS: crate::ops::tile::mixed_face::SizeOf,
    Layout<VS, VD>: Raked<Layout<TS, TD>, Output = Layout<MS, MD>>,
    Layout<MS, MD>: Made + ResultVerdict<names::raked_product, Layout<TS, TD>, Layout<VS, VD>> + RightInvert,
    <Layout<MS, MD> as RightInvert>::Shape: crate::ops::tile::mixed_face::SizeOf,
    MS: crate::ops::tile::mixed_face::SizeOf,
    <Layout<MS, MD> as ResultVerdict<names::raked_product, Layout<TS, TD>, Layout<VS, VD>>>::Output: Holds,
    InverseSize<MS, MD>: typenum::IsEqual<<MS as crate::ops::tile::mixed_face::SizeOf>::Output>,
    TvCovered<MS, MD>: TvBijective<TS, TD, VS, VD, MS>,
    TvVerdict<TS, TD, VS, VD, MS, MD>: Holds,
    MS: IntTuple + ProductEach,
    MD: IntTuple,
    TvSizes<TS, VS>: Compact<typenum::P1, Left>,
    ColumnMajor<TvSizes<TS, VS>>:
        Made + AppliedTo<ComposeOp, RightInverse<Layout<MS, MD>>> + TilerCheck<RightInverse<Layout<MS, MD>>>,
    <ColumnMajor<TvSizes<TS, VS>> as TilerCheck<RightInverse<Layout<MS, MD>>>>::Output: Holds,
    <ColumnMajor<TvSizes<TS, VS>> as AppliedTo<ComposeOp, RightInverse<Layout<MS, MD>>>>::Output:
        ResultVerdict<names::composition, RightInverse<Layout<MS, MD>>, ColumnMajor<TvSizes<TS, VS>>>,
    <<ColumnMajor<TvSizes<TS, VS>> as AppliedTo<ComposeOp, RightInverse<Layout<MS, MD>>>>::Output as ResultVerdict<
        names::composition,
        RightInverse<Layout<MS, MD>>,
        ColumnMajor<TvSizes<TS, VS>>,
    >>::Output: Holds,
    <MS as ProductEach>::Output: Default,
{
    let mn = statics::raked_product(thr, val);
    let inverse = statics::right_inverse(mn);
    let tv = statics::composition(inverse, <ColumnMajor<TvSizes<TS, VS>> as Made>::made());
    (Default::default(), tv)
}

/// `(size(thr), size(val))` of a TV layout's thread and value shapes.
///
/// ```
/// use cute::tensor::TvSizes;
/// use cute::Shape;
/// let s: TvSizes<Shape![(16,8)], Shape![(1,4)]> = Default::default();
/// assert_eq!(s, cute::shape!((128,4)));
/// ```
pub type TvSizes<TS, VS> = HCons<
    <TS as crate::ops::tile::mixed_face::SizeOf>::Output,
    HCons<<VS as crate::ops::tile::mixed_face::SizeOf>::Output, HNil>,
>;

/// `B1` when the right inverse of the raked product `MS:MD` covers its whole size,
/// which is when the raked product is a bijection onto `0..size`.
#[doc(hidden)]
pub type TvCovered<MS, MD> =
    <InverseSize<MS, MD> as typenum::IsEqual<<MS as crate::ops::tile::mixed_face::SizeOf>::Output>>::Output;

/// The size of the right inverse of `MS:MD`.
#[doc(hidden)]
pub type InverseSize<MS, MD> = <<Layout<MS, MD> as RightInvert>::Shape as crate::ops::tile::mixed_face::SizeOf>::Output;

/// The verdict of [`make_layout_tv`] on its raked product `MS:MD`.
#[doc(hidden)]
pub type TvVerdict<TS, TD, VS, VD, MS, MD> = <TvCovered<MS, MD> as TvBijective<TS, TD, VS, VD, MS>>::Output;

/// [`Pass`] for `B1` (the raked product is a bijection), the failure naming the thread and
/// value layouts and the tile's size for `B0`.
#[doc(hidden)]
pub trait TvBijective<TS, TD, VS, VD, MS> {
    /// The verdict.
    type Output;
}
impl<TS, TD, VS, VD, MS> TvBijective<TS, TD, VS, VD, MS> for typenum::B1 {
    type Output = Pass;
}
impl<TS: Shown, TD: Shown, VS: Shown, VD: Shown, MS: crate::ops::tile::mixed_face::SizeOf>
    TvBijective<TS, TD, VS, VD, MS> for typenum::B0
where
    MS::Output: Shown,
{
    type Output = TvNotBijectiveFail<TS::Out, TD::Out, VS::Out, VD::Out, <MS::Output as Shown>::Out>;
}
