//! The trait solver's integer arithmetic (`cute::statics::arith`, the steps every static
//! operation takes) agrees with integer arithmetic: quotient and remainder, `Quot`, `CeilDiv`,
//! the product and the decrement, on a grid of operands (factors and divisors of 1, powers of
//! two and their neighbours, operands of equal and of different lengths). Each case is a
//! constant, so a wrong answer is a compile error naming the values.

// The grid includes the operands 1, for which `a % 1`, `a / 1` and `a * 1` are what is checked.
#![allow(clippy::modulo_one, clippy::identity_op, clippy::erasing_op)]

use cute::statics::arith::{CeilDiv, Dec, DivRem, MulStatic, Quot};
use cute::typenum::{Integer, PInt, Unsigned, N3, P1, P3, U, Z0};

/// Every check of the positive operands `a` and `b`.
macro_rules! check {
    ($a:literal, $b:literal) => {
        const _: () = {
            type A = U<$a>;
            type B = U<$b>;
            assert!(<<A as DivRem<B>>::Q as Unsigned>::U64 == $a / $b, concat!("DivRem::Q ", $a, " / ", $b));
            assert!(<<A as DivRem<B>>::R as Unsigned>::U64 == $a % $b, concat!("DivRem::R ", $a, " % ", $b));
            assert!(<<PInt<A> as Quot<PInt<B>>>::Output as Integer>::I64 == $a / $b, concat!("Quot ", $a, " / ", $b));
            assert!(
                <<PInt<A> as CeilDiv<PInt<B>>>::Output as Integer>::I64 == ($a + $b - 1) / $b,
                concat!("CeilDiv ", $a, " / ", $b)
            );
            assert!(
                <<PInt<B> as MulStatic<PInt<A>>>::Output as Integer>::I64 == $a * $b,
                concat!("MulStatic ", $b, " * ", $a)
            );
        };
    };
}

/// `check!` for each `a` with every `b` of the list.
macro_rules! row {
    ($a:literal [$($b:literal),*]) => {
        $(check!($a, $b);)*
    };
}
macro_rules! grid {
    ($bs:tt $($a:literal)*) => {
        $(row!($a $bs);)*
        $(const _: () = assert!(<<PInt<U<$a>> as Dec>::Output as Integer>::I64 == $a - 1, concat!("Dec ", $a));)*
    };
}

grid! {
    [1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 15, 16, 17, 31, 32, 33, 64, 100, 255, 256]
    1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 24 31 32 33 48 63 64 65 96 100 127 128 129 255 256 257
    480 511 512 999 1000 1023 1024
}

// The other signs take typenum's arithmetic.
const _: () = assert!(<<P3 as MulStatic<N3>>::Output as Integer>::I64 == -9);
const _: () = assert!(<<N3 as MulStatic<N3>>::Output as Integer>::I64 == 9);
const _: () = assert!(<<Z0 as MulStatic<P3>>::Output as Integer>::I64 == 0);
const _: () = assert!(<<P3 as MulStatic<Z0>>::Output as Integer>::I64 == 0);
const _: () = assert!(<<P1 as MulStatic<N3>>::Output as Integer>::I64 == -3);
const _: () = assert!(<<Z0 as Dec>::Output as Integer>::I64 == -1);
const _: () = assert!(<<N3 as Dec>::Output as Integer>::I64 == -4);
const _: () = assert!(<<N3 as Quot<P3>>::Output as Integer>::I64 == -1);

/// The constants above are the test; this names the file's outcome for the test runner.
#[test]
fn arithmetic_agrees_with_integers() {
    assert_eq!(<<U<1000> as DivRem<U<7>>>::Q as Unsigned>::U64, 142);
    assert_eq!(<<U<1000> as DivRem<U<7>>>::R as Unsigned>::U64, 6);
}
