//! The static inverses (right_inverse, left_inverse, max_common_vector, max_common_layout):
//! some result types written out by hand, and every result compared with the dynamic engine on
//! the same layouts and checked against its post-condition. The cases include ties in strides
//! (the sort is stable), stride-0 modes, negative strides (right inverse and common vector
//! only) and non-injective layouts whose quasi-inverse exists.

#![allow(clippy::type_complexity)]

use cute::dynamic;
use cute::mixed::{MixedTuple, Offset};
use cute::statics::{CommonLayout, LeftInverse, MaxCommonVector, RightInverse};
use cute::typenum::consts::*;
use cute::{left_inverse, max_common_layout, max_common_vector, right_inverse, HCons, HNil, Layout};
use static_assertions::assert_type_eq_all;

use super::static_common::agrees;

/// A static tuple in CuTe's notation over typenum constants: `t!((P4,(P3,P2)))` is `(4,(3,2))`,
/// `t!(P4)` the leaf 4 and `t!((P4))` the rank-1 tuple `(4)`.
macro_rules! t {
    (( $($x:tt),* $(,)? )) => { t_list!($($x),*) };
    ($x:ty) => { $x };
}
macro_rules! t_list {
    () => { HNil };
    ($h:tt $(, $rest:tt)*) => { HCons<t!($h), t_list!($($rest),*)> };
}
/// A static layout in CuTe's notation: `l!((P4,P8):(P1,P4))`.
macro_rules! l {
    ($s:tt : $d:tt) => { Layout<t!($s), t!($d)> };
}

/// `r = right_inverse(l)`: the dynamic engine's result, and `l(r(i)) == i` for `i < size(r)`.
#[track_caller]
fn right_ok<S: MixedTuple + Offset<D>, D: MixedTuple, RS: MixedTuple + Offset<RD>, RD: MixedTuple>(
    l: Layout<S, D>,
    r: Layout<RS, RD>,
) {
    let dl = l.to_dynamic();
    agrees(r.to_dynamic(), dynamic::right_inverse(&dl));
    for i in 0..r.size() {
        assert_eq!(l.call(r.call(i as usize) as usize), i as isize, "right_inverse({dl}) = {r} at {i}");
    }
}

/// `r = left_inverse(l)`: the dynamic engine's result, and `r(l(i)) == i` for `i < size(l)` when
/// `l` is injective, `l(r(l(i))) == l(i)` when it is not. Returns whether `l` is injective.
#[track_caller]
fn left_ok<S: MixedTuple + Offset<D>, D: MixedTuple, RS: MixedTuple + Offset<RD>, RD: MixedTuple>(
    l: Layout<S, D>,
    r: Layout<RS, RD>,
) -> bool {
    let dl = l.to_dynamic();
    agrees(r.to_dynamic(), dynamic::left_inverse(&dl));
    let image: Vec<isize> = (0..l.size() as usize).map(|i| l.call(i)).collect();
    let mut distinct = image.clone();
    distinct.sort();
    distinct.dedup();
    let injective = distinct.len() == image.len();
    for (i, &x) in image.iter().enumerate() {
        let back = r.call(x as usize);
        if injective {
            assert_eq!(back, i as isize, "left_inverse({dl}) = {r} at {i}");
        } else {
            assert_eq!(l.call(back as usize), x, "left_inverse({dl}) = {r} is no quasi-inverse at {i}");
        }
    }
    injective
}

/// `n = max_common_vector(a, b)` and `r = max_common_layout(a, b)`: the dynamic engine's
/// results, `size(r) == n`, and `a(r(i)) == i == b(r(i))` for `i < n`.
#[track_caller]
fn common_ok<SA, DA, SB, DB, RS, RD>(a: Layout<SA, DA>, b: Layout<SB, DB>, n: i64, r: Layout<RS, RD>)
where
    SA: MixedTuple + Offset<DA>,
    DA: MixedTuple,
    SB: MixedTuple + Offset<DB>,
    DB: MixedTuple,
    RS: MixedTuple + Offset<RD>,
    RD: MixedTuple,
{
    let (da, db) = (a.to_dynamic(), b.to_dynamic());
    assert_eq!(n, dynamic::max_common_vector(&da, &db).unwrap(), "max_common_vector({da}, {db})");
    agrees(r.to_dynamic(), dynamic::max_common_layout(&da, &db));
    assert_eq!(r.size(), n);
    for i in 0..n {
        let x = r.call(i as usize) as usize;
        assert_eq!((a.call(x), b.call(x)), (i as isize, i as isize), "max_common_layout({da}, {db}) = {r} at {i}");
    }
}

/// Run [`right_ok`] on each layout; evaluates to the number of cases.
macro_rules! right_cases {
    ($($s:tt : $d:tt),+ $(,)?) => {{
        let mut n = 0;
        $(
            right_ok(<l!($s : $d)>::new(), right_inverse(<l!($s : $d)>::new()));
            n += 1;
        )+
        n
    }};
}

/// Run [`left_ok`] on each layout; evaluates to the number of non-injective cases.
macro_rules! left_cases {
    ($($s:tt : $d:tt),+ $(,)?) => {{
        let mut n = 0;
        $(
            if !left_ok(<l!($s : $d)>::new(), left_inverse(<l!($s : $d)>::new())) {
                n += 1;
            }
        )+
        n
    }};
}

/// Run [`common_ok`] on each pair `A, B`; evaluates to the number of pairs sharing a vector
/// longer than 1.
macro_rules! common_cases {
    ($($sa:tt : $da:tt, $sb:tt : $db:tt);+ $(;)?) => {{
        let mut n = 0;
        $(
            let (a, b) = (<l!($sa : $da)>::new(), <l!($sb : $db)>::new());
            let v = max_common_vector(a, b);
            common_ok(a, b, v, max_common_layout(a, b));
            if v > 1 {
                n += 1;
            }
        )+
        n
    }};
}

#[test]
fn right_inverse_types() {
    // The paper's examples.
    assert_type_eq_all!(RightInverse<l!(P4:P1)>, Layout<P4, P1>);
    assert_type_eq_all!(RightInverse<l!(P4:P2)>, Layout<P1, Z0>);
    assert_type_eq_all!(RightInverse<l!((P4,P8):(P1,P4))>, Layout<P32, P1>);
    assert_type_eq_all!(RightInverse<l!((P4,P8):(P8,P1))>, l!((P8,P4):(P4,P1)));
    assert_type_eq_all!(RightInverse<l!((P2,P4,P6):(P4,P1,P8))>, l!((P4,P2,P6):(P2,P1,P8)));
    // A tie in strides: the stride-1 mode that comes first is on the chain.
    assert_type_eq_all!(RightInverse<l!((P4,P5,P6):(P1,P1,P4))>, l!((P4,P6):(P1,P20)));
    assert_type_eq_all!(RightInverse<l!((P3,P2):(P1,P1))>, Layout<P3, P1>);
    // Negative and zero strides are never on the chain.
    assert_type_eq_all!(RightInverse<l!(((P8,P3),P16):((N48,P16),P1))>, l!((P16,P3):(P24,P8)));
    assert_type_eq_all!(RightInverse<l!((P7,P5,P9):(P2,Z0,P1))>, Layout<P9, P35>);
    assert_eq!(right_inverse(<l!((P4,P8):(P8,P1))>::new()).to_string(), "(_8,_4):(_4,_1)");
}

#[test]
fn right_inverse_agrees_with_the_dynamic_engine() {
    let n = right_cases!(
        P4:P1,
        P4:P2,
        (P4,P8):(P1,P4),
        (P4,P8):(P8,P1),
        (P4,P8):(P1,P5),
        (P8,P4):(P4,P1),
        (P2,P4,P6):(P4,P1,P8),
        (P4,P2):(P1,P16),
        (P2,P4):(Z0,P2),
        (P3,P7):(Z0,Z0),
        (P4,P5,P6):(P1,P1,P4),
        (P7,P5,P9):(P2,Z0,P1),
        (P1,(P8,P2),P6,P8):(P1,(P1,P48),P8,P96),
        ((P3,P2,P3),P3):((P18,P9,P3),P1),
        (P3,(P4,P16,P3)):(P1,(P3,Z0,P192)),
        ((P12,P1),P8,P3):((P24,P24),P1,P8),
        ((P1,P3),(P2,P4)):((P12,P12),(P1,P7)),
        (P1,P5,P3,P12):(P1,P1,P5,P15),
        ((P12,P2),(P16,P2)):((P1,P12),(P48,P24)),
        ((P8,P3),P16):((N48,P16),P1),
        (P4):(N1),
        (P2,P12,P16):(P1,Z0,P24),
        ((P6,P8),P2):((P20,P8),N20),
        ((P8,P3)):((N1,N8)),
        P1:P1,
        P1:P7,
        (P3,P2):(P1,P1),
        (P2,P3):(P1,P1),
        (P2,P2):(P1,P1),
        (P2,P2,P3):(P1,P1,P1),
        (P4,P4):(P1,N1),
        P8:N1,
        (P2,P4):(N1,P2),
        (P2,P4):(P1,Z0),
        (P4,P2,P3):(P2,P1,P8),
        (P4,P6):(P1,P2),
    );
    assert_eq!(n, 36);
}

#[test]
fn left_inverse_types() {
    assert_type_eq_all!(LeftInverse<l!(P4:P1)>, Layout<P4, P1>);
    assert_type_eq_all!(LeftInverse<l!(P4:P2)>, l!((P2,P4):(Z0,P1)));
    assert_type_eq_all!(LeftInverse<l!((P4,P8):(P1,P5))>, l!((P5,P8):(P1,P4)));
    assert_type_eq_all!(LeftInverse<l!((P2,P4,P8):(P32,Z0,P2))>, l!((P2,P16,P2):(Z0,P8,P1)));
    // Non-injective, with a quasi-inverse: ties keep their mode order.
    assert_type_eq_all!(LeftInverse<l!((P2,P2):(P1,P1))>, Layout<P2, P2>);
    assert_type_eq_all!(LeftInverse<l!((P3,P2):(P1,P1))>, Layout<P2, P3>);
    assert_type_eq_all!(LeftInverse<l!((P2,P3):(P1,P1))>, Layout<P3, P2>);
    // Stride 0 everywhere.
    assert_type_eq_all!(LeftInverse<l!((P3,P3):(Z0,Z0))>, Layout<P9, Z0>);
    assert_eq!(left_inverse(<l!((P4,P8):(P1,P5))>::new()).to_string(), "(_5,_8):(_1,_4)");
}

#[test]
fn left_inverse_agrees_with_the_dynamic_engine() {
    let non_injective = left_cases!(
        P4:P1,
        P4:P2,
        (P4,P8):(P1,P4),
        (P4,P8):(P8,P1),
        (P4,P8):(P1,P5),
        (P8,P4):(P4,P1),
        (P2,P4,P6):(P4,P1,P8),
        (P4,P2):(P1,P16),
        (P2,P4,P8):(P32,Z0,P2),
        (P6,P8):(Z0,P6),
        (P3,P6):(Z0,P3),
        ((P4,P3),(P5,P5)):((P1,P12),(P36,P180)),
        ((P2,P4),P4,P2):((P32,P8),P2,P1),
        ((P5,P2,P2),P6):((P24,P6,P12),P1),
        (P4,P3):(Z0,P4),
        ((P12),P4):((P4),P1),
        ((P5,P8,P8)):((Z0,P5,P40)),
        (P2,(P4,P3,P1)):(Z0,(P1,P4,P12)),
        (P12,P1):(P1,P12),
        (P6,P6):(P1,Z0),
        P1:P12,
        (P6,(P4,P4),P5):(P80,(P20,P5),P1),
        P16:P2,
        (P8,(P2,P12)):(P1,(Z0,P16)),
        (P4,P2,P3):(P2,P1,P8),
        // Non-injective layouts whose quasi-inverse exists.
        (P2,P2):(P1,P1),
        (P3,P2):(P1,P1),
        (P2,P3):(P1,P1),
        (P4,P3):(P1,P1),
        (P2,P2,P3):(P1,P1,P1),
        (P2,P2,P2):(P1,P1,P2),
        (P4,P6):(P1,P2),
        (P3,P3):(Z0,Z0),
        P8:Z0,
    );
    assert_eq!(non_injective, 17);
}

#[test]
fn max_common_vector_types_and_constants() {
    type A = l!((P4,P8):(P1,P4));
    type B = l!((P4,P8):(P1,P8));
    type C = l!((P4,P8):(P8,P1));
    const AA: i64 = <A as MaxCommonVector<A>>::VALUE;
    let (ab, ac) = (max_common_vector(A::new(), B::new()), max_common_vector(A::new(), C::new()));
    assert_eq!((ab, AA, ac), (4, 32, 1));
    assert_type_eq_all!(<A as MaxCommonVector<B>>::Shape, P4);
    assert_type_eq_all!(<A as MaxCommonVector<B>>::Stride, P1);
    assert_type_eq_all!(<A as MaxCommonVector<C>>::Shape, P1);
    assert_type_eq_all!(<A as MaxCommonVector<C>>::Stride, Z0);
    assert_type_eq_all!(CommonLayout<A, B>, Layout<P4, P1>);
    assert_type_eq_all!(CommonLayout<A, A>, Layout<P32, P1>);
    assert_type_eq_all!(CommonLayout<A, C>, Layout<P1, Z0>);
    // C shares all its 32 elements with itself: the common layout is right_inverse(C), into C's
    // domain.
    assert_type_eq_all!(CommonLayout<C, C>, l!((P8,P4):(P4,P1)));
    assert_type_eq_all!(CommonLayout<l!((P5,(P1,P6),P6):(P72,(P1,P1),P12)), l!((P5,(P1,P6),P6):(P6,(P1,P1),P30))>, Layout<P6, P5>);
    assert_eq!(max_common_layout(C::new(), C::new()).to_string(), "(_8,_4):(_4,_1)");
}

#[test]
fn max_common_vector_and_layout_agree_with_the_dynamic_engine() {
    let shared = common_cases!(
        (P4,P8):(P1,P4), (P4,P8):(P1,P8);
        (P4,P8):(P1,P4), (P4,P8):(P8,P1);
        (P4,P8):(P8,P1), (P4,P8):(P8,P1);
        (P1,P3):(P3,P1), (P1,P3):(P3,P1);
        (P4):(P1), (P4):(N1);
        (P3,(P4,P2)):(P4,(P1,P12)), P24:Z0;
        (P3):(Z0), (P3):(N2);
        (P4,P2):(Z0,P4), (P4,P2):(Z0,P4);
        ((P5,P2),P8):((P1,P5),N10), ((P5,P2),P8):((P1,P5),N10);
        (P8,P8):(P1,P8), (P8,P8):(Z0,Z0);
        (P2,P4):(P1,P2), (P2,P4):(P1,P2);
        ((P2,P5),P2):((P10,P2),P1), ((P2,P5),P2):((P10,P2),P1);
        ((P8,P6,P8),P2):((P1,P8,Z0),P384), ((P8,P6,P8),P2):((P1,P8,P48),P384);
        (P6,P3,P4):(Z0,P9,P32), (P6,P3,P4):(P12,Z0,P1);
        P8:Z0, (P2,P4):(P1,P2);
        (P12,P2):(P4,P8), (P12,P2):(P1,P12);
        (P8):(P1), (P2,P4):(P1,N2);
        (P2,(P1,(P3,P1))):(P1,(P2,(P2,P6))), (P2,(P1,(P3,P1))):(P1,(P2,(P2,P6)));
        (P16,P3):(P1,P49), (P16,P3):(P1,P16);
        (P6,P2):(P1,P6), (P2,P3,P2):(P1,P2,P6);
        (P6,P4,P1,(P2,P2)):(P4,Z0,P1,(P2,P1)), (P6,P4,P1,(P2,P2)):(P16,P4,P4,(P2,P1));
        (P4,P2,P4):(P1,P8,P16), (P4,P2,P4):(P1,P4,P8);
        (P8,P3,P4):(P1,P8,N24), (P2,P2,P24):(P1,P2,P4);
        (P5,(P1,P6),P6):(P72,(P1,P1),P12), (P5,(P1,P6),P6):(P6,(P1,P1),P30);
        (P8,(P5,P4)):(P5,(P1,P40)), (P8,(P5,P4)):(P5,(P1,P40));
        (P4,P8,P8):(P1,P4,P32), (P2,P2,P4,P2,P4,P2):(P1,P2,P4,P16,P32,P128);
        (P8,P12,P5):(P1,P8,P96), (P2,P4,P2,P2,P3,P5):(P1,N2,P8,N16,P32,N96);
        ((P8,P2),(P2,P2)):((P1,Z0),(P16,P32)), ((P8,P2),(P2,P2)):((P1,Z0),(P16,P32));
        (P4,P3):(P1,P4), P12:P1;
        (P12):(P1), (P4,P3):(P3,P1);
        (P2,P8):(P8,P1), (P8,P2):(P2,P1);
        ((P6,P3),P2):((P1,P6),Z0), ((P6,P3),P2):((P1,P6),Z0);
        P1:P1, P1:P1;
        P16:N1, P16:P20;
        // Ties in B's strides: the first stride-1 mode is B's vector.
        (P3,P2):(P1,P3), (P3,P2):(P1,P1);
        (P2,P3):(P1,P2), (P3,P2):(P1,P1);
        (P4,P5,P6):(P1,P4,P20), (P4,P5,P6):(P1,P1,P4);
    );
    assert_eq!(shared, 24);
}
