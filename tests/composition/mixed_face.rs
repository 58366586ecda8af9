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
    assert_eq!(
        e.to_string(),
        "stride divisibility: composition (4,6,8):(2,3,5) o 6:3: stride 3 does not divide shape 4"
    );
    let e = composition(a, Layout::try_new(6i64, P1::new()).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    assert_eq!(e.to_string(), "shape divisibility: composition (4,6,8):(2,3,5) o 6:1: shape 6 is not divisible by 4");
    let a = Layout::try_new(hlist![6i64, 2i64], hlist![P1::new(), 6i64]).unwrap();
    let b = Layout::try_new(hlist![P2::new(), P2::new()], hlist![3i64, 3i64]).unwrap();
    let e = composition(a, b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModeOverlap);
    assert_eq!(
        e.to_string(),
        "mode overlap: composition (6,2):(1,6) o (2,2):(3,3): modes of B overlap in mode 0 (shape 6) of A, so A o B is not a layout"
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
    assert_eq!(e.to_string(), "shape divisibility: composition (3,4):(1,3) o 4:1: shape 4 is not divisible by 3");
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
        "mode overlap: composition (4,4):(1,4) o (2,2):(1,-4): modes of B with strides of both signs meet in several modes of A, so A o B is not a layout"
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
    assert_eq!((e.kind(), e.detail()), (ErrorKind::TooManyLeaves, Detail::TooManyLeaves(33)));
    assert_eq!(e.to_string(), "too many leaves: composition: 33 modes or leaves, more than the run-time checks hold (32 per operand of a composition, 64 per tuple)");
    // The same 33 leaves as B, after an A of one mode (whose composition needs no walk): the
    // same limit, whatever the values.
    for stride in [1i64, 1 << 30] {
        let e = composition(Layout::try_new(4i64, stride).unwrap(), a).unwrap_err();
        assert_eq!((e.kind(), e.detail()), (ErrorKind::TooManyLeaves, Detail::TooManyLeaves(33)));
        assert_eq!(e.to_string(), "too many leaves: composition: 33 modes or leaves, more than the run-time checks hold (32 per operand of a composition, 64 per tuple)");
    }
}

/// A condition is said in the same words by the dynamic engine and by a runtime check: the
/// engine's message is `<kind>: <op>(<operands>): <condition>`, the runtime check's
/// `<kind>: <op>: <condition>`, with one `<condition>`.
#[test]
fn runtime_checks_say_the_dynamic_engines_words() {
    use cute::dynamic::{self, Layout as DynLayout};
    use cute::typenum::P8;
    let d = |s: &str| s.parse::<DynLayout>().unwrap();
    let same = |mixed: cute::mixed::Error, engine: dynamic::Error| {
        assert_eq!(mixed.kind(), engine.kind());
        assert_eq!(mixed.to_string(), engine.to_string());
    };

    // Composition names A's modes and the leaf of B the walk was at, as the engine does.
    let a = Layout::try_new(hlist![4i64, 6i64, 8i64], hlist![2i64, 3i64, 5i64]).unwrap();
    for (b, text) in [((6i64, 3i64), "6:3"), ((6i64, 1i64), "6:1")] {
        let mixed = composition(a, Layout::try_new(b.0, b.1).unwrap()).unwrap_err();
        same(mixed, dynamic::composition(&d("(4,6,8):(2,3,5)"), &d(text)).unwrap_err());
    }
    let e = composition(a, Layout::try_new(6i64, 3i64).unwrap()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "stride divisibility: composition (4,6,8):(2,3,5) o 6:3: stride 3 does not divide shape 4"
    );
    assert_eq!(e.operands(), " (4,6,8):(2,3,5) o 6:3");
    // Leaves of B that overlap: all of B, its values without the underscores of static leaves.
    let a = Layout::try_new(hlist![6i64, 2i64], hlist![P1::new(), 7i64]).unwrap();
    let b = Layout::try_new(hlist![P2::new(), P2::new()], hlist![3i64, 3i64]).unwrap();
    let mixed = composition(a, b).unwrap_err();
    same(mixed, dynamic::composition(&d("(6,2):(1,7)"), &d("(2,2):(3,3)")).unwrap_err());

    // A divide's composition, by a static tile of a runtime layout.
    let a = Layout::try_new(hlist![4i64, 6i64], hlist![1i64, 5i64]).unwrap();
    let mixed = cute::logical_divide(a, Layout::<P4, cute::typenum::P3>::new()).unwrap_err();
    let tile = dynamic::Tiler::Layout(d("4:3"));
    same(mixed, dynamic::logical_divide(&d("(4,6):(1,5)"), &tile).unwrap_err());

    // A cast and tile_to_shape name their operands as calls.
    let l = Layout::try_new(hlist![P4::new(), 8i64], hlist![P1::new(), 101i64]).unwrap();
    let mixed = cute::mixed::upcast::<P2, _, _>(l).unwrap_err();
    same(mixed, dynamic::upcast(2, &d("(4,8):(1,101)")).unwrap_err());
    let block = cute::layout!((2,3):(1,2));
    let mixed = cute::tile_to_shape(block, hlist![4i64, P8::new()]).unwrap_err();
    let engine = dynamic::tile_to_shape(&d("(2,3):(1,2)"), &"(4,8)".parse().unwrap()).unwrap_err();
    same(mixed, engine);
}

#[test]
fn long_operands_are_cut_short_and_the_error_stays_small() {
    // A walk over ten modes of A: its text is past the error's buffer.
    let a = cute::layout!(({3},{5},{7},{11},{13},{3},{5},{7},{11},{13}):({1},{3},{15},{105},{1155},{15015},{45045},{225225},{1576575},{17342325})).unwrap();
    let e = composition(a, Layout::try_new(6i64, 2i64).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
    let text = e.operands();
    assert!(text.len() <= cute::mixed::Operands::CAPACITY && text.ends_with("..."), "{text}");
    assert!(text.starts_with(" (3,5,7,11,13,3,5,7,11,13):(1,3,15,105,"), "{text}");
    assert!(e.to_string().ends_with("...: stride 2 does not divide shape 3"), "{e}");
    // Small enough that a `Result` of it stays within clippy's `result_large_err` bound.
    assert!(core::mem::size_of::<cute::mixed::Error>() < 128);
}

/// A leaf of B can split into as many modes as A has, so a composition's result is counted as
/// it is built and stops at `MAX_LEAVES`, before the rest of the work.
#[test]
fn a_composition_result_holds_at_most_max_leaves() {
    use cute::dynamic::{composition, Layout as DynLayout, MAX_LEAVES};
    let a: DynLayout = "(2,2):(1,10)".parse().unwrap();
    let b = |leaves: usize| -> DynLayout {
        let list = |v: &str| format!("({})", vec![v; leaves].join(","));
        format!("{}:{}", list("4"), list("1")).parse().unwrap()
    };
    // Each leaf 4:1 of B becomes (2,2):(1,10), two leaves.
    let e = composition(&a, &b(MAX_LEAVES / 2 + 1)).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyLeaves);
    assert_eq!(e.to_string(), "too many leaves: composition: 262146 leaves, more than a tuple holds (262144)");
    // Within the bound the next condition decides: the leaves overlap.
    assert_eq!(composition(&a, &b(4)).unwrap_err().kind(), ErrorKind::ModeOverlap);
}

/// A tuple tiler's entries may themselves be tuples (CuTe's nested tilers), applied to the
/// modes of the mode they stand for, and a tiler with more entries than the layout has modes
/// does not compile (the run-time error of the trait that only the crate's functions call is
/// tested in cute-core).
#[test]
fn tuple_tilers_nest_and_have_at_most_one_entry_per_mode() {
    let m = 6i64;
    let a = cute::layout!(({m},(4,2)):(1,({m},24))).unwrap();
    let r = cute::composition(a, hlist![2i64, hlist![2i64, cute::layout!(2:1)]]).unwrap();
    assert_eq!(r.to_string(), "(2,(2,_2)):(_1,(6,_24))");
    let want = cute::dynamic::composition_tiler(&a.to_dynamic(), &"<2,<2,2:1>>".parse().unwrap()).unwrap();
    assert_eq!(r.to_dynamic(), want);
    // A static mode's condition, in a layout with a runtime leaf, is an error at run time.
    let b = cute::layout!(({m},(2,2)):(1,(32,2))).unwrap();
    let e = cute::composition(b, hlist![cute::layout!(3:2), cute::layout!(2:3)]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
    assert_eq!(
        e.to_string(),
        "stride divisibility: composition (2,2):(32,2) o 2:3: stride 3 does not divide and is not divided by shape 2"
    );
}

/// Compositions whose digits (B's leaves times A's modes, less one) fill the small buffer (56 of
/// 64), need the CAP-sized modes with few digits (9 modes of A), and pass the small buffer (72): each mode of A an independent runtime stride, so the walk keeps them
/// all. The first equals the dynamic engine's function; the second has more result leaves than
/// a layout holds (64), an error, after B's overlapping leaves are found in the large buffer.
#[test]
fn compositions_of_many_leaves_are_checked_as_small_ones() {
    let s = [2i64; 9];
    // A: (2,...,2):(1,2,...,128), 8 runtime modes; B: its reversal, 8 leaves: 8 * 7 digits.
    let a =
        cute::layout!(({s[0]},{s[1]},{s[2]},{s[3]},{s[4]},{s[5]},{s[6]},{s[7]}):({1},{2},{4},{8},{16},{32},{64},{128}))
            .unwrap();
    let b =
        cute::layout!(({s[0]},{s[1]},{s[2]},{s[3]},{s[4]},{s[5]},{s[6]},{s[7]}):({128},{64},{32},{16},{8},{4},{2},{1}))
            .unwrap();
    let r = composition(a, b).unwrap().to_dynamic();
    let expected = cute::dynamic::composition(&a.to_dynamic(), &b.to_dynamic()).unwrap();
    assert_eq!(r.size().unwrap(), 256);
    for i in 0..256 {
        assert_eq!(r.call(i).unwrap(), expected.call(i).unwrap(), "index {}", i);
    }
    // Nine modes and nine leaves: 72 digits.
    let a = cute::layout!(({s[0]},{s[1]},{s[2]},{s[3]},{s[4]},{s[5]},{s[6]},{s[7]},{s[8]}):({1},{2},{4},{8},{16},{32},{64},{128},{256})).unwrap();
    let b = cute::layout!(({s[0]},{s[1]},{s[2]},{s[3]},{s[4]},{s[5]},{s[6]},{s[7]},{s[8]}):({256},{128},{64},{32},{16},{8},{4},{2},{2})).unwrap();
    let e = composition(a, b).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModeOverlap);
    assert!(e.to_string().starts_with("mode overlap: composition"), "{}", e);
    // Nine modes of A and two leaves of B: past the 8-mode buffers, 16 digits.
    let few = cute::layout!(({s[0]},{s[1]}):({256},{1})).unwrap();
    let r = composition(a, few).unwrap().to_dynamic();
    let expected = cute::dynamic::composition(&a.to_dynamic(), &few.to_dynamic()).unwrap();
    // The runtime 1s of the walk stay (CuTe's rule for runtime leaves): the same function.
    assert_eq!(expected.to_string(), "(2,2):(256,1)");
    for i in 0..4 {
        assert_eq!(r.call(i).unwrap(), expected.call(i).unwrap(), "index {}", i);
    }
    let b = cute::layout!(({s[0]},{s[1]},{s[2]},{s[3]},{s[4]},{s[5]},{s[6]},{s[7]},{s[8]}):({256},{128},{64},{32},{16},{8},{4},{2},{1})).unwrap();
    let e = composition(a, b).unwrap_err();
    assert_eq!(e.detail(), Detail::TooManyLeaves(81));
    assert_eq!(
        e.to_string(),
        "too many leaves: composition: 81 modes or leaves, more than the run-time checks hold (32 per operand of a composition, 64 per tuple)"
    );
}

/// A of one mode (each mode of a per-mode divide of a layout of leaves) is linear on its
/// extended domain, so `A o B` scales B's strides: the same function as the dynamic engine's on
/// every small case, and where a scaled stride passes i64 the same kind of error, naming A and
/// the leaf of B.
#[test]
fn a_one_mode_a_scales_b_and_names_an_overflowing_leaf() {
    use cute::dynamic::{self, IntTuple, Layout as DynLayout};
    let big = [1i64 << 62, i64::MAX, i64::MIN + 1];
    let mut values: Vec<i64> = (-4..=9).collect();
    values.extend(big);
    let mut checked = 0;
    for s in [1i64, 2, 3, 7, 12] {
        for &d in &values {
            for (n0, n1) in [(1i64, 1i64), (2, 3), (4, 2), (3, 1)] {
                for &r0 in &values {
                    for r1 in [0i64, 1, 5, -2, 1 << 62] {
                        let (Ok(a), Ok(b)) = (Layout::try_new(s, d), Layout::try_new(hlist![n0, n1], hlist![r0, r1]))
                        else {
                            continue;
                        };
                        let leaf = |n, r| DynLayout::new(IntTuple::Leaf(n), IntTuple::Leaf(r)).unwrap();
                        let engine =
                            dynamic::composition(&leaf(s, d), &DynLayout::from_modes(vec![leaf(n0, r0), leaf(n1, r1)]));
                        match (composition(a, b), engine) {
                            (Ok(r), Ok(e)) => {
                                let r = r.to_dynamic();
                                assert_eq!(r.size().unwrap(), e.size().unwrap());
                                for i in 0..e.size().unwrap() {
                                    assert_eq!(r.call(i).unwrap(), e.call(i).unwrap(), "{} o {} at {}", a, b, i);
                                }
                            }
                            // The engine's linear path says less (no operands) of an overflow.
                            (Err(r), Err(e)) => assert_eq!(r.kind(), e.kind(), "{} o {}: {} and {}", a, b, r, e),
                            // A layout of this face has a cosize that fits in i64; the engine
                            // returns the layout and reports the overflow where it is evaluated.
                            (Err(r), Ok(e)) if r.kind() == ErrorKind::Overflow && e.cosize().is_err() => {}
                            (r, e) => panic!("{} o {}: {:?} but the engine's {:?}", a, b, r, e),
                        }
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 5_000);
    // By hand: 2:2^62 o (2,2):(1,2) scales the second leaf to 2^63.
    let a = Layout::try_new(2i64, 1i64 << 62).unwrap();
    let e = composition(a, Layout::try_new(hlist![2i64, 2i64], hlist![1i64, 2i64]).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(
        e.to_string(),
        "overflow: composition 2:4611686018427387904 o 2:2: 2 * 4611686018427387904 does not fit in i64"
    );
}
