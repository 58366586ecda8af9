//! Composition of mixed layouts: `(A o B)(c) = A(B(c))`, CuTe's `composition_impl` with its
//! static/runtime rules, and every condition checked at run time by the dynamic engine's code.
//!
//! The result's structure follows CuTe: A is coalesced as far as the types prove (`coalesce_x`),
//! and each leaf `n:r` of B walks A's modes, skipping a mode only where a static `_1` says so.
//! A mode whose size is a runtime 1 stays (its runtime value is 1), where the dynamic engine
//! drops it; the two results are the same function. With every leaf static the walk is the
//! static face's composition (its result type), so the two faces have one walk.
//!
//! The conditions (stride and shape divisibility, disjoint modes of B) are checked with
//! `flat` on the runtime values of the *typed* coalesced A, the modes the walk uses.
//! When a runtime value makes two modes of A contiguous that the types cannot prove contiguous,
//! the walk would need to merge them; the check then reports the divisibility violation instead
//! of returning a wrong layout (CuTe C++ returns a layout of the wrong size there).
//!
//! On static operands the walk can also mark the conditions it meets (a parameter `K`,
//! [`Unmarked`] here): a step whose static values violate one puts a mark such as
//! [`StrideNotDivisorMark`] in place of the mode, so the static face reads the first violated
//! condition from the result type itself, with no second walk (`statics::composition`).

use super::route;
use core::ops::Add;
use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, Cmp, Equal, Greater, Less, NInt, NonZero, PInt, UInt, UTerm, Unsigned, B0, B1, N1, P1, Z0};

use super::coalesce::{Coalesce, Extend, Finish, Flatten, ModesOf, Unwrap, Zip};
use super::error::{Detail, Error};
use super::int::{Int, MulI, ShapeDivI};
use super::layout::{leaves_of, Layout};
use super::tuple::MixedTuple;
use crate::arith::Overflow;
use crate::flat::{self, LeafInfo};
use crate::statics::arith::{DivRem, Quot, RoundUp};
use crate::statics::composition::ResultVerdict;
use crate::statics::report::Holds;
use crate::statics::typeops::{IsP1, Skip};
use core::fmt;
use core::marker::PhantomData;

use crate::statics::check::{Check, Checked, Verify};
use crate::statics::{FlatLayout, MAX_LEAVES};

/// The most modes of coalesced A, and leaves of B, that the run-time check holds.
const CAP: usize = 32;

/// The coalesced A of a composition: CuTe's `coalesce_x(A)` (the last mode keeps its stride
/// past the size).
pub type CoalescedX<S, D> = <<<ModesOf<S, D> as Extend>::Output as Coalesce>::Output as Finish>::Output;

/// CuTe's `coalesce_x` of a mixed layout, as a list of modes.
pub trait CoalesceX {
    /// The modes.
    type Output: Copy;
    /// Coalesce.
    fn coalesce_x(&self) -> Result<Self::Output, Overflow>;
}
impl<S, D> CoalesceX for Layout<S, D>
where
    S: MixedTuple + Flatten,
    D: MixedTuple + Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Extend,
    <ModesOf<S, D> as Extend>::Output: Coalesce,
    <<ModesOf<S, D> as Extend>::Output as Coalesce>::Output: Finish,
    CoalescedX<S, D>: Copy,
{
    type Output = CoalescedX<S, D>;
    #[inline(always)]
    fn coalesce_x(&self) -> Result<Self::Output, Overflow> {
        Ok(super::coalesce::modes(self).extend().coalesce()?.finish())
    }
}

/// A stride of B's walk times a stride `D` of A: an integer product ([`MulI`]), or, where A
/// has basis strides (`crate::basis`), the basis element with its scale multiplied.
pub trait ScaleStride<D> {
    /// The product's type.
    type Output;
    /// The product, or [`Overflow`].
    fn scale_stride(self, d: D) -> Result<Self::Output, Overflow>;
}
/// One impl per kind of integer stride, so that the basis strides' impl stands apart.
macro_rules! scale_by_int {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<R: MulI<$ty>, $($gen)*> ScaleStride<$ty> for R {
            type Output = <R as MulI<$ty>>::Output;
            #[inline(always)]
            fn scale_stride(self, d: $ty) -> Result<Self::Output, Overflow> {
                self.mul_i(d)
            }
        }
    )*};
}
scale_by_int! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
    [] i64;
}

/// The flat values of a list of modes, for the run-time checks.
pub trait ModeValues {
    /// Number of modes.
    const LEN: usize;
    /// Write shapes and strides from index `at`.
    fn write(&self, shapes: &mut [i64], strides: &mut [i64], at: usize);
}
impl ModeValues for HNil {
    const LEN: usize = 0;
    fn write(&self, _: &mut [i64], _: &mut [i64], _: usize) {}
}
impl<S: Int, D: Int, T: ModeValues> ModeValues for HCons<(S, D), T> {
    const LEN: usize = 1 + T::LEN;
    fn write(&self, shapes: &mut [i64], strides: &mut [i64], at: usize) {
        shapes[at] = self.head.0.value();
        strides[at] = self.head.1.value();
        // In range: `shapes[at]` exists, so at < shapes.len() <= isize::MAX.
        #[allow(clippy::arithmetic_side_effects)]
        let next = at + 1;
        self.tail.write(shapes, strides, next);
    }
}

/// The flat layout `s:d` in the dynamic engine's notation (`s0:d0` for one mode).
struct FlatText<'a>(&'a [i64], &'a [i64]);
impl fmt::Display for FlatText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.len() == 1 {
            return write!(f, "{}:{}", self.0[0], self.1[0]);
        }
        for (k, part) in [self.0, self.1].into_iter().enumerate() {
            f.write_str(if k == 0 { "(" } else { ":(" })?;
            for (i, v) in part.iter().enumerate() {
                write!(f, "{}{}", if i == 0 { "" } else { "," }, v)?;
            }
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// Check every condition of composing the modes `a` with B's leaves `n:r` (top-level mode
/// `mode` each) exactly as the dynamic engine does: each leaf with `flat::compose_leaf`, then
/// `flat::check_disjoint`. Leaves of B's modes from `first_bounded` on need only agree below
/// `bound`. An error names the operands as the dynamic engine does: A's modes (or `a_text`,
/// where A's strides are not integers) and the leaf, or all of `b` for overlapping leaves.
#[allow(clippy::too_many_arguments)]
pub(crate) fn check_leaves<A: ModeValues>(
    a: &A,
    a_text: Option<&dyn fmt::Display>,
    b: &dyn fmt::Display,
    n: &[i64],
    r: &[i64],
    mode: &[usize],
    bound: Option<i64>,
    first_bounded: usize,
) -> Result<(), Error> {
    if A::LEN > CAP || n.len() > CAP {
        return Err(Error::new("composition", Detail::TooManyLeaves(A::LEN.max(n.len()))));
    }
    let (mut a_s, mut a_d) = ([0i64; CAP], [0i64; CAP]);
    a.write(&mut a_s, &mut a_d, 0);
    let (a_s, a_d) = (&a_s[..A::LEN], &a_d[..A::LEN]);
    let first_exempt = flat::first_exempt(a_s, bound);
    let width = A::LEN.saturating_sub(1);
    let mut digits = [0i64; CAP * CAP];
    let mut infos = [LeafInfo { n: 1, sign: 0, top: 0, strict: true }; CAP];
    let (mut out_s, mut out_d, mut g) = ([0i64; CAP + 1], [0i64; CAP + 1], [0i64; CAP]);
    for l in 0..n.len() {
        let strict = bound.is_none() || mode[l] < first_bounded;
        let exempt = if strict { usize::MAX } else { first_exempt };
        let leaf = flat::compose_leaf(a_s, a_d, n[l], r[l], exempt, &mut out_s, &mut out_d, &mut g).map_err(|v| {
            let leaf = FlatText(&n[l..=l], &r[l..=l]);
            match a_text {
                Some(a) => Error::with("composition", Detail::Compose(v), format_args!(" {} o {}", a, leaf)),
                None => {
                    Error::with("composition", Detail::Compose(v), format_args!(" {} o {}", FlatText(a_s, a_d), leaf))
                }
            }
        })?;
        // In range: l < n.len() <= CAP and width < A::LEN <= CAP (both checked above), so the
        // bounds are at most CAP * CAP, the length of `digits`.
        #[allow(clippy::arithmetic_side_effects)]
        let (start, end) = (l * width, (l + 1) * width);
        digits[start..end].copy_from_slice(&g[..width]);
        infos[l] = LeafInfo { n: n[l], sign: leaf.sign, top: leaf.top, strict };
    }
    // In range: n.len() <= CAP and width < CAP, as above.
    #[allow(clippy::arithmetic_side_effects)]
    let used = n.len() * width;
    flat::check_disjoint(a_s, &digits[..used], &infos[..n.len()], first_exempt).map_err(|v| match a_text {
        Some(a) => Error::with("composition", Detail::Compose(v), format_args!(" {} o {:#}", a, b)),
        None => Error::with("composition", Detail::Compose(v), format_args!(" {} o {:#}", FlatText(a_s, a_d), b)),
    })
}

/// Whether the walk writes the violated conditions into its result, as marks in place of a
/// mode (see [`StrideDivisibilityMark`] and its siblings): never for layouts with runtime
/// leaves ([`Unmarked`], which check every condition at run time), every condition of each leaf
/// of B on the static face ([`ExactMarks`], which also records each leaf's digits in A's modes
/// for the overlap of B's leaves, see [`Digit`]). A mark exists only where both values are
/// static, so the static face reads the first violated condition from the result type that the
/// trait solver computes anyway.
pub struct Unmarked;
/// See [`Unmarked`]. `G` says whether the walk records each leaf's digits ([`WithDigits`], for
/// B with several leaves) or not ([`NoDigits`]: a single leaf cannot overlap another).
pub struct ExactMarks<G = WithDigits>(PhantomData<G>);
/// [`ExactMarks`] that record digits.
pub struct WithDigits;
/// [`ExactMarks`] that record none.
pub struct NoDigits;

macro_rules! marks {
    ($($(#[$doc:meta])* $name:ident<$a:ident, $b:ident>;)*) => {$(
        $(#[$doc])*
        pub struct $name<$a, $b>(PhantomData<($a, $b)>);
        impl<$a, $b> Clone for $name<$a, $b> {
            fn clone(&self) -> Self {
                *self
            }
        }
        impl<$a, $b> Copy for $name<$a, $b> {}
        impl<$a, $b> Default for $name<$a, $b> {
            fn default() -> Self {
                $name(PhantomData)
            }
        }
        // A result holding the mark does not compile (the verdict fails at the call), but it
        // still prints, so that printing it adds no second error.
        impl<$a, $b> crate::mixed::WriteTuple for $name<$a, $b> {
            fn write_tuple(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                f.write_str(stringify!($name))
            }
        }
    )*};
}

// The overlap mark prints likewise.
impl<M, L> crate::mixed::WriteTuple for crate::statics::composition::Overlapped<M, L> {
    fn write_tuple(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str("Overlapped")
    }
}

marks! {
    /// In place of a mode: CuTe's stride divisibility fails, the stride left `R` is neither
    /// below the shape `S` of A's mode nor a multiple of it.
    StrideDivisibilityMark<R, S>;
    /// In place of a mode: the stride left `R` stops inside A's mode of shape `S` without
    /// dividing it, and the leaf goes on past it.
    StrideNotDivisorMark<R, S>;
    /// In place of a mode: the negative stride left `R` jumps over A's mode of shape `S`
    /// without being a multiple of it.
    StrideNotMultipleMark<R, S>;
    /// In place of a mode: the shape left `R` is not a multiple of the part `P` that A's mode
    /// holds.
    ShapeDivisibilityMark<R, P>;
}

/// The fate of a mode that keeps fewer elements than the shape left: `Exact` keeps it, a
/// [`StrideNotDivisorMark`] replaces it.
pub struct Exact;

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

/// Compose A's coalesced modes `A` with every leaf of B (`Self` is B's shape, `D` its stride),
/// keeping B's structure: the result's shape and stride trees, with the marks `K` ([`Unmarked`]).
pub trait ComposeTree<D, A, K = Unmarked> {
    /// The result's `(shape, stride, digits)`: one type, so that the trait solver confirms the
    /// walk once for all three ([`TreeShape`], [`TreeStride`]; the digits of B's leaves in A's
    /// modes, with B's structure, only for [`ExactMarks`], see [`LeafParts`]).
    type Output: Parts;
    /// Compose.
    #[allow(clippy::type_complexity)]
    fn compose_tree(
        self,
        stride: D,
        a: A,
    ) -> Result<(<Self::Output as Parts>::Shape, <Self::Output as Parts>::Stride), Overflow>;
}
/// The shape of [`ComposeTree`]'s result.
pub type TreeShape<SB, DB, A, K = Unmarked> = <<SB as ComposeTree<DB, A, K>>::Output as Parts>::Shape;
/// The stride of [`ComposeTree`]'s result.
pub type TreeStride<SB, DB, A, K = Unmarked> = <<SB as ComposeTree<DB, A, K>>::Output as Parts>::Stride;
/// The digits of [`ComposeTree`]'s result.
pub type TreeDigits<SB, DB, A, K = Unmarked> = <<SB as ComposeTree<DB, A, K>>::Output as Parts>::Digits;
macro_rules! compose_tree_leaf {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<R, A: ComposeLeaf<$ty, R, K>, K: LeafParts<A::Output, $ty, R>, $($gen)*> ComposeTree<R, A, K> for $ty {
            type Output = K::Output;
            #[inline(always)]
            fn compose_tree(
                self,
                stride: R,
                a: A,
            ) -> Result<(<Self::Output as Parts>::Shape, <Self::Output as Parts>::Stride), Overflow> {
                Ok(K::leaf_parts(a.compose_leaf(self, stride)?))
            }
        }
    )*};
}
compose_tree_leaf! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
    [] i64;
}
impl<A, K> ComposeTree<HNil, A, K> for HNil {
    type Output = (HNil, HNil, HNil);
    #[inline(always)]
    fn compose_tree(self, _: HNil, _: A) -> Result<(HNil, HNil), Overflow> {
        Ok((HNil, HNil))
    }
}
impl<H: ComposeTree<DH, A, K>, T: ComposeTree<DT, A, K>, DH, DT, A: Copy, K> ComposeTree<HCons<DH, DT>, A, K>
    for HCons<H, T>
{
    type Output = (
        HCons<<H::Output as Parts>::Shape, <T::Output as Parts>::Shape>,
        HCons<<H::Output as Parts>::Stride, <T::Output as Parts>::Stride>,
        HCons<<H::Output as Parts>::Digits, <T::Output as Parts>::Digits>,
    );
    #[inline(always)]
    fn compose_tree(
        self,
        stride: HCons<DH, DT>,
        a: A,
    ) -> Result<(<Self::Output as Parts>::Shape, <Self::Output as Parts>::Stride), Overflow> {
        let (hs, hd) = self.head.compose_tree(stride.head, a)?;
        let (ts, td) = self.tail.compose_tree(stride.tail, a)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

/// The composition `A o B` of a mixed layout with a mixed layout B (CuTe's
/// `composition(A, B)`), with B's structure; see [`composition`].
#[doc(hidden)]
pub trait Compose<B> {
    /// The result layout.
    type Output;
    /// The outcome of the conditions when every leaf of A and B is static (see
    /// [`StaticConditions`]), `Ok` otherwise; [`composition`] fails compilation on an `Err`.
    const CONDITIONS: Checked = Ok(());
    /// Compose, checking the conditions on the runtime values.
    fn compose(self, b: B) -> Result<Self::Output, Error>;
}

/// The coalesced modes of the left operand `Layout<SA, DA>`.
pub type FlatA<SA, DA> = <Layout<SA, DA> as CoalesceX>::Output;

/// The result type of `A o B` for layouts.
pub type Composed<SA, DA, SB, DB> = ComposedModes<FlatA<SA, DA>, SB, DB>;

/// The result type of B walked over A's coalesced modes `A`.
pub type ComposedModes<A, SB, DB> = Layout<TreeShape<SB, DB, A>, TreeStride<SB, DB, A>>;

/// [`composition`] with the top-level modes of B from `first_bounded` on checked only below
/// `bound` (a divide's rest mode, a product's copies), as the dynamic engine's
/// `composition_within`.
pub(crate) fn composition_within<SA, DA, SB, DB>(
    a: Layout<SA, DA>,
    b: Layout<SB, DB>,
    bound: Option<i64>,
    first_bounded: usize,
) -> Result<Composed<SA, DA, SB, DB>, Error>
where
    Layout<SA, DA>: CoalesceX,
    FlatA<SA, DA>: ModeValues,
    SB: MixedTuple + ComposeTree<DB, FlatA<SA, DA>>,
    DB: MixedTuple,
{
    let flat_a = a.coalesce_x().map_err(|o| Error::new("composition", o.into()))?;
    compose_modes(flat_a, None, b, bound, first_bounded)
}

/// `A o B` from A's coalesced modes `flat_a`: every condition checked
/// (see [`composition_within`] for `bound`), then the walk. `a_text` names A in an error where
/// its strides are not integers (`crate::basis`), else its modes are printed.
pub(crate) fn compose_modes<A, SB, DB>(
    flat_a: A,
    a_text: Option<&dyn fmt::Display>,
    b: Layout<SB, DB>,
    bound: Option<i64>,
    first_bounded: usize,
) -> Result<ComposedModes<A, SB, DB>, Error>
where
    A: ModeValues,
    SB: MixedTuple + ComposeTree<DB, A>,
    DB: MixedTuple,
{
    let err = |d: Detail| Error::new("composition", d);
    let (n, len) = leaves_of(b.shape()).map_err(err)?;
    let (r, _) = leaves_of(b.stride()).map_err(err)?;
    let mut mode = [0usize; MAX_LEAVES];
    SB::leaf_modes(&mut mode, 0);
    check_leaves(&flat_a, a_text, &b, &n[..len], &r[..len], &mode[..len], bound, first_bounded)?;
    let (shape, stride) = b.shape().compose_tree(*b.stride(), flat_a).map_err(|o| err(o.into()))?;
    Ok(Layout { shape, stride })
}

impl<SA, DA, SB, DB> Compose<Layout<SB, DB>> for Layout<SA, DA>
where
    SA: MixedTuple,
    DA: MixedTuple,
    Layout<SA, DA>: CoalesceX,
    FlatA<SA, DA>: ModeValues,
    SB: MixedTuple + ComposeTree<DB, FlatA<SA, DA>>,
    DB: MixedTuple,
{
    type Output = Composed<SA, DA, SB, DB>;
    const CONDITIONS: Checked = StaticConditions::<SA, DA, SB, DB>::RESULT;
    fn compose(self, b: Layout<SB, DB>) -> Result<Self::Output, Error> {
        composition_within(self, b, None, 0)
    }
}

/// With every leaf of A and B static, the conditions are known at compile time: they are
/// checked then (as on the static face), so a violation is a compile error, not an `Err`.
pub struct StaticConditions<SA, DA, SB, DB>(PhantomData<(SA, DA, SB, DB)>);
impl<SA: MixedTuple, DA: MixedTuple, SB: MixedTuple, DB: MixedTuple> Check for StaticConditions<SA, DA, SB, DB> {
    const RESULT: Checked = if SA::IS_STATIC && DA::IS_STATIC && SB::IS_STATIC && DB::IS_STATIC {
        crate::statics::check::composition(
            &FlatLayout { shape: SA::STATIC_LEAVES, stride: DA::STATIC_LEAVES },
            &FlatLayout { shape: SB::STATIC_LEAVES, stride: DB::STATIC_LEAVES },
            None,
            None,
            0,
        )
    } else {
        Ok(())
    };
}

/// The conditions of `A o B` as a compile-time check. [`composition`] evaluates `Verify` of this
/// directly (no constant between them that could fail), so a violation is reported as on the
/// static face: the message, one note at `composition` and one at the caller.
pub struct Conditions<A, B>(PhantomData<(A, B)>);
impl<A: Compose<B>, B> Check for Conditions<A, B> {
    const RESULT: Checked = A::CONDITIONS;
}

/// A tile size `n` (static or runtime) keeps the first `n` elements: `A o n:_1`.
macro_rules! compose_int {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<SA, DA, $($gen)*> Compose<$ty> for Layout<SA, DA>
        where
            Layout<SA, DA>: Compose<Layout<$ty, P1>>,
        {
            type Output = <Layout<SA, DA> as Compose<Layout<$ty, P1>>>::Output;
            const CONDITIONS: Checked = <Layout<SA, DA> as Compose<Layout<$ty, P1>>>::CONDITIONS;
            fn compose(self, n: $ty) -> Result<Self::Output, Error> {
                if n.value() < 1 {
                    return Err(Error::new("composition", Detail::NonPositive(n.value())));
                }
                <Self as Compose<Layout<$ty, P1>>>::compose(self, Layout::from_parts(n, P1::new()))
            }
        }
    )*};
}
compose_int! {
    [] i64;
    [U: super::int::Digits] typenum::PInt<U>;
}

/// `_` keeps A.
impl<SA, DA> Compose<crate::Underscore> for Layout<SA, DA> {
    type Output = Layout<SA, DA>;
    fn compose(self, _: crate::Underscore) -> Result<Self::Output, Error> {
        Ok(self)
    }
}

/// The composition `A o B` (CuTe's `composition(A, B)`) of a mixed layout A with a mixed or
/// static layout B, a tile size (static or runtime) or `_`.
///
/// Post-conditions: the result is compatible with B (B's shape, each leaf refined) and
/// `R(c) == A(B(c))` for every `c` in B's domain (A on its extended domain). Static leaves stay
/// static where CuTe keeps them so.
///
/// Errors (checked at run time on the runtime values, by the dynamic engine's code): stride
/// divisibility, shape divisibility, mode overlap (with the values), a tile size that is not
/// positive, overflow.
///
/// ```
/// use cute::mixed::{composition, Layout};
/// use cute::hlist;
/// use cute::typenum::{P1, P2, P4, P8};
/// let tile = Layout::try_new(hlist![P4::new(), P2::new()], hlist![P1::new(), P8::new()]).unwrap();
/// // An 8 x n column-major matrix (n = 6 at run time): its modes provably merge, the tile
/// // stays static.
/// let a = Layout::try_new(hlist![P8::new(), 6i64], hlist![P1::new(), P8::new()]).unwrap();
/// assert_eq!(composition(a, tile).unwrap().to_string(), "(_4,_2):(_1,_8)");
/// // With a runtime m and leading dimension nothing can be proven contiguous: as in CuTe,
/// // runtime size-1 modes stay (the same function as (4,2):(1,8)).
/// let a = Layout::try_new(hlist![8i64, 6i64], hlist![P1::new(), 8i64]).unwrap();
/// assert_eq!(composition(a, tile).unwrap().to_string(), "((4,1),(1,2)):((_1,8),(_8,8))");
/// // Conditions are checked on the runtime values.
/// let a = Layout::try_new(hlist![4i64, 6i64], hlist![2i64, 3i64]).unwrap();
/// let bad = composition(a, Layout::try_new(6i64, 3i64).unwrap()).unwrap_err();
/// assert_eq!(bad.to_string(), "stride divisibility: composition (4,6):(2,3) o 6:3: stride 3 does not divide shape 4");
/// ```
pub fn composition<A, B>(a: A, b: B) -> Result<A::Output, Error>
where
    A: Compose<B> + crate::mixed::BothStatic<B>,
    crate::mixed::Both<A, B>:
        route::Route<route::op::Composition, A, B> + route::Verdicts<route::op::Composition, A, B>,
    route::RouteVerdict<route::op::Composition, A, B>: Holds,
    route::Routed<route::op::Composition, A, B>: ResultVerdict<crate::statics::names::composition, A, B>,
    <route::Routed<route::op::Composition, A, B> as ResultVerdict<crate::statics::names::composition, A, B>>::Output:
        Holds,
    Result<A::Output, Error>: crate::layout::Fits,
{
    crate::layout::Fits::fits(composition_checked(a, b), "composition")
}

/// [`composition`] without the crate root's verdict: its conditions on static leaves are `const`
/// checks (the crate root's functions, which require the verdict, call it).
pub(crate) fn composition_checked<A: Compose<B>, B>(a: A, b: B) -> Result<A::Output, Error> {
    let () = Verify::<Conditions<A, B>>::OK;
    a.compose(b)
}

/// The parts of a mixed layout type, to name the result of an operation that returns one.
#[doc(hidden)]
pub trait Parts {
    /// The shape.
    type Shape;
    /// The stride.
    type Stride;
    /// The digits of a composition's leaves ([`ComposeTree`]), else `()`.
    type Digits;
    /// Split into shape and stride.
    fn into_parts(self) -> (Self::Shape, Self::Stride);
}
impl<S, D, G> Parts for (S, D, G) {
    type Shape = S;
    type Stride = D;
    type Digits = G;
    #[inline(always)]
    fn into_parts(self) -> (S, D) {
        (self.0, self.1)
    }
}
impl<S, D> Parts for Layout<S, D> {
    type Shape = S;
    type Stride = D;
    type Digits = ();
    #[inline(always)]
    fn into_parts(self) -> (S, D) {
        (self.shape, self.stride)
    }
}

/// Compose A's modes (`Self` its shapes, `D` its strides) with the entries of a tuple tiler `T`,
/// mode by mode; A's modes past the tiler's are dropped, as in CuTe.
#[diagnostic::on_unimplemented(
    message = "too many modes in the tiler: `{T}` has more entries than the layout has modes",
    label = "a tuple tiler needs at most one entry per mode of the layout"
)]
pub trait ComposeModes<D, T> {
    /// The result's shapes.
    type Shape;
    /// The result's strides.
    type Stride;
    /// Compose.
    fn compose_modes(self, stride: D, tiler: T) -> Result<(Self::Shape, Self::Stride), Error>;
}
impl<S, D> ComposeModes<D, HNil> for S {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn compose_modes(self, _: D, _: HNil) -> Result<(HNil, HNil), Error> {
        Ok((HNil, HNil))
    }
}
impl<SH, ST, DH, DT, TH, TT> ComposeModes<HCons<DH, DT>, HCons<TH, TT>> for HCons<SH, ST>
where
    TH: TileEntry<SH, DH>,
    ST: ComposeModes<DT, TT>,
{
    type Shape = HCons<TH::Shape, ST::Shape>;
    type Stride = HCons<TH::Stride, ST::Stride>;
    #[inline(always)]
    fn compose_modes(self, stride: HCons<DH, DT>, tiler: HCons<TH, TT>) -> Result<(Self::Shape, Self::Stride), Error> {
        let head = Layout { shape: self.head, stride: stride.head };
        let (hs, hd) = tiler.head.compose_entry(head)?.into_parts();
        let (ts, td) = <ST as ComposeModes<DT, TT>>::compose_modes(self.tail, stride.tail, tiler.tail)?;
        Ok((HCons { head: hs, tail: ts }, HCons { head: hd, tail: td }))
    }
}

/// An entry of a tuple tiler: a mixed or static layout, a tile size or `_` (nested tuple
/// tilers are not entries here, which keeps the trait solver's search finite).
pub trait TileEntry<S, D> {
    /// The result's shape.
    type Shape;
    /// The result's stride.
    type Stride;
    /// Compose the mode `S:D` with the entry.
    fn compose_entry(self, mode: Layout<S, D>) -> Result<Layout<Self::Shape, Self::Stride>, Error>;
}
macro_rules! tile_entry {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<S, D, $($gen)*> TileEntry<S, D> for $ty
        where
            Layout<S, D>: Compose<$ty>,
            <Layout<S, D> as Compose<$ty>>::Output: Parts,
        {
            type Shape = <<Layout<S, D> as Compose<$ty>>::Output as Parts>::Shape;
            type Stride = <<Layout<S, D> as Compose<$ty>>::Output as Parts>::Stride;
            fn compose_entry(self, mode: Layout<S, D>) -> Result<Layout<Self::Shape, Self::Stride>, Error> {
                let (s, d) = <Layout<S, D> as Compose<$ty>>::compose(mode, self)?.into_parts();
                Ok(Layout { shape: s, stride: d })
            }
        }
    )*};
}
tile_entry! {
    [SB, DB] Layout<SB, DB>;
    [] i64;
    [U: super::int::Digits] typenum::PInt<U>;
    [] crate::Underscore;
}

/// A tuple tiler (an HList of layouts, tile sizes and `_`) composes mode by mode
/// (CuTe's `composition(A, make_tile(...))`); A must be a tuple.
///
/// ```
/// use cute::mixed::composition;
/// use cute::{hlist, Layout, Underscore};
/// use cute::typenum::{P1, P2, P4};
/// let a = Layout::try_new(hlist![12i64, hlist![P4::new(), 8i64]], hlist![59i64, hlist![13i64, P1::new()]]).unwrap();
/// let t = hlist![3i64, Layout::<P4, P2>::new()];
/// assert_eq!(composition(a, t).unwrap().to_string(), "(3,(_2,_2)):(59,(26,_1))");
/// assert_eq!(composition(a, hlist![Underscore, 2i64]).unwrap().to_string(), "(12,(2,1)):(59,(13,_1))");
/// ```
impl<SH, ST, DH, DT, TH, TT> Compose<HCons<TH, TT>> for Layout<HCons<SH, ST>, HCons<DH, DT>>
where
    HCons<SH, ST>: ComposeModes<HCons<DH, DT>, HCons<TH, TT>>,
{
    type Output = Layout<
        <HCons<SH, ST> as ComposeModes<HCons<DH, DT>, HCons<TH, TT>>>::Shape,
        <HCons<SH, ST> as ComposeModes<HCons<DH, DT>, HCons<TH, TT>>>::Stride,
    >;
    fn compose(self, tiler: HCons<TH, TT>) -> Result<Self::Output, Error> {
        let (s, d) = <HCons<SH, ST> as ComposeModes<HCons<DH, DT>, HCons<TH, TT>>>::compose_modes(
            self.shape,
            self.stride,
            tiler,
        )?;
        Ok(Layout { shape: s, stride: d })
    }
}

/// A one-entry tuple tiler on an integral layout composes with its one mode and gives a rank-1
/// tuple, as in CuTe.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{composition, Layout};
/// let a = Layout::try_new(6i64, cute::typenum::P1::new()).unwrap();
/// assert_eq!(composition(a, hlist![2i64]).unwrap().to_string(), "(2):(_1)");
/// ```
impl<S: Int, D: Int, TH> Compose<HCons<TH, HNil>> for Layout<S, D>
where
    TH: TileEntry<S, D>,
{
    type Output = Layout<HCons<TH::Shape, HNil>, HCons<TH::Stride, HNil>>;
    fn compose(self, tiler: HCons<TH, HNil>) -> Result<Self::Output, Error> {
        let (s, d) = tiler.head.compose_entry(self)?.into_parts();
        Ok(Layout { shape: HCons { head: s, tail: HNil }, stride: HCons { head: d, tail: HNil } })
    }
}
