//! The composition of two static swizzles (CuTe's `composition(Swizzle, Swizzle)`), computed by
//! the trait solver.
//!
//! Both fields of `Sw<B, M, S>` are runs of `B` bits, the lower one from bit `M` and the upper
//! one `|S|` bits above it. Two swizzles of the same shift XOR fields the same distance apart,
//! so their composition's lower field is the XOR of their lower fields,
//! `[M1, M1 + B1) ^ [M2, M2 + B2)`, and its upper field that run `|S|` bits higher. The XOR of
//! two runs is one run exactly when they share an end, which the solver reads from four
//! equalities of the ends; no mask is built. The merged swizzle must still be one (`|S| >= B`,
//! within 63 bits), as CuTe's `make_swizzle` of the XORed masks requires.

use core::marker::PhantomData;
use core::ops::{Add, Sub};

use typenum::consts::U63;
use typenum::{Abs, AbsVal, Diff, Eq, Integer, IsEqual, IsGreaterOrEqual, IsLessOrEqual, Min, Minimum};
use typenum::{NonZero, PInt, Sum, Unsigned, B0, B1, Z0};

use super::{Sw, SwNone};
use crate::error::verdict::{Pass, Shown, SwizzleMergeFail, SwizzleShiftsFail};

/// `Self o R` for two static swizzles: the swizzle of the XOR of their masks where both have the
/// same shift (either one is returned where the other is the identity `B = 0`), and the verdict:
/// [`Pass`], or the failure naming the two swizzles, which [`Sw::compose`] turns into a compile
/// error.
///
/// ```
/// use cute::statics::report::Outcome;
/// use cute::swizzle::{Sw, Sw32B, Sw64B, SwizzleComposition};
/// use cute::typenum::{P1, P2, P3, P4, P5, Z0};
/// type Merged = <Sw32B as SwizzleComposition<Sw64B>>::Output;
/// assert_eq!(core::any::TypeId::of::<Merged>(), core::any::TypeId::of::<Sw<P1, P5, P3>>());
/// type Apart = <Sw<P1, Z0, P4> as SwizzleComposition<Sw<P1, P2, P4>>>::Verdict;
/// assert!(<Apart as Outcome>::KIND.is_some());
/// ```
#[diagnostic::on_unimplemented(
    message = "no static composition of the swizzle `{Self}` with `{R}`",
    label = "both must be static swizzles `Sw<B, M, S>`; with a runtime `Swizzle`, compose `.swizzle()` at run time"
)]
#[doc(hidden)]
pub trait SwizzleComposition<R> {
    /// The composed swizzle (`Sw<0,0,0>` where the verdict is a failure).
    type Output;
    /// [`Pass`] or the failure.
    type Verdict;
}

/// The identity on the left: the right swizzle.
impl<M1, S1, B2, M2, S2> SwizzleComposition<Sw<B2, M2, S2>> for Sw<Z0, M1, S1> {
    type Output = Sw<B2, M2, S2>;
    type Verdict = Pass;
}
/// The identity on the right: the left swizzle.
impl<U1: Unsigned + NonZero, M1, S1, M2, S2> SwizzleComposition<Sw<Z0, M2, S2>> for Sw<PInt<U1>, M1, S1> {
    type Output = Self;
    type Verdict = Pass;
}
/// Two swizzles that change bits: merged if their shifts are equal.
impl<U1, M1, S1, U2, M2, S2> SwizzleComposition<Sw<PInt<U2>, M2, S2>> for Sw<PInt<U1>, M1, S1>
where
    U1: Unsigned + NonZero,
    U2: Unsigned + NonZero,
    S1: IsEqual<S2>,
    Eq<S1, S2>: solve::SameShift<Self, Sw<PInt<U2>, M2, S2>>,
{
    type Output = <Eq<S1, S2> as solve::SameShift<Self, Sw<PInt<U2>, M2, S2>>>::Output;
    type Verdict = <Eq<S1, S2> as solve::SameShift<Self, Sw<PInt<U2>, M2, S2>>>::Verdict;
}

impl<B: Integer, M: Integer, S: Integer> Sw<B, M, S> {
    /// CuTe's `composition(Swizzle, Swizzle)` of static swizzles: two of the same shift merge
    /// into the swizzle of the XOR of their masks (as [`Swizzle::compose`](super::Swizzle::compose)
    /// does at run time), computed by the trait solver. Different shifts, or masks whose XOR is
    /// not a swizzle's, are a compile error naming both swizzles.
    ///
    /// ```
    /// use cute::swizzle::{Sw, Sw32B, Sw64B, Sw128B};
    /// use cute::typenum::{P1, P3, P5};
    /// let merged: Sw<P1, P5, P3> = Sw32B::new().compose(Sw64B::new());
    /// assert_eq!(merged.to_string(), "Sw<1,5,3>");
    /// assert_eq!(merged.swizzle(), Sw32B::new().swizzle().compose(Sw64B::new().swizzle()).unwrap());
    /// // A swizzle is its own inverse.
    /// assert_eq!(Sw128B::new().compose(Sw128B::new()).to_string(), "Sw<0,0,0>");
    /// ```
    ///
    /// Swizzles of different shifts do not merge:
    ///
    /// ```compile_fail
    /// use cute::swizzle::{Sw, Sw128B};
    /// use cute::typenum::{P2, P4, Z0};
    /// let _ = Sw128B::new().compose(Sw::<P2, Z0, P4>::new()); // shifts 3 and 4 differ
    /// ```
    #[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
    pub fn compose<R: crate::sealed::Sealed>(self, other: R) -> <Self as SwizzleComposition<R>>::Output
    where <Self as SwizzleComposition<R>>::Verdict: crate::error::verdict::Holds,
        Self: SwizzleComposition<R>,
        <Self as SwizzleComposition<R>>::Output: solve::Unchecked,
    {
        let _ = other;
        solve::Unchecked::unchecked(crate::Internal(()))
    }
}

#[doc(hidden)]
pub mod solve {
    //! The solver's steps: the shift test, the XOR of the two lower fields, the checks of the
    //! merged swizzle. The operands are `Sw<BL, ML, SL>` (left) and `Sw<BR, MR, SR>` (right).

    use super::*;

    /// A static swizzle made without [`Sw::new`]'s check, where a verdict has already checked
    /// its parameters: only the crate's functions, which check the verdict, can call it (the
    /// token), since a tensor's reads trust a swizzle's parameters.
    pub trait Unchecked {
        /// The swizzle.
        fn unchecked(_: crate::Internal) -> Self;
    }
    impl<B, M, S> Unchecked for Sw<B, M, S> {
        fn unchecked(_: crate::Internal) -> Self {
            Sw(PhantomData)
        }
    }

    /// The failure that names the two operands `L` and `R`.
    pub trait Operands<R> {
        /// Different shifts.
        type Shifts;
        /// Masks whose XOR is not a swizzle's.
        type Merge;
    }
    impl<BL: Shown, ML: Shown, SL: Shown, BR: Shown, MR: Shown, SR: Shown> Operands<Sw<BR, MR, SR>> for Sw<BL, ML, SL> {
        type Shifts = SwizzleShiftsFail<BL::Out, ML::Out, SL::Out, BR::Out, MR::Out, SR::Out>;
        type Merge = SwizzleMergeFail<BL::Out, ML::Out, SL::Out, BR::Out, MR::Out, SR::Out>;
    }

    /// The composition of `L` and `R` by `Self`, whether their shifts are equal.
    pub trait SameShift<L, R> {
        /// The swizzle.
        type Output;
        /// The verdict.
        type Verdict;
    }
    impl<L: Operands<R>, R> SameShift<L, R> for B0 {
        type Output = SwNone;
        type Verdict = L::Shifts;
    }
    /// The ends `[ML, ML + BL)` and `[MR, MR + BR)` of the two lower fields, compared.
    impl<BL, ML, SL, BR, MR, SR> SameShift<Sw<BL, ML, SL>, Sw<BR, MR, SR>> for B1
    where
        ML: Add<BL> + IsEqual<MR> + IsEqual<Sum<MR, BR>>,
        MR: Add<BR>,
        Sum<ML, BL>: IsEqual<Sum<MR, BR>> + IsEqual<MR>,
        Ends<BL, ML, BR, MR>: XorRuns<ML, Sum<ML, BL>, MR, Sum<MR, BR>>,
        Merged<BL, ML, BR, MR>: Checked<SL, Sw<BL, ML, SL>, Sw<BR, MR, SR>>,
    {
        type Output = <Merged<BL, ML, BR, MR> as Checked<SL, Sw<BL, ML, SL>, Sw<BR, MR, SR>>>::Output;
        type Verdict = <Merged<BL, ML, BR, MR> as Checked<SL, Sw<BL, ML, SL>, Sw<BR, MR, SR>>>::Verdict;
    }

    /// Which ends of the lower fields `[ML, ML + BL)` and `[MR, MR + BR)` are equal: the
    /// starts, the ends, the left end and the right start, the left start and the right end.
    pub type Ends<BL, ML, BR, MR> =
        (Eq<ML, MR>, Eq<Sum<ML, BL>, Sum<MR, BR>>, Eq<Sum<ML, BL>, MR>, Eq<ML, Sum<MR, BR>>);
    /// The XOR of the lower fields `[ML, ML + BL) ^ [MR, MR + BR)` as `(run, low, len)`.
    pub type Merged<BL, ML, BR, MR> = <Ends<BL, ML, BR, MR> as XorRuns<ML, Sum<ML, BL>, MR, Sum<MR, BR>>>::Output;

    /// `[A1, E1) ^ [A2, E2)` for two non-empty runs, by which ends are equal (`Self` is
    /// `(A1 == A2, E1 == E2, E1 == A2, A1 == E2)`): `(B1, low, len)` where it is one run (of
    /// length 0 where the runs are the same), `(B0, _, _)` where it is two.
    pub trait XorRuns<A1, E1, A2, E2> {
        /// `(run, low, len)`.
        type Output;
    }
    /// The same start: the run between the ends.
    impl<A1, E1, A2, E2, X, Y, Z> XorRuns<A1, E1, A2, E2> for (B1, X, Y, Z)
    where
        E1: Min<E2> + Sub<E2>,
        Diff<E1, E2>: Abs,
    {
        type Output = (B1, Minimum<E1, E2>, AbsVal<Diff<E1, E2>>);
    }
    /// The same end: the run between the starts.
    impl<A1, E1, A2, E2, Y, Z> XorRuns<A1, E1, A2, E2> for (B0, B1, Y, Z)
    where
        A1: Min<A2> + Sub<A2>,
        Diff<A1, A2>: Abs,
    {
        type Output = (B1, Minimum<A1, A2>, AbsVal<Diff<A1, A2>>);
    }
    /// The left run ends where the right one starts: both together.
    impl<A1, E1, A2, E2, Z> XorRuns<A1, E1, A2, E2> for (B0, B0, B1, Z)
    where
        E2: Sub<A1>,
    {
        type Output = (B1, A1, Diff<E2, A1>);
    }
    /// The right run ends where the left one starts: both together.
    impl<A1, E1, A2, E2> XorRuns<A1, E1, A2, E2> for (B0, B0, B0, B1)
    where
        E1: Sub<A2>,
    {
        type Output = (B1, A2, Diff<E1, A2>);
    }
    /// No shared end: two runs.
    impl<A1, E1, A2, E2> XorRuns<A1, E1, A2, E2> for (B0, B0, B0, B0) {
        type Output = (B0, Z0, Z0);
    }

    /// The merged swizzle of shift `S` from `Self = (run, low, len)`, and the verdict on it
    /// (`L` and `R` are the operands, for the failure).
    pub trait Checked<S, L, R> {
        /// The swizzle.
        type Output;
        /// The verdict.
        type Verdict;
    }
    impl<S, L: Operands<R>, R, Low, Len> Checked<S, L, R> for (B0, Low, Len) {
        type Output = SwNone;
        type Verdict = L::Merge;
    }
    impl<S, L, R, Low, Len> Checked<S, L, R> for (B1, Low, Len)
    where
        Len: IsEqual<Z0>,
        Eq<Len, Z0>: Identity<Len, Low, S>,
        S: Abs,
        AbsVal<S>: IsGreaterOrEqual<Len> + Add<Low>,
        Sum<AbsVal<S>, Low>: Add<Len>,
        Sum<Sum<AbsVal<S>, Low>, Len>: IsLessOrEqual<PInt<U63>>,
        FieldsFit<S, Low, Len>: Fits<L, R, <Eq<Len, Z0> as Identity<Len, Low, S>>::Output>,
    {
        type Output = <FieldsFit<S, Low, Len> as Fits<L, R, <Eq<Len, Z0> as Identity<Len, Low, S>>::Output>>::Output;
        type Verdict = <FieldsFit<S, Low, Len> as Fits<L, R, <Eq<Len, Z0> as Identity<Len, Low, S>>::Output>>::Verdict;
    }

    /// Whether the fields of `Sw<Len, Low, S>` are apart (`|S| >= Len`) and within 63 bits.
    pub type FieldsFit<S, Low, Len> = (
        <AbsVal<S> as IsGreaterOrEqual<Len>>::Output,
        <Sum<Sum<AbsVal<S>, Low>, Len> as IsLessOrEqual<PInt<U63>>>::Output,
    );

    /// `Sw<0,0,0>` where the merged field is empty (`Self` is `B1`), else `Sw<Len, Low, S>`.
    pub trait Identity<Len, Low, S> {
        /// The swizzle.
        type Output;
    }
    impl<Len, Low, S> Identity<Len, Low, S> for B1 {
        type Output = SwNone;
    }
    impl<Len, Low, S> Identity<Len, Low, S> for B0 {
        type Output = Sw<Len, Low, S>;
    }

    /// The merged swizzle `Out` and [`Pass`] where both of its checks hold, else `Sw<0,0,0>`
    /// and the failure naming the operands `L` and `R`.
    pub trait Fits<L, R, Out> {
        /// The swizzle.
        type Output;
        /// The verdict.
        type Verdict;
    }
    impl<L, R, Out> Fits<L, R, Out> for (B1, B1) {
        type Output = Out;
        type Verdict = Pass;
    }
    impl<L: Operands<R>, R, Out, Y> Fits<L, R, Out> for (B0, Y) {
        type Output = SwNone;
        type Verdict = L::Merge;
    }
    impl<L: Operands<R>, R, Out> Fits<L, R, Out> for (B1, B0) {
        type Output = SwNone;
        type Verdict = L::Merge;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::alloc::string::ToString;
    use crate::error::verdict::Outcome;
    use crate::swizzle::Swizzle;
    use typenum::consts::{P1, P2, P3, P4, P5, P6};

    fn verdict<L: SwizzleComposition<R>, R>() -> Option<crate::error::ErrorKind>
    where
        L::Verdict: Outcome,
    {
        <L::Verdict as Outcome>::KIND
    }

    #[test]
    fn fields_sharing_an_end_merge_as_at_run_time() {
        // [4,5) ^ [4,6) = [5,6); [4,6) ^ [5,6) = [4,5); [4,5) ^ [5,7) = [4,7) (B = 3 = S).
        let a: Sw<P1, P5, P3> = Sw::<P1, P4, P3>::new().compose(Sw::<P2, P4, P3>::new());
        let b: Sw<P1, P4, P3> = Sw::<P2, P4, P3>::new().compose(Sw::<P1, P5, P3>::new());
        let c: Sw<P3, P4, P3> = Sw::<P1, P4, P3>::new().compose(Sw::<P2, P5, P3>::new());
        let d: Sw<P3, P4, P3> = Sw::<P2, P5, P3>::new().compose(Sw::<P1, P4, P3>::new());
        for (s, l, r) in [
            (a.swizzle(), (1, 4, 3), (2, 4, 3)),
            (b.swizzle(), (2, 4, 3), (1, 5, 3)),
            (c.swizzle(), (1, 4, 3), (2, 5, 3)),
            (d.swizzle(), (2, 5, 3), (1, 4, 3)),
        ] {
            let l = Swizzle::new(l.0, l.1, l.2).unwrap();
            let r = Swizzle::new(r.0, r.1, r.2).unwrap();
            assert_eq!(l.compose(r), Ok(s));
        }
    }

    #[test]
    fn negative_shifts_merge_along_the_lower_field() {
        let m: Sw<P2, P3, typenum::consts::N4> =
            Sw::<P1, P3, typenum::consts::N4>::new().compose(Sw::<P1, P4, typenum::consts::N4>::new());
        let l = Swizzle::new(1, 3, -4).unwrap();
        assert_eq!(l.compose(Swizzle::new(1, 4, -4).unwrap()), Ok(m.swizzle()));
    }

    #[test]
    fn identity_operands_give_the_other_swizzle() {
        let a: Sw<P2, P6, P5> = Sw::<Z0, Z0, Z0>::new().compose(Sw::<P2, P6, P5>::new());
        let b: Sw<P2, P6, P5> = Sw::<P2, P6, P5>::new().compose(Sw::<Z0, P1, P1>::new());
        assert_eq!((a.to_string(), b.to_string()), ("Sw<2,6,5>".into(), "Sw<2,6,5>".into()));
    }

    #[test]
    fn failures_are_the_runtime_errors() {
        use crate::error::ErrorKind::InvalidSwizzle;
        use crate::swizzle::SwizzleError;
        // Shifts 3 and 4.
        assert_eq!(verdict::<Sw<P3, P4, P3>, Sw<P2, Z0, P4>>(), Some(InvalidSwizzle));
        // [0,1) ^ [2,3): two runs.
        assert_eq!(verdict::<Sw<P1, Z0, P4>, Sw<P1, P2, P4>>(), Some(InvalidSwizzle));
        let two_runs = Swizzle::new(1, 0, 4).unwrap().compose(Swizzle::new(1, 2, 4).unwrap());
        assert!(matches!(two_runs, Err(SwizzleError::NotASwizzle { .. })));
        // [4,6) ^ [6,8) = [4,8): B = 4 > S = 3, the fields would overlap.
        assert_eq!(verdict::<Sw<P2, P4, P3>, Sw<P2, P6, P3>>(), Some(InvalidSwizzle));
        let overlap = Swizzle::new(2, 4, 3).unwrap().compose(Swizzle::new(2, 6, 3).unwrap());
        assert!(matches!(overlap, Err(SwizzleError::NotASwizzle { .. })));
        assert_eq!(verdict::<Sw<P2, P4, P3>, Sw<P1, P6, P3>>(), None);
    }
}
