//! CuTe's `make_identity_layout`: the layout with basis strides that maps each coordinate of
//! a shape to itself.

use core::marker::PhantomData;
use core::ops::Add;

use frunk_core::hlist::{HCons, HList, HNil};
use typenum::{Add1, B0, B1, P1, U0};

use crate::basis::{Basis, BasisTuple, E};
use crate::layout::{check_extents, Layout};
use crate::mixed::int::{AllStatic, Digits};
use crate::mixed::{Error, MixedTuple};
use crate::statics::check::{msg, Check, Checked, Verify};
use crate::statics::layout::checked_size;
use crate::statics::tuple::IntTuple;

/// The basis strides of the identity layout of the shape `Self` whose position is the path `P`
/// (outer first): a leaf steps along `e_P`, a tuple's element `k` is at the path `P` then `k`.
#[doc(hidden)]
pub trait IdentityStride<P> {
    /// The strides.
    type Output: Default;
}
macro_rules! identity_leaf {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<P: Default, $($gen)*> IdentityStride<P> for $ty {
            type Output = E<P>;
        }
    )*};
}
identity_leaf! {
    [U: Digits] typenum::PInt<U>;
    [] i64;
}
impl<P, H, T> IdentityStride<P> for HCons<H, T>
where
    HCons<H, T>: IdentityElems<P, U0>,
{
    type Output = <HCons<H, T> as IdentityElems<P, U0>>::Output;
}
impl<P> IdentityStride<P> for HNil {
    type Output = HNil;
}

/// [`IdentityStride`] of the elements of a tuple at the path `P`, the first being element `K`.
#[doc(hidden)]
pub trait IdentityElems<P, K> {
    /// The strides.
    type Output: Default + HList;
}
impl<P, K> IdentityElems<P, K> for HNil {
    type Output = HNil;
}
impl<P: Append<K>, K: Add<B1>, H: IdentityStride<P::Output>, T: IdentityElems<P, Add1<K>>> IdentityElems<P, K>
    for HCons<H, T>
{
    type Output = HCons<H::Output, T::Output>;
}

/// The path `Self` then the index `K` (inside it).
#[doc(hidden)]
pub trait Append<K> {
    /// The path.
    type Output;
}
impl<K> Append<K> for HNil {
    type Output = HCons<K, HNil>;
}
impl<K, H, T: Append<K>> Append<K> for HCons<H, T> {
    type Output = HCons<H, T::Output>;
}

/// The identity layout of a shape: a tuple shape gets basis strides; an integer shape is its
/// own identity, `s:_1` (CuTe's `make_basis_like` of an integer is `_1`).
#[doc(hidden)]
pub trait MakeIdentity {
    /// The layout.
    type Output;
    /// Make it (the shape was checked).
    fn identity(self, _: crate::Internal) -> Self::Output;
}
impl<H, T> MakeIdentity for HCons<H, T>
where
    HCons<H, T>: IdentityStride<HNil>,
    <HCons<H, T> as IdentityStride<HNil>>::Output: BasisTuple,
{
    type Output = Layout<HCons<H, T>, Basis<<HCons<H, T> as IdentityStride<HNil>>::Output>>;
    fn identity(self, _: crate::Internal) -> Self::Output {
        Layout { shape: self, stride: Basis(Default::default()) }
    }
}
macro_rules! identity_of_integer {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> MakeIdentity for $ty {
            type Output = Layout<$ty, P1>;
            fn identity(self, _: crate::Internal) -> Self::Output {
                Layout { shape: self, stride: P1::new() }
            }
        }
    )*};
}
identity_of_integer! {
    [U: Digits] typenum::PInt<U>;
    [] i64;
}

/// The basis strides of the identity layout of the tuple shape `S`.
///
/// ```
/// use cute::basis::{IdentityStrides, E};
/// use cute::typenum::{U0, U1};
/// use cute::{HCons, HNil, Shape};
/// let _: IdentityStrides<Shape![(4,8)]> = cute::hlist![E::<HCons<U0, HNil>>::default(), E::<HCons<U1, HNil>>::default()];
/// ```
pub type IdentityStrides<S> = <S as IdentityStride<HNil>>::Output;

/// `B1` when the shape `Self` is all static.
#[doc(hidden)]
pub type IsStatic<S> = <S as AllStatic>::Is;

/// The identity layout of the shape `S`, or the `Result` of one where a leaf is runtime.
#[doc(hidden)]
pub trait IdentityResult<S> {
    /// The layout or the `Result`.
    type Output;
    /// Make it.
    fn make(shape: S, _: crate::Internal) -> Self::Output;
}
impl<S: MakeIdentity + IntTuple> IdentityResult<S> for B1 {
    type Output = S::Output;
    #[inline(always)]
    fn make(shape: S, _: crate::Internal) -> Self::Output {
        #[allow(clippy::let_unit_value)]
        let () = Verify::<IdentityFits<S>>::OK;
        shape.identity(crate::Internal(()))
    }
}
/// The condition of a static shape's identity layout: its size fits in `i64`, as every static
/// layout's (a build error otherwise; its offsets are its coordinates, each below its extent).
struct IdentityFits<S>(PhantomData<S>);
impl<S: IntTuple> Check for IdentityFits<S> {
    const RESULT: Checked = match checked_size(&S::LEAVES) {
        Some(_) => Ok(()),
        None => Err(msg("overflow: make_identity_layout: the size of the shape ")
            .tuple(S::LEAVES.as_slice())
            .s(" does not fit in i64")),
    };
}
impl<S: MakeIdentity + MixedTuple> IdentityResult<S> for B0 {
    type Output = Result<S::Output, Error>;
    #[inline(always)]
    fn make(shape: S, _: crate::Internal) -> Self::Output {
        check_extents("make_identity_layout", &shape)?;
        Ok(shape.identity(crate::Internal(())))
    }
}

/// The layout [`make_identity_layout`] makes from the shape `S`.
///
/// ```
/// use cute::basis::IdentityLayout;
/// let id: IdentityLayout<cute::Shape![(4,8)]> = cute::make_identity_layout(cute::shape!((4,8)));
/// assert_eq!(id.to_string(), "(_4,_8):(_1@0,_1@1)");
/// ```
pub type IdentityLayout<S> = <IsStatic<S> as IdentityResult<S>>::Output;

/// CuTe's `make_identity_layout(shape)`: the layout that maps each natural coordinate of
/// `shape` to itself, its strides the basis elements of the leaves' positions (`(2,(3,4),5)`
/// gets `(_1@0,(_1@0@1,_1@1@1),_1@2)`); an integer shape `s` gets `s:_1`. With a runtime leaf
/// the result is a `Result` (the leaf must be positive).
///
/// ```
/// use cute::{hlist, make_identity_layout, shape};
/// let id = make_identity_layout(shape!((4,(2,3))));
/// assert_eq!(id.to_string(), "(_4,(_2,_3)):(_1@0,(_1@0@1,_1@1@1))");
/// assert_eq!(id.call(13), hlist![1, hlist![1, 1]]);
/// let m = 6i64;
/// let id = make_identity_layout(shape!((4,{m}))).unwrap();
/// assert_eq!(id.to_string(), "(_4,6):(_1@0,_1@1)");
/// assert_eq!(make_identity_layout(shape!(8)).to_string(), "_8:_1");
/// assert!(make_identity_layout(shape!((4,{0i64}))).is_err());
/// ```
pub fn make_identity_layout<S>(shape: S) -> IdentityLayout<S>
where
    S: AllStatic,
    IsStatic<S>: IdentityResult<S>,
{
    <IsStatic<S> as IdentityResult<S>>::make(shape, crate::Internal(()))
}
