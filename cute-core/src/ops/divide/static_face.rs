//! Static logical divide and its regroupings (`zipped_divide`, `tiled_divide`, `flat_divide`).
//!
//! `logical_divide(A, B) = A o (B, complement(B, shape(coalesce(A))))`: mode 0 of the result is
//! `A o B` (theorems T2 and T4), and the result agrees with `A(D(i))` wherever `D(i)` lies in
//! A's domain.

// The checks return `Result<(), Message>`: the message is built in `const` evaluation without an
// allocator, so it cannot be boxed, and it is only ever built on the path to a compile error.
#![allow(clippy::result_large_err)]

use crate::ops::ResultCheck;
use core::marker::PhantomData;

use frunk_core::hlist::{HCons, HNil};

use crate::flat;
use crate::ops::coalesce::static_face::CoalesceModes;
use crate::ops::complement::static_face::ComplementVerdict;
use crate::ops::complement::static_face::{complement_of, Complement};
use crate::ops::complement::static_face::{NoComplement, TileComplement};
use crate::ops::composition::mixed_face::{self as marks, Unmarked};
use crate::ops::composition::static_face::Compose;
use crate::ops::composition::static_face::ResultVerdict;
use crate::ops::composition::static_face::{MarksIfPositive, Within};
use crate::statics::check::{attempt, composition, msg, overflow, product, Checked, Verify};
use crate::statics::layout::{Layout, Made};
use crate::statics::leaves::{FlatLayout, MAX_LEAVES};
use crate::statics::names;
use crate::statics::report::Holds;
use crate::statics::tiler::{
    AppliedTo, ApplyTiler, IntTile, LayoutTiled, MakeLayout, RestModes, TileOp, Tiled, TilerCheck,
};
use crate::statics::tuple::{IntTuple, Leaf};
use crate::statics::typeops::{FlatModes, ModesLayout};
use typenum::B1;

/// The shape of `coalesce(S:D)`.
pub type CoalescedShape<S, D> = <<FlatModes<S, D> as CoalesceModes>::Output as ModesLayout>::Shape;

/// The operation marker of `logical_divide`: integers mean `make_layout(n)`, A's uncovered modes
/// are kept.
pub struct DivideOp;

impl<N: MakeLayout> IntTile<N> for DivideOp {
    type Tile = <N as MakeLayout>::Output;
}

impl<SL, DL> RestModes<SL, DL> for DivideOp {
    const NAME: &'static str = "logical_divide";
    type Shape = SL;
    type Stride = DL;
    #[inline(always)]
    fn rest(shape: SL, stride: DL) -> (SL, DL) {
        (shape, stride)
    }
}

/// The layout `(B, B*)` that A is composed with.
type Divisor<SB, DB, C> = Layout<
    HCons<SB, HCons<<Layout<SB, DB> as Complement<C>>::Shape, HNil>>,
    HCons<DB, HCons<<Layout<SB, DB> as Complement<C>>::Stride, HNil>>,
>;
/// The marks of `A o (B, B*)`: every condition ([`Within`]: B* needs to agree with A only below
/// `size(A)`, which excludes no step of the walk but may spare its digits the mode of A that
/// reaches `size(A)`), none when B has no complement (a leaf
/// of the complement's shape is not positive), whose condition the verdict reports
/// ([`NotPositive`](crate::ops::composition::static_face::NotPositive)).
type Marks<SB, DB, C> = <<Layout<SB, DB> as Complement<C>>::Shape as MarksIfPositive<Within<B1>, Unmarked>>::Output;
/// The coalesced shape of A.
type Cot<A> = <A as ModesOf>::CoalescedShape;

impl<SA, DA, SB, DB> TileOp<Layout<SA, DA>, Layout<SB, DB>> for DivideOp
where
    SA: IntTuple,
    DA: IntTuple,
    SB: IntTuple,
    DB: IntTuple,
    Layout<SA, DA>: ModesOf,
    Layout<SB, DB>: Complement<Cot<Layout<SA, DA>>>,
    <Layout<SB, DB> as Complement<Cot<Layout<SA, DA>>>>::Shape: MarksIfPositive<Within<B1>, Unmarked>,
    Layout<SA, DA>: Compose<Divisor<SB, DB, Cot<Layout<SA, DA>>>, Marks<SB, DB, Cot<Layout<SA, DA>>>>,
{
    type Shape =
        <Layout<SA, DA> as Compose<Divisor<SB, DB, Cot<Layout<SA, DA>>>, Marks<SB, DB, Cot<Layout<SA, DA>>>>>::Shape;
    type Stride =
        <Layout<SA, DA> as Compose<Divisor<SB, DB, Cot<Layout<SA, DA>>>, Marks<SB, DB, Cot<Layout<SA, DA>>>>>::Stride;
    const RESULT: Checked =
        check(&FlatLayout::of::<SA, DA>(), &FlatLayout::of::<SB, DB>(), &FlatLayout::of::<Self::Shape, Self::Stride>());
}

/// Why a divide's tile `SB:DB` has no complement with respect to the cotarget `M` (the
/// coalesced shape of A's mode): [`ComplementVerdict`], which needs non-negative strides.
pub struct NoDivideComplement<SB, DB, M>(PhantomData<(SB, DB, M)>);
impl<SB, DB, M> NoComplement for NoDivideComplement<SB, DB, M>
where
    Layout<SB, DB>: ComplementVerdict<(SB, DB, M)>,
{
    type Verdict = <Layout<SB, DB> as ComplementVerdict<(SB, DB, M)>>::Output;
}
impl<SA, DA, SB, DB> TileComplement<Layout<SA, DA>, Layout<SB, DB>> for DivideOp
where
    Layout<SA, DA>: ModesOf,
    Layout<SB, DB>: ComplementVerdict<(SB, DB, Cot<Layout<SA, DA>>)>,
{
    type Why = NoDivideComplement<SB, DB, Cot<Layout<SA, DA>>>;
}
// The divides compose each tile with its complement.
crate::ops::complement::static_face::tiles_complements!(DivideOp: logical_divide, zipped_divide, tiled_divide, flat_divide);

/// The shape of a layout's coalesced form, by way of a trait so bounds stay short.
pub trait ModesOf {
    /// `shape(coalesce(A))`.
    type CoalescedShape: IntTuple;
}
impl<S: crate::statics::typeops::Flatten, D: crate::statics::typeops::Flatten> ModesOf for Layout<S, D>
where
    <S as crate::statics::typeops::Flatten>::Output:
        crate::statics::typeops::ZipModes<<D as crate::statics::typeops::Flatten>::Output>,
    FlatModes<S, D>: CoalesceModes,
    <FlatModes<S, D> as CoalesceModes>::Output: ModesLayout,
{
    type CoalescedShape = CoalescedShape<S, D>;
}

/// The conditions of `logical_divide(A, B)` for one tile, for the mixed face's all-static
/// layouts (the same messages as here).
pub(crate) const fn conditions(a: &FlatLayout, b: &FlatLayout) -> Checked {
    check_with(a, b, None)
}

/// Check `logical_divide(A, B)` for one tile at compile time: B's complement exists, and A o
/// (B, B*) is admissible with B exact everywhere and B* inside A's domain.
const fn check(a: &FlatLayout, b: &FlatLayout, result: &FlatLayout) -> Checked {
    check_with(a, b, Some(result))
}

/// [`check`], the trait solver's result compared when given.
const fn check_with(a: &FlatLayout, b: &FlatLayout, result: Option<&FlatLayout>) -> Checked {
    // The cotarget: shape(coalesce(A)).
    let (mut cs, mut cd) = ([0i64; MAX_LEAVES + 2], [0i64; MAX_LEAVES + 2]);
    let cn = match flat::coalesce(a.shapes(), a.strides(), false, &mut cs, &mut cd) {
        Ok(n) => n,
        Err(o) => return Err(overflow(o)),
    };
    let rest = match complement_of(b, cs.split_at(cn).0) {
        Ok(r) => r,
        Err(m) => return Err(m),
    };
    // D = (B, B*), flat.
    if b.shape.len.saturating_add(rest.shape.len) > MAX_LEAVES {
        return Err(msg("a static tuple has more than 64 leaves"));
    }
    let mut d = FlatLayout { shape: b.shape, stride: b.stride };
    d.shape = d.shape.concat(rest.shape);
    d.stride = d.stride.concat(rest.stride);
    let size = attempt!(product(&a.shape));
    composition(a, &d, result, Some(size), b.shape.len)
}

/// CuTe's `zip2_by`: gather the rank-2 modes a tiler produced into
/// `((tiles...), (rests..., other modes...))`; a tiler that is not a tuple leaves the (rank-2)
/// layout as it is.
#[diagnostic::on_unimplemented(
    message = "rank mismatch: zip2_by: a mode of `{Self}` is not a pair (tile, rest) under the tiler `{T}`",
    label = "a zipped, tiled or flat divide or product regroups only rank-2 modes (CuTe's zip2_by); a `_` entry leaves its mode as it is"
)]
pub trait Zip2By<T> {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
}
impl<S: IntTuple, D: IntTuple, SB, DB> Zip2By<Layout<SB, DB>> for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}
impl<S: IntTuple, D: IntTuple, U: typenum::Unsigned + typenum::NonZero> Zip2By<typenum::PInt<U>> for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}
impl<S: IntTuple, D: IntTuple> Zip2By<crate::statics::tiler::Underscore> for Layout<S, D> {
    type Shape = S;
    type Stride = D;
}
impl<S, D, T0, TR> Zip2By<HCons<T0, TR>> for Layout<S, D>
where
    S: Zip2Modes<D, HCons<T0, TR>>,
    <S as Zip2Modes<D, HCons<T0, TR>>>::FirstS: IntTuple,
    <S as Zip2Modes<D, HCons<T0, TR>>>::FirstD: IntTuple,
    <S as Zip2Modes<D, HCons<T0, TR>>>::SecondS: IntTuple,
    <S as Zip2Modes<D, HCons<T0, TR>>>::SecondD: IntTuple,
{
    type Shape =
        HCons<<S as Zip2Modes<D, HCons<T0, TR>>>::FirstS, HCons<<S as Zip2Modes<D, HCons<T0, TR>>>::SecondS, HNil>>;
    type Stride =
        HCons<<S as Zip2Modes<D, HCons<T0, TR>>>::FirstD, HCons<<S as Zip2Modes<D, HCons<T0, TR>>>::SecondD, HNil>>;
}

/// Split the modes `Self:D` by the tilers `TL`: each covered mode is a rank-2 `(first, second)`;
/// uncovered modes join the seconds.
#[diagnostic::on_unimplemented(
    message = "rank mismatch: zip2_by: a mode of shape `{Self}` is not a pair (tile, rest) under the tiler `{TL}`",
    label = "a zipped, tiled or flat divide or product regroups only rank-2 modes (CuTe's zip2_by); a `_` entry leaves its mode as it is"
)]
pub trait Zip2Modes<D, TL> {
    /// The firsts' shapes.
    type FirstS;
    /// The firsts' strides.
    type FirstD;
    /// The seconds' shapes.
    type SecondS;
    /// The seconds' strides.
    type SecondD;
}
impl<S, D> Zip2Modes<D, HNil> for S {
    type FirstS = HNil;
    type FirstD = HNil;
    type SecondS = S;
    type SecondD = D;
}
/// Tiler entries past the layout's last mode: nothing to zip (the verdict reports them).
impl<T0, TR> Zip2Modes<HNil, HCons<T0, TR>> for HNil {
    type FirstS = HNil;
    type FirstD = HNil;
    type SecondS = HNil;
    type SecondD = HNil;
}
/// A leaf layout with a tiler of several entries: nothing to zip (the verdict reports them).
impl<S: Leaf, D, T0, T1, TR> Zip2Modes<D, HCons<T0, HCons<T1, TR>>> for S {
    type FirstS = HNil;
    type FirstD = HNil;
    type SecondS = S;
    type SecondD = D;
}
/// A leaf layout is its own single mode.
impl<S: Leaf, D, T0> Zip2Modes<D, HCons<T0, HNil>> for S
where
    HCons<S, HNil>: Zip2Modes<HCons<D, HNil>, HCons<T0, HNil>>,
{
    type FirstS = <HCons<S, HNil> as Zip2Modes<HCons<D, HNil>, HCons<T0, HNil>>>::FirstS;
    type FirstD = <HCons<S, HNil> as Zip2Modes<HCons<D, HNil>, HCons<T0, HNil>>>::FirstD;
    type SecondS = <HCons<S, HNil> as Zip2Modes<HCons<D, HNil>, HCons<T0, HNil>>>::SecondS;
    type SecondD = <HCons<S, HNil> as Zip2Modes<HCons<D, HNil>, HCons<T0, HNil>>>::SecondD;
}
/// A tuple mode under the tiler entry `T0`: a pair `(tile, rest)` for a leaf or layout entry;
/// for a tuple entry, any mode of at least its rank (its modes past the entry's join the rest,
/// as CuTe's `zip2_by` does).
impl<M0, MR, DM0, DMR, ST, DT, T0, TR> Zip2Modes<HCons<HCons<DM0, DMR>, DT>, HCons<T0, TR>> for HCons<HCons<M0, MR>, ST>
where
    Layout<HCons<M0, MR>, HCons<DM0, DMR>>: Zip2By<T0>,
    <Layout<HCons<M0, MR>, HCons<DM0, DMR>> as Zip2By<T0>>::Shape: Pair,
    <Layout<HCons<M0, MR>, HCons<DM0, DMR>> as Zip2By<T0>>::Stride: Pair,
    ST: Zip2Modes<DT, TR>,
{
    type FirstS = HCons<
        <<Layout<HCons<M0, MR>, HCons<DM0, DMR>> as Zip2By<T0>>::Shape as Pair>::First,
        <ST as Zip2Modes<DT, TR>>::FirstS,
    >;
    type FirstD = HCons<
        <<Layout<HCons<M0, MR>, HCons<DM0, DMR>> as Zip2By<T0>>::Stride as Pair>::First,
        <ST as Zip2Modes<DT, TR>>::FirstD,
    >;
    type SecondS = HCons<
        <<Layout<HCons<M0, MR>, HCons<DM0, DMR>> as Zip2By<T0>>::Shape as Pair>::Second,
        <ST as Zip2Modes<DT, TR>>::SecondS,
    >;
    type SecondD = HCons<
        <<Layout<HCons<M0, MR>, HCons<DM0, DMR>> as Zip2By<T0>>::Stride as Pair>::Second,
        <ST as Zip2Modes<DT, TR>>::SecondD,
    >;
}

/// A rank-2 tuple's two elements.
pub trait Pair {
    /// The first element.
    type First;
    /// The second element.
    type Second;
}
impl<A, B> Pair for HCons<A, HCons<B, HNil>> {
    type First = A;
    type Second = B;
}

/// CuTe's slicing with `repeat<R>(_)`: a mode of rank > 1 spreads its modes into the parent, a
/// mode of rank 1 (a leaf or a one-element tuple) stays one mode. The output is a list.
pub trait Spread {
    /// The modes it contributes.
    type Output;
}
/// A leaf contributes itself; so does a mark of a violated condition (its verdict fails the
/// call, so no value has this type).
macro_rules! spread_leaf {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> Spread for $ty {
            type Output = HCons<$ty, HNil>;
        }
    )*};
}
spread_leaf! {
    [U: typenum::Unsigned + typenum::NonZero] typenum::PInt<U>;
    [U: typenum::Unsigned + typenum::NonZero] typenum::NInt<U>;
    [] typenum::Z0;
    [R, S] marks::StrideDivisibilityMark<R, S>;
    [R, S] marks::StrideNotDivisorMark<R, S>;
    [R, S] marks::StrideNotMultipleMark<R, S>;
    [R, S] marks::ShapeDivisibilityMark<R, S>;
}
impl Spread for HNil {
    type Output = HCons<HNil, HNil>;
}
impl<H> Spread for HCons<H, HNil> {
    type Output = HCons<HCons<H, HNil>, HNil>;
}
impl<H, X, T> Spread for HCons<H, HCons<X, T>> {
    type Output = HCons<H, HCons<X, T>>;
}

/// `tiled_divide`'s regrouping: `(first, second...)` from the rank-2 `(first, second)`.
pub trait Unpack1 {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
}
impl<F, G, DF, DG> Unpack1 for Layout<HCons<F, HCons<G, HNil>>, HCons<DF, HCons<DG, HNil>>>
where
    G: Spread,
    DG: Spread,
    HCons<F, <G as Spread>::Output>: IntTuple,
    HCons<DF, <DG as Spread>::Output>: IntTuple,
{
    type Shape = HCons<F, <G as Spread>::Output>;
    type Stride = HCons<DF, <DG as Spread>::Output>;
}

/// `flat_divide`'s regrouping: `(first..., second...)` from the rank-2 `(first, second)`.
pub trait Unpack2 {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
}
impl<F, G, DF, DG> Unpack2 for Layout<HCons<F, HCons<G, HNil>>, HCons<DF, HCons<DG, HNil>>>
where
    F: Spread,
    G: Spread,
    DF: Spread,
    DG: Spread,
    <F as Spread>::Output: core::ops::Add<<G as Spread>::Output>,
    <DF as Spread>::Output: core::ops::Add<<DG as Spread>::Output>,
    <<F as Spread>::Output as core::ops::Add<<G as Spread>::Output>>::Output: IntTuple,
    <<DF as Spread>::Output as core::ops::Add<<DG as Spread>::Output>>::Output: IntTuple,
{
    type Shape = <<F as Spread>::Output as core::ops::Add<<G as Spread>::Output>>::Output;
    type Stride = <<DF as Spread>::Output as core::ops::Add<<DG as Spread>::Output>>::Output;
}

/// The result type of `logical_divide(A, T)`.
pub type LogicalDivide<A, T> = Layout<<A as ApplyTiler<DivideOp, T>>::Shape, <A as ApplyTiler<DivideOp, T>>::Stride>;
/// The result type of `zipped_divide(A, T)`.
pub type ZippedDivide<A, T> =
    Layout<<LogicalDivide<A, T> as Zip2By<T>>::Shape, <LogicalDivide<A, T> as Zip2By<T>>::Stride>;
/// The result type of `tiled_divide(A, T)`.
pub type TiledDivide<A, T> = Layout<<ZippedDivide<A, T> as Unpack1>::Shape, <ZippedDivide<A, T> as Unpack1>::Stride>;
/// The result type of `flat_divide(A, T)`.
pub type FlatDivide<A, T> = Layout<<ZippedDivide<A, T> as Unpack2>::Shape, <ZippedDivide<A, T> as Unpack2>::Stride>;

/// Split A by a tiler into `(tile, rest)` per tiled mode (CuTe's `logical_divide`); a tuple
/// tiler divides mode by mode, `_` leaves a mode alone, an integer `n` is `make_layout(n)`.
///
/// ```
/// use cute::{logical_divide, HCons, HNil, Layout};
/// use cute::typenum::{P1, P2, P4, P8};
/// type A = Layout![(8,16):(20,1)];
/// let t = HCons { head: Layout::<P4, P1>::new(), tail: HCons { head: Layout::<P8, P2>::new(), tail: HNil } };
/// assert_eq!(logical_divide(A::new(), t).to_string(), "((_4,_2),(_8,_2)):((_20,_80),(_2,_1))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn logical_divide<S, D, T>(a: Layout<S, D>, tiler: T) -> <T as AppliedTo<DivideOp, Layout<S, D>>>::Output
where <T as TilerCheck<Layout<S, D>>>::Output: Holds,
    T: AppliedTo<DivideOp, Layout<S, D>>,
    T: TilerCheck<Layout<S, D>>,
    <T as AppliedTo<DivideOp, Layout<S, D>>>::Output: ResultVerdict<names::logical_divide, Layout<S, D>, T>,
    <<T as AppliedTo<DivideOp, Layout<S, D>>>::Output as ResultVerdict<names::logical_divide, Layout<S, D>, T>>::Output:
        Holds,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Tiled<DivideOp, Layout<S, D>, T>>::OK;
    <<T as AppliedTo<DivideOp, Layout<S, D>>>::Output as Made>::made()
}

/// `((tiles...), (rests..., other modes...))` (CuTe's `zipped_divide`); mode 0 is `A o B`.
///
/// ```
/// use cute::{zipped_divide, HCons, HNil, Layout};
/// use cute::typenum::{P1, P2, P4, P8};
/// type A = Layout![(8,16):(20,1)];
/// let t = HCons { head: Layout::<P4, P1>::new(), tail: HCons { head: Layout::<P8, P2>::new(), tail: HNil } };
/// assert_eq!(zipped_divide(A::new(), t).to_string(), "((_4,_8),(_2,_2)):((_20,_2),(_80,_1))");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn zipped_divide<S, D, T>(a: Layout<S, D>, tiler: T) -> ZippedDivide<Layout<S, D>, T>
where <T as TilerCheck<Layout<S, D>>>::Output: Holds, ResultCheck<names::zipped_divide, LogicalDivide<Layout<S, D>, T>, Layout<S, D>, T>: Holds,
    Layout<S, D>: ApplyTiler<DivideOp, T>,
    T: TilerCheck<Layout<S, D>>,
    LogicalDivide<Layout<S, D>, T>: Zip2By<T>,
    LogicalDivide<Layout<S, D>, T>: ResultVerdict<names::zipped_divide, Layout<S, D>, T>,
    ZippedDivide<Layout<S, D>, T>: Made,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LayoutTiled<DivideOp, Layout<S, D>, T>>::OK;
    Made::made()
}

/// `((tiles...), rests..., other modes...)` (CuTe's `tiled_divide`).
///
/// ```
/// use cute::{tiled_divide, HCons, HNil, Layout};
/// use cute::typenum::{P1, P2, P4, P8};
/// type A = Layout![(8,16):(20,1)];
/// let t = HCons { head: Layout::<P4, P1>::new(), tail: HCons { head: Layout::<P8, P2>::new(), tail: HNil } };
/// assert_eq!(tiled_divide(A::new(), t).to_string(), "((_4,_8),_2,_2):((_20,_2),_80,_1)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn tiled_divide<S, D, T>(a: Layout<S, D>, tiler: T) -> TiledDivide<Layout<S, D>, T>
where <T as TilerCheck<Layout<S, D>>>::Output: Holds, ResultCheck<names::tiled_divide, LogicalDivide<Layout<S, D>, T>, Layout<S, D>, T>: Holds,
    Layout<S, D>: ApplyTiler<DivideOp, T>,
    T: TilerCheck<Layout<S, D>>,
    LogicalDivide<Layout<S, D>, T>: Zip2By<T>,
    ZippedDivide<Layout<S, D>, T>: Unpack1,
    LogicalDivide<Layout<S, D>, T>: ResultVerdict<names::tiled_divide, Layout<S, D>, T>,
    TiledDivide<Layout<S, D>, T>: Made,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LayoutTiled<DivideOp, Layout<S, D>, T>>::OK;
    Made::made()
}

/// `(tiles..., rests..., other modes...)` (CuTe's `flat_divide`).
///
/// ```
/// use cute::{flat_divide, HCons, HNil, Layout};
/// use cute::typenum::{P1, P2, P4, P8};
/// type A = Layout![(8,16):(20,1)];
/// let t = HCons { head: Layout::<P4, P1>::new(), tail: HCons { head: Layout::<P8, P2>::new(), tail: HNil } };
/// assert_eq!(flat_divide(A::new(), t).to_string(), "(_4,_8,_2,_2):(_20,_2,_80,_1)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn flat_divide<S, D, T>(a: Layout<S, D>, tiler: T) -> FlatDivide<Layout<S, D>, T>
where <T as TilerCheck<Layout<S, D>>>::Output: Holds, ResultCheck<names::flat_divide, LogicalDivide<Layout<S, D>, T>, Layout<S, D>, T>: Holds,
    Layout<S, D>: ApplyTiler<DivideOp, T>,
    T: TilerCheck<Layout<S, D>>,
    LogicalDivide<Layout<S, D>, T>: Zip2By<T>,
    ZippedDivide<Layout<S, D>, T>: Unpack2,
    LogicalDivide<Layout<S, D>, T>: ResultVerdict<names::flat_divide, Layout<S, D>, T>,
    FlatDivide<Layout<S, D>, T>: Made,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<LayoutTiled<DivideOp, Layout<S, D>, T>>::OK;
    Made::made()
}
