//! `right_inverse` and `nullspace` of mixed layouts, with CuTe's rule for runtime leaves: only
//! what the types prove is used. The right inverse follows the chain of strides `1, s0*d0, ...`
//! through the coalesced modes while each next stride is a static value that some mode's static
//! stride equals; the nullspace keeps the modes whose stride is the static `_0`. With every leaf
//! static they are the static face's results; a runtime leaf can only make them smaller, never
//! wrong.

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, NInt, NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use crate::arith::Overflow;
use crate::layout::Layout;
use crate::mixed::error::Error;
use crate::mixed::int::{Int, MulI, ProvablyEqual};
use crate::mixed::tuple::MixedTuple;
use crate::ops::coalesce::mixed_face::{Coalesce, Coalesced, Finish, Flatten, ModesOf, ToLayout, Zip};
use crate::ops::composition::mixed_face::{Conditions, ScaleStride};
use crate::statics::check::Verify;
use crate::statics::typeops::IsP1;

/// `B1` for a static leaf, `B0` for a runtime one.
pub trait Known {
    /// `B1` or `B0`.
    type Bit: Bit;
}
impl Known for i64 {
    type Bit = B0;
}
impl<U: Unsigned + NonZero> Known for PInt<U> {
    type Bit = B1;
}
impl<U: Unsigned + NonZero> Known for NInt<U> {
    type Bit = B1;
}
impl Known for Z0 {
    type Bit = B1;
}

/// The modes `(s, d)` with their compact column-major strides `r` (CuTe's
/// `compact_major<LayoutLeft>` of the shapes, the index at which each mode starts): `(s, d, r)`,
/// `Cur` the first mode's. The stride grows only when a mode follows, so nothing past the last
/// one can overflow.
pub trait Triples<Cur> {
    /// The list of `(s, d, r)`.
    type Output;
    /// Attach the strides.
    fn triples(self, cur: Cur) -> Result<Self::Output, Overflow>;
}
impl<Cur> Triples<Cur> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn triples(self, _: Cur) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
impl<S: Copy, D, T: TriplesTail<Cur, S>, Cur: Copy> Triples<Cur> for HCons<(S, D), T> {
    type Output = HCons<(S, D, Cur), T::Output>;
    #[inline(always)]
    fn triples(self, cur: Cur) -> Result<Self::Output, Overflow> {
        let (s, d) = self.head;
        Ok(HCons { head: (s, d, cur), tail: self.tail.triples_tail(cur, s)? })
    }
}

/// The modes after one of stride `Cur` and shape `S`: they start at `Cur * S`.
pub trait TriplesTail<Cur, S> {
    /// The list of `(s, d, r)`.
    type Output;
    /// Attach the strides.
    fn triples_tail(self, cur: Cur, s: S) -> Result<Self::Output, Overflow>;
}
impl<Cur, S> TriplesTail<Cur, S> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn triples_tail(self, _: Cur, _: S) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
impl<Cur: MulI<S>, S, H, T> TriplesTail<Cur, S> for HCons<H, T>
where
    HCons<H, T>: Triples<<Cur as MulI<S>>::Output>,
{
    type Output = <HCons<H, T> as Triples<<Cur as MulI<S>>::Output>>::Output;
    #[inline(always)]
    fn triples_tail(self, cur: Cur, s: S) -> Result<Self::Output, Overflow> {
        self.triples(cur.mul_i(s)?)
    }
}

/// No mode has the stride looked for.
#[derive(Clone, Copy, Debug, Default)]
pub struct NotFound;

/// The first mode `(s, d, r)` whose stride `d` is provably `Next` ([`NotFound`] if none). The
/// match is exact, so a negative stride is never on the chain (as CuTe 4.7 and the dynamic
/// engine: `right_inverse(4:-1)` is `_1:_0`; an inverse through it would leave the domain).
pub trait FindStride<Next> {
    /// The mode, or [`NotFound`].
    type Output;
    /// Find.
    fn find(&self) -> Self::Output;
}
impl<Next> FindStride<Next> for HNil {
    type Output = NotFound;
    fn find(&self) -> NotFound {
        NotFound
    }
}
impl<S: Copy, D: Copy + ProvablyEqual<Next>, R: Copy, T, Next> FindStride<Next> for HCons<(S, D, R), T>
where
    D::Output: FindCase<(S, D, R), T, Next>,
{
    type Output = <D::Output as FindCase<(S, D, R), T, Next>>::Output;
    fn find(&self) -> Self::Output {
        <D::Output as FindCase<(S, D, R), T, Next>>::pick(self.head, &self.tail)
    }
}
/// [`FindStride`]: this mode (`B1`) or one of the rest (`B0`).
pub trait FindCase<M, T, Next> {
    /// The mode, or [`NotFound`].
    type Output;
    /// Pick.
    fn pick(m: M, rest: &T) -> Self::Output;
}
impl<M, T, Next> FindCase<M, T, Next> for B1 {
    type Output = M;
    fn pick(m: M, _: &T) -> M {
        m
    }
}
impl<M, T: FindStride<Next>, Next> FindCase<M, T, Next> for B0 {
    type Output = T::Output;
    fn pick(_: M, rest: &T) -> T::Output {
        rest.find()
    }
}

/// CuTe's `inverse_seq`: from a found mode `(s, d, r)`, the inverse's mode `s:r`, then the mode
/// of stride `s*d` when that is static and new, and so on; `L` is all the modes.
pub trait Chain<L> {
    /// The inverse's modes `(s, stride)`.
    type Output;
    /// Follow the chain.
    fn chain(self, modes: &L) -> Result<Self::Output, Overflow>;
}
impl<L> Chain<L> for NotFound {
    type Output = HNil;
    fn chain(self, _: &L) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
/// The next stride `s*d` of a found mode (an integer, or a basis stride scaled, `crate::basis`).
type NextOf<S, D> = <S as ScaleStride<D>>::Output;
/// Whether the chain goes on after a found mode `(s, d)`.
type GoOn<S, D> = (<NextOf<S, D> as Known>::Bit, <NextOf<S, D> as ProvablyEqual<D>>::Output);
impl<S, D, R, L> Chain<L> for (S, D, R)
where
    S: ScaleStride<D>,
    NextOf<S, D>: Known + ProvablyEqual<D>,
    GoOn<S, D>: Continue<L, NextOf<S, D>>,
{
    type Output = HCons<(S, R), <GoOn<S, D> as Continue<L, NextOf<S, D>>>::Output>;
    fn chain(self, modes: &L) -> Result<Self::Output, Overflow> {
        let (s, _, r) = self;
        let rest = <GoOn<S, D> as Continue<L, NextOf<S, D>>>::go(modes)?;
        Ok(HCons { head: (s, r), tail: rest })
    }
}
/// Whether the chain goes on: only for a static next stride (`B1`) that is new (`B0`).
pub trait Continue<L, Next> {
    /// The rest of the inverse's modes.
    type Output;
    /// Go on, or stop.
    fn go(modes: &L) -> Result<Self::Output, Overflow>;
}
impl<L: FindStride<Next>, Next> Continue<L, Next> for (B1, B0)
where
    L::Output: Chain<L>,
{
    type Output = <L::Output as Chain<L>>::Output;
    fn go(modes: &L) -> Result<Self::Output, Overflow> {
        modes.find().chain(modes)
    }
}
macro_rules! stop {
    ($($bits:ty),*) => {$(
        impl<L, Next> Continue<L, Next> for $bits {
            type Output = HNil;
            fn go(_: &L) -> Result<HNil, Overflow> {
                Ok(HNil)
            }
        }
    )*};
}
stop!((B1, B1), (B0, B0), (B0, B1));

/// A list of modes as a layout; no mode is `_1:_0` (CuTe's empty result).
pub trait OrEmpty {
    /// The layout.
    type Output;
    /// Build it.
    fn layout(self, _: crate::Internal) -> Self::Output;
}
impl OrEmpty for HNil {
    type Output = Layout<P1, Z0>;
    fn layout(self, _: crate::Internal) -> Self::Output {
        Layout::from_parts(P1::new(), Z0::new())
    }
}
impl<M, T> OrEmpty for HCons<M, T>
where
    HCons<M, T>: ToLayout,
{
    type Output = Layout<<HCons<M, T> as ToLayout>::Shape, <HCons<M, T> as ToLayout>::Stride>;
    fn layout(self, _: crate::Internal) -> Self::Output {
        self.to_layout_unchecked(crate::Internal(()))
    }
}

/// The coalesced modes of `S:D` with their compact strides.
type CoTriples<S, D> = <<Layout<S, D> as CoalescedModes>::Output as Triples<P1>>::Output;
/// The modes of the right inverse of `S:D`.
type InverseModes<S, D> = <<CoTriples<S, D> as FindStride<P1>>::Output as Chain<CoTriples<S, D>>>::Output;
/// The right inverse of `S:D`.
pub type RightInverseOf<S, D> = <InverseModes<S, D> as OrEmpty>::Output;

/// CuTe's `right_inverse(L)`: a layout `R` with `L(R(i)) == i` for all `i < size(R)`. As in
/// CuTe, it follows the strides `1, s0*d0, ...` of `coalesce(L)` while each is a static value
/// that a static stride equals, so with runtime leaves it may stop early (at worst `_1:_0`), and
/// with all leaves static it is the static face's [`right_inverse`](crate::right_inverse).
///
/// Post-condition: `L(R(i)) == i` for `i < size(R)`; `R` agrees with the all-static right
/// inverse on its domain. An error only when a runtime product overflows, which a valid
/// layout's size rules out.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{right_inverse, Layout};
/// use cute::typenum::{P1, P2, P4};
/// let l = Layout::try_new(hlist![P4::new(), P2::new()], hlist![P2::new(), P1::new()]).unwrap();
/// assert_eq!(right_inverse(l).unwrap().to_string(), "(_2,_4):(_4,_1)");
/// // An m x 4 row-major matrix, m at run time: the chain 1, 4, 4*m stops at the runtime 4*m.
/// let l = Layout::try_new(hlist![6i64, P4::new()], hlist![P4::new(), P1::new()]).unwrap();
/// assert_eq!(right_inverse(l).unwrap().to_string(), "(_4,6):(6,_1)");
/// // A runtime stride is never followed.
/// let l = Layout::try_new(hlist![P4::new(), P2::new()], hlist![8i64, P1::new()]).unwrap();
/// assert_eq!(right_inverse(l).unwrap().to_string(), "_2:_4");
/// ```
pub fn right_inverse<L: RightInvertible>(l: L) -> Result<L::Output, Error> {
    l.right_inverse()
}

/// A mixed layout and its [`right_inverse`] (the bounds, named once).
pub trait RightInvertible {
    /// The right inverse.
    type Output;
    /// Compute it.
    fn right_inverse(self) -> Result<Self::Output, Error>;
}
impl<S, D> RightInvertible for Layout<S, D>
where
    Layout<S, D>: CoalescedModes,
    <Layout<S, D> as CoalescedModes>::Output: Triples<P1>,
    CoTriples<S, D>: FindStride<P1>,
    <CoTriples<S, D> as FindStride<P1>>::Output: Chain<CoTriples<S, D>>,
    InverseModes<S, D>: OrEmpty,
{
    type Output = RightInverseOf<S, D>;
    fn right_inverse(self) -> Result<Self::Output, Error> {
        let err = |o: Overflow| Error::new("right_inverse", o.into());
        let modes = self.coalesced_modes().map_err(err)?.triples(P1::new()).map_err(err)?;
        Ok(modes.find().chain(&modes).map_err(err)?.layout(crate::Internal(())))
    }
}

/// The first mode `(s, d)` of a coalesced layout's modes.
pub trait FirstMode {
    /// Its shape's leaf type.
    type S: Int + MixedTuple + Known;
    /// Its stride's leaf type.
    type D: Int + MixedTuple + ProvablyEqual<P1>;
    /// The mode.
    fn first(&self) -> (Self::S, Self::D);
}
impl<S: Int + MixedTuple + Known, D: Int + MixedTuple + ProvablyEqual<P1>, T> FirstMode for HCons<(S, D), T> {
    type S = S;
    type D = D;
    fn first(&self) -> (S, D) {
        self.head
    }
}

/// The coalesced modes of a mixed layout.
pub trait CoalescedModes {
    /// The modes.
    type Output;
    /// Coalesce.
    fn coalesced_modes(&self) -> Result<Self::Output, Overflow>;
}
impl<S, D> CoalescedModes for Layout<S, D>
where
    S: MixedTuple + Flatten,
    D: MixedTuple + Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: Coalesce,
    <ModesOf<S, D> as Coalesce>::Output: Finish,
{
    type Output = Coalesced<S, D>;
    fn coalesced_modes(&self) -> Result<Self::Output, Overflow> {
        Ok(crate::ops::coalesce::mixed_face::modes(self).coalesce()?.finish())
    }
}

/// CuTe's `max_common_vector(A, B)`: the number `N` of leading elements that A and B lay out
/// the same way, `A(B⁻¹(n)) == n` for `n < N`, from the first mode of
/// `coalesce(A o right_inverse(B))` when its shape is static and its stride the static `_1`,
/// else 1, as in CuTe; with runtime leaves it can only be smaller (a divisor of the all-static
/// value), never wrong. With all leaves static it is the static face's
/// [`max_common_vector`](crate::max_common_vector).
///
/// Errors: the composition's conditions on runtime values, where the types make that first mode
/// a static identity (with all leaves static they are compile errors). Otherwise the answer is
/// 1 whatever the values, as CuTe's is, and nothing is composed.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{max_common_vector, Layout};
/// use cute::typenum::{P1, P4, P8};
/// let a = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P1::new(), P4::new()]).unwrap();
/// assert_eq!(max_common_vector(a, a).unwrap(), 32);
/// // A runtime leading dimension: only the first column is provably common.
/// let b = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P1::new(), 4i64]).unwrap();
/// assert_eq!(max_common_vector(a, b).unwrap(), 4);
/// ```
pub fn max_common_vector<A, B>(a: A, b: B) -> Result<i64, Error>
where
    B: RightInvertible,
    A: crate::mixed::Compose<B::Output>,
    A::Output: CoalescedModes,
    <A::Output as CoalescedModes>::Output: FirstMode,
{
    // The types tell whether the first mode is a static identity: if not, one element is all
    // that is common (a runtime condition of the composition, such as modes that the values
    // make contiguous and the types keep apart, cannot change that).
    let n = static_unit_size::<<A::Output as CoalescedModes>::Output>();
    if n == 1 {
        return Ok(1);
    }
    let common = crate::ops::composition::mixed_face::composition_checked(a, b.right_inverse()?)?;
    common.coalesced_modes().map_err(|o| Error::new("max_common_vector", o.into()))?;
    Ok(n)
}

/// CuTe's `max_common_layout(A, B)`: a layout `R` of the leading elements that A and B lay out
/// the same way, `A(R(i)) == i` and `B(R(i)) == i` for `i < size(R)`: the first
/// [`max_common_vector`] elements of `right_inverse(B)`, or `_1:_0` when the first mode of
/// `coalesce(A o right_inverse(B))` is not a static shape with the static stride `_1`. As in
/// CuTe, a runtime leaf can only make it smaller (a prefix of the all-static result), and with
/// all leaves static it is the static face's [`max_common_layout`](crate::max_common_layout).
///
/// Errors: the compositions' conditions on runtime values, where the types make that first mode
/// a static identity (with all leaves static they are compile errors). Otherwise the result is
/// `_1:_0` whatever the values, as CuTe's is, and nothing is composed.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{max_common_layout, Layout};
/// use cute::typenum::{P1, P4, P8};
/// let a = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P1::new(), P4::new()]).unwrap();
/// assert_eq!(max_common_layout(a, a).unwrap().to_string(), "_32:_1");
/// let b = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P1::new(), 4i64]).unwrap();
/// assert_eq!(max_common_layout(a, b).unwrap().to_string(), "_4:_1");
/// ```
pub fn max_common_layout<A, B>(a: A, b: B) -> Result<CommonLayoutOf<A, B>, Error>
where
    B: RightInvertible,
    B::Output: Copy,
    A: crate::mixed::Compose<B::Output>,
    A::Output: CoalescedModes,
    <A::Output as CoalescedModes>::Output: FirstMode,
    CommonBits<A, B>: CommonCase<B::Output, CommonMode<A, B>>,
{
    // The composition's conditions on static leaves stay compile errors in every case (the case
    // `_1:_0` does not call `parts`, whose check would then not be instantiated).
    #[allow(clippy::let_unit_value)]
    let () = Verify::<Conditions<A, B::Output>>::OK;
    <CommonBits<A, B> as CommonCase<B::Output, CommonMode<A, B>>>::common(
        || {
            let inv = b.right_inverse()?;
            let common = crate::ops::composition::mixed_face::composition_checked(a, inv)?;
            let modes = common.coalesced_modes().map_err(|o| Error::new("max_common_layout", o.into()))?;
            let (s, d) = modes.first();
            Ok((inv, Layout::from_parts(s, d)))
        },
        crate::Internal(()),
    )
}

/// The first mode of `coalesce(A o right_inverse(B))`, as a layout.
pub type CommonMode<A, B> = Layout<<FirstOf<A, B> as FirstMode>::S, <FirstOf<A, B> as FirstMode>::D>;
/// The coalesced modes of `A o right_inverse(B)`.
pub type FirstOf<A, B> =
    <<A as crate::mixed::Compose<<B as RightInvertible>::Output>>::Output as CoalescedModes>::Output;
/// Whether that mode's shape is static, and its stride provably `_1`.
pub type CommonBits<A, B> =
    (<<FirstOf<A, B> as FirstMode>::S as Known>::Bit, <<FirstOf<A, B> as FirstMode>::D as ProvablyEqual<P1>>::Output);
/// The result type of [`max_common_layout`].
pub type CommonLayoutOf<A, B> =
    <CommonBits<A, B> as CommonCase<<B as RightInvertible>::Output, CommonMode<A, B>>>::Output;

/// [`max_common_layout`]'s two cases: `inv o mode` for a static identity mode (`(B1, B1)`),
/// `_1:_0` otherwise, whatever the values (so the composition is not made).
pub trait CommonCase<Inv, M> {
    /// The common layout.
    type Output;
    /// Build it from `right_inverse(B)` and the first mode of `coalesce(A o right_inverse(B))`,
    /// which `parts` computes when the case needs them.
    fn common(parts: impl FnOnce() -> Result<(Inv, M), Error>, _: crate::Internal) -> Result<Self::Output, Error>;
}
impl<Inv: crate::mixed::Compose<M>, M> CommonCase<Inv, M> for (B1, B1) {
    type Output = Inv::Output;
    fn common(parts: impl FnOnce() -> Result<(Inv, M), Error>, _: crate::Internal) -> Result<Self::Output, Error> {
        let (inv, mode) = parts()?;
        crate::ops::composition::mixed_face::composition_checked(inv, mode)
    }
}
macro_rules! no_common {
    ($($bits:ty),*) => {$(
        impl<Inv, M> CommonCase<Inv, M> for $bits {
            type Output = Layout<P1, Z0>;
            fn common(_: impl FnOnce() -> Result<(Inv, M), Error>, _: crate::Internal) -> Result<Self::Output, Error> {
                Ok(Layout::from_parts(P1::new(), Z0::new()))
            }
        }
    )*};
}
no_common!((B1, B0), (B0, B1), (B0, B0));

/// The size of the first mode when it is a static shape with the static stride `_1` (CuTe keeps
/// only such a static identity mode), else 1.
fn static_unit_size<M: FirstMode>() -> i64 {
    match (M::S::STATIC, M::D::STATIC) {
        (Some(s), Some(1)) => s,
        _ => 1,
    }
}

/// CuTe's nullspace walk over flat modes `(s, d)`, `Cur` the compact column-major stride of the
/// mode: a mode whose stride is the static `_0` is kept as `s:cur` (`s:_0` for a static `_1`
/// shape), any other stride, static or runtime (a runtime 0 is not known to be 0), drops the
/// mode; the stride grows by `s` only when a mode follows, so nothing past the last one can
/// overflow. With every leaf static this is the static face's nullspace (its result type).
pub trait NullModes<Cur> {
    /// The kept modes.
    type Output;
    /// Walk.
    fn null_modes(self, cur: Cur) -> Result<Self::Output, Overflow>;
}
impl<Cur> NullModes<Cur> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn null_modes(self, _: Cur) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
/// A mode whose stride is the static `_0` is kept.
impl<S: IsP1 + Copy, T: NullTail<Cur, S>, Cur> NullModes<Cur> for HCons<(S, Z0), T>
where
    <S as IsP1>::Output: OneStride<Cur>,
{
    type Output = HCons<(S, <<S as IsP1>::Output as OneStride<Cur>>::Output), T::Output>;
    #[inline(always)]
    fn null_modes(self, cur: Cur) -> Result<Self::Output, Overflow> {
        let s = self.head.0;
        let r = <<S as IsP1>::Output as OneStride<Cur>>::stride(&cur);
        Ok(HCons { head: (s, r), tail: self.tail.null_tail(cur, s)? })
    }
}
macro_rules! drop_mode {
    ($([$($gen:tt)*] $d:ty;)*) => {$(
        impl<S, T: NullTail<Cur, S>, Cur, $($gen)*> NullModes<Cur> for HCons<(S, $d), T> {
            type Output = T::Output;
            #[inline(always)]
            fn null_modes(self, cur: Cur) -> Result<Self::Output, Overflow> {
                self.tail.null_tail(cur, self.head.0)
            }
        }
    )*};
}
drop_mode! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] i64;
}

/// The modes after one of compact stride `Cur` and shape `S`: they start at `Cur * S`.
pub trait NullTail<Cur, S> {
    /// The kept modes.
    type Output;
    /// Walk.
    fn null_tail(self, cur: Cur, s: S) -> Result<Self::Output, Overflow>;
}
impl<Cur, S> NullTail<Cur, S> for HNil {
    type Output = HNil;
    #[inline(always)]
    fn null_tail(self, _: Cur, _: S) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
impl<Cur: MulI<S>, S, H, T> NullTail<Cur, S> for HCons<H, T>
where
    HCons<H, T>: NullModes<<Cur as MulI<S>>::Output>,
{
    type Output = <HCons<H, T> as NullModes<<Cur as MulI<S>>::Output>>::Output;
    #[inline(always)]
    fn null_tail(self, cur: Cur, s: S) -> Result<Self::Output, Overflow> {
        self.null_modes(cur.mul_i(s)?)
    }
}

/// The compact stride of a kept mode: `_0` for a static `_1` shape (`B1`), else `Cur`.
pub trait OneStride<Cur> {
    /// The stride.
    type Output;
    /// The value.
    fn stride(cur: &Cur) -> Self::Output;
}
impl<Cur> OneStride<Cur> for B1 {
    type Output = Z0;
    #[inline(always)]
    fn stride(_: &Cur) -> Z0 {
        Z0::new()
    }
}
impl<Cur: Copy> OneStride<Cur> for B0 {
    type Output = Cur;
    #[inline(always)]
    fn stride(cur: &Cur) -> Cur {
        *cur
    }
}

/// The nullspace's modes of `S:D`.
pub type NullspaceModes<S, D> = <ModesOf<S, D> as NullModes<P1>>::Output;
/// The nullspace of `S:D`.
pub type NullspaceOf<S, D> = <NullspaceModes<S, D> as OrEmpty>::Output;

/// CuTe's `nullspace(L)`: the layout of the coordinates `L` maps to 0, from the flat modes
/// whose stride is the static `_0`, with the compact column-major strides of `L`'s flat shape
/// (so `L(R(i)) == 0`). A runtime stride is not known to be 0, so, as in CuTe, its mode is
/// left out; with all leaves static it is the static face's [`nullspace`](crate::nullspace).
///
/// Post-conditions: `L(R(i)) == 0` for `i < size(R)`; `R` is injective; `_1:_0` when no mode
/// has the stride `_0`. An error only when a runtime product overflows, which a valid layout's
/// size rules out.
///
/// ```
/// use cute::hlist;
/// use cute::mixed::{nullspace, Layout};
/// use cute::typenum::{P1, P3, P4, Z0};
/// let l = Layout::try_new(hlist![P4::new(), P3::new()], hlist![P1::new(), Z0::new()]).unwrap();
/// assert_eq!(nullspace(l).unwrap().to_string(), "_3:_4");
/// // A broadcast over a runtime m: (m, _3):(_0, _1) has the nullspace m:_1.
/// let l = Layout::try_new(hlist![5i64, P3::new()], hlist![Z0::new(), P1::new()]).unwrap();
/// assert_eq!(nullspace(l).unwrap().to_string(), "5:_1");
/// // A runtime 0 stride is not known to be 0.
/// let l = Layout::try_new(hlist![P4::new(), P3::new()], hlist![P1::new(), 0i64]).unwrap();
/// assert_eq!(nullspace(l).unwrap().to_string(), "_1:_0");
/// ```
pub fn nullspace<S, D>(l: Layout<S, D>) -> Result<NullspaceOf<S, D>, Error>
where
    S: MixedTuple + Flatten,
    D: MixedTuple + Flatten,
    S::Output: Zip<D::Output>,
    ModesOf<S, D>: NullModes<P1>,
    NullspaceModes<S, D>: OrEmpty,
{
    let modes = crate::ops::coalesce::mixed_face::modes(&l)
        .null_modes(P1::new())
        .map_err(|o| Error::new("nullspace", o.into()))?;
    Ok(modes.layout(crate::Internal(())))
}
