//! Logical divide `A / B` of a layout with basis strides `A` by a tiler of integer strides:
//! `A o (B, complement(B, shape(coalesce(A))))`, CuTe's definition, with the integer strides'
//! pieces: the complement is the tile's (integer strides), the composition is the basis one
//! (`ops/composition/basis.rs`), its rest mode checked only inside A's domain as for integer strides.

use frunk_core::hlist::{HCons, HNil};
use typenum::{NonZero, PInt, Unsigned, B1, P1};

use crate::basis::{Basis, BasisTuple};
use crate::layout::Layout;
use crate::mixed::{Detail, Error, MixedTuple};
use crate::ops::coalesce::mixed_face::{Coalesce, Coalesced, Extend, Finish, Flatten, ModesOf, Unwrap, Zip};
use crate::ops::complement::mixed_face::{complement_unverified, ComplementExists, MixedComplement};
use crate::ops::complement::static_face::{Complement, ComplementVerdict};
use crate::ops::composition::basis::{FlatBasis, JoinBasis, Shown, SplitBasis, Walked, WalkedModes};
use crate::ops::composition::mixed_face::{compose_modes, ComposeTree, ModeValues, TreeShape, TreeStride};
use crate::ops::composition::static_face::{FirstMark, LeafCount, Marked, NameIn, Within};
use crate::ops::divide::mixed_face::{Divide, DivideFlat, DivideTiled, DivideZipped, Spread, Zip2By};
use crate::ops::divide::static_face::DivideOp;
use crate::ops::ComplementOk;
use crate::ops::{op, Route, Verdicts};
use crate::statics::check::Checked;
use crate::statics::names;
use crate::statics::report::{Failure, Pass, Then};
use crate::statics::tiler::ByMode;
use crate::statics::{Made, Underscore};

/// The divisor `(B, B*)` of a tile `B = SB:DB` and its complement `B* = RS:RD`: its shape.
type DivisorShape<SB, RS> = HCons<SB, HCons<RS, HNil>>;
/// The divisor's stride.
type DivisorStride<DB, RD> = HCons<DB, HCons<RD, HNil>>;

/// The result type of `logical_divide(A, B)` for `A = S:D` with basis strides and the tile
/// `B = SB:DB` whose complement in A is `RS:RD`.
///
/// ```
/// use cute::basis::{DividedBasis, IdentityStrides};
/// use cute::{layout, logical_divide, make_identity_layout, shape, Shape, Stride};
/// type S = Shape![(8,8)];
/// let d: DividedBasis<S, IdentityStrides<S>, Shape![4], Stride![2], Shape![(2,8)], Stride![(1,8)]> =
///     logical_divide(make_identity_layout(shape!((8,8))), layout!(4:2));
/// assert_eq!(d.to_string(), "(_4,(_2,_8)):(_2@0,(_1@0,_1@1))");
/// ```
pub type DividedBasis<S, D, SB, DB, RS, RD> = Layout<
    TreeShape<DivisorShape<SB, RS>, DivisorStride<DB, RD>, FlatBasis<S, D>>,
    Basis<TreeStride<DivisorShape<SB, RS>, DivisorStride<DB, RD>, FlatBasis<S, D>>>,
>;

/// CuTe's `logical_divide(A, B)` for A with basis strides and a tile B of integer strides, the
/// crate root's [`logical_divide`](crate::logical_divide) for such an A (the layout itself
/// where every leaf is static, else a `Result`; see [`Basis`]; a tile size, `_` and tuple
/// tilers go through this as for integer strides): `A o (B, complement(B, shape(coalesce(A))))`. Mode 0 gives the
/// coordinates of the tile, mode 1 those of the tile's repetitions.
///
/// Post-conditions: `layout<0>(R) == A o B` as functions; `R(i) == A(D(i))` with `D = (B,
/// complement(B, shape(coalesce(A))))` wherever `D(i)` lies in A's domain.
///
/// ```
/// use cute::{hlist, layout, logical_divide, make_identity_layout, shape};
/// let id = make_identity_layout(shape!((8,8)));
/// let d = logical_divide(id, layout!(4:2));
/// assert_eq!(d.to_string(), "(_4,(_2,_8)):(_2@0,(_1@0,_1@1))");
/// assert_eq!(d.call(5), hlist![3, 0]); // element 1 of tile 1: column 2 * 1 + 1
/// // Every third column crosses from one row into the next: the coordinates are no layout
/// // (with static operands a compile error, below; here a runtime extent).
/// let e = logical_divide(id, layout!({4}:3).unwrap()).unwrap_err();
/// assert_eq!(e.to_string(), "shape divisibility: composition (8,8):(1@0,1@1) o 4:3: shape 4 is not divisible by 3");
/// ```
///
/// ```compile_fail
/// use cute::{layout, logical_divide, make_identity_layout, shape};
/// let id = make_identity_layout(shape!((8,8)));
/// // shape divisibility: logical_divide((_8, _8):(Along<_1, _0>, Along<_1, _1>), Tile<_4, _3>):
/// // shape _4 is not divisible by _3
/// let _ = logical_divide(id, layout!(4:3));
/// ```
impl<SA, DA, SB, DB> Divide<Layout<SB, DB>> for Layout<SA, Basis<DA>>
where
    Layout<SB, DB>: crate::mixed::AllStatic,
    <Layout<SB, DB> as crate::mixed::AllStatic>::Is: ComplementExists<SB, DB>,
    ComplementOk<SB, DB>: BasisTileDivide<SA, DA, SB, DB>,
{
    type Output = <ComplementOk<SB, DB> as BasisTileDivide<SA, DA, SB, DB>>::Output;
    fn logical_divide(self, tile: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        <ComplementOk<SB, DB> as BasisTileDivide<SA, DA, SB, DB>>::divide(self, tile, crate::Internal(()))
    }
}

/// The divide of `SA:DA` (basis strides) by the tile `SB:DB`, by whether the complement of
/// the tile exists for its types (`Self`), as for integer strides.
pub trait BasisTileDivide<SA, DA, SB, DB> {
    /// The divided layout.
    type Output;
    /// Divide.
    fn divide(a: Layout<SA, Basis<DA>>, tile: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error>;
}
/// A tile with a runtime stride among several modes (or a negative one), whose complement the checked layer
/// does not compute: an error in place of the `(tile, rest)` layout; the crate root's functions refuse it at compile time
/// ([`RuntimeTiles`](crate::ops::RuntimeTiles)).
impl<SA, DA, SB, DB> BasisTileDivide<SA, DA, SB, DB> for typenum::B0 {
    type Output = Layout<HCons<P1, HCons<P1, HNil>>, Basis<HCons<HNil, HCons<HNil, HNil>>>>;
    fn divide(_: Layout<SA, Basis<DA>>, _: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        Err(Error::new("logical_divide", Detail::ComplementRuntime))
    }
}
impl<SA, DA, SB, DB, CS, RS, RD> BasisTileDivide<SA, DA, SB, DB> for B1
where
    SA: MixedTuple + Flatten,
    DA: BasisTuple + Flatten,
    SA::Output: Zip<DA::Output>,
    ModesOf<SA, DA>: Coalesce + Extend,
    <ModesOf<SA, DA> as Coalesce>::Output: Finish,
    Coalesced<SA, DA>: Unwrap<Shape = CS>,
    <ModesOf<SA, DA> as Extend>::Output: Coalesce,
    <<ModesOf<SA, DA> as Extend>::Output as Coalesce>::Output: Finish,
    Layout<SB, DB>: MixedComplement<CS, Output = Layout<RS, RD>>,
    SB: MixedTuple,
    DB: MixedTuple,
    RS: MixedTuple,
    RD: MixedTuple,
    FlatBasis<SA, DA>: ModeValues + Copy,
    DivisorShape<SB, RS>: MixedTuple + ComposeTree<DivisorStride<DB, RD>, FlatBasis<SA, DA>>,
    DivisorStride<DB, RD>: MixedTuple,
{
    type Output = DividedBasis<SA, DA, SB, DB, RS, RD>;
    fn divide(a: Layout<SA, Basis<DA>>, tile: Layout<SB, DB>, _: crate::Internal) -> Result<Self::Output, Error> {
        let err = |o: crate::arith::Overflow| Error::new("logical_divide", o.into());
        let modes = || a.flat_modes();
        let (cotarget, _) = modes().coalesce().map_err(err)?.finish().unwrap_modes();
        let rest = complement_unverified(tile, cotarget)?;
        let divisor = Layout {
            shape: HCons { head: tile.shape, tail: HCons { head: rest.shape, tail: HNil } },
            stride: HCons { head: tile.stride, tail: HCons { head: rest.stride, tail: HNil } },
        };
        // CuTe's `coalesce_x(A)`; the rest mode may reach past A, and only offsets inside A's
        // domain have to agree with it, as for integer strides.
        let flat_a = modes().extend().coalesce().map_err(err)?.finish();
        let Layout { shape, stride } =
            compose_modes(flat_a, Some(&Shown(&a)), divisor, Some(a.size()), SB::LEAF_COUNT)?;
        Ok(Layout { shape, stride: Basis(stride) })
    }
}

/// A runtime tile size `n` is the tile `n:_1` (a static one is `make_layout(n)`, as for integer
/// strides); it must be positive.
///
/// ```
/// use cute::{hlist, logical_divide, make_identity_layout, shape};
/// let id = make_identity_layout(shape!((8,8)));
/// let d = logical_divide(id, 4i64).unwrap();
/// // As for integer strides, the walk cannot prove a runtime part 1, so it stays.
/// assert_eq!(d.to_string(), "((4,1),(2,8)):((_1@0,_1@1),(4@0,1@1))");
/// assert_eq!(d.call(13), hlist![5, 1]);
/// assert!(logical_divide(id, 0i64).is_err());
/// ```
impl<SA, DA> Divide<i64> for Layout<SA, Basis<DA>>
where
    Layout<SA, Basis<DA>>: Divide<Layout<i64, P1>>,
{
    type Output = <Layout<SA, Basis<DA>> as Divide<Layout<i64, P1>>>::Output;
    fn logical_divide(self, n: i64, _: crate::Internal) -> Result<Self::Output, Error> {
        if n < 1 {
            return Err(Error::new("logical_divide", Detail::NonPositive(n)));
        }
        self.logical_divide(Layout::from_parts(n, P1::new()), crate::Internal(()))
    }
}

/// A tuple tiler divides mode by mode (CuTe's `transform_layout`): the integer strides'
/// [`ByMode`] over A's modes, each a layout with basis strides ([`SplitBasis`]), the
/// results' strides joined back ([`JoinBasis`]); A's modes past the tiler's stay as they are.
///
/// ```
/// use cute::{hlist, layout, logical_divide, make_identity_layout, shape, Underscore};
/// let id = make_identity_layout(shape!((8,6)));
/// let d = logical_divide(id, hlist![layout!(2:1), Underscore]);
/// assert_eq!(d.to_string(), "((_2,_4),_6):((_1@0,_2@0),_1@1)");
/// assert_eq!(d.call(3), hlist![3, 0]);
/// ```
impl<SH, ST, DH, DT, TH, TT> Divide<HCons<TH, TT>> for Layout<HCons<SH, ST>, Basis<HCons<DH, DT>>>
where
    HCons<DH, DT>: SplitBasis,
    HCons<SH, ST>: ByMode<DivideOp, <HCons<DH, DT> as SplitBasis>::Output, HCons<TH, TT>>,
    <HCons<SH, ST> as ByMode<DivideOp, <HCons<DH, DT> as SplitBasis>::Output, HCons<TH, TT>>>::Stride: JoinBasis,
{
    type Output = Layout<
        <HCons<SH, ST> as ByMode<DivideOp, <HCons<DH, DT> as SplitBasis>::Output, HCons<TH, TT>>>::Shape,
        Basis<<<HCons<SH, ST> as ByMode<DivideOp, <HCons<DH, DT> as SplitBasis>::Output, HCons<TH, TT>>>::Stride as JoinBasis>::Output>,
    >;
    fn logical_divide(self, tiler: HCons<TH, TT>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (shape, stride) = self.shape.by_mode(self.stride.0.split_basis(), tiler)?;
        Ok(Layout { shape, stride: Basis(stride.join_basis()) })
    }
}

/// `zipped_divide(A, T)` for basis strides, the crate root's
/// [`zipped_divide`](crate::zipped_divide) for such an A: the logical divide's modes regrouped
/// into `((tiles...), (rests...))` as for integer strides (the regrouping moves shapes and
/// strides alike, whatever the strides are).
///
/// ```
/// use cute::{hlist, layout, make_identity_layout, shape, zipped_divide};
/// let id = make_identity_layout(shape!((8,6)));
/// let z = zipped_divide(id, hlist![layout!(4:1), layout!(3:1)]);
/// assert_eq!(z.to_string(), "((_4,_3),(_2,_2)):((_1@0,_1@1),(_4@0,_3@1))");
/// // Element 5 of tile (1,1): row 4 + 1, column 3 + 1.
/// assert_eq!(z.call_coord(cute::coord!((5, 3))), hlist![5, 4]);
/// ```
impl<S, D, T, RS, RD> DivideZipped<T> for Layout<S, Basis<D>>
where
    Layout<S, Basis<D>>: Divide<T, Output = Layout<RS, Basis<RD>>>,
    RS: Zip2By<RD, T>,
    Result<Layout<RS, Basis<RD>>, Error>: crate::layout::Fits,
{
    type Output = Layout<
        HCons<RS::FirstShape, HCons<RS::SecondShape, HNil>>,
        Basis<HCons<RS::FirstStride, HCons<RS::SecondStride, HNil>>>,
    >;
    fn divide_zipped(self, tiler: T, op: &'static str, _: crate::Internal) -> Result<Self::Output, Error> {
        // Checked before the regrouping, which keeps the leaves.
        let Layout { shape, stride } = self.logical_divide_fits(tiler, op, crate::Internal(()))?;
        let ((fs, fd), (ss, sd)) = shape.zip2_by(stride.0);
        Ok(Layout {
            shape: HCons { head: fs, tail: HCons { head: ss, tail: HNil } },
            stride: Basis(HCons { head: fd, tail: HCons { head: sd, tail: HNil } }),
        })
    }
}

/// `tiled_divide(A, T)` for basis strides: the zipped divide with mode 1 spread into the top
/// level.
///
/// ```
/// use cute::{hlist, layout, make_identity_layout, shape, tiled_divide};
/// let id = make_identity_layout(shape!((8,6)));
/// let t = tiled_divide(id, hlist![layout!(4:1), layout!(3:1)]);
/// assert_eq!(t.to_string(), "((_4,_3),_2,_2):((_1@0,_1@1),_4@0,_3@1)");
/// ```
impl<S, D, T, F, FD, SS, SD> DivideTiled<T> for Layout<S, Basis<D>>
where
    Layout<S, Basis<D>>: DivideZipped<T, Output = Layout<HCons<F, HCons<SS, HNil>>, Basis<HCons<FD, HCons<SD, HNil>>>>>,
    SS: Spread<SD>,
{
    type Output = Layout<HCons<F, SS::Shapes>, Basis<HCons<FD, SS::Strides>>>;
    fn divide_tiled(self, tiler: T, _: crate::Internal) -> Result<Self::Output, Error> {
        let z = self.divide_zipped(tiler, "tiled_divide", crate::Internal(()))?;
        let (ss, sd) = z.shape.tail.head.spread(z.stride.0.tail.head);
        Ok(Layout {
            shape: HCons { head: z.shape.head, tail: ss },
            stride: Basis(HCons { head: z.stride.0.head, tail: sd }),
        })
    }
}

/// `flat_divide(A, T)` for basis strides: the zipped divide with both modes spread into the top
/// level.
///
/// ```
/// use cute::{flat_divide, hlist, layout, make_identity_layout, shape};
/// let id = make_identity_layout(shape!((8,6)));
/// let f = flat_divide(id, hlist![layout!(4:1), layout!(3:1)]);
/// assert_eq!(f.to_string(), "(_4,_3,_2,_2):(_1@0,_1@1,_4@0,_3@1)");
/// ```
impl<S, D, T, F, FD, SS, SD> DivideFlat<T> for Layout<S, Basis<D>>
where
    Layout<S, Basis<D>>: DivideZipped<T, Output = Layout<HCons<F, HCons<SS, HNil>>, Basis<HCons<FD, HCons<SD, HNil>>>>>,
    F: Spread<FD>,
    SS: Spread<SD>,
    F::Shapes: core::ops::Add<SS::Shapes>,
    F::Strides: core::ops::Add<SS::Strides>,
{
    type Output = Layout<
        <F::Shapes as core::ops::Add<SS::Shapes>>::Output,
        Basis<<F::Strides as core::ops::Add<SS::Strides>>::Output>,
    >;
    // `+` is HList concatenation (frunk's `Add`), not integer arithmetic.
    #[allow(clippy::arithmetic_side_effects)]
    fn divide_flat(self, tiler: T, _: crate::Internal) -> Result<Self::Output, Error> {
        let z = self.divide_zipped(tiler, "flat_divide", crate::Internal(()))?;
        let (fs, fd) = z.shape.head.spread(z.stride.0.head);
        let (ss, sd) = z.shape.tail.head.spread(z.stride.0.tail.head);
        Ok(Layout { shape: fs + ss, stride: Basis(fd + sd) })
    }
}

/// Where every leaf of A and of the tiler is static, a divide is the layout itself (its type
/// computed by the integer strides' walks) and its conditions are decided by the trait solver,
/// as for integer strides: for each tile, its complement's (in the shape of A's mode,
/// coalesced), then composition's, marked by the walk of `A o (B, B*)` with B* bounded by A's
/// size; the first violation is named with the operation and its operands.
///
/// ```
/// use cute::statics::report::Outcome;
/// use cute::{op, Layout, RouteVerdict};
/// use cute::dynamic::ErrorKind;
/// type Id = Layout![(8,8):(1@0,1@1)];
/// assert_eq!(<RouteVerdict<op::LogicalDivide, Id, Layout![4:3]> as Outcome>::KIND, Some(ErrorKind::ShapeDivisibility));
/// assert_eq!(<RouteVerdict<op::ZippedDivide, Id, Layout![(2,2):(1,1)]> as Outcome>::KIND, Some(ErrorKind::NonInjective));
/// assert_eq!(<RouteVerdict<op::FlatDivide, Id, Layout![4:2]> as Outcome>::KIND, None);
/// ```
macro_rules! static_divides {
    ($($op:ident => $name:ident, $trait:ident;)*) => {$(
        impl<S, D, T> Verdicts<op::$op, Layout<S, Basis<D>>, T> for B1
        where
            Layout<S, Basis<D>>: DivideVerdict<T, Pass, (names::$name, S, Basis<D>, T)>,
        {
            type Output = <Layout<S, Basis<D>> as DivideVerdict<T, Pass, (names::$name, S, Basis<D>, T)>>::Output;
        }
        impl<S, D, T> Route<op::$op, Layout<S, Basis<D>>, T> for B1
        where
            Layout<S, Basis<D>>: $trait<T>,
            <Layout<S, Basis<D>> as $trait<T>>::Output: Made,
        {
            type Output = <Layout<S, Basis<D>> as $trait<T>>::Output;
            const CHECK: Checked = Ok(());
            #[inline(always)]
            fn run(_: Layout<S, Basis<D>>, _: T, _: crate::Internal) -> Self::Output {
                Made::made()
            }
        }
    )*};
}
static_divides! {
    LogicalDivide => logical_divide, Divide;
    ZippedDivide => zipped_divide, DivideZipped;
    TiledDivide => tiled_divide, DivideTiled;
    FlatDivide => flat_divide, DivideFlat;
}

/// The first violated condition of dividing `Self` by the tiler `T` after `Acc` ([`Pass`] or
/// an earlier failure), named with the whole operation `W = (Op, S, D, T)`: a tile layout, a
/// tile size `n` (`n:1`), `_` (none), or a tuple, mode by mode.
#[doc(hidden)]
pub trait DivideVerdict<T, Acc, W> {
    /// `Acc` if it fails, else this tile's verdict.
    type Output;
}
impl<S, D, SB, DB, Acc, W> DivideVerdict<Layout<SB, DB>, Acc, W> for Layout<S, Basis<D>>
where
    S: Flatten,
    D: Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Coalesce,
    <ModesOf<S, D> as Coalesce>::Output: Finish,
    Coalesced<S, D>: Unwrap,
    Layout<SB, DB>: ComplementVerdict<(SB, DB, <Coalesced<S, D> as Unwrap>::Shape)>,
    Acc: Then<<Layout<SB, DB> as ComplementVerdict<(SB, DB, <Coalesced<S, D> as Unwrap>::Shape)>>::Output>,
    <Acc as Then<<Layout<SB, DB> as ComplementVerdict<(SB, DB, <Coalesced<S, D> as Unwrap>::Shape)>>::Output>>::Output:
        TileMarks<S, D, SB, DB, <Coalesced<S, D> as Unwrap>::Shape, W>,
{
    type Output = <<Acc as Then<
        <Layout<SB, DB> as ComplementVerdict<(SB, DB, <Coalesced<S, D> as Unwrap>::Shape)>>::Output,
    >>::Output as TileMarks<S, D, SB, DB, <Coalesced<S, D> as Unwrap>::Shape, W>>::Output;
}
impl<S, D, U: Unsigned + NonZero, Acc, W> DivideVerdict<PInt<U>, Acc, W> for Layout<S, Basis<D>>
where
    Layout<S, Basis<D>>: DivideVerdict<Layout<PInt<U>, P1>, Acc, W>,
{
    type Output = <Layout<S, Basis<D>> as DivideVerdict<Layout<PInt<U>, P1>, Acc, W>>::Output;
}
impl<S, D, Acc, W> DivideVerdict<Underscore, Acc, W> for Layout<S, Basis<D>> {
    type Output = Acc;
}
impl<S, D, TH, TT, Acc, W> DivideVerdict<HCons<TH, TT>, Acc, W> for Layout<S, Basis<D>>
where
    D: SplitBasis,
    S: DivideModeVerdicts<D::Output, HCons<TH, TT>, Acc, W>,
{
    type Output = <S as DivideModeVerdicts<D::Output, HCons<TH, TT>, Acc, W>>::Output;
}

/// [`DivideVerdict`] mode by mode: the modes of the shape `Self`, with the split strides `DS`
/// ([`SplitBasis`]) and the tiler's entries `T`.
#[doc(hidden)]
pub trait DivideModeVerdicts<DS, T, Acc, W> {
    /// The first failure, or `Acc`.
    type Output;
}
impl<DS, S, Acc, W> DivideModeVerdicts<DS, HNil, Acc, W> for S {
    type Output = Acc;
}
impl<SH, ST, DH, DT, TH, TT, Acc, W> DivideModeVerdicts<HCons<Basis<DH>, DT>, HCons<TH, TT>, Acc, W> for HCons<SH, ST>
where
    Layout<SH, Basis<DH>>: DivideVerdict<TH, Acc, W>,
    ST: DivideModeVerdicts<DT, TT, <Layout<SH, Basis<DH>> as DivideVerdict<TH, Acc, W>>::Output, W>,
{
    type Output =
        <ST as DivideModeVerdicts<DT, TT, <Layout<SH, Basis<DH>> as DivideVerdict<TH, Acc, W>>::Output, W>>::Output;
}
/// A tiler longer than A: no mode left (the walk's bounds reject it).
impl<TH, TT, Acc, W> DivideModeVerdicts<HNil, HCons<TH, TT>, Acc, W> for HNil {
    type Output = Acc;
}

/// The verdict of one tile `SB:DB` of the mode `S:D` whose coalesced shape is `CS`, after its
/// complement's verdict `Self`: a failure stays; on [`Pass`], the first mark of the walk of
/// `S:D o (B, B*)`, named with the whole operation `W`.
#[doc(hidden)]
pub trait TileMarks<S, D, SB, DB, CS, W> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S, D, SB, DB, CS, W: Whole> TileMarks<S, D, SB, DB, CS, W> for Pass
where
    (S, D): WalkedModes,
    Layout<SB, DB>: Complement<CS>,
    DivisorShape<SB, <Layout<SB, DB> as Complement<CS>>::Shape>: LeafCount,
    <DivisorShape<SB, <Layout<SB, DB> as Complement<CS>>::Shape> as LeafCount>::Output: Marked<
        DivisorShape<SB, <Layout<SB, DB> as Complement<CS>>::Shape>,
        DivisorStride<DB, <Layout<SB, DB> as Complement<CS>>::Stride>,
        Walked<S, D>,
        Within<B1>,
        S,
    >,
    DivisorMarks<S, D, SB, DB, CS>: FirstMark<Pass>,
    <DivisorMarks<S, D, SB, DB, CS> as FirstMark<Pass>>::Output: NameIn<W::Op, W::S, W::D, W::T>,
{
    type Output =
        <<DivisorMarks<S, D, SB, DB, CS> as FirstMark<Pass>>::Output as NameIn<W::Op, W::S, W::D, W::T>>::Output;
}
impl<S, D, SB, DB, CS, W, F: Failure> TileMarks<S, D, SB, DB, CS, W> for F {
    type Output = F;
}

/// The marked shape of `S:D o (B, B*)`.
type DivisorMarks<S, D, SB, DB, CS> =
    <<DivisorShape<SB, <Layout<SB, DB> as Complement<CS>>::Shape> as LeafCount>::Output as Marked<
        DivisorShape<SB, <Layout<SB, DB> as Complement<CS>>::Shape>,
        DivisorStride<DB, <Layout<SB, DB> as Complement<CS>>::Stride>,
        Walked<S, D>,
        Within<B1>,
        S,
    >>::Shape;

/// The whole operation a divide's verdict names: `(Op, S, D, T)`.
#[doc(hidden)]
pub trait Whole {
    /// The operation's name.
    type Op;
    /// A's shape.
    type S;
    /// A's strides.
    type D;
    /// The tiler.
    type T;
}
impl<Op, S, D, T> Whole for (Op, S, D, T) {
    type Op = Op;
    type S = S;
    type D = D;
    type T = T;
}
