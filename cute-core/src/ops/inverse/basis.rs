//! The right inverse of a layout with basis strides (the paper's Table 5): an integer layout
//! `R` over the codomain's coordinates with `A(R(c)) == c`.
//!
//! The codomain's coordinates are read colexicographically, element `e_0` first, so the
//! largest contiguous range of them that A reaches is found element by element: along `e_k`,
//! CuTe's chain of strides `1@k, s*1@k, ...` through A's coalesced modes (the integer strides'
//! [`FindStride`] and [`Chain`]); the next element is reached only when the chain covers all of
//! `e_k`, that is when every mode stepping along `e_k` is on it. As for integer strides, only
//! what the types prove is used: a runtime stride is never followed and a mode whose scale or
//! shape is runtime ends the chain, so with runtime leaves `R` may be smaller, never wrong.

use core::ops::Add;

use frunk_core::hlist::{HCons, HNil};
use typenum::{Add1, Bit, IsEqual, B0, B1, P1, U0, Z0};

use crate::basis::{Basis, BasisTuple, Codomain, Coordinate, Fill, Hole, ScaledBasis, StaticScales};
use crate::layout::Layout;
use crate::mixed::int::{Int, ProvablyEqual};
use crate::mixed::{Error, MixedTuple};
use crate::ops::coalesce::mixed_face::{Coalesce, Coalesced, Finish, Flatten, ModesOf, Zip};
use crate::ops::inverse::mixed_face::{Chain, FindStride, Known, OrEmpty, RightInvertible, Triples};
use crate::ops::inverse::static_face::{LeftFold, SortInto};
use crate::statics::report::{LenU, Otherwise};

/// A runtime or static scale is known as its scale is.
impl<V: Known, P> Known for ScaledBasis<V, P> {
    type Bit = V::Bit;
}

/// Two basis strides are provably equal when their scales are and their elements are the same.
impl<V: ProvablyEqual<W>, W, P: crate::basis::SamePath<Q>, Q> ProvablyEqual<ScaledBasis<W, Q>> for ScaledBasis<V, P>
where
    V::Output: core::ops::BitAnd<P::Output>,
    typenum::And<V::Output, P::Output>: Bit,
{
    type Output = typenum::And<V::Output, P::Output>;
}
/// A basis stride never equals an integer (a zero stride among basis strides).
impl<V, P, A: Int> ProvablyEqual<A> for ScaledBasis<V, P> {
    type Output = B0;
}

/// The number of modes `(s, d, r)` of `Self` that may step along the element `e_K`: those whose
/// stride is `v@K` with `v` not provably 0. The chain along `e_K` covers the element when it has
/// as many modes.
#[doc(hidden)]
pub trait ModesAlong<K> {
    /// A typenum unsigned count.
    type Output;
}
impl<K> ModesAlong<K> for HNil {
    type Output = U0;
}
impl<S, D: AlongElement<K>, R, T: ModesAlong<K>, K> ModesAlong<K> for HCons<(S, D, R), T>
where
    T::Output: Add<D::Output>,
{
    type Output = <T::Output as Add<D::Output>>::Output;
}

/// `U1` when the stride `Self` may step along `e_K`, else `U0`.
#[doc(hidden)]
pub trait AlongElement<K> {
    /// `U1` or `U0`.
    type Output;
}
impl<K> AlongElement<K> for Z0 {
    type Output = U0;
}
impl<K, P> AlongElement<K> for ScaledBasis<Z0, P> {
    type Output = U0;
}
macro_rules! along_scale {
    ($([$($gen:tt)*] $v:ty;)*) => {$(
        impl<K, J: IsEqual<K>, $($gen)*> AlongElement<K> for ScaledBasis<$v, HCons<J, HNil>>
        where
            J::Output: BitCount,
        {
            type Output = <J::Output as BitCount>::Output;
        }
    )*};
}
along_scale! {
    [U: typenum::Unsigned + typenum::NonZero] typenum::PInt<U>;
    [U: typenum::Unsigned + typenum::NonZero] typenum::NInt<U>;
    [] i64;
}

/// `B1` as `U1`, `B0` as `U0`.
#[doc(hidden)]
pub trait BitCount {
    /// The count.
    type Output;
}
impl BitCount for B1 {
    type Output = typenum::U1;
}
impl BitCount for B0 {
    type Output = U0;
}

/// The chain along `e_K` through the modes `L`: the right inverse's modes `(s, r)` of that
/// element.
type ChainOf<L, K> = <<L as FindStride<crate::basis::E<HCons<K, HNil>>>>::Output as Chain<L>>::Output;
/// `B1` when the chain along `e_K` covers the element.
type Covers<L, K> = <<ChainOf<L, K> as LenU>::Output as IsEqual<<L as ModesAlong<K>>::Output>>::Output;

/// The right inverse's groups, one per element of the codomain `Self` (its top-level entries,
/// each an integer: the inverse is over top-level elements), from element `e_K` on, through the
/// modes `L`: each group the chain's modes along its element, `_1:_0` for none; after an element
/// the chain does not cover, the groups are empty.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "right_inverse of basis strides with nested elements: the codomain `{Self}` has a tuple entry",
    label = "the paper's inverses are over the top-level elements e_0, e_1, ... (`v@k`, not `v@j@k`)"
)]
pub trait InverseGroups<K, L> {
    /// The groups, an HList of layouts.
    type Output;
    /// Follow the chains.
    fn groups(modes: &L) -> Result<Self::Output, Error>;
}
impl<K, L> InverseGroups<K, L> for HNil {
    type Output = HNil;
    fn groups(_: &L) -> Result<HNil, Error> {
        Ok(HNil)
    }
}
impl<T, K, L> InverseGroups<K, L> for HCons<i64, T>
where
    K: Add<B1>,
    L: FindStride<crate::basis::E<HCons<K, HNil>>> + ModesAlong<K>,
    <L as FindStride<crate::basis::E<HCons<K, HNil>>>>::Output: Chain<L>,
    ChainOf<L, K>: LenU + OrEmpty,
    <ChainOf<L, K> as LenU>::Output: IsEqual<<L as ModesAlong<K>>::Output>,
    Covers<L, K>: NextGroups<T, Add1<K>, L>,
{
    type Output = HCons<<ChainOf<L, K> as OrEmpty>::Output, <Covers<L, K> as NextGroups<T, Add1<K>, L>>::Output>;
    fn groups(modes: &L) -> Result<Self::Output, Error> {
        let err = |o| Error::new("right_inverse", crate::mixed::Detail::from(o));
        let group = modes.find().chain(modes).map_err(err)?.layout(crate::Internal(()));
        Ok(HCons { head: group, tail: <Covers<L, K> as NextGroups<T, Add1<K>, L>>::next(modes)? })
    }
}

/// After a covered element (`B1`) the next element's group; after one not covered (`B0`) only
/// empty groups.
#[doc(hidden)]
pub trait NextGroups<T, K, L> {
    /// The remaining groups.
    type Output;
    /// Go on.
    fn next(modes: &L) -> Result<Self::Output, Error>;
}
impl<T: InverseGroups<K, L>, K, L> NextGroups<T, K, L> for B1 {
    type Output = T::Output;
    fn next(modes: &L) -> Result<Self::Output, Error> {
        T::groups(modes)
    }
}
impl<T: EmptyGroups, K, L> NextGroups<T, K, L> for B0 {
    type Output = T::Output;
    fn next(_: &L) -> Result<Self::Output, Error> {
        Ok(T::empty())
    }
}

/// `_1:_0` for each entry of `Self`.
#[doc(hidden)]
pub trait EmptyGroups {
    /// The groups.
    type Output;
    /// Make them.
    fn empty() -> Self::Output;
}
impl EmptyGroups for HNil {
    type Output = HNil;
    fn empty() -> HNil {
        HNil
    }
}
impl<H, T: EmptyGroups> EmptyGroups for HCons<H, T> {
    type Output = HCons<Layout<P1, Z0>, T::Output>;
    fn empty() -> Self::Output {
        HCons { head: Layout { shape: P1::new(), stride: Z0::new() }, tail: T::empty() }
    }
}

/// An HList of layouts as one layout whose modes they are.
#[doc(hidden)]
pub trait AssembleModes {
    /// The shapes.
    type Shape;
    /// The strides.
    type Stride;
    /// Assemble.
    fn assemble(self, _: crate::Internal) -> Layout<Self::Shape, Self::Stride>;
}
impl AssembleModes for HNil {
    type Shape = HNil;
    type Stride = HNil;
    fn assemble(self, _: crate::Internal) -> Layout<HNil, HNil> {
        Layout { shape: HNil, stride: HNil }
    }
}
impl<S, D, T: AssembleModes> AssembleModes for HCons<Layout<S, D>, T> {
    type Shape = HCons<S, T::Shape>;
    type Stride = HCons<D, T::Stride>;
    fn assemble(self, _: crate::Internal) -> Layout<Self::Shape, Self::Stride> {
        let rest = self.tail.assemble(crate::Internal(()));
        Layout {
            shape: HCons { head: self.head.shape, tail: rest.shape },
            stride: HCons { head: self.head.stride, tail: rest.stride },
        }
    }
}

/// The coalesced modes of `S:D` with their compact strides.
type BasisTriples<S, D> = <Coalesced<S, D> as Triples<P1>>::Output;
/// The groups of the right inverse of `S:D`.
type GroupsOf<S, D> = <Coordinate<D> as InverseGroups<U0, BasisTriples<S, D>>>::Output;
/// The right inverse of the layout `S:D` with basis strides `D`.
///
/// ```
/// use cute::basis::{BasisRightInverse, IdentityStrides};
/// use cute::{make_identity_layout, right_inverse, shape, Shape};
/// type S = Shape![(4,8)];
/// let r: BasisRightInverse<S, IdentityStrides<S>> = right_inverse(make_identity_layout(shape!((4,8))));
/// assert_eq!(r.to_string(), "(_4,_8):(_1,_4)");
/// ```
pub type BasisRightInverse<S, D> =
    Layout<<GroupsOf<S, D> as AssembleModes>::Shape, <GroupsOf<S, D> as AssembleModes>::Stride>;

/// CuTe's `right_inverse(L)` for basis strides, the crate root's
/// [`right_inverse`](crate::right_inverse) for such a layout (the paper's Table 5): the integer
/// layout `R` over the codomain's coordinates, one mode per top-level element `e_k` (the modes of
/// the chain along it, `_1:_0` where there are none), with `A(R(c)) == c`.
///
/// Post-condition: for every `i < size(R)`, the coordinate `A(R(i))` is `i`'s natural
/// coordinate in `R`'s shape, one entry per element. The chains follow what the types prove
/// (see the module), so with runtime leaves `R` may be smaller than the dynamic engine's; a
/// negative scale is never on a chain (the dynamic engine refuses it).
///
/// ```
/// use cute::{hlist, layout, make_identity_layout, right_inverse, shape};
/// // The paper's Table 5.
/// assert_eq!(right_inverse(make_identity_layout(shape!((4,8)))).to_string(), "(_4,_8):(_1,_4)");
/// let a = layout!((4,(4,2)):(1@1,(1@0,6@1)));
/// let r = right_inverse(a);
/// assert_eq!(r.to_string(), "(_4,_4):(_4,_1)");
/// assert_eq!(a.call(r.call(6) as usize), hlist![2, 1]);
/// ```
impl<S, D> RightInvertible for Layout<S, Basis<D>>
where
    S: MixedTuple + Flatten,
    D: BasisTuple + Flatten + Codomain<Hole>,
    <D as Codomain<Hole>>::Output: Fill,
    S::Output: Zip<<D as Flatten>::Output>,
    ModesOf<S, D>: Coalesce,
    <ModesOf<S, D> as Coalesce>::Output: Finish,
    Coalesced<S, D>: Triples<P1>,
    Coordinate<D>: InverseGroups<U0, BasisTriples<S, D>>,
    GroupsOf<S, D>: AssembleModes,
{
    type Output = BasisRightInverse<S, D>;
    fn right_inverse(self) -> Result<Self::Output, Error> {
        let err = |o| Error::new("right_inverse", crate::mixed::Detail::from(o));
        let modes = self.flat_modes().coalesce().map_err(err)?.finish();
        let triples = modes.triples(P1::new()).map_err(err)?;
        Ok(<Coordinate<D> as InverseGroups<U0, BasisTriples<S, D>>>::groups(&triples)?.assemble(crate::Internal(())))
    }
}
/// All-static operands: [`right_inverse`](crate::right_inverse) gives the inverse itself, its
/// type computed by the trait solver (following the chains cannot fail then).
impl<S, D> crate::ops::Route1<crate::ops::op::RightInverse, Layout<S, Basis<D>>> for typenum::B1
where
    Layout<S, Basis<D>>: RightInvertible,
    <Layout<S, Basis<D>> as RightInvertible>::Output: crate::statics::Made,
{
    type Output = <Layout<S, Basis<D>> as RightInvertible>::Output;
    const CHECK: crate::statics::check::Checked = Ok(());
    #[inline(always)]
    fn run(_: Layout<S, Basis<D>>, _: crate::Internal) -> Self::Output {
        crate::statics::Made::made()
    }
}

// The left inverse (the paper's Table 6), element by element: the leaves along `e_K` sorted by
// scale, folded as the static face folds an integer layout's sorted modes
// (`crate::ops::inverse::static_face::LeftFold`), with A's domain strides. Static layouts only, as CuTe's.

/// The flat modes `(S, V, P)` of `Self` (modes `(S, D, P)`, `P` the domain stride) that step
/// along `e_K`: `D = v@K` with `v` not `_0` and `S` above 1.
#[doc(hidden)]
pub trait LeavesAlong<K> {
    /// The modes.
    type Output;
}
impl<K> LeavesAlong<K> for HNil {
    type Output = HNil;
}
impl<S, D: KeepAlong<K, S, P>, P, T: LeavesAlong<K>, K> LeavesAlong<K> for HCons<(S, D, P), T>
where
    D::Keep: KeepIf<D::Mode, T::Output>,
{
    type Output = <D::Keep as KeepIf<D::Mode, T::Output>>::Output;
}

/// Whether the stride `Self` of a leaf of shape `S` at `P` steps along `e_K`, and its mode.
#[doc(hidden)]
pub trait KeepAlong<K, S, P> {
    /// `B1` to keep.
    type Keep;
    /// `(S, v, P)`.
    type Mode;
}
impl<K, S, P> KeepAlong<K, S, P> for Z0 {
    type Keep = B0;
    type Mode = ();
}
impl<K, S, P, Q> KeepAlong<K, S, P> for ScaledBasis<Z0, Q> {
    type Keep = B0;
    type Mode = ();
}
macro_rules! keep_along {
    ($([$($gen:tt)*] $v:ty;)*) => {$(
        impl<K, J: IsEqual<K>, S: typenum::IsGreater<P1>, P, $($gen)*> KeepAlong<K, S, P> for ScaledBasis<$v, HCons<J, HNil>>
        where
            J::Output: core::ops::BitAnd<<S as typenum::IsGreater<P1>>::Output>,
        {
            type Keep = typenum::And<J::Output, <S as typenum::IsGreater<P1>>::Output>;
            type Mode = (S, $v, P);
        }
    )*};
}
keep_along! {
    [U: typenum::Unsigned + typenum::NonZero] typenum::PInt<U>;
    [U: typenum::Unsigned + typenum::NonZero] typenum::NInt<U>;
}

/// `HCons<M, T>` for `B1`, `T` for `B0`.
#[doc(hidden)]
pub trait KeepIf<M, T> {
    /// The list.
    type Output;
}
impl<M, T> KeepIf<M, T> for B1 {
    type Output = HCons<M, T>;
}
impl<M, T> KeepIf<M, T> for B0 {
    type Output = T;
}

/// The sorted modes along `e_K` of the flat modes `L`.
pub(crate) type SortedAlong<L, K> = <<L as LeavesAlong<K>>::Output as SortInto<HNil>>::Output;
/// The left inverse's modes of element `e_K`, coalesced.
type LeftGroupModes<L, K> =
    <<SortedAlong<L, K> as LeftFold<P1, Z0, P1, HNil>>::Output as crate::ops::coalesce::static_face::CoalesceModes>::Output;

/// The left inverse's groups, one per element of the codomain `Self` (integer entries), from
/// `e_K` on, over the flat modes `L`, each with its verdict.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "left_inverse of basis strides with nested elements: the codomain `{Self}` has a tuple entry",
    label = "the paper's inverses are over the top-level elements e_0, e_1, ... (`v@k`, not `v@j@k`)"
)]
pub trait LeftGroups<K, L, Sh> {
    /// The groups, an HList of layouts.
    type Output;
    /// [`Pass`](crate::statics::report::Pass) or the first failure.
    type Verdict;
}
impl<K, L, Sh> LeftGroups<K, L, Sh> for HNil {
    type Output = HNil;
    type Verdict = crate::statics::report::Pass;
}
impl<T, K, L, Sh> LeftGroups<K, L, Sh> for HCons<i64, T>
where
    K: Add<B1> + crate::statics::arith::ToInt,
    L: LeavesAlong<K>,
    <L as LeavesAlong<K>>::Output: SortInto<HNil>,
    SortedAlong<L, K>: LeftFold<P1, Z0, P1, HNil> + AlongVerdict<Sh, <K as crate::statics::arith::ToInt>::Output>,
    <SortedAlong<L, K> as LeftFold<P1, Z0, P1, HNil>>::Output: crate::ops::coalesce::static_face::CoalesceModes,
    LeftGroupModes<L, K>: crate::statics::typeops::ModesLayout,
    T: LeftGroups<Add1<K>, L, Sh>,
    <SortedAlong<L, K> as AlongVerdict<Sh, <K as crate::statics::arith::ToInt>::Output>>::Output:
        crate::statics::report::Then<T::Verdict>,
{
    type Output = HCons<
        Layout<
            <LeftGroupModes<L, K> as crate::statics::typeops::ModesLayout>::Shape,
            <LeftGroupModes<L, K> as crate::statics::typeops::ModesLayout>::Stride,
        >,
        T::Output,
    >;
    type Verdict = <<SortedAlong<L, K> as AlongVerdict<Sh, <K as crate::statics::arith::ToInt>::Output>>::Output as crate::statics::report::Then<T::Verdict>>::Output;
}

/// The conditions along one element on its sorted modes `(S, V, P)`: a non-negative smallest
/// stride, then each stride a multiple of the one below and past its reach. `Sh` is the
/// layout's shape and `K` the element, for the message.
#[doc(hidden)]
pub trait AlongVerdict<Sh, K> {
    /// [`Pass`](crate::statics::report::Pass) or the failure.
    type Output;
}
impl<Sh, K> AlongVerdict<Sh, K> for HNil {
    type Output = crate::statics::report::Pass;
}
impl<Sh, K, S, U: typenum::Unsigned + typenum::NonZero, P, T> AlongVerdict<Sh, K> for HCons<(S, typenum::PInt<U>, P), T>
where
    T: AlongPairs<Sh, K, S, typenum::PInt<U>>,
{
    type Output = <T as AlongPairs<Sh, K, S, typenum::PInt<U>>>::Output;
}
impl<
        Sh: crate::statics::report::Shown,
        K: crate::statics::report::Shown,
        S,
        U: typenum::Unsigned + typenum::NonZero,
        P,
        T,
    > AlongVerdict<Sh, K> for HCons<(S, typenum::NInt<U>, P), T>
where
    typenum::NInt<U>: crate::statics::report::Shown,
{
    type Output = crate::statics::report::BasisLeftInverseNegativeStrideFail<
        Sh::Out,
        K::Out,
        <typenum::NInt<U> as crate::statics::report::Shown>::Out,
    >;
}

/// The pairs of consecutive sorted modes after one of shape `S0` and stride `V0`.
#[doc(hidden)]
pub trait AlongPairs<Sh, K, S0, V0> {
    /// [`Pass`](crate::statics::report::Pass) or the failure.
    type Output;
}
impl<Sh, K, S0, V0> AlongPairs<Sh, K, S0, V0> for HNil {
    type Output = crate::statics::report::Pass;
}
impl<Sh, K, S0, V0, S, V, P, T> AlongPairs<Sh, K, S0, V0> for HCons<(S, V, P), T>
where
    V: core::ops::Rem<V0>,
    <V as core::ops::Rem<V0>>::Output: IsEqual<Z0>,
    V0: core::ops::Mul<S0>,
    <V0 as core::ops::Mul<S0>>::Output: typenum::IsLessOrEqual<V>,
    (
        <<V as core::ops::Rem<V0>>::Output as IsEqual<Z0>>::Output,
        <<V0 as core::ops::Mul<S0>>::Output as typenum::IsLessOrEqual<V>>::Output,
    ): PairVerdict<Sh, K, S0, V0, V, <T as AlongPairs<Sh, K, S, V>>::Output>,
    T: AlongPairs<Sh, K, S, V>,
{
    type Output = <(
        <<V as core::ops::Rem<V0>>::Output as IsEqual<Z0>>::Output,
        <<V0 as core::ops::Mul<S0>>::Output as typenum::IsLessOrEqual<V>>::Output,
    ) as PairVerdict<Sh, K, S0, V0, V, <T as AlongPairs<Sh, K, S, V>>::Output>>::Output;
}

/// The verdict of one pair (divides, fits) then `Rest`'s.
#[doc(hidden)]
pub trait PairVerdict<Sh, K, S0, V0, V, Rest> {
    /// [`Pass`](crate::statics::report::Pass) or the failure.
    type Output;
}
impl<Sh, K, S0, V0, V, Rest> PairVerdict<Sh, K, S0, V0, V, Rest> for (B1, B1) {
    type Output = Rest;
}
impl<Sh, K, S0, V0, V, Rest, X> PairVerdict<Sh, K, S0, V0, V, Rest> for (B0, X)
where
    Sh: crate::statics::report::Shown,
    K: crate::statics::report::Shown,
    V: crate::statics::report::Shown,
    V0: crate::statics::report::Shown,
{
    type Output = crate::statics::report::BasisLeftInverseDivisibilityFail<Sh::Out, K::Out, V::Out, V0::Out>;
}
impl<Sh, K, S0, V0, V, Rest> PairVerdict<Sh, K, S0, V0, V, Rest> for (B1, B0)
where
    Sh: crate::statics::report::Shown,
    K: crate::statics::report::Shown,
    S0: crate::statics::report::Shown,
    V: crate::statics::report::Shown,
    V0: crate::statics::report::Shown,
{
    type Output = crate::statics::report::BasisLeftInverseOverlapFail<Sh::Out, K::Out, S0::Out, V0::Out, V::Out>;
}

/// The flat modes of `S:D` with their domain strides.
pub(crate) type DomainModes<S, D> = <ModesOf<S, D> as crate::ops::inverse::static_face::PrefixProducts<P1>>::Output;
/// The groups of the left inverse of `S:D`.
type LeftGroupsOf<S, D> = <Coordinate<D> as LeftGroups<U0, DomainModes<S, D>, S>>::Output;
/// The left inverse of the static layout `S:D` with basis strides `D`.
///
/// ```
/// use cute::basis::{BasisLeftInverse, IdentityStrides};
/// use cute::{make_identity_layout, shape, Shape};
/// type S = Shape![(4,8)];
/// let r: BasisLeftInverse<S, IdentityStrides<S>> = make_identity_layout(shape!((4,8))).left_inverse();
/// assert_eq!(r.to_string(), "(_4,_8):(_1,_4)");
/// ```
pub type BasisLeftInverse<S, D> = <LeftVerdict<S, D> as Otherwise<LeftInverseOf<S, D>, Layout<P1, Z0>>>::Output;
/// The verdict of the left inverse of `S:D`.
type LeftVerdict<S, D> = <Coordinate<D> as LeftGroups<U0, DomainModes<S, D>, S>>::Verdict;
/// The left inverse of `S:D` assembled from its groups. A violated condition (a negative scale)
/// may leave its shape without the bounds of a layout's: [`BasisLeftInverse`] is `1:0` then, so
/// that the verdict is the only error.
type LeftInverseOf<S, D> =
    Layout<<LeftGroupsOf<S, D> as AssembleModes>::Shape, <LeftGroupsOf<S, D> as AssembleModes>::Stride>;

impl<S, D> Layout<S, Basis<D>> {
    /// CuTe's `left_inverse(L)` for basis strides (the paper's Table 6), for a static layout: the
    /// integer layout `R` over the codomain's coordinates, one mode per top-level element, with
    /// `R(A(i)) == i` where A is injective and `A(R(A(i))) == A(i)` where it is not. Each
    /// element is read alone, as the coordinate's entries are: the leaves along `e_k` sorted by
    /// scale `v_0 < v_1 < ...`, the extents `v_{j+1} / v_j` at each leaf's domain stride (the
    /// last leaf its own extent, and `v_0:0` below the smallest scale), coalesced, as the
    /// dynamic engine's [`left_inverse`](crate::dynamic::BasisLayout::left_inverse). A negative
    /// scale, a scale that is not a multiple of the one below it, or leaves that overlap are
    /// compile errors naming them. (The crate root's [`left_inverse`](crate::left_inverse) is the
    /// static face's, for integer strides, whose error messages stay short that way.)
    ///
    /// ```
    /// use cute::{hlist, layout};
    /// // The paper's Table 6.
    /// assert_eq!(layout!((4,8):(1@0,1@1)).left_inverse().to_string(), "(_4,_8):(_1,_4)");
    /// let a = layout!((4,(4,2)):(1@1,(1@0,6@1)));
    /// let r = a.left_inverse();
    /// assert_eq!(r.to_string(), "(_4,(_6,_2)):(_4,(_1,_16))");
    /// let c = a.call(13); // the coordinate (1, 7)
    /// assert_eq!(r.call_coord(cute::coord!(({ c.head as usize }, { c.tail.head as usize }))), 13);
    /// // Every other column: the columns between are not on the image.
    /// assert_eq!(layout!((4,8):(2@0,1@1)).left_inverse().to_string(), "((_2,_4),_8):((_0,_1),_4)");
    /// ```
    #[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
    pub fn left_inverse(self) -> BasisLeftInverse<S, D>
    where LeftVerdict<S, D>: crate::statics::report::Holds,
        S: crate::statics::Shape + Flatten,
        D: StaticScales + Flatten + Codomain<Hole>,
        <D as Codomain<Hole>>::Output: Fill,
        S::Output: Zip<<D as Flatten>::Output>,
        ModesOf<S, D>: crate::ops::inverse::static_face::PrefixProducts<P1>,
        Coordinate<D>: LeftGroups<U0, DomainModes<S, D>, S>,
        LeftGroupsOf<S, D>: AssembleModes,
        LeftVerdict<S, D>: Otherwise<LeftInverseOf<S, D>, Layout<P1, Z0>>,
        BasisLeftInverse<S, D>: Default,
    {
        let _ = self;
        Default::default()
    }
}

/// Static basis strides: the crate root's `left_inverse` takes integer strides (the layout's
/// method inverts basis strides).
impl<S, D> super::static_only::StaticBy<S, Basis<D>> for typenum::B1
where
    Basis<D>: super::static_only::NotStatic<S>,
{
    type Shape = typenum::P1;
    type Stride = typenum::Z0;
    type Verdict = <Basis<D> as super::static_only::NotStatic<S>>::Verdict;
}
/// Basis strides (static or not): the crate root's `left_inverse` takes integer strides, and the
/// failure names the method that inverts them.
impl<S: crate::error::verdict::Shown, D> super::static_only::NotStatic<S> for Basis<D> {
    type Verdict = crate::error::verdict::BasisLeftInverseRootFail<S::Out>;
}
