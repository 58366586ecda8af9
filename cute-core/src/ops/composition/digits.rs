//! The digits the marked walk records in A's modes for each leaf of B (read by the static face's
//! overlap check), and the split of a mode into the part kept and the shape left.

use super::mixed_face::*;
use crate::arith::Overflow;
use crate::mixed::int::{Int, ShapeDivI};
use crate::ops::coalesce::mixed_face::Unwrap;
use crate::statics::arith::{DivRem, Quot};
use core::marker::PhantomData;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Cmp, Equal, Greater, Less, NInt, NonZero, PInt, UInt, UTerm, Unsigned, P1, Z0};

/// The digit that a kept part `T` at the stride left `RD` puts in its mode of A (CuTe's walk
/// keeps `T` elements `|RD|` apart there, so the largest digit is `(T - 1) * |RD|`): the marked
/// walk records it before the kept mode, and a [`Zero`] for each mode of A it skips (but the
/// last), so that each leaf's digits line up with A's modes and the overlap of B's leaves is
/// read from the walk's own result ([`LeafParts`]).
pub struct Digit<T, RD>(PhantomData<(T, RD)>);
impl<T, RD> Clone for Digit<T, RD> {
    fn clone(&self) -> Self {
        *self
    }
}
impl<T, RD> Copy for Digit<T, RD> {}
impl<T, RD> Default for Digit<T, RD> {
    fn default() -> Self {
        Digit(PhantomData)
    }
}
/// The digit of a mode of A that the marked walk skips (see [`Digit`]).
#[derive(Clone, Copy, Default)]
pub struct Zero;

/// How the walk with the marks `Self` records the digit `G` ([`Digit`] or [`Zero`]) of a mode
/// of A before the modes `M` (the rest of the walk): [`Unmarked`] not at all, [`ExactMarks`]
/// in front of them.
pub trait Keep<G, M> {
    /// The modes, with the record.
    type Output;
    /// Record.
    fn keep(modes: M) -> Self::Output;
}
/// The marks that record no digits: [`Keep`] leaves the modes as they are and [`LeafParts`]
/// unwraps them, as for the walk of layouts with runtime leaves.
macro_rules! no_digits {
    ($($k:ty),*) => {$(
        impl<G, M> Keep<G, M> for $k {
            type Output = M;
            #[inline(always)]
            fn keep(modes: M) -> M {
                modes
            }
        }
        impl<W: Unwrap, N, R> LeafParts<W, N, R> for $k {
            type Output = (W::Shape, W::Stride, ());
            #[inline(always)]
            fn leaf_parts(walked: W) -> (W::Shape, W::Stride) {
                walked.unwrap_modes()
            }
        }
    )*};
}
no_digits!(Unmarked, ExactMarks<NoDigits>);
impl<G: Default, M> Keep<G, M> for ExactMarks<WithDigits> {
    type Output = HCons<G, M>;
    #[inline(always)]
    fn keep(modes: M) -> Self::Output {
        HCons { head: G::default(), tail: modes }
    }
}

/// The walk's result `W` for the leaf `N:R` of B, with the marks `Self`, as the leaf's part of
/// [`ComposeTree`]'s output: its shape and stride ([`Unwrap`]) and its digits, none for
/// [`Unmarked`], the [`Digit`]s and [`Zero`]s taken out of the modes for [`ExactMarks`]
/// ([`LeafDigits`]).
pub trait LeafParts<W, N, R> {
    /// `(shape, stride, digits)`.
    type Output: Parts;
    /// The shape and the stride.
    fn leaf_parts(walked: W) -> (<Self::Output as Parts>::Shape, <Self::Output as Parts>::Stride);
}
impl<W: Undigit, N, R> LeafParts<W, N, R> for ExactMarks<WithDigits>
where
    W::Modes: Unwrap,
{
    type Output = (
        <W::Modes as Unwrap>::Shape,
        <W::Modes as Unwrap>::Stride,
        LeafDigits<N, R, W::Digits, <W::Modes as Unwrap>::One>,
    );
    #[inline(always)]
    fn leaf_parts(walked: W) -> (<W::Modes as Unwrap>::Shape, <W::Modes as Unwrap>::Stride) {
        walked.undigit().unwrap_modes()
    }
}
/// A marked walk's result split into its modes and its [`Digit`]s.
pub trait Undigit {
    /// The modes.
    type Modes;
    /// The digits.
    type Digits;
    /// The modes' values.
    fn undigit(self) -> Self::Modes;
}
impl Undigit for HNil {
    type Modes = HNil;
    type Digits = HNil;
    #[inline(always)]
    fn undigit(self) -> HNil {
        HNil
    }
}
impl<T, RD, X: Undigit> Undigit for HCons<Digit<T, RD>, X> {
    type Modes = X::Modes;
    type Digits = HCons<Digit<T, RD>, X::Digits>;
    #[inline(always)]
    fn undigit(self) -> X::Modes {
        self.tail.undigit()
    }
}
impl<X: Undigit> Undigit for HCons<Zero, X> {
    type Modes = X::Modes;
    type Digits = HCons<Zero, X::Digits>;
    #[inline(always)]
    fn undigit(self) -> X::Modes {
        self.tail.undigit()
    }
}
impl<S, D, X: Undigit> Undigit for HCons<(S, D), X> {
    type Modes = HCons<(S, D), X::Modes>;
    type Digits = X::Digits;
    #[inline(always)]
    fn undigit(self) -> Self::Modes {
        HCons { head: self.head, tail: self.tail.undigit() }
    }
}

/// The digits of one leaf `N:R` of B, whose walk gave one mode if `M` is `B1` ([`LeafParts`]), for the
/// overlap of B's leaves.
pub struct LeafDigits<N, R, Digits, M>(PhantomData<(N, R, Digits, M)>);

/// `min(Self, RS)` and the shape left, `RS / min(Self, RS)`: static when both shapes are (one
/// comparison; a division only when `Self < RS`), else runtime. With marks `K`, a static part
/// short of the shape left that does not divide it is replaced by a [`ShapeDivisibilityMark`],
/// else by its fate `F`.
pub trait Split<RS, K, F> {
    /// `min(Self, RS)`.
    type Taken;
    /// The shape left.
    type Rest;
    /// Split.
    fn split(self, rest_shape: RS) -> Result<(Self::Taken, Self::Rest), Overflow>;
}
impl<A: StaticLeaf, B: StaticLeaf, K, F> Split<B, K, F> for A
where
    A: Cmp<B>,
    <A as Cmp<B>>::Output: TakeMin<A, B, K, F>,
{
    type Taken = <<A as Cmp<B>>::Output as TakeMin<A, B, K, F>>::Taken;
    type Rest = <<A as Cmp<B>>::Output as TakeMin<A, B, K, F>>::Rest;
    #[inline(always)]
    fn split(self, rest_shape: B) -> Result<(Self::Taken, Self::Rest), Overflow> {
        Ok(<A as Cmp<B>>::Output::take_min(self, rest_shape))
    }
}

/// A static leaf (`PInt`, `NInt`, `Z0`), with no other requirement: the walk's static steps
/// exist for every static value, so that an inadmissible static operation (a negative shape)
/// still has a result type and its compile-time check reports the condition.
pub trait StaticLeaf {}
impl<U: Unsigned + NonZero> StaticLeaf for PInt<U> {}
impl<U: Unsigned + NonZero> StaticLeaf for NInt<U> {}
impl StaticLeaf for Z0 {}

impl<U: Unsigned + NonZero, K, F> Split<i64, K, F> for PInt<U> {
    type Taken = i64;
    type Rest = i64;
    #[inline(always)]
    fn split(self, rest_shape: i64) -> Result<(i64, i64), Overflow> {
        runtime_split(<PInt<U> as typenum::Integer>::I64, rest_shape)
    }
}
impl<RS: Int, K, F> Split<RS, K, F> for i64 {
    type Taken = i64;
    type Rest = i64;
    #[inline(always)]
    fn split(self, rest_shape: RS) -> Result<(i64, i64), Overflow> {
        runtime_split(self, rest_shape.value())
    }
}

/// `min(ns, rs)` and `ceil_div(rs, min(ns, rs))` at run time (a zero minimum, possible only for
/// inadmissible values that the checks reject first, gives 1, as `shape_div` does).
#[inline(always)]
fn runtime_split(ns: i64, rs: i64) -> Result<(i64, i64), Overflow> {
    let taken = ns.min(rs);
    Ok((taken, rs.shape_div_i(taken)?))
}

/// [`Split`] of static shapes from `Self`, their comparison: when `NS` holds all that is left,
/// nothing is left (`_1`) and no division is needed.
pub trait TakeMin<NS, RS, K, F> {
    /// `min(NS, RS)`.
    type Taken;
    /// `RS / min(NS, RS)`.
    type Rest;
    /// The values.
    fn take_min(ns: NS, rs: RS) -> (Self::Taken, Self::Rest);
}
/// Unmarked, a part short of the shape left is kept and `RS / NS` is left.
impl<NS, RS: Quot<NS>, F> TakeMin<NS, RS, Unmarked, F> for Less
where
    <RS as Quot<NS>>::Output: Default,
{
    type Taken = NS;
    type Rest = <RS as Quot<NS>>::Output;
    #[inline(always)]
    fn take_min(ns: NS, _: RS) -> (NS, Self::Rest) {
        (ns, Default::default())
    }
}
/// Marked, a remainder of `RS / NS` marks CuTe's shape divisibility ([`ShortBy`]) (a part that
/// is not positive is kept as unmarked, see `unmarked_if_not_positive`).
impl<V: Unsigned + NonZero, W: Unsigned + NonZero + DivRem<V>, F, G> TakeMin<PInt<V>, PInt<W>, ExactMarks<G>, F>
    for Less
where
    <W as DivRem<V>>::R: ShortBy<<W as DivRem<V>>::Q, V, W, F>,
{
    type Taken = <<W as DivRem<V>>::R as ShortBy<<W as DivRem<V>>::Q, V, W, F>>::Taken;
    type Rest = <<W as DivRem<V>>::R as ShortBy<<W as DivRem<V>>::Q, V, W, F>>::Rest;
    #[inline(always)]
    fn take_min(ns: PInt<V>, _: PInt<W>) -> (Self::Taken, Self::Rest) {
        <W as DivRem<V>>::R::short_by(ns)
    }
}
impl<NS, RS, K, F> TakeMin<NS, RS, K, F> for Equal {
    type Taken = RS;
    type Rest = P1;
    #[inline(always)]
    fn take_min(_: NS, rs: RS) -> (RS, P1) {
        (rs, P1::new())
    }
}
impl<NS, RS, K, F> TakeMin<NS, RS, K, F> for Greater {
    type Taken = RS;
    type Rest = P1;
    #[inline(always)]
    fn take_min(_: NS, rs: RS) -> (RS, P1) {
        (rs, P1::new())
    }
}

/// The part `V` short of the shape left `W`, by `Self`, the remainder of `W / V`: zero keeps
/// the part (or puts its fate's mark, [`Fate`], in its place) and leaves `Q`; any other marks CuTe's shape
/// divisibility.
pub trait ShortBy<Q, V, W, F> {
    /// The part kept, or a mark.
    type Taken;
    /// The shape left.
    type Rest;
    /// The values.
    fn short_by(part: PInt<V>) -> (Self::Taken, Self::Rest)
    where
        V: Unsigned + NonZero;
}
impl<Q: Unsigned + NonZero, V: Unsigned + NonZero, W> ShortBy<Q, V, W, Exact> for UTerm {
    type Taken = PInt<V>;
    type Rest = PInt<Q>;
    #[inline(always)]
    fn short_by(part: PInt<V>) -> (Self::Taken, Self::Rest) {
        (part, PInt::new())
    }
}
impl<Q: Unsigned + NonZero, V: Unsigned + NonZero, W, R, S> ShortBy<Q, V, W, StrideNotDivisorMark<R, S>> for UTerm {
    type Taken = StrideNotDivisorMark<R, S>;
    type Rest = PInt<Q>;
    #[inline(always)]
    fn short_by(_: PInt<V>) -> (Self::Taken, Self::Rest) {
        (Default::default(), PInt::new())
    }
}
impl<H, X, Q, V: Unsigned + NonZero, W: Unsigned + NonZero, F> ShortBy<Q, V, W, F> for UInt<H, X> {
    type Taken = ShapeDivisibilityMark<PInt<W>, PInt<V>>;
    type Rest = P1;
    #[inline(always)]
    fn short_by(_: PInt<V>) -> (Self::Taken, Self::Rest) {
        (Default::default(), P1::new())
    }
}
