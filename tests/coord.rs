//! Evaluation at natural coordinates, nested as CuTe writes them, on static layouts and on
//! layouts with runtime leaves, against the dynamic engine's `call_coord`.

use cute::dynamic::{IntTuple, Layout as DynLayout};
use cute::{coord, layout};

fn engine(layout: &str, coord: &str) -> isize {
    let l: DynLayout = layout.parse().unwrap();
    let c: IntTuple = coord.parse().unwrap();
    l.call_coord(&c).unwrap() as isize
}

#[test]
fn natural_coordinates_agree_with_the_engine() {
    const L: &str = "(4,(3,2)):(2,(8,1))";
    let s = layout!((4,(3,2)):(2,(8,1)));
    let m = layout!(({4},(3,{2})):(2,({8},1))).unwrap();
    // Each leaf up to one past its extent: natural coordinates past an extent are taken as is.
    for a in 0..5 {
        for b in 0..4 {
            for c in 0..3 {
                let want = engine(L, &format!("({a},({b},{c}))"));
                assert_eq!(s.call_coord(coord!((a, (b, c)))), want, "({a},({b},{c}))");
                assert_eq!(m.call_coord(coord!((a, (b, c)))), want, "({a},({b},{c}))");
            }
        }
        // An integer for the tuple mode (3,2), wrapping into its last leaf.
        for k in 0..8 {
            let want = engine(L, &format!("({a},{k})"));
            assert_eq!(s.call_coord(coord!((a, k))), want, "({a},{k})");
            assert_eq!(m.call_coord(coord!((a, k))), want, "({a},{k})");
        }
    }
    // An integer for the whole layout is its index.
    for i in 0..30 {
        assert_eq!(s.call_coord(coord!(i)), s.call(i));
        assert_eq!(m.call_coord(coord!(i)), engine(L, &i.to_string()));
    }
}

#[test]
fn coordinates_of_integral_and_rank_one_layouts() {
    let s = layout!(8:3);
    assert_eq!(s.call_coord(coord!(5)), 15);
    let r = layout!((8):(3));
    assert_eq!(r.call_coord(coord!((5))), 15);
    assert_eq!(r.call_coord(coord!(5)), 15);
    let m = layout!(({8},4):(1,{8})).unwrap();
    assert_eq!(m.call_coord(coord!((7, { 1 + 2 }))), engine("(8,4):(1,8)", "(7,3)"));
}
