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

use super::{Basis, BasisTuple, Codomain, Coordinate, Fill, Hole, ScaledBasis};
use crate::layout::Layout;
use crate::mixed::coalesce::{Coalesce, Coalesced, Finish, Flatten, ModesOf, Zip};
use crate::mixed::int::{Int, ProvablyEqual};
use crate::mixed::inverse::{Chain, FindStride, Known, OrEmpty, RightInvertible, Triples};
use crate::mixed::{Error, MixedTuple};
use crate::statics::report::LenU;

/// A runtime or static scale is known as its scale is.
impl<V: Known, P> Known for ScaledBasis<V, P> {
    type Bit = V::Bit;
}

/// Two basis strides are provably equal when their scales are and their elements are the same.
impl<V: ProvablyEqual<W>, W, P: super::SamePath<Q>, Q> ProvablyEqual<ScaledBasis<W, Q>> for ScaledBasis<V, P>
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
type ChainOf<L, K> = <<L as FindStride<super::E<HCons<K, HNil>>>>::Output as Chain<L>>::Output;
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
    L: FindStride<super::E<HCons<K, HNil>>> + ModesAlong<K>,
    <L as FindStride<super::E<HCons<K, HNil>>>>::Output: Chain<L>,
    ChainOf<L, K>: LenU + OrEmpty,
    <ChainOf<L, K> as LenU>::Output: IsEqual<<L as ModesAlong<K>>::Output>,
    Covers<L, K>: NextGroups<T, Add1<K>, L>,
{
    type Output = HCons<<ChainOf<L, K> as OrEmpty>::Output, <Covers<L, K> as NextGroups<T, Add1<K>, L>>::Output>;
    fn groups(modes: &L) -> Result<Self::Output, Error> {
        let err = |o| Error::new("right_inverse", crate::mixed::Detail::from(o));
        let group = modes.find().chain(modes).map_err(err)?.layout();
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
    fn assemble(self) -> Layout<Self::Shape, Self::Stride>;
}
impl AssembleModes for HNil {
    type Shape = HNil;
    type Stride = HNil;
    fn assemble(self) -> Layout<HNil, HNil> {
        Layout { shape: HNil, stride: HNil }
    }
}
impl<S, D, T: AssembleModes> AssembleModes for HCons<Layout<S, D>, T> {
    type Shape = HCons<S, T::Shape>;
    type Stride = HCons<D, T::Stride>;
    fn assemble(self) -> Layout<Self::Shape, Self::Stride> {
        let rest = self.tail.assemble();
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
/// let r: BasisRightInverse<S, IdentityStrides<S>> = right_inverse(make_identity_layout(shape!((4,8)))).unwrap();
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
/// assert_eq!(right_inverse(make_identity_layout(shape!((4,8)))).unwrap().to_string(), "(_4,_8):(_1,_4)");
/// let a = layout!((4,(4,2)):(1@1,(1@0,6@1)));
/// let r = right_inverse(a).unwrap();
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
        let modes = self.shape.flatten().zip(self.stride.0.flatten()).coalesce().map_err(err)?.finish();
        let triples = modes.triples(P1::new()).map_err(err)?;
        Ok(<Coordinate<D> as InverseGroups<U0, BasisTriples<S, D>>>::groups(&triples)?.assemble())
    }
}
