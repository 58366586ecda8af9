//! Complement with respect to a mixed cotarget: CuTe's `complement(A, M)` where the cotarget
//! `M` (a problem size) may be a runtime value, as in a divide of a runtime matrix by a tile. A
//! with runtime leaves (runtime extents at static strides, or a single mode) takes CuTe's steps
//! with its values at run time (`ops/complement/static_strides.rs`).
//!
//! With a static A, everything CuTe computes from A is static: the filter, the sort by stride,
//! the gap modes and the stride `new_stride` past A's largest mode. Only the last mode, which
//! repeats the pattern until it covers `M`, depends on the cotarget: its shape is
//! `coalesce(ceil_div(M, new_stride))` (runtime where a runtime leaf of M is involved) and its
//! strides are compact from `new_stride`. The gap modes come from the static face
//! (`complement(A, _1)`, whose last mode has size 1 and drops out), so A's conditions
//! (non-injective, negative stride) are compile errors there.

use core::ops::{Add, Mul};

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, Max, NInt, PInt, B0, B1, P1, Z0};

use super::static_face::ComplementVerdict;
use super::static_face::{AllZero, Complement as StaticComplement, Filtered, ZerosToOnes};
use super::static_strides::{Classify, FilteredComplement};
use crate::arith::{self, Overflow};
use crate::layout::Layout;
use crate::mixed::error::{Detail, Error};
use crate::mixed::int::{AllStatic, Digits, Int, IsStatic, MulI, StaticInt};
use crate::mixed::tuple::{MixedTuple, ShowTuple};
use crate::ops::coalesce::mixed_face::{modes, Coalesce, Finish, Flatten, ModesOf, ToLayout, Zip};
use crate::ops::coalesce::static_face::CoalesceModes;
use crate::ops::filter::mixed_face::{FilterModes, FilteredModes};
use crate::statics::report::{Holds, Pass};
use crate::statics::typeops::{self, CeilDiv, FlatModes, ZipModes};
use crate::statics::IntTuple;

/// CuTe's `ceil_div(a, b)` on positive leaves: static when both are.
///
/// ```
/// use cute::mixed::complement::CeilDivI;
/// use cute::typenum::{P2, P4, P7};
/// let _: P4 = P7::new().ceil_div_i(P2::new()).unwrap();
/// assert_eq!(7i64.ceil_div_i(P2::new()), Ok(4));
/// assert_eq!(P2::new().ceil_div_i(7i64), Ok(1));
/// ```
pub trait CeilDivI<Rhs>: Int {
    /// The quotient's leaf type.
    type Output: Int;
    /// The quotient rounded up, or [`Overflow`].
    fn ceil_div_i(self, rhs: Rhs) -> Result<Self::Output, Overflow>;
}
impl<A: StaticInt + CeilDiv<B>, B: StaticInt> CeilDivI<B> for A
where
    <A as CeilDiv<B>>::Output: StaticInt,
{
    type Output = <A as CeilDiv<B>>::Output;
    #[inline(always)]
    fn ceil_div_i(self, _: B) -> Result<Self::Output, Overflow> {
        Ok(Default::default())
    }
}
macro_rules! runtime_ceil_div {
    ($([$($gen:tt)*] $a:ty, $b:ty;)*) => {$(
        impl<$($gen)*> CeilDivI<$b> for $a {
            type Output = i64;
            #[inline(always)]
            fn ceil_div_i(self, rhs: $b) -> Result<i64, Overflow> {
                // A complement's cotarget and span, positive where it is used.
                arith::ceil_div_positive(self.value(), rhs.value())
            }
        }
    )*};
}
runtime_ceil_div! {
    [] i64, i64;
    [U: Digits] PInt<U>, i64;
    [U: Digits] i64, PInt<U>;
}

/// Whether a leaf is static, as a type-level bit (CuTe merges shape leaves of the same kind).
pub trait Kind {
    /// `B1` for a static leaf, `B0` for a runtime one.
    type Static: Bit;
}
impl Kind for i64 {
    type Static = B0;
}
impl<U: Digits> Kind for PInt<U> {
    type Static = B1;
}
impl<U: Digits> Kind for NInt<U> {
    type Static = B1;
}
impl Kind for Z0 {
    type Static = B1;
}

/// CuTe's tuple `ceil_div(M, div)` over the flat leaves of M: `r_k = ceil_div(m_k, div)`, then
/// `div = ceil_div(div, m_k)`. (On a nested M, CuTe's recursion gives the same values and
/// static-ness: nested rounded-up divisions compose.)
pub trait RestShape<Dv> {
    /// The flat list of quotients.
    type Output;
    /// Divide.
    fn rest_shape(self, div: Dv) -> Result<Self::Output, Overflow>;
}
impl<Dv> RestShape<Dv> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn rest_shape(self, _: Dv) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
impl<A: CeilDivI<Dv>, T, Dv: CeilDivI<A>> RestShape<Dv> for HCons<A, T>
where
    T: RestShape<<Dv as CeilDivI<A>>::Output>,
{
    type Output = HCons<<A as CeilDivI<Dv>>::Output, T::Output>;
    #[inline(always)]
    fn rest_shape(self, div: Dv) -> Result<Self::Output, Overflow> {
        let head = self.head.ceil_div_i(div)?;
        Ok(HCons { head, tail: self.tail.rest_shape(div.ceil_div_i(self.head)?)? })
    }
}

/// CuTe's `coalesce` of a flat int tuple: neighbouring leaves of the same kind (static with
/// static, runtime with runtime) multiply into one.
pub trait JoinLeaves {
    /// The joined leaves.
    type Output;
    /// Join.
    fn join(self) -> Result<Self::Output, Overflow>;
}
impl JoinLeaves for HNil {
    type Output = HNil;
    #[inline(always)]
    fn join(self) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
impl<A, T: JoinLeaves> JoinLeaves for HCons<A, T>
where
    T::Output: JoinFront<A>,
{
    type Output = <T::Output as JoinFront<A>>::Output;
    #[inline(always)]
    fn join(self) -> Result<Self::Output, Overflow> {
        self.tail.join()?.join_front(self.head)
    }
}

/// Put the leaf `A` in front of joined leaves, multiplying it into the first of the same kind.
pub trait JoinFront<A> {
    /// The leaves.
    type Output;
    /// Join.
    fn join_front(self, a: A) -> Result<Self::Output, Overflow>;
}
impl<A> JoinFront<A> for HNil {
    type Output = HCons<A, HNil>;
    #[inline(always)]
    fn join_front(self, a: A) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: a, tail: HNil })
    }
}
impl<A: Kind, B: Kind, T> JoinFront<A> for HCons<B, T>
where
    (A::Static, B::Static): JoinCase<A, B, T>,
{
    type Output = <(A::Static, B::Static) as JoinCase<A, B, T>>::Output;
    #[inline(always)]
    fn join_front(self, a: A) -> Result<Self::Output, Overflow> {
        <(A::Static, B::Static)>::join_case(a, self)
    }
}

/// The case of [`JoinFront`], selected by the kinds of the two leaves.
pub trait JoinCase<A, B, T> {
    /// The leaves.
    type Output;
    /// Join.
    fn join_case(a: A, rest: HCons<B, T>) -> Result<Self::Output, Overflow>;
}
macro_rules! join_same {
    ($($bit:ty),*) => {$(
        impl<A: MulI<B>, B, T> JoinCase<A, B, T> for ($bit, $bit) {
            type Output = HCons<<A as MulI<B>>::Output, T>;
            #[inline(always)]
            fn join_case(a: A, rest: HCons<B, T>) -> Result<Self::Output, Overflow> {
                Ok(HCons { head: a.mul_i(rest.head)?, tail: rest.tail })
            }
        }
    )*};
}
join_same!(B0, B1);
macro_rules! join_differ {
    ($(($x:ty, $y:ty)),*) => {$(
        impl<A, B, T> JoinCase<A, B, T> for ($x, $y) {
            type Output = HCons<A, HCons<B, T>>;
            #[inline(always)]
            fn join_case(a: A, rest: HCons<B, T>) -> Result<Self::Output, Overflow> {
                Ok(HCons { head: a, tail: rest })
            }
        }
    )*};
}
join_differ!((B0, B1), (B1, B0));

/// CuTe's `compact_major<LayoutLeft>(shape, start)` on flat leaves, as modes: each leaf gets the
/// running stride, which then grows by the leaf; a static `_1` gets the stride `_0`.
pub trait Compact<D> {
    /// The modes `(shape, stride)`.
    type Output;
    /// Make the strides.
    fn compact(self, stride: D) -> Result<Self::Output, Overflow>;
}
impl<D> Compact<D> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn compact(self, _: D) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
impl<S: IsStatic, T, D> Compact<D> for HCons<S, T>
where
    S::One: CompactCase<S, T, D>,
{
    type Output = <S::One as CompactCase<S, T, D>>::Output;
    #[inline(always)]
    fn compact(self, stride: D) -> Result<Self::Output, Overflow> {
        <S::One as CompactCase<S, T, D>>::compact_case(self, stride)
    }
}

/// The case of [`Compact`], selected by whether the leaf is the static `_1`.
pub trait CompactCase<S, T, D> {
    /// The modes.
    type Output;
    /// Make the strides.
    fn compact_case(l: HCons<S, T>, stride: D) -> Result<Self::Output, Overflow>;
}
impl<S, T: Compact<D>, D> CompactCase<S, T, D> for B1 {
    type Output = HCons<(S, Z0), T::Output>;
    #[inline(always)]
    fn compact_case(l: HCons<S, T>, stride: D) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: (l.head, Z0::new()), tail: l.tail.compact(stride)? })
    }
}
impl<S: Copy, T: CompactTail<D, S>, D: Copy> CompactCase<S, T, D> for B0 {
    type Output = HCons<(S, D), T::Output>;
    #[inline(always)]
    fn compact_case(l: HCons<S, T>, stride: D) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: (l.head, stride), tail: l.tail.compact_tail(stride, l.head)? })
    }
}

/// The leaves after one of stride `D` and size `S`: they start at `D * S`. After the last leaf
/// nothing is computed, so a stride past the result cannot overflow.
pub trait CompactTail<D, S> {
    /// The modes.
    type Output;
    /// Make the strides.
    fn compact_tail(self, stride: D, s: S) -> Result<Self::Output, Overflow>;
}
impl<D, S> CompactTail<D, S> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn compact_tail(self, _: D, _: S) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
impl<D: MulI<S>, S, H, T> CompactTail<D, S> for HCons<H, T>
where
    HCons<H, T>: Compact<<D as MulI<S>>::Output>,
{
    type Output = <HCons<H, T> as Compact<<D as MulI<S>>::Output>>::Output;
    #[inline(always)]
    fn compact_tail(self, stride: D, s: S) -> Result<Self::Output, Overflow> {
        self.compact(stride.mul_i(s)?)
    }
}

/// `max(1, max(s * d))` over A's filtered modes: the stride past A's largest mode, CuTe's
/// `new_stride` (`1` when nothing of A is left). For a layout that passes CuTe's injectivity
/// check, the sorted modes satisfy `s_i * d_i <= d_(i+1) < s_(i+1) * d_(i+1)`, so the maximum
/// is the product of the mode with the largest stride, which is CuTe's definition; a layout
/// that fails the check is a compile error anyway.
#[doc(hidden)]
pub trait Reach<Acc> {
    /// The stride, a static integer.
    type Output;
}
impl<Acc> Reach<Acc> for HNil {
    type Output = Acc;
}
impl<S: Mul<D>, D, T, Acc: Max<<S as Mul<D>>::Output>> Reach<Acc> for HCons<(S, D), T>
where
    T: Reach<<Acc as Max<<S as Mul<D>>::Output>>::Output>,
{
    type Output = <T as Reach<<Acc as Max<<S as Mul<D>>::Output>>::Output>>::Output;
}

/// The rest modes of a cotarget `Self` past `Ns`: the compact layout of
/// `coalesce(ceil_div(M, Ns))` from the stride `Ns`, as modes; the static complement's rest too.
/// Its steps are projections, not impl parameters fixed by `Output = ..` bounds: the trait
/// solver caches a projection, but re-solves such a bound wherever the result is named (a
/// logical divide names its complement several times: +70% of its compile time).
pub trait RestModes<Ns> {
    /// The modes.
    type Output;
    /// Compute them.
    fn rest_modes(self, ns: Ns) -> Result<Self::Output, Overflow>;
}
impl<M, Ns: Copy> RestModes<Ns> for M
where
    M: Flatten,
    M::Output: RestShape<Ns>,
    <M::Output as RestShape<Ns>>::Output: JoinLeaves,
    <<M::Output as RestShape<Ns>>::Output as JoinLeaves>::Output: Compact<Ns>,
{
    type Output = <<<M::Output as RestShape<Ns>>::Output as JoinLeaves>::Output as Compact<Ns>>::Output;
    #[inline(always)]
    fn rest_modes(self, ns: Ns) -> Result<Self::Output, Overflow> {
        self.flatten().rest_shape(ns)?.join()?.compact(ns)
    }
}

/// Assemble the complement from the rest modes `Self` and the gap modes `G`, selected by `Z`,
/// whether nothing of A is left after the filter: CuTe then returns `make_layout(coalesce(M))`
/// as is (`B1`), else the coalesce of the gaps followed by the rest (`B0`). (The rest modes are
/// the `Self` type so that the trait solver picks the impl only once they are known.)
pub trait Assemble<Z, G> {
    /// The modes.
    type Output;
    /// Assemble.
    fn assemble(self, gaps: G) -> Result<Self::Output, Overflow>;
}
impl<G, R> Assemble<B1, G> for R {
    type Output = R;
    #[inline(always)]
    fn assemble(self, _: G) -> Result<R, Overflow> {
        Ok(self)
    }
}
impl<G: Add<R>, R> Assemble<B0, G> for R
where
    <G as Add<R>>::Output: Coalesce,
    <<G as Add<R>>::Output as Coalesce>::Output: Finish,
{
    type Output = <<<G as Add<R>>::Output as Coalesce>::Output as Finish>::Output;
    // HList concatenation (frunk's `Add`), not integer arithmetic.
    #[allow(clippy::arithmetic_side_effects)]
    #[inline(always)]
    fn assemble(self, gaps: G) -> Result<Self::Output, Overflow> {
        Ok((gaps + self).coalesce()?.finish())
    }
}

/// The mixed complement of a layout `Self` with respect to the cotarget `M` (A static, of runtime
/// extents at static strides, or a single mode with runtime leaves).
#[doc(hidden)]
pub trait MixedComplement<M> {
    /// The result layout.
    type Output;
    /// The complement, unchecked size and cosize: only the crate's functions, which check them,
    /// call it.
    fn complement(self, cotarget: M, _: crate::Internal) -> Result<Self::Output, Error>;
    /// The complement with its size and cosize checked, an overflow naming `op`.
    #[inline(always)]
    fn complement_fits(self, cotarget: M, op: &'static str, _: crate::Internal) -> Result<Self::Output, Error>
    where
        Self: Sized,
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        crate::layout::Fits::fits(self.complement(cotarget, crate::Internal(())), op)
    }
}

/// By whether every leaf of A is static.
impl<S, D, M> MixedComplement<M> for Layout<S, D>
where
    Layout<S, D>: AllStatic,
    <Layout<S, D> as AllStatic>::Is: ComplementOfKind<S, D, M>,
{
    type Output = <<Layout<S, D> as AllStatic>::Is as ComplementOfKind<S, D, M>>::Output;
    #[inline(always)]
    fn complement(self, cotarget: M, _: crate::Internal) -> Result<Self::Output, Error> {
        <<Layout<S, D> as AllStatic>::Is as ComplementOfKind<S, D, M>>::complement(self, cotarget)
    }
    #[inline(always)]
    fn complement_fits(self, cotarget: M, op: &'static str, _: crate::Internal) -> Result<Self::Output, Error>
    where
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        <<Layout<S, D> as AllStatic>::Is as ComplementOfKind<S, D, M>>::complement_fits(self, cotarget, op)
    }
}

/// [`MixedComplement`] of `S:D` by whether every leaf is static (`Self`).
#[doc(hidden)]
pub trait ComplementOfKind<S, D, M> {
    /// The result layout.
    type Output;
    /// The complement, unchecked size and cosize.
    fn complement(a: Layout<S, D>, cotarget: M) -> Result<Self::Output, Error>;
    /// The complement with its size and cosize checked, an overflow naming `op`.
    #[inline(always)]
    fn complement_fits(a: Layout<S, D>, cotarget: M, op: &'static str) -> Result<Self::Output, Error>
    where
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        crate::layout::Fits::fits(Self::complement(a, cotarget), op)
    }
}

/// A static layout: the gaps from the static face, the rest from the cotarget.
impl<S, D, M, GS, GD, Ns, R, Z, All> ComplementOfKind<S, D, M> for B1
where
    S: IntTuple + MixedTuple + typeops::Flatten,
    D: IntTuple + MixedTuple + typeops::Flatten,
    <S as typeops::Flatten>::Output: ZipModes<<D as typeops::Flatten>::Output>,
    FlatModes<S, D>: ZerosToOnes,
    <FlatModes<S, D> as ZerosToOnes>::Output: CoalesceModes,
    Filtered<S, D>: Reach<P1, Output = Ns> + AllZero<Output = Z>,
    Layout<S, D>: StaticComplement<P1, Shape = GS, Stride = GD>,
    GS: IntTuple + MixedTuple + Flatten,
    GD: IntTuple + MixedTuple + Flatten,
    GS::Output: Zip<GD::Output>,
    Ns: Default + Copy,
    M: MixedTuple + RestModes<Ns, Output = R>,
    R: Assemble<Z, ModesOf<GS, GD>, Output = All>,
    All: ToLayout,
{
    type Output = Layout<All::Shape, All::Stride>;
    #[inline(always)]
    fn complement(a: Layout<S, D>, cotarget: M) -> Result<Self::Output, Error> {
        let err = |d: Detail| Error::with("complement", d, format_args!("({:#}, {:#})", a, ShowTuple(&cotarget)));
        check_cotarget(&cotarget).map_err(err)?;
        // The static complement with cotarget 1 is the coalesced gaps; calling it (rather than
        // only naming its type) runs the static face's compile-time check of A's conditions
        // (the verdict, with the operands shown, is this trait's).
        let gaps = super::static_face::complement_unverified(a, P1::new());
        let rest = cotarget.rest_modes(Ns::default()).map_err(|o| err(o.into()))?;
        Ok(rest.assemble(modes(&gaps)).map_err(|o| err(o.into()))?.to_layout_unchecked(crate::Internal(())))
    }
}

/// A runtime leaf: CuTe's steps with the values at run time where CuTe computes the complement
/// for A's types ([`RuntimeComplementable`]: the filtered strides static, or a single mode).
impl<S, D, M> ComplementOfKind<S, D, M> for B0
where
    (S, D): RuntimeComplementable,
    <(S, D) as RuntimeComplementable>::Ok: RuntimeComplementOf<S, D, M>,
{
    type Output = <<(S, D) as RuntimeComplementable>::Ok as RuntimeComplementOf<S, D, M>>::Output;
    #[inline(always)]
    fn complement(a: Layout<S, D>, cotarget: M) -> Result<Self::Output, Error> {
        Ok(<<(S, D) as RuntimeComplementable>::Ok as RuntimeComplementOf<S, D, M>>::steps(a, cotarget)?.0)
    }
    /// The size and cosize fit where the result's extent does (see
    /// [`FilteredComplement`](super::static_strides::FilteredComplement)); otherwise the check
    /// names what does not.
    #[inline(always)]
    fn complement_fits(a: Layout<S, D>, cotarget: M, op: &'static str) -> Result<Self::Output, Error>
    where
        Result<Self::Output, Error>: crate::layout::Fits,
    {
        match <<(S, D) as RuntimeComplementable>::Ok as RuntimeComplementOf<S, D, M>>::steps(a, cotarget)? {
            (r, true) => Ok(r),
            (r, false) => crate::layout::Fits::fits(Ok(r), op),
        }
    }
}

/// The complement of `S:D` (a runtime leaf) by whether CuTe computes it for its types (`Self`).
#[doc(hidden)]
pub trait RuntimeComplementOf<S, D, M> {
    /// The result layout.
    type Output;
    /// The complement, unchecked size and cosize, and whether its extent fits.
    fn steps(a: Layout<S, D>, cotarget: M) -> Result<(Self::Output, bool), Error>;
}
/// CuTe's steps: the cotarget checked, A filtered, then its modes walked.
impl<S: MixedTuple, D: MixedTuple, M> RuntimeComplementOf<S, D, M> for B1
where
    Layout<S, D>: FilterModes,
    FilteredModes<S, D>: FilteredComplement<M>,
    <FilteredModes<S, D> as FilteredComplement<M>>::Output: ToLayout,
    M: MixedTuple,
{
    type Output = Layout<
        <<FilteredModes<S, D> as FilteredComplement<M>>::Output as ToLayout>::Shape,
        <<FilteredModes<S, D> as FilteredComplement<M>>::Output as ToLayout>::Stride,
    >;
    #[inline(always)]
    fn steps(a: Layout<S, D>, cotarget: M) -> Result<(Self::Output, bool), Error> {
        let err = |d: Detail| Error::with("complement", d, format_args!("({:#}, {:#})", a, ShowTuple(&cotarget)));
        check_cotarget(&cotarget).map_err(err)?;
        let filtered = a.filter_modes().map_err(|o| err(o.into()))?;
        let (r, fits) = filtered.complement_modes(cotarget).map_err(err)?;
        Ok((r.to_layout_unchecked(crate::Internal(())), fits))
    }
}
/// Not computed for these types: an error in place of a layout. The public functions refuse it
/// at compile time (their verdict), so that this is the only error they report.
impl<S, D, M> RuntimeComplementOf<S, D, M> for B0 {
    type Output = Layout<P1, Z0>;
    fn steps(_: Layout<S, D>, _: M) -> Result<(Self::Output, bool), Error> {
        Err(Error::new("complement", Detail::ComplementRuntime))
    }
}

/// The cotarget's leaves are positive.
#[inline(always)]
fn check_cotarget<M: MixedTuple>(cotarget: &M) -> Result<(), Detail> {
    cotarget.try_fold_leaves(1, &mut |_, m| if m > 0 { Ok(1) } else { Err(Detail::NonPositive(m)) }).map(|_| ())
}

/// The complement of a layout `a` with respect to a mixed cotarget `m`, an integer or a shape
/// whose leaves are each static or runtime (CuTe's `complement(A, M)`). A is static, or has
/// runtime extents at static strides, or is a single mode with runtime leaves (CuTe's
/// requirements: it sorts the modes by stride when the code is built); other layouts are a
/// compile error naming the condition.
///
/// The result is CuTe's: A's filtered modes, sorted by stride, interleaved with the gaps between
/// them (static where the extents below them are), then the rest
/// `coalesce(ceil_div(M, new_stride))` with compact strides
/// from `new_stride`, everything coalesced as far as the types prove (a static gap merges with a
/// runtime rest when the strides line up statically). A rest leaf is runtime where a runtime
/// leaf of M is involved. When nothing of A is left after the filter (`_1:_0`, only stride-0
/// modes), the result is `make_layout(coalesce(M))`, as in CuTe.
///
/// Post-conditions for `R = complement(A, M)`: R is ordered (`R(i-1) < R(i)`) and disjoint from
/// A (`R(i) != A(j)` for `i >= 1`); for a complementable A, `(A, R)` covers `[0, size(M))`. As a
/// function R equals the dynamic engine's `complement(A, M)` where no runtime extent of A is 1:
/// a runtime 1 is a mode to CuTe (the types cannot filter it), so its stride bounds a gap where
/// the dynamic engine drops the mode, and runtime size-1 modes stay in the result.
///
/// Errors: for a static A, a non-injective A or a negative stride is a compile error (the static
/// face checks A), as are a negative static stride of a runtime extent and a gap that the static
/// leaves alone decide is 0; with runtime extents, a stride inside the span of the smaller modes
/// is [`ComplementError::NonInjective`](crate::error::ComplementError::NonInjective), a runtime
/// stride of a single mode that is not positive [`Detail::RuntimeStride`]; a cotarget leaf that
/// is not positive is [`Detail::NonPositive`]; overflow.
///
/// ```
/// use cute::mixed::complement;
/// use cute::Layout;
/// use cute::hlist;
/// use cute::typenum::{P1, P2, P4, P8};
/// // The static gap _1:_1 and the rest ceil(m/4):_4 merge: the stride 4 is static.
/// let r: Layout<i64, P4> = complement(Layout::<P4, P1>::new(), 30i64).unwrap();
/// assert_eq!(r.to_string(), "8:_4");
/// // A static gap that cannot merge with the runtime rest.
/// let r = complement(Layout::<P4, P2>::new(), 24i64).unwrap();
/// assert_eq!(r.to_string(), "(_2,3):(_1,_8)");
/// // A static cotarget gives a static result; a shape cotarget folds its leaves.
/// assert_eq!(complement(Layout::<P4, P2>::new(), P8::new()).unwrap().to_string(), "_2:_1");
/// assert_eq!(complement(Layout::<P4, P1>::new(), hlist![8i64, 3i64]).unwrap().to_string(), "6:_4");
/// // Nothing of A is left: the compact layout of the cotarget.
/// assert_eq!(complement(Layout::<P4, cute::typenum::Z0>::new(), 5i64).unwrap().to_string(), "5:_1");
/// let e = complement(Layout::<P4, P1>::new(), 0i64).unwrap_err();
/// assert_eq!(e.to_string(), "invalid argument: complement(4:1, 0): shape 0 is not positive");
/// // Runtime extents at static strides: the gap 6/2 = 3 at 2, the rest 24/12 = 2 at 12.
/// let a = Layout::try_new(hlist![2i64, 2i64], hlist![P1::new(), cute::typenum::P6::new()]).unwrap();
/// assert_eq!(complement(a, 24i64).unwrap().to_string(), "(3,2):(2,12)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn complement<A, M>(a: A, m: M) -> Result<<A as MixedComplement<M>>::Output, Error>
where <A as StaticComplementCheck<M>>::Output: Holds,
    A: MixedComplement<M> + StaticComplementCheck<M>,
    Result<<A as MixedComplement<M>>::Output, Error>: crate::layout::Fits,
{
    a.complement_fits(m, "complement", crate::Internal(()))
}

/// The conditions of A's complement that the trait solver decides: all of a static A's; for A
/// with a runtime leaf, that CuTe computes it for A's types ([`RuntimeComplementable`]; the
/// rest is checked at run time). The operands shown are A and the cotarget `M`.
pub trait StaticComplementCheck<M> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S, D, M> StaticComplementCheck<M> for Layout<S, D>
where
    Layout<S, D>: AllStatic,
    <Layout<S, D> as AllStatic>::Is: ComplementBy<S, D, M>,
{
    type Output = <<Layout<S, D> as AllStatic>::Is as ComplementBy<S, D, M>>::Output;
}
/// [`StaticComplementCheck`] by whether A is static (`Self`).
pub trait ComplementBy<S, D, M> {
    /// The verdict.
    type Output;
}
impl<S, D, M> ComplementBy<S, D, M> for B1
where
    Layout<S, D>: ComplementVerdict<(S, D, M)>,
{
    type Output = <Layout<S, D> as ComplementVerdict<(S, D, M)>>::Output;
}
impl<S, D, M> ComplementBy<S, D, M> for B0
where
    (S, D): RuntimeComplementable,
    <(S, D) as RuntimeComplementable>::Ok: RuntimeComplementVerdict<S, D, M>,
{
    type Output = <<(S, D) as RuntimeComplementable>::Ok as RuntimeComplementVerdict<S, D, M>>::Output;
}

/// Whether the checked layer computes the complement for the types of `S:D` (`Ok`), by whether
/// every leaf is static (`Self`): always when they are, else as [`RuntimeComplementable`] says.
pub trait ComplementExists<S, D> {
    /// `B1` or `B0`.
    type Ok;
}
impl<S, D> ComplementExists<S, D> for B1 {
    type Ok = B1;
}
impl<S, D> ComplementExists<S, D> for B0
where
    (S, D): RuntimeComplementable,
{
    type Ok = <(S, D) as RuntimeComplementable>::Ok;
}

/// Whether the checked layer computes the complement of a layout `S:D` with a runtime leaf
/// (`Ok`, `B1` or `B0`), and the verdict when it does not (`Fail`): where CuTe does, when the
/// filtered layout's strides are static and positive, or it has a single mode
/// (`ops/complement/static_strides.rs`).
pub trait RuntimeComplementable {
    /// `B1` or `B0`.
    type Ok;
    /// The failure, when `Ok` is `B0`.
    type Fail;
}
impl<S, D> RuntimeComplementable for (S, D)
where
    Layout<S, D>: FilterModes,
    FilteredModes<S, D>: Classify<S, D>,
{
    type Ok = <FilteredModes<S, D> as Classify<S, D>>::Ok;
    type Fail = <FilteredModes<S, D> as Classify<S, D>>::Fail;
}
/// The verdict of a complement of `S:D` (a runtime leaf) by `M`, by whether it exists (`Self`).
pub trait RuntimeComplementVerdict<S, D, M> {
    /// [`Pass`] or the failure.
    type Output;
}
impl<S, D, M> RuntimeComplementVerdict<S, D, M> for B1 {
    type Output = Pass;
}
impl<S, D, M> RuntimeComplementVerdict<S, D, M> for B0
where
    (S, D): RuntimeComplementable,
{
    type Output = <(S, D) as RuntimeComplementable>::Fail;
}

/// [`complement`] without the bound of its verdict, for a caller that requires it itself (the
/// crate root's `complement`).
pub(crate) fn complement_unverified<A: MixedComplement<M>, M>(a: A, m: M) -> Result<A::Output, Error> {
    a.complement(m, crate::Internal(()))
}
