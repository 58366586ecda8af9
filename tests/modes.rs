//! Coordinates and modes of static layouts and of layouts with runtime leaves, against the
//! dynamic engine: evaluation at natural coordinates nested as CuTe writes them (`call_coord`),
//! `mode`, `slice` and `dice`.

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

fn dynamic_call(op: &str, coord: &str, layout: &str) -> String {
    let l: DynLayout = layout.parse().unwrap();
    let c = coord.parse().unwrap();
    match op {
        "slice" => l.slice(&c).unwrap().to_string(),
        _ => l.dice(&c).unwrap().to_string(),
    }
}

/// The text of a layout with the underscores of static leaves removed, as the engine prints it.
fn plain(text: String) -> String {
    text.replace('_', "")
}

#[test]
fn slice_and_dice_agree_with_the_engine() {
    const L: &str = "(4,(3,2)):(2,(8,1))";
    let s = layout!((4,(3,2)):(2,(8,1)));
    let m = layout!(({4},(3,{2})):(2,({8},1))).unwrap();
    macro_rules! both {
        ($text:literal, $($c:tt)+) => {
            for (op, st, mt) in [
                ("slice", plain(s.slice(coord!($($c)+)).to_string()), plain(m.slice(coord!($($c)+)).to_string())),
                ("dice", plain(s.dice(coord!($($c)+)).to_string()), plain(m.dice(coord!($($c)+)).to_string())),
            ] {
                let want = dynamic_call(op, $text, L);
                assert_eq!(st, want, "{op}({}, {L}), static", $text);
                assert_eq!(mt, want, "{op}({}, {L}), runtime leaves", $text);
            }
        };
    }
    both!("(_,(1,_))", (_, (1, _)));
    both!("(1,(_,1))", (1, (_, 1)));
    both!("(_,_)", (_, _));
    both!("(1,2)", (1, 2));
    both!("(_,1)", (_, 1));
    both!("(1,_)", (1, _));
    both!("(_,(_,_))", (_, (_, _)));
    both!("_", _);
}

#[test]
fn modes_of_static_and_runtime_layouts() {
    let s = layout!((4,(3,2)):(2,(8,1)));
    let m = layout!(({4},(3,{2})):(2,({8},1))).unwrap();
    assert_eq!(s.mode::<1>().to_string(), "(_3,_2):(_8,_1)");
    assert_eq!(m.mode::<1>().to_string(), "(_3,2):(8,_1)");
    assert_eq!(m.mode::<0>().to_string(), "4:_2");
    assert_eq!(plain(m.mode::<1>().to_string()), plain(s.mode::<1>().to_string()));
    assert_eq!((*s.shape(), *s.stride()), (cute::shape!((4, (3, 2))), cute::stride!((2, (8, 1)))));
}

#[test]
fn select_take_and_group_agree_with_the_engine() {
    use cute::{group, select, take};
    const L: &str = "(2,(3,5),4):(1,(2,6),30)";
    let d: DynLayout = L.parse().unwrap();
    let s = layout!((2,(3,5),4):(1,(2,6),30));
    let m = layout!(({2},(3,{5}),4):(1,({2},6),{30})).unwrap();
    macro_rules! check {
        ($want:expr, $mac:ident!($($i:literal),+)) => {{
            let want = $want.unwrap().to_string();
            assert_eq!(plain($mac!(s, $($i),+).to_string()), want, "{}{:?}, static", stringify!($mac), [$($i),+]);
            assert_eq!(plain($mac!(m, $($i),+).to_string()), want, "{}{:?}, runtime leaves", stringify!($mac), [$($i),+]);
        }};
    }
    check!(d.select(&[2, 0]), select!(2, 0));
    check!(d.select(&[1]), select!(1));
    check!(d.select(&[0, 1, 2]), select!(0, 1, 2));
    check!(d.take(0, 2), take!(0, 2));
    check!(d.take(1, 3), take!(1, 3));
    check!(d.take(2, 3), take!(2, 3));
    check!(d.group(0, 2), group!(0, 2));
    check!(d.group(1, 3), group!(1, 3));
    check!(d.group(0, 3), group!(0, 3));
    check!(d.group(2, 2), group!(2, 2));
    // A repeated index: the selection is checked, a `Result`.
    let want = d.select(&[1, 1]).unwrap().to_string();
    assert_eq!(plain(select!(s, 1, 1).unwrap().to_string()), want);
    assert_eq!(plain(select!(m, 1, 1).unwrap().to_string()), want);
}

/// `select` copies a mode once per index: the leaves are counted before copying, and a result
/// past `MAX_LEAVES` is an error (the repro nested `select(e,(0,0))` 30 times, doubling
/// the layout at each level, until memory ran out).
#[test]
fn select_holds_at_most_max_leaves() {
    use cute::dynamic::{ErrorKind, MAX_LEAVES};
    let l: DynLayout = "((2,3),4):((1,2),6)".parse().unwrap();
    let ok = l.select(&vec![0; MAX_LEAVES / 2]).unwrap();
    assert_eq!(ok.shape().leaf_count(), MAX_LEAVES);
    let e = l.select(&vec![0; MAX_LEAVES / 2 + 1]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TooManyLeaves);
    assert_eq!(e.to_string(), "too many leaves: select: 262146 leaves, more than a tuple holds (262144)");
    // Text holding a longer tuple is refused when it is read.
    let text = format!("({})", vec!["1"; MAX_LEAVES + 1].join(","));
    let e = text.parse::<IntTuple>().unwrap_err();
    assert_eq!(e.to_string(), "too many leaves: at byte 0: 262145 leaves, more than a tuple holds (262144)");
}

#[test]
fn a_mode_past_the_last_is_the_verdict_index_out_of_range() {
    use cute::dynamic::ErrorKind;
    use cute::statics::mode::{Get, InRange};
    use cute::statics::report::Outcome;
    use cute::{Shape, Stride};
    type S = Shape![(4, 8)];
    type D = Stride![(1, 4)];
    type Verdict<const I: usize> = <<S as Get<I>>::Output as InRange<(S, D)>>::Output;
    assert_eq!(<Verdict<1> as Outcome>::KIND, None);
    assert_eq!(<Verdict<2> as Outcome>::KIND, Some(ErrorKind::IndexOutOfRange));
    // A leaf is its own mode 0 and has no other.
    type Leaf = Shape![4];
    assert_eq!(<<<Leaf as Get<0>>::Output as InRange<(Leaf, Stride![1])>>::Output as Outcome>::KIND, None);
    assert_eq!(
        <<<Leaf as Get<1>>::Output as InRange<(Leaf, Stride![1])>>::Output as Outcome>::KIND,
        Some(ErrorKind::IndexOutOfRange)
    );
}
