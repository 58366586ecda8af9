//! The mixed face by hand: static-ness of results, zero size, conversions, and every runtime
//! check with its kind and message.

#![allow(clippy::type_complexity)]

use cute::error::ErrorKind;
use cute::hlist;
use cute::mixed::{coalesce, composition, Detail, MixedLayout};
use cute::typenum::consts::{P1, P16, P2, P32, P4, P8, Z0};
use cute::{HCons, HNil, Layout};

type Col = MixedLayout<HCons<P8, HCons<i64, HNil>>, HCons<P1, HCons<P8, HNil>>>;

#[test]
fn static_leaves_cost_nothing() {
    assert_eq!(core::mem::size_of::<MixedLayout<P4, P1>>(), 0);
    assert_eq!(core::mem::size_of::<MixedLayout<HCons<P4, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>>>(), 16);
    assert_eq!(core::mem::size_of::<Col>(), 8);
    let l: MixedLayout<P4, P1> = Layout::<P4, P1>::new().into();
    assert_eq!(l.to_static().to_string(), "_4:_1");
}

#[test]
fn static_op_static_stays_static() {
    // 8 x n column-major, n at run time: the modes provably merge, and a static tile of it is
    // static in the type.
    let a: Col = MixedLayout::new(hlist![P8::new(), 6i64], hlist![P1::new(), P8::new()]).unwrap();
    let tile = MixedLayout::new(hlist![P4::new(), P2::new()], hlist![P1::new(), P8::new()]).unwrap();
    let r: MixedLayout<HCons<P4, HCons<P2, HNil>>, HCons<P1, HCons<P8, HNil>>> = composition(a, tile).unwrap();
    assert_eq!(r.to_string(), "(_4,_2):(_1,_8)");
    // `_0 * x` is `_0`: a static stride-0 leaf of B stays `n:_0` whatever A is.
    let b = MixedLayout::new(P4::new(), Z0::new()).unwrap();
    let r: MixedLayout<P4, Z0> = composition(a, b).unwrap();
    assert_eq!(r.to_string(), "_4:_0");
    // A static tile size over the merged runtime column: the leaf keeps its static stride.
    let r: MixedLayout<P16, P1> = composition(a, P16::new()).unwrap();
    assert_eq!(r.to_string(), "_16:_1");
}

#[test]
fn runtime_values_stay_runtime() {
    // With a runtime leading dimension nothing is provably contiguous: as in CuTe, the walk
    // keeps runtime size-1 modes and runtime strides.
    let a = MixedLayout::new(hlist![8i64, 6i64], hlist![P1::new(), 8i64]).unwrap();
    let tile = MixedLayout::new(P32::new(), P1::new()).unwrap();
    let r: MixedLayout<HCons<i64, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>> = composition(a, tile).unwrap();
    assert_eq!(r.to_string(), "(8,4):(_1,8)");
    let c: MixedLayout<HCons<i64, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>> = coalesce(a).unwrap();
    assert_eq!(c.to_string(), "(8,6):(_1,8)");
}

#[test]
fn construction_checks_runtime_shapes() {
    let e = MixedLayout::new(hlist![P4::new(), 0i64], hlist![P1::new(), 4i64]).unwrap_err();
    assert_eq!((e.kind(), e.detail()), (ErrorKind::InvalidArgument, Detail::NonPositive(0)));
    assert_eq!(e.to_string(), "invalid argument: layout: shape 0 is not positive");
    let e = MixedLayout::new(hlist![1i64 << 40, 1i64 << 40], hlist![1i64, 1i64]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: layout: 1099511627776 * 1099511627776 does not fit in i64");
    let e = MixedLayout::new(4i64, i64::MAX).unwrap_err();
    assert_eq!(e.to_string(), "overflow: layout: 3 * 9223372036854775807 does not fit in i64");
}

#[test]
fn try_from_checks_structure_and_static_values() {
    type L = MixedLayout<HCons<P4, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>>;
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
fn composition_checks_every_condition_at_run_time() {
    let a = MixedLayout::new(hlist![4i64, 6i64, 8i64], hlist![2i64, 3i64, 5i64]).unwrap();
    // The case CuTe C++ gets wrong.
    let e = composition(a, MixedLayout::new(6i64, 3i64).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
    assert_eq!(e.to_string(), "stride divisibility: composition: stride 3 does not divide shape 4");
    let e = composition(a, MixedLayout::new(6i64, P1::new()).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    assert_eq!(e.to_string(), "shape divisibility: composition: shape 6 is not divisible by 4");
    let a = MixedLayout::new(hlist![6i64, 2i64], hlist![P1::new(), 6i64]).unwrap();
    let b = MixedLayout::new(hlist![P2::new(), P2::new()], hlist![3i64, 3i64]).unwrap();
    let e = composition(a, b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModeOverlap);
    assert_eq!(
        e.to_string(),
        "mode overlap: composition: modes of B overlap in mode 0 (shape 6) of A, so A o B is not a layout"
    );
    let e = composition(a, 0i64).unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: composition: shape 0 is not positive");
    // The same conditions with every value static are compile errors of the static face
    // (ui-tests/fail/composition_*.rs).
}

#[test]
fn unprovable_contiguity_is_an_error_not_a_wrong_layout() {
    // (m,4):(1,ld) with m = 3 and ld = 3 is 12:1, but the types cannot prove it: the walk keeps
    // the two modes, and taking 4 elements would need 4/3 of the first. CuTe C++ returns a
    // layout of size 3 here; the mixed face reports the shape divisibility it would violate.
    let a = MixedLayout::new(hlist![3i64, P4::new()], hlist![P1::new(), 3i64]).unwrap();
    let e = composition(a, P4::new()).unwrap_err();
    assert_eq!(e.to_string(), "shape divisibility: composition: shape 4 is not divisible by 3");
    // With the stride static the merge is proven and the same values compose.
    let a = MixedLayout::new(hlist![P2::new(), P4::new()], hlist![P1::new(), P2::new()]).unwrap();
    assert_eq!(composition(a, P4::new()).unwrap().to_string(), "_4:_1");
}

#[test]
fn dynamic_to_static_checks_every_value() {
    type L = Layout<HCons<P4, HCons<P8, HNil>>, HCons<P1, HCons<P4, HNil>>>;
    let ok = L::try_from(&"(4,8):(1,4)".parse().unwrap()).unwrap();
    assert_eq!(ok.to_string(), "(_4,_8):(_1,_4)");
    for text in ["(4,8):(1,5)", "(4,(8)):(1,(4))", "32:1"] {
        let e = L::try_from(&text.parse().unwrap()).unwrap_err();
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{text}");
        assert_eq!(e.to_string(), format!("invalid argument: {text} is not the static layout (_4,_8):(_1,_4)"));
    }
}

#[test]
fn leaves_of_both_signs_across_modes_are_an_error() {
    // (4,4):(_1,ld) with ld = 4 is 16:1, but the types keep two modes; B's leaves of both signs
    // then meet in both modes, which the walk cannot express.
    let a = MixedLayout::new(hlist![4i64, 4i64], hlist![P1::new(), 4i64]).unwrap();
    let b = MixedLayout::new(hlist![2i64, 2i64], hlist![1i64, -4i64]).unwrap();
    let e = composition(a, b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModeOverlap);
    assert_eq!(
        e.to_string(),
        "mode overlap: composition: modes of B with strides of both signs meet in several modes of A, so A o B is not a layout"
    );
}

#[test]
fn more_modes_than_the_runtime_checks_hold_is_an_error() {
    // 33 runtime modes that nothing can prove contiguous: past the 32 modes the check holds.
    let a = cute::layout!((
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 },
        { 2 }
    ))
    .unwrap();
    let e = composition(a, 2i64).unwrap_err();
    assert_eq!((e.kind(), e.detail()), (ErrorKind::IndexOutOfRange, Detail::TooManyLeaves(33)));
    assert_eq!(e.to_string(), "index out of range: composition: 33 modes or leaves, more than the run-time checks hold (32 per operand of a composition, 64 per tuple)");
}

#[test]
fn casts_with_runtime_strides() {
    use cute::mixed::{downcast, upcast};
    // A 4 x n tile of halves with a runtime leading dimension, seen as 32-bit words.
    let l = MixedLayout::new(hlist![P4::new(), 6i64], hlist![P1::new(), 100i64]).unwrap();
    let r: MixedLayout<HCons<P2, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>> = upcast::<P2, _, _>(l).unwrap();
    assert_eq!(r.to_string(), "(_2,6):(_1,50)");
    // CuTe assumes a runtime stride is a multiple of the factor; here it is checked.
    let l = MixedLayout::new(hlist![P4::new(), 6i64], hlist![P1::new(), 101i64]).unwrap();
    let e = upcast::<P2, _, _>(l).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UpcastDivisibility);
    assert_eq!(
        e.to_string(),
        "upcast divisibility: upcast: stride 101 (leaf 1) neither divides nor is a multiple of 2"
    );
    // Downcast scales a runtime stride, whatever its value (only a static _1 grows a shape).
    let l = MixedLayout::new(hlist![P4::new(), 6i64], hlist![P1::new(), 1i64]).unwrap();
    assert_eq!(downcast::<P2, _, _>(l).unwrap().to_string(), "(_8,6):(_1,2)");
    // recast: 16-bit elements as 32-bit words (an upcast by 2), and back (a downcast by 2).
    use cute::mixed::recast;
    use cute::typenum::consts::{P16, P32};
    let l = MixedLayout::new(hlist![P8::new(), 4i64], hlist![P1::new(), 64i64]).unwrap();
    let w = recast::<P16, P32, _, _>(l).unwrap();
    assert_eq!(w.to_string(), "(_4,4):(_1,32)");
    assert_eq!(recast::<P32, P16, _, _>(w).unwrap().to_string(), "(_8,4):(_1,64)");
    let l = MixedLayout::new(hlist![P8::new(), 4i64], hlist![P1::new(), 63i64]).unwrap();
    let e = recast::<P16, P32, _, _>(l).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UpcastDivisibility);
    assert_eq!(e.to_string(), "upcast divisibility: recast: stride 63 (leaf 1) neither divides nor is a multiple of 2");
    let e = downcast::<P4, _, _>(MixedLayout::new(hlist![P4::new(), 2i64], hlist![P1::new(), i64::MAX / 2]).unwrap());
    assert_eq!(e.unwrap_err().kind(), ErrorKind::Overflow);
}

/// A condition is said in the same words by the dynamic engine and by a runtime check: the
/// engine's message is `<kind>: <op>(<operands>): <condition>`, the runtime check's
/// `<kind>: <op>: <condition>`, with one `<condition>`.
#[test]
fn runtime_checks_say_the_dynamic_engines_words() {
    use cute::dynamic::{self, Layout as DynLayout};
    use cute::mixed::upcast;
    let condition = |m: String| m.rsplit(": ").next().unwrap().to_string();
    let d = |s: &str| s.parse::<DynLayout>().unwrap();

    let a = MixedLayout::new(hlist![4i64, 6i64, 8i64], hlist![2i64, 3i64, 5i64]).unwrap();
    for (b, text) in [((6i64, 3i64), "6:3"), ((6i64, 1i64), "6:1")] {
        let mixed = composition(a, MixedLayout::new(b.0, b.1).unwrap()).unwrap_err();
        let engine = dynamic::composition(&d("(4,6,8):(2,3,5)"), &d(text)).unwrap_err();
        assert_eq!(mixed.kind(), engine.kind());
        assert!(engine.to_string().starts_with(&format!("{}: composition (4,6,8):(2,3,5) o {text}: ", engine.kind())));
        assert_eq!(condition(mixed.to_string()), condition(engine.to_string()), "{text}");
    }

    let l = MixedLayout::new(hlist![P4::new(), 8i64], hlist![P1::new(), 101i64]).unwrap();
    let mixed = upcast::<P2, _, _>(l).unwrap_err();
    let engine = dynamic::upcast(2, &d("(4,8):(1,101)")).unwrap_err();
    assert_eq!(mixed.kind(), engine.kind());
    assert_eq!(
        engine.to_string(),
        "upcast divisibility: upcast<2>((4,8):(1,101)): stride 101 (leaf 1) neither divides nor is a multiple of 2"
    );
    assert_eq!(condition(mixed.to_string()), condition(engine.to_string()));
}
