//! Checked integer arithmetic shared by every face of the algebra.
//!
//! CuTe C++ computes with `int` and wraps or traps on overflow; here every operation that can
//! overflow is checked and reports [`Overflow`] instead, so no input produces a wrapped value.

/// An `i64` operation overflowed; carries the operation and its operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Overflow {
    /// The operator that overflowed: `"+"`, `"*"`, `"/"`, `"%"`, `"<<"`, `"abs"`,
    /// `"ceil_div"`.
    pub op: &'static str,
    /// Left operand.
    pub lhs: i64,
    /// Right operand (0 for unary operations).
    pub rhs: i64,
}

/// Result of a checked operation.
pub type Checked = Result<i64, Overflow>;

macro_rules! checked_binop {
    ($(#[$doc:meta])* $name:ident, $method:ident, $op:literal) => {
        $(#[$doc])*
        #[inline]
        pub const fn $name(a: i64, b: i64) -> Checked {
            match a.$method(b) {
                Some(v) => Ok(v),
                None => Err(Overflow { op: $op, lhs: a, rhs: b }),
            }
        }
    };
}

checked_binop!(
    /// `a + b`, or [`Overflow`].
    add, checked_add, "+");
checked_binop!(
    /// `a * b`, or [`Overflow`].
    mul, checked_mul, "*");
checked_binop!(
    /// `a / b` truncating toward zero (C++ semantics), or [`Overflow`] (also for `b == 0`).
    div, checked_div, "/");
checked_binop!(
    /// `a % b` with the sign of `a` (C++ semantics), or [`Overflow`] (also for `b == 0`).
    rem, checked_rem, "%");

/// `|a|`, or [`Overflow`] for `i64::MIN`.
#[inline]
pub const fn abs(a: i64) -> Checked {
    match a.checked_abs() {
        Some(v) => Ok(v),
        None => Err(Overflow { op: "abs", lhs: a, rhs: 0 }),
    }
}

/// The sign of `a`: -1, 0 or 1.
#[inline]
pub const fn signum(a: i64) -> i64 {
    a.signum()
}

/// `ceil(a / b)` as CuTe computes it, `(a + b - 1) / b` with truncating division.
///
/// For positive operands this is the ceiling of the quotient; CuTe applies the same formula to
/// any sign, and so does this function. The sum is formed exactly, so only a quotient that does
/// not fit (or `b == 0`) is an [`Overflow`].
#[inline]
pub const fn ceil_div(a: i64, b: i64) -> Checked {
    if b == 0 {
        return Err(Overflow { op: "ceil_div", lhs: a, rhs: b });
    }
    // Where the sum fits, in i64 (an i128 division is a library call, ten times dearer):
    // `checked_div` fails only for i64::MIN / -1, whose quotient does not fit either way.
    if let Some(sum) = a.checked_add(b) {
        if let Some(sum) = sum.checked_sub(1) {
            return match sum.checked_div(b) {
                Some(q) => Ok(q),
                None => Err(Overflow { op: "ceil_div", lhs: a, rhs: b }),
            };
        }
    }
    // In range: i64 operands widened to i128 sum without overflow, and b != 0.
    #[allow(clippy::arithmetic_side_effects)]
    let q = (a as i128 + b as i128 - 1) / b as i128;
    if q < i64::MIN as i128 || q > i64::MAX as i128 {
        return Err(Overflow { op: "ceil_div", lhs: a, rhs: b });
    }
    // In range: q was just bounded to i64.
    #[allow(clippy::cast_possible_truncation)]
    let q = q as i64;
    Ok(q)
}

/// [`ceil_div`] where the operands are most often positive (a layout's extents): then
/// `(a - 1) / b + 1`, the same quotient with nothing to overflow, else [`ceil_div`]. A separate
/// function: the test in front of `ceil_div` itself changed LLVM's inlining of the dynamic
/// engine's complements (+30 to +40 instructions each).
#[inline(always)]
pub const fn ceil_div_positive(a: i64, b: i64) -> Checked {
    if a > 0 && b > 0 {
        // In range: `a - 1 >= 0`, `b > 0`, and the quotient plus one is at most `a`.
        #[allow(clippy::arithmetic_side_effects)]
        return Ok((a - 1) / b + 1);
    }
    ceil_div(a, b)
}

/// An i64 result whose computation may overflow in an intermediate step although the exact
/// result fits: `checked` is the computation in i64; when it overflows, `exact` recomputes the
/// value in i128 (`None` if that overflows too) and a value that fits is the result. Otherwise
/// the i64 overflow stands, naming the operation that overflowed. (`E` is the overflow: this
/// module's [`Overflow`], or an engine error the caller has found to be one.)
pub fn or_exact<E>(checked: Result<i64, E>, exact: impl FnOnce() -> Option<i128>) -> Result<i64, E> {
    match checked {
        Ok(v) => Ok(v),
        Err(o) => match exact().map(i64::try_from) {
            Some(Ok(v)) => Ok(v),
            _ => Err(o),
        },
    }
}

/// The product of `values` (a size: 1 for none), or the [`Overflow`] of the first partial
/// product past i64.
#[cfg(feature = "alloc")]
pub fn product(values: &[i64]) -> Checked {
    values.iter().try_fold(1i64, |acc, &x| mul(acc, x))
}

/// `1 + sum((s - 1) * |d|)` over the leaves `s:d` (CuTe's `cosize` for integer strides), an
/// [`Overflow`] only when the exact value does not fit.
// Inlined: a layout with runtime leaves checks its cosize when it is made, on a few leaves,
// where the call cost as much as the walk.
#[inline]
pub fn cosize(shape: &[i64], stride: &[i64]) -> Checked {
    // The common case in plain checked arithmetic (the `Checked` walk below costs several times
    // as many instructions per leaf); it names the overflow only where this one finds one.
    let mut hi = 1i64;
    for (&s, &d) in shape.iter().zip(stride) {
        match s.checked_sub(1).zip(d.checked_abs()).and_then(|(s, d)| s.checked_mul(d)).and_then(|t| hi.checked_add(t))
        {
            Some(next) => hi = next,
            None => return cosize_slow(shape, stride),
        }
    }
    Ok(hi)
}

/// [`cosize`] where a term or the sum does not fit in i64: the exact value if it fits, else the
/// overflow that the i64 walk meets.
fn cosize_slow(shape: &[i64], stride: &[i64]) -> Checked {
    let checked = || -> Checked {
        let mut hi = 0i64;
        for (&s, &d) in shape.iter().zip(stride) {
            if s != 1 {
                hi = add(hi, mul(add(s, -1)?, abs(d)?)?)?;
            }
        }
        add(hi, 1)
    };
    or_exact(checked(), || {
        let mut hi = 1i128;
        for (&s, &d) in shape.iter().zip(stride) {
            // In range: an i64 widened to i128 less 1, and |i64::MIN| as an i128.
            #[allow(clippy::arithmetic_side_effects)]
            let (s, d) = (i128::from(s) - 1, i128::from(d).abs());
            hi = hi.checked_add(s.checked_mul(d)?)?;
        }
        Some(hi)
    })
}

/// `(s - 1) * |d|`, what a leaf `s:d` adds to the span of a layout's offsets, or `None` where it
/// does not fit in i64.
pub(crate) const fn span(s: i64, d: i64) -> Option<i64> {
    match (s.checked_sub(1), d.checked_abs()) {
        (Some(s), Some(d)) => s.checked_mul(d),
        _ => None,
    }
}

/// The value of a static (typenum) integer, given as its `I128`: typenum computes `I64` modulo
/// 2^64, so a leaf past i64 would be read wrapped; here it is a panic, which in the constants
/// that read every static leaf is a compile error naming it.
pub(crate) const fn static_i64(v: i128) -> i64 {
    if v < i64::MIN as i128 || v > i64::MAX as i128 {
        panic!("a static integer of a layout does not fit in i64");
    }
    // In range: just compared with i64's bounds.
    #[allow(clippy::cast_possible_truncation)]
    let v = v as i64;
    v
}

/// The greatest common divisor of `|a|` and `|b|` (`gcd(0, 0) == 0`).
#[inline]
pub const fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        // In range: b != 0.
        #[allow(clippy::arithmetic_side_effects)]
        let t = a % b;
        a = b;
        b = t;
    }
    // gcd(i64::MIN, 0) is 2^63, which does not fit; saturate (callers use positive shapes).
    if a > i64::MAX as u64 {
        i64::MAX
    } else {
        // In range: a <= i64::MAX.
        #[allow(clippy::cast_possible_wrap)]
        let a = a as i64;
        a
    }
}

/// The most work a pointwise check does (a swizzled layout's inverse): its indices times the
/// leaves each evaluation walks, so that no input makes a check run long (see
/// [`ComposedLayout::right_inverse`](crate::ComposedLayout::right_inverse)).
///
/// ```
/// assert_eq!(cute::composed::MAX_CHECKED, 1 << 20);
/// ```
pub const MAX_CHECKED: i64 = 1 << 20;

/// Whether checking `n` indices of layouts of `leaves` leaves in all (at least one evaluated
/// per index) stays within [`MAX_CHECKED`].
// In range: |n| < 2^63 and leaves < 2^64, so the product fits in i128.
#[allow(clippy::arithmetic_side_effects)]
pub(crate) const fn within_budget(n: i64, leaves: usize) -> bool {
    let leaves = if leaves == 0 { 1 } else { leaves };
    n as i128 * leaves as i128 <= MAX_CHECKED as i128
}

/// `|d|` of a static stride leaf.
///
/// ```
/// use cute::tensor::AbsValue;
/// use cute::typenum::{Unsigned, N3};
/// assert_eq!(<<N3 as AbsValue>::Output as Unsigned>::USIZE, 3);
/// ```
#[doc(hidden)]
pub trait AbsValue {
    /// The magnitude, a typenum unsigned.
    type Output;
}
impl<U: typenum::Unsigned + typenum::NonZero> AbsValue for typenum::PInt<U> {
    type Output = U;
}
impl<U: typenum::Unsigned + typenum::NonZero> AbsValue for typenum::NInt<U> {
    type Output = U;
}
impl AbsValue for typenum::Z0 {
    type Output = typenum::U0;
}

/// An unsigned integer as a typenum integer: `Z0` or `PInt`.
pub trait ToInt {
    /// The integer.
    type Output;
}
impl ToInt for typenum::UTerm {
    type Output = typenum::Z0;
}
impl<H, X> ToInt for typenum::UInt<H, X>
where
    typenum::UInt<H, X>: typenum::Unsigned + typenum::NonZero,
{
    type Output = typenum::PInt<typenum::UInt<H, X>>;
}

#[cfg(test)]
mod examples {
    use std::string::ToString;

    #[test]
    fn example_overflow() {
        let e = crate::arith::mul(i64::MAX, 2).unwrap_err();
        assert_eq!(e.to_string(), "9223372036854775807 * 2 does not fit in i64");
    }

    #[test]
    fn example_checked() {
        let r: crate::arith::Checked = crate::arith::add(1, 2);
        assert_eq!(r, Ok(3));
    }

    #[test]
    fn example_item() {
        assert_eq!(crate::arith::add(2, 3), Ok(5));
        assert!(crate::arith::add(i64::MAX, 1).is_err());
    }

    #[test]
    fn or_exact_keeps_a_fitting_result_and_the_overflow_otherwise() {
        let product = crate::arith::mul(2, -4611686018427387905);
        let exact = crate::arith::or_exact(product.and_then(|p| crate::arith::add(p, 2)), || {
            Some(2 * -4611686018427387905i128 + 2)
        });
        assert_eq!(exact, Ok(i64::MIN));
        let too_big = crate::arith::or_exact(crate::arith::mul(3, i64::MAX), || Some(3 * i64::MAX as i128));
        assert_eq!(too_big, crate::arith::mul(3, i64::MAX));
        assert_eq!(crate::arith::cosize(&[1], &[i64::MIN]), Ok(1));
        assert_eq!(crate::arith::cosize(&[2, 2], &[i64::MAX, i64::MAX]).unwrap_err().op, "+");
    }

    #[test]
    fn example_item_3() {
        assert_eq!(crate::arith::mul(4, -3), Ok(-12));
        assert!(crate::arith::mul(1 << 40, 1 << 40).is_err());
    }

    #[test]
    fn example_item_4() {
        assert_eq!(crate::arith::div(-7, 2), Ok(-3));
        assert!(crate::arith::div(1, 0).is_err());
    }

    #[test]
    fn example_item_5() {
        assert_eq!(crate::arith::rem(-7, 2), Ok(-1));
    }

    #[test]
    fn example_abs() {
        assert_eq!(crate::arith::abs(-4), Ok(4));
    }

    #[test]
    fn example_signum() {
        assert_eq!(crate::arith::signum(-9), -1);
    }

    /// The run-time `ceil_div` is CuTe's `(a + b - 1) / b` formed exactly (in i128), for operands
    /// near the ends of i64 and around 0, where its i64 path and its i128 fallback meet: the same
    /// quotient, or an overflow exactly where the quotient does not fit; `ceil_div_positive`
    /// gives what it gives.
    #[test]
    fn runtime_ceil_div_is_the_exact_formula() {
        let edges = [
            i64::MIN,
            i64::MIN + 1,
            i64::MIN + 2,
            -3,
            -2,
            -1,
            0,
            1,
            2,
            3,
            4,
            6,
            7,
            8,
            9,
            i64::MAX - 2,
            i64::MAX - 1,
            i64::MAX,
        ];
        for a in edges {
            for b in edges {
                let got = crate::arith::ceil_div(a, b);
                assert_eq!(crate::arith::ceil_div_positive(a, b), got, "ceil_div_positive({}, {})", a, b);
                if b == 0 {
                    assert!(got.is_err(), "{} / 0", a);
                    continue;
                }
                let exact = (i128::from(a) + i128::from(b) - 1) / i128::from(b);
                match i64::try_from(exact) {
                    Ok(q) => assert_eq!(got, Ok(q), "ceil_div({}, {})", a, b),
                    Err(_) => assert_eq!(got.unwrap_err().op, "ceil_div", "ceil_div({}, {})", a, b),
                }
            }
        }
    }

    #[test]
    fn example_ceil_div() {
        assert_eq!(crate::arith::ceil_div(7, 2), Ok(4));
        assert_eq!(crate::arith::ceil_div(8, 2), Ok(4));
        // The sum a + b - 1 is formed exactly: only the quotient must fit.
        assert_eq!(crate::arith::ceil_div(i64::MAX - 1, 2), Ok(i64::MAX / 2));
        assert_eq!(crate::arith::ceil_div(i64::MIN, -1).unwrap_err().op, "ceil_div");
        assert!(crate::arith::ceil_div(1, 0).is_err());
    }

    #[test]
    fn example_gcd() {
        assert_eq!(crate::arith::gcd(12, -18), 6);
    }
}
