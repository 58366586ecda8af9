//! Compact layouts of mixed shapes (CuTe's `make_layout(shape)` and `LayoutRight`): the static
//! face's strides where the shape is static, runtime strides from the first runtime extent on.

#![allow(clippy::type_complexity)]

use cute::error::ErrorKind;
use cute::hlist;
use cute::mixed::{make_layout, make_layout_right, Layout, MixedTuple, Offset};
use cute::typenum::consts::{P1, P18, P2, P24, P3, P4, P6, P8, Z0};
use cute::{statics, HCons, HNil};

type S = HCons<P4, HCons<HCons<P1, HCons<P3, HNil>>, HCons<P2, HNil>>>;

#[test]
fn static_shapes_give_the_static_face_layout() {
    let s: S = hlist![P4::new(), hlist![P1::new(), P3::new()], P2::new()];
    assert_eq!(make_layout(s).unwrap(), statics::make_layout::<S>());
    assert_eq!(make_layout_right(s).unwrap(), statics::make_layout_right::<S>());
    assert_eq!(make_layout(s).unwrap().to_string(), "(_4,(_1,_3),_2):(_1,(_0,_4),_12)");
}

#[test]
fn strides_are_static_up_to_the_first_runtime_extent() {
    let l = make_layout(hlist![P2::new(), hlist![5i64, P3::new()], P6::new()]).unwrap();
    let _: &HCons<P1, HCons<HCons<P2, HCons<i64, HNil>>, HCons<i64, HNil>>> = l.stride();
    assert_eq!(l.to_string(), "(_2,(5,_3),_6):(_1,(_2,10),30)");
    let r = make_layout_right(hlist![P2::new(), hlist![5i64, P3::new()], P6::new()]).unwrap();
    let _: &HCons<i64, HCons<HCons<P18, HCons<P6, HNil>>, HCons<P1, HNil>>> = r.stride();
    assert_eq!(r.to_string(), "(_2,(5,_3),_6):(90,(_18,_6),_1)");
}

#[test]
fn a_static_extent_one_gets_stride_zero_a_runtime_one_does_not() {
    let l = make_layout(hlist![P1::new(), 1i64, P4::new()]).unwrap();
    let _: &HCons<Z0, HCons<P1, HCons<i64, HNil>>> = l.stride();
    assert_eq!(l.to_string(), "(_1,1,_4):(_0,_1,1)");
}

#[test]
fn every_staticness_gives_the_same_offsets() {
    // The 2^3 choices of static or runtime extents of (4,3,2): the same column-major and
    // row-major offsets as the all-static layout.
    fn offsets<S2: MixedTuple + Offset<D2>, D2: MixedTuple>(l: &Layout<S2, D2>) -> Vec<isize> {
        (0..24).map(|i| l.call(i)).collect()
    }
    let want_left: Vec<isize> = (0..24).collect();
    let want_right: Vec<isize> = (0..24).map(|i| (i % 4) * 6 + (i / 4 % 3) * 2 + i / 12).collect();
    macro_rules! check {
        ($a:expr, $b:expr, $c:expr) => {{
            assert_eq!(offsets(&make_layout(hlist![$a, $b, $c]).unwrap()), want_left);
            assert_eq!(offsets(&make_layout_right(hlist![$a, $b, $c]).unwrap()), want_right);
        }};
    }
    check!(P4::new(), P3::new(), P2::new());
    check!(4i64, P3::new(), P2::new());
    check!(P4::new(), 3i64, P2::new());
    check!(P4::new(), P3::new(), 2i64);
    check!(4i64, 3i64, P2::new());
    check!(4i64, P3::new(), 2i64);
    check!(P4::new(), 3i64, 2i64);
    check!(4i64, 3i64, 2i64);
}

#[test]
fn a_bad_extent_is_an_error_with_its_value() {
    let e = make_layout(hlist![P4::new(), -3i64]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: make_layout: shape -3 is not positive");
    let e = make_layout_right(hlist![i64::MAX, 3i64]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: make_layout_right: 9223372036854775807 * 3 does not fit in i64");
}

#[test]
fn ordered_strides_are_static_when_the_earlier_groups_are() {
    use cute::mixed::make_ordered_layout;
    // (_4, m, (_2, _3)) by order (2, 0, 1): m comes first, so every stride after it is runtime;
    // the first group's stride is _1.
    let l = make_ordered_layout(
        hlist![P4::new(), 5i64, hlist![P2::new(), P3::new()]],
        hlist![P2::new(), Z0::new(), P1::new()],
    )
    .unwrap();
    let _: &HCons<i64, HCons<P1, HCons<HCons<i64, HCons<i64, HNil>>, HNil>>> = l.stride();
    assert_eq!(l.to_string(), "(_4,5,(_2,_3)):(30,_1,(5,10))");
    // By order (0, 2, 1): the static groups come first and keep static strides.
    let l = make_ordered_layout(
        hlist![P4::new(), 5i64, hlist![P2::new(), P3::new()]],
        hlist![Z0::new(), P2::new(), P1::new()],
    )
    .unwrap();
    let _: &HCons<P1, HCons<P24, HCons<HCons<P4, HCons<P8, HNil>>, HNil>>> = l.stride();
    assert_eq!(l.to_string(), "(_4,5,(_2,_3)):(_1,_24,(_4,_8))");
    assert_eq!(
        make_ordered_layout(hlist![P4::new(), -5i64], hlist![Z0::new(), P1::new()]).unwrap_err().to_string(),
        "invalid argument: make_ordered_layout: shape -5 is not positive"
    );
}
