//! CuTe's walk of one leaf `n:r` of B over A's coalesced modes (`composition_impl` for an
//! integral B): each step taken on a leaf's type, static where the types are, and with the marks
//! `K` the conditions that static values violate written in place of a mode.

use super::mixed_face::*;
use crate::arith::Overflow;
use crate::mixed::int::ShapeDivI;
use crate::statics::arith::{DivRem, RoundUp};
use crate::statics::typeops::{IsP1, Skip};
use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, Cmp, Equal, Greater, Less, NInt, NonZero, PInt, UInt, UTerm, Unsigned, B0, B1, N1, P1, Z0};

/// Compose the coalesced modes `Self` of A with the leaf `n:r` of B (CuTe's `composition_impl`
/// for an integral B); the output is a non-empty list of modes. Each decision is taken on a
/// leaf's type, as CuTe's `if constexpr` takes it: a static stride `_0`, a single mode of A, and
/// in the walk a static `_1` (a step skipped); a runtime value never skips a step. With every
/// leaf static this is the static composition itself, computed by the trait solver; `K` says
/// which violations it marks ([`Unmarked`]).
pub trait ComposeLeaf<N, R, K = Unmarked> {
    /// The result modes.
    type Output;
    /// Compose (the conditions are already checked; only overflow can fail).
    fn compose_leaf(self, n: N, r: R) -> Result<Self::Output, Overflow>;
}
/// A static stride 0: `n:_0`.
impl<M, N, K> ComposeLeaf<N, Z0, K> for M {
    type Output = HCons<(N, Z0), HNil>;
    #[inline(always)]
    fn compose_leaf(self, n: N, r: Z0) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: (n, r), tail: HNil })
    }
}
macro_rules! compose_non_zero {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<M: ComposeNonZero<N, $ty, K>, N, K, $($gen)*> ComposeLeaf<N, $ty, K> for M {
            type Output = <M as ComposeNonZero<N, $ty, K>>::Output;
            #[inline(always)]
            fn compose_leaf(self, n: N, r: $ty) -> Result<Self::Output, Overflow> {
                self.compose_non_zero(n, r)
            }
        }
    )*};
}
compose_non_zero! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] i64;
}

/// [`ComposeLeaf`] for any stride but a static `_0`: a single mode `s:d` of A is linear
/// (`n:(r*d)`), else [`Walk`] its modes.
pub trait ComposeNonZero<N, R, K> {
    /// The result modes.
    type Output;
    /// Compose.
    fn compose_non_zero(self, n: N, r: R) -> Result<Self::Output, Overflow>;
}
impl<S, D, N, R: ScaleStride<D>, K> ComposeNonZero<N, R, K> for HCons<(S, D), HNil> {
    type Output = HCons<(N, <R as ScaleStride<D>>::Output), HNil>;
    #[inline(always)]
    fn compose_non_zero(self, n: N, r: R) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: (n, r.scale_stride(self.head.1)?), tail: HNil })
    }
}
impl<S, D, X, T, N, R, K> ComposeNonZero<N, R, K> for HCons<(S, D), HCons<X, T>>
where
    HCons<(S, D), HCons<X, T>>: Walk<B1, N, R, K>,
{
    type Output = <HCons<(S, D), HCons<X, T>> as Walk<B1, N, R, K>>::Output;
    #[inline(always)]
    fn compose_non_zero(self, n: N, r: R) -> Result<Self::Output, Overflow> {
        self.walk(n, r)
    }
}

/// CuTe's walk over A's modes with the shape `RS` left to place and the stride `RD` left to
/// divide out; `E` is `B1` while no mode has been kept. For each mode `s:d` of A but the last,
/// the next shape is `ceil_div(s, |rd|)` and the next stride `signum(rd) * ceil_div(|rd|, s)`;
/// unless the next shape or the shape left is a static `_1`, the mode keeps
/// `min(next shape, rs)` elements at stride `rd * d`. The last mode takes what is left.
pub trait Walk<E, RS, RD, K> {
    /// The result modes.
    type Output;
    /// Walk.
    fn walk(self, rest_shape: RS, rest_stride: RD) -> Result<Self::Output, Overflow>;
}
/// The last mode of A absorbs what is left.
impl<S, D, E, RS, RD: ScaleStride<D>, K> Walk<E, RS, RD, K> for HCons<(S, D), HNil>
where
    E: Last<RS, <RD as ScaleStride<D>>::Output>,
{
    type Output = <E as Last<RS, <RD as ScaleStride<D>>::Output>>::Output;
    #[inline(always)]
    fn walk(self, rest_shape: RS, rest_stride: RD) -> Result<Self::Output, Overflow> {
        Ok(E::last(rest_shape, rest_stride.scale_stride(self.head.1)?))
    }
}
/// Any other mode, by the stride left: `_1` (the common case: the next shape is `s`, no
/// division), another positive or a negative static stride, or a runtime stride, whose next
/// values are all runtime.
impl<S: UnitNext + IsP1, D, X, T, E, RS: IsP1, K> Walk<E, RS, P1, K> for HCons<(S, D), HCons<X, T>>
where
    (Skip<S>, Skip<RS>): Step<S, D, E, RS, P1, <S as UnitNext>::Output, HCons<X, T>, K, Exact>,
{
    type Output =
        <(Skip<S>, Skip<RS>) as Step<S, D, E, RS, P1, <S as UnitNext>::Output, HCons<X, T>, K, Exact>>::Output;
    #[inline(always)]
    fn walk(self, rest_shape: RS, rest_stride: P1) -> Result<Self::Output, Overflow> {
        let (s, d) = self.head;
        let next = s.unit_next()?;
        <(Skip<S>, Skip<RS>)>::step(s, d, rest_shape, rest_stride, next, self.tail)
    }
}
/// A static stride of at least 2: by the marks wanted ([`StrideWalk`]).
impl<U: Unsigned, B: Bit, B2: Bit, S, D, X, T, E, RS, K> Walk<E, RS, PInt<UInt<UInt<U, B>, B2>>, K>
    for HCons<(S, D), HCons<X, T>>
where
    K: StrideWalk<S, D, HCons<X, T>, E, RS, PInt<UInt<UInt<U, B>, B2>>>,
{
    type Output = <K as StrideWalk<S, D, HCons<X, T>, E, RS, PInt<UInt<UInt<U, B>, B2>>>>::Output;
    #[inline(always)]
    fn walk(self, rest_shape: RS, rest_stride: PInt<UInt<UInt<U, B>, B2>>) -> Result<Self::Output, Overflow> {
        let (s, d) = self.head;
        K::stride_walk(s, d, self.tail, rest_shape, rest_stride)
    }
}
/// A static stride 0 left (only in an inadmissible operation, whose check reports it: the
/// complement of a layout with negative strides has modes of non-positive shape): as a runtime
/// stride 0 divides, every mode is skipped and the stride stays 0.
impl<S, D, X, T, E, RS, K> Walk<E, RS, Z0, K> for HCons<(S, D), HCons<X, T>>
where
    HCons<X, T>: Walk<E, RS, Z0, K>,
    K: Keep<Zero, <HCons<X, T> as Walk<E, RS, Z0, K>>::Output>,
{
    type Output = <K as Keep<Zero, <HCons<X, T> as Walk<E, RS, Z0, K>>::Output>>::Output;
    #[inline(always)]
    fn walk(self, rest_shape: RS, rest_stride: Z0) -> Result<Self::Output, Overflow> {
        Ok(K::keep(self.tail.walk(rest_shape, rest_stride)?))
    }
}
/// A negative static stride: by the marks wanted ([`NegStrideWalk`]).
impl<U: Unsigned + NonZero, S, D, X, T, E, RS, K> Walk<E, RS, NInt<U>, K> for HCons<(S, D), HCons<X, T>>
where
    K: NegStrideWalk<S, D, HCons<X, T>, E, RS, U>,
{
    type Output = <K as NegStrideWalk<S, D, HCons<X, T>, E, RS, U>>::Output;
    #[inline(always)]
    fn walk(self, rest_shape: RS, _: NInt<U>) -> Result<Self::Output, Overflow> {
        let (s, d) = self.head;
        K::neg_stride_walk(s, d, self.tail, rest_shape)
    }
}
impl<S: ShapeDivI<i64>, D, X, T, E, RS: IsP1, K> Walk<E, RS, i64, K> for HCons<(S, D), HCons<X, T>>
where
    i64: ShapeDivI<S, Output = i64>,
    NextShape<S, i64>: IsP1,
    (Skip<NextShape<S, i64>>, Skip<RS>): Step<NextShape<S, i64>, D, E, RS, i64, i64, HCons<X, T>, K, Exact>,
{
    type Output = <(Skip<NextShape<S, i64>>, Skip<RS>) as Step<
        NextShape<S, i64>,
        D,
        E,
        RS,
        i64,
        i64,
        HCons<X, T>,
        K,
        Exact,
    >>::Output;
    #[inline(always)]
    fn walk(self, rest_shape: RS, rest_stride: i64) -> Result<Self::Output, Overflow> {
        let (s, d) = self.head;
        let abs = crate::arith::abs(rest_stride)?;
        let next = crate::arith::mul(rest_stride.signum(), abs.shape_div_i(s)?)?;
        <(Skip<NextShape<S, i64>>, Skip<RS>)>::step(s.shape_div_i(abs)?, d, rest_shape, rest_stride, next, self.tail)
    }
}

/// A mode `s:d` of A (not the last) walked at a static stride `RD` of at least 2, by `Self`,
/// the marks wanted: unmarked, the next shape and stride are the two ceiling quotients (also
/// for a runtime `s`); marked, one comparison and one division of the static values decide
/// the step and its conditions ([`StrideStep`]).
pub trait StrideWalk<S, D, Tail, E, RS, RD> {
    /// The result modes.
    type Output;
    /// Walk.
    fn stride_walk(s: S, d: D, tail: Tail, rest_shape: RS, rest_stride: RD) -> Result<Self::Output, Overflow>;
}
impl<S, D, Tail, E, RS: IsP1, RD> StrideWalk<S, D, Tail, E, RS, RD> for Unmarked
where
    S: ShapeDivI<RD>,
    RD: ShapeDivI<S>,
    NextShape<S, RD>: IsP1,
    (Skip<NextShape<S, RD>>, Skip<RS>): Step<NextShape<S, RD>, D, E, RS, RD, NextShape<RD, S>, Tail, Unmarked, Exact>,
{
    type Output = <(Skip<NextShape<S, RD>>, Skip<RS>) as Step<
        NextShape<S, RD>,
        D,
        E,
        RS,
        RD,
        NextShape<RD, S>,
        Tail,
        Unmarked,
        Exact,
    >>::Output;
    #[inline(always)]
    fn stride_walk(s: S, d: D, tail: Tail, rest_shape: RS, rest_stride: RD) -> Result<Self::Output, Overflow> {
        let next = rest_stride.shape_div_i(s)?;
        <(Skip<NextShape<S, RD>>, Skip<RS>)>::step(s.shape_div_i(rest_stride)?, d, rest_shape, rest_stride, next, tail)
    }
}
/// A mode `s:d` of A (not the last) walked at the negative static stride `-U`, by `Self`, the
/// marks wanted, as [`StrideWalk`]: the next shape is `ceil_div(s, U)` and the next stride
/// `-ceil_div(U, s)`.
pub trait NegStrideWalk<S, D, Tail, E, RS, U> {
    /// The result modes.
    type Output;
    /// Walk.
    fn neg_stride_walk(s: S, d: D, tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow>;
}
impl<U: Unsigned + NonZero, S, D, Tail, E, RS: IsP1> NegStrideWalk<S, D, Tail, E, RS, U> for Unmarked
where
    S: ShapeDivI<PInt<U>>,
    PInt<U>: ShapeDivI<S>,
    NextShape<PInt<U>, S>: Negate,
    NextShape<S, PInt<U>>: IsP1,
    (Skip<NextShape<S, PInt<U>>>, Skip<RS>):
        Step<NextShape<S, PInt<U>>, D, E, RS, NInt<U>, NegNext<S, U>, Tail, Unmarked, Exact>,
{
    type Output = <(Skip<NextShape<S, PInt<U>>>, Skip<RS>) as Step<
        NextShape<S, PInt<U>>,
        D,
        E,
        RS,
        NInt<U>,
        NegNext<S, U>,
        Tail,
        Unmarked,
        Exact,
    >>::Output;
    #[inline(always)]
    fn neg_stride_walk(s: S, d: D, tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow> {
        let abs = PInt::<U>::new();
        let next = abs.shape_div_i(s)?.negate()?;
        <(Skip<NextShape<S, PInt<U>>>, Skip<RS>)>::step(s.shape_div_i(abs)?, d, rest_shape, NInt::new(), next, tail)
    }
}

/// Marked: the static values decide the step and its conditions ([`StrideStep`]).
impl<V: Unsigned + NonZero, W: Unsigned + NonZero, D, Tail, E, RS, G> StrideWalk<PInt<V>, D, Tail, E, RS, PInt<W>>
    for ExactMarks<G>
where
    V: Cmp<W>,
    <V as Cmp<W>>::Output: StrideStep<Plus, V, W, D, Tail, E, RS, ExactMarks<G>>,
{
    type Output = <<V as Cmp<W>>::Output as StrideStep<Plus, V, W, D, Tail, E, RS, ExactMarks<G>>>::Output;
    #[inline(always)]
    fn stride_walk(_: PInt<V>, d: D, tail: Tail, rest_shape: RS, _: PInt<W>) -> Result<Self::Output, Overflow> {
        <<V as Cmp<W>>::Output as StrideStep<Plus, V, W, D, Tail, E, RS, ExactMarks<G>>>::stride_step(
            d, tail, rest_shape,
        )
    }
}
/// Marked, at a negative stride: as [`StrideWalk`] ([`StrideStep`] with [`Minus`]).
impl<V: Unsigned + NonZero, W: Unsigned + NonZero, D, Tail, E, RS, G> NegStrideWalk<PInt<V>, D, Tail, E, RS, W>
    for ExactMarks<G>
where
    V: Cmp<W>,
    <V as Cmp<W>>::Output: StrideStep<Minus, V, W, D, Tail, E, RS, ExactMarks<G>>,
{
    type Output = <<V as Cmp<W>>::Output as StrideStep<Minus, V, W, D, Tail, E, RS, ExactMarks<G>>>::Output;
    #[inline(always)]
    fn neg_stride_walk(_: PInt<V>, d: D, tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow> {
        <<V as Cmp<W>>::Output as StrideStep<Minus, V, W, D, Tail, E, RS, ExactMarks<G>>>::stride_step(
            d, tail, rest_shape,
        )
    }
}
/// A mode or part whose shape is not positive (only in an inadmissible operation, which the
/// `const` check reports) takes the unmarked step. One impl per kind of leaf, not one bounded
/// by a trait: an impl whose header also matches `PInt` makes the trait solver rule it out at
/// every step.
macro_rules! unmarked_if_not_positive {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<D, Tail, E, RS, RD, G, $($gen)*> StrideWalk<$ty, D, Tail, E, RS, RD> for ExactMarks<G>
        where
            Unmarked: StrideWalk<$ty, D, Tail, E, RS, RD>,
        {
            type Output = <Unmarked as StrideWalk<$ty, D, Tail, E, RS, RD>>::Output;
            #[inline(always)]
            fn stride_walk(s: $ty, d: D, tail: Tail, rest_shape: RS, rest_stride: RD) -> Result<Self::Output, Overflow> {
                Unmarked::stride_walk(s, d, tail, rest_shape, rest_stride)
            }
        }
        impl<D, Tail, E, RS, W, G, $($gen)*> NegStrideWalk<$ty, D, Tail, E, RS, W> for ExactMarks<G>
        where
            Unmarked: NegStrideWalk<$ty, D, Tail, E, RS, W>,
        {
            type Output = <Unmarked as NegStrideWalk<$ty, D, Tail, E, RS, W>>::Output;
            #[inline(always)]
            fn neg_stride_walk(s: $ty, d: D, tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow> {
                Unmarked::neg_stride_walk(s, d, tail, rest_shape)
            }
        }
        impl<RS, F, G, $($gen)*> TakeMin<$ty, RS, ExactMarks<G>, F> for Less
        where
            Less: TakeMin<$ty, RS, Unmarked, F>,
        {
            type Taken = <Less as TakeMin<$ty, RS, Unmarked, F>>::Taken;
            type Rest = <Less as TakeMin<$ty, RS, Unmarked, F>>::Rest;
            #[inline(always)]
            fn take_min(ns: $ty, rs: RS) -> (Self::Taken, Self::Rest) {
                <Less as TakeMin<$ty, RS, Unmarked, F>>::take_min(ns, rs)
            }
        }
    )*};
}
unmarked_if_not_positive! {
    [] Z0;
    [U: Unsigned + NonZero] NInt<U>;
}

/// The sign of a static stride in the marked walk: the stride of magnitude `W` ([`Sign::Of`])
/// and the stride of magnitude 1 ([`Sign::One`]).
pub trait Sign {
    /// `PInt<W>` or `NInt<W>`.
    type Of<W: Unsigned + NonZero>: Default;
    /// `P1` or `N1`.
    type One: Default;
}
/// A positive stride.
pub struct Plus;
/// A negative stride: CuTe's own check holds for every negative stride, the exact conditions
/// are marked as for a positive one.
pub struct Minus;
impl Sign for Plus {
    type Of<W: Unsigned + NonZero> = PInt<W>;
    type One = P1;
}
impl Sign for Minus {
    type Of<W: Unsigned + NonZero> = NInt<W>;
    type One = N1;
}

/// The step of a mode of static shape `V` at the static stride of magnitude `W >= 2` and sign
/// `Sg`, by `Self`, their comparison; only the marked walk ([`ExactMarks`]) takes it.
pub trait StrideStep<Sg, V, W, D, Tail, E, RS, Km> {
    /// The result modes.
    type Output;
    /// Walk on.
    fn stride_step(d: D, tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow>;
}
/// `V < W`: the mode is skipped at the next stride `W / V` ([`SkipBy`]: CuTe requires it to be
/// exact for a positive stride; a negative one rounds up where the shape left is `_1`).
impl<Sg, V, W: DivRem<V>, D, Tail, E, RS, Km> StrideStep<Sg, V, W, D, Tail, E, RS, Km> for Less
where
    <W as DivRem<V>>::R: SkipBy<Sg, <W as DivRem<V>>::Q, V, W, Tail, E, RS, Km>,
{
    type Output = <<W as DivRem<V>>::R as SkipBy<Sg, <W as DivRem<V>>::Q, V, W, Tail, E, RS, Km>>::Output;
    #[inline(always)]
    fn stride_step(_: D, tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow> {
        <W as DivRem<V>>::R::skip_by(tail, rest_shape)
    }
}
/// `V == W`: skipped, the next stride is 1 of the same sign.
impl<Sg: Sign, V, W, D, Tail: Walk<E, RS, Sg::One, Km>, E, RS, Km: Keep<Zero, Tail::Output>>
    StrideStep<Sg, V, W, D, Tail, E, RS, Km> for Equal
{
    type Output = Km::Output;
    #[inline(always)]
    fn stride_step(_: D, tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow> {
        Ok(Km::keep(tail.walk(rest_shape, Default::default())?))
    }
}
/// `V > W`: the next shape is `ceil_div(V, W)` (at least 2) and the next stride 1 of the same
/// sign; a kept part short of the shape left needs `W` to divide `V` ([`Fate`]).
impl<Sg: Sign, V: DivRem<W>, W: Unsigned + NonZero, D, Tail, E, RS: IsP1, Km> StrideStep<Sg, V, W, D, Tail, E, RS, Km>
    for Greater
where
    <V as DivRem<W>>::R: RoundUp<<V as DivRem<W>>::Q> + Fate<Sg::Of<W>, V>,
    <<V as DivRem<W>>::R as RoundUp<<V as DivRem<W>>::Q>>::Output: Default,
    (B0, Skip<RS>): Step<
        <<V as DivRem<W>>::R as RoundUp<<V as DivRem<W>>::Q>>::Output,
        D,
        E,
        RS,
        Sg::Of<W>,
        Sg::One,
        Tail,
        Km,
        <<V as DivRem<W>>::R as Fate<Sg::Of<W>, V>>::Output,
    >,
{
    type Output = <(B0, Skip<RS>) as Step<
        <<V as DivRem<W>>::R as RoundUp<<V as DivRem<W>>::Q>>::Output,
        D,
        E,
        RS,
        Sg::Of<W>,
        Sg::One,
        Tail,
        Km,
        <<V as DivRem<W>>::R as Fate<Sg::Of<W>, V>>::Output,
    >>::Output;
    #[inline(always)]
    fn stride_step(d: D, tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow> {
        <(B0, Skip<RS>)>::step(Default::default(), d, rest_shape, Default::default(), Default::default(), tail)
    }
}

/// A mode skipped at the stride of magnitude `W > V` and sign `Sg`, by `Self`, the remainder of
/// `W / V`: zero walks on at the stride of magnitude `Q`. Any other remainder is, for a positive
/// stride, CuTe's stride divisibility violated, marked in place of the rest of the walk; for a
/// negative one, the walk goes on at `-(Q + 1)` where the shape left is `_1`, else it marks that
/// the stride is not a multiple of the mode ([`NotMultiple`]).
pub trait SkipBy<Sg, Q, V, W, Tail, E, RS, Km> {
    /// The result modes.
    type Output;
    /// Walk on.
    fn skip_by(tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow>;
}
impl<Sg: Sign, Q: Unsigned + NonZero, V, W, Tail: Walk<E, RS, Sg::Of<Q>, Km>, E, RS, Km: Keep<Zero, Tail::Output>>
    SkipBy<Sg, Q, V, W, Tail, E, RS, Km> for UTerm
{
    type Output = Km::Output;
    #[inline(always)]
    fn skip_by(tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow> {
        Ok(Km::keep(tail.walk(rest_shape, Default::default())?))
    }
}
impl<H, X, Q, V: Unsigned + NonZero, W: Unsigned + NonZero, Tail, E, RS, Km> SkipBy<Plus, Q, V, W, Tail, E, RS, Km>
    for UInt<H, X>
{
    type Output = HCons<(StrideDivisibilityMark<PInt<W>, PInt<V>>, Z0), HNil>;
    #[inline(always)]
    fn skip_by(_: Tail, _: RS) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: (Default::default(), Z0::new()), tail: HNil })
    }
}
impl<H, X, Q: Add<B1>, V, W, Tail, E, RS: IsP1, Km> SkipBy<Minus, Q, V, W, Tail, E, RS, Km> for UInt<H, X>
where
    Skip<RS>: NotMultiple<<Q as Add<B1>>::Output, V, W, Tail, E, RS, Km>,
{
    type Output = <Skip<RS> as NotMultiple<<Q as Add<B1>>::Output, V, W, Tail, E, RS, Km>>::Output;
    #[inline(always)]
    fn skip_by(tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow> {
        <Skip<RS>>::not_multiple(tail, rest_shape)
    }
}

/// The fate of a part short of the shape left, by `Self`, the remainder of `V / |RD|`:
/// [`Exact`], or a [`StrideNotDivisorMark`].
pub trait Fate<RD, V> {
    /// [`Exact`] or the mark.
    type Output;
}
impl<RD, V> Fate<RD, V> for UTerm {
    type Output = Exact;
}
impl<H, X, RD, V: Unsigned + NonZero> Fate<RD, V> for UInt<H, X> {
    type Output = StrideNotDivisorMark<RD, PInt<V>>;
}

/// A negative stride `-W` that is not a multiple of the mode `V` it jumps, by `Self`, whether
/// the shape left is `_1`: with a shape left, the walk ends in a [`StrideNotMultipleMark`];
/// else it walks on at `-N`.
pub trait NotMultiple<N, V, W, Tail, E, RS, Km> {
    /// The result modes.
    type Output;
    /// Walk on.
    fn not_multiple(tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow>;
}
impl<N: Unsigned + NonZero, V: Unsigned + NonZero, W: Unsigned + NonZero, Tail, E, RS, Km>
    NotMultiple<N, V, W, Tail, E, RS, Km> for B0
{
    type Output = HCons<(StrideNotMultipleMark<NInt<W>, PInt<V>>, Z0), HNil>;
    #[inline(always)]
    fn not_multiple(_: Tail, _: RS) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: (Default::default(), Z0::new()), tail: HNil })
    }
}
impl<N: Unsigned + NonZero, V, W, Tail: Walk<E, RS, NInt<N>, Km>, E, RS, Km: Keep<Zero, Tail::Output>>
    NotMultiple<N, V, W, Tail, E, RS, Km> for B1
{
    type Output = Km::Output;
    #[inline(always)]
    fn not_multiple(tail: Tail, rest_shape: RS) -> Result<Self::Output, Overflow> {
        Ok(Km::keep(tail.walk(rest_shape, NInt::new())?))
    }
}

/// `ceil_div(S, A)`: the next shape of a mode `S` of A for the stride left `A` (positive), or
/// the next stride `ceil_div(A, S)`.
type NextShape<S, A> = <S as ShapeDivI<A>>::Output;
/// The next stride after a negative static stride `-U`: `-ceil_div(U, S)`.
type NegNext<S, U> = <NextShape<PInt<U>, S> as Negate>::Output;
/// The last mode `RS:RD` (its stride scaled by A's last stride); `Self` is `B1` when no mode has
/// been kept (the result is this mode alone), else a static `_1` left is dropped.
pub trait Last<RS, RD> {
    /// The result modes.
    type Output;
    /// The modes.
    fn last(rest_shape: RS, rest_stride: RD) -> Self::Output;
}
impl<RS, RD> Last<RS, RD> for B1 {
    type Output = HCons<(RS, RD), HNil>;
    #[inline(always)]
    fn last(rest_shape: RS, rest_stride: RD) -> Self::Output {
        HCons { head: (rest_shape, rest_stride), tail: HNil }
    }
}
impl<RS: IsP1, RD> Last<RS, RD> for B0
where
    <RS as IsP1>::Output: KeepLast<RS, RD>,
{
    type Output = <<RS as IsP1>::Output as KeepLast<RS, RD>>::Output;
    #[inline(always)]
    fn last(rest_shape: RS, rest_stride: RD) -> Self::Output {
        <<RS as IsP1>::Output as KeepLast<RS, RD>>::keep(rest_shape, rest_stride)
    }
}

/// Keep the last mode (`B0`) or drop it (`B1`: a static `_1` left after a kept mode).
pub trait KeepLast<RS, RD> {
    /// The result modes.
    type Output;
    /// The modes.
    fn keep(rest_shape: RS, rest_stride: RD) -> Self::Output;
}
impl<RS, RD> KeepLast<RS, RD> for B1 {
    type Output = HNil;
    #[inline(always)]
    fn keep(_: RS, _: RD) -> HNil {
        HNil
    }
}
impl<RS, RD> KeepLast<RS, RD> for B0 {
    type Output = HCons<(RS, RD), HNil>;
    #[inline(always)]
    fn keep(rest_shape: RS, rest_stride: RD) -> Self::Output {
        HCons { head: (rest_shape, rest_stride), tail: HNil }
    }
}

/// The stride left after a mode `s` walked at stride `_1`: `ceil_div(1, s)`, static when `s` is.
pub trait UnitNext {
    /// `_1` or a runtime value.
    type Output;
    /// The value.
    fn unit_next(&self) -> Result<Self::Output, Overflow>;
}
macro_rules! unit_next_static {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> UnitNext for $ty {
            type Output = P1;
            #[inline(always)]
            fn unit_next(&self) -> Result<P1, Overflow> {
                Ok(P1::new())
            }
        }
    )*};
}
unit_next_static! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
}
impl UnitNext for i64 {
    type Output = i64;
    #[inline(always)]
    fn unit_next(&self) -> Result<i64, Overflow> {
        P1::new().shape_div_i(*self)
    }
}

/// The negation of a next stride (`-ceil_div(|rd|, s)` after a negative stride).
pub trait Negate {
    /// The negated leaf.
    type Output;
    /// Negate, or [`Overflow`] for `i64::MIN`.
    fn negate(self) -> Result<Self::Output, Overflow>;
}
impl<U: Unsigned + NonZero> Negate for PInt<U> {
    type Output = NInt<U>;
    #[inline(always)]
    fn negate(self) -> Result<NInt<U>, Overflow> {
        Ok(NInt::new())
    }
}
impl<U: Unsigned + NonZero> Negate for NInt<U> {
    type Output = PInt<U>;
    #[inline(always)]
    fn negate(self) -> Result<PInt<U>, Overflow> {
        Ok(PInt::new())
    }
}
impl Negate for Z0 {
    type Output = Z0;
    #[inline(always)]
    fn negate(self) -> Result<Z0, Overflow> {
        Ok(Z0::new())
    }
}
impl Negate for i64 {
    type Output = i64;
    #[inline(always)]
    fn negate(self) -> Result<i64, Overflow> {
        // The walk negates a ceil_div of a positive value, never i64::MIN; checked all the same,
        // as the method takes any value.
        self.checked_neg().ok_or(Overflow { op: "-", lhs: 0, rhs: self })
    }
}

/// One mode of A that is not the last, with next shape `NS` and the shape left `RS`; `Self`
/// says which is a static `_1`. Either skips the mode (the stride moves on to `Next`), else the
/// mode keeps `min(NS, RS)` elements at stride `RD * D`; `F` is the fate of a part short of the
/// shape left ([`Fate`]).
pub trait Step<NS, D, E, RS, RD, Next, Tail, K, F> {
    /// The result modes.
    type Output;
    /// Walk on.
    fn step(ns: NS, d: D, rest_shape: RS, rest_stride: RD, next: Next, tail: Tail) -> Result<Self::Output, Overflow>;
}
/// The next shape is `_1`: skip.
impl<NS, D, E, RS, RD, Next, Tail: Walk<E, RS, Next, K>, Y, K, F> Step<NS, D, E, RS, RD, Next, Tail, K, F> for (B1, Y)
where
    K: Keep<Zero, <Tail as Walk<E, RS, Next, K>>::Output>,
{
    type Output = <K as Keep<Zero, <Tail as Walk<E, RS, Next, K>>::Output>>::Output;
    #[inline(always)]
    fn step(_: NS, _: D, rest_shape: RS, _: RD, next: Next, tail: Tail) -> Result<Self::Output, Overflow> {
        Ok(K::keep(tail.walk(rest_shape, next)?))
    }
}
/// The shape left is `_1`: skip.
impl<NS, D, E, RS, RD, Next, Tail: Walk<E, RS, Next, K>, K, F> Step<NS, D, E, RS, RD, Next, Tail, K, F> for (B0, B1)
where
    K: Keep<Zero, <Tail as Walk<E, RS, Next, K>>::Output>,
{
    type Output = <K as Keep<Zero, <Tail as Walk<E, RS, Next, K>>::Output>>::Output;
    #[inline(always)]
    fn step(_: NS, _: D, rest_shape: RS, _: RD, next: Next, tail: Tail) -> Result<Self::Output, Overflow> {
        Ok(K::keep(tail.walk(rest_shape, next)?))
    }
}
/// Keep `min(NS, RS)` elements (with the marks' record of the kept part, [`Keep`]).
impl<NS: Split<RS, K, F>, D, E, RS, RD: ScaleStride<D>, Next, Tail, K, F> Step<NS, D, E, RS, RD, Next, Tail, K, F>
    for (B0, B0)
where
    Tail: Walk<B0, <NS as Split<RS, K, F>>::Rest, Next, K>,
    K: Keep<
        Digit<<NS as Split<RS, K, F>>::Taken, RD>,
        HCons<
            (<NS as Split<RS, K, F>>::Taken, <RD as ScaleStride<D>>::Output),
            <Tail as Walk<B0, <NS as Split<RS, K, F>>::Rest, Next, K>>::Output,
        >,
    >,
{
    type Output = <K as Keep<
        Digit<<NS as Split<RS, K, F>>::Taken, RD>,
        HCons<
            (<NS as Split<RS, K, F>>::Taken, <RD as ScaleStride<D>>::Output),
            <Tail as Walk<B0, <NS as Split<RS, K, F>>::Rest, Next, K>>::Output,
        >,
    >>::Output;
    #[inline(always)]
    fn step(ns: NS, d: D, rest_shape: RS, rest_stride: RD, next: Next, tail: Tail) -> Result<Self::Output, Overflow> {
        let (taken, rest) = ns.split(rest_shape)?;
        let stride = rest_stride.scale_stride(d)?;
        Ok(K::keep(HCons { head: (taken, stride), tail: tail.walk(rest, next)? }))
    }
}
