//! Static composition: the result type is the walk of [`mixed::composition`](crate::mixed::composition)
//! (CuTe's `coalesce_x` of A, then `composition_impl` on each leaf of B), which with every leaf
//! static takes each step on the leaves' types, as CuTe's `if constexpr` does. The walk marks the
//! conditions of each leaf of B that its static values violate in place of the mode
//! ([`ExactMarks`]) and, where B has several leaves, records each leaf's digits in A's modes
//! ([`Digit`]); the overlap of B's leaves is read from those digits ([`Overlap`]) and marks the
//! result's last leaf where it fails.
//! The function requires the first mark of its result to hold ([`ResultVerdict`]), so that `cargo
//! check` reports it. All the conditions are also checked in `const` evaluation by the same code as
//! the dynamic engine (`flat`), which also computes the result's leaves; the check compares them
//! with the trait solver's result, so the two faces cannot drift apart.

use frunk_core::hlist::HNil;
use typenum::P1;

use super::check::{Checked, Verify};
use super::layout::{Layout, Made};
use super::leaves::FlatLayout;
use super::leaves::Leaves;
use super::names;
use super::report::Holds;
use super::report::{
    Failure, MixedSignsFail, ModeOverlapFail, Pass, ShapeDivisibilityFail, Shown, ShownUnsigned,
    StrideDivisibilityFail, StrideNotDivisorFail, StrideNotMultipleFail, Then,
};
use super::tiler::{AppliedTo, ApplyTiler, IntTile, RestModes, TileOp, Tiled, TilerCheck};
use super::tuple::IntTuple;
use super::typeops::IsP1;
use crate::mixed::coalesce::{Coalesce, Extend, Finish, Flatten as MixedFlatten, ModesOf, Zip};
use crate::mixed::composition::{
    CoalescedX, ComposeTree, Digit, ExactMarks, LeafDigits, Minus, NoDigits, Plus, ShapeDivisibilityMark,
    StrideDivisibilityMark, StrideNotDivisorMark, StrideNotMultipleMark, TreeDigits, TreeShape, TreeStride, Unmarked,
    Zero,
};
use core::fmt;
use core::marker::PhantomData;
use core::ops::{Add, BitAnd, Mul, Sub};
use frunk_core::hlist::HCons;
use typenum::{Add1, Bit, IsLess, NInt, NonZero, PInt, Prod, Sub1, Sum, UInt, UTerm, Unsigned, B0, B1, N1, P2, U0, Z0};

/// The static `A o B`: the result type of [`composition`](crate::composition()), computed by the
/// walk of layouts with runtime leaves, with the marks `K` of violated conditions
/// ([`ExactMarks`]: every condition of each leaf of B; [`Unmarked`] where another condition
/// comes first, or for the compositions inside other operations that do not read marks).
#[doc(hidden)]
pub trait Compose<B, K = ExactMarks> {
    /// The shape of the composition.
    type Shape: IntTuple;
    /// The stride of the composition.
    type Stride: IntTuple;
}
impl<SA, DA, SB, DB> Compose<Layout<SB, DB>, Unmarked> for Layout<SA, DA>
where
    SA: MixedFlatten,
    DA: MixedFlatten,
    SA::Output: Zip<DA::Output>,
    ModesOf<SA, DA>: Extend,
    <ModesOf<SA, DA> as Extend>::Output: Coalesce,
    <<ModesOf<SA, DA> as Extend>::Output as Coalesce>::Output: Finish,
    SB: ComposeTree<DB, CoalescedX<SA, DA>, Unmarked>,
    TreeShape<SB, DB, CoalescedX<SA, DA>, Unmarked>: IntTuple,
    TreeStride<SB, DB, CoalescedX<SA, DA>, Unmarked>: IntTuple,
{
    type Shape = TreeShape<SB, DB, CoalescedX<SA, DA>, Unmarked>;
    type Stride = TreeStride<SB, DB, CoalescedX<SA, DA>, Unmarked>;
}
/// With every condition marked ([`Exact`]: [`ExactMarks`] or [`Within`]): the conditions of
/// each leaf of B in place of its modes, then, for B of several leaves, the overlap of B's
/// leaves ([`Overlap`], read from the digits the same walk records), which marks the shape's last
/// leaf ([`Overlapped`]) only where it fails ([`Marked`]).
impl<SA, DA, SB, DB, K: Exact> Compose<Layout<SB, DB>, K> for Layout<SA, DA>
where
    SA: MixedFlatten,
    DA: MixedFlatten,
    SA::Output: Zip<DA::Output>,
    ModesOf<SA, DA>: Extend,
    <ModesOf<SA, DA> as Extend>::Output: Coalesce,
    <<ModesOf<SA, DA> as Extend>::Output as Coalesce>::Output: Finish,
    SB: LeafCount,
    SB::Output: Marked<SB, DB, CoalescedX<SA, DA>, K, SA>,
    <SB::Output as Marked<SB, DB, CoalescedX<SA, DA>, K, SA>>::Stride: IntTuple,
{
    type Shape = <SB::Output as Marked<SB, DB, CoalescedX<SA, DA>, K, SA>>::Shape;
    type Stride = <SB::Output as Marked<SB, DB, CoalescedX<SA, DA>, K, SA>>::Stride;
}
/// Whether B's shape `Self` has one leaf at most ([`OneLeaf`]) or several ([`SeveralLeaves`]).
pub trait LeafCount {
    /// [`OneLeaf`] or [`SeveralLeaves`].
    type Output;
}
/// B has one leaf at most: it cannot overlap, and its walk records no digits.
pub struct OneLeaf;
/// B has several leaves.
pub struct SeveralLeaves;
impl<U: Unsigned + NonZero> LeafCount for PInt<U> {
    type Output = OneLeaf;
}
impl<U: Unsigned + NonZero> LeafCount for NInt<U> {
    type Output = OneLeaf;
}
impl LeafCount for Z0 {
    type Output = OneLeaf;
}
impl LeafCount for HNil {
    type Output = OneLeaf;
}
impl<H: LeafCount> LeafCount for HCons<H, HNil> {
    type Output = H::Output;
}
impl<H, X, T> LeafCount for HCons<H, HCons<X, T>> {
    type Output = SeveralLeaves;
}
/// The marked composition of the coalesced modes `A` (of a layout of shape `SA`) with B
/// (`SB:DB`), with the marks `K`, by `Self`, how many leaves B has.
///
/// The modes `A` may have integer or basis strides (their stride is the result's, bounded where
/// it is used).
pub trait Marked<SB, DB, A, K, SA> {
    /// The shape of the composition.
    type Shape: IntTuple;
    /// The stride of the composition.
    type Stride;
}
impl<SB, DB, A, K, SA> Marked<SB, DB, A, K, SA> for OneLeaf
where
    SB: ComposeTree<DB, A, ExactMarks<NoDigits>>,
    TreeShape<SB, DB, A, ExactMarks<NoDigits>>: IntTuple,
{
    type Shape = TreeShape<SB, DB, A, ExactMarks<NoDigits>>;
    type Stride = TreeStride<SB, DB, A, ExactMarks<NoDigits>>;
}
impl<SB, DB, A, K: Exact + Extension<SA>, SA> Marked<SB, DB, A, K, SA> for SeveralLeaves
where
    SB: ComposeTree<DB, A, ExactMarks>,
    TreeDigits<SB, DB, A, ExactMarks>: Overlap<A, K, <K as Extension<SA>>::Output>,
    <TreeDigits<SB, DB, A, ExactMarks> as Overlap<A, K, <K as Extension<SA>>::Output>>::Output:
        MarkShape<TreeShape<SB, DB, A, ExactMarks>>,
{
    type Shape =
        <<TreeDigits<SB, DB, A, ExactMarks> as Overlap<A, K, <K as Extension<SA>>::Output>>::Output as MarkShape<
            TreeShape<SB, DB, A, ExactMarks>,
        >>::Output;
    type Stride = TreeStride<SB, DB, A, ExactMarks>;
}

/// The marks of a composition inside a divide or a product: every condition, as
/// [`ExactMarks`], but B's top-level modes from the first if `F` is `B0` (a product's copies),
/// from the second if `B1` (a divide's B*), need to agree with A only below its size, as the
/// dynamic engine's `composition_within`: their digits in a mode of A that only carries past
/// that bound are not summed.
pub struct Within<F>(PhantomData<F>);
/// The kinds of marks that mark every condition: which of B's top-level modes must agree with
/// A everywhere (strict), and whether the others are bounded by A's size.
pub trait Exact {
    /// `B1` when B's modes past the strict ones are bounded.
    type Bounded;
    /// `B1` when the first top-level mode is strict.
    type Strict;
    /// The kind for the top-level modes after the first.
    type Rest: Exact;
}
impl Exact for ExactMarks {
    type Bounded = B0;
    type Strict = B1;
    type Rest = ExactMarks;
}
impl<F> Exact for Within<F> {
    type Bounded = B1;
    type Strict = F;
    type Rest = Within<B0>;
}

/// The marks of a product's copies `A* o B` when A* has a shape that is not positive (CuTe's
/// complement of a layout with negative strides, or of a layout that is not injective): the walk
/// is [`Unmarked`], and where the product fails ([`NoComplement`](super::complement::NoComplement)
/// of `W`), the copies' first leaf is 0, so that the verdict finds it ([`NotPositive`]) and asks
/// why. (A*'s own shapes need not reach the copies.) A kind of marks rather than a step after the
/// composition, so that a product whose A has a complement pays nothing for it.
pub struct Degenerate<W>(PhantomData<W>);
impl<SA, DA, SB, DB, W: super::complement::NoComplement> Compose<Layout<SB, DB>, Degenerate<W>> for Layout<SA, DA>
where
    Layout<SA, DA>: Compose<Layout<SB, DB>, Unmarked>,
    W::Verdict: ZeroFirstIf<<Layout<SA, DA> as Compose<Layout<SB, DB>, Unmarked>>::Shape>,
{
    type Shape = <W::Verdict as ZeroFirstIf<<Layout<SA, DA> as Compose<Layout<SB, DB>, Unmarked>>::Shape>>::Output;
    type Stride = <Layout<SA, DA> as Compose<Layout<SB, DB>, Unmarked>>::Stride;
}
/// The shape `S` with its first leaf 0 when the verdict `Self` is a failure; `S` for [`Pass`].
pub trait ZeroFirstIf<S> {
    /// The shape.
    type Output: IntTuple;
}
impl<S: IntTuple> ZeroFirstIf<S> for Pass {
    type Output = S;
}
impl<S: FirstLeafZero, F: Failure> ZeroFirstIf<S> for F {
    type Output = S::Output;
}
/// `Self` with its first leaf 0.
pub trait FirstLeafZero {
    /// The tuple.
    type Output: IntTuple;
}
impl<H: FirstLeafZero, T: IntTuple> FirstLeafZero for HCons<H, T>
where
    HCons<H::Output, T>: IntTuple,
{
    type Output = HCons<H::Output, T>;
}
impl<U: Unsigned + NonZero> FirstLeafZero for PInt<U> {
    type Output = Z0;
}
impl<U: Unsigned + NonZero> FirstLeafZero for NInt<U> {
    type Output = Z0;
}
impl FirstLeafZero for Z0 {
    type Output = Z0;
}

/// A mark of a violated condition in the walk's result ([`StrideDivisibilityMark`] and its
/// siblings) is a leaf of the result's shape that the operation's verdict reports ([`FirstMark`])
/// as the condition's failure ([`NameIn`]); no function sees it, since the verdict fails
/// compilation first.
macro_rules! mark_leaf {
    ($($m:ident => $fail:ident),*) => {$(
        impl<R: 'static, S: 'static> IntTuple for $m<R, S> {
            const RANK: usize = 1;
            const DEPTH: usize = 0;
            const IS_LEAF: bool = true;
            const LEAVES: Leaves = Leaves::one(0);
            fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("?")
            }
            #[cfg(feature = "alloc")]
            fn to_dynamic() -> crate::dynamic::IntTuple {
                crate::dynamic::IntTuple::Leaf(0)
            }
        }
        impl<R, S, Acc: Then<Self>> FirstMark<Acc> for $m<R, S> {
            type Output = Acc::Output;
        }
        impl<R, S, V> Then<V> for $m<R, S> {
            type Output = Self;
        }
        impl<Op, R: Shown, M: Shown, S: Shown, D: Shown, B: Shown> NameIn<Op, S, D, B> for $m<R, M> {
            type Output = $fail<Op, S::Out, D::Out, B::Out, R::Out, M::Out>;
        }
    )*};
}
mark_leaf!(
    StrideDivisibilityMark => StrideDivisibilityFail,
    StrideNotDivisorMark => StrideNotDivisorFail,
    StrideNotMultipleMark => StrideNotMultipleFail,
    ShapeDivisibilityMark => ShapeDivisibilityFail
);

/// The marks `K` for a composition whose operand has the shape `Self`, if every leaf of it is
/// positive; else `E` ([`Unmarked`] for a divide, [`Degenerate`] for a product): a complement of
/// an inadmissible layout (non-injective, negative strides) has a leaf of non-positive shape, and
/// the divide or product that uses it reports the complement's condition ([`NotPositive`]), as
/// the dynamic engine does.
pub trait MarksIfPositive<K, E> {
    /// `K` or `E`.
    type Output;
}
impl<K, E> MarksIfPositive<K, E> for HNil {
    type Output = K;
}
impl<K, E, H: MarksIfPositive<K, E>, T: MarksIfPositive<H::Output, E>> MarksIfPositive<K, E> for HCons<H, T> {
    type Output = T::Output;
}
impl<K, E, U: Unsigned + NonZero> MarksIfPositive<K, E> for PInt<U> {
    type Output = K;
}
impl<K, E, U: Unsigned + NonZero> MarksIfPositive<K, E> for NInt<U> {
    type Output = E;
}
impl<K, E> MarksIfPositive<K, E> for Z0 {
    type Output = E;
}

/// A leaf of a result's shape that is not positive, as a mark: the operation composed with a
/// complement that does not exist (see [`MarksIfPositive`]), whose condition the verdict then
/// asks the operation for ([`Complements`](super::complement::Complements)). Only then: a
/// valid operation's result has positive shapes, and pays nothing for the question.
pub struct NotPositive;
impl<V> Then<V> for NotPositive {
    type Output = Self;
}
impl<Op: super::complement::Complements<Layout<S, D>, B>, S, D, B> NameIn<Op, S, D, B> for NotPositive {
    type Output = Op::Verdict;
}

/// The first mark in a result's shape after `Acc` (the first found so far, or [`Pass`]), left
/// to right (the order in which the dynamic engine checks B's leaves and A's modes).
pub trait FirstMark<Acc> {
    /// [`Pass`] or the mark.
    type Output;
}
impl<Acc> FirstMark<Acc> for HNil {
    type Output = Acc;
}
impl<Acc, H: FirstMark<Acc>, T: FirstMark<H::Output>> FirstMark<Acc> for HCons<H, T> {
    type Output = T::Output;
}
impl<Acc, U: Unsigned + NonZero> FirstMark<Acc> for PInt<U> {
    type Output = Acc;
}
impl<Acc: Then<NotPositive>, U: Unsigned + NonZero> FirstMark<Acc> for NInt<U> {
    type Output = Acc::Output;
}
impl<Acc: Then<NotPositive>> FirstMark<Acc> for Z0 {
    type Output = Acc::Output;
}

/// A mark as the failure of the operation `Op` (named in [`report`](super::report), such as
/// `composition`) on `S:D` and `B`, with the operands shown; [`Pass`] stays.
pub trait NameIn<Op, S, D, B> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<Op, S, D, B> NameIn<Op, S, D, B> for Pass {
    type Output = Pass;
}

/// The verdict of the operation `Op` on `A` and `T`, read from its result `Self` (computed by
/// the composition's walk with marks): the first mark of the result's shape, named with the
/// operands; [`Pass`] for a result with runtime leaves (a `Result`, whose conditions are
/// checked at run time). A bound on the very type the function returns, so that the trait
/// solver does not compute the result again.
pub trait ResultVerdict<Op, A, T> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<Op, S: FirstMark<Pass>, D, SA, DA: IntTuple, T> ResultVerdict<Op, Layout<SA, DA>, T> for Layout<S, D>
where
    S::Output: NameIn<Op, SA, DA, T>,
{
    type Output = <S::Output as NameIn<Op, SA, DA, T>>::Output;
}
impl<Op, L, E, A, T> ResultVerdict<Op, A, T> for Result<L, E> {
    type Output = Pass;
}

/// The operation marker of composition by a tiler: integers mean `n:1`, uncovered modes of A are
/// dropped.
pub struct ComposeOp;

impl<SA: IntTuple, DA: IntTuple, SB: IntTuple, DB: IntTuple> TileOp<Layout<SA, DA>, Layout<SB, DB>> for ComposeOp
where
    Layout<SA, DA>: Compose<Layout<SB, DB>>,
{
    type Shape = <Layout<SA, DA> as Compose<Layout<SB, DB>>>::Shape;
    type Stride = <Layout<SA, DA> as Compose<Layout<SB, DB>>>::Stride;
    const RESULT: Checked = super::check::composition(
        &FlatLayout::of::<SA, DA>(),
        &FlatLayout::of::<SB, DB>(),
        Some(&FlatLayout::of::<Self::Shape, Self::Stride>()),
        None,
        0,
    );
}

impl<N> IntTile<N> for ComposeOp {
    type Tile = Layout<N, P1>;
}

impl<SL, DL> RestModes<SL, DL> for ComposeOp {
    type Shape = HNil;
    type Stride = HNil;
}

/// The result type of `composition(A, T)`.
pub type Composition<A, T> = Layout<<A as ApplyTiler<ComposeOp, T>>::Shape, <A as ApplyTiler<ComposeOp, T>>::Stride>;

/// The composition `A o B` of static layouts (CuTe's `composition(A, B)`): `R(c) == A(B(c))` for
/// every `c` in B's domain. `B` may also be a tiler: an integer `n` (`n:1`), `_` (A unchanged) or
/// a tuple of tilers applied mode by mode (A's uncovered modes are dropped). A violated condition
/// fails compilation with a message giving the values, an error of the trait solver (`cargo
/// check` reports it): too many modes in the tiler, the stride and shape divisibility of each
/// leaf of B, and the overlap of B's leaves.
///
/// ```
/// use cute::{composition, HCons, HNil, Layout};
/// use cute::typenum::{P12, P2, P3, P6};
/// type A = Layout![(4,6,8,10):(2,3,5,7)];
/// let r = composition(A::new(), Layout::<P6, P12>::new());
/// assert_eq!(r.to_string(), "(_2,_3):(_9,_5)");
/// // a tiler: 2 elements of mode 0, 3 of mode 1; modes 2 and 3 are dropped
/// let t = composition(A::new(), HCons { head: P2::new(), tail: HCons { head: P3::new(), tail: HNil } });
/// assert_eq!(t.to_string(), "(_2,_3):(_2,_3)");
/// ```
///
/// The stride 3 of `6:3` does not divide the shape 4 of A's first mode:
///
/// ```compile_fail,E0277
/// use cute::{composition, Layout};
/// use cute::typenum::{P3, P6};
/// type A = Layout![(4,6,8):(2,3,5)];
/// let _ = composition(A::new(), Layout::<P6, P3>::new());
/// ```
///
/// The digits of B's leaves carry over in A's first mode (CUTLASS #2955, where CuTe C++ returns a
/// wrong layout):
///
/// ```compile_fail,E0277
/// use cute::{composition, Layout};
/// type A = Layout![(6,2):(1,7)];
/// let _ = composition(A::new(), <Layout![(3,2):(2,3)]>::new());
/// ```
pub fn composition<SA, DA, T>(a: Layout<SA, DA>, tiler: T) -> <T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output
where
    T: AppliedTo<ComposeOp, Layout<SA, DA>>,
    T: TilerCheck<Layout<SA, DA>>,
    <T as TilerCheck<Layout<SA, DA>>>::Output: Holds,
    <T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output: ResultVerdict<names::composition, Layout<SA, DA>, T>,
    <<T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output as ResultVerdict<names::composition, Layout<SA, DA>, T>>::Output:
        Holds,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Tiled<ComposeOp, Layout<SA, DA>, T>>::OK;
    <<T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output as Made>::made()
}

// The overlap of B's leaves (the dynamic engine's `flat::check_disjoint`), read from the digits
// that the marked walk records in A's modes but the last ([`Digit`] for a kept part, [`Zero`]
// for a skipped mode, in the order of A's modes): per mode, the digits of B's live leaves
// (shape > 1, stride not 0) of each sign must add up to less than the mode's shape, and leaves
// of both signs may only meet all inside A's first mode or all in its last.

/// The overlap verdict of B's leaves with the digits `Self` ([`TreeDigits`]) in the coalesced
/// modes `A`, with the marks `K` ([`Exact`]): [`Pass`], a [`ModeOverlapMark`] or a
/// [`MixedSignsMark`]. Fewer than two live leaves cannot overlap: no sum is computed then.
///
/// `X` is `B1` when A's last mode had the static shape 1 that CuTe's `coalesce_x` extends to 2:
/// then the mode before it spans A's whole size, which B's bounded modes ([`Within`]) do not
/// pass ([`Reach`]).
pub trait Overlap<A, K, X> {
    /// The verdict.
    type Output;
}
impl<Ds: GatherTop<K, (HNil, HNil)>, A, K: Exact, X> Overlap<A, K, X> for Ds
where
    K::Bounded: BitAnd<X>,
    Ds::Output: Judge<A, <K::Bounded as BitAnd<X>>::Output>,
{
    type Output = <Ds::Output as Judge<A, <K::Bounded as BitAnd<X>>::Output>>::Output;
}
/// For the marks `Self`, whether A's last leaf (of its shape `S`) is the static 1 that CuTe's
/// `coalesce_x` extends to 2, where it matters: for bounded modes of B ([`Within`]).
pub trait Extension<S> {
    /// `B1` or `B0`.
    type Output;
}
impl<S> Extension<S> for ExactMarks {
    type Output = B0;
}
impl<S: LastLeafOne, F> Extension<S> for Within<F> {
    type Output = S::Output;
}
/// `B1` when the last leaf of the shape `Self`, flattened (empty tuples have none), is the static
/// 1; `Acc` for a shape without leaves.
pub trait LastLeafOne<Acc = B0> {
    /// `B1` or `B0`.
    type Output;
}
impl<Acc> LastLeafOne<Acc> for HNil {
    type Output = Acc;
}
impl<Acc, H: LastLeafOne<Acc>, T: LastLeafOne<H::Output>> LastLeafOne<Acc> for HCons<H, T> {
    type Output = T::Output;
}
impl<Acc, U: Unsigned + NonZero> LastLeafOne<Acc> for PInt<U>
where
    PInt<U>: IsP1,
{
    type Output = <PInt<U> as IsP1>::Output;
}
impl<Acc, U: Unsigned + NonZero> LastLeafOne<Acc> for NInt<U> {
    type Output = B0;
}
impl<Acc> LastLeafOne<Acc> for Z0 {
    type Output = B0;
}

/// A mode's index in the overlap verdict: the first mode, then the one after `I` ([`After`]);
/// shown as its value only in a failure.
pub struct FirstMode;
/// The mode after the mode `I` (see [`FirstMode`]).
pub struct After<I>(PhantomData<I>);
/// The value of a mode index, unsigned.
pub trait IndexValue {
    /// The value.
    type Output;
}
impl IndexValue for FirstMode {
    type Output = U0;
}
impl<I: IndexValue> IndexValue for After<I>
where
    I::Output: Add<B1>,
{
    type Output = Add1<I::Output>;
}
impl Shown for FirstMode {
    type Out = names::_0;
}
impl<I: IndexValue> Shown for After<I>
where
    Add1<I::Output>: ShownUnsigned,
    I::Output: Add<B1>,
{
    type Out = <Add1<I::Output> as ShownUnsigned>::Out;
}

/// In place of the shape's last leaf where B's leaves overlap in A's mode `I` of shape `S`.
pub struct ModeOverlapMark<I, S>(PhantomData<(I, S)>);
/// In place of the shape's last leaf where B's leaves of both signs meet in several modes of A.
pub struct MixedSignsMark;
impl<I, S, V> Then<V> for ModeOverlapMark<I, S> {
    type Output = Self;
}
impl<V> Then<V> for MixedSignsMark {
    type Output = Self;
}
impl<Op, I: Shown, M: Shown, S: Shown, D: Shown, B: Shown> NameIn<Op, S, D, B> for ModeOverlapMark<I, M> {
    type Output = ModeOverlapFail<Op, S::Out, D::Out, B::Out, I::Out, M::Out>;
}
impl<Op, S: Shown, D: Shown, B: Shown> NameIn<Op, S, D, B> for MixedSignsMark {
    type Output = MixedSignsFail<Op, S::Out, D::Out, B::Out>;
}

/// The shape `S` of a composition with the overlap verdict `Self`: `S` for [`Pass`], else `S`
/// with its last leaf [`Overlapped`] (last, so that the conditions of each leaf, which the
/// dynamic engine checks first, are found first).
pub trait MarkShape<S> {
    /// The shape.
    type Output: IntTuple;
}
impl<S: IntTuple> MarkShape<S> for Pass {
    type Output = S;
}
impl<S: MarkLast<ModeOverlapMark<I, M>>, I, M> MarkShape<S> for ModeOverlapMark<I, M> {
    type Output = S::Output;
}
impl<S: MarkLast<MixedSignsMark>> MarkShape<S> for MixedSignsMark {
    type Output = S::Output;
}
/// `Self` with its last leaf `L` replaced by `Overlapped<M, L>`.
pub trait MarkLast<M> {
    /// The tuple.
    type Output: IntTuple;
}
impl<M, H: MarkLast<M>> MarkLast<M> for HCons<H, HNil>
where
    HCons<H::Output, HNil>: IntTuple,
{
    type Output = HCons<H::Output, HNil>;
}
impl<M, H, X, T> MarkLast<M> for HCons<H, HCons<X, T>>
where
    HCons<X, T>: MarkLast<M>,
    HCons<H, <HCons<X, T> as MarkLast<M>>::Output>: IntTuple,
{
    type Output = HCons<H, <HCons<X, T> as MarkLast<M>>::Output>;
}
macro_rules! mark_last_leaf {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<Mk: 'static, $($gen)*> MarkLast<Mk> for $ty {
            type Output = Overlapped<Mk, $ty>;
        }
    )*};
}
mark_last_leaf! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
    [R: 'static, S: 'static] StrideDivisibilityMark<R, S>;
    [R: 'static, S: 'static] StrideNotDivisorMark<R, S>;
    [R: 'static, S: 'static] StrideNotMultipleMark<R, S>;
    [R: 'static, S: 'static] ShapeDivisibilityMark<R, S>;
}

/// A leaf `L` of a composition's shape that also carries the overlap mark `M` of B's leaves: its
/// verdict ([`FirstMark`]) is `L`'s, then `M`. No function sees it, since the verdict fails
/// compilation first.
pub struct Overlapped<M, L>(PhantomData<(M, L)>);
impl<M, L> Clone for Overlapped<M, L> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<M, L> Copy for Overlapped<M, L> {}
impl<M, L> Default for Overlapped<M, L> {
    fn default() -> Self {
        Overlapped(PhantomData)
    }
}
impl<M: 'static, L: 'static> IntTuple for Overlapped<M, L> {
    const RANK: usize = 1;
    const DEPTH: usize = 0;
    const IS_LEAF: bool = true;
    const LEAVES: Leaves = Leaves::one(0);
    fn write(f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("?")
    }
    #[cfg(feature = "alloc")]
    fn to_dynamic() -> crate::dynamic::IntTuple {
        crate::dynamic::IntTuple::Leaf(0)
    }
}
impl<Acc, M, L: FirstMark<Acc>> FirstMark<Acc> for Overlapped<M, L>
where
    L::Output: Then<M>,
{
    type Output = <L::Output as Then<M>>::Output;
}

/// The live leaves of B in the digits tree `Self`, its top-level modes strict as the marks `K`
/// say ([`Exact`]), added to `Acc`, the records of positive and of negative strides
/// (`(plus, minus)`, [`Live`]).
pub trait GatherTop<K, Acc> {
    /// The records.
    type Output;
}
impl<K, Acc> GatherTop<K, Acc> for HNil {
    type Output = Acc;
}
impl<K: Exact, Acc, H: Gather<K::Strict, Acc>, T: GatherTop<K::Rest, H::Output>> GatherTop<K, Acc> for HCons<H, T> {
    type Output = T::Output;
}
impl<K: Exact, Acc, N, R, Ds, M> GatherTop<K, Acc> for LeafDigits<N, R, Ds, M>
where
    LeafDigits<N, R, Ds, M>: Gather<K::Strict, Acc>,
{
    type Output = <LeafDigits<N, R, Ds, M> as Gather<K::Strict, Acc>>::Output;
}
/// The live leaves of B in the digits tree `Self`, strict if `St` is `B1`, added to `Acc`.
pub trait Gather<St, Acc> {
    /// The records.
    type Output;
}
impl<St, Acc> Gather<St, Acc> for HNil {
    type Output = Acc;
}
impl<St, Acc, H: Gather<St, Acc>, T: Gather<St, H::Output>> Gather<St, Acc> for HCons<H, T> {
    type Output = T::Output;
}
impl<St, Acc, N: Lives, R: StrideSign, Ds, M> Gather<St, Acc> for LeafDigits<N, R, Ds, M>
where
    N::Output: KeepLive<R::Output, Ds, M, St, Acc>,
{
    type Output = <N::Output as KeepLive<R::Output, Ds, M, St, Acc>>::Output;
}
/// A live leaf of B: its digits `Ds` (one per mode of A but the last, fewer where a mark ended
/// its walk), its modes `M`, whether it is strict (`St`).
pub struct Live<Ds, M, St>(PhantomData<(Ds, M, St)>);
/// `B1` for a shape greater than 1.
pub trait Lives {
    /// `B1` or `B0`.
    type Output;
}
impl Lives for P1 {
    type Output = B0;
}
impl<U: Unsigned, B: Bit, B2: Bit> Lives for PInt<UInt<UInt<U, B>, B2>> {
    type Output = B1;
}
impl<U: Unsigned + NonZero> Lives for NInt<U> {
    type Output = B0;
}
impl Lives for Z0 {
    type Output = B0;
}
/// The sign of a stride: [`Plus`], [`Minus`], or `Z0` for 0 (no live leaf).
pub trait StrideSign {
    /// The sign.
    type Output;
}
impl<U: Unsigned + NonZero> StrideSign for PInt<U> {
    type Output = Plus;
}
impl<U: Unsigned + NonZero> StrideSign for NInt<U> {
    type Output = Minus;
}
impl StrideSign for Z0 {
    type Output = Z0;
}
/// Add a live leaf's record to `Acc = (plus, minus)` where `Self` (its shape is live) is `B1`,
/// by its stride's sign `Sg` (none for 0).
pub trait KeepLive<Sg, Ds, M, St, Acc> {
    /// The records.
    type Output;
}
impl<Sg, Ds, M, St, Acc> KeepLive<Sg, Ds, M, St, Acc> for B0 {
    type Output = Acc;
}
impl<Ds, M, St, Acc> KeepLive<Z0, Ds, M, St, Acc> for B1 {
    type Output = Acc;
}
impl<Ds, M, St, P, N> KeepLive<Plus, Ds, M, St, (P, N)> for B1 {
    type Output = (HCons<Live<Ds, M, St>, P>, N);
}
impl<Ds, M, St, P, N> KeepLive<Minus, Ds, M, St, (P, N)> for B1 {
    type Output = (P, HCons<Live<Ds, M, St>, N>);
}

/// The verdict of the live records `Self = (plus, minus)` in the modes `A` (`Bd` as in
/// [`Overlap`]): [`Pass`] for fewer than two; else, where leaves of both signs meet, whether
/// they meet all in A's first mode or all in its last ([`Flags`]), then the sums in each mode
/// ([`Sums`]).
pub trait Judge<A, Bd> {
    /// The verdict.
    type Output;
}
impl<A, Bd> Judge<A, Bd> for (HNil, HNil) {
    type Output = Pass;
}
impl<A, Bd, R> Judge<A, Bd> for (HCons<R, HNil>, HNil) {
    type Output = Pass;
}
impl<A, Bd, R> Judge<A, Bd> for (HNil, HCons<R, HNil>) {
    type Output = Pass;
}
impl<A: Sums<HCons<R1, HCons<R2, T>>, HNil, FirstMode, Bd>, Bd, R1, R2, T> Judge<A, Bd>
    for (HCons<R1, HCons<R2, T>>, HNil)
{
    type Output = A::Output;
}
impl<A: Sums<HNil, HCons<R1, HCons<R2, T>>, FirstMode, Bd>, Bd, R1, R2, T> Judge<A, Bd>
    for (HNil, HCons<R1, HCons<R2, T>>)
{
    type Output = A::Output;
}
impl<A, Bd, P1_, PT, N1_, NT> Judge<A, Bd> for (HCons<P1_, PT>, HCons<N1_, NT>)
where
    A: Sums<HCons<P1_, PT>, HCons<N1_, NT>, FirstMode, Bd>,
    HCons<P1_, PT>: Flags<(B1, B1)>,
    HCons<N1_, NT>: Flags<<HCons<P1_, PT> as Flags<(B1, B1)>>::Output>,
    <HCons<N1_, NT> as Flags<<HCons<P1_, PT> as Flags<(B1, B1)>>::Output>>::Output: MixedOr<A::Output>,
{
    type Output =
        <<HCons<N1_, NT> as Flags<<HCons<P1_, PT> as Flags<(B1, B1)>>::Output>>::Output as MixedOr<A::Output>>::Output;
}

/// The flags `(in_first, in_last)` of the live records `Self` after `F`: every leaf lies inside
/// A's first mode (its first digit is kept and it has one mode), every leaf lies in A's last
/// mode (all its digits are [`Zero`]).
pub trait Flags<F> {
    /// The flags.
    type Output;
}
impl<F> Flags<F> for HNil {
    type Output = F;
}
impl<Ds: Placed, M, St, X, I, L> Flags<(I, L)> for HCons<Live<Ds, M, St>, X>
where
    Ds::First: BitAnd<M>,
    I: BitAnd<<Ds::First as BitAnd<M>>::Output>,
    L: BitAnd<Ds::Empty>,
    X: Flags<(<I as BitAnd<<Ds::First as BitAnd<M>>::Output>>::Output, <L as BitAnd<Ds::Empty>>::Output)>,
{
    type Output = <X as Flags<(
        <I as BitAnd<<Ds::First as BitAnd<M>>::Output>>::Output,
        <L as BitAnd<Ds::Empty>>::Output,
    )>>::Output;
}
/// Where the digits `Self` of a leaf lie: `First` is `B1` when its first digit is kept (in A's
/// first mode); `Empty` is `B1` when none is.
pub trait Placed {
    /// The first digit is kept.
    type First;
    /// No digit is kept.
    type Empty;
}
impl Placed for HNil {
    type First = B0;
    type Empty = B1;
}
impl<T, RD, X> Placed for HCons<Digit<T, RD>, X> {
    type First = B1;
    type Empty = B0;
}
impl<X: Placed> Placed for HCons<Zero, X> {
    type First = B0;
    type Empty = X::Empty;
}
/// [`MixedSignsMark`] for flags `(in_first, in_last)` that are both `B0`, else the verdict `V`.
pub trait MixedOr<V> {
    /// The verdict.
    type Output;
}
impl<V> MixedOr<V> for (B0, B0) {
    type Output = MixedSignsMark;
}
impl<V> MixedOr<V> for (B1, B0) {
    type Output = V;
}
impl<V, I> MixedOr<V> for (I, B1) {
    type Output = V;
}

/// The sums of the digits of the live records `P` (positive strides) and `N` (negative), per
/// sign, in each mode of A (`Self`, from the mode `I`) but the last: the first mode whose sum
/// of either sign reaches its shape is a [`ModeOverlapMark`]; [`Pass`] if none. Where B's
/// modes are bounded by A's size and A's last mode is extended (`Bd` is `B1`), the mode before
/// that last mode ends at A's size: only the strict leaves' digits are summed there ([`Reach`]).
pub trait Sums<P, N, I, Bd> {
    /// The verdict.
    type Output;
}
impl<P, N, I, M, Bd> Sums<P, N, I, Bd> for HCons<M, HNil> {
    type Output = Pass;
}
impl<P, N, I, S: Cap, D, X, T, Bd> Sums<P, N, I, Bd> for HCons<(S, D), HCons<X, T>>
where
    HCons<X, T>: Reach<Bd>,
    P: Heads<<HCons<X, T> as Reach<Bd>>::Only>,
    N: Heads<<HCons<X, T> as Reach<Bd>>::Only>,
    (Firsts<P, HCons<X, T>, Bd>, Firsts<N, HCons<X, T>, Bd>): Below<S::Output>,
    <(Firsts<P, HCons<X, T>, Bd>, Firsts<N, HCons<X, T>, Bd>) as Below<S::Output>>::Output:
        Fits<S, I, HCons<X, T>, Rest1<P, HCons<X, T>, Bd>, Rest1<N, HCons<X, T>, Bd>, Bd>,
{
    type Output = <<(Firsts<P, HCons<X, T>, Bd>, Firsts<N, HCons<X, T>, Bd>) as Below<S::Output>>::Output as Fits<
        S,
        I,
        HCons<X, T>,
        Rest1<P, HCons<X, T>, Bd>,
        Rest1<N, HCons<X, T>, Bd>,
        Bd,
    >>::Output;
}
/// The first digits of the records `R` that count in the mode followed by the modes `T`.
type Firsts<R, T, Bd> = <<R as Heads<<T as Reach<Bd>>::Only>>::Output as Cut>::Firsts;
/// The records `R` without their first digits.
type Rest1<R, T, Bd> = <<R as Heads<<T as Reach<Bd>>::Only>>::Output as Cut>::Rest;
/// What a mode of shape `Self` holds, unsigned: its shape; a shape that is not positive (an
/// inadmissible operation, which another condition reports) holds any sum.
pub trait Cap {
    /// The bound, or `Unbounded`.
    type Output;
}
impl<U: Unsigned + NonZero> Cap for PInt<U> {
    type Output = U;
}
impl<U: Unsigned + NonZero> Cap for NInt<U> {
    type Output = Unbounded;
}
impl Cap for Z0 {
    type Output = Unbounded;
}
/// The bound of a mode whose shape is not positive ([`Cap`]).
pub struct Unbounded;
/// `B1` when the digits `Self = (plus, minus)` of each sign add up to less than the bound `V`
/// ([`Cap`]). The digits of one leaf alone always fit, so only two or more are added.
#[doc(hidden)]
pub trait Below<V> {
    /// `B1` or `B0`.
    type Output;
}
impl<GP: SeveralDigits, GN: SeveralDigits, V> Below<V> for (GP, GN)
where
    (GP::Output, GN::Output): Admitted<GP, GN, V>,
{
    type Output = <(GP::Output, GN::Output) as Admitted<GP, GN, V>>::Output;
}
/// `B1` for a list of two digits or more, not counting [`Zero`]s.
pub trait SeveralDigits {
    /// `B1` or `B0`.
    type Output;
}
impl SeveralDigits for HNil {
    type Output = B0;
}
impl<X: SeveralDigits> SeveralDigits for HCons<Zero, X> {
    type Output = X::Output;
}
impl<T, RD, X: AnyDigit> SeveralDigits for HCons<Digit<T, RD>, X> {
    type Output = X::Output;
}
/// `B1` for a list with a digit, not counting [`Zero`]s.
pub trait AnyDigit {
    /// `B1` or `B0`.
    type Output;
}
impl AnyDigit for HNil {
    type Output = B0;
}
impl<X: AnyDigit> AnyDigit for HCons<Zero, X> {
    type Output = X::Output;
}
impl<T, RD, X> AnyDigit for HCons<Digit<T, RD>, X> {
    type Output = B1;
}
/// By `Self = (many plus, many minus)`: `B1` when the digits `GP` and `GN` of each sign that
/// are many add up to less than the bound `V`.
pub trait Admitted<GP, GN, V> {
    /// `B1` or `B0`.
    type Output;
}
impl<GP, GN, V> Admitted<GP, GN, V> for (B0, B0) {
    type Output = B1;
}
impl<GP: Added, GN, V: Admits<GP::Output>> Admitted<GP, GN, V> for (B1, B0) {
    type Output = V::Output;
}
impl<GP, GN: Added, V: Admits<GN::Output>> Admitted<GP, GN, V> for (B0, B1) {
    type Output = V::Output;
}
impl<GP: Added, GN: Added, V: Admits<GP::Output> + Admits<GN::Output>> Admitted<GP, GN, V> for (B1, B1)
where
    <V as Admits<GP::Output>>::Output: BitAnd<<V as Admits<GN::Output>>::Output>,
{
    type Output = <<V as Admits<GP::Output>>::Output as BitAnd<<V as Admits<GN::Output>>::Output>>::Output;
}
/// The sum of the digits `Self`, unsigned.
pub trait Added {
    /// The sum.
    type Output;
}
impl Added for HNil {
    type Output = U0;
}
impl<G: DigitValue, X: Added> Added for HCons<G, X>
where
    G::Output: Add<X::Output>,
{
    type Output = Sum<G::Output, X::Output>;
}
/// `B1` when the bound `Self` admits the sum `S`.
pub trait Admits<S> {
    /// `B1` or `B0`.
    type Output;
}
impl<U: Unsigned, B: Bit, S: IsLess<UInt<U, B>>> Admits<S> for UInt<U, B> {
    type Output = S::Output;
}
impl<S> Admits<S> for Unbounded {
    type Output = B1;
}
/// The mode `I` of shape `S` by `Self`, whether the sums fit: `B1` walks on to the modes `T`
/// with the records' digits left (`P`, `N`), `B0` marks the overlap.
pub trait Fits<S, I, T, P, N, Bd> {
    /// The verdict.
    type Output;
}
impl<S, I, T: Sums<P, N, After<I>, Bd>, P, N, Bd> Fits<S, I, T, P, N, Bd> for B1 {
    type Output = T::Output;
}
impl<S, I, T, P, N, Bd> Fits<S, I, T, P, N, Bd> for B0 {
    type Output = ModeOverlapMark<I, S>;
}

/// The first digits of the live records `Self` (only the strict records' if `Only` is `B1`,
/// the others as [`Zero`]), and the records without them.
pub trait Heads<Only> {
    /// The digits and the rest ([`Cut`]).
    type Output: Cut;
}
impl<Only> Heads<Only> for HNil {
    type Output = Cutting<HNil, HNil>;
}
impl<G, Ds, M, St, X: Heads<B0>> Heads<B0> for HCons<Live<HCons<G, Ds>, M, St>, X> {
    type Output = Cutting<HCons<G, <X::Output as Cut>::Firsts>, HCons<Live<Ds, M, St>, <X::Output as Cut>::Rest>>;
}
impl<G, Ds, M, St, X: Heads<B1>> Heads<B1> for HCons<Live<HCons<G, Ds>, M, St>, X>
where
    St: Counted<G>,
{
    type Output = Cutting<
        HCons<<St as Counted<G>>::Output, <X::Output as Cut>::Firsts>,
        HCons<Live<Ds, M, St>, <X::Output as Cut>::Rest>,
    >;
}
/// A record whose walk a mark ended has no digit left.
impl<Only, M, St, X: Heads<Only>> Heads<Only> for HCons<Live<HNil, M, St>, X> {
    type Output = Cutting<<X::Output as Cut>::Firsts, HCons<Live<HNil, M, St>, <X::Output as Cut>::Rest>>;
}
/// The first digits and the records left ([`Heads`]), as one type.
pub struct Cutting<G, R>(PhantomData<(G, R)>);
/// The parts of a [`Cutting`].
pub trait Cut {
    /// The first digits.
    type Firsts;
    /// The records left.
    type Rest;
}
impl<G, R> Cut for Cutting<G, R> {
    type Firsts = G;
    type Rest = R;
}
/// The digit `G` of a record where only the strict records count: `G` if the record is strict
/// (`Self` is `B1`), else [`Zero`].
pub trait Counted<G> {
    /// `G` or [`Zero`].
    type Output;
}
impl<G> Counted<G> for B1 {
    type Output = G;
}
impl<G> Counted<G> for B0 {
    type Output = Zero;
}
/// Which leaves are summed in the mode followed by the modes `Self`, where B's modes are
/// bounded by A's size and A's last mode is extended (`Bd` is `B1`): `B1` (only the strict
/// ones) when `Self` is that last mode, still of shape 2 (so the mode before it ends at A's
/// size), else `B0` (all).
#[doc(hidden)]
pub trait Reach<Bd> {
    /// `B1` or `B0`.
    type Only;
}
impl<Bd, S: IsP2, D> Reach<Bd> for HCons<(S, D), HNil>
where
    Bd: BitAnd<S::Output>,
{
    type Only = <Bd as BitAnd<S::Output>>::Output;
}
impl<Bd, M, X, T> Reach<Bd> for HCons<M, HCons<X, T>> {
    type Only = B0;
}
/// `B1` for the static shape 2.
pub trait IsP2 {
    /// `B1` or `B0`.
    type Output;
}
impl IsP2 for P2 {
    type Output = B1;
}
impl IsP2 for P1 {
    type Output = B0;
}
impl<U: Unsigned, B: Bit, B2: Bit, B3: Bit> IsP2 for PInt<UInt<UInt<UInt<U, B>, B2>, B3>> {
    type Output = B0;
}
impl IsP2 for PInt<UInt<UInt<UTerm, B1>, B1>> {
    type Output = B0;
}
impl<U: Unsigned + NonZero> IsP2 for NInt<U> {
    type Output = B0;
}
impl IsP2 for Z0 {
    type Output = B0;
}
/// The largest digit of a kept part, unsigned: `(T - 1) * |RD|` for a [`Digit`]`<T, RD>`, 0 for
/// a [`Zero`], a mark or a part that is not positive (its own condition is reported first).
pub trait DigitValue {
    /// The digit.
    type Output;
}
impl DigitValue for Zero {
    type Output = U0;
}
impl<T: DigitOf<RD>, RD> DigitValue for Digit<T, RD> {
    type Output = T::Output;
}
/// The largest digit `(Self - 1) * |RD|` of a kept part `Self` at the stride left `RD`.
pub trait DigitOf<RD> {
    /// The digit, unsigned.
    type Output;
}
impl<V: Unsigned + NonZero + Sub<B1>, RD: Scale<Sub1<V>>> DigitOf<RD> for PInt<V> {
    type Output = RD::Output;
}
macro_rules! no_digit {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<RD, $($gen)*> DigitOf<RD> for $ty {
            type Output = U0;
        }
    )*};
}
no_digit! {
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
    [R, S] StrideDivisibilityMark<R, S>;
    [R, S] StrideNotDivisorMark<R, S>;
    [R, S] StrideNotMultipleMark<R, S>;
    [R, S] ShapeDivisibilityMark<R, S>;
}
/// `X * |Self|` for a static stride `Self` (no multiplication for the common `_1`, `-1`).
pub trait Scale<X> {
    /// The product, unsigned.
    type Output;
}
impl<X> Scale<X> for P1 {
    type Output = X;
}
impl<X> Scale<X> for N1 {
    type Output = X;
}
impl<X: Mul<UInt<UInt<U, B>, B2>>, U: Unsigned, B: Bit, B2: Bit> Scale<X> for PInt<UInt<UInt<U, B>, B2>> {
    type Output = Prod<X, UInt<UInt<U, B>, B2>>;
}
impl<X: Mul<UInt<UInt<U, B>, B2>>, U: Unsigned, B: Bit, B2: Bit> Scale<X> for NInt<UInt<UInt<U, B>, B2>> {
    type Output = Prod<X, UInt<UInt<U, B>, B2>>;
}
