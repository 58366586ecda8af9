//! Type-level helpers over typenum integers and frunk_core HLists: the vocabulary the static
//! algorithms are written in. Branches are traits implemented for `B0` and `B1`, so only the
//! branch taken is ever computed.

use frunk_core::hlist::{HCons, HNil};
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

/// The leaves of an int tuple as an HList, and two such lists paired into modes `(S, D)`: the
/// walks of layouts with runtime leaves, which serve the static face too.
pub use crate::mixed::coalesce::{Flatten, Zip as ZipModes};

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
