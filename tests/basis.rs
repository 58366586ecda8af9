//! Layouts with basis strides (the paper's section 2.3.1): identity layouts, evaluation to
//! coordinates, and the paper's tables with e0/e1 strides as tests.

use cute::dynamic::{idx2crd, make_identity_layout, BasisLayout, ErrorKind, IntTuple, Layout};
use proptest::prelude::*;

fn basis(text: &str) -> BasisLayout {
    text.parse().unwrap()
}

#[test]
fn identity_layouts_map_coordinates_to_themselves() {
    let id = make_identity_layout(&"(2,(3,4),5)".parse().unwrap()).unwrap();
    assert_eq!(id.to_string(), "(2,(3,4),5):(1@0,(1@0@1,1@1@1),1@2)");
    let shape: IntTuple = "(2,(3,4),5)".parse().unwrap();
    for i in 0..120 {
        assert_eq!(id.call(i).unwrap(), idx2crd(i, &shape).unwrap());
    }
    // Parsed back from its text.
    assert_eq!(basis(&id.to_string()), id);
}

#[test]
fn the_papers_tables() {
    // Table 4, "Coordinate": (8,8):(e0,e1) o ((4,8),2):((16,1),8).
    let tv: Layout = "((4,8),2):((16,1),8)".parse().unwrap();
    assert_eq!(basis("(8,8):(1@0,1@1)").composition(&tv).unwrap().to_string(), "((4,8),2):((2@1,1@0),1@1)");
    // Table 5, right inverses.
    assert_eq!(basis("(4,8):(1@0,1@1)").right_inverse().unwrap().to_string(), "(4,8):(1,4)");
    assert_eq!(basis("(4,(4,2)):(1@1,(1@0,6@1))").right_inverse().unwrap().to_string(), "(4,4):(4,1)");
    // Table 6, left inverses.
    assert_eq!(basis("(4,8):(1@0,1@1)").left_inverse().unwrap().to_string(), "(4,8):(1,4)");
    assert_eq!(basis("(4,(4,2)):(1@1,(1@0,6@1))").left_inverse().unwrap().to_string(), "(4,(6,2)):(4,(1,16))");
    // Table 7, complements (the first row's e1 stride is the cosize along e1, 8; the paper
    // prints 4e1).
    assert_eq!(basis("(4,8):(1@0,1@1)").complement().unwrap().to_string(), "(1,1):(4@0,8@1)");
    assert_eq!(basis("(4,(4,2)):(1@1,(1@0,12@1))").complement().unwrap().to_string(), "(1,(3,1)):(4@0,(4@1,24@1))");
    // Section 2.3.1: (4,(4,2)):(e1,(e0,6e1)) as a Z-matrix, evaluated.
    let m = basis("(4,(4,2)):(1@1,(1@0,6@1))");
    assert_eq!(m.call_coord(&"(3,(2,1))".parse().unwrap()).unwrap().to_string(), "(2,9)");
}

#[test]
fn coalesce_merges_along_one_element() {
    assert_eq!(basis("((2,4),8):((1@0,2@0),1@1)").coalesce().unwrap().to_string(), "(8,8):(1@0,1@1)");
    assert_eq!(basis("(4,8):(1@0,4@1)").coalesce().unwrap().to_string(), "(4,8):(1@0,4@1)");
    assert_eq!(basis("(1,8):(5@0,1@1)").coalesce().unwrap().to_string(), "8:1@1");
}

#[test]
fn errors_name_the_condition() {
    let e = basis("(4,8):(1@0,-1@1)").right_inverse().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NegativeStride);
    assert!(e.to_string().contains("stride -1@1 is negative"), "{}", e);
    let e = basis("(4,8):(1@0@1,1@1)").left_inverse().unwrap_err();
    assert!(e.to_string().contains("is not a scaled top-level basis element"), "{}", e);
    let e = basis("(4,8):(1@0,2@0)").complement().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonInjective);
    let e = "(4,8):(1@0,1@)".parse::<BasisLayout>().unwrap_err();
    assert_eq!(e.to_string(), "parse: at byte 13: expected a dim (an unsigned integer), found ')'");
    let e = "(4,8):(1@0)".parse::<BasisLayout>().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    // Bounded work: a basis index names a mode of the coordinates, so it is bounded, and a
    // composition is checked only where the check stays small.
    let e = "8:1@4000000000".parse::<BasisLayout>().unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: stride 1@4000000000 of 8:1@4000000000: a basis index is at most 1023");
    let big: Layout = "(1024,1024):(1,1024)".parse().unwrap();
    let e = make_identity_layout(&"(1024,1024)".parse().unwrap()).unwrap().composition(&big).unwrap_err();
    assert!(e.to_string().contains("to check, more than 1048576 evaluations"), "{}", e);
    // An integer stride among basis strides is refused (the grammar has none; made by hand).
    use cute::dynamic::{HTuple, ScaledBasis};
    let mixed =
        HTuple::Tuple(vec![HTuple::Leaf(ScaledBasis::new(1, vec![])), HTuple::Leaf(ScaledBasis::new(1, vec![0]))]);
    let e = BasisLayout::new("(2,3)".parse().unwrap(), mixed).unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: stride 1 of (2,3):(1,1@0) is an integer among basis strides");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]
    /// An identity layout's composition with a compact tile of its shape is checked pointwise
    /// inside (so is always `A(B(c))`), and its inverses undo it.
    #[test]
    fn identity_layouts_compose_and_invert(m in 1i64..9, n in 1i64..9, tm in 1i64..9) {
        let id = make_identity_layout(&format!("({},{})", m, n).parse().unwrap()).unwrap();
        let r = id.right_inverse().unwrap();
        let l = id.left_inverse().unwrap();
        for i in 0..m * n {
            let c = id.call(i).unwrap();
            prop_assert_eq!(l.call_coord(&c).unwrap(), i);
            prop_assert_eq!(r.call_coord(&c).unwrap(), i);
        }
        if m % tm == 0 {
            let tile: Layout = format!("({},{}):(1,{})", tm, n, m).parse().unwrap();
            let t = id.composition(&tile).unwrap();
            for i in 0..tm * n {
                prop_assert_eq!(t.call(i).unwrap(), id.call(tile.call(i).unwrap()).unwrap());
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 500, failure_persistence: None, ..ProptestConfig::default() })]
    /// A layout with basis strides prints as text that reads back to it; arbitrary text never
    /// panics the reader.
    #[test]
    fn text_round_trips(leaves in prop::collection::vec((1i64..6, -4i64..9, prop::collection::vec(0u32..3, 1..3)), 1..4),
                        junk in prop::collection::vec(prop::sample::select(&b"()@,:/- 0123456789"[..]), 0..32)) {
        let shape: Vec<String> = leaves.iter().map(|(s, _, _)| s.to_string()).collect();
        let stride: Vec<String> = leaves
            .iter()
            .map(|(_, v, dims)| format!("{}{}", v, dims.iter().map(|d| format!("@{}", d)).collect::<String>()))
            .collect();
        let l: BasisLayout = format!("({}):({})", shape.join(","), stride.join(",")).parse().unwrap();
        prop_assert_eq!(l.to_string().parse::<BasisLayout>().unwrap(), l.clone());
        let _ = String::from_utf8(junk).unwrap().parse::<BasisLayout>();
    }
}
