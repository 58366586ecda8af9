//! Composition with a swizzle, a swizzled layout or a layout of basis strides on the right of an
//! integer layout: every result is `A(B(c))` at every coordinate, by brute force, and CuTe's
//! values where its documentation or a hand computation gives them.

use cute::dynamic::{
    composition_with_basis, composition_with_composed, composition_with_swizzle, BasisLayout, ComposedLayout,
    ErrorKind, IntTuple, Layout,
};
use cute::swizzle::Swizzle;

fn l(s: &str) -> Layout {
    s.parse().unwrap()
}

/// Layouts whose strides are powers of two (a swizzle moves through them) and some that are not.
const LAYOUTS: [&str; 10] = [
    "64:1",
    "64:2",
    "(8,8):(8,1)",
    "(8,8):(1,8)",
    "(4,16):(16,1)",
    "(2,4,8):(32,8,1)",
    "(8,(2,4)):(1,(64,8))",
    "32:3",
    "(4,8):(1,5)",
    "(8,8):(9,1)",
];

fn swizzles() -> Vec<Swizzle> {
    let mut out = Vec::new();
    for b in 0..=3 {
        for m in 0..=3 {
            for s in [-3, -2, -1, 1, 2, 3] {
                if let Ok(sw) = Swizzle::new(b, m, s) {
                    out.push(sw);
                }
            }
        }
    }
    out
}

#[test]
fn a_layout_after_a_swizzle_is_the_moved_swizzle_after_the_layout() {
    let (mut moved, mut refused) = (0, 0);
    for a in LAYOUTS {
        let a = l(a);
        for sw in swizzles() {
            match composition_with_swizzle(&a, sw) {
                Ok(r) => {
                    assert_eq!(r.offset(), 0);
                    assert_eq!(r.inner(), &a);
                    for i in 0..a.size().unwrap() {
                        assert_eq!(r.call(i).unwrap(), a.call(sw.apply(i)).unwrap(), "{} o {} at {}", a, sw, i);
                    }
                    moved += 1;
                }
                Err(e) => {
                    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle, "{} o {}: {}", a, sw, e);
                    // Refused only where no swizzle after A equals A o Sw: A's values at the masks
                    // are not a swizzle's, or the one they make differs somewhere.
                    let agrees = |w: Swizzle| {
                        (0..a.size().unwrap()).all(|i| w.apply(a.call(i).unwrap()) == a.call(sw.apply(i)).unwrap())
                    };
                    let (y, z) = (a.call(sw.yyy_mask()).unwrap(), a.call(sw.zzz_mask()).unwrap());
                    assert!(Swizzle::make(y, z).map_or(true, |w| !agrees(w)), "{} o {} refused: {}", a, sw, e);
                    refused += 1;
                }
            }
        }
    }
    assert!(moved > 100 && refused > 50, "{} moved, {} refused", moved, refused);
    // CuTe's values (its swizzle_layout.hpp composition, worked by hand).
    let r = composition_with_swizzle(&l("(8,8):(8,1)"), Swizzle::new(3, 0, 3).unwrap()).unwrap();
    assert_eq!(r.to_string(), "Sw<3,0,-3> o 0 o (8,8):(8,1)");
    let r = composition_with_swizzle(&l("64:2"), Swizzle::new(2, 1, 2).unwrap()).unwrap();
    assert_eq!(r.to_string(), "Sw<2,2,2> o 0 o 64:2");
    let e = composition_with_swizzle(&l("(4,8):(1,5)"), Swizzle::new(1, 2, 1).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
    assert!(e.to_string().starts_with("invalid swizzle: composition((4,8):(1,5), Sw<1,2,1>): "), "{}", e);
}

/// The crate's layout type, with runtime leaves and static ones, after a swizzle: the moved
/// swizzle of the dynamic engine, the same refusals, and `A(Sw(i))` at every index.
#[test]
fn a_typed_layout_after_a_swizzle_is_the_dynamic_engine_s() {
    use cute::{composition, layout};
    fn check<L: cute::tensor::ViewLayout + std::fmt::Display>(
        a: L,
        sw: Swizzle,
        r: Result<cute::ComposedLayout<Swizzle, L>, cute::mixed::Error>,
    ) -> bool {
        let d = l(&a.to_string().replace('_', ""));
        match (r, composition_with_swizzle(&d, sw)) {
            (Ok(r), Ok(e)) => {
                assert_eq!((r.swizzle(), r.offset()), (e.swizzle(), 0), "{} o {}", a, sw);
                assert_eq!(r.inner().to_string(), a.to_string());
                // R(i) = Sw'(A(i)) is A(Sw(i)).
                for i in 0..d.size().unwrap() {
                    let got = r.swizzle().apply(d.call(i).unwrap());
                    assert_eq!(got, d.call(sw.apply(i)).unwrap(), "{} o {} at {}", a, sw, i);
                }
                true
            }
            (Err(r), Err(e)) => {
                assert_eq!(r.kind(), cute::error::ErrorKind::InvalidSwizzle, "{} o {}: {}", a, sw, r);
                assert_eq!(e.kind(), ErrorKind::InvalidSwizzle);
                false
            }
            (r, e) => panic!("{} o {}: {:?} where the dynamic engine gives {:?}", a, sw, r.map(|c| c.to_string()), e),
        }
    }
    let mut moved = 0;
    for sw in swizzles() {
        let a = layout!(({ 64 }):({ 2 })).unwrap();
        moved += usize::from(check(a, sw, composition(a, sw)));
        let a = layout!(({ 8 }, 8):(8, { 1 })).unwrap();
        moved += usize::from(check(a, sw, composition(a, sw)));
        let a = layout!((2, { 4 }, 8):({ 32 }, 8, 1)).unwrap();
        moved += usize::from(check(a, sw, composition(a, sw)));
        let a = layout!(({ 4 }, 8):(1, { 5 })).unwrap();
        moved += usize::from(check(a, sw, composition(a, sw)));
        // A static layout with a runtime swizzle takes the same checked route.
        let a = layout!((8,(2,4)):(1,(64,8)));
        moved += usize::from(check(a, sw, composition(a, sw)));
    }
    assert!(moved > 100, "{} moved", moved);
    // Static operands: the moved swizzle is found (and checked) at compile time.
    use cute::swizzle::Sw;
    use cute::typenum::{P1, P2, P3, Z0};
    let r = composition(layout!((8,8):(8,1)), Sw::<P3, Z0, P3>::new());
    assert_eq!(r.to_string(), "Sw<3,0,-3> o 0 o (_8,_8):(_8,_1)");
    let r = composition(layout!(64:2), Sw::<P2, P1, P2>::new());
    assert_eq!(r.to_string(), "Sw<2,2,2> o 0 o _64:_2");
    assert!((0..64).all(|i| r.call(i) as i64 == 2 * Swizzle::new(2, 1, 2).unwrap().apply(i as i64)));
    // A runtime refusal names the operands and the reason.
    let e = composition(layout!(({ 4 }, 8):(1, { 5 })).unwrap(), Swizzle::new(1, 2, 1).unwrap()).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::InvalidSwizzle);
    assert!(e.to_string().starts_with("invalid swizzle: composition (4,_8):(_1,5) o Sw<1,2,1>: "), "{}", e);
}

#[test]
fn a_layout_after_a_swizzled_layout_is_a_swizzled_composition() {
    let mut checked = 0;
    for a in LAYOUTS {
        let a = l(a);
        for inner in ["(4,4):(4,1)", "(8,8):(8,1)", "16:1", "(2,8):(8,1)"] {
            for sw in swizzles() {
                let b = ComposedLayout::new(sw, 0, l(inner));
                let Ok(r) = composition_with_composed(&a, &b) else { continue };
                for i in 0..b.size().unwrap() {
                    assert_eq!(r.call(i).unwrap(), a.call(b.call(i).unwrap()).unwrap(), "{} o {} at {}", a, b, i);
                }
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "{}", checked);
    let b = ComposedLayout::new(Swizzle::new(1, 0, 1).unwrap(), 0, l("8:1"));
    assert_eq!(composition_with_composed(&l("8:2"), &b).unwrap().to_string(), "Sw<1,1,1> o 0 o 8:2");
}

/// The crate's layout type after a swizzled layout, `A o (Sw o 0 o B)`: the dynamic engine's
/// result and refusals, and `A(Sw(B(i)))` at every index.
#[test]
fn a_typed_layout_after_a_swizzled_layout_is_the_dynamic_engine_s() {
    use cute::{composition, layout};
    /// `composed`, the crate's `A o B`, against the dynamic engine's.
    fn check<A, B, R>(a: A, b: cute::ComposedLayout<Swizzle, B>, composed: Result<R, cute::mixed::Error>) -> bool
    where
        A: std::fmt::Display,
        R: std::fmt::Display,
        B: cute::tensor::ViewLayout + std::fmt::Display + Copy,
    {
        let dyn_a = l(&a.to_string().replace('_', ""));
        let dyn_b = ComposedLayout::new(b.swizzle(), 0, l(&b.inner().to_string().replace('_', "")));
        let text = format!("{} o {}", a, b);
        match (composed, composition_with_composed(&dyn_a, &dyn_b)) {
            (Ok(r), Ok(e)) => {
                // The same swizzle; the inner layout keeps the typed face's structure (a runtime
                // leaf's split stays in its type), so it is compared as a function.
                let r = r.to_string().replace('_', "");
                let (moved, inner) = r.split_once(" o 0 o ").unwrap();
                assert_eq!(moved, e.swizzle().to_string(), "{}", text);
                // R(i) = A(Sw(B(i))), evaluated on the dynamic engine's copies of A and B.
                let r = ComposedLayout::new(e.swizzle(), 0, l(inner));
                assert_eq!(r.size().unwrap(), dyn_b.size().unwrap(), "{}", text);
                for i in 0..dyn_b.size().unwrap() {
                    assert_eq!(r.call(i).unwrap(), dyn_a.call(dyn_b.call(i).unwrap()).unwrap(), "{} at {}", text, i);
                }
                true
            }
            (Err(r), Err(e)) => {
                assert_eq!(r.kind().to_string(), e.kind().to_string(), "{}: {} / {}", text, r, e);
                false
            }
            (r, e) => panic!("{}: {:?} where the dynamic engine gives {:?}", text, r.map(|c| c.to_string()), e),
        }
    }
    macro_rules! check {
        ($a:expr, $b:expr) => {{
            let (a, b) = ($a, $b);
            check(a, b, composition(a, b))
        }};
    }
    let mut composed = 0;
    for sw in swizzles() {
        // Runtime inner layouts, (4,4):(4,1) and (2,8):(8,1).
        for (s0, d0, d1) in [(4, 4, 1), (2, 8, 8)] {
            let b = cute::ComposedLayout::new(sw, 0, layout!(({ s0 }, { 16 / s0 }):({ d0 }, { d1 })).unwrap()).unwrap();
            composed += usize::from(check!(layout!(({ 64 }):({ 2 })).unwrap(), b));
            composed += usize::from(check!(layout!(({ 8 }, 8):(8, { 1 })).unwrap(), b));
            composed += usize::from(check!(layout!((2, { 4 }, 8):({ 32 }, 8, 1)).unwrap(), b));
            composed += usize::from(check!(layout!((8, (2, 4)):(1, (64, 8))), b));
        }
        // A static inner layout.
        let b = cute::ComposedLayout::new(sw, 0, layout!((4, 4):(4, 1))).unwrap();
        composed += usize::from(check!(layout!(({ 16 }):({ 2 })).unwrap(), b));
        composed += usize::from(check!(layout!(((4, 4), 4):((16, 1), 4)), b));
    }
    assert!(composed > 50, "{} composed", composed);
    // By hand: 16:2 doubles every offset, so Sw<2,0,2>'s fields move up one bit.
    use cute::swizzle::Sw;
    use cute::typenum::{P2, Z0};
    let b = composition(Sw::<P2, Z0, P2>::new(), layout!((4,4):(4,1)));
    let r = composition(layout!(16:2), b).unwrap();
    assert_eq!(r.to_string(), "Sw<2,1,2> o 0 o (_4,_4):(_8,_2)");
    // CuTe requires the offset to be 0.
    let b = cute::ComposedLayout::new(Swizzle::new(2, 0, 2).unwrap(), 16, layout!((4,4):(4,1))).unwrap();
    let e = composition(layout!(({ 64 }):(2)).unwrap(), b).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::InvalidSwizzle);
    assert_eq!(
        e.to_string(),
        "invalid swizzle: composition (64):(_2) o Sw<2,0,2> o 16 o (_4,_4):(_4,_1): the offset 16 is not 0, which CuTe requires"
    );
}

/// `A(B(c))` where `B(c)` is a coordinate of A of `A`'s rank (B's codomain padded with zeros).
fn a_of_b(a: &Layout, b: &BasisLayout, i: i64) -> i64 {
    let c = b.call(i).unwrap();
    let mut modes: Vec<IntTuple> = c.modes().to_vec();
    while modes.len() < a.rank() {
        modes.push(IntTuple::Leaf(0));
    }
    a.call_coord(&IntTuple::Tuple(modes)).unwrap()
}

#[test]
fn a_layout_after_basis_strides_picks_its_modes() {
    for (a, b, want) in [
        // CuTe's layout_composed / composition_impl: each E<i> selects mode i (by hand).
        ("(4,8):(1,4)", "(2,4):(1@1,2@0)", "(2,4):(4,2)"),
        ("(4,8):(1,4)", "(2,2):(2@0,4@1)", "(2,2):(2,16)"),
        ("(4,8):(1,4)", "(4,8):(1@0,1@1)", "(4,8):(1,4)"),
        // Mode 0 coalesced first: (2,2):(1,2) is 4:1.
        ("((2,2),8):((1,2),4)", "4:1@0", "4:1"),
        // A transposed tile of a row-major matrix, a TV layout over coordinates.
        ("(8,16):(16,1)", "((2,4),8):((1@1,2@1),1@0)", "((2,4),8):((1,2),16)"),
    ] {
        let (a, b): (Layout, BasisLayout) = (l(a), b.parse().unwrap());
        let r = composition_with_basis(&a, &b).unwrap();
        assert_eq!(r.to_string(), want, "{} o {}", a, b);
        for i in 0..b.size().unwrap() {
            assert_eq!(r.call(i).unwrap(), a_of_b(&a, &b, i), "{} o {} at {}", a, b, i);
        }
    }
    // Two leaves on one mode compose together: 8:1 o (2,4):(1,2).
    let r = composition_with_basis(&l("(8,4):(1,8)"), &"(2,4):(1@0,2@0)".parse().unwrap()).unwrap();
    assert_eq!(r.to_string(), "(2,4):(1,2)");
    // On a mode that is not linear their images overlap: B(1,1) = 2@0, where A is 10, not 1 + 1.
    let e = composition_with_basis(&l("((2,2),3):((1,10),100)"), &"(2,2):(1@0,1@0)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModeOverlap);
    let e = composition_with_basis(&l("(4,8):(1,4)"), &"4:1@2".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    assert_eq!(e.to_string(), "rank mismatch: composition (4,8):(1,4) o 4:1@2: 1@2 names no mode of (4,8):(1,4)");
    // A mode's own composition conditions: stride 3 in mode 0, (2,3):(1,4), does not divide 2.
    let e = composition_with_basis(&l("((2,3),8):((1,4),12)"), &"2:3@0".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
}

/// The crate's layout type after basis strides: the values CuTe's coordinate layouts give (by
/// hand, as for the dynamic engine above), static and with runtime leaves, `A(B(c))` at every
/// index, and the same refusals.
#[test]
fn a_typed_layout_after_basis_strides_picks_its_modes() {
    use cute::{composition, layout};
    /// `R(i) == A(B(i))` for every index, on the dynamic engine's copies of the operands.
    fn pointwise(r: &str, a: &str, b: &str) {
        let (r, a, b): (Layout, Layout, BasisLayout) =
            (l(&r.replace('_', "")), l(&a.replace('_', "")), b.replace('_', "").parse().unwrap());
        assert_eq!(r.size().unwrap(), b.size().unwrap(), "{} o {}", a, b);
        for i in 0..b.size().unwrap() {
            assert_eq!(r.call(i).unwrap(), a_of_b(&a, &b, i), "{} o {} at {}", a, b, i);
        }
    }
    macro_rules! check {
        ($a:expr, $b:expr, $want:expr) => {{
            let (a, b) = ($a, $b);
            let r = composition(a, b);
            assert_eq!(r.to_string().replace('_', ""), $want, "{} o {}", a, b);
            pointwise(&r.to_string(), &a.to_string(), &b.to_string());
        }};
    }
    macro_rules! check_runtime {
        ($a:expr, $b:expr, $want:expr) => {{
            let (a, b) = ($a.unwrap(), $b);
            let r = composition(a, b).unwrap();
            let coalesced = |t: &str| cute::dynamic::coalesce(&l(&t.replace('_', ""))).unwrap().to_string();
            assert_eq!(coalesced(&r.to_string()), coalesced($want), "{} o {}", a, b);
            pointwise(&r.to_string(), &a.to_string(), &b.to_string());
        }};
    }
    check!(layout!((4,8):(1,4)), layout!((2,4):(1@1,2@0)), "(2,4):(4,2)");
    check!(layout!((4,8):(1,4)), layout!((2,2):(2@0,4@1)), "(2,2):(2,16)");
    check!(layout!((4,8):(1,4)), layout!((4,8):(1@0,1@1)), "(4,8):(1,4)");
    check!(layout!(((2,2),8):((1,2),4)), layout!(4:1@0), "4:1");
    check!(layout!((8,16):(16,1)), layout!(((2,4),8):((1@1,2@1),1@0)), "((2,4),8):((1,2),16)");
    check!(layout!((8,4):(1,8)), layout!((2,4):(1@0,2@0)), "(2,4):(1,2)");
    // A nested basis element: 1@1@0 is mode 1 of mode 0.
    check!(layout!(((4,2),8):((2,1),8)), layout!((2,8):(1@1@0,1@1)), "(2,8):(1,8)");
    // Runtime leaves in A: the same functions (a runtime extent keeps its leaves in the
    // result's type, so results are compared coalesced).
    check_runtime!(layout!(({ 4 },8):(1,{ 4 })), layout!((2,4):(1@1,2@0)), "(2,4):(4,2)");
    check_runtime!(layout!(({ 8 },16):({ 16 },1)), layout!(((2,4),8):((1@1,2@1),1@0)), "((2,4),8):((1,2),16)");
    check_runtime!(layout!(({ 8 },4):(1,{ 8 })), layout!((2,4):(1@0,2@0)), "(2,4):(1,2)");
    // And in B.
    check_runtime!(layout!(({ 4 },8):(1,{ 4 })), layout!(({ 2 },4):(1@1,{ 2 }@0)).unwrap(), "(2,4):(4,2)");
    // The leaves on one mode are checked together: B(1,1) = 2@0, where A is 10, not 1 + 1.
    let e = composition(layout!((({ 2 },2),3):((1,10),100)).unwrap(), layout!((2,2):(1@0,1@0))).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::ModeOverlap);
    // A basis element past A's modes is the dynamic engine's rank mismatch, a compile error
    // (ui-tests/fail/composition_basis_right_rank.rs) whose verdict says so.
    use cute::statics::report::Outcome;
    type Verdict<A, B> = cute::RouteVerdict<cute::op::Composition, A, B>;
    type A = cute::Layout![(4,8):(1,4)];
    assert_eq!(<Verdict<A, cute::Layout![4:1@2]> as Outcome>::KIND, Some(ErrorKind::RankMismatch));
    assert_eq!(<Verdict<A, cute::Layout![(2,2):(1@1@0,1@1)]> as Outcome>::KIND, Some(ErrorKind::RankMismatch));
    assert_eq!(<Verdict<A, cute::Layout![(2,2):(1@1,1@0)]> as Outcome>::KIND, None);
    // A mode's own conditions: stride 3 in mode 0, (2,3):(1,4), does not divide 2.
    let e = composition(layout!((({ 2 },3),8):((1,4),12)).unwrap(), layout!(2:3@0)).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::StrideDivisibility);
    assert_eq!(
        e.to_string(),
        "stride divisibility: composition (2,3):(1,4) o 2:3: stride 3 does not divide and is not divided by shape 2"
    );
}
