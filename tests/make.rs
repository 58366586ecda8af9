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
    use cute::make_ordered_layout;
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

/// CuTe's `compact_order` starts each group at the product of the sizes of the groups whose
/// order value is strictly smaller, so groups with equal values share their first stride and
/// the layout is not injective; cute-rs does what CuTe does, on every face.
#[test]
fn equal_order_values_start_at_the_same_stride_as_in_cute() {
    use cute::dynamic::{make_ordered_layout, IntTuple};
    let dynamic = |s: &str, o: &str| {
        make_ordered_layout(&s.parse::<IntTuple>().unwrap(), &o.parse::<IntTuple>().unwrap()).unwrap().to_string()
    };
    assert_eq!(dynamic("(2,2)", "(0,0)"), "(2,2):(1,1)");
    assert_eq!(dynamic("(2,(3,4),5)", "(1,(0,2),0)"), "(2,(3,4),5):(15,(1,30),1)");
    let fixed = cute::make_ordered_layout(hlist![P2::new(), P2::new()], hlist![Z0::new(), Z0::new()]);
    assert_eq!(fixed.to_string(), "(_2,_2):(_1,_1)");
    let mixed = cute::make_ordered_layout(hlist![P2::new(), 2i64], hlist![Z0::new(), Z0::new()]).unwrap();
    assert_eq!(mixed.to_string(), "(_2,2):(_1,_1)");
}

/// An integer order is one group, the whole shape column-major (CuTe's `compact_order` of an
/// integer order, `compact_major<LayoutLeft>` from stride 1), for a tuple shape too, on every
/// face; a tuple order must have the shape's rank.
#[test]
fn an_integer_order_lays_out_any_shape_column_major() {
    use cute::dynamic::{make_ordered_layout, IntTuple};
    use cute::{shape, stride};
    let dynamic = |s: &str, o: &str| {
        make_ordered_layout(&s.parse::<IntTuple>().unwrap(), &o.parse::<IntTuple>().unwrap()).unwrap().to_string()
    };
    assert_eq!(dynamic("(2,4)", "0"), "(2,4):(1,2)");
    assert_eq!(dynamic("(2,(4,3))", "1"), "(2,(4,3)):(1,(2,8))");
    assert_eq!(cute::make_ordered_layout(shape!((2, 4)), stride!(0)).to_string(), "(_2,_4):(_1,_2)");
    assert_eq!(cute::make_ordered_layout(shape!((2, (4, 3))), stride!(1)).to_string(), "(_2,(_4,_3)):(_1,(_2,_8))");
    let mixed = cute::make_ordered_layout(shape!((2, { 4i64 })), stride!(0)).unwrap();
    assert_eq!(mixed.to_string(), "(_2,4):(_1,_2)");
    // tile_to_shape with an integer order is tile_to_shape's column-major repetition.
    let block = cute::layout!((2,2):(1,2));
    let r = cute::tile_to_shape_ordered(block, shape!((4, 8)), stride!(0));
    assert_eq!(r, cute::tile_to_shape(block, shape!((4, 8))));
    let r = cute::tile_to_shape_ordered(block, shape!((4, { 8i64 })), stride!(0)).unwrap();
    assert_eq!(r.to_string(), "((_2,_2),(_2,4)):((_1,_4),(_2,_8))");
    let d = cute::dynamic::tile_to_shape_ordered(&"(2,2):(1,2)".parse().unwrap(), &"(4,8)".parse().unwrap(), &0.into());
    assert_eq!(d.unwrap().to_string(), "((2,2),(2,4)):((1,4),(2,8))");
}

/// Every flat shape of rank 1 to 4 with extents 1 to 3, by every order with values 0 to 2:
/// leaf i's stride is the product of the extents of the leaves with a smaller order value
/// (0 for an extent 1), the definition, computed here the slow way.
#[test]
fn ordered_strides_follow_the_definition() {
    use cute::dynamic::{make_ordered_layout, IntTuple};
    let tuple = |xs: &[i64]| format!("({})", xs.iter().map(i64::to_string).collect::<Vec<_>>().join(","));
    for rank in 1..=4u32 {
        for code in 0..9i64.pow(rank) {
            let digits: Vec<i64> = (0..rank).map(|k| code / 9i64.pow(k) % 9).collect();
            let shape: Vec<i64> = digits.iter().map(|d| d % 3 + 1).collect();
            let order: Vec<i64> = digits.iter().map(|d| d / 3).collect();
            let want: Vec<i64> = (0..shape.len())
                .map(|i| {
                    let smaller = (0..shape.len()).filter(|&j| order[j] < order[i]);
                    if shape[i] == 1 {
                        0
                    } else {
                        smaller.map(|j| shape[j]).product()
                    }
                })
                .collect();
            let l = make_ordered_layout(&tuple(&shape).parse::<IntTuple>().unwrap(), &tuple(&order).parse().unwrap())
                .unwrap();
            assert_eq!(l.stride().to_string(), tuple(&want), "shape {:?} order {:?}", shape, order);
        }
    }
}

/// The repro of a quadratic `compact_order`: 262,144 modes (65 s before; one sort now).
#[test]
fn many_ordered_modes() {
    use cute::dynamic::{make_layout_like, make_ordered_layout, IntTuple};
    let n = 1 << 18;
    let list =
        |f: &dyn Fn(usize) -> usize| format!("({})", (0..n).map(|i| f(i).to_string()).collect::<Vec<_>>().join(","));
    // 32 modes of extent 2 (every 8192nd), the rest 1; later modes come first.
    let shape: IntTuple = list(&|i| if i % 8192 == 0 { 2 } else { 1 }).parse().unwrap();
    let order: IntTuple = list(&|i| n - 1 - i).parse().unwrap();
    let l = make_ordered_layout(&shape, &order).unwrap();
    assert_eq!(l.size().unwrap(), 1 << 32);
    let strides = l.stride().flat_leaves();
    assert_eq!((strides[0], strides[8192], strides[n - 8192], strides[1]), (1 << 31, 1 << 30, 1, 0));
    assert_eq!(make_layout_like(&l).unwrap(), l);
}

/// The root `make_layout` as CuTe writes it: of a shape (compact column-major), of a shape and a
/// stride (a pair, or the macro's two arguments); static leaves give the layout itself, a
/// runtime leaf a `Result` checked as `Layout::try_new` and the mixed `make_layout` check it.
#[test]
fn the_root_make_layout_takes_a_shape_or_a_shape_and_a_stride() {
    use cute::{make_layout as make, make_layout_right as make_right, shape, stride, Layout};
    let compact: Layout![(2, 4):(1, 2)] = make(shape!((2, 4)));
    let strided: Layout![(2, 4):(4, 1)] = make((shape!((2, 4)), stride!((4, 1))));
    assert_eq!(strided, cute::make_layout!(shape!((2, 4)), stride!((4, 1))));
    assert_eq!(compact, cute::make_layout!(shape!((2, 4))));
    let right: Layout![(2, 4):(4, 1)] = make_right(shape!((2, 4)));
    assert_eq!(right, strided);
    // A runtime leaf: the same strides as the mixed layer's, and its errors.
    let m = 6i64;
    assert_eq!(make(shape!((4, { m }))).unwrap(), make_layout(hlist![P4::new(), 6i64]).unwrap());
    let e = make(shape!((4, { -3 }))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: make_layout: shape -3 is not positive");
    let e = make((shape!(({ m }, 4)), stride!((1, { i64::MAX })))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: make_layout: 3 * 9223372036854775807 does not fit in i64");
    assert_eq!(make((shape!(({ m }, 4)), stride!((1, { m })))).unwrap().to_string(), "(6,_4):(_1,6)");
    // A stride not congruent with the shape: `make_layout` does not compile
    // (ui-tests/fail/make_layout_not_congruent.rs); the trait's method gives the error, no layout.
    use cute::MakeLayout;
    let e = (shape!((2, 4)), stride!(((1, 2), 4))).make_layout().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(e.to_string(), "rank mismatch: make_layout: the stride is not congruent with the shape");
}
