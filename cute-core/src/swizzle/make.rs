//! CuTe's `make_swizzle<Y, Z>()` on static masks, computed by the trait solver: the swizzle
//! whose YYY (read) field is the mask `Y` and whose ZZZ (XOR-ed) field is `Z`.
//!
//! A typenum unsigned is its list of bits, lowest last (`UInt<UInt<UTerm, B1>, B0>` is `0b10`),
//! so the solver reads each mask's run (its lowest bit and its length, or that it is not one
//! run) by walking that list once; the swizzle is `Sw<len, min(low_Y, low_Z), low_Y - low_Z>`,
//! checked as [`Sw::new`] checks it.

use core::ops::{Add, BitAnd, Sub};

use typenum::consts::{U0, U63};
use typenum::{Abs, AbsVal, UInt, UTerm, B0, B1};
use typenum::{Add1, And, Diff, Eq, IsEqual, IsGreaterOrEqual, IsLessOrEqual, Min, Minimum, Sum};

use super::composition::solve::Unchecked;
use super::{Sw, SwNone};
use crate::arith::ToInt;
use crate::error::verdict::{Holds, MakeSwizzleMasksFail, Pass, ShownUnsigned};

/// CuTe's `make_swizzle<Y, Z>()` with static masks: the swizzle whose YYY mask is `Y` and ZZZ
/// mask `Z` (typenum unsigned integers), computed by the trait solver. Both empty give
/// `Sw<0,0,0>`. Masks that are not a swizzle's two fields (one run of bits each, of the same
/// length, `|S| >= B` apart) are a compile error naming them, where
/// [`Swizzle::make`](super::Swizzle::make) is the runtime check.
///
/// ```
/// use cute::swizzle::{make_swizzle, Sw128B};
/// use cute::typenum::{U0, U112, U896};
/// // YYY = bits [7,10), ZZZ = bits [4,7): the 128-byte swizzle.
/// let sw: Sw128B = make_swizzle::<U896, U112>();
/// assert_eq!(sw.to_string(), "Sw<3,4,3>");
/// assert_eq!(make_swizzle::<U0, U0>().to_string(), "Sw<0,0,0>");
/// ```
///
/// ```compile_fail
/// use cute::swizzle::make_swizzle;
/// use cute::typenum::{U3, U160};
/// let _ = make_swizzle::<U160, U3>(); // 0b1010_0000 is two runs
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn make_swizzle<Y, Z>() -> <(Y, Z) as MakeSwizzle>::Output
where <(Y, Z) as MakeSwizzle>::Verdict: Holds,
    (Y, Z): MakeSwizzle,
{
    Unchecked::unchecked(crate::Internal(()))
}

/// The swizzle of the masks `(Y, Z)` and the verdict on them: [`Pass`], or the failure naming
/// the masks.
///
/// ```
/// use cute::statics::report::Outcome;
/// use cute::swizzle::{MakeSwizzle, Sw};
/// use cute::typenum::{P1, P2, U3, U4, U8, U12};
/// type Made = <(U12, U3) as MakeSwizzle>::Output;
/// assert_eq!(core::any::TypeId::of::<Made>(), core::any::TypeId::of::<Sw<P2, cute::typenum::Z0, P2>>());
/// assert!(<<(U8, U3) as MakeSwizzle>::Verdict as Outcome>::KIND.is_some());
/// assert!(<<(U4, U8) as MakeSwizzle>::Verdict as Outcome>::KIND.is_none());
/// ```
#[doc(hidden)]
pub trait MakeSwizzle {
    /// The swizzle (`Sw<0,0,0>` where the verdict is a failure).
    type Output: Unchecked;
    /// [`Pass`] or the failure.
    type Verdict;
}

impl<Y, Z> MakeSwizzle for (Y, Z)
where
    Y: solve::MaskRun,
    Z: solve::MaskRun,
    Y::Len: IsEqual<Z::Len>,
    Y::Run: BitAnd<Z::Run>,
    And<Y::Run, Z::Run>: BitAnd<Eq<Y::Len, Z::Len>>,
    solve::Both<Y, Z>: solve::Fields<Y, Z>,
{
    type Output = <solve::Both<Y, Z> as solve::Fields<Y, Z>>::Output;
    type Verdict = <solve::Both<Y, Z> as solve::Fields<Y, Z>>::Verdict;
}

#[doc(hidden)]
pub mod solve {
    //! The solver's steps: each mask's run, then the swizzle of the two runs and its checks.

    use super::*;

    /// A mask's run of set bits: the lowest bit `Low` and the length `Len` (both 0 for the
    /// empty mask), and `Run`, `B0` where the set bits are not one run.
    #[diagnostic::on_unimplemented(
        message = "make_swizzle: the mask `{Self}` is not a static unsigned integer",
        label = "write the masks as typenum unsigned integers (`U896`, `U112`); `Swizzle::make` takes runtime masks"
    )]
    pub trait MaskRun {
        /// The lowest set bit.
        type Low;
        /// The number of set bits.
        type Len;
        /// `B1` where the set bits are one run.
        type Run;
    }
    impl MaskRun for UTerm {
        type Low = U0;
        type Len = U0;
        type Run = B1;
    }
    /// A clear lowest bit: the run of the bits above, one higher.
    impl<U: MaskRun> MaskRun for UInt<U, B0>
    where
        U::Low: Add<B1>,
    {
        type Low = Add1<U::Low>;
        type Len = U::Len;
        type Run = U::Run;
    }
    /// A set lowest bit: one run if the bits above are one run from their lowest bit.
    impl<U: MaskRun> MaskRun for UInt<U, B1>
    where
        U::Len: Add<B1>,
        U::Low: IsEqual<U0>,
        U::Run: BitAnd<Eq<U::Low, U0>>,
    {
        type Low = U0;
        type Len = Add1<U::Len>;
        type Run = And<U::Run, Eq<U::Low, U0>>;
    }

    /// Whether both masks are runs of the same length.
    pub type Both<Y, Z> =
        And<And<<Y as MaskRun>::Run, <Z as MaskRun>::Run>, Eq<<Y as MaskRun>::Len, <Z as MaskRun>::Len>>;
    /// A run's lowest bit, length, and the swizzle's shift, as typenum integers.
    type Int<U> = <U as ToInt>::Output;
    /// `S = low_Y - low_Z`.
    type Shift<Y, Z> = Diff<Int<<Y as MaskRun>::Low>, Int<<Z as MaskRun>::Low>>;
    /// `M = min(low_Y, low_Z)`.
    type Base<Y, Z> = Minimum<Int<<Y as MaskRun>::Low>, Int<<Z as MaskRun>::Low>>;
    /// `B`, the runs' length.
    type Bits<Y> = Int<<Y as MaskRun>::Len>;

    /// The swizzle of two runs of the same length (`Self` is `B1`), and the verdict.
    pub trait Fields<Y, Z> {
        /// The swizzle.
        type Output: Unchecked;
        /// The verdict.
        type Verdict;
    }
    impl<Y: ShownUnsigned, Z: ShownUnsigned> Fields<Y, Z> for B0 {
        type Output = SwNone;
        type Verdict = MakeSwizzleMasksFail<Y::Out, Z::Out>;
    }
    impl<Y: MaskRun + ShownUnsigned, Z: MaskRun + ShownUnsigned> Fields<Y, Z> for B1
    where
        Y::Low: ToInt,
        Z::Low: ToInt,
        Y::Len: ToInt + IsEqual<U0>,
        Int<Y::Low>: Sub<Int<Z::Low>> + Min<Int<Z::Low>>,
        Shift<Y, Z>: Abs,
        AbsVal<Shift<Y, Z>>: IsGreaterOrEqual<Bits<Y>> + Add<Base<Y, Z>>,
        Sum<AbsVal<Shift<Y, Z>>, Base<Y, Z>>: Add<Bits<Y>>,
        Sum<Sum<AbsVal<Shift<Y, Z>>, Base<Y, Z>>, Bits<Y>>: IsLessOrEqual<typenum::PInt<U63>>,
        (Eq<Y::Len, U0>, Apart<Y, Z>): Checked<Bits<Y>, Base<Y, Z>, Shift<Y, Z>, Y, Z>,
    {
        type Output = <(Eq<Y::Len, U0>, Apart<Y, Z>) as Checked<Bits<Y>, Base<Y, Z>, Shift<Y, Z>, Y, Z>>::Output;
        type Verdict = <(Eq<Y::Len, U0>, Apart<Y, Z>) as Checked<Bits<Y>, Base<Y, Z>, Shift<Y, Z>, Y, Z>>::Verdict;
    }

    /// Whether the swizzle's fields are apart (`|S| >= B`) and within 63 bits.
    pub type Apart<Y, Z> = (
        <AbsVal<Shift<Y, Z>> as IsGreaterOrEqual<Bits<Y>>>::Output,
        <Sum<Sum<AbsVal<Shift<Y, Z>>, Base<Y, Z>>, Bits<Y>> as IsLessOrEqual<typenum::PInt<U63>>>::Output,
    );

    /// `Sw<B, M, S>` by `Self = (empty, (apart, within 63 bits))`: `Sw<0,0,0>` for empty masks, the failure
    /// naming the masks `Y` and `Z` where the fields are not apart.
    pub trait Checked<B, M, S, Y, Z> {
        /// The swizzle.
        type Output: Unchecked;
        /// The verdict.
        type Verdict;
    }
    impl<B, M, S, Y, Z, A> Checked<B, M, S, Y, Z> for (B1, A) {
        type Output = SwNone;
        type Verdict = Pass;
    }
    impl<B, M, S, Y, Z> Checked<B, M, S, Y, Z> for (B0, (B1, B1)) {
        type Output = Sw<B, M, S>;
        type Verdict = Pass;
    }
    impl<B, M, S, Y: ShownUnsigned, Z: ShownUnsigned, W> Checked<B, M, S, Y, Z> for (B0, (B0, W)) {
        type Output = SwNone;
        type Verdict = MakeSwizzleMasksFail<Y::Out, Z::Out>;
    }
    impl<B, M, S, Y: ShownUnsigned, Z: ShownUnsigned> Checked<B, M, S, Y, Z> for (B0, (B1, B0)) {
        type Output = SwNone;
        type Verdict = MakeSwizzleMasksFail<Y::Out, Z::Out>;
    }
}
