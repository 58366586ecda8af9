//! Static composition: the result type is the walk of [`mixed::composition`](super::mixed_face)
//! (CuTe's `coalesce_x` of A, then `composition_impl` on each leaf of B), which with every leaf
//! static takes each step on the leaves' types, as CuTe's `if constexpr` does. The walk marks the
//! conditions of each leaf of B that its static values violate in place of the mode
//! ([`ExactMarks`]) and, where B has several leaves, records each leaf's digits in A's modes
//! ([`Digit`](crate::ops::composition::digits::Digit)); the overlap of B's leaves is read from those digits ([`Overlap`]) and marks the
//! result's last leaf where it fails.
//! The function requires the first mark of its result to hold ([`ResultVerdict`]), so that `cargo
//! check` reports it. All the conditions are also checked in `const` evaluation by the same code as
//! the dynamic engine (`flat`), which also computes the result's leaves; the check compares them
//! with the trait solver's result, so the two faces cannot drift apart.

use frunk_core::hlist::HNil;
use typenum::P1;

use super::mixed_face::{
    CoalescedX, ComposeTree, ExactMarks, NoDigits, ShapeDivisibilityMark, StrideDivisibilityMark, StrideNotDivisorMark,
    StrideNotMultipleMark, TreeDigits, TreeShape, TreeStride, Unmarked,
};
pub use super::overlap::*;
use crate::ops::coalesce::mixed_face::{Coalesce, Extend, Finish, Flatten as MixedFlatten, ModesOf, Zip};
use crate::statics::check::{Checked, Verify};
use crate::statics::layout::{Layout, Made};
use crate::statics::leaves::FlatLayout;
use crate::statics::leaves::Leaves;
use crate::statics::names;
use crate::statics::report::Holds;
use crate::statics::report::{
    Failure, Pass, ShapeDivisibilityFail, Shown, StrideDivisibilityFail, StrideNotDivisorFail, StrideNotMultipleFail,
    Then,
};
use crate::statics::tiler::{AppliedTo, ApplyTiler, IntTile, RestModes, TileOp, Tiled, TilerCheck};
use crate::statics::tuple::IntTuple;
use core::fmt;
use core::marker::PhantomData;
use frunk_core::hlist::HCons;
use typenum::{NInt, NonZero, PInt, Unsigned, B0, B1, Z0};

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
/// is [`Unmarked`], and where the product fails ([`NoComplement`](crate::ops::complement::static_face::NoComplement)
/// of `W`), the copies' first leaf is 0, so that the verdict finds it ([`NotPositive`]) and asks
/// why. (A*'s own shapes need not reach the copies.) A kind of marks rather than a step after the
/// composition, so that a product whose A has a complement pays nothing for it.
pub struct Degenerate<W>(PhantomData<W>);
impl<SA, DA, SB, DB, W: crate::ops::complement::static_face::NoComplement> Compose<Layout<SB, DB>, Degenerate<W>>
    for Layout<SA, DA>
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
/// asks the operation for ([`Complements`](crate::ops::complement::static_face::Complements)). Only then: a
/// valid operation's result has positive shapes, and pays nothing for the question.
pub struct NotPositive;
impl<V> Then<V> for NotPositive {
    type Output = Self;
}
impl<Op: crate::ops::complement::static_face::Complements<Layout<S, D>, B>, S, D, B> NameIn<Op, S, D, B>
    for NotPositive
{
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

/// A mark as the failure of the operation `Op` (named in [`report`](crate::statics::report), such as
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
    const RESULT: Checked = crate::statics::check::composition(
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
    const NAME: &'static str = "composition";
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn rest(_: SL, _: DL) -> (HNil, HNil) {
        (HNil, HNil)
    }
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
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn composition<SA, DA, T>(a: Layout<SA, DA>, tiler: T) -> <T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output
where <T as TilerCheck<Layout<SA, DA>>>::Output: Holds,
    T: AppliedTo<ComposeOp, Layout<SA, DA>>,
    T: TilerCheck<Layout<SA, DA>>,
    <T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output: ResultVerdict<names::composition, Layout<SA, DA>, T>,
    <<T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output as ResultVerdict<names::composition, Layout<SA, DA>, T>>::Output:
        Holds,
{
    let _ = (a, tiler);
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Tiled<ComposeOp, Layout<SA, DA>, T>>::OK;
    <<T as AppliedTo<ComposeOp, Layout<SA, DA>>>::Output as Made>::made()
}
