//! Static logical product and its regroupings, the rank-sensitive blocked and raked products,
//! and `tile_to_shape`.
//!
//! `logical_product(A, B) = (A, complement(A, size(A) * cosize(B)) o B)`: mode 0 reproduces A
//! (theorem T3) and mode 1 places copies of A as B says, never overlapping A.

// The checks return `Result<(), Message>`: the message is built in `const` evaluation without an
// allocator, so it cannot be boxed, and it is only ever built on the path to a compile error.
#![allow(clippy::result_large_err)]

use crate::ops::ResultCheck;
use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};
use typenum::{IsGreater, B0, B1, P1};

use super::mixed_face::{PadTo, ZipWith};
use crate::flat;
use crate::ops::complement::static_face::InjectiveVerdict;
use crate::ops::complement::static_face::{Complement, Times};
use crate::ops::complement::static_face::{Complements, NoComplement, TileComplement, TilesComplement};
use crate::ops::composition::static_face::Compose;
use crate::ops::composition::static_face::ResultVerdict;
use crate::ops::composition::static_face::{Degenerate, MarksIfPositive, Within};
use crate::ops::divide::static_face::{Unpack1, Unpack2, Zip2By};
use crate::statics::check::{attempt, composition, msg, product, Check, Checked, Verify};
use crate::statics::layout::{Layout, Made};
use crate::statics::leaves::{FlatLayout, Leaves, MAX_LEAVES};
use crate::statics::names;
use crate::statics::report::Holds;
use crate::statics::report::{Pass, ProductNegativeStrideFail, Shown, Then};
use crate::statics::tiler::{
    AppliedTo, ApplyTiler, CosizeT, IntTile, LayoutTiled, MakeLayout, RestModes, SizeT, TileOp, Tiled, TilerCheck,
};
use crate::statics::tuple::IntTuple;

/// The operation marker of `logical_product`: integers mean `make_layout(n)`, A's uncovered
/// modes are kept.
pub struct ProductOp;

impl<N: MakeLayout> IntTile<N> for ProductOp {
    type Tile = <N as MakeLayout>::Output;
}

impl<SL, DL> RestModes<SL, DL> for ProductOp {
    const NAME: &'static str = "logical_product";
    type Shape = SL;
    type Stride = DL;
    #[inline(always)]
    fn rest(shape: SL, stride: DL) -> (SL, DL) {
        (shape, stride)
    }
}

/// `complement(A, size(A) * cosize(B))` for the layouts `A` and `B`.
pub trait ProductComplement<B> {
    /// Its shape.
    type Shape: IntTuple;
    /// Its stride.
    type Stride: IntTuple;
}
impl<A, B> ProductComplement<B> for A
where
    A: SizeT,
    B: CosizeT,
    A: Complement<Times<<A as SizeT>::Output, <B as CosizeT>::Output>>,
{
    type Shape = <A as Complement<Times<<A as SizeT>::Output, <B as CosizeT>::Output>>>::Shape;
    type Stride = <A as Complement<Times<<A as SizeT>::Output, <B as CosizeT>::Output>>>::Stride;
}

/// `A*`, the complement of A that holds the copies.
type Star<A, B> = Layout<<A as ProductComplement<B>>::Shape, <A as ProductComplement<B>>::Stride>;
/// The shape of the copies `A* o B`. When A has negative strides CuTe's A* has non-positive
/// shapes; the check accepts that only when B maps everything to 0, so A* is never evaluated, and
/// the composition's text is still CuTe's, as the dynamic engine's is. The walk marks every
/// condition ([`Within`]: the copies need to agree with A* only below its size, which excludes no
/// step of the walk but may spare their digits the mode of A* that reaches its size).
type CopiesShape<A, B> = <Star<A, B> as Compose<B, Marks<A, B>>>::Shape;
/// The stride of the copies `A* o B`.
type CopiesStride<A, B> = <Star<A, B> as Compose<B, Marks<A, B>>>::Stride;
/// The marks of `A* o B`: every condition when A has a complement; else [`Degenerate`], which
/// marks the copies where A's complement's condition fails, for the product's verdict to report
/// ([`NotPositive`](crate::ops::composition::static_face::NotPositive)).
type Marks<A, B> =
    <<A as ProductComplement<B>>::Shape as MarksIfPositive<Within<B0>, Degenerate<NoProductComplement<A, B>>>>::Output;

/// Why A has no complement in `logical_product(SA:DA, SB:DB)`: CuTe's complement (negative
/// strides allowed) is not injective, or, computed all the same, it has a shape that is not
/// positive and B reaches past its offset 0 (`cosize(B) > 1`).
pub struct NoProductComplement<A, B>(PhantomData<(A, B)>);
/// The cotarget `size(A) * cosize(B)` of A's complement in the product.
type Cotarget<A, B> = Times<<A as SizeT>::Output, <B as CosizeT>::Output>;
impl<SA, DA, SB, DB> NoComplement for NoProductComplement<Layout<SA, DA>, Layout<SB, DB>>
where
    Layout<SA, DA>: ProductComplement<Layout<SB, DB>> + SizeT,
    Layout<SB, DB>: CosizeT,
    Layout<SA, DA>: InjectiveVerdict<(SA, DA, Cotarget<Layout<SA, DA>, Layout<SB, DB>>)>,
    <Layout<SA, DA> as ProductComplement<Layout<SB, DB>>>::Shape:
        MarksIfPositive<Within<B0>, Degenerate<NoProductComplement<Layout<SA, DA>, Layout<SB, DB>>>>,
    Marks<Layout<SA, DA>, Layout<SB, DB>>: ReachesPast<<Layout<SB, DB> as CosizeT>::Output>,
    Reached<SA, DA, SB, DB>: StarReached<SA, DA, SB, DB>,
    <Layout<SA, DA> as InjectiveVerdict<(SA, DA, Cotarget<Layout<SA, DA>, Layout<SB, DB>>)>>::Output:
        Then<<Reached<SA, DA, SB, DB> as StarReached<SA, DA, SB, DB>>::Output>,
{
    type Verdict =
        <<Layout<SA, DA> as InjectiveVerdict<(SA, DA, Cotarget<Layout<SA, DA>, Layout<SB, DB>>)>>::Output as Then<
            <Reached<SA, DA, SB, DB> as StarReached<SA, DA, SB, DB>>::Output,
        >>::Output;
}
/// `B1` when A* has a shape that is not positive and B reaches past its offset 0.
type Reached<SA, DA, SB, DB> =
    <Marks<Layout<SA, DA>, Layout<SB, DB>> as ReachesPast<<Layout<SB, DB> as CosizeT>::Output>>::Output;
/// `B1` when A* has a shape that is not positive (its composition is [`Degenerate`]) and B's
/// cosize `C` is above 1.
pub trait ReachesPast<C> {
    /// `B1` or `B0`.
    type Output;
}
impl<C, F> ReachesPast<C> for Within<F> {
    type Output = B0;
}
impl<C: IsGreater<P1>, W> ReachesPast<C> for Degenerate<W> {
    type Output = <C as IsGreater<P1>>::Output;
}

/// The failure of a product whose B reaches past offset 0 of a complement that is not a layout
/// (`Self` is `B1`: A* has a shape that is not positive and `cosize(B) > 1`), else [`Pass`].
pub trait StarReached<SA, DA, SB, DB> {
    /// The verdict.
    type Output;
}
impl<SA, DA, SB, DB> StarReached<SA, DA, SB, DB> for B0 {
    type Output = Pass;
}
impl<SA: Shown, DA: Shown, SB: Shown, DB: Shown> StarReached<SA, DA, SB, DB> for B1
where
    Layout<SA, DA>: ProductComplement<Layout<SB, DB>> + SizeT,
    Layout<SB, DB>: CosizeT,
    Cotarget<Layout<SA, DA>, Layout<SB, DB>>: Shown,
    <Layout<SA, DA> as ProductComplement<Layout<SB, DB>>>::Shape: Shown,
    <Layout<SA, DA> as ProductComplement<Layout<SB, DB>>>::Stride: Shown,
{
    type Output = ProductNegativeStrideFail<
        SA::Out,
        DA::Out,
        <Layout<SB, DB> as Shown>::Out,
        <Cotarget<Layout<SA, DA>, Layout<SB, DB>> as Shown>::Out,
        <<Layout<SA, DA> as ProductComplement<Layout<SB, DB>>>::Shape as Shown>::Out,
        <<Layout<SA, DA> as ProductComplement<Layout<SB, DB>>>::Stride as Shown>::Out,
    >;
}

impl<SA, DA, SB, DB> TileComplement<Layout<SA, DA>, Layout<SB, DB>> for ProductOp
where
    NoProductComplement<Layout<SA, DA>, Layout<SB, DB>>: NoComplement,
{
    type Why = NoProductComplement<Layout<SA, DA>, Layout<SB, DB>>;
}
// The products compose each tile with A's complement.
crate::ops::complement::static_face::tiles_complements!(ProductOp: logical_product, zipped_product, tiled_product, flat_product);
/// The blocked and raked products take the logical product of their operands padded to one
/// rank.
macro_rules! rank_product_complements {
    ($($name:ident),*) => {$(
        impl<SA, DA, SB, DB> Complements<Layout<SA, DA>, Layout<SB, DB>> for names::$name
        where
            Layout<SA, DA>: Pad<SB>,
            Layout<SB, DB>: Pad<SA>,
            Padded<Layout<SB, DB>, SA>: TilesComplement<ProductOp, Padded<Layout<SA, DA>, SB>>,
        {
            type Verdict =
                <Padded<Layout<SB, DB>, SA> as TilesComplement<ProductOp, Padded<Layout<SA, DA>, SB>>>::Verdict;
        }
    )*};
}
rank_product_complements!(blocked_product, raked_product);

impl<SA, DA, SB, DB> TileOp<Layout<SA, DA>, Layout<SB, DB>> for ProductOp
where
    SA: IntTuple,
    DA: IntTuple,
    SB: IntTuple,
    DB: IntTuple,
    Layout<SA, DA>: ProductComplement<Layout<SB, DB>>,
    <Layout<SA, DA> as ProductComplement<Layout<SB, DB>>>::Shape:
        MarksIfPositive<Within<B0>, Degenerate<NoProductComplement<Layout<SA, DA>, Layout<SB, DB>>>>,
    Star<Layout<SA, DA>, Layout<SB, DB>>: Compose<Layout<SB, DB>, Marks<Layout<SA, DA>, Layout<SB, DB>>>,
{
    type Shape = HCons<SA, HCons<CopiesShape<Layout<SA, DA>, Layout<SB, DB>>, HNil>>;
    type Stride = HCons<DA, HCons<CopiesStride<Layout<SA, DA>, Layout<SB, DB>>, HNil>>;
    const RESULT: Checked = check(
        &FlatLayout::of::<SA, DA>(),
        &FlatLayout::of::<SB, DB>(),
        &FlatLayout::of::<CopiesShape<Layout<SA, DA>, Layout<SB, DB>>, CopiesStride<Layout<SA, DA>, Layout<SB, DB>>>(),
    );
}

/// Check `logical_product(A, B)` for one tile: A's complement exists (with negative strides only
/// when B maps everything to 0, so it is never evaluated), and `A* o B` is admissible where B
/// lands inside A*; `copies` is the trait solver's `A* o B`.
// In range: `k`, `i` and `j` stay below the lengths they are compared with.
#[allow(clippy::arithmetic_side_effects)]
const fn check(a: &FlatLayout, b: &FlatLayout, copies: &FlatLayout) -> Checked {
    let mut cosize = 1i64;
    let mut k = 0;
    while k < b.shape.len {
        // (s - 1) * |d|, checked: B is a static layout type, whatever its values.
        if b.shape.vals[k] != 1 {
            let step = match (b.shape.vals[k].checked_sub(1), b.stride.vals[k].checked_abs()) {
                (Some(s), Some(d)) => s.checked_mul(d),
                _ => None,
            };
            cosize = match step {
                Some(step) => match cosize.checked_add(step) {
                    Some(c) => c,
                    None => return Err(msg("overflow: cosize(B) does not fit in i64")),
                },
                None => return Err(msg("overflow: cosize(B) does not fit in i64")),
            };
        }
        k += 1;
    }
    let m = match attempt!(product(&a.shape)).checked_mul(cosize) {
        Some(m) => m,
        None => return Err(msg("overflow: size(A) * cosize(B) does not fit in i64")),
    };
    let (mut ts, mut td, mut os, mut od) =
        ([0i64; MAX_LEAVES + 2], [0i64; MAX_LEAVES + 2], [0i64; MAX_LEAVES + 2], [0i64; MAX_LEAVES + 2]);
    let n = match flat::complement(a.shapes(), a.strides(), &[m], &mut ts, &mut td, &mut os, &mut od) {
        Ok(n) => n,
        Err(c) => return Err(crate::ops::complement::static_face::fail(c, a, &[m])),
    };
    let mut star = FlatLayout { shape: Leaves::EMPTY, stride: Leaves::EMPTY };
    let (mut degenerate, mut size) = (false, 1i64);
    let mut i = 0;
    while i < n {
        star.shape.vals[i] = os[i];
        star.stride.vals[i] = od[i];
        degenerate |= os[i] <= 0;
        size = size.saturating_mul(os[i]);
        i += 1;
    }
    star.shape.len = n;
    star.stride.len = n;
    if degenerate && cosize > 1 {
        return Err(msg("negative stride: logical_product(")
            .layout(&a.shape, &a.stride)
            .s(", ")
            .layout(&b.shape, &b.stride)
            .s("): complement(")
            .layout(&a.shape, &a.stride)
            .s(", ")
            .i(m)
            .s(") of a layout with negative strides is ")
            .layout(&star.shape, &star.stride)
            .s(", not a layout"));
    }
    attempt!(composition(&star, b, Some(copies), if degenerate { None } else { Some(size) }, 0));
    let mut j = 0;
    while j < copies.shape.len {
        if copies.shape.vals[j] <= 0 {
            return Err(msg("negative stride: logical_product(")
                .layout(&a.shape, &a.stride)
                .s(", ")
                .layout(&b.shape, &b.stride)
                .s("): the product has shape ")
                .i(copies.shape.vals[j])
                .s(" from a layout with negative strides"));
        }
        j += 1;
    }
    Ok(())
}

/// The result type of `logical_product(A, T)`.
pub type LogicalProduct<A, T> = Layout<<A as ApplyTiler<ProductOp, T>>::Shape, <A as ApplyTiler<ProductOp, T>>::Stride>;
/// The result type of `zipped_product(A, T)`.
pub type ZippedProduct<A, T> =
    Layout<<LogicalProduct<A, T> as Zip2By<T>>::Shape, <LogicalProduct<A, T> as Zip2By<T>>::Stride>;
/// The result type of `tiled_product(A, T)`.
pub type TiledProduct<A, T> = Layout<<ZippedProduct<A, T> as Unpack1>::Shape, <ZippedProduct<A, T> as Unpack1>::Stride>;
/// The result type of `flat_product(A, T)`.
pub type FlatProduct<A, T> = Layout<<ZippedProduct<A, T> as Unpack2>::Shape, <ZippedProduct<A, T> as Unpack2>::Stride>;

/// `(A, complement(A, size(A)*cosize(B)) o B)` per tiled mode (CuTe's `logical_product`).
///
/// ```
/// use cute::{logical_product, Layout};
/// use cute::typenum::{N1, P3, P4, Z0};
/// type A = Layout![(3,4):(4,1)];
/// type B = Layout![(2,5):(1,2)];
/// assert_eq!(logical_product(A::new(), B::new()).to_string(), "((_3,_4),(_2,_5)):((_4,_1),(_12,_24))");
/// // A with a negative stride has no complement, which is harmless when B maps everything to 0.
/// assert_eq!(logical_product(Layout::<P4, N1>::new(), Layout::<P3, Z0>::new()).to_string(), "(_4,_3):(_-1,_0)");
/// ```
///
/// Otherwise a negative stride of A fails to type-check (`cargo check` reports it):
///
/// ```compile_fail,E0277
/// use cute::statics::logical_product;
/// use cute::Layout;
/// use cute::typenum::{N1, P1, P2, P4};
/// let _ = logical_product(Layout::<P4, N1>::new(), Layout::<P2, P1>::new());
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn logical_product<S, D, T>(a: Layout<S, D>, tiler: T) -> <T as AppliedTo<ProductOp, Layout<S, D>>>::Output
where <T as TilerCheck<Layout<S, D>>>::Output: Holds,
    T: AppliedTo<ProductOp, Layout<S, D>>,
    T: TilerCheck<Layout<S, D>>,
    <T as AppliedTo<ProductOp, Layout<S, D>>>::Output: ResultVerdict<names::logical_product, Layout<S, D>, T>,
    <<T as AppliedTo<ProductOp, Layout<S, D>>>::Output as ResultVerdict<names::logical_product, Layout<S, D>, T>>::Output:
        Holds,
{
    logical_product_checked(a, tiler)
}

/// [`logical_product`] with its conditions checked in `const` evaluation only: the product of
/// the mixed face's layouts whose leaves are all static, which reads no verdict.
pub(crate) fn logical_product_checked<S, D, T>(
    a: Layout<S, D>,
    tiler: T,
) -> <T as AppliedTo<ProductOp, Layout<S, D>>>::Output
where
    T: AppliedTo<ProductOp, Layout<S, D>>,
    T: TilerCheck<Layout<S, D>>,
    <T as TilerCheck<Layout<S, D>>>::Output: Holds,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Tiled<ProductOp, Layout<S, D>, T>>::OK;
    <<T as AppliedTo<ProductOp, Layout<S, D>>>::Output as Made>::made()
}

/// `((A modes...), (products..., other modes...))` (CuTe's `zipped_product`).
///
/// ```
/// use cute::{zipped_product, HCons, HNil, Layout};
/// use cute::typenum::{P1, P2, P3};
/// type A = Layout![(2,2):(1,2)];
/// let t = HCons { head: Layout::<P3, P1>::new(), tail: HCons { head: Layout::<P2, P1>::new(), tail: HNil } };
/// assert_eq!(zipped_product(A::new(), t).to_string(), "((_2,_2),(_3,_2)):((_1,_2),(_2,_1))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn zipped_product<S, D, T>(a: Layout<S, D>, tiler: T) -> ZippedProduct<Layout<S, D>, T>
where <T as TilerCheck<Layout<S, D>>>::Output: Holds, ResultCheck<names::zipped_product, LogicalProduct<Layout<S, D>, T>, Layout<S, D>, T>: Holds,
    Layout<S, D>: ApplyTiler<ProductOp, T>,
    T: TilerCheck<Layout<S, D>>,
    LogicalProduct<Layout<S, D>, T>: Zip2By<T>,
    LogicalProduct<Layout<S, D>, T>: ResultVerdict<names::zipped_product, Layout<S, D>, T>,
    ZippedProduct<Layout<S, D>, T>: Made,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LayoutTiled<ProductOp, Layout<S, D>, T>>::OK;
    Made::made()
}

/// `((A modes...), products..., other modes...)` (CuTe's `tiled_product`).
///
/// ```
/// use cute::{tiled_product, HCons, HNil, Layout};
/// use cute::typenum::{P1, P2, P3};
/// type A = Layout![(2,2):(1,2)];
/// let t = HCons { head: Layout::<P3, P1>::new(), tail: HCons { head: Layout::<P2, P1>::new(), tail: HNil } };
/// assert_eq!(tiled_product(A::new(), t).to_string(), "((_2,_2),_3,_2):((_1,_2),_2,_1)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tiled_product<S, D, T>(a: Layout<S, D>, tiler: T) -> TiledProduct<Layout<S, D>, T>
where <T as TilerCheck<Layout<S, D>>>::Output: Holds, ResultCheck<names::tiled_product, LogicalProduct<Layout<S, D>, T>, Layout<S, D>, T>: Holds,
    Layout<S, D>: ApplyTiler<ProductOp, T>,
    T: TilerCheck<Layout<S, D>>,
    LogicalProduct<Layout<S, D>, T>: Zip2By<T>,
    ZippedProduct<Layout<S, D>, T>: Unpack1,
    LogicalProduct<Layout<S, D>, T>: ResultVerdict<names::tiled_product, Layout<S, D>, T>,
    TiledProduct<Layout<S, D>, T>: Made,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LayoutTiled<ProductOp, Layout<S, D>, T>>::OK;
    Made::made()
}

/// `(A modes..., products..., other modes...)` (CuTe's `flat_product`).
///
/// ```
/// use cute::{flat_product, HCons, HNil, Layout};
/// use cute::typenum::{P1, P2, P3};
/// type A = Layout![(2,2):(1,2)];
/// let t = HCons { head: Layout::<P3, P1>::new(), tail: HCons { head: Layout::<P2, P1>::new(), tail: HNil } };
/// assert_eq!(flat_product(A::new(), t).to_string(), "(_2,_2,_3,_2):(_1,_2,_2,_1)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn flat_product<S, D, T>(a: Layout<S, D>, tiler: T) -> FlatProduct<Layout<S, D>, T>
where <T as TilerCheck<Layout<S, D>>>::Output: Holds, ResultCheck<names::flat_product, LogicalProduct<Layout<S, D>, T>, Layout<S, D>, T>: Holds,
    Layout<S, D>: ApplyTiler<ProductOp, T>,
    T: TilerCheck<Layout<S, D>>,
    LogicalProduct<Layout<S, D>, T>: Zip2By<T>,
    ZippedProduct<Layout<S, D>, T>: Unpack2,
    LogicalProduct<Layout<S, D>, T>: ResultVerdict<names::flat_product, Layout<S, D>, T>,
    FlatProduct<Layout<S, D>, T>: Made,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LayoutTiled<ProductOp, Layout<S, D>, T>>::OK;
    Made::made()
}

/// `A` padded with `_1:_0` modes to the rank of the shape `O` ([`Pad`]).
pub(crate) type Padded<A, O> = <A as Pad<O>>::Output;
/// The layout `Self` padded with `_1:_0` modes to the rank of the shape `O`, when that is larger
/// (CuTe's `append`; the walk of layouts with runtime leaves, [`PadTo`]).
#[doc(hidden)]
pub trait Pad<O> {
    /// The padded layout.
    type Output;
}
impl<S: PadTo<D, O>, D, O> Pad<O> for Layout<S, D>
where
    S::Shape: IntTuple,
    S::Stride: IntTuple,
{
    type Output = Layout<S::Shape, S::Stride>;
}
/// The logical product of the padded operands.
type PaddedProduct<SA, DA, SB, DB> = LogicalProduct<Padded<Layout<SA, DA>, SB>, Padded<Layout<SB, DB>, SA>>;
/// The two modes of the padded product.
type Part<SA, DA, SB, DB, const I: usize> = <PaddedProduct<SA, DA, SB, DB> as PartOf<I>>::Layout;

/// Mode `I` (0 or 1) of a rank-2 layout.
pub trait PartOf<const I: usize> {
    /// The mode.
    type Layout;
}
impl<S0, S1, D0, D1> PartOf<0> for Layout<HCons<S0, HCons<S1, HNil>>, HCons<D0, HCons<D1, HNil>>> {
    type Layout = Layout<S0, D0>;
}
impl<S0, S1, D0, D1> PartOf<1> for Layout<HCons<S0, HCons<S1, HNil>>, HCons<D0, HCons<D1, HNil>>> {
    type Layout = Layout<S1, D1>;
}

/// CuTe's `zip` of the layouts `Self` and `Y`, `((x0,y0),(x1,y1),...)` (the walk of layouts with
/// runtime leaves, [`ZipWith`]).
pub trait Zipped<Y> {
    /// The zipped layout.
    type Output;
}
impl<XS: ZipWith<XD, YS, YD>, XD, YS, YD> Zipped<Layout<YS, YD>> for Layout<XS, XD> {
    type Output = Layout<XS::Shape, XS::Stride>;
}

/// The static rank-sensitive products: `blocked_product` and `raked_product` of `A` and `Self`.
/// (`Self` is the second operand so that the trait solver waits until both are known.)
pub trait RankProduct<A> {
    /// The compile-time check of the underlying logical product.
    const RESULT: Checked;
}
impl<SA, DA, SB, DB> RankProduct<Layout<SA, DA>> for Layout<SB, DB>
where
    Layout<SA, DA>: Pad<SB>,
    Layout<SB, DB>: Pad<SA>,
    Padded<Layout<SA, DA>, SB>: ApplyTiler<ProductOp, Padded<Layout<SB, DB>, SA>>,
    PaddedProduct<SA, DA, SB, DB>: PartOf<0> + PartOf<1>,
{
    const RESULT: Checked = <Padded<Layout<SA, DA>, SB> as ApplyTiler<ProductOp, Padded<Layout<SB, DB>, SA>>>::RESULT;
}

/// The static `blocked_product(A, Self)`: the padded product's modes zipped `(A, copies)`.
pub trait Blocked<A>: RankProduct<A> {
    /// The result.
    type Output;
}
impl<SA, DA, SB, DB> Blocked<Layout<SA, DA>> for Layout<SB, DB>
where
    Layout<SB, DB>: RankProduct<Layout<SA, DA>>,
    Layout<SA, DA>: Pad<SB>,
    Layout<SB, DB>: Pad<SA>,
    Padded<Layout<SA, DA>, SB>: ApplyTiler<ProductOp, Padded<Layout<SB, DB>, SA>>,
    PaddedProduct<SA, DA, SB, DB>: PartOf<0> + PartOf<1>,
    Part<SA, DA, SB, DB, 0>: Zipped<Part<SA, DA, SB, DB, 1>>,
{
    type Output = <Part<SA, DA, SB, DB, 0> as Zipped<Part<SA, DA, SB, DB, 1>>>::Output;
}

/// The static `raked_product(A, Self)`: the padded product's modes zipped `(copies, A)`.
pub trait Raked<A>: RankProduct<A> {
    /// The result.
    type Output;
}
impl<SA, DA, SB, DB> Raked<Layout<SA, DA>> for Layout<SB, DB>
where
    Layout<SB, DB>: RankProduct<Layout<SA, DA>>,
    Layout<SA, DA>: Pad<SB>,
    Layout<SB, DB>: Pad<SA>,
    Padded<Layout<SA, DA>, SB>: ApplyTiler<ProductOp, Padded<Layout<SB, DB>, SA>>,
    PaddedProduct<SA, DA, SB, DB>: PartOf<0> + PartOf<1>,
    Part<SA, DA, SB, DB, 1>: Zipped<Part<SA, DA, SB, DB, 0>>,
{
    type Output = <Part<SA, DA, SB, DB, 1> as Zipped<Part<SA, DA, SB, DB, 0>>>::Output;
}

/// The check of `blocked_product(A, B)` and `raked_product(A, B)`, for [`Verify`].
pub(crate) struct RankCheck<A, B>(PhantomData<(A, B)>);
impl<A, B: RankProduct<A>> Check for RankCheck<A, B> {
    const RESULT: Checked = <B as RankProduct<A>>::RESULT;
}

/// Reproduce the block A over the tiler B mode by mode, `((a0,b0'),(a1,b1'),...)` (CuTe's
/// `blocked_product`); both are padded with `1:0` modes to the larger rank.
///
/// ```
/// use cute::{blocked_product, Layout};
/// type A = Layout![(3,4):(4,1)];
/// type B = Layout![(2,5):(1,2)];
/// assert_eq!(blocked_product(A::new(), B::new()).to_string(), "((_3,_2),(_4,_5)):((_4,_12),(_1,_24))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn blocked_product<A, B>(a: A, b: B) -> <B as Blocked<A>>::Output
where ResultCheck<names::blocked_product, <B as Blocked<A>>::Output, A, B>: Holds,
    B: Blocked<A>,
    <B as Blocked<A>>::Output: Made + ResultVerdict<names::blocked_product, A, B>,
{
    blocked_product_checked(a, b)
}

/// [`blocked_product`] with its conditions checked in `const` evaluation only (see
/// [`logical_product_checked`]).
pub(crate) fn blocked_product_checked<A, B>(a: A, b: B) -> <B as Blocked<A>>::Output
where
    B: Blocked<A>,
    <B as Blocked<A>>::Output: Made,
{
    let _ = (a, b);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RankCheck<A, B>>::OK;
    <<B as Blocked<A>>::Output as Made>::made()
}

/// Interleave copies of the block A by the tiler B, `((b0',a0),(b1',a1),...)` (CuTe's
/// `raked_product`).
///
/// ```
/// use cute::{raked_product, Layout};
/// type A = Layout![(3,4):(4,1)];
/// type B = Layout![(2,5):(1,2)];
/// assert_eq!(raked_product(A::new(), B::new()).to_string(), "((_2,_3),(_5,_4)):((_12,_4),(_24,_1))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn raked_product<A, B>(a: A, b: B) -> <B as Raked<A>>::Output
where ResultCheck<names::raked_product, <B as Raked<A>>::Output, A, B>: Holds,
    B: Raked<A>,
    <B as Raked<A>>::Output: Made + ResultVerdict<names::raked_product, A, B>,
{
    raked_product_checked(a, b)
}

/// [`raked_product`] with its conditions checked in `const` evaluation only (see
/// [`logical_product_checked`]).
pub(crate) fn raked_product_checked<A, B>(a: A, b: B) -> <B as Raked<A>>::Output
where
    B: Raked<A>,
    <B as Raked<A>>::Output: Made,
{
    let _ = (a, b);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<RankCheck<A, B>>::OK;
    <<B as Raked<A>>::Output as Made>::made()
}
