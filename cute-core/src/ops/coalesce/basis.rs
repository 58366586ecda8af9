//! CuTe's `coalesce` of a layout with basis strides: the integer strides' walk
//! (`mixed::coalesce`), where two leaves are contiguous when they step along one basis element
//! and the second's scale is provably the first's times its shape.

use core::ops::BitAnd;
use frunk_core::hlist::{HCons, HNil};
use typenum::{And, Bit, IsEqual, NonZero, PInt, Unsigned, B0, B1};

use crate::basis::{Basis, BasisTuple, ScaledBasis};
use crate::layout::Layout;
use crate::mixed::int::{Int, ProvablyEqual};
use crate::mixed::{Error, MixedTuple};
use crate::ops::coalesce::mixed_face::{Coalesce, Coalesced, Contiguous, Finish, Flatten, ModesOf, Unwrap, Zip};
use crate::ops::{op, Route1};
use crate::statics::check::Checked;
use crate::statics::Made;

/// A basis stride is a leaf of the flat modes.
impl<V, P> Flatten for ScaledBasis<V, P> {
    type Output = HCons<ScaledBasis<V, P>, HNil>;
    #[inline(always)]
    fn flatten(self) -> Self::Output {
        HCons { head: self, tail: HNil }
    }
}

/// An integer never equals a basis stride.
impl<A: Int, V, P> ProvablyEqual<ScaledBasis<V, P>> for A {
    type Output = B0;
}

/// `B1` when the paths `Self` and `Q` are the same basis element.
#[doc(hidden)]
pub trait SamePath<Q>: crate::sealed::Sealed {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl SamePath<HNil> for HNil {
    type Output = B1;
}
impl<K, P> SamePath<HCons<K, P>> for HNil {
    type Output = B0;
}
impl<K, P> SamePath<HNil> for HCons<K, P> {
    type Output = B0;
}
impl<K: IsEqual<L>, L, P: SamePath<Q>, Q> SamePath<HCons<L, Q>> for HCons<K, P>
where
    K::Output: BitAnd<P::Output>,
    And<K::Output, P::Output>: Bit,
{
    type Output = And<K::Output, P::Output>;
}

/// A static shape `s` then the basis stride `v@P`: contiguous with the next stride `HD` when
/// that is `w@P` with `s * v == w` provable.
impl<U: Unsigned + NonZero, V, P, HD> Contiguous<ScaledBasis<V, P>, HD> for PInt<U>
where
    HD: NextBasis<PInt<U>, V, P>,
{
    type Output = <HD as NextBasis<PInt<U>, V, P>>::Output;
}
/// A runtime shape: never provably contiguous.
impl<V, P, HD> Contiguous<ScaledBasis<V, P>, HD> for i64 {
    type Output = B0;
}

/// [`Contiguous`] of the mode `S:v@P` with `Self`, the next mode's stride.
#[doc(hidden)]
pub trait NextBasis<S, V, P> {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl<S: Contiguous<V, W>, V, P: SamePath<Q>, W, Q> NextBasis<S, V, P> for ScaledBasis<W, Q>
where
    <S as Contiguous<V, W>>::Output: BitAnd<P::Output>,
    And<<S as Contiguous<V, W>>::Output, P::Output>: Bit,
{
    type Output = And<<S as Contiguous<V, W>>::Output, P::Output>;
}
macro_rules! next_not_basis {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<S, V, P, $($gen)*> NextBasis<S, V, P> for $ty {
            type Output = B0;
        }
    )*};
}
next_not_basis! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] typenum::NInt<U>;
    [] typenum::Z0;
    [] i64;
}

/// The layout `coalesce(S:D)` for basis strides `D`.
///
/// ```
/// use cute::basis::{CoalescedBasis, IdentityStrides};
/// use cute::{coalesce, make_identity_layout, shape, Shape};
/// type S = Shape![(4,1,8)];
/// let c: CoalescedBasis<S, IdentityStrides<S>> = coalesce(make_identity_layout(shape!((4,1,8))));
/// assert_eq!(c.to_string(), "(_4,_8):(_1@0,_1@2)");
/// ```
pub type CoalescedBasis<S, D> = Layout<<Coalesced<S, D> as Unwrap>::Shape, Basis<<Coalesced<S, D> as Unwrap>::Stride>>;

/// CuTe's `coalesce(L)` of a layout with basis strides, the crate root's
/// [`coalesce`](crate::coalesce) for one (the layout itself where every leaf is static, else a
/// `Result`; see [`Basis`]), through the integer strides' walk: size-1 leaves dropped, and adjacent leaves merged where
/// they step along one basis element and the types prove the second's scale is the first's
/// times its shape.
///
/// Post-conditions: `size(R) == size(L)`, `depth(R) <= 1`, `R(i) == L(i)` for `i < size(L)`.
///
/// ```
/// use cute::{coalesce, make_identity_layout, shape};
/// let id = make_identity_layout(shape!(((2,4),8)));
/// assert_eq!(id.to_string(), "((_2,_4),_8):((_1@0@0,_1@1@0),_1@1)");
/// assert_eq!(coalesce(make_identity_layout(shape!((4,1,8)))).to_string(), "(_4,_8):(_1@0,_1@2)");
/// let m = 8i64;
/// assert_eq!(coalesce(make_identity_layout(shape!(({m},1))).unwrap()).unwrap().to_string(), "8:_1@0");
/// ```
impl<S, D> Route1<op::Coalesce, Layout<S, Basis<D>>> for B0
where
    S: MixedTuple + Flatten,
    D: BasisTuple + Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Coalesce,
    <ModesOf<S, D> as Coalesce>::Output: Finish,
    Coalesced<S, D>: Unwrap,
{
    type Output = Result<CoalescedBasis<S, D>, Error>;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(l: Layout<S, Basis<D>>, _: crate::Internal) -> Self::Output {
        let modes = l.flat_modes();
        let (shape, stride) = modes.coalesce().map_err(|o| Error::new("coalesce", o.into()))?.finish().unwrap_modes();
        Ok(Layout { shape, stride: Basis(stride) })
    }
}
/// All-static operands: the walk's result type is the value (coalescing cannot fail then).
impl<S, D> Route1<op::Coalesce, Layout<S, Basis<D>>> for B1
where
    S: MixedTuple + Flatten,
    D: BasisTuple + Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Coalesce,
    <ModesOf<S, D> as Coalesce>::Output: Finish,
    Coalesced<S, D>: Unwrap,
    CoalescedBasis<S, D>: Made,
{
    type Output = CoalescedBasis<S, D>;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(_: Layout<S, Basis<D>>, _: crate::Internal) -> Self::Output {
        Made::made()
    }
}
