//! The leaves of mixed int tuples: a static typenum integer or a runtime `i64`, and the
//! arithmetic on them that keeps static what CuTe keeps static.
//!
//! static op static is static; `_0 * x` and `x * _0` are `_0`; `_0 / x`, `_0 % x` and `x % _1` are `_0`;
//! anything else with a runtime operand is runtime. A result's
//! static-ness is its type, so it costs nothing at run time.

use core::fmt;
use core::ops::BitAnd;

use typenum::{Bit, Integer, IsEqual, NInt, NonZero, PInt, Unsigned, B0, B1, P1, Z0};

use super::arith::{CeilDiv, MulStatic, Quot};
use crate::arith::{self, Overflow};

/// A leaf of a mixed int tuple: a static typenum integer (`P4`, `Z0`, `N2`) or a runtime `i64`.
///
/// ```
/// use cute::mixed::Int;
/// assert_eq!(<cute::typenum::P4 as Int>::STATIC, Some(4));
/// assert_eq!(<i64 as Int>::STATIC, None);
/// assert_eq!(7i64.value(), 7);
/// ```
///
/// Sealed: only the crate's own types implement it, since a tensor's unchecked reads rely on
/// its answers (see [`tensor`](crate::tensor)).
pub trait Int: Copy + fmt::Debug + PartialEq + 'static + crate::sealed::Sealed {
    /// The value when it is known at compile time.
    const STATIC: Option<i64>;
    /// The value.
    fn value(self) -> i64;
    /// The leaf holding `v`: a static leaf accepts only its own value.
    fn from_value(v: i64) -> Option<Self>;
    /// The leaf holding `v`, where `v` is known to be a static leaf's own value (a size the
    /// layout type's invariant bounds): a static leaf is its type and does not read it.
    #[doc(hidden)]
    fn of_known(v: i64) -> Self;
}

/// The binary digits of a non-zero typenum integer (`PInt<U>`, `NInt<U>`).
pub trait Digits: Unsigned + NonZero + Copy + Default + fmt::Debug + PartialEq + 'static {}
impl<U: Unsigned + NonZero + Copy + Default + fmt::Debug + PartialEq + 'static> Digits for U {}

/// A static leaf: `PInt`, `NInt` or `Z0`.
///
/// ```
/// fn is_static<T: cute::mixed::StaticInt>() {}
/// is_static::<cute::typenum::N3>();
/// ```
pub trait StaticInt: Int + Integer + Default {}

impl Int for i64 {
    const STATIC: Option<i64> = None;
    #[inline(always)]
    fn value(self) -> i64 {
        self
    }
    fn from_value(v: i64) -> Option<Self> {
        Some(v)
    }
    #[inline(always)]
    fn of_known(v: i64) -> Self {
        v
    }
}

macro_rules! static_int {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> Int for $ty {
            const STATIC: Option<i64> = Some(<$ty as super::tuple::Leaf>::VALUE);
            #[inline(always)]
            fn value(self) -> i64 {
                const { <$ty as super::tuple::Leaf>::VALUE }
            }
            fn from_value(v: i64) -> Option<Self> {
                (v == Self::value(Self::default())).then(Self::default)
            }
            #[inline(always)]
            fn of_known(_: i64) -> Self {
                Self::default()
            }
        }
        impl<$($gen)*> StaticInt for $ty {}
    )*};
}
static_int! {
    [U: Digits] PInt<U>;
    [U: Digits] NInt<U>;
    [] Z0;
}

/// Write a leaf in CuTe's notation: `_4` for a static 4, `4` for a runtime one.
pub(crate) fn write_int<I: Int>(i: I, f: &mut fmt::Formatter<'_>) -> fmt::Result {
    // `{:#}` writes the values alone, as the dynamic engine does (its messages).
    if I::STATIC.is_some() && !f.alternate() {
        write!(f, "_{}", i.value())
    } else {
        write!(f, "{}", i.value())
    }
}

/// `self * rhs`, static when both are, `_0` when either is `_0`.
///
/// ```
/// use cute::mixed::MulI;
/// use cute::typenum::{P3, P4, Z0};
/// let _: P4 = <cute::typenum::P2 as MulI<cute::typenum::P2>>::mul_i(Default::default(), Default::default()).unwrap();
/// let z: Z0 = Z0::new().mul_i(5i64).unwrap();
/// assert_eq!(P3::new().mul_i(5i64), Ok(15));
/// ```
#[doc(hidden)]
pub trait MulI<Rhs>: Int {
    /// The product's leaf type.
    type Output: Int;
    /// The product, or [`Overflow`].
    fn mul_i(self, rhs: Rhs) -> Result<Self::Output, Overflow>;
}
impl<A: StaticInt + MulStatic<B>, B: StaticInt> MulI<B> for A
where
    <A as MulStatic<B>>::Output: StaticInt,
{
    type Output = <A as MulStatic<B>>::Output;
    #[inline(always)]
    fn mul_i(self, _: B) -> Result<Self::Output, Overflow> {
        Ok(Default::default())
    }
}

/// The runtime product of `a` and `b`.
#[inline(always)]
fn runtime_mul<A: Int, B: Int>(a: A, b: B) -> Result<i64, Overflow> {
    arith::mul(a.value(), b.value())
}

macro_rules! mixed_op {
    ($tr:ident, $method:ident, $run:ident; $($({$($gen:tt)*})? $a:ty, $b:ty => $out:tt;)*) => {$(
        impl$(<$($gen)*>)? $tr<$b> for $a {
            type Output = $out;
            #[inline(always)]
            fn $method(self, rhs: $b) -> Result<$out, Overflow> {
                mixed_op!(@value $out, rhs, $run(self, rhs))
            }
        }
    )*};
    (@value Z0, $rhs:ident, $e:expr) => {{ let _ = $rhs; Ok(Z0::new()) }};
    (@value i64, $rhs:ident, $e:expr) => { $e };
}

mixed_op! { MulI, mul_i, runtime_mul;
    i64, i64 => i64;
    Z0, i64 => Z0;
    i64, Z0 => Z0;
    {U: Digits} PInt<U>, i64 => i64;
    {U: Digits} NInt<U>, i64 => i64;
    {U: Digits} i64, PInt<U> => i64;
    {U: Digits} i64, NInt<U> => i64;
}

/// CuTe's `shape_div(a, b)` of two positive integers: `ceil_div(a, b)`. Static when both are;
/// `_0 / x` is `_0`.
///
/// ```
/// use cute::mixed::ShapeDivI;
/// use cute::typenum::{P2, P3, P5, P6};
/// let _: P3 = P6::new().shape_div_i(P2::new()).unwrap();
/// let _: P2 = P5::new().shape_div_i(P3::new()).unwrap();
/// assert_eq!(P2::new().shape_div_i(6i64), Ok(1));
/// ```
#[doc(hidden)]
pub trait ShapeDivI<Rhs>: Int {
    /// The quotient's leaf type.
    type Output: Int;
    /// The quotient, or [`Overflow`]; a runtime zero divisor gives 1.
    fn shape_div_i(self, rhs: Rhs) -> Result<Self::Output, Overflow>;
}

/// A runtime divisor of 0 is a runtime stride 0 in composition's walk: such a leaf of B covers
/// one element of each mode of A (its image is the single offset 0), so the quotient is 1.
#[inline(always)]
fn runtime_shape_div<A: Int, B: Int>(a: A, b: B) -> Result<i64, Overflow> {
    match b.value() {
        0 => Ok(1),
        b => arith::ceil_div(a.value(), b),
    }
}

mixed_op! { ShapeDivI, shape_div_i, runtime_shape_div;
    i64, i64 => i64;
    Z0, i64 => Z0;
    {U: Digits} PInt<U>, i64 => i64;
    {U: Digits} i64, PInt<U> => i64;
}

/// Static operands: CuTe's `ceil_div` in the trait solver. Defined for every sign, so that the
/// result type of an inadmissible operation (a complement of negative strides) still exists and
/// the operation's compile-time check reports the violated condition.
macro_rules! static_shape_div {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<A: StaticInt + CeilDiv<$ty>, $($gen)*> ShapeDivI<$ty> for A
        where
            <A as CeilDiv<$ty>>::Output: StaticInt,
        {
            type Output = <A as CeilDiv<$ty>>::Output;
            #[inline(always)]
            fn shape_div_i(self, _: $ty) -> Result<Self::Output, Overflow> {
                Ok(Default::default())
            }
        }
    )*};
}
static_shape_div! {
    [V: Unsigned + NonZero] PInt<V>;
    [V: Unsigned + NonZero] NInt<V>;
}
/// A static divisor 0, as a runtime one: 1 (a shape of 0 in composition's walk, only in an
/// inadmissible operation, whose check reports it).
impl<A: StaticInt> ShapeDivI<Z0> for A {
    type Output = P1;
    #[inline(always)]
    fn shape_div_i(self, _: Z0) -> Result<P1, Overflow> {
        Ok(P1::new())
    }
}

/// `self / rhs` rounded toward zero (C++'s integer division) of positive leaves: static when
/// both are. (The complement's gap below a mode: its stride over the span of the smaller modes.)
///
/// ```
/// use cute::mixed::int::QuotI;
/// use cute::typenum::{P2, P3, P7, Z0};
/// let _: P3 = P7::new().quot_i(P2::new()).unwrap();
/// let _: Z0 = P2::new().quot_i(P7::new()).unwrap();
/// assert_eq!(7i64.quot_i(P2::new()), Ok(3));
/// assert_eq!(P2::new().quot_i(7i64), Ok(0));
/// ```
#[doc(hidden)]
pub trait QuotI<Rhs>: Int {
    /// The quotient's leaf type.
    type Output: Int;
    /// The quotient, or [`Overflow`] (a zero divisor).
    fn quot_i(self, rhs: Rhs) -> Result<Self::Output, Overflow>;
}
impl<U: Digits, V: Digits> QuotI<PInt<V>> for PInt<U>
where
    PInt<U>: Quot<PInt<V>>,
    <PInt<U> as Quot<PInt<V>>>::Output: StaticInt,
{
    type Output = <PInt<U> as Quot<PInt<V>>>::Output;
    #[inline(always)]
    fn quot_i(self, _: PInt<V>) -> Result<Self::Output, Overflow> {
        Ok(Default::default())
    }
}

// The runtime impls call `arith::div` directly (as `RemI`'s do): through `mixed_op!`'s helper
// the rank-4 complement of benches/mixed_algebra.rs took 3 more instructions (105 -> 108).
impl<U: Digits> QuotI<i64> for PInt<U> {
    type Output = i64;
    #[inline(always)]
    fn quot_i(self, rhs: i64) -> Result<i64, Overflow> {
        arith::div(self.value(), rhs)
    }
}
impl<U: Digits> QuotI<PInt<U>> for i64 {
    type Output = i64;
    #[inline(always)]
    fn quot_i(self, rhs: PInt<U>) -> Result<i64, Overflow> {
        arith::div(self, rhs.value())
    }
}

/// Whether a leaf is statically 1 (`B1` for `P1`, else `B0`, runtime leaves included), and
/// whether it is statically 0.
///
/// ```
/// use cute::mixed::IsStatic;
/// fn one<T: IsStatic<One = cute::typenum::B1>>() {}
/// one::<cute::typenum::P1>();
/// ```
#[doc(hidden)]
pub trait IsStatic {
    /// `B1` when the leaf is the static 1.
    type One: Bit;
    /// `B1` when the leaf is the static 0.
    type Zero: Bit;
}
impl IsStatic for i64 {
    type One = B0;
    type Zero = B0;
}
impl IsStatic for Z0 {
    type One = B0;
    type Zero = B1;
}
impl<U: Unsigned + NonZero> IsStatic for NInt<U> {
    type One = B0;
    type Zero = B0;
}
impl<U: Unsigned + NonZero> IsStatic for PInt<U>
where
    PInt<U>: IsEqual<P1>,
{
    type One = <PInt<U> as IsEqual<P1>>::Output;
    type Zero = B0;
}

/// Whether `Self == Rhs` is known at compile time to hold: `B1` only when both are static and
/// equal (CuTe merges modes in coalesce only on such a proof).
///
/// ```
/// use cute::mixed::ProvablyEqual;
/// fn eq<A: ProvablyEqual<B, Output = cute::typenum::B1>, B>() {}
/// eq::<cute::typenum::P4, cute::typenum::P4>();
/// ```
#[doc(hidden)]
pub trait ProvablyEqual<Rhs> {
    /// `B1` or `B0`.
    type Output: Bit;
}
impl<A: StaticInt + IsEqual<B>, B: StaticInt> ProvablyEqual<B> for A
where
    <A as IsEqual<B>>::Output: Bit,
{
    type Output = <A as IsEqual<B>>::Output;
}
impl ProvablyEqual<i64> for i64 {
    type Output = B0;
}
impl<A: StaticInt> ProvablyEqual<A> for i64 {
    type Output = B0;
}
macro_rules! runtime_ne {
    ($([$($gen:tt)*] $ty:ty;)*) => {$(
        impl<$($gen)*> ProvablyEqual<i64> for $ty {
            type Output = B0;
        }
    )*};
}
runtime_ne! {
    [U: Unsigned + NonZero] PInt<U>;
    [U: Unsigned + NonZero] NInt<U>;
    [] Z0;
}

/// `self % rhs` (C++'s remainder): static when both are; `x % _1` and `_0 % x` are `_0`.
///
/// ```
/// use cute::mixed::int::RemI;
/// use cute::typenum::{P1, P4, Z0};
/// let _: Z0 = 7i64.rem_i(P1::new()).unwrap();
/// let _: Z0 = Z0::new().rem_i(5i64).unwrap();
/// assert_eq!(7i64.rem_i(P4::new()), Ok(3));
/// ```
#[doc(hidden)]
pub trait RemI<Rhs>: Int {
    /// The remainder's leaf type.
    type Output: Int;
    /// The remainder, or [`Overflow`] (a zero divisor, `i64::MIN % -1`).
    fn rem_i(self, rhs: Rhs) -> Result<Self::Output, Overflow>;
}
impl<A: StaticInt + core::ops::Rem<B>, B: StaticInt + typenum::NonZero> RemI<B> for A
where
    <A as core::ops::Rem<B>>::Output: StaticInt,
{
    type Output = <A as core::ops::Rem<B>>::Output;
    #[inline(always)]
    fn rem_i(self, _: B) -> Result<Self::Output, Overflow> {
        Ok(Default::default())
    }
}
impl RemI<i64> for i64 {
    type Output = i64;
    #[inline(always)]
    fn rem_i(self, rhs: i64) -> Result<i64, Overflow> {
        arith::rem(self, rhs)
    }
}
impl RemI<i64> for Z0 {
    type Output = Z0;
    #[inline(always)]
    fn rem_i(self, _: i64) -> Result<Z0, Overflow> {
        Ok(Z0::new())
    }
}
impl<U: Digits> RemI<i64> for PInt<U> {
    type Output = i64;
    #[inline(always)]
    fn rem_i(self, rhs: i64) -> Result<i64, Overflow> {
        arith::rem(self.value(), rhs)
    }
}
impl<U: Digits> RemI<i64> for NInt<U> {
    type Output = i64;
    #[inline(always)]
    fn rem_i(self, rhs: i64) -> Result<i64, Overflow> {
        arith::rem(self.value(), rhs)
    }
}
impl<U: Digits> RemI<PInt<U>> for i64
where
    PInt<U>: IsEqual<P1>,
    <PInt<U> as IsEqual<P1>>::Output: ZeroIfOne,
{
    type Output = <<PInt<U> as IsEqual<P1>>::Output as ZeroIfOne>::Output;
    #[inline(always)]
    fn rem_i(self, rhs: PInt<U>) -> Result<Self::Output, Overflow> {
        Ok(<<PInt<U> as IsEqual<P1>>::Output as ZeroIfOne>::pick(arith::rem(self, rhs.value())?))
    }
}
impl<U: Digits> RemI<NInt<U>> for i64 {
    type Output = i64;
    #[inline(always)]
    fn rem_i(self, rhs: NInt<U>) -> Result<i64, Overflow> {
        arith::rem(self, rhs.value())
    }
}

/// `Z0` for `B1` (a remainder by `_1`), `i64` for `B0`.
pub trait ZeroIfOne {
    /// The leaf type.
    type Output: Int;
    /// The leaf: `_0`, or the runtime remainder `v`.
    fn pick(v: i64) -> Self::Output;
}
impl ZeroIfOne for B1 {
    type Output = Z0;
    #[inline(always)]
    fn pick(_: i64) -> Z0 {
        Z0::new()
    }
}
impl ZeroIfOne for B0 {
    type Output = i64;
    #[inline(always)]
    fn pick(v: i64) -> i64 {
        v
    }
}

/// Whether every leaf of a tuple is static: `B1` for typenum integers and tuples of them, `B0`
/// as soon as one leaf is a runtime `i64`. Operations whose static and runtime forms differ
/// (a cotarget computed from sizes, the static face's exact conditions) choose by this bit.
///
/// ```
/// use cute::mixed::AllStatic;
/// use cute::typenum::{B0, B1, P4};
/// fn is<T: AllStatic<Is = B>, B>() {}
/// is::<cute::HCons<P4, cute::HNil>, B1>();
/// is::<cute::HCons<P4, cute::HCons<i64, cute::HNil>>, B0>();
/// ```
pub trait AllStatic {
    /// `B1` or `B0`.
    type Is: Bit;
}
impl AllStatic for i64 {
    type Is = B0;
}
impl<U: Unsigned + NonZero> AllStatic for PInt<U> {
    type Is = B1;
}
impl<U: Unsigned + NonZero> AllStatic for NInt<U> {
    type Is = B1;
}
impl AllStatic for Z0 {
    type Is = B1;
}
impl AllStatic for frunk_core::hlist::HNil {
    type Is = B1;
}
/// A tuple by the kind of its first entry, matched by the impl's header: a static leaf leaves
/// the answer to the rest, a runtime leaf settles it, and only a nested entry combines two.
macro_rules! all_static_after {
    ($([$($gen:tt)*] $h:ty;)*) => {$(
        impl<$($gen)* T: AllStatic> AllStatic for frunk_core::hlist::HCons<$h, T> {
            type Is = T::Is;
        }
    )*};
}
all_static_after! {
    [U: Unsigned + NonZero,] PInt<U>;
    [U: Unsigned + NonZero,] NInt<U>;
    [] Z0;
    [] frunk_core::hlist::HNil;
    [] super::Underscore;
}
impl<T> AllStatic for frunk_core::hlist::HCons<i64, T> {
    type Is = B0;
}
/// `AllStatic` of a tuple whose head is `$h`, itself all static or not (the layout type and
/// the scaled basis add theirs where they are defined).
macro_rules! all_static_both {
    ($([$($gen:tt)*] $h:ty;)*) => {$(
        impl<$($gen)* T: AllStatic> AllStatic for frunk_core::hlist::HCons<$h, T>
        where
            $h: AllStatic,
            <$h as AllStatic>::Is: core::ops::BitAnd<T::Is>,
            <<$h as AllStatic>::Is as core::ops::BitAnd<T::Is>>::Output: typenum::Bit,
        {
            type Is = <<$h as AllStatic>::Is as core::ops::BitAnd<T::Is>>::Output;
        }
    )*};
}
all_static_both! {
    [H1, H2,] frunk_core::hlist::HCons<H1, H2>;
}
pub(crate) use all_static_both;

/// Whether every leaf of both `Self` and `B` is static.
#[doc(hidden)]
pub trait BothStatic<B> {
    /// `B1` or `B0`.
    type Is: Bit;
}
impl<A: AllStatic, B: AllStatic> BothStatic<B> for A
where
    A::Is: BitAnd<B::Is>,
    <A::Is as BitAnd<B::Is>>::Output: Bit,
{
    type Is = <A::Is as BitAnd<B::Is>>::Output;
}

/// The bit of [`BothStatic`].
pub type Both<A, B> = <A as BothStatic<B>>::Is;
impl AllStatic for super::Underscore {
    type Is = B1;
}
