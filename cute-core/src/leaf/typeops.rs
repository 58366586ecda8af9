//! Type-level helpers over typenum integers and frunk_core HLists: the vocabulary the static
//! algorithms are written in. Branches are traits implemented for `B0` and `B1`, so only the
//! branch taken is ever computed.

use core::ops::Add;

use frunk_core::hlist::{HCons, HList, HNil};
use typenum::{Bit, IsEqual, NInt, NonZero, PInt, UInt, Unsigned, B0, B1, P1, Z0};

use super::tuple::IntTuple;

pub use super::arith::CeilDiv;

/// `B1` when the integer is 1.
pub type IsOne<A> = <A as IsEqual<P1>>::Output;

/// `B1` when the integer is 1, else `B0`: [`IsOne`] by one impl per typenum structure, so it
/// costs the trait solver a single step (`IsEqual` compares bit by bit).
pub trait IsP1 {
    /// `B1` or `B0`.
    type Output;
}
impl IsP1 for P1 {
    type Output = B1;
}
impl<U: Unsigned, B: Bit, B2: Bit> IsP1 for PInt<UInt<UInt<U, B>, B2>> {
    type Output = B0;
}
impl IsP1 for Z0 {
    type Output = B0;
}
impl<U: Unsigned + NonZero> IsP1 for NInt<U> {
    type Output = B0;
}

/// [`IsP1`] of `X`: `B1` for the static `_1` (a walk skips a step on it).
pub type Skip<X> = <X as IsP1>::Output;
/// A runtime value is never the static `_1`.
impl IsP1 for i64 {
    type Output = B0;
}

/// The shape of a mode list's first mode (for the coalesce stack).
pub trait HeadMode {
    /// Its shape.
    type S;
    /// Its stride.
    type D;
    /// `B1` when the list has exactly one mode.
    type Single;
}
impl<S, D> HeadMode for HCons<(S, D), HNil> {
    type S = S;
    type D = D;
    type Single = B1;
}
impl<S, D, X, T> HeadMode for HCons<(S, D), HCons<X, T>> {
    type S = S;
    type D = D;
    type Single = B0;
}

pub use self::Zip as ZipModes;

/// The flat modes `(S, D)` of the layout `Shape:Stride`.
pub type FlatModes<Shape, Stride> = <<Shape as Flatten>::Output as ZipModes<<Stride as Flatten>::Output>>::Output;

/// A list of modes as a layout: one mode is the integral layout `S:D`, several a flat tuple.
pub trait ModesLayout {
    /// The shape.
    type Shape: IntTuple;
    /// The stride.
    type Stride: IntTuple;
}
impl<S: IntTuple, D: IntTuple> ModesLayout for HCons<(S, D), HNil> {
    type Shape = S;
    type Stride = D;
}
impl<S, D, X, T> ModesLayout for HCons<(S, D), HCons<X, T>>
where
    HCons<(S, D), HCons<X, T>>: Unzip,
{
    type Shape = <HCons<(S, D), HCons<X, T>> as Unzip>::Shapes;
    type Stride = <HCons<(S, D), HCons<X, T>> as Unzip>::Strides;
}

/// Split a list of modes into the tuple of shapes and the tuple of strides.
pub trait Unzip {
    /// The shapes.
    type Shapes: IntTuple;
    /// The strides.
    type Strides: IntTuple;
}
impl Unzip for HNil {
    type Shapes = HNil;
    type Strides = HNil;
}
impl<S: IntTuple, D: IntTuple, T: Unzip> Unzip for HCons<(S, D), T>
where
    <T as Unzip>::Shapes: super::tuple::TupleList,
    <T as Unzip>::Strides: super::tuple::TupleList,
{
    type Shapes = HCons<S, <T as Unzip>::Shapes>;
    type Strides = HCons<D, <T as Unzip>::Strides>;
}

/// Reverse an HList (used by algorithms that build results back to front).
pub trait Reverse {
    /// The reversed list.
    type Output;
}
impl<L: ReverseOnto<HNil>> Reverse for L {
    type Output = <L as ReverseOnto<HNil>>::Output;
}

/// Reverse `Self` in front of `Acc`.
pub trait ReverseOnto<Acc> {
    /// The result.
    type Output;
}
impl<Acc> ReverseOnto<Acc> for HNil {
    type Output = Acc;
}
impl<H, T: ReverseOnto<HCons<H, Acc>>, Acc> ReverseOnto<Acc> for HCons<H, T> {
    type Output = <T as ReverseOnto<HCons<H, Acc>>>::Output;
}

/// `Z0` for `B1`, `X` for `B0`: a size-1 mode gets stride 0, as CuTe's `compact_major` and
/// complement give it.
pub trait ZeroIf<X> {
    /// `Z0` or `X`.
    type Output;
}
impl<X> ZeroIf<X> for B1 {
    type Output = Z0;
}
impl<X> ZeroIf<X> for B0 {
    type Output = X;
}

/// The leaves of a mixed tuple as a flat HList, left to right.
///
/// ```
/// use cute::mixed::coalesce::Flatten;
/// use cute::hlist;
/// let t = hlist![cute::typenum::P4::new(), hlist![3i64, cute::typenum::P2::new()]];
/// assert_eq!(t.flatten(), hlist![cute::typenum::P4::new(), 3i64, cute::typenum::P2::new()]);
/// ```
pub trait Flatten {
    /// The flat HList.
    type Output: HList;
    /// Flatten.
    fn flatten(self) -> Self::Output;
}
/// A leaf is its own list. One impl per kind of leaf, not one bounded by `Int`: an impl whose
/// header also matches a tuple makes the trait solver rule it out at every node.
macro_rules! flatten_leaf {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> Flatten for $ty {
            type Output = HCons<$ty, HNil>;
            #[inline(always)]
            fn flatten(self) -> Self::Output {
                HCons { head: self, tail: HNil }
            }
        }
    )*};
}
flatten_leaf! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
    [] i64;
}
impl Flatten for HNil {
    type Output = HNil;
    #[inline(always)]
    fn flatten(self) -> HNil {
        HNil
    }
}
impl<H: Flatten, T: Flatten> Flatten for HCons<H, T>
where
    H::Output: Add<T::Output>,
    <H::Output as Add<T::Output>>::Output: HList,
{
    type Output = <H::Output as Add<T::Output>>::Output;
    // HList concatenation (frunk's `Add`), not integer arithmetic.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    fn flatten(self) -> Self::Output {
        self.head.flatten() + self.tail.flatten()
    }
}

/// Pair two flat HLists into an HList of `(shape, stride)` modes.
pub trait Zip<Rhs> {
    /// The HList of pairs.
    type Output;
    /// Zip.
    fn zip(self, rhs: Rhs) -> Self::Output;
}
impl Zip<HNil> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn zip(self, _: HNil) -> HNil {
        HNil
    }
}
impl<H, T: Zip<T2>, H2, T2> Zip<HCons<H2, T2>> for HCons<H, T> {
    type Output = HCons<(H, H2), T::Output>;
    #[inline(always)]
    fn zip(self, rhs: HCons<H2, T2>) -> Self::Output {
        HCons { head: (self.head, rhs.head), tail: self.tail.zip(rhs.tail) }
    }
}

/// Project the two types of a pair (keeps the result type readable).
pub trait Pair {
    /// The first.
    type A;
    /// The second.
    type B;
}
impl<X, Y> Pair for (X, Y) {
    type A = X;
    type B = Y;
}

/// The number of top-level modes of a mixed tuple as a typenum number (a leaf has one).
pub trait RankOf {
    /// The rank.
    type Rank;
}
impl<U: Unsigned + NonZero> RankOf for PInt<U> {
    type Rank = typenum::U1;
}
impl RankOf for i64 {
    type Rank = typenum::U1;
}
impl RankOf for HNil {
    type Rank = typenum::U0;
}
impl<H, T: RankOf> RankOf for HCons<H, T>
where
    T::Rank: core::ops::Add<typenum::B1>,
{
    type Rank = typenum::Add1<T::Rank>;
}
