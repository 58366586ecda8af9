//! Layouts with basis strides (the paper's section 2.3.1): identity layouts, evaluation to
//! coordinates, and the paper's tables with e0/e1 strides as tests.

use std::collections::BTreeMap;

use cute::dynamic::{idx2crd, make_identity_layout, BasisLayout, ErrorKind, HTuple, IntTuple, Layout};
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

/// The entries of an arithmetic tuple that are not 0, by position: two coordinates are the same
/// point when these agree, whatever their lengths (CuTe's arithmetic tuples, where an absent
/// entry is 0).
fn point(t: &IntTuple) -> BTreeMap<Vec<usize>, i64> {
    fn walk(t: &IntTuple, at: &mut Vec<usize>, out: &mut BTreeMap<Vec<usize>, i64>) {
        match t {
            HTuple::Leaf(0) => {}
            HTuple::Leaf(v) => {
                out.insert(at.clone(), *v);
            }
            HTuple::Tuple(modes) => {
                for (k, m) in modes.iter().enumerate() {
                    at.push(k);
                    walk(m, at, out);
                    at.pop();
                }
            }
        }
    }
    let mut out = BTreeMap::new();
    walk(t, &mut Vec::new(), &mut out);
    out
}

#[test]
fn composition_is_the_integer_walk_over_the_shapes() {
    // The result has the elements it reaches: its coordinates are A's with the zeros left out.
    let id = basis("(4,4):(1@0,1@1)");
    let r = id.composition(&"4:1".parse().unwrap()).unwrap();
    assert_eq!(r.to_string(), "4:1@0");
    assert_eq!(r.call(3).unwrap().to_string(), "(3)");
    assert_eq!(point(&r.call(3).unwrap()), point(&id.call(3).unwrap()));
    // Leaves along two elements never merge, whatever their strides as integers would do.
    let a = basis("(4,(4,4)):(3@1,(1@0,1@1))");
    assert_eq!(a.composition(&"64:1".parse().unwrap()).unwrap().to_string(), "(4,4,4):(3@1,1@0,1@1)");
    // Zero scales, and A's last mode taking what lies past its size.
    assert_eq!(basis("(1,(1,1)):(0@1,(0@0,0@1))").composition(&"1:1".parse().unwrap()).unwrap().to_string(), "1:0@1");
    assert_eq!(basis("(4,1):(1@0,1@1)").composition(&"8:1".parse().unwrap()).unwrap().to_string(), "(4,2):(1@0,1@1)");
    let e = id.composition(&"(2,4):(1,1)".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModeOverlap);
    assert_eq!(
        e.to_string(),
        "mode overlap: composition (4,4):(1@0,1@1) o (2,4):(1,1): modes of B overlap in mode 0 (shape 4) of A, so A o B is not a layout"
    );
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
    let e = basis("(4,8):(1@0@1,1@1@1)").left_inverse().unwrap_err();
    assert!(e.to_string().contains("is not a scaled top-level basis element"), "{}", e);
    let e = basis("(4,8):(1@0,2@0)").complement().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::NonInjective);
    let e = "(4,8):(1@0,1@)".parse::<BasisLayout>().unwrap_err();
    assert_eq!(e.to_string(), "parse: at byte 13: expected a dim (an unsigned integer), found ')'");
    let e = "(4,8):(1@0)".parse::<BasisLayout>().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::RankMismatch);
    // Bounded work: a basis index names a mode of the coordinates, so it is bounded; a
    // composition walks leaves, not indices, so a large one is as quick as a small one.
    let e = "8:1@4000000000".parse::<BasisLayout>().unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: stride 1@4000000000 of 8:1@4000000000: a basis index is at most 1023");
    let big: Layout = "(1048576,1048576):(1048576,1)".parse().unwrap();
    let id = make_identity_layout(&"(1048576,1048576)".parse().unwrap()).unwrap();
    assert_eq!(id.composition(&big).unwrap().to_string(), "(1048576,1048576):(1@1,1@0)");
    // A tuple tiler with more modes than the layout.
    let e = basis("(8,8):(1@0,1@1)").logical_divide(&"<2,2,2>".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyModes);
    assert_eq!(
        e.to_string(),
        "too many modes: logical_divide((8,8):(1@0,1@1), <2,2,2>): the tiler has 3 modes, the layout 2"
    );
    let e = basis("8:1@0").composition_tiler(&"<2,2>".parse().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyModes);
    // A leaf layout is its one mode, as CuTe treats an integral layout under a one-entry tiler.
    assert_eq!(basis("8:1@0").composition_tiler(&"<2:2>".parse().unwrap()).unwrap().to_string(), "(2):(2@0)");
    assert_eq!(basis("8:1@0").logical_divide(&"<2>".parse().unwrap()).unwrap().to_string(), "((2,4)):((1@0,2@0))");
    // Strides that do not make one coordinate: e_0 is an entry and a tuple.
    let e = "(2,3):(1@0,1@0@0)".parse::<BasisLayout>().unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: strides 1@0 and 1@0@0 of (2,3):(1@0,1@0@0) do not make one coordinate: an entry of one is a tuple in the other"
    );
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

/// A layout with basis strides of `leaves` (shape, scale, dims innermost first), or the error
/// of strides that do not make one coordinate.
fn basis_of(leaves: &[(i64, i64, Vec<u32>)]) -> Result<BasisLayout, cute::dynamic::Error> {
    let shape: Vec<String> = leaves.iter().map(|(s, _, _)| s.to_string()).collect();
    let stride: Vec<String> = leaves
        .iter()
        .map(|(_, v, dims)| format!("{}{}", v, dims.iter().map(|d| format!("@{}", d)).collect::<String>()))
        .collect();
    format!("({}):({})", shape.join(","), stride.join(",")).parse()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]
    /// Composition with any integer layout is `A(B(c))` at every `c` of B's domain (A past its
    /// size where B reaches there), or an error naming a composition condition.
    #[test]
    fn composition_is_a_of_b(a in prop::collection::vec((1i64..5, -3i64..6, prop::collection::vec(0u32..2, 1..3)), 1..4),
                             b in prop::collection::vec((1i64..5, -4i64..9), 1..4)) {
        let a = basis_of(&a);
        prop_assume!(a.is_ok());
        let a = a.unwrap();
        let b: Layout = format!(
            "({}):({})",
            b.iter().map(|(s, _)| s.to_string()).collect::<Vec<_>>().join(","),
            b.iter().map(|(_, d)| d.to_string()).collect::<Vec<_>>().join(",")
        )
        .parse()
        .unwrap();
        match a.composition(&b) {
            Ok(r) => {
                prop_assert_eq!(r.size().unwrap(), b.size().unwrap());
                for i in 0..b.size().unwrap() {
                    let want = a.call(b.call(i).unwrap()).unwrap();
                    prop_assert_eq!(point(&r.call(i).unwrap()), point(&want), "{} o {} = {} at {}", a, b, r, i);
                }
            }
            Err(e) => prop_assert!(
                matches!(e.kind(), ErrorKind::StrideDivisibility | ErrorKind::ShapeDivisibility | ErrorKind::ModeOverlap),
                "{}", e
            ),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]
    /// The left inverse gives back an index of each coordinate, `A(R(A(i))) == A(i)` (the
    /// paper's definition; `R(A(i)) == i` where A is injective), or names the scales that
    /// stand in the way.
    #[test]
    fn left_inverse_gives_each_index_back(leaves in prop::collection::vec((1i64..5, 0i64..9, 0u32..3), 1..5)) {
        let a = basis_of(&leaves.iter().map(|&(s, v, k)| (s, v, vec![k])).collect::<Vec<_>>()).unwrap();
        match a.left_inverse() {
            Ok(r) => {
                let rank = r.shape().modes().len();
                for i in 0..a.size().unwrap() {
                    let c = a.call(i).unwrap();
                    let entries = c.modes();
                    // Elements past R's modes are reached by zero scales only.
                    prop_assert!(entries[rank.min(entries.len())..].iter().all(|e| *e == HTuple::Leaf(0)));
                    let c = HTuple::Tuple(entries[..rank.min(entries.len())].to_vec());
                    let j = r.call_coord(&c).unwrap();
                    prop_assert_eq!(point(&a.call(j).unwrap()), point(&a.call(i).unwrap()), "{} with {} at {}", a, r, i);
                    if leaves.iter().all(|&(s, v, _)| s == 1 || v != 0) {
                        prop_assert_eq!(j, i, "{} with {} at {}", a, r, i);
                    }
                }
            }
            Err(e) => prop_assert!(
                matches!(e.kind(), ErrorKind::LeftInverseDivisibility | ErrorKind::NonInjective),
                "{}", e
            ),
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, failure_persistence: None, ..ProptestConfig::default() })]
    /// The dynamic engine's logical divide meets CuTe's post-conditions: mode 0 is `A o B`, and
    /// `R(i) == A(D(i))` with `D = (B, complement(B, shape(coalesce(A))))` wherever `D(i)` lies
    /// in A's domain; or it names a composition condition.
    #[test]
    fn logical_divide_meets_its_post_conditions(leaves in prop::collection::vec((1i64..5, 0i64..6, 0u32..2), 1..4),
                                                n in 1i64..7, r in 1i64..4) {
        let a = basis_of(&leaves.iter().map(|&(s, v, k)| (s, v, vec![k])).collect::<Vec<_>>()).unwrap();
        let tile: Layout = format!("{}:{}", n, r).parse().unwrap();
        match a.logical_divide(&tile.clone().into()) {
            Ok(d) => {
                let rest = cute::dynamic::complement(&tile, a.coalesce().unwrap().shape()).unwrap();
                let divisor = Layout::from_modes(vec![tile.clone(), rest]);
                prop_assert_eq!(d.size().unwrap(), divisor.size().unwrap());
                for i in 0..d.size().unwrap() {
                    let at = divisor.call(i).unwrap();
                    if at < a.size().unwrap() {
                        prop_assert_eq!(point(&d.call(i).unwrap()), point(&a.call(at).unwrap()), "{} / {} = {} at {}", a, tile, d, i);
                    }
                }
                let c = a.composition(&tile).unwrap();
                for i in 0..n {
                    prop_assert_eq!(point(&d.call(i).unwrap()), point(&c.call(i).unwrap()));
                }
            }
            Err(e) => prop_assert!(
                matches!(e.kind(), ErrorKind::StrideDivisibility | ErrorKind::ShapeDivisibility | ErrorKind::ModeOverlap),
                "{}", e
            ),
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
        match basis_of(&leaves) {
            Ok(l) => prop_assert_eq!(l.to_string().parse::<BasisLayout>().unwrap(), l.clone()),
            Err(e) => prop_assert!(e.to_string().contains("do not make one coordinate"), "{}", e),
        }
        let _ = String::from_utf8(junk).unwrap().parse::<BasisLayout>();
    }
}

// The layout type: basis strides as types, static or runtime scales.
mod layout_type;
