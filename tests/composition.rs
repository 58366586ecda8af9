//! Composition of layouts with runtime leaves: every condition checked at run time, with its
//! kind and message, in the dynamic engine's words.

#![allow(clippy::type_complexity)]

use cute::error::ErrorKind;
use cute::hlist;
use cute::mixed::{composition, Detail, Layout};
use cute::typenum::consts::{P1, P2, P4};

#[test]
fn composition_checks_every_condition_at_run_time() {
    let a = Layout::try_new(hlist![4i64, 6i64, 8i64], hlist![2i64, 3i64, 5i64]).unwrap();
    // The case CuTe C++ gets wrong.
    let e = composition(a, Layout::try_new(6i64, 3i64).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
    assert_eq!(e.to_string(), "stride divisibility: composition: stride 3 does not divide shape 4");
    let e = composition(a, Layout::try_new(6i64, P1::new()).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    assert_eq!(e.to_string(), "shape divisibility: composition: shape 6 is not divisible by 4");
    let a = Layout::try_new(hlist![6i64, 2i64], hlist![P1::new(), 6i64]).unwrap();
    let b = Layout::try_new(hlist![P2::new(), P2::new()], hlist![3i64, 3i64]).unwrap();
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
    let a = Layout::try_new(hlist![3i64, P4::new()], hlist![P1::new(), 3i64]).unwrap();
    let e = composition(a, P4::new()).unwrap_err();
    assert_eq!(e.to_string(), "shape divisibility: composition: shape 4 is not divisible by 3");
    // With the stride static the merge is proven and the same values compose.
    let a = Layout::try_new(hlist![P2::new(), P4::new()], hlist![P1::new(), P2::new()]).unwrap();
    assert_eq!(composition(a, P4::new()).unwrap().to_string(), "_4:_1");
}

#[test]
fn leaves_of_both_signs_across_modes_are_an_error() {
    // (4,4):(_1,ld) with ld = 4 is 16:1, but the types keep two modes; B's leaves of both signs
    // then meet in both modes, which the walk cannot express.
    let a = Layout::try_new(hlist![4i64, 4i64], hlist![P1::new(), 4i64]).unwrap();
    let b = Layout::try_new(hlist![2i64, 2i64], hlist![1i64, -4i64]).unwrap();
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

/// A condition is said in the same words by the dynamic engine and by a runtime check: the
/// engine's message is `<kind>: <op>(<operands>): <condition>`, the runtime check's
/// `<kind>: <op>: <condition>`, with one `<condition>`.
#[test]
fn runtime_checks_say_the_dynamic_engines_words() {
    use cute::dynamic::{self, Layout as DynLayout};
    use cute::mixed::upcast;
    let condition = |m: String| m.rsplit(": ").next().unwrap().to_string();
    let d = |s: &str| s.parse::<DynLayout>().unwrap();

    let a = Layout::try_new(hlist![4i64, 6i64, 8i64], hlist![2i64, 3i64, 5i64]).unwrap();
    for (b, text) in [((6i64, 3i64), "6:3"), ((6i64, 1i64), "6:1")] {
        let mixed = composition(a, Layout::try_new(b.0, b.1).unwrap()).unwrap_err();
        let engine = dynamic::composition(&d("(4,6,8):(2,3,5)"), &d(text)).unwrap_err();
        assert_eq!(mixed.kind(), engine.kind());
        assert!(engine.to_string().starts_with(&format!("{}: composition (4,6,8):(2,3,5) o {text}: ", engine.kind())));
        assert_eq!(condition(mixed.to_string()), condition(engine.to_string()), "{text}");
    }

    let l = Layout::try_new(hlist![P4::new(), 8i64], hlist![P1::new(), 101i64]).unwrap();
    let mixed = upcast::<P2, _, _>(l).unwrap_err();
    let engine = dynamic::upcast(2, &d("(4,8):(1,101)")).unwrap_err();
    assert_eq!(mixed.kind(), engine.kind());
    assert_eq!(
        engine.to_string(),
        "upcast divisibility: upcast<2>((4,8):(1,101)): stride 101 (leaf 1) neither divides nor is a multiple of 2"
    );
    assert_eq!(condition(mixed.to_string()), condition(engine.to_string()));
}
