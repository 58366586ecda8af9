//! Integer division in the trait solver, cheaper than typenum's.
//!
//! typenum's `Div` runs a long division that reads and writes the bits by index (`GetBit`,
//! `SetBit`, shifts by a typenum count) at every step, and costs the trait solver about 10 ms
//! per division of a 12-bit number. The long division here reads the dividend's bits in the
//! order they are nested (one impl per bit) and subtracts the divisor bit by bit with a borrow,
//! which is several times cheaper. Strides and shapes are positive almost always; other signs
//! keep typenum's arithmetic.

use core::ops::{Add, Div, Sub};

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

/// `Self - V - Br` on unsigned integers, lowest bit first: the difference (meaningful when there
/// is no borrow out) and the borrow out (`B1` when `Self < V + Br`).
pub trait SubBorrow<V, Br> {
    /// The difference, without leading zero bits.
    type Diff;
    /// `B1` when the subtraction borrows past the highest bit.
    type Borrow;
}
impl SubBorrow<UTerm, B0> for UTerm {
    type Diff = UTerm;
    type Borrow = B0;
}
impl SubBorrow<UTerm, B1> for UTerm {
    type Diff = UTerm;
    type Borrow = B1;
}
impl<H, X, Br> SubBorrow<UInt<H, X>, Br> for UTerm {
    type Diff = UTerm;
    type Borrow = B1;
}
/// Nothing left to subtract: the higher bits are kept as they are.
impl<H, A> SubBorrow<UTerm, B0> for UInt<H, A> {
    type Diff = UInt<H, A>;
    type Borrow = B0;
}
impl<H: PushBit<B0>> SubBorrow<UTerm, B1> for UInt<H, B1> {
    type Diff = <H as PushBit<B0>>::Output;
    type Borrow = B0;
}
impl<H: SubBorrow<UTerm, B1>> SubBorrow<UTerm, B1> for UInt<H, B0>
where
    <H as SubBorrow<UTerm, B1>>::Diff: PushBit<B1>,
{
    type Diff = <<H as SubBorrow<UTerm, B1>>::Diff as PushBit<B1>>::Output;
    type Borrow = <H as SubBorrow<UTerm, B1>>::Borrow;
}
impl<H, A, HV, V, Br> SubBorrow<UInt<HV, V>, Br> for UInt<H, A>
where
    (A, V, Br): BitSub<H, HV>,
{
    type Diff = <(A, V, Br) as BitSub<H, HV>>::Diff;
    type Borrow = <(A, V, Br) as BitSub<H, HV>>::Borrow;
}

/// One bit `(a, v, borrow in)` of [`SubBorrow`], then the higher bits `H - HV`.
pub trait BitSub<H, HV> {
    /// The difference.
    type Diff;
    /// The borrow out.
    type Borrow;
}
macro_rules! bit_sub {
    ($($a:ty, $v:ty, $br:ty => $bit:ty, $out:ty;)*) => {$(
        impl<H: SubBorrow<HV, $out>, HV> BitSub<H, HV> for ($a, $v, $br)
        where
            <H as SubBorrow<HV, $out>>::Diff: PushBit<$bit>,
        {
            type Diff = <<H as SubBorrow<HV, $out>>::Diff as PushBit<$bit>>::Output;
            type Borrow = <H as SubBorrow<HV, $out>>::Borrow;
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

/// Unsigned long division `Self / V`, highest bit first: quotient and remainder.
pub trait DivRem<V> {
    /// `Self / V`, rounded down.
    type Q;
    /// `Self % V`.
    type R;
}
impl<V> DivRem<V> for UTerm {
    type Q = UTerm;
    type R = UTerm;
}
impl<H: DivRem<V>, X, V> DivRem<V> for UInt<H, X>
where
    <H as DivRem<V>>::R: DivStep<X, V, <H as DivRem<V>>::Q>,
{
    type Q = <<H as DivRem<V>>::R as DivStep<X, V, <H as DivRem<V>>::Q>>::Q;
    type R = <<H as DivRem<V>>::R as DivStep<X, V, <H as DivRem<V>>::Q>>::R;
}

/// One step of [`DivRem`]: bring the bit `X` down next to the remainder `Self` and subtract `V`
/// if it fits; `Q` is the quotient so far.
pub trait DivStep<X, V, Q> {
    /// The quotient so far.
    type Q;
    /// The remainder so far.
    type R;
}
impl<R, X, V, Q> DivStep<X, V, Q> for R
where
    UInt<R, X>: SubBorrow<V, B0>,
    <UInt<R, X> as SubBorrow<V, B0>>::Borrow: Fits<Q, R, X, <UInt<R, X> as SubBorrow<V, B0>>::Diff>,
{
    type Q = <<UInt<R, X> as SubBorrow<V, B0>>::Borrow as Fits<Q, R, X, <UInt<R, X> as SubBorrow<V, B0>>::Diff>>::Q;
    type R = <<UInt<R, X> as SubBorrow<V, B0>>::Borrow as Fits<Q, R, X, <UInt<R, X> as SubBorrow<V, B0>>::Diff>>::R;
}

/// `Self` is the borrow of the trial subtraction: `B1` (the divisor does not fit) appends a 0
/// to the quotient and keeps `2R + X`; `B0` appends a 1 and keeps the difference.
pub trait Fits<Q, R, X, Diff> {
    /// The quotient so far.
    type Q;
    /// The remainder so far.
    type R;
}
impl<Q: PushBit<B0>, R: PushBit<X>, X, Diff> Fits<Q, R, X, Diff> for B1 {
    type Q = <Q as PushBit<B0>>::Output;
    type R = <R as PushBit<X>>::Output;
}
impl<Q: PushBit<B1>, R, X, Diff> Fits<Q, R, X, Diff> for B0 {
    type Q = <Q as PushBit<B1>>::Output;
    type R = Diff;
}

/// An unsigned integer as a typenum integer: `Z0` or `PInt`.
pub trait ToInt {
    /// The integer.
    type Output;
}
impl ToInt for UTerm {
    type Output = Z0;
}
impl<H, X> ToInt for UInt<H, X>
where
    UInt<H, X>: Unsigned + NonZero,
{
    type Output = PInt<UInt<H, X>>;
}

/// `Self / B` rounded toward zero, as typenum's `Div`.
pub trait Quot<B> {
    /// The quotient.
    type Output;
}
/// Both positive: a comparison first, so a quotient of 0 or 1 costs no division.
impl<U: Unsigned + NonZero + Cmp<V>, V: Unsigned + NonZero> Quot<PInt<V>> for PInt<U>
where
    <U as Cmp<V>>::Output: PosQuot<U, V>,
{
    type Output = <<U as Cmp<V>>::Output as PosQuot<U, V>>::Output;
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
/// Both positive: 1 when `A <= B` (no division), else the quotient, plus one when the remainder
/// is not zero.
impl<U: Unsigned + NonZero + Cmp<V>, V: Unsigned + NonZero> CeilDiv<PInt<V>> for PInt<U>
where
    <U as Cmp<V>>::Output: PosCeilDiv<U, V>,
{
    type Output = <<U as Cmp<V>>::Output as PosCeilDiv<U, V>>::Output;
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
