//! Static composition: the result type is the walk of [`mixed::composition`](crate::mixed::composition)
//! (CuTe's `coalesce_x` of A, then `composition_impl` on each leaf of B), which with every leaf
//! static takes each step on the leaves' types, as CuTe's `if constexpr` does. The walk marks the
//! conditions of each leaf of B that its static values violate in place of the mode
//! ([`ExactMarks`]), and the function requires the first mark of its result to hold
//! ([`ResultVerdict`]), so that `cargo check` reports it. All the conditions are also checked in
//! `const` evaluation by the same code as the dynamic engine (`flat`), which also computes the
//! result's leaves; the check compares them with the trait solver's result, so the two faces
//! cannot drift apart, and reports the condition between leaves (the overlap of B's modes).

use frunk_core::hlist::HNil;
use typenum::P1;

use super::check::{Checked, Verify};
use super::layout::{Layout, Made};
use super::leaves::FlatLayout;
use super::leaves::Leaves;
use super::names;
use super::report::Holds;
use super::report::{
    Failure, Pass, ShapeDivisibilityFail, Shown, StrideDivisibilityFail, StrideNotDivisorFail, StrideNotMultipleFail,
    Then,
};
use super::tiler::{AppliedTo, ApplyTiler, IntTile, RestModes, TileOp, Tiled, TilerCheck};
use super::tuple::IntTuple;
use crate::mixed::coalesce::{Coalesce, Extend, Finish, Flatten as MixedFlatten, ModesOf, Zip};
use crate::mixed::composition::{
    CoalescedX, ComposeTree, ExactMarks, ShapeDivisibilityMark, StrideDivisibilityMark, StrideNotDivisorMark,
    StrideNotMultipleMark, Unmarked,
};
use core::fmt;
use core::marker::PhantomData;
use frunk_core::hlist::HCons;
use typenum::{NInt, NonZero, PInt, Unsigned, Z0};

/// The static `A o B`: the result type of [`composition`](crate::composition()), computed by the
/// walk of layouts with runtime leaves, with the marks `K` of violated conditions
/// ([`ExactMarks`]: every condition of each leaf of B; [`Unmarked`] where another condition
/// comes first, or for the compositions inside other operations that do not read marks).
pub trait Compose<B, K = ExactMarks> {
    /// The shape of the composition.
    type Shape: IntTuple;
    /// The stride of the composition.
    type Stride: IntTuple;
}
impl<SA, DA, SB, DB, K: Walked> Compose<Layout<SB, DB>, K> for Layout<SA, DA>
where
    SA: MixedFlatten,
    DA: MixedFlatten,
    SA::Output: Zip<DA::Output>,
    ModesOf<SA, DA>: Extend,
    <ModesOf<SA, DA> as Extend>::Output: Coalesce,
    <<ModesOf<SA, DA> as Extend>::Output as Coalesce>::Output: Finish,
    SB: ComposeTree<DB, CoalescedX<SA, DA>, K>,
    <SB as ComposeTree<DB, CoalescedX<SA, DA>, K>>::Shape: IntTuple,
    <SB as ComposeTree<DB, CoalescedX<SA, DA>, K>>::Stride: IntTuple,
{
    type Shape = <SB as ComposeTree<DB, CoalescedX<SA, DA>, K>>::Shape;
    type Stride = <SB as ComposeTree<DB, CoalescedX<SA, DA>, K>>::Stride;
}

/// The marks the walk itself takes ([`ExactMarks`], [`Unmarked`]).
pub trait Walked {}
impl Walked for ExactMarks {}
impl Walked for Unmarked {}

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
impl<Op, S: FirstMark<Pass>, D, SA, DA, T> ResultVerdict<Op, Layout<SA, DA>, T> for Layout<S, D>
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
/// fails compilation with a message giving the values: too many modes in the tiler, and the
/// stride and shape divisibility of each leaf of B, are errors of the trait solver (`cargo
/// check` reports them); overlapping modes of B are a `const` check (`cargo build`).
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
/// The images of B's modes overlap in A (CUTLASS #2955, where CuTe C++ returns a wrong layout):
///
/// ```compile_fail,E0080
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
