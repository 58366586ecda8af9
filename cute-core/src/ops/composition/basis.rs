//! Composition `A o B` of a layout with basis strides `A` and a layout `B` of integer strides:
//! `(A o B)(c) = A(B(c))`, the integer strides' walk (`mixed::composition`) over A's coalesced
//! modes, each kept part's stride the basis element of its mode of A, scaled (the paper's Table
//! 4, "Coordinate").

use core::fmt;

use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned, B1, P1};

use crate::arith::Overflow;
use crate::basis::{Basis, BasisTuple, ScaledBasis};
use crate::layout::Layout;
use crate::mixed::int::{Int, MulI};
use crate::mixed::{Compose, Error, MixedTuple};
use crate::ops::coalesce::mixed_face::{Coalesce, Extend, Finish, Flatten, ModesOf, Zip};
use crate::ops::composition::mixed_face::{
    compose_modes, CoalescedX, ComposeTree, ExactMarks, ModeValues, ScaleStride, TreeShape, TreeStride,
};
use crate::ops::composition::static_face::{FirstMark, LeafCount, Marked, NameIn};
use crate::ops::{op, Route, Verdicts};
use crate::statics::check::Checked;
use crate::statics::names;
use crate::statics::report::Pass;
use crate::statics::tiler::ByMode;
use crate::statics::{ComposeOp, Made, Underscore};

/// A stride of B's walk times the basis stride `v@P` of A: `(r * v)@P`.
impl<R: MulI<V>, V, P> ScaleStride<ScaledBasis<V, P>> for R {
    type Output = ScaledBasis<<R as MulI<V>>::Output, P>;
    #[inline(always)]
    fn scale_stride(self, d: ScaledBasis<V, P>) -> Result<Self::Output, Overflow> {
        Ok(ScaledBasis { scale: self.mul_i(d.scale)?, path: core::marker::PhantomData })
    }
}

/// The conditions of composition depend on A's shapes alone; a basis stride's scale stands for
/// it in the checked products.
impl<S: Int, V: Int, P, T: ModeValues> ModeValues for HCons<(S, ScaledBasis<V, P>), T> {
    const LEN: usize = 1 + T::LEN;
    fn write(&self, shapes: &mut [i64], strides: &mut [i64], at: usize) {
        shapes[at] = self.head.0.value();
        strides[at] = self.head.1.scale.value();
        // In range: `shapes[at]` exists, so at < shapes.len() <= isize::MAX.
        #[allow(clippy::arithmetic_side_effects)]
        let next = at + 1;
        self.tail.write(shapes, strides, next);
    }
}

/// The coalesced modes of a layout with basis strides, as composition walks them (CuTe's
/// `coalesce_x`).
pub type FlatBasis<S, D> = CoalescedX<S, D>;

/// The result type of `A o B` for basis strides `D` of A.
///
/// ```
/// use cute::basis::{ComposedBasis, IdentityStrides};
/// use cute::{layout, make_identity_layout, shape, Layout, Shape, Stride};
/// type S = Shape![(8,8)];
/// let c: ComposedBasis<S, IdentityStrides<S>, Shape![((4,8),2)], Stride![((16,1),8)]> =
///     cute::composition(make_identity_layout(shape!((8,8))), layout!(((4,8),2):((16,1),8)));
/// assert_eq!(c.to_string(), "((_4,_8),_2):((_2@1,_1@0),_1@1)");
/// ```
pub type ComposedBasis<S, D, SB, DB> =
    Layout<TreeShape<SB, DB, FlatBasis<S, D>>, Basis<TreeStride<SB, DB, FlatBasis<S, D>>>>;

/// CuTe's `composition(A, B)` for `A` with basis strides and `B` with integer strides, the
/// crate root's [`composition`](crate::composition) for such an `A` (the layout itself where
/// every leaf is static, else a `Result`; see [`Basis`]; a tile size on the right goes through
/// this as for integer strides): the layout of B's shape that maps `c` to the coordinate
/// `A(B(c))`, computed by the integer strides' walk over A's coalesced modes, each kept part
/// stepping along its mode's basis element (the paper's Table 4, "Coordinate"). The conditions are composition's, on A's
/// shapes and B's strides: where every leaf is static a violation is a compile error naming
/// them and the operands, else an error of the `Result`.
///
/// Post-conditions: the shape of B; `R(c) == A(B(c))` for `c < size(B)`.
///
/// ```
/// use cute::{composition, hlist, layout, make_identity_layout, shape};
/// let id = make_identity_layout(shape!((8,8)));
/// // Thread-value partition of the paper's Table 4.
/// let tv = composition(id, layout!(((4,8),2):((16,1),8)));
/// assert_eq!(tv.to_string(), "((_4,_8),_2):((_2@1,_1@0),_1@1)");
/// assert_eq!(tv.call(5), hlist![1, 2]);
/// // A runtime extent: checked at run time.
/// let e = composition(id, layout!(({6}):(3)).unwrap()).unwrap_err();
/// assert_eq!(e.to_string(), "stride divisibility: composition (8,8):(1@0,1@1) o 6:3: stride 3 does not divide shape 8");
/// ```
///
/// ```compile_fail
/// use cute::{composition, layout, make_identity_layout, shape};
/// let id = make_identity_layout(shape!((8,8)));
/// // stride divisibility: composition((_8, _8):(Along<_1, _0>, Along<_1, _1>), Tile<_6, _3>):
/// // stride _3 does not divide shape _8
/// let _ = composition(id, layout!(6:3));
/// ```
impl<S, D, SB, DB> Compose<Layout<SB, DB>> for Layout<S, Basis<D>>
where
    S: MixedTuple + Flatten,
    D: BasisTuple + Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Extend,
    <ModesOf<S, D> as Extend>::Output: Coalesce,
    <<ModesOf<S, D> as Extend>::Output as Coalesce>::Output: Finish,
    FlatBasis<S, D>: ModeValues + Copy,
    SB: MixedTuple + ComposeTree<DB, FlatBasis<S, D>>,
    DB: MixedTuple,
{
    type Output = ComposedBasis<S, D, SB, DB>;
    fn compose_unchecked(self, b: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        // CuTe's `coalesce_x(A)`, through the integer strides' walk.
        let modes = self.flat_modes();
        let flat_a = modes.extend().coalesce().map_err(|o| Error::new("composition", o.into()))?.finish();
        let Layout { shape, stride } = compose_modes(flat_a, Some(&Shown(&self)), b, None, 0)?;
        Ok(Layout { shape, stride: Basis(stride) })
    }
}

/// A tuple tiler composes mode by mode (CuTe's `composition(A, make_tile(...))`): the integer
/// strides' [`ByMode`] over A's modes, each a layout with basis strides ([`SplitBasis`]),
/// the results' strides joined back ([`JoinBasis`]); A's modes past the tiler's are dropped.
///
/// ```
/// use cute::{composition, hlist, layout, make_identity_layout, shape, Underscore};
/// let id = make_identity_layout(shape!((8,(4,6))));
/// let c = composition(id, hlist![layout!(4:2), Underscore]);
/// assert_eq!(c.to_string(), "(_4,(_4,_6)):(_2@0,(_1@0@1,_1@1@1))");
/// assert_eq!(c.call(5), hlist![2, hlist![1, 0]]);
/// let rows = composition(id, hlist![layout!(2:4)]);
/// assert_eq!(rows.to_string(), "(_2):(_4@0)");
/// ```
impl<SH, ST, DH, DT, TH, TT> Compose<HCons<TH, TT>> for Layout<HCons<SH, ST>, Basis<HCons<DH, DT>>>
where
    HCons<DH, DT>: SplitBasis,
    HCons<SH, ST>: ByMode<ComposeOp, <HCons<DH, DT> as SplitBasis>::Output, HCons<TH, TT>>,
    <HCons<SH, ST> as ByMode<ComposeOp, <HCons<DH, DT> as SplitBasis>::Output, HCons<TH, TT>>>::Stride: JoinBasis,
{
    type Output = Layout<
        <HCons<SH, ST> as ByMode<ComposeOp, <HCons<DH, DT> as SplitBasis>::Output, HCons<TH, TT>>>::Shape,
        Basis<
            <<HCons<SH, ST> as ByMode<ComposeOp, <HCons<DH, DT> as SplitBasis>::Output, HCons<TH, TT>>>::Stride as JoinBasis>::Output,
        >,
    >;
    fn compose_unchecked(self, tiler: HCons<TH, TT>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (shape, stride) = self.shape.by_mode(self.stride.0.split_basis(), tiler)?;
        Ok(Layout { shape, stride: Basis(stride.join_basis()) })
    }
}

/// The top-level modes' basis strides `(d0, d1, ...)`, each wrapped as a layout's strides:
/// `(Basis<d0>, Basis<d1>, ...)`, so that the integer strides' mode-by-mode walks (tuple tilers)
/// see each mode as a layout with basis strides. [`JoinBasis`] undoes it.
///
/// ```
/// use cute::basis::{Basis, JoinBasis, SplitBasis};
/// let id = cute::make_identity_layout(cute::shape!((4,8)));
/// let modes = id.stride().tree().split_basis();
/// assert_eq!((modes.head.to_string(), modes.tail.head.to_string()), ("_1@0".to_string(), "_1@1".to_string()));
/// assert_eq!(modes.join_basis(), *id.stride().tree());
/// ```
#[doc(hidden)]
pub trait SplitBasis {
    /// The wrapped strides.
    type Output;
    /// Wrap each.
    fn split_basis(self) -> Self::Output;
}
impl SplitBasis for HNil {
    type Output = HNil;
    #[inline(always)]
    fn split_basis(self) -> HNil {
        HNil
    }
}
impl<H, T: SplitBasis> SplitBasis for HCons<H, T> {
    type Output = HCons<Basis<H>, T::Output>;
    #[inline(always)]
    fn split_basis(self) -> Self::Output {
        HCons { head: Basis(self.head), tail: self.tail.split_basis() }
    }
}

/// The modes' strides `(Basis<d0>, Basis<d1>, ...)` as one tree `(d0, d1, ...)`: the strides of
/// a layout with basis strides again (see [`SplitBasis`]).
///
/// ```
/// use cute::basis::{JoinBasis, SplitBasis};
/// let id = cute::make_identity_layout(cute::shape!((4,8)));
/// assert_eq!(id.stride().tree().split_basis().join_basis(), *id.stride().tree());
/// ```
#[doc(hidden)]
pub trait JoinBasis {
    /// The joined tree.
    type Output;
    /// Unwrap each.
    fn join_basis(self) -> Self::Output;
}
impl JoinBasis for HNil {
    type Output = HNil;
    #[inline(always)]
    fn join_basis(self) -> HNil {
        HNil
    }
}
impl<H, T: JoinBasis> JoinBasis for HCons<Basis<H>, T> {
    type Output = HCons<H, T::Output>;
    #[inline(always)]
    fn join_basis(self) -> Self::Output {
        HCons { head: self.head.0, tail: self.tail.join_basis() }
    }
}

/// A layout with basis strides for an error's operands: its values, as the integer strides'
/// errors print theirs (the dynamic engine's notation).
pub(crate) struct Shown<'a, S, D>(pub(crate) &'a Layout<S, Basis<D>>);
impl<S: MixedTuple, D: BasisTuple> fmt::Display for Shown<'_, S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:#}", self.0)
    }
}

/// Where every leaf of A and of the tiler is static, `A o T` is the layout itself and its
/// conditions are decided by the trait solver, as for integer strides: one walk over A's
/// coalesced modes with every condition marked ([`MarkedCompose`]) gives the result type, and
/// its first mark, named with the operands, is the verdict.
///
/// ```
/// use cute::statics::report::Outcome;
/// use cute::{op, Layout, RouteVerdict};
/// use cute::dynamic::ErrorKind;
/// type Id = Layout![(8,8):(1@0,1@1)];
/// assert_eq!(<RouteVerdict<op::Composition, Id, Layout![6:3]> as Outcome>::KIND, Some(ErrorKind::StrideDivisibility));
/// assert_eq!(<RouteVerdict<op::Composition, Id, Layout![(4,8):(2,8)]> as Outcome>::KIND, None);
/// ```
impl<S, D, T> Verdicts<op::Composition, Layout<S, Basis<D>>, T> for B1
where
    Layout<S, Basis<D>>: MarkedCompose<T>,
    <Layout<S, Basis<D>> as MarkedCompose<T>>::Shape: FirstMark<Pass>,
    <<Layout<S, Basis<D>> as MarkedCompose<T>>::Shape as FirstMark<Pass>>::Output:
        NameIn<names::composition, S, Basis<D>, T>,
{
    type Output = <<<Layout<S, Basis<D>> as MarkedCompose<T>>::Shape as FirstMark<Pass>>::Output as NameIn<
        names::composition,
        S,
        Basis<D>,
        T,
    >>::Output;
}
/// The static route: the marked walk's result type (the unmarked one where the verdict passes)
/// is the value.
impl<S, D, T> Route<op::Composition, Layout<S, Basis<D>>, T> for B1
where
    Layout<S, Basis<D>>: MarkedCompose<T>,
    MarkedComposition<S, D, T>: Made,
{
    type Output = MarkedComposition<S, D, T>;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(_: Layout<S, Basis<D>>, _: T, _: crate::Internal) -> Self::Output {
        Made::made()
    }
}
/// The result of [`MarkedCompose`] as a layout with basis strides.
pub(crate) type MarkedComposition<S, D, T> =
    Layout<<Layout<S, Basis<D>> as MarkedCompose<T>>::Shape, Basis<<Layout<S, Basis<D>> as MarkedCompose<T>>::Stride>>;

/// `Self o T` for a static layout with basis strides and a static tiler, computed by the walk
/// with every condition marked (a violated one is a leaf of the shape, which the verdict
/// names): a layout (every condition of each of its leaves, and their overlap), a tile size `n`
/// (the layout `n:1`), `_` (A itself), or a tuple (mode by mode; A's modes past it dropped).
#[doc(hidden)]
pub trait MarkedCompose<T> {
    /// The shape, with the marks.
    type Shape;
    /// The basis strides.
    type Stride;
}
impl<S, D, SB, DB> MarkedCompose<Layout<SB, DB>> for Layout<S, Basis<D>>
where
    (S, D): WalkedModes,
    SB: LeafCount,
    SB::Output: Marked<SB, DB, Walked<S, D>, ExactMarks, S>,
{
    type Shape = <SB::Output as Marked<SB, DB, Walked<S, D>, ExactMarks, S>>::Shape;
    type Stride = <SB::Output as Marked<SB, DB, Walked<S, D>, ExactMarks, S>>::Stride;
}
impl<S, D, U: Unsigned + NonZero> MarkedCompose<PInt<U>> for Layout<S, Basis<D>>
where
    Layout<S, Basis<D>>: MarkedCompose<Layout<PInt<U>, P1>>,
{
    type Shape = <Layout<S, Basis<D>> as MarkedCompose<Layout<PInt<U>, P1>>>::Shape;
    type Stride = <Layout<S, Basis<D>> as MarkedCompose<Layout<PInt<U>, P1>>>::Stride;
}
impl<S, D> MarkedCompose<Underscore> for Layout<S, Basis<D>> {
    type Shape = S;
    type Stride = D;
}
impl<S, D, TH, TT> MarkedCompose<HCons<TH, TT>> for Layout<S, Basis<D>>
where
    D: SplitBasis,
    S: MarkedModes<D::Output, HCons<TH, TT>>,
{
    type Shape = <S as MarkedModes<D::Output, HCons<TH, TT>>>::Shape;
    type Stride = <S as MarkedModes<D::Output, HCons<TH, TT>>>::Stride;
}

/// [`MarkedCompose`] mode by mode: the modes of the shape `Self`, with the split strides `DS`
/// ([`SplitBasis`]) and the tiler's entries `T`.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "too many modes in the tiler: `{T}` has more entries than the layout has modes",
    label = "a tuple tiler has at most one entry per mode of the layout"
)]
pub trait MarkedModes<DS, T> {
    /// The modes' shapes.
    type Shape;
    /// The modes' basis strides.
    type Stride;
}
impl<DS, S> MarkedModes<DS, HNil> for S {
    type Shape = HNil;
    type Stride = HNil;
}
impl<SH, ST, DH, DT, TH, TT> MarkedModes<HCons<Basis<DH>, DT>, HCons<TH, TT>> for HCons<SH, ST>
where
    Layout<SH, Basis<DH>>: MarkedCompose<TH>,
    ST: MarkedModes<DT, TT>,
{
    type Shape = HCons<<Layout<SH, Basis<DH>> as MarkedCompose<TH>>::Shape, ST::Shape>;
    type Stride = HCons<<Layout<SH, Basis<DH>> as MarkedCompose<TH>>::Stride, ST::Stride>;
}

/// The modes of the layout `S:D` with basis strides that composition walks, [`FlatBasis`]
/// (CuTe's `coalesce_x`), as one bound for the static verdicts.
#[doc(hidden)]
pub trait WalkedModes {
    /// The modes.
    type Output;
}
impl<S, D> WalkedModes for (S, D)
where
    S: Flatten,
    D: Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Extend,
    <ModesOf<S, D> as Extend>::Output: Coalesce,
    <<ModesOf<S, D> as Extend>::Output as Coalesce>::Output: Finish,
{
    type Output = FlatBasis<S, D>;
}
/// [`WalkedModes`] of `S:D`.
pub(crate) type Walked<S, D> = <(S, D) as WalkedModes>::Output;

/// Basis strides: their walks do not mark the result; the route's verdict is the operation's.
impl<Op, S, D, SA, DA, T> super::static_face::ResultVerdict<Op, Layout<SA, Basis<DA>>, T> for Layout<S, D> {
    type Output = crate::error::verdict::Pass;
}
