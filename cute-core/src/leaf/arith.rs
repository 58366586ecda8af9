//! Integer arithmetic in the trait solver, cheaper than typenum's.
//!
//! The trait solver's cost is a number of steps (an impl selected, a projection normalized),
//! each of which walks the types it equates, so these traits take as few steps as they can:
//! each bit is matched by an impl's header rather than by a second trait (a carry, a borrow),
//! a step that yields two things yields one pair rather than two associated types (each of which
//! the solver would confirm again), and a factor or divisor 1 costs nothing. typenum's `Div`
//! reads and writes bits by index at every step (about 10 ms per division of a 12-bit number);
//! the long division here reads the dividend's bits in the order they are nested and takes only
//! the steps that can subtract ([`LongDivision`]); the product is a shift and add over the bits
//! of its first factor ([`MulU`]). Strides and shapes are positive almost always; other signs
//! keep typenum's arithmetic.

use core::ops::{Add, Div, Mul, Sub};

use super::typeops::Pair;
use typenum::{Cmp, Equal, Greater, Less, NInt, NonZero, PInt, UInt, UTerm, Unsigned, B0, B1, P1, Z0};

/// Append the bit `B` below the unsigned `Self` (`2 * Self + B`), keeping typenum's form: no
/// leading zero bit.
pub trait PushBit<B> {
    /// The result.
    type Output;
}
impl PushBit<B0> for UTerm {
    type Output = UTerm;
}
impl PushBit<B1> for UTerm {
    type Output = UInt<UTerm, B1>;
}
impl<H, X, B> PushBit<B> for UInt<H, X> {
    type Output = UInt<UInt<H, X>, B>;
}

/// `Self - V - Br` on unsigned integers, lowest bit first: `(borrow out, difference)`, the
/// borrow `B1` when `Self < V + Br` (the difference is then meaningless). One associated type,
/// each bit matched by the impl's header: the trait solver selects one impl per bit and
/// normalizes one projection, where a second associated type, or a second trait per bit, would
/// have it confirm the same impls again.
pub trait SubBorrow<V, Br> {
    /// `(borrow, difference without leading zero bits)`.
    type Output;
}
impl SubBorrow<UTerm, B0> for UTerm {
    type Output = (B0, UTerm);
}
impl SubBorrow<UTerm, B1> for UTerm {
    type Output = (B1, UTerm);
}
impl<H, X, Br> SubBorrow<UInt<H, X>, Br> for UTerm {
    type Output = (B1, UTerm);
}
/// Nothing left to subtract: the higher bits are kept as they are.
impl<H, A> SubBorrow<UTerm, B0> for UInt<H, A> {
    type Output = (B0, UInt<H, A>);
}
impl<H: PushBit<B0>> SubBorrow<UTerm, B1> for UInt<H, B1> {
    type Output = (B0, <H as PushBit<B0>>::Output);
}
impl<H: SubBorrow<UTerm, B1>> SubBorrow<UTerm, B1> for UInt<H, B0>
where
    H::Output: PushDiff<B1>,
{
    type Output = <H::Output as PushDiff<B1>>::Output;
}
/// One bit `a - v - borrow in` of [`SubBorrow`] (`=> bit out, borrow out`), then the higher bits.
macro_rules! bit_sub {
    ($($a:ty, $v:ty, $br:ty => $bit:ty, $out:ty;)*) => {$(
        impl<H: SubBorrow<HV, $out>, HV> SubBorrow<UInt<HV, $v>, $br> for UInt<H, $a>
        where
            H::Output: PushDiff<$bit>,
        {
            type Output = <H::Output as PushDiff<$bit>>::Output;
        }
    )*};
}
bit_sub! {
    B0, B0, B0 => B0, B0;
    B0, B0, B1 => B1, B1;
    B0, B1, B0 => B1, B1;
    B0, B1, B1 => B0, B1;
    B1, B0, B0 => B1, B0;
    B1, B0, B1 => B0, B0;
    B1, B1, B0 => B0, B0;
    B1, B1, B1 => B1, B1;
}

/// Append the bit `B` below the difference of a [`SubBorrow`] pair `(borrow, difference)`.
pub trait PushDiff<B> {
    /// The pair with the longer difference.
    type Output;
}
impl<Br, D: PushBit<B>, B> PushDiff<B> for (Br, D) {
    type Output = (Br, <D as PushBit<B>>::Output);
}

/// Unsigned long division `Self / V`, highest bit first: quotient and remainder.
pub trait DivRem<V> {
    /// `Self / V`, rounded down.
    type Q;
    /// `Self % V`.
    type R;
}
impl<U: LongDivision<V>, V> DivRem<V> for U
where
    U::Output: Pair,
{
    type Q = <U::Output as Pair>::A;
    type R = <U::Output as Pair>::B;
}

/// [`DivRem`] as one pair `(quotient, remainder)`. The first steps of a long division, while
/// the bits brought down are fewer than the divisor's, never subtract: the division starts with
/// the remainder `Self >> (steps - 1)` and takes only the `len(Self) - len(V) + 1` steps that can
/// (counted by [`Steps`]), so dividing numbers of similar length costs a few steps, not one per
/// bit.
pub trait LongDivision<V> {
    /// `(Self / V, Self % V)`.
    type Output;
}
impl<U: Steps<V>, V> LongDivision<V> for U
where
    U: StepsLeft<V, <U as Steps<V>>::Output>,
{
    type Output = <U as StepsLeft<V, <U as Steps<V>>::Output>>::Output;
}

/// The number of steps of the long division `Self / V`, as a type with that many `UInt` levels:
/// `len(Self) - len(V) + 1`, or none (`UTerm`) when `Self` has fewer bits than `V`. Both are
/// walked from the lowest bit; what is left of `Self` when `V` runs out has one level fewer.
pub trait Steps<V> {
    /// The counter.
    type Output;
}
impl<H: Steps<HV>, X, HV, XV> Steps<UInt<HV, XV>> for UInt<H, X> {
    type Output = <H as Steps<HV>>::Output;
}
impl<H, X> Steps<UTerm> for UInt<H, X> {
    type Output = UInt<UInt<H, X>, B0>;
}
impl Steps<UTerm> for UTerm {
    type Output = UInt<UTerm, B0>;
}
impl<HV, XV> Steps<UInt<HV, XV>> for UTerm {
    type Output = UTerm;
}

/// The long division of `Self` by `V` with `C` (a [`Steps`] counter) steps left: the lowest
/// bit of `Self` is the last step's; with no step left, `Self` is the remainder to start from.
pub trait StepsLeft<V, C> {
    /// `(quotient, remainder)`.
    type Output;
}
impl<U, V> StepsLeft<V, UTerm> for U {
    type Output = (UTerm, U);
}
impl<H: StepsLeft<V, HC>, X, V, HC, XC> StepsLeft<V, UInt<HC, XC>> for UInt<H, X>
where
    H::Output: DivStep<X, V>,
{
    type Output = <H::Output as DivStep<X, V>>::Output;
}

/// One step of [`LongDivision`] on the pair `Self` (the quotient and remainder so far): bring
/// the bit `X` down next to the remainder and subtract `V` if it fits.
pub trait DivStep<X, V> {
    /// The next `(quotient, remainder)`.
    type Output;
}
impl<Q, R, X, V> DivStep<X, V> for (Q, R)
where
    UInt<R, X>: SubBorrow<V, B0>,
    <UInt<R, X> as SubBorrow<V, B0>>::Output: Fits<Q, R, X>,
{
    type Output = <<UInt<R, X> as SubBorrow<V, B0>>::Output as Fits<Q, R, X>>::Output;
}

/// `Self` is the trial subtraction `(borrow, difference)`: a borrow (the divisor does not fit)
/// appends a 0 to the quotient `Q` and keeps `2R + X`; none appends a 1 and keeps the difference.
pub trait Fits<Q, R, X> {
    /// The next `(quotient, remainder)`.
    type Output;
}
impl<Q: PushBit<B0>, R: PushBit<X>, X, D> Fits<Q, R, X> for (B1, D) {
    type Output = (<Q as PushBit<B0>>::Output, <R as PushBit<X>>::Output);
}
impl<Q: PushBit<B1>, R, X, D> Fits<Q, R, X> for (B0, D) {
    type Output = (<Q as PushBit<B1>>::Output, D);
}

pub use crate::arith::ToInt;

/// `Self / B` rounded toward zero, as typenum's `Div`.
pub trait Quot<B> {
    /// The quotient.
    type Output;
}
/// A positive number by 1: itself, with no division (the divisor's last bits in the header, so
/// the two impls below never compete).
impl<U: Unsigned + NonZero> Quot<PInt<UInt<UTerm, B1>>> for PInt<U> {
    type Output = PInt<U>;
}
/// Both positive, the divisor at least 2: a comparison first, so a quotient of 0 or 1 costs no
/// division.
impl<U, H, X, B> Quot<PInt<UInt<UInt<H, X>, B>>> for PInt<U>
where
    U: Unsigned + NonZero + Cmp<UInt<UInt<H, X>, B>>,
    UInt<UInt<H, X>, B>: Unsigned + NonZero,
    <U as Cmp<UInt<UInt<H, X>, B>>>::Output: PosQuot<U, UInt<UInt<H, X>, B>>,
{
    type Output = <<U as Cmp<UInt<UInt<H, X>, B>>>::Output as PosQuot<U, UInt<UInt<H, X>, B>>>::Output;
}

/// [`Quot`] of positive `U` by `V`, given `Self`, their comparison.
pub trait PosQuot<U, V> {
    /// The quotient.
    type Output;
}
impl<U, V> PosQuot<U, V> for Less {
    type Output = Z0;
}
impl<U, V> PosQuot<U, V> for Equal {
    type Output = P1;
}
impl<U: DivRem<V>, V> PosQuot<U, V> for Greater
where
    <U as DivRem<V>>::Q: ToInt,
{
    type Output = <<U as DivRem<V>>::Q as ToInt>::Output;
}
impl<V: Unsigned + NonZero> Quot<PInt<V>> for Z0 {
    type Output = Z0;
}
impl<U: Unsigned + NonZero, V: Unsigned + NonZero> Quot<PInt<V>> for NInt<U>
where
    NInt<U>: Div<PInt<V>>,
{
    type Output = <NInt<U> as Div<PInt<V>>>::Output;
}
impl<A: Div<NInt<V>>, V: Unsigned + NonZero> Quot<NInt<V>> for A {
    type Output = <A as Div<NInt<V>>>::Output;
}
/// A division by zero: only an inadmissible operation reaches it (a non-injective layout's
/// complement has a zero shape), which its verdict reports; the walk still needs a type.
impl<A> Quot<Z0> for A {
    type Output = Z0;
}

/// `ceil(A / B)` as CuTe computes it: `(A + B - 1) / B`, rounded toward zero.
pub trait CeilDiv<B> {
    /// The quotient.
    type Output;
}
/// A positive number by 1: itself, with no division.
impl<U: Unsigned + NonZero> CeilDiv<PInt<UInt<UTerm, B1>>> for PInt<U> {
    type Output = PInt<U>;
}
/// Both positive, the divisor at least 2: 1 when `A <= B` (no division), else the quotient, plus
/// one when the remainder is not zero.
impl<U, H, X, B> CeilDiv<PInt<UInt<UInt<H, X>, B>>> for PInt<U>
where
    U: Unsigned + NonZero + Cmp<UInt<UInt<H, X>, B>>,
    UInt<UInt<H, X>, B>: Unsigned + NonZero,
    <U as Cmp<UInt<UInt<H, X>, B>>>::Output: PosCeilDiv<U, UInt<UInt<H, X>, B>>,
{
    type Output = <<U as Cmp<UInt<UInt<H, X>, B>>>::Output as PosCeilDiv<U, UInt<UInt<H, X>, B>>>::Output;
}

/// [`CeilDiv`] of positive `U` by `V`, given `Self`, their comparison.
pub trait PosCeilDiv<U, V> {
    /// The quotient.
    type Output;
}
impl<U, V> PosCeilDiv<U, V> for Less {
    type Output = P1;
}
impl<U, V> PosCeilDiv<U, V> for Equal {
    type Output = P1;
}
impl<U: DivRem<V>, V> PosCeilDiv<U, V> for Greater
where
    <U as DivRem<V>>::R: RoundUp<<U as DivRem<V>>::Q>,
{
    type Output = <<U as DivRem<V>>::R as RoundUp<<U as DivRem<V>>::Q>>::Output;
}
impl<U: Unsigned + NonZero, V: Unsigned + NonZero> CeilDiv<NInt<V>> for PInt<U>
where
    PInt<U>: TypenumCeilDiv<NInt<V>>,
{
    type Output = <PInt<U> as TypenumCeilDiv<NInt<V>>>::Output;
}
impl<B> CeilDiv<B> for Z0
where
    Z0: TypenumCeilDiv<B>,
{
    type Output = <Z0 as TypenumCeilDiv<B>>::Output;
}
impl<U: Unsigned + NonZero, B> CeilDiv<B> for NInt<U>
where
    NInt<U>: TypenumCeilDiv<B>,
{
    type Output = <NInt<U> as TypenumCeilDiv<B>>::Output;
}

/// `Q` as an integer when the remainder `Self` is zero, else `Q + 1`.
pub trait RoundUp<Q> {
    /// The rounded quotient.
    type Output;
}
impl<Q: ToInt> RoundUp<Q> for UTerm {
    type Output = <Q as ToInt>::Output;
}
impl<Q: Add<B1>, H, X> RoundUp<Q> for UInt<H, X>
where
    <Q as Add<B1>>::Output: Unsigned + NonZero,
{
    type Output = PInt<<Q as Add<B1>>::Output>;
}

/// [`CeilDiv`] with typenum's arithmetic, for the signs the fast path does not cover.
pub trait TypenumCeilDiv<B> {
    /// The quotient.
    type Output;
}
impl<A, B> TypenumCeilDiv<B> for A
where
    A: Add<B>,
    <A as Add<B>>::Output: Sub<P1>,
    <<A as Add<B>>::Output as Sub<P1>>::Output: Div<B>,
{
    type Output = <<<A as Add<B>>::Output as Sub<P1>>::Output as Div<B>>::Output;
}

/// `Self * B` on static integers, as typenum's `Mul`, but a factor 1 costs nothing (typenum's
/// `Mul` walks the bits of both factors even then, and a stride left of 1 is the common case of
/// composition's walk). The factors' last bits are in the impls' headers, so that exactly one
/// impl matches each pair and the trait solver never weighs two.
pub trait MulStatic<B> {
    /// The product.
    type Output;
}
/// `1 * B = B`.
impl<B> MulStatic<B> for P1 {
    type Output = B;
}
/// `A * 1 = A` for `A >= 2`.
impl<H, X, Bt> MulStatic<P1> for PInt<UInt<UInt<H, X>, Bt>>
where
    UInt<UInt<H, X>, Bt>: Unsigned + NonZero,
{
    type Output = Self;
}
/// Both at least 2: shift and add over the bits of `Self` ([`MulU`]).
impl<H, X, Bt, H2, X2, Bt2> MulStatic<PInt<UInt<UInt<H2, X2>, Bt2>>> for PInt<UInt<UInt<H, X>, Bt>>
where
    UInt<UInt<H, X>, Bt>: Unsigned + NonZero + MulU<UInt<UInt<H2, X2>, Bt2>>,
    UInt<UInt<H2, X2>, Bt2>: Unsigned + NonZero,
    <UInt<UInt<H, X>, Bt> as MulU<UInt<UInt<H2, X2>, Bt2>>>::Output: Unsigned + NonZero,
{
    type Output = PInt<<UInt<UInt<H, X>, Bt> as MulU<UInt<UInt<H2, X2>, Bt2>>>::Output>;
}
/// `A >= 2` by a negative factor: typenum's product.
impl<H, X, Bt, V: Unsigned + NonZero> MulStatic<NInt<V>> for PInt<UInt<UInt<H, X>, Bt>>
where
    UInt<UInt<H, X>, Bt>: Unsigned + NonZero,
    Self: Mul<NInt<V>>,
{
    type Output = <Self as Mul<NInt<V>>>::Output;
}
/// `A * 0 = 0`.
impl<H, X, Bt> MulStatic<Z0> for PInt<UInt<UInt<H, X>, Bt>>
where
    UInt<UInt<H, X>, Bt>: Unsigned + NonZero,
{
    type Output = Z0;
}
/// A non-positive `Self`: typenum's product.
impl<U: Unsigned + NonZero, B> MulStatic<B> for NInt<U>
where
    Self: Mul<B>,
{
    type Output = <Self as Mul<B>>::Output;
}
impl<B> MulStatic<B> for Z0
where
    Self: Mul<B>,
{
    type Output = <Self as Mul<B>>::Output;
}

/// `Self - 1` on static integers, as typenum's `Sub<P1>`, but a positive number costs its
/// trailing zero bits only (typenum's integer subtraction compares and trims).
pub trait Dec {
    /// `Self - 1`.
    type Output;
}
impl Dec for P1 {
    type Output = Z0;
}
impl<H, X> Dec for PInt<UInt<UInt<H, X>, B1>>
where
    UInt<UInt<H, X>, B1>: Unsigned + NonZero,
    UInt<UInt<H, X>, B0>: Unsigned + NonZero,
{
    type Output = PInt<UInt<UInt<H, X>, B0>>;
}
impl<H, X> Dec for PInt<UInt<UInt<H, X>, B0>>
where
    UInt<UInt<H, X>, B0>: Unsigned + NonZero + Sub<B1>,
    <UInt<UInt<H, X>, B0> as Sub<B1>>::Output: Unsigned + NonZero,
{
    type Output = PInt<<UInt<UInt<H, X>, B0> as Sub<B1>>::Output>;
}
impl Dec for Z0 {
    type Output = <Z0 as Sub<P1>>::Output;
}
impl<U: Unsigned + NonZero> Dec for NInt<U>
where
    NInt<U>: Sub<P1>,
{
    type Output = <NInt<U> as Sub<P1>>::Output;
}

/// `Self + V + C` on unsigned integers, lowest bit first, each bit matched by the impl's header.
pub trait AddCarry<V, C> {
    /// The sum, without leading zero bits.
    type Output;
}
impl AddCarry<UTerm, B0> for UTerm {
    type Output = UTerm;
}
impl AddCarry<UTerm, B1> for UTerm {
    type Output = UInt<UTerm, B1>;
}
impl<H, X> AddCarry<UTerm, B0> for UInt<H, X> {
    type Output = UInt<H, X>;
}
impl<H, X> AddCarry<UInt<H, X>, B0> for UTerm {
    type Output = UInt<H, X>;
}
impl<H> AddCarry<UTerm, B1> for UInt<H, B0> {
    type Output = UInt<H, B1>;
}
impl<H: AddCarry<UTerm, B1>> AddCarry<UTerm, B1> for UInt<H, B1> {
    type Output = UInt<<H as AddCarry<UTerm, B1>>::Output, B0>;
}
impl<H> AddCarry<UInt<H, B0>, B1> for UTerm {
    type Output = UInt<H, B1>;
}
impl<H: AddCarry<UTerm, B1>> AddCarry<UInt<H, B1>, B1> for UTerm {
    type Output = UInt<<H as AddCarry<UTerm, B1>>::Output, B0>;
}
/// One bit `a + v + carry in` of [`AddCarry`] (`=> bit out, carry out`), then the higher bits.
macro_rules! bit_add {
    ($($a:ty, $v:ty, $c:ty => $bit:ty, $out:ty;)*) => {$(
        impl<H: AddCarry<HV, $out>, HV> AddCarry<UInt<HV, $v>, $c> for UInt<H, $a> {
            type Output = UInt<<H as AddCarry<HV, $out>>::Output, $bit>;
        }
    )*};
}
bit_add! {
    B0, B0, B0 => B0, B0;
    B0, B0, B1 => B1, B0;
    B0, B1, B0 => B1, B0;
    B0, B1, B1 => B0, B1;
    B1, B0, B0 => B1, B0;
    B1, B0, B1 => B0, B1;
    B1, B1, B0 => B0, B1;
    B1, B1, B1 => B1, B1;
}

/// `Self * V` on unsigned integers, shift and add over the bits of `Self` (the fewer bits
/// `Self` has, the fewer steps: the shape before the stride).
pub trait MulU<V> {
    /// The product, without leading zero bits.
    type Output;
}
impl<V> MulU<V> for UTerm {
    type Output = UTerm;
}
impl<H: MulU<V>, V> MulU<V> for UInt<H, B0>
where
    H::Output: PushBit<B0>,
{
    type Output = <H::Output as PushBit<B0>>::Output;
}
impl<H: MulU<V>, V> MulU<V> for UInt<H, B1>
where
    H::Output: PushBit<B0>,
    <H::Output as PushBit<B0>>::Output: AddCarry<V, B0>,
{
    type Output = <<H::Output as PushBit<B0>>::Output as AddCarry<V, B0>>::Output;
}
