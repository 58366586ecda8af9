//! The regroupings of a logical divide's result (CuTe's `zip2_by`, and the spread of its rest
//! mode): `zipped_divide`, and the shapes of `tiled_divide` and `flat_divide`, which the
//! products share.

use super::mixed_face::*;
use crate::layout::Layout;
use crate::mixed::error::Error;
use crate::mixed::int::Digits;
use crate::mixed::route;
use crate::ops::composition::mixed_face::Parts;
use crate::ops::composition::static_face::ResultVerdict;
use crate::ops::ResultCheck;
use crate::statics::report::Holds;
use crate::statics::Underscore;
use frunk_core::hlist::{HCons, HNil};
use typenum::PInt;

/// CuTe's `zip2_by(L, guide)`: gather the `(tile, rest)` pairs that a tiler's entries produced
/// into `((tiles...), (rests..., untiled modes...))`. `Self` is the shape, `D` the stride.
#[diagnostic::on_unimplemented(
    message = "rank mismatch: zip2_by: the mode of shape `{Self}` is not a pair (tile, rest) under the tiler entry `{T}`",
    label = "a zipped, tiled or flat divide or product regroups only rank-2 modes (CuTe's zip2_by); a `_` entry leaves its mode as it is"
)]
pub trait Zip2By<D, T> {
    /// The tiles' shape.
    type FirstShape;
    /// The tiles' stride.
    type FirstStride;
    /// The rests' shape.
    type SecondShape;
    /// The rests' stride.
    type SecondStride;
    /// Gather.
    #[allow(clippy::type_complexity)]
    fn zip2_by(self, stride: D) -> ((Self::FirstShape, Self::FirstStride), (Self::SecondShape, Self::SecondStride));
}

/// A single tile (or `_`): the mode must be a pair `(tile, rest)`, as CuTe's static_assert.
macro_rules! zip2_pair {
    ($([$($gen:tt)*] $t:ty;)*) => {$(
        impl<X, Y, DX, DY, $($gen)*> Zip2By<HCons<DX, HCons<DY, HNil>>, $t> for HCons<X, HCons<Y, HNil>> {
            type FirstShape = X;
            type FirstStride = DX;
            type SecondShape = Y;
            type SecondStride = DY;
            #[inline(always)]
            fn zip2_by(self, d: HCons<DX, HCons<DY, HNil>>) -> ((X, DX), (Y, DY)) {
                ((self.head, d.head), (self.tail.head, d.tail.head))
            }
        }
    )*};
}
zip2_pair! {
    [SB, DB] Layout<SB, DB>;
    [U: Digits] PInt<U>;
    [] i64;
    [] Underscore;
}

/// A tuple tiler: each entry gathers its mode, then the firsts and the seconds are collected;
/// the modes past the tiler join the seconds.
impl<S, D, TH, TT> Zip2By<D, HCons<TH, TT>> for S
where
    S: Zip2List<D, HCons<TH, TT>>,
{
    type FirstShape = <S as Zip2List<D, HCons<TH, TT>>>::FirstShapes;
    type FirstStride = <S as Zip2List<D, HCons<TH, TT>>>::FirstStrides;
    type SecondShape = <S as Zip2List<D, HCons<TH, TT>>>::SecondShapes;
    type SecondStride = <S as Zip2List<D, HCons<TH, TT>>>::SecondStrides;
    #[inline(always)]
    fn zip2_by(self, stride: D) -> ((Self::FirstShape, Self::FirstStride), (Self::SecondShape, Self::SecondStride)) {
        self.zip2_list(stride)
    }
}

/// [`Zip2By`] over the modes of a tuple (`Self` the shapes, `D` the strides) and a tuple tiler.
pub trait Zip2List<D, T> {
    /// The tiles' shapes.
    type FirstShapes;
    /// The tiles' strides.
    type FirstStrides;
    /// The rests' shapes, then the untiled modes'.
    type SecondShapes;
    /// The rests' strides, then the untiled modes'.
    type SecondStrides;
    /// Gather.
    #[allow(clippy::type_complexity)]
    fn zip2_list(
        self,
        stride: D,
    ) -> ((Self::FirstShapes, Self::FirstStrides), (Self::SecondShapes, Self::SecondStrides));
}
impl<S, D> Zip2List<D, HNil> for S {
    type FirstShapes = HNil;
    type FirstStrides = HNil;
    type SecondShapes = S;
    type SecondStrides = D;
    #[inline(always)]
    fn zip2_list(self, stride: D) -> ((HNil, HNil), (S, D)) {
        ((HNil, HNil), (self, stride))
    }
}
impl<SH, ST, DH, DT, TH, TT> Zip2List<HCons<DH, DT>, HCons<TH, TT>> for HCons<SH, ST>
where
    SH: Zip2By<DH, TH>,
    ST: Zip2List<DT, TT>,
{
    type FirstShapes = HCons<SH::FirstShape, ST::FirstShapes>;
    type FirstStrides = HCons<SH::FirstStride, ST::FirstStrides>;
    type SecondShapes = HCons<SH::SecondShape, ST::SecondShapes>;
    type SecondStrides = HCons<SH::SecondStride, ST::SecondStrides>;
    #[inline(always)]
    fn zip2_list(
        self,
        stride: HCons<DH, DT>,
    ) -> ((Self::FirstShapes, Self::FirstStrides), (Self::SecondShapes, Self::SecondStrides)) {
        let ((fs, fd), (ss, sd)) = self.head.zip2_by(stride.head);
        let ((fts, ftd), (sts, std)) = self.tail.zip2_list(stride.tail);
        (
            (HCons { head: fs, tail: fts }, HCons { head: fd, tail: ftd }),
            (HCons { head: ss, tail: sts }, HCons { head: sd, tail: std }),
        )
    }
}

/// The zipped form of a logical divide or product `R` by the tiler `T`:
/// `((tiles...), (rests...))`.
pub type ZipOf<R, T> = Layout<
    HCons<
        <<R as Parts>::Shape as Zip2By<<R as Parts>::Stride, T>>::FirstShape,
        HCons<<<R as Parts>::Shape as Zip2By<<R as Parts>::Stride, T>>::SecondShape, HNil>,
    >,
    HCons<
        <<R as Parts>::Shape as Zip2By<<R as Parts>::Stride, T>>::FirstStride,
        HCons<<<R as Parts>::Shape as Zip2By<<R as Parts>::Stride, T>>::SecondStride, HNil>,
    >,
>;
/// The result type of `zipped_divide(A, T)`.
pub type Zipped<A, T> = ZipOf<<A as Divide<T>>::Output, T>;

/// Regroup the logical divide or product `r` by the tiler `T` into `((tiles...), (rests...))`.
pub(crate) fn zip_layout<R: Parts, T>(r: R) -> ZipOf<R, T>
where
    R::Shape: Zip2By<R::Stride, T>,
{
    let (s, d) = r.into_parts();
    let ((fs, fd), (ss, sd)) = s.zip2_by(d);
    Layout {
        shape: HCons { head: fs, tail: HCons { head: ss, tail: HNil } },
        stride: HCons { head: fd, tail: HCons { head: sd, tail: HNil } },
    }
}

/// The shape of `logical_divide(A, T)`.
pub type ShapeOf<A, T> = <<A as Divide<T>>::Output as Parts>::Shape;
/// The stride of `logical_divide(A, T)`.
pub type StrideOf<A, T> = <<A as Divide<T>>::Output as Parts>::Stride;

/// `((tiles...), (rests..., untiled modes...))` (CuTe's `zipped_divide`): the logical divide
/// with the tiles gathered in mode 0 and everything that indexes the tiles in mode 1.
///
/// Post-condition: `layout<0>(R) == A o B` as functions; R is the logical divide's function with
/// its modes regrouped. Errors as [`logical_divide`].
///
/// ```
/// use cute::mixed::zipped_divide;
/// use cute::{hlist, Layout};
/// use cute::typenum::{P1, P32, P64};
/// let a = Layout::try_new(hlist![96i64, 128i64], hlist![P1::new(), 100i64]).unwrap();
/// let t = hlist![Layout::<P32, P1>::new(), Layout::<P64, P1>::new()];
/// assert_eq!(zipped_divide(a, t).unwrap().to_string(), "((_32,_64),(3,2)):((_1,100),(_32,6400))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn zipped_divide<A, T>(a: A, tiler: T) -> Result<Zipped<A, T>, Error>
where route::RouteVerdict<route::op::ZippedDivide, A, T>: Holds, ResultCheck<crate::statics::names::zipped_divide, route::Routed<route::op::LogicalDivide, A, T>, A, T>: Holds,
    A: Divide<T>,
    A::Output: Parts,
    ShapeOf<A, T>: Zip2By<StrideOf<A, T>, T>,
    A: crate::mixed::BothStatic<T>,
    crate::mixed::Both<A, T>: route::Route<route::op::LogicalDivide, A, T>
        + route::Verdicts<route::op::ZippedDivide, A, T>,
    route::Routed<route::op::LogicalDivide, A, T>: ResultVerdict<crate::statics::names::zipped_divide, A, T>,
    Result<A::Output, Error>: crate::layout::Fits,
{
    zipped_divide_fits(a, tiler, "zipped_divide")
}

/// [`zipped_divide`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it). The result's size
/// and cosize fit: the regrouping keeps the logical divide's leaves, which
/// [`logical_divide_fits`] checks (an error naming `op`, the function called).
pub(crate) fn zipped_divide_fits<A, T>(a: A, tiler: T, op: &'static str) -> Result<Zipped<A, T>, Error>
where
    A: Divide<T>,
    A::Output: Parts,
    ShapeOf<A, T>: Zip2By<StrideOf<A, T>, T>,
    Result<A::Output, Error>: crate::layout::Fits,
{
    Ok(zip_layout::<_, T>(logical_divide_fits(a, tiler, op)?))
}

/// A mode as the list of top-level modes it contributes when spread (CuTe's slice with
/// `repeat<R>(_)`): a tuple of rank 2 or more contributes its elements, a leaf or a 1-tuple
/// itself. `Self` is the shape, `D` the stride.
pub trait Spread<D> {
    /// The shapes.
    type Shapes;
    /// The strides.
    type Strides;
    /// Spread.
    fn spread(self, stride: D) -> (Self::Shapes, Self::Strides);
}
macro_rules! spread_self {
    ($([$($gen:tt)*] $s:ty;)*) => {$(
        impl<D, $($gen)*> Spread<D> for $s {
            type Shapes = HCons<$s, HNil>;
            type Strides = HCons<D, HNil>;
            #[inline(always)]
            fn spread(self, stride: D) -> (Self::Shapes, Self::Strides) {
                (HCons { head: self, tail: HNil }, HCons { head: stride, tail: HNil })
            }
        }
    )*};
}
spread_self! {
    [] i64;
    [U: Digits] PInt<U>;
    [U: Digits] typenum::NInt<U>;
    [] typenum::Z0;
    [X] HCons<X, HNil>;
}
impl<X, Y, T, D> Spread<D> for HCons<X, HCons<Y, T>> {
    type Shapes = HCons<X, HCons<Y, T>>;
    type Strides = D;
    #[inline(always)]
    fn spread(self, stride: D) -> (Self::Shapes, Self::Strides) {
        (self, stride)
    }
}

/// `Z = ((tiles...), (rests...))` with the rests spread into the top level.
pub type TiledOfZ<Z> = Layout<
    HCons<
        <<Z as Parts>::Shape as Second>::First,
        <<<Z as Parts>::Shape as Second>::Second as Spread<<<Z as Parts>::Stride as Second>::Second>>::Shapes,
    >,
    HCons<
        <<Z as Parts>::Stride as Second>::First,
        <<<Z as Parts>::Shape as Second>::Second as Spread<<<Z as Parts>::Stride as Second>::Second>>::Strides,
    >,
>;
/// `Z = ((tiles...), (rests...))` with both modes spread into the top level.
pub type FlatOfZ<Z> = Layout<
    <<<<Z as Parts>::Shape as Second>::First as Spread<<<Z as Parts>::Stride as Second>::First>>::Shapes as core::ops::Add<
        <<<Z as Parts>::Shape as Second>::Second as Spread<<<Z as Parts>::Stride as Second>::Second>>::Shapes,
    >>::Output,
    <<<<Z as Parts>::Shape as Second>::First as Spread<<<Z as Parts>::Stride as Second>::First>>::Strides as core::ops::Add<
        <<<Z as Parts>::Shape as Second>::Second as Spread<<<Z as Parts>::Stride as Second>::Second>>::Strides,
    >>::Output,
>;
/// The result type of `tiled_divide(A, T)`.
pub type TiledOf<A, T> = TiledOfZ<Zipped<A, T>>;
/// The result type of `flat_divide(A, T)`.
pub type FlatOf<A, T> = FlatOfZ<Zipped<A, T>>;

/// A rank-2 layout `(F, S):(FD, SD)`, the form of a zipped divide or product.
pub type Rank2<F, S, FD, SD> = Layout<HCons<F, HCons<S, HNil>>, HCons<FD, HCons<SD, HNil>>>;

/// Spread mode 1 of a zipped layout into the top level.
pub(crate) fn spread_second<F, FD, S: Spread<SD>, SD>(
    z: Rank2<F, S, FD, SD>,
) -> Layout<HCons<F, S::Shapes>, HCons<FD, S::Strides>> {
    let (ss, sd) = z.shape.tail.head.spread(z.stride.tail.head);
    Layout { shape: HCons { head: z.shape.head, tail: ss }, stride: HCons { head: z.stride.head, tail: sd } }
}

/// Spread both modes of a zipped layout into the top level.
// `+` is HList concatenation (frunk's `Add`), not integer arithmetic.
#[allow(clippy::type_complexity, clippy::arithmetic_side_effects)]
pub(crate) fn spread_both<F: Spread<FD>, FD, S: Spread<SD>, SD>(
    z: Rank2<F, S, FD, SD>,
) -> Layout<<F::Shapes as core::ops::Add<S::Shapes>>::Output, <F::Strides as core::ops::Add<S::Strides>>::Output>
where
    F::Shapes: core::ops::Add<S::Shapes>,
    F::Strides: core::ops::Add<S::Strides>,
{
    let (fs, fd) = z.shape.head.spread(z.stride.head);
    let (ss, sd) = z.shape.tail.head.spread(z.stride.tail.head);
    Layout { shape: fs + ss, stride: fd + sd }
}

/// The two elements of a pair HList `(first, second)`.
pub trait Second {
    /// The first element.
    type First;
    /// The second element.
    type Second;
}
impl<X, Y> Second for HCons<X, HCons<Y, HNil>> {
    type First = X;
    type Second = Y;
}
