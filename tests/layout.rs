//! Layouts with runtime leaves: zero size of static leaves, which results stay static,
//! construction and conversions with their run-time checks.

#![allow(clippy::type_complexity)]

use cute::error::ErrorKind;
use cute::hlist;
use cute::mixed::{coalesce, composition, Detail};
use cute::typenum::consts::{P1, P16, P2, P32, P4, P8, Z0};
use cute::{HCons, HNil, Layout};

type Col = Layout<HCons<P8, HCons<i64, HNil>>, HCons<P1, HCons<P8, HNil>>>;

#[test]
fn static_leaves_cost_nothing() {
    assert_eq!(core::mem::size_of::<Layout<P4, P1>>(), 0);
    assert_eq!(core::mem::size_of::<Layout<HCons<P4, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>>>(), 16);
    assert_eq!(core::mem::size_of::<Col>(), 8);
    assert_eq!(Layout::<P4, P1>::new().to_string(), "_4:_1");
}

#[test]
fn static_op_static_stays_static() {
    // 8 x n column-major, n at run time: the modes provably merge, and a static tile of it is
    // static in the type.
    let a: Col = Layout::try_new(hlist![P8::new(), 6i64], hlist![P1::new(), P8::new()]).unwrap();
    let tile = Layout::try_new(hlist![P4::new(), P2::new()], hlist![P1::new(), P8::new()]).unwrap();
    let r: Layout<HCons<P4, HCons<P2, HNil>>, HCons<P1, HCons<P8, HNil>>> = composition(a, tile).unwrap();
    assert_eq!(r.to_string(), "(_4,_2):(_1,_8)");
    // `_0 * x` is `_0`: a static stride-0 leaf of B stays `n:_0` whatever A is.
    let b = Layout::try_new(P4::new(), Z0::new()).unwrap();
    let r: Layout<P4, Z0> = composition(a, b).unwrap();
    assert_eq!(r.to_string(), "_4:_0");
    // A static tile size over the merged runtime column: the leaf keeps its static stride.
    let r: Layout<P16, P1> = composition(a, P16::new()).unwrap();
    assert_eq!(r.to_string(), "_16:_1");
}

#[test]
fn runtime_values_stay_runtime() {
    // With a runtime leading dimension nothing is provably contiguous: as in CuTe, the walk
    // keeps runtime size-1 modes and runtime strides.
    let a = Layout::try_new(hlist![8i64, 6i64], hlist![P1::new(), 8i64]).unwrap();
    let tile = Layout::try_new(P32::new(), P1::new()).unwrap();
    let r: Layout<HCons<i64, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>> = composition(a, tile).unwrap();
    assert_eq!(r.to_string(), "(8,4):(_1,8)");
    let c: Layout<HCons<i64, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>> = coalesce(a).unwrap();
    assert_eq!(c.to_string(), "(8,6):(_1,8)");
}

#[test]
fn construction_checks_runtime_shapes() {
    let e = Layout::try_new(hlist![P4::new(), 0i64], hlist![P1::new(), 4i64]).unwrap_err();
    assert_eq!((e.kind(), e.detail()), (ErrorKind::InvalidArgument, Detail::NonPositive(0)));
    assert_eq!(e.to_string(), "invalid argument: layout: shape 0 is not positive");
    let e = Layout::try_new(hlist![1i64 << 40, 1i64 << 40], hlist![1i64, 1i64]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: layout: 1099511627776 * 1099511627776 does not fit in i64");
    let e = Layout::try_new(4i64, i64::MAX).unwrap_err();
    assert_eq!(e.to_string(), "overflow: layout: 3 * 9223372036854775807 does not fit in i64");
}

#[test]
fn try_from_checks_structure_and_static_values() {
    type L = Layout<HCons<P4, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>>;
    let ok = L::try_from(&"(4,6):(1,8)".parse().unwrap()).unwrap();
    assert_eq!((ok.to_string(), ok.to_dynamic().to_string()), ("(_4,6):(_1,8)".into(), "(4,6):(1,8)".into()));
    for text in ["(5,6):(1,8)", "(4,6):(2,8)", "(4,(6)):(1,(8))", "24:1"] {
        let e = L::try_from(&text.parse().unwrap()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{text}");
    }
    let e = L::try_from(&"(5,6):(1,8)".parse().unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid argument: try_from: the runtime layout does not have the type's structure or static values"
    );
}

#[test]
fn dynamic_to_static_checks_every_value() {
    type L = Layout<HCons<P4, HCons<P8, HNil>>, HCons<P1, HCons<P4, HNil>>>;
    let ok = L::try_from(&"(4,8):(1,4)".parse().unwrap()).unwrap();
    assert_eq!(ok.to_string(), "(_4,_8):(_1,_4)");
    for text in ["(4,8):(1,5)", "(4,(8)):(1,(4))", "32:1"] {
        let e = L::try_from(&text.parse().unwrap()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{text}");
        assert_eq!(
            e.to_string(),
            "invalid argument: try_from: the runtime layout does not have the type's structure or static values",
            "{text}"
        );
    }
}

#[test]
fn checked_evaluation_errs_past_the_size() {
    // The repro of the hardening issue: past the size, the extended domain's offset would not fit.
    let l = cute::layout!((128,{1}):(1,{i64::MAX})).unwrap();
    let e = l.try_call(129).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IndexOutOfRange);
    assert_eq!(e.detail(), Detail::IndexOutOfRange { index: 129, size: 128 });
    assert_eq!(e.to_string(), "index out of range: call: index 129 is not below the size 128");
    // In range the checked form is the hot-path form, for static and runtime leaves alike.
    let (m, ld) = (6i64, 11i64);
    let p = cute::layout!((4,({m},2)):(2,({ld},-1))).unwrap();
    for i in 0..p.size() as usize {
        assert_eq!(p.try_call(i), Ok(p.call(i)), "{p} at {i}");
    }
    assert!(p.try_call(p.size() as usize).is_err());
    let s = cute::layout!((4,8):(8,1));
    assert_eq!(s.try_call(31), Ok(s.call(31)));
    assert_eq!(s.try_call(32).unwrap_err().detail(), Detail::IndexOutOfRange { index: 32, size: 32 });
}

/// One rule for the extended domain on every face: the last leaf takes what is past the size,
/// and empty modes `()` hold nothing (so a layout with empty modes is the function of its
/// leaves, as composition sees it).
#[test]
fn past_the_size_the_last_leaf_takes_the_rest() {
    type Static = cute::Layout![(4,()):(1,())];
    let l = Static::new();
    let dynamic: cute::dynamic::Layout = "(4,()):(1,())".parse().unwrap();
    let runtime = cute::layout!(({4},(),8,()):(1,(),{4},())).unwrap();
    let dynamic_runtime: cute::dynamic::Layout = "(4,(),8,()):(1,(),4,())".parse().unwrap();
    for i in 0..100usize {
        assert_eq!(l.call(i), i as isize);
        assert_eq!(Static::offset(i), i as isize);
        assert_eq!(dynamic.call(i as i64), Ok(i as i64));
        assert_eq!(runtime.call(i) as i64, dynamic_runtime.call(i as i64).unwrap());
        assert_eq!(runtime.call(i), (i % 4 + 4 * (i / 4)) as isize);
    }
    // CuTe's composition sees A's leaves: R(1) = 4 = A(B(1)).
    let r = cute::dynamic::composition(&dynamic, &"2:4".parse().unwrap()).unwrap();
    assert_eq!((r.to_string(), r.call(1), dynamic.call(4)), ("2:4".to_string(), Ok(4), Ok(4)));
}

/// An empty layout `():()` coalesces to `_1:_0`, as CuTe's `coalesce` of an empty tuple, on the
/// static face and through the walk of layouts with runtime leaves.
#[test]
fn empty_layout_coalesces_to_the_unit_layout() {
    let empty = Layout::<HNil, HNil>::new();
    assert_eq!(cute::coalesce(empty).to_string(), "_1:_0");
    assert_eq!(coalesce(empty).unwrap().to_string(), "_1:_0");
}
