//! Layouts with basis strides as types (static or runtime scales): evaluation, the operations
//! and their conditions, checked against the dynamic engine.

use cute::basis::{Basis, ScaledBasis, E};
use cute::dynamic::Layout as DynamicLayout;
use cute::dynamic::{idx2crd, BasisLayout, ErrorKind, HTuple, IntTuple};
use cute::mixed::MixedTuple;
use cute::typenum::{P2, P4, U0, U1};
use cute::{
    coalesce, composition, coord, flat_divide, hlist, layout, logical_divide, make_identity_layout, right_inverse,
    shape, tiled_divide, zipped_divide, HCons, HNil, Layout, Shape, Underscore,
};

use super::point;
use proptest::prelude::*;

type E0 = HCons<U0, HNil>;
type E1 = HCons<U1, HNil>;

/// A coordinate as the dynamic engine's int tuple.
fn tuple<C: MixedTuple>(c: C) -> IntTuple {
    c.to_dynamic()
}

#[test]
fn identity_layouts_agree_with_the_dynamic_engine() {
    let id = make_identity_layout(shape!((2, (3, 4), 5)));
    assert_eq!(id.to_string(), "(_2,(_3,_4),_5):(_1@0,(_1@0@1,_1@1@1),_1@2)");
    assert_eq!(core::mem::size_of_val(&id), 0);
    let d = id.to_dynamic().unwrap();
    assert_eq!(format!("{:#}", id), d.to_string());
    let s: IntTuple = "(2,(3,4),5)".parse().unwrap();
    for i in 0..120usize {
        let c = tuple(id.call(i));
        assert_eq!(c, idx2crd(i as i64, &s).unwrap());
        assert_eq!(c, d.call(i as i64).unwrap());
    }
    assert_eq!(id.call_coord(coord!((1, (2, 3), 4))), hlist![1, hlist![2, 3], 4]);
    assert_eq!(id.call_coord(coord!((1, 11, 4))), hlist![1, hlist![2, 3], 4]);
    // The same with runtime extents.
    let (a, b) = (3i64, 4i64);
    let rt = make_identity_layout(shape!((2, ({ a }, { b }), 5))).unwrap();
    assert_eq!(rt.to_string(), "(_2,(3,4),_5):(_1@0,(_1@0@1,_1@1@1),_1@2)");
    for i in 0..120usize {
        assert_eq!(rt.call(i), id.call(i));
    }
}

#[test]
fn the_papers_layouts_evaluate_as_the_dynamic_engine_does() {
    // Table 5's (4,(4,2)):(e1,(e0,6e1)), scales runtime, and a type with static ones.
    type L =
        Layout<Shape![(4, (4, 2))], Basis<HCons<E<E1>, HCons<HCons<E<E0>, HCons<ScaledBasis<i64, E1>, HNil>>, HNil>>>>;
    let d: BasisLayout = "(4,(4,2)):(1@1,(1@0,6@1))".parse().unwrap();
    let l = L::try_from(&d).unwrap();
    assert_eq!(l.to_string(), "(_4,(_4,_2)):(_1@1,(_1@0,6@1))");
    for i in 0..32usize {
        assert_eq!(tuple(l.call(i)), d.call(i as i64).unwrap());
    }
    assert_eq!(l.to_dynamic().unwrap(), d);
    // Another element or another static scale does not convert.
    let e = L::try_from(&"(4,(4,2)):(1@1,(2@0,6@1))".parse::<BasisLayout>().unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert!(L::try_from(&"(4,(4,2)):(1@1,(1@1,6@1))".parse::<BasisLayout>().unwrap()).is_err());
}

#[test]
fn coalesce_merges_where_the_types_prove_it() {
    // ((2,4),8):((1@0,2@0),1@1), all static: 2@0 is 1@0 times 2.
    type D = HCons<HCons<E<E0>, HCons<ScaledBasis<P2, E0>, HNil>>, HCons<E<E1>, HNil>>;
    type L = Layout<Shape![((2, 4), 8)], Basis<D>>;
    let l: L = Layout::try_new_basis(shape!(((2, 4), 8)), Basis::default()).unwrap();
    let c = coalesce(l);
    assert_eq!(c.to_string(), "(_8,_8):(_1@0,_1@1)");
    assert_eq!(format!("{:#}", c), l.to_dynamic().unwrap().coalesce().unwrap().to_string());
    for i in 0..64usize {
        assert_eq!(c.call(i), l.call(i));
    }
    // Another element: no merge; a static 1: dropped; all 1s: _1:_0.
    assert_eq!(coalesce(make_identity_layout(shape!((4, 8)))).to_string(), "(_4,_8):(_1@0,_1@1)");
    assert_eq!(coalesce(make_identity_layout(shape!((1, 8)))).to_string(), "_8:_1@1");
    let ones = coalesce(make_identity_layout(shape!((1, 1))));
    assert_eq!(ones.to_string(), "_1:_0");
    assert_eq!(ones.to_dynamic().unwrap().to_string(), "1:0");
    // Runtime scales or shapes: never provably contiguous, kept as CuTe keeps them.
    let m = 2i64;
    let r = coalesce(
        Layout::try_new_basis(
            shape!(({ m }, 4)),
            Basis::new(hlist![E::<E0>::default(), ScaledBasis::<i64, E0>::new(2)]),
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(r.to_string(), "(2,_4):(_1@0,2@0)");
}

#[test]
fn composition_gives_the_coordinates_of_a_partition() {
    // The paper's Table 4, "Coordinate": (8,8):(e0,e1) o ((4,8),2):((16,1),8).
    let id = make_identity_layout(shape!((8, 8)));
    let tv = composition(id, layout!(((4, 8), 2):((16, 1), 8)));
    // Static operands: the layout itself, zero-sized, as for integer strides.
    assert_eq!(core::mem::size_of_val(&tv), 0);
    assert_eq!(core::mem::size_of_val(&zipped_divide(id, hlist![layout!(4:1), layout!(2:1)])), 0);
    assert_eq!(tv.to_string(), "((_4,_8),_2):((_2@1,_1@0),_1@1)");
    let b = layout!(((4, 8), 2):((16, 1), 8));
    for i in 0..64usize {
        assert_eq!(tv.call(i), id.call(b.call(i) as usize));
    }
    let d = id.to_dynamic().unwrap().composition(&"((4,8),2):((16,1),8)".parse().unwrap()).unwrap();
    assert_eq!(format!("{:#}", tv), d.to_string());
    // A tile size.
    assert_eq!(composition(id, P4::new()).to_string(), "_4:_1@0");
    // Runtime extents keep their leaves runtime.
    let m = 8i64;
    let rt = make_identity_layout(shape!(({ m }, 8))).unwrap();
    // As for integer strides, the walk cannot prove a runtime extent's parts 1, so they stay.
    let r = composition(rt, layout!((4, 2):(2, 8))).unwrap();
    assert_eq!(r.to_string(), "((4,1),(1,2)):((_2@0,1@1),(_8@0,1@1))");
    for i in 0..8usize {
        assert_eq!(r.call(i), hlist![2 * (i as i64 % 4), i as i64 / 4]);
    }
}

/// The compile-time verdict of `composition(A, T)` for static operands, against the dynamic
/// engine on the same expression: the same condition, or both succeed.
macro_rules! static_verdict {
    ($expr:literal, $a:ty, $t:ty) => {{
        use cute::statics::report::Outcome;
        let verdict = <cute::RouteVerdict<cute::op::Composition, $a, $t> as Outcome>::KIND;
        let engine = cute_eval::eval($expr).err().map(|e| e.kind());
        assert_eq!(verdict, engine, "{}", $expr);
        verdict.is_some()
    }};
}

#[test]
fn static_composition_conditions_are_the_dynamic_engines() {
    use cute::typenum::P4 as N4;
    type Id88 = Layout![(8,8):(1@0,1@1)];
    type Id8x = Layout![(8,(4,6)):(1@0,(1@0@1,1@1@1))];
    type Tv = Layout![(4,(4,2)):(1@1,(1@0,6@1))];
    let failures = [
        static_verdict!("composition((8,8):(1@0,1@1), 6:3)", Id88, Layout![6:3]),
        static_verdict!("composition((8,8):(1@0,1@1), (4,4):(1,2))", Id88, Layout![(4,4):(1,2)]),
        static_verdict!("composition((8,8):(1@0,1@1), 4:3)", Id88, Layout![4:3]),
        static_verdict!("composition((8,8):(1@0,1@1), (4,8):(2,8))", Id88, Layout![(4,8):(2,8)]),
        static_verdict!("composition((8,8):(1@0,1@1), ((4,8),2):((16,1),8))", Id88, Layout![((4,8),2):((16,1),8)]),
        static_verdict!("composition((8,8):(1@0,1@1), (2,4):(32,2))", Id88, Layout![(2,4):(32,2)]),
        static_verdict!("composition((8,8):(1@0,1@1), 16:4)", Id88, Layout![16:4]),
        static_verdict!("composition((8,8):(1@0,1@1), 4)", Id88, N4),
        static_verdict!("composition((8,(4,6)):(1@0,(1@0@1,1@1@1)), <4:3,_>)", Id8x, HCons<Layout![4:3], HCons<Underscore, HNil>>),
        static_verdict!("composition((8,(4,6)):(1@0,(1@0@1,1@1@1)), <_,(2,3):(2,8)>)", Id8x, HCons<Underscore, HCons<Layout![(2,3):(2,8)], HNil>>),
        static_verdict!("composition((8,(4,6)):(1@0,(1@0@1,1@1@1)), <_,(2,3):(3,4)>)", Id8x, HCons<Underscore, HCons<Layout![(2,3):(3,4)], HNil>>),
        static_verdict!("composition((8,(4,6)):(1@0,(1@0@1,1@1@1)), <_,6:3>)", Id8x, HCons<Underscore, HCons<Layout![6:3], HNil>>),
        static_verdict!("composition((8,(4,6)):(1@0,(1@0@1,1@1@1)), <_,(4,2):(1,3)>)", Id8x, HCons<Underscore, HCons<Layout![(4,2):(1,3)], HNil>>),
        static_verdict!("composition((8,(4,6)):(1@0,(1@0@1,1@1@1)), <_,3:2>)", Id8x, HCons<Underscore, HCons<Layout![3:2], HNil>>),
        static_verdict!("composition((4,(4,2)):(1@1,(1@0,6@1)), 8:1)", Tv, Layout![8:1]),
        static_verdict!("composition((4,(4,2)):(1@1,(1@0,6@1)), 8:3)", Tv, Layout![8:3]),
        static_verdict!("composition((4,(4,2)):(1@1,(1@0,6@1)), (2,4):(4,2))", Tv, Layout![(2,4):(4,2)]),
    ];
    // Both outcomes occur.
    assert!(failures.iter().any(|&f| f) && failures.iter().any(|&f| !f), "{:?}", failures);
}

/// The compile-time verdict of a divide for static operands against the dynamic engine: the
/// same condition where the engine reports one the verdict covers (composition's and the
/// complement's), else a pass.
macro_rules! divide_verdict {
    ($op:ident, $expr:literal, $a:ty, $t:ty) => {{
        use cute::statics::report::Outcome;
        let verdict = <cute::RouteVerdict<cute::op::$op, $a, $t> as Outcome>::KIND;
        let engine = cute_eval::eval($expr).err().map(|e| e.kind());
        let covered = [
            ErrorKind::StrideDivisibility,
            ErrorKind::ShapeDivisibility,
            ErrorKind::ModeOverlap,
            ErrorKind::NonInjective,
            ErrorKind::NegativeStride,
        ];
        match engine {
            Some(kind) if covered.contains(&kind) => assert_eq!(verdict, Some(kind), "{}", $expr),
            _ => assert_eq!(verdict, None, "{}: the engine says {:?}", $expr, engine),
        }
        verdict.is_some()
    }};
}

#[test]
fn static_divide_conditions_are_the_dynamic_engines() {
    use cute::typenum::P3;
    type Id88 = Layout![(8,8):(1@0,1@1)];
    type Id86 = Layout![(8,6):(1@0,1@1)];
    type Id8x = Layout![(8,(4,6)):(1@0,(1@0@1,1@1@1))];
    type Tv = Layout![(4,(4,2)):(1@1,(1@0,6@1))];
    type T2<A, B> = HCons<A, HCons<B, HNil>>;
    let failures = [
        divide_verdict!(LogicalDivide, "logical_divide((8,8):(1@0,1@1), 4:3)", Id88, Layout![4:3]),
        divide_verdict!(LogicalDivide, "logical_divide((8,8):(1@0,1@1), (2,2):(1,1))", Id88, Layout![(2,2):(1,1)]),
        divide_verdict!(LogicalDivide, "logical_divide((8,8):(1@0,1@1), 4:2)", Id88, Layout![4:2]),
        divide_verdict!(LogicalDivide, "logical_divide((8,8):(1@0,1@1), 2:-1)", Id88, Layout![2:-1]),
        divide_verdict!(LogicalDivide, "logical_divide((8,8):(1@0,1@1), 3)", Id88, P3),
        divide_verdict!(LogicalDivide, "logical_divide((8,8):(1@0,1@1), (4,4):(1,2))", Id88, Layout![(4,4):(1,2)]),
        divide_verdict!(LogicalDivide, "logical_divide((4,(4,2)):(1@1,(1@0,6@1)), 2:1)", Tv, Layout![2:1]),
        divide_verdict!(LogicalDivide, "logical_divide((4,(4,2)):(1@1,(1@0,6@1)), 8:3)", Tv, Layout![8:3]),
        divide_verdict!(ZippedDivide, "zipped_divide((8,8):(1@0,1@1), <4:1,2:1>)", Id88, T2<Layout![4:1], Layout![2:1]>),
        divide_verdict!(ZippedDivide, "zipped_divide((8,6):(1@0,1@1), <4:1,4:1>)", Id86, T2<Layout![4:1], Layout![4:1]>),
        divide_verdict!(ZippedDivide, "zipped_divide((8,(4,6)):(1@0,(1@0@1,1@1@1)), <_,(2,3):(3,4)>)", Id8x, T2<Underscore, Layout![(2,3):(3,4)]>),
        divide_verdict!(ZippedDivide, "zipped_divide((8,(4,6)):(1@0,(1@0@1,1@1@1)), <_,(2,3):(1,2)>)", Id8x, T2<Underscore, Layout![(2,3):(1,2)]>),
        divide_verdict!(TiledDivide, "tiled_divide((8,(4,6)):(1@0,(1@0@1,1@1@1)), <_,6:3>)", Id8x, T2<Underscore, Layout![6:3]>),
        divide_verdict!(TiledDivide, "tiled_divide((8,8):(1@0,1@1), <2:2,4:2>)", Id88, T2<Layout![2:2], Layout![4:2]>),
        divide_verdict!(FlatDivide, "flat_divide((8,8):(1@0,1@1), 16:1)", Id88, Layout![16:1]),
        divide_verdict!(FlatDivide, "flat_divide((8,(4,6)):(1@0,(1@0@1,1@1@1)), <2:1,(2,2):(1,1)>)", Id8x, T2<Layout![2:1], Layout![(2,2):(1,1)]>),
        divide_verdict!(FlatDivide, "flat_divide((8,(4,6)):(1@0,(1@0@1,1@1@1)), <2:1,(2,3):(1,4)>)", Id8x, T2<Layout![2:1], Layout![(2,3):(1,4)]>),
    ];
    assert!(failures.iter().any(|&f| f) && failures.iter().any(|&f| !f), "{:?}", failures);
}

#[test]
fn composition_errors_name_the_condition_and_the_operands() {
    // All-static operands are compile errors (tests/ui); a runtime leaf defers the check.
    let id = make_identity_layout(shape!((8, 8)));
    let e = composition(id, layout!(({ 6 }):(3)).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::StrideDivisibility);
    assert_eq!(
        e.to_string(),
        "stride divisibility: composition (8,8):(1@0,1@1) o 6:3: stride 3 does not divide shape 8"
    );
    let e = composition(id, layout!((4, { 4 }):(1, 2)).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModeOverlap);
    assert_eq!(
        e.to_string(),
        "mode overlap: composition (8,8):(1@0,1@1) o (4,4):(1,2): modes of B overlap in mode 0 (shape 8) of A, so A o B is not a layout"
    );
}

#[test]
fn tuple_tilers_compose_and_divide_mode_by_mode() {
    // A tuple tiler whose entries stay inside their modes is the layout that embeds them:
    // (4:2, _) on (8,(4,6)) is (4,(4,6)):(2,(8,32)) on A's domain.
    let id = make_identity_layout(shape!((8, (4, 6))));
    let c = composition(id, hlist![layout!(4:2), Underscore]);
    assert_eq!(c.to_string(), "(_4,(_4,_6)):(_2@0,(_1@0@1,_1@1@1))");
    let embedded = layout!((4,(4,6)):(2,(8,32)));
    for i in 0..96usize {
        assert_eq!(c.call(i), id.call(embedded.call(i) as usize));
    }
    // Modes past the tiler's are dropped, as for integer strides; the dynamic engine's are
    // the same layouts.
    assert_eq!(composition(id, hlist![layout!(2:4)]).to_string(), "(_2):(_4@0)");
    let d = id.to_dynamic().unwrap();
    assert_eq!(format!("{:#}", c), d.composition_tiler(&"<4:2,_>".parse().unwrap()).unwrap().to_string());
    assert_eq!(d.composition_tiler(&"<2:4>".parse().unwrap()).unwrap().to_string(), "(2):(4@0)");
    // logical_divide: the tile's coordinates, then the tiles'.
    let d = logical_divide(id, hlist![layout!(2:4), 2i64]).unwrap();
    // Mode 0 by 2:4 is (tile, rest) = (_2,_4); mode 1 by the runtime 2 keeps the runtime 1
    // the walk cannot prove.
    assert_eq!(d.to_string(), "((_2,_4),((2,1),(2,6))):((_4@0,_1@0),((_1@0@1,_1@1@1),(2@0@1,1@1@1)))");
    let compact: DynamicLayout = "(8,(4,6)):(1,(8,32))".parse().unwrap();
    let dynamic = cute::dynamic::logical_divide(&compact, &"<2:4,2>".parse().unwrap()).unwrap();
    let shape: IntTuple = "(8,(4,6))".parse().unwrap();
    assert_eq!(d.size(), dynamic.size().unwrap());
    for i in 0..d.size() {
        assert_eq!(tuple(d.call(i as usize)), idx2crd(dynamic.call(i).unwrap(), &shape).unwrap());
    }
    // A tile that crosses from one row of the coordinates into the next is no layout.
    let e = logical_divide(make_identity_layout(shape!((8, 8))), layout!({ 4 }:3).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    assert_eq!(e.to_string(), "shape divisibility: composition (8,8):(1@0,1@1) o 4:3: shape 4 is not divisible by 3");
}

#[test]
fn regrouped_divides_are_the_compact_layouts_read_as_coordinates() {
    // zipped, tiled and flat divides of the identity of (8,6) (static) and of (m,n)
    // (runtime) by <4:1,3:1>: at every index, the compact layout's divide's offset read as
    // a coordinate of the shape.
    use cute::dynamic::{flat_divide as dflat, tiled_divide as dtiled, zipped_divide as dzipped};
    let tiler = hlist![layout!(4:1), layout!(3:1)];
    let tile: cute::dynamic::Tiler = "<4:1,3:1>".parse().unwrap();
    let (m, n) = (8i64, 6i64);
    let shape: IntTuple = "(8,6)".parse().unwrap();
    let compact: DynamicLayout = "(8,6):(1,8)".parse().unwrap();
    let check = |got: &dyn Fn(usize) -> IntTuple, want: &DynamicLayout| {
        for i in 0..48 {
            assert_eq!(got(i as usize), idx2crd(want.call(i).unwrap(), &shape).unwrap(), "{} at {}", want, i);
        }
    };
    let id = make_identity_layout(shape!((8, 6)));
    let rt = make_identity_layout(shape!(({ m }, { n }))).unwrap();
    let z = zipped_divide(id, tiler);
    assert_eq!(z.to_string(), "((_4,_3),(_2,_2)):((_1@0,_1@1),(_4@0,_3@1))");
    let zd = dzipped(&compact, &tile).unwrap();
    check(&|i| tuple(z.call(i)), &zd);
    let zr = zipped_divide(rt, tiler).unwrap();
    check(&|i| tuple(zr.call(i)), &zd);
    let t = tiled_divide(id, tiler);
    assert_eq!(t.to_string(), "((_4,_3),_2,_2):((_1@0,_1@1),_4@0,_3@1)");
    check(&|i| tuple(t.call(i)), &dtiled(&compact, &tile).unwrap());
    let f = flat_divide(rt, tiler).unwrap();
    assert_eq!(f.to_string(), "(_4,_3,2,2):(_1@0,_1@1,_4@0,_3@1)");
    check(&|i| tuple(f.call(i)), &dflat(&compact, &tile).unwrap());
    // The dynamic engine's divides of basis strides are the same layouts.
    let d = id.to_dynamic().unwrap();
    assert_eq!(format!("{:#}", z), d.zipped_divide(&tile).unwrap().to_string());
    assert_eq!(format!("{:#}", t), d.tiled_divide(&tile).unwrap().to_string());
    assert_eq!(format!("{:#}", flat_divide(id, tiler)), d.flat_divide(&tile).unwrap().to_string());
    let l = logical_divide(id, layout!(4:2));
    assert_eq!(format!("{:#}", l), d.logical_divide(&"4:2".parse().unwrap()).unwrap().to_string());
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]
    /// The identity layout of (m,n) divided by a tile meets logical_divide's
    /// post-conditions: mode 0 is `A o B`, and `R(i) == A(D(i))` with `D = (B, complement(B,
    /// shape(coalesce(A))))` wherever `D(i)` lies in A's domain; or it is an error naming a
    /// composition condition (the identity's rows do not coalesce, so a tile crossing them
    /// is refused).
    #[test]
    fn logical_divide_meets_its_post_conditions(m in 1i64..13, n in 1i64..7, t in 1i64..13, s in 1i64..4) {
        let id = make_identity_layout(shape!(({ m }, { n }))).unwrap();
        let tile = Layout::try_new(t, s).unwrap();
        match logical_divide(id, tile) {
            Ok(r) => {
                let cotarget = *coalesce(id).unwrap().shape();
                let rest = cute::complement(tile, cotarget).unwrap().to_dynamic();
                let divisor = DynamicLayout::from_modes(vec![tile.to_dynamic(), rest]);
                prop_assert_eq!(r.size(), divisor.size().unwrap());
                prop_assert!(r.size() >= m * n);
                for i in 0..r.size() {
                    let at = divisor.call(i).unwrap();
                    if at < m * n {
                        prop_assert_eq!(r.call(i as usize), id.call(at as usize), "{} at {}", r, i);
                    }
                }
                let tile_coords = composition(id, tile).unwrap();
                for i in 0..t as usize {
                    prop_assert_eq!(r.call(i), tile_coords.call(i));
                }
            }
            Err(e) => prop_assert!(
                matches!(e.kind(), ErrorKind::StrideDivisibility | ErrorKind::ShapeDivisibility | ErrorKind::ModeOverlap),
                "{}", e
            ),
        }
    }
}

/// `A(R(i))` is `i`'s natural coordinate in R's shape, one entry per element.
fn check_right_inverse(a: &BasisLayout, r: &cute::dynamic::Layout) {
    let groups: Vec<i64> = r.shape().modes().iter().map(|m| m.size().unwrap()).collect();
    for i in 0..r.size().unwrap() {
        let mut rest = i;
        let want: Vec<i64> = groups
            .iter()
            .map(|g| {
                let c = rest % g;
                rest /= g;
                c
            })
            .collect();
        let got = a.call(r.call(i).unwrap()).unwrap();
        let got: Vec<i64> = (0..want.len()).map(|k| point(&got).get(&vec![k]).copied().unwrap_or(0)).collect();
        assert_eq!(got, want, "{} with {} at {}", a, r, i);
    }
}

#[test]
fn right_inverses_are_the_papers() {
    // Table 5, and the dynamic engine's results for static layouts.
    let cases = [
        ("(4,8):(1@0,1@1)", "(_4,_8):(_1,_4)"),
        ("(4,(4,2)):(1@1,(1@0,6@1))", "(_4,_4):(_4,_1)"),
        ("(4,8,3):(1@0,1@2,4@0)", "((_4,_3),_1,_8):((_1,_32),_0,_4)"),
        ("(4,2,3):(1@1,0@0,4@1)", "(_1,(_4,_3)):(_0,(_1,_8))"),
        ("(4,8):(2@0,1@1)", "(_1,_1):(_0,_0)"),
    ];
    let r0 = right_inverse(layout!((4,8):(1@0,1@1)));
    let r1 = right_inverse(layout!((4,(4,2)):(1@1,(1@0,6@1))));
    let r2 = right_inverse(layout!((4,8,3):(1@0,1@2,4@0)));
    let r3 = right_inverse(layout!((4,2,3):(1@1,0@0,4@1)));
    let r4 = right_inverse(layout!((4,8):(2@0,1@1)));
    let got = [r0.to_string(), r1.to_string(), r2.to_string(), r3.to_string(), r4.to_string()];
    let dynamic = [r0.to_dynamic(), r1.to_dynamic(), r2.to_dynamic(), r3.to_dynamic(), r4.to_dynamic()];
    for ((text, want), (got, r)) in cases.iter().zip(got.iter().zip(dynamic.iter())) {
        assert_eq!(got, want, "{}", text);
        let a: BasisLayout = text.parse().unwrap();
        assert_eq!(r, &a.right_inverse().unwrap(), "{}", text);
        check_right_inverse(&a, r);
    }
    // Runtime extents: a runtime next stride ends a chain, so an element with two modes
    // is covered only as far as its first, and the elements after it are not reached.
    let (m, n) = (3i64, 5i64);
    let id = make_identity_layout(shape!(({ m }, { n }))).unwrap();
    assert_eq!(right_inverse(id).unwrap().to_string(), "(3,5):(_1,3)");
    let two = layout!((4,({m},2)):(1@1,(1@0,{m}@0))).unwrap();
    let r = right_inverse(two).unwrap();
    assert_eq!(r.to_string(), "(3,_1):(_4,_0)");
    check_right_inverse(&two.to_dynamic().unwrap(), &r.to_dynamic());
}

#[test]
fn left_inverses_are_the_papers() {
    // Table 6, and more static layouts: the dynamic engine's results, and R(A(i)) == i.
    fn check<L: core::fmt::Display>(l: L, text: &str, want: &str, r: cute::dynamic::Layout) {
        let a: BasisLayout = text.parse().unwrap();
        assert_eq!(l.to_string(), want, "{}", text);
        assert_eq!(r, a.left_inverse().unwrap(), "{}", text);
        let rank = r.shape().modes().len();
        for i in 0..a.size().unwrap() {
            let c = a.call(i).unwrap();
            let c = HTuple::Tuple(c.modes()[..rank].to_vec());
            assert_eq!(r.call_coord(&c).unwrap(), i, "{} at {}", text, i);
        }
    }
    let r = layout!((4,8):(1@0,1@1)).left_inverse();
    check(r, "(4,8):(1@0,1@1)", "(_4,_8):(_1,_4)", r.to_dynamic());
    let r = layout!((4,(4,2)):(1@1,(1@0,6@1))).left_inverse();
    check(r, "(4,(4,2)):(1@1,(1@0,6@1))", "(_4,(_6,_2)):(_4,(_1,_16))", r.to_dynamic());
    let r = layout!((4,8):(2@0,1@1)).left_inverse();
    check(r, "(4,8):(2@0,1@1)", "((_2,_4),_8):((_0,_1),_4)", r.to_dynamic());
    let r = layout!((4,2,3):(1@0,8@0,1@1)).left_inverse();
    check(r, "(4,2,3):(1@0,8@0,1@1)", "((_8,_2),_3):((_1,_4),_8)", r.to_dynamic());
    let r = layout!((2,3,4):(3@0,1@0,6@2)).left_inverse();
    check(r, "(2,3,4):(3@0,1@0,6@2)", "((_3,_2),_1,(_6,_4)):((_2,_1),_0,(_0,_6))", r.to_dynamic());
}

#[test]
fn complements_are_the_papers() {
    // Table 7, and more static layouts: the dynamic engine's results.
    let cases: [(String, &str, &str); 5] = [
        (layout!((4,8):(1@0,1@1)).complement().to_string(), "(4,8):(1@0,1@1)", "(_1,_1):(_4@0,_8@1)"),
        (
            layout!((4,(4,2)):(1@1,(1@0,12@1))).complement().to_string(),
            "(4,(4,2)):(1@1,(1@0,12@1))",
            "(_1,(_3,_1)):(_4@0,(_4@1,_24@1))",
        ),
        (layout!((4,8):(2@0,1@1)).complement().to_string(), "(4,8):(2@0,1@1)", "((_2,_1),_1):((_1@0,_8@0),_8@1)"),
        (layout!((2,3):(6@0,1@0)).complement().to_string(), "(2,3):(6@0,1@0)", "((_2,_1)):((_3@0,_12@0))"),
        (layout!((3,4):(1@1,3@1)).complement().to_string(), "(3,4):(1@1,3@1)", "(_1,_1):(_1@0,_12@1)"),
    ];
    for (got, text, want) in &cases {
        assert_eq!(got, want, "{}", text);
    }
    // The dynamic engine's.
    for (got, text, _) in &cases {
        let d = text.parse::<BasisLayout>().unwrap().complement().unwrap().to_string();
        assert_eq!(got.replace('_', ""), d, "{}", text);
    }
}

/// Static layouts of many forms: the layout type's inverses and complement are the dynamic
/// engine's, and the left inverse gives each index back from its coordinate.
#[test]
fn static_inverses_and_complements_are_the_dynamic_engines() {
    macro_rules! case {
        ($l:expr, $text:literal) => {{
            let l = $l;
            let d: BasisLayout = $text.parse().unwrap();
            assert_eq!(format!("{:#}", l), d.to_string());
            assert_eq!(right_inverse(l).to_dynamic(), d.right_inverse().unwrap(), "{}", $text);
            let r = l.left_inverse().to_dynamic();
            assert_eq!(r, d.left_inverse().unwrap(), "{}", $text);
            let rank = r.shape().modes().len();
            for i in 0..d.size().unwrap() {
                let c = d.call(i).unwrap();
                assert_eq!(r.call_coord(&HTuple::Tuple(c.modes()[..rank].to_vec())).unwrap(), i, "{} at {}", $text, i);
            }
            assert_eq!(l.complement().to_dynamic().unwrap(), d.complement().unwrap(), "{}", $text);
        }};
    }
    case!(layout!((2,(3,4)):(1@1,(2@1,6@1))), "(2,(3,4)):(1@1,(2@1,6@1))");
    case!(layout!((3,2,4):(2@0,1@0,6@0)), "(3,2,4):(2@0,1@0,6@0)");
    case!(layout!((2,2,2):(1@2,1@0,1@1)), "(2,2,2):(1@2,1@0,1@1)");
    case!(layout!(((2,3),5):((1@1,2@1),1@0)), "((2,3),5):((1@1,2@1),1@0)");
    case!(layout!((4,1,3):(3@0,5@1,1@0)), "(4,1,3):(3@0,5@1,1@0)");
    case!(layout!((5,7):(7@0,1@0)), "(5,7):(7@0,1@0)");
    case!(layout!((2,3,2):(1@0,4@0,24@0)), "(2,3,2):(1@0,4@0,24@0)");
    case!(layout!((8,(2,2)):(1@1,(8@1,32@1))), "(8,(2,2)):(1@1,(8@1,32@1))");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, failure_persistence: None, ..ProptestConfig::default() })]
    /// With runtime extents, the right inverse inverts: `A(R(i))` is `i`'s coordinate.
    #[test]
    fn right_inverse_inverts(a in 1i64..6, b in 1i64..6, c in 1i64..6) {
        let l = layout!(({a},({b},{c})):(1@1,(1@0,4@1))).unwrap();
        let r = right_inverse(l).unwrap();
        check_right_inverse(&l.to_dynamic().unwrap(), &r.to_dynamic());
        // 2:1@0 and a:2@0 provably merge into 2a:1@0, which covers e_0.
        let l = layout!((2,{a},{b}):(1@0,2@0,1@1)).unwrap();
        let r = right_inverse(l).unwrap();
        prop_assert_eq!(r.to_string(), format!("({},{}):(_1,{})", 2 * a, b, 2 * a));
        check_right_inverse(&l.to_dynamic().unwrap(), &r.to_dynamic());
    }
}

#[test]
fn errors_name_the_condition() {
    let e = make_identity_layout(shape!((4, { -1i64 }))).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: make_identity_layout: shape -1 is not positive");
    let big = Basis::new(hlist![ScaledBasis::<i64, E0>::new(i64::MAX / 2), ScaledBasis::<i64, E0>::new(1)]);
    let e = Layout::try_new_basis(hlist![3i64, 3i64], big).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: layout: 9223372036854775806 + 2 does not fit in i64");
    // Along two elements the same scales fit: each entry of the coordinate is its own sum.
    let two = Basis::new(hlist![ScaledBasis::<i64, E0>::new(i64::MAX / 2), ScaledBasis::<i64, E1>::new(i64::MAX / 2)]);
    let l = Layout::try_new_basis(hlist![3i64, 3i64], two).unwrap();
    assert_eq!(l.call(8), hlist![i64::MAX - 1, i64::MAX - 1]);
    let id = make_identity_layout(shape!((4, 8)));
    let e = id.try_call(32).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IndexOutOfRange);
    assert_eq!(e.to_string(), "index out of range: call: index 32 is not below the size 32");
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, failure_persistence: None, ..ProptestConfig::default() })]
    /// Runtime extents and scales: the layout type evaluates as the dynamic engine, and its
    /// coalesce is the same function.
    #[test]
    fn runtime_leaves_agree(a in 1i64..6, b in 1i64..6, c in 1i64..6, u in 0i64..7, v in 0i64..7, w in 0i64..7) {
        type D = HCons<ScaledBasis<i64, E1>, HCons<HCons<ScaledBasis<i64, E0>, HCons<ScaledBasis<i64, E1>, HNil>>, HNil>>;
        let stride: Basis<D> = Basis::new(hlist![ScaledBasis::new(u), hlist![ScaledBasis::new(v), ScaledBasis::new(w)]]);
        let l = Layout::try_new_basis(hlist![a, hlist![b, c]], stride).unwrap();
        let d = l.to_dynamic().unwrap();
        prop_assert_eq!(format!("{:#}", l), d.to_string());
        let co = coalesce(l).unwrap();
        for i in 0..(a * b * c) as usize {
            prop_assert_eq!(tuple(l.call(i)), d.call(i as i64).unwrap());
            prop_assert_eq!(co.call(i), l.call(i));
        }
        // A o B for B a compact tile of A's domain, strided by t: A(B(i)) everywhere and the
        // dynamic engine's function, or an error naming a composition condition.
        let n = a * b * c;
        for t in 1..=n {
            let tile = Layout::try_new(n / t, t).unwrap();
            let dynamic = d.composition(&tile.to_dynamic());
            match composition(l, tile) {
                Ok(r) => {
                    // The same function as the dynamic engine's result, which leaves out
                    // the elements it does not reach (runtime 1s stay in the layout
                    // type's, as for integer strides).
                    let dynamic = dynamic.unwrap();
                    for i in 0..(n / t) as usize {
                        prop_assert_eq!(r.call(i), l.call(tile.call(i) as usize));
                        prop_assert_eq!(point(&tuple(r.call(i))), point(&dynamic.call(i as i64).unwrap()));
                    }
                }
                // The dynamic engine may compose where this errs: it merges leaves whose
                // runtime values are contiguous, where the types prove nothing (CuTe's rule).
                Err(e) => prop_assert!(
                    matches!(e.kind(), ErrorKind::StrideDivisibility | ErrorKind::ShapeDivisibility | ErrorKind::ModeOverlap),
                    "{}", e
                ),
            }
        }
    }
}
