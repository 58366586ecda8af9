//! Complement of a layout whose extents are runtime values and whose strides are static: CuTe's
//! `complement(A, M)` for a tile of runtime size laid out at fixed strides (CuTe requires the
//! strides static for more than one mode: it sorts the modes by stride at compile time).
//!
//! CuTe's steps, with the structure in the types and the values at run time: A is filtered
//! (`filter_zeros`, then a coalesce that merges only what the types prove, so a runtime extent
//! of 1 stays a mode); the modes are taken by increasing static stride (the first of equal
//! strides first); each leaves the gap `d / last` below it at the stride `last` (the span of the
//! smaller modes, `1` at first, then `d * s`); a last mode repeats the pattern from the largest
//! mode's span until it covers `M`; the whole is coalesced. A gap is static where the extents
//! below it are, a runtime value otherwise.
//!
//! CuTe checks none of it at run time; here a gap of 0 (a stride inside the span of the smaller
//! modes: CuTe's "Non-injective Layout", a runtime extent of 1 included, as it is a mode to
//! CuTe) is [`ComplementError::NonInjective`], a runtime stride of a single mode that is not
//! positive is [`Detail::RuntimeStride`], and every product is checked (where the span of the
//! smaller modes passes i64, which a runtime extent of 1 above them allows, that overflow is
//! the error named). Refused when the code is built, as CuTe refuses them: a gap that the static
//! leaves alone decide is 0 ([`StaticGaps`]), and a negative static stride on a mode that is not
//! statically of size 1 (CuTe would compute shapes that are not positive).

use frunk_core::hlist::{HCons, HNil};
use typenum::{Cmp, Equal, Greater, Less, NInt, PInt, B0, B1, P1, Z0};

use super::mixed_face::{Assemble, RestModes};
use crate::flat::ComplementError;
use crate::leaf::arith::Quot;
use crate::mixed::error::Detail;
use crate::mixed::int::{Digits, Int, MulI, QuotI};
use crate::statics::report::{
    ComplementRuntimeFail, ComplementRuntimeNegativeFail, ComplementRuntimeNonInjectiveFail, Pass, Shown,
};

/// The gap below the mode of stride `d` over the span `last`: a stride that is not positive
/// (a runtime one; static ones are checked when the code is built) or a gap of 0 (the stride
/// inside the span of the smaller modes) is the condition that fails.
#[inline(always)]
fn gap<D: QuotI<L>, L: Int>(d: D, last: L) -> Result<D::Output, Detail> {
    if d.value() < 1 {
        return Err(Detail::RuntimeStride(d.value()));
    }
    let q = d.quot_i(last)?;
    if q.value() < 1 {
        return Err(Detail::Complement(ComplementError::NonInjective { stride: d.value(), span: last.value() }));
    }
    Ok(q)
}

/// The mode of smallest stride of a non-empty list of modes (the first of equal ones) and the
/// others in order, values with them.
pub trait TakeMin {
    /// The mode `(s, d)`.
    type Min;
    /// The other modes.
    type Rest;
    /// Take it.
    fn take_min(self) -> (Self::Min, Self::Rest);
}
impl<S, D> TakeMin for HCons<(S, D), HNil> {
    type Min = (S, D);
    type Rest = HNil;
    #[inline(always)]
    fn take_min(self) -> ((S, D), HNil) {
        (self.head, HNil)
    }
}
impl<S, D, X, T> TakeMin for HCons<(S, D), HCons<X, T>>
where
    HCons<X, T>: TakeMin + Copy,
    <HCons<X, T> as TakeMin>::Min: Pick<S, D, HCons<X, T>, <HCons<X, T> as TakeMin>::Rest>,
{
    type Min = <<HCons<X, T> as TakeMin>::Min as Pick<S, D, HCons<X, T>, <HCons<X, T> as TakeMin>::Rest>>::Min;
    type Rest = <<HCons<X, T> as TakeMin>::Min as Pick<S, D, HCons<X, T>, <HCons<X, T> as TakeMin>::Rest>>::Rest;
    #[inline(always)]
    fn take_min(self) -> (Self::Min, Self::Rest) {
        let (min, rest) = self.tail.take_min();
        min.pick(self.head, self.tail, rest)
    }
}
/// [`TakeMin`] of the mode `(S, D)` before the modes `T`, whose smallest is `Self` (the others
/// `R`): the one of smaller stride, the head on a tie.
pub trait Pick<S, D, T, R> {
    /// The mode taken.
    type Min;
    /// The others.
    type Rest;
    /// Take it.
    fn pick(self, head: (S, D), tail: T, rest: R) -> (Self::Min, Self::Rest);
}
impl<S, D: Cmp<D2>, T, R, S2, D2> Pick<S, D, T, R> for (S2, D2)
where
    <D as Cmp<D2>>::Output: PickBy<(S, D), (S2, D2), T, R>,
{
    type Min = <<D as Cmp<D2>>::Output as PickBy<(S, D), (S2, D2), T, R>>::Min;
    type Rest = <<D as Cmp<D2>>::Output as PickBy<(S, D), (S2, D2), T, R>>::Rest;
    #[inline(always)]
    fn pick(self, head: (S, D), tail: T, rest: R) -> (Self::Min, Self::Rest) {
        <<D as Cmp<D2>>::Output as PickBy<(S, D), (S2, D2), T, R>>::pick_by(head, self, tail, rest)
    }
}
/// [`Pick`] by the comparison of the head's stride with the tail's smallest (`Self`).
pub trait PickBy<H, M, T, R> {
    /// The mode taken.
    type Min;
    /// The others.
    type Rest;
    /// Take it.
    fn pick_by(head: H, min: M, tail: T, rest: R) -> (Self::Min, Self::Rest);
}
macro_rules! pick_head {
    ($($ord:ty),*) => {$(
        impl<H, M, T, R> PickBy<H, M, T, R> for $ord {
            type Min = H;
            type Rest = T;
            #[inline(always)]
            fn pick_by(head: H, _: M, tail: T, _: R) -> (H, T) {
                (head, tail)
            }
        }
    )*};
}
pick_head!(Less, Equal);
impl<H, M, T, R> PickBy<H, M, T, R> for Greater {
    type Min = M;
    type Rest = HCons<H, R>;
    #[inline(always)]
    fn pick_by(head: H, min: M, _: T, rest: R) -> (M, HCons<H, R>) {
        (min, HCons { head, tail: rest })
    }
}

/// The gaps of A's filtered modes `Self` (any order), the modes of smaller stride than all of
/// them already walked, `last` their span: each mode by increasing stride leaves its gap; the
/// span of all the modes, where the rest of the cotarget starts, comes with them.
pub trait Gaps<Last> {
    /// The gap modes.
    type Output;
    /// The span of all the modes.
    type Span: Int;
    /// Walk.
    fn gaps(self, last: Last) -> Result<(Self::Output, Self::Span), Detail>;
}
/// No mode left: the span is the last one's.
impl<Last: Int> Gaps<Last> for HNil {
    type Output = HNil;
    type Span = Last;
    #[inline(always)]
    fn gaps(self, last: Last) -> Result<(HNil, Last), Detail> {
        Ok((HNil, last))
    }
}
/// The mode of smallest stride, then the others.
impl<H, T, Last> Gaps<Last> for HCons<H, T>
where
    HCons<H, T>: TakeMin,
    <HCons<H, T> as TakeMin>::Min: GapStep<<HCons<H, T> as TakeMin>::Rest, Last>,
{
    type Output = <<HCons<H, T> as TakeMin>::Min as GapStep<<HCons<H, T> as TakeMin>::Rest, Last>>::Output;
    type Span = <<HCons<H, T> as TakeMin>::Min as GapStep<<HCons<H, T> as TakeMin>::Rest, Last>>::Span;
    #[inline(always)]
    fn gaps(self, last: Last) -> Result<(Self::Output, Self::Span), Detail> {
        let (min, rest) = self.take_min();
        min.gap_step(rest, last)
    }
}
/// One step of [`Gaps`] on the mode `Self = (s, d)` of smallest stride, the others `R` after it.
pub trait GapStep<R, Last> {
    /// The gap modes.
    type Output;
    /// The span of all the modes.
    type Span: Int;
    /// Walk.
    fn gap_step(self, rest: R, last: Last) -> Result<(Self::Output, Self::Span), Detail>;
}
impl<S, D, R, Last> GapStep<R, Last> for (S, D)
where
    Last: Int,
    D: QuotI<Last> + MulI<S>,
    R: Gaps<<D as MulI<S>>::Output>,
{
    type Output = HCons<(<D as QuotI<Last>>::Output, Last), <R as Gaps<<D as MulI<S>>::Output>>::Output>;
    type Span = <R as Gaps<<D as MulI<S>>::Output>>::Span;
    #[inline(always)]
    fn gap_step(self, rest: R, last: Last) -> Result<(Self::Output, Self::Span), Detail> {
        let (s, d) = self;
        let head = (gap(d, last)?, last);
        let (tail, span) = rest.gaps(d.mul_i(s)?)?;
        Ok((HCons { head, tail }, span))
    }
}

/// The complement of A's filtered modes `Self` with respect to `M`, as modes: the gaps and the
/// rest coalesced, or, when nothing of A is left (`_1:_0`), `make_layout(coalesce(M))` as is
/// ([`Assemble`], whose `Self` is the rest, so that the trait solver takes the step only once
/// the cotarget is known). With it, whether its extent fits in i64: the product of the rest's
/// shapes and its first stride (the span of A's modes). The result's size and cosize are then
/// below it: by increasing stride, a gap `q:last` below a mode `s:d` ends at `q * last <= d`,
/// below the next gap's stride `d * s`, so the gaps' spans add up to less than the span, and
/// the rest's reach to the extent.
pub trait FilteredComplement<M> {
    /// The modes.
    type Output;
    /// Complement.
    fn complement_modes(self, m: M) -> Result<(Self::Output, bool), Detail>;
}
impl<S, M: RestModes<P1>> FilteredComplement<M> for HCons<(S, Z0), HNil>
where
    M::Output: Assemble<B1, HNil> + Extent,
{
    type Output = <M::Output as Assemble<B1, HNil>>::Output;
    #[inline(always)]
    fn complement_modes(self, m: M) -> Result<(Self::Output, bool), Detail> {
        let rest = m.rest_modes(P1::new())?;
        let fits = rest.extent(1).is_some();
        Ok((rest.assemble(HNil)?, fits))
    }
}
macro_rules! walked {
    ($([$($gen:tt)*] $modes:ty;)*) => {$(
        impl<M, $($gen)*> FilteredComplement<M> for $modes
        where
            $modes: Gaps<P1>,
            M: RestModes<<$modes as Gaps<P1>>::Span>,
            <M as RestModes<<$modes as Gaps<P1>>::Span>>::Output: Assemble<B0, <$modes as Gaps<P1>>::Output> + Extent,
        {
            type Output = <<M as RestModes<<$modes as Gaps<P1>>::Span>>::Output as Assemble<
                B0,
                <$modes as Gaps<P1>>::Output,
            >>::Output;
            #[inline(always)]
            fn complement_modes(self, m: M) -> Result<(Self::Output, bool), Detail> {
                let (gaps, span) = self.gaps(P1::new())?;
                let rest = m.rest_modes(span)?;
                let fits = rest.extent(span.value()).is_some();
                Ok((rest.assemble(gaps)?, fits))
            }
        }
    )*};
}
walked! {
    [S, U: Digits, T] HCons<(S, PInt<U>), T>;
    [S] HCons<(S, i64), HNil>;
}

/// `start` times the product of the shapes of the modes `Self`, `None` past i64.
pub trait Extent {
    /// The product.
    fn extent(&self, start: i64) -> Option<i64>;
}
impl Extent for HNil {
    #[inline(always)]
    fn extent(&self, start: i64) -> Option<i64> {
        Some(start)
    }
}
impl<S: Int, D, T: Extent> Extent for HCons<(S, D), T> {
    #[inline(always)]
    fn extent(&self, start: i64) -> Option<i64> {
        self.tail.extent(start.checked_mul(self.head.0.value())?)
    }
}

/// Whether the checked layer computes the complement of the filtered modes `Self` of `S:D`
/// (`Ok`), and the verdict when it does not (`Fail`): a single mode of positive or runtime
/// stride (a runtime one is checked at run time), or several modes whose strides are all static
/// and positive, as CuTe requires.
pub trait Classify<S, D> {
    /// `B1` or `B0`.
    type Ok;
    /// The failure, when `Ok` is `B0` ([`Pass`] otherwise).
    type Fail;
}
/// Nothing of A is left (`_1:_0`): CuTe's `make_layout(coalesce(M))`.
impl<X, S, D> Classify<S, D> for HCons<(X, Z0), HNil> {
    type Ok = B1;
    type Fail = Pass;
}
/// A single mode of runtime stride: CuTe's rank-1 complement.
impl<X, S, D> Classify<S, D> for HCons<(X, i64), HNil> {
    type Ok = B1;
    type Fail = Pass;
}
/// Single modes of static stride, and several modes: as [`StaticPositive`] says, then, where
/// the strides are static and positive, [`StaticGaps`].
macro_rules! classify_static {
    ($([$($gen:tt)*] $modes:ty;)*) => {$(
        impl<S, D, $($gen)*> Classify<S, D> for $modes
        where
            $modes: StaticPositive<S, D>,
            <$modes as StaticPositive<S, D>>::Ok: AndGaps<$modes, S, D>,
        {
            type Ok = <<$modes as StaticPositive<S, D>>::Ok as AndGaps<$modes, S, D>>::Ok;
            type Fail = <<$modes as StaticPositive<S, D>>::Ok as AndGaps<$modes, S, D>>::Fail;
        }
    )*};
}
classify_static! {
    [X, U: Digits] HCons<(X, PInt<U>), HNil>;
    [X, U: Digits] HCons<(X, NInt<U>), HNil>;
    [M0, M1, T] HCons<M0, HCons<M1, T>>;
}

/// Whether every stride of the modes `Self` (of the layout `S:D`) is static and positive
/// (`Ok`), the failure of the first that is not (`Fail`).
pub trait StaticPositive<S, D> {
    /// `B1` or `B0`.
    type Ok;
    /// The failure, when `Ok` is `B0` ([`Pass`] otherwise).
    type Fail;
}
impl<S, D> StaticPositive<S, D> for HNil {
    type Ok = B1;
    type Fail = Pass;
}
/// A positive static stride: the others decide.
impl<X, U: Digits, T: StaticPositive<S, D>, S, D> StaticPositive<S, D> for HCons<(X, PInt<U>), T> {
    type Ok = T::Ok;
    type Fail = T::Fail;
}
/// A negative static stride on a mode the filter keeps.
impl<X, U: Digits, T, S: Shown, D: Shown> StaticPositive<S, D> for HCons<(X, NInt<U>), T>
where
    NInt<U>: Shown,
{
    type Ok = B0;
    type Fail = ComplementRuntimeNegativeFail<S::Out, D::Out, <NInt<U> as Shown>::Out>;
}
/// A runtime stride among several modes: CuTe sorts them when the code is built.
impl<X, T, S: Shown, D: Shown> StaticPositive<S, D> for HCons<(X, i64), T> {
    type Ok = B0;
    type Fail = ComplementRuntimeFail<S::Out, D::Out>;
}

/// [`Classify`] of the modes `F` after [`StaticPositive`]'s verdict `Self`: its failure, or,
/// where every stride is static and positive, [`StaticGaps`].
pub trait AndGaps<F, S, D> {
    /// `B1` or `B0`.
    type Ok;
    /// The failure, when `Ok` is `B0`.
    type Fail;
}
impl<F: StaticPositive<S, D>, S, D> AndGaps<F, S, D> for B0 {
    type Ok = B0;
    type Fail = F::Fail;
}
impl<F: StaticGaps<P1, S, D>, S, D> AndGaps<F, S, D> for B1 {
    type Ok = F::Ok;
    type Fail = F::Fail;
}

/// Whether the gaps that the static leaves decide are positive (`Ok`), the modes `Self` taken by
/// increasing stride from the span `Last` of the smaller ones, and the failure of the first that
/// is 0 (`Fail`): CuTe's compile-time "Non-injective Layout". Once the span is a runtime value
/// (a runtime extent below), the gaps are checked at run time.
pub trait StaticGaps<Last, S, D> {
    /// `B1` or `B0`.
    type Ok;
    /// The failure, when `Ok` is `B0`.
    type Fail;
}
impl<Last, S, D> StaticGaps<Last, S, D> for HNil {
    type Ok = B1;
    type Fail = Pass;
}
impl<H, T, Last, S, D> StaticGaps<Last, S, D> for HCons<H, T>
where
    HCons<H, T>: TakeMin,
    <HCons<H, T> as TakeMin>::Min: GapCheck<<HCons<H, T> as TakeMin>::Rest, Last, S, D>,
{
    type Ok = <<HCons<H, T> as TakeMin>::Min as GapCheck<<HCons<H, T> as TakeMin>::Rest, Last, S, D>>::Ok;
    type Fail = <<HCons<H, T> as TakeMin>::Min as GapCheck<<HCons<H, T> as TakeMin>::Rest, Last, S, D>>::Fail;
}
/// One step of [`StaticGaps`] on the mode `Self` of smallest stride, the others `R`.
pub trait GapCheck<R, Last, S, D> {
    /// `B1` or `B0`.
    type Ok;
    /// The failure, when `Ok` is `B0`.
    type Fail;
}
/// A span known only at run time: the gaps from here on are checked then.
impl<X, Dx, R, S, D> GapCheck<R, i64, S, D> for (X, Dx) {
    type Ok = B1;
    type Fail = Pass;
}
/// A static stride over a static span: the gap `Dx / Last`, static.
impl<X, U: Digits, R, V: Digits, S, D> GapCheck<R, PInt<V>, S, D> for (X, PInt<U>)
where
    PInt<U>: Quot<PInt<V>>,
    <PInt<U> as Quot<PInt<V>>>::Output: GapSign<X, PInt<U>, R, PInt<V>, S, D>,
{
    type Ok = <<PInt<U> as Quot<PInt<V>>>::Output as GapSign<X, PInt<U>, R, PInt<V>, S, D>>::Ok;
    type Fail = <<PInt<U> as Quot<PInt<V>>>::Output as GapSign<X, PInt<U>, R, PInt<V>, S, D>>::Fail;
}
/// [`GapCheck`] by the gap `Self` of the mode `X:Dx` over the span `Last`.
pub trait GapSign<X, Dx, R, Last, S, D> {
    /// `B1` or `B0`.
    type Ok;
    /// The failure, when `Ok` is `B0`.
    type Fail;
}
/// A gap of 0: the stride lies inside the span of the smaller modes.
impl<X, Dx: Shown, R, Last: Shown, S: Shown, D: Shown> GapSign<X, Dx, R, Last, S, D> for Z0 {
    type Ok = B0;
    type Fail = ComplementRuntimeNonInjectiveFail<S::Out, D::Out, Dx::Out, Last::Out>;
}
/// A positive gap: the others, from the span `Dx * X`.
impl<W: Digits, X, Dx: MulI<X>, R, Last, S, D> GapSign<X, Dx, R, Last, S, D> for PInt<W>
where
    R: StaticGaps<<Dx as MulI<X>>::Output, S, D>,
{
    type Ok = <R as StaticGaps<<Dx as MulI<X>>::Output, S, D>>::Ok;
    type Fail = <R as StaticGaps<<Dx as MulI<X>>::Output, S, D>>::Fail;
}

#[cfg(test)]
#[allow(clippy::type_complexity)] // The results' types spelled out: which leaves stay static.
mod tests {
    use crate::error::ErrorKind;
    use crate::layout::Layout;
    use crate::mixed::complement;
    use frunk_core::hlist;
    use frunk_core::hlist::{HCons, HNil};
    use std::string::ToString;
    use typenum::{P1, P16, P2, P256, P30, P32, P360, P4, P5, P6, P7, P8, P90, Z0};

    /// The inputs of `benches/dynamic.rs` with runtime extents, by hand from CuTe's steps.
    #[test]
    fn runtime_extents_give_cutes_gaps() {
        // (2,2):(_1,_6) in 24: the gap _6 / 2 = 3 at 2, the rest ceil(24 / 12) = 2 at 12 (the
        // static gap _1:_1 is dropped by the coalesce).
        let a = Layout::try_new(hlist![2i64, 2i64], hlist![P1::new(), P6::new()]).unwrap();
        let r: Layout<HCons<i64, HCons<i64, HNil>>, HCons<i64, HCons<i64, HNil>>> = complement(a, 24i64).unwrap();
        assert_eq!(r.to_string(), "(3,2):(2,12)");
        // ((2,_8),(2,_2)):((_2,_32),(_1,_8)) in 1024, by increasing stride 2:_1, 2:_2, _2:_8,
        // _8:_32: the gaps _1:_1, 2/2 = 1 at 2 (a runtime 1, kept as CuTe keeps it), 8/4 = 2 at
        // 4, _32/_16 = _2 at _16 (static: the extents below are), the rest 1024/256 = 4 at _256.
        let a = Layout::try_new(
            hlist![hlist![2i64, P8::new()], hlist![2i64, P2::new()]],
            hlist![hlist![P2::new(), P32::new()], hlist![P1::new(), P8::new()]],
        )
        .unwrap();
        let r: Layout<
            HCons<i64, HCons<i64, HCons<P2, HCons<i64, HNil>>>>,
            HCons<i64, HCons<i64, HCons<P16, HCons<P256, HNil>>>>,
        > = complement(a, 1024i64).unwrap();
        assert_eq!(r.to_string(), "(1,2,_2,4):(2,4,_16,_256)");
        // (3,_5,2,_7):(_1,_6,_90,_360) in 7560: 6/3 = 2 at 3, _90/_30 = _3 at _30, 360/180 = 2
        // at 180, the rest 7560/2520 = 3 at _2520.
        let a = Layout::try_new(
            hlist![3i64, P5::new(), 2i64, P7::new()],
            hlist![P1::new(), P6::new(), P90::new(), P360::new()],
        )
        .unwrap();
        let r = complement(a, 7560i64).unwrap();
        assert_eq!(r.to_string(), "(2,_3,2,3):(3,_30,180,_2520)");
        let _: P30 = r.stride.tail.head;
    }

    /// The filter first: stride-0 modes leave nothing of A, and the cotarget is the result as
    /// CuTe's `make_layout(coalesce(M))` gives it; a static mode that the types prove contiguous
    /// with the next merges into it ((_4,6):(_1,_4) is 24:_1, whose complement in 64 is 3:24).
    #[test]
    fn the_filter_and_the_typed_coalesce_come_first() {
        let a = Layout::try_new(hlist![5i64, 3i64], hlist![Z0::new(), Z0::new()]).unwrap();
        assert_eq!(complement(a, hlist![P4::new(), 6i64]).unwrap().to_string(), "(_4,6):(_1,_4)");
        // Its size is the cotarget's: (_4, 2^62) does not fit.
        let e = complement(a, hlist![P4::new(), 1i64 << 62]).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Overflow);
        // A leaf of stride _0 as well.
        assert_eq!(complement(Layout::try_new(5i64, Z0::new()).unwrap(), 12i64).unwrap().to_string(), "12:_1");
        let a = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), P4::new()]).unwrap();
        assert_eq!(complement(a, 64i64).unwrap().to_string(), "3:24");
    }

    /// The result's size and cosize are checked by its extent, the rest's shapes times the span
    /// of A: the complement of a runtime point `(1):(_8)` in i64::MAX is `(_8, 2^60):(_1, 8)`,
    /// whose size and cosize are 2^63 (by hand: the gap 8 below it, the rest ceil((2^63 - 1) / 8)
    /// = 2^60 from its span 8); of `(2,2):(_1,_6)`, the extent 12 * ceil((2^63 - 1) / 12) =
    /// 2^63 + 4 passes i64 but the cosize 1 + 2 * 2 + (that - 12) = 2^63 - 3 fits.
    #[test]
    fn a_result_past_i64_is_an_overflow() {
        let point = Layout::try_new(hlist![1i64], hlist![P8::new()]).unwrap();
        let e = complement(point, i64::MAX).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::Overflow);
        assert_eq!(e.to_string(), "overflow: complement: 8 * 1152921504606846976 does not fit in i64");
        let a = Layout::try_new(hlist![2i64, 2i64], hlist![P1::new(), P6::new()]).unwrap();
        let r = complement(a, i64::MAX).unwrap();
        assert_eq!(r.to_string(), std::format!("(3,{}):(2,12)", (i64::MAX - 7) / 12 + 1));
        assert_eq!(r.cosize(), i64::MAX - 2);
    }

    /// A layout whose complement CuTe does not compute for its types is refused when the code is
    /// built (ui-tests/fail/complement_runtime_rank.rs); the trait itself, which only the
    /// crate's functions call, gives an error naming the condition, not a layout.
    #[test]
    fn a_layout_without_a_complement_is_an_error() {
        use crate::mixed::MixedComplement;
        let a = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), 4i64]).unwrap();
        let e = a.complement(64i64, crate::Internal(())).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(e.to_string(), "invalid argument: complement: a leaf is a runtime i64, and the complement of such a layout needs its filtered strides static and non-negative, or a single mode (as in CuTe)");
    }

    /// A runtime extent of 1 is a mode to CuTe: inside the span of the smaller modes it is
    /// CuTe's non-injective layout (CuTe C++ computes a shape of 0 there); a stride of a single
    /// mode that is not positive has no complement.
    #[test]
    fn what_fails_is_named() {
        let a = Layout::try_new(hlist![4i64, 1i64], hlist![P1::new(), P2::new()]).unwrap();
        let e = complement(a, 64i64).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NonInjective);
        assert_eq!(
            e.to_string(),
            "non-injective: complement((4,1):(1,2), 64): stride 2 lies inside the span 4 of the smaller modes"
        );
        let e = complement(Layout::try_new(hlist![6i64], hlist![-3i64]).unwrap(), 64i64).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::NegativeStride);
        assert_eq!(
            e.to_string(),
            "negative stride: complement((6):(-3), 64): the runtime stride -3 of a layout of one mode (after the filter) must be positive"
        );
        let e = complement(Layout::try_new(hlist![6i64], hlist![0i64]).unwrap(), 64i64).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument);
        assert_eq!(
            e.to_string(),
            "invalid argument: complement((6):(0), 64): the runtime stride 0 of a layout of one mode (after the filter) must be positive"
        );
        let e =
            complement(Layout::try_new(hlist![2i64, 2i64], hlist![P1::new(), P6::new()]).unwrap(), 0i64).unwrap_err();
        assert_eq!(e.to_string(), "invalid argument: complement((2,2):(1,6), 0): shape 0 is not positive");
    }
}
