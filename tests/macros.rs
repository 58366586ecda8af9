//! The macros against the static face's own constructors and typenum's aliases: the compact
//! strides `layout!` computes, the binary form of integers past typenum's alias table, and the
//! extremes of i64 (the golden cases in `generated/static_oracle.rs` are written with these macros too);
//! the runtime leaves, `{expr}` in a value and `{}` in a type, which make mixed layouts; and
//! basis strides `v@k`.

use cute::basis::{Basis, ScaledBasis, E};
use cute::mixed::MixedTuple;
use cute::statics::{Leaf, Show, Underscore};
use cute::typenum::{NInt, UInt, UTerm, B1, N1024, P1, P1024, P2, P2048, P4, P8, U0, U1, Z0};
use cute::{layout, make_layout, make_layout_right, shape, stride, tiler, HCons, HNil, Layout, Shape, Stride, Tiler};
use static_assertions::assert_type_eq_all;

// A shape alone takes CuTe's compact strides: column-major, or row-major with LayoutRight.
assert_type_eq_all!(Layout![((2, 3), 4)], Layout![((2,3),4):((1,2),6)]);
assert_type_eq_all!(Layout![((2, 3), 4), LayoutLeft], Layout![((2,3),4):((1,2),6)]);
assert_type_eq_all!(Layout![((2, 3), 4), LayoutRight], Layout![((2,3),4):((12,4),1)]);

// The macro's numbers are typenum's: its aliases up to 1024 and the same binary form past them.
assert_type_eq_all!(
    Layout![(4,8):(0,-1)],
    Layout<HCons<P4, HCons<P8, HNil>>, HCons<Z0, HCons<cute::typenum::N1, HNil>>>
);
assert_type_eq_all!(Shape![1024], P1024);
assert_type_eq_all!(Stride![-1024], N1024);
assert_type_eq_all!(Shape![_2048], P2048);
assert_type_eq_all!(Stride![-3], NInt<UInt<UInt<UTerm, B1>, B1>>);

// Tilers: an integer, `_`, a layout, a tuple; a shape is the tuple of its extents.
assert_type_eq_all!(Tiler![<2,_,4:1>], HCons<P2, HCons<Underscore, HCons<Layout<P4, P1>, HNil>>>);
assert_type_eq_all!(Tiler![(2, 4)], Tiler![<2,4>], Shape![(2, 4)]);

// In a type, `{}` is a runtime (i64) leaf, stored in the layout's value; a compact
// stride is static while every factor is (CuTe: `(_4,m,_2)` has strides `(_1,_4,4*m)`).
assert_type_eq_all!(Shape![(4,{})], HCons<P4, HCons<i64, HNil>>);
assert_type_eq_all!(Stride![{}], i64);
assert_type_eq_all!(
    Layout![(4, {}, 2)],
    Layout<HCons<P4, HCons<i64, HCons<P2, HNil>>>, HCons<P1, HCons<P4, HCons<i64, HNil>>>>
);
assert_type_eq_all!(
    Layout![(4, {}, 2), LayoutRight],
    Layout<HCons<P4, HCons<i64, HCons<P2, HNil>>>, HCons<i64, HCons<P2, HCons<P1, HNil>>>>
);
assert_type_eq_all!(Layout![({}, (2, {}))], Layout![({},(2,{})):(1,({},{}))]);
// A tiler's runtime leaf: a tile size `{}` is an i64, a layout with one a Layout.
assert_type_eq_all!(
    Tiler![<{},_,({},2):(1,4)>],
    HCons<i64, HCons<Underscore, HCons<Layout<HCons<i64, HCons<P2, HNil>>, HCons<P1, HCons<P4, HNil>>>, HNil>>>
);

// Basis strides: `v@k` is a `ScaledBasis` of the scale's type and the path outer first
// (`1@1@0` is CuTe's `E<0,1>`), the stride tree wrapped in `Basis`; `0` among them is `_0`.
type E0 = HCons<U0, HNil>;
type E1 = HCons<U1, HNil>;
assert_type_eq_all!(
    Layout![(4,(4,2)):(1@1,(1@0,6@1))],
    Layout<Shape![(4, (4, 2))], Basis<HCons<E<E1>, HCons<HCons<E<E0>, HCons<ScaledBasis<cute::typenum::P6, E1>, HNil>>, HNil>>>>
);
assert_type_eq_all!(Layout![8:1@1@0], Layout<P8, Basis<E<HCons<U0, E1>>>>);
assert_type_eq_all!(Layout![(4,2):(_-2@0,0)], Layout<Shape![(4, 2)], Basis<HCons<ScaledBasis<cute::typenum::N2, E0>, HCons<Z0, HNil>>>>);
assert_type_eq_all!(
    Layout![(4,{}):(1@0,{}@1)],
    Layout<HCons<P4, HCons<i64, HNil>>, Basis<HCons<E<E0>, HCons<ScaledBasis<i64, E1>, HNil>>>>
);

#[test]
fn basis_strides() {
    // Static: zero-sized, the same layout as make_identity_layout's.
    let id = layout!((4,8):(1@0,1@1));
    assert_eq!(core::mem::size_of_val(&id), 0);
    assert_eq!(id, cute::make_identity_layout(shape!((4, 8))));
    let a = layout!((4,(4,2)):(1@1,(1@0,6@1)));
    assert_eq!(a.to_string(), "(_4,(_4,_2)):(_1@1,(_1@0,_6@1))");
    assert_eq!(format!("{:#}", a), "(4,(4,2)):(1@1,(1@0,6@1))");
    assert_eq!(a.call(17), cute::hlist![0, 7]);
    let d: cute::dynamic::BasisLayout = "(4,(4,2)):(1@1,(1@0,6@1))".parse().unwrap();
    for i in 0..32usize {
        assert_eq!(a.call(i).to_dynamic(), d.call(i as i64).unwrap());
    }
    // Nested elements and zero strides.
    let n = layout!((2,3,5):(1@0@1,1@1@1,0));
    assert_eq!(n.to_string(), "(_2,_3,_5):(_1@0@1,_1@1@1,_0)");
    assert_eq!(n.call(5), cute::hlist![0, cute::hlist![1, 2]]);
    // Runtime scales and extents: checked when made, each expression evaluated once.
    let (m, v) = (3i64, 5i64);
    let r = layout!((4,{m}):(_1@0,{v}@1)).unwrap();
    assert_eq!(r.to_string(), "(_4,3):(_1@0,5@1)");
    assert_eq!(r.call(7), cute::hlist![3, 5]);
    let e = layout!((4,{0i64}):(1@0,1@1)).unwrap_err();
    assert_eq!(e.kind(), cute::dynamic::ErrorKind::InvalidArgument);
    let e = layout!((3,3):({i64::MAX / 2}@0,1@0)).unwrap_err();
    assert_eq!(e.kind(), cute::dynamic::ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: layout: 9223372036854775806 + 2 does not fit in i64");
    // Along two elements each entry is its own sum: the largest that fits.
    let big = layout!((3,3):(4611686018427387903@0,4611686018427387903@1));
    assert_eq!(big.call(8), cute::hlist![i64::MAX - 1, i64::MAX - 1]);
}

#[test]
fn compact_strides_equal_make_layout() {
    type S = Shape![((2, 3), (4, 5), 7)];
    let left: Layout![((2, 3), (4, 5), 7)] = make_layout(S::default());
    let right: Layout![((2, 3), (4, 5), 7), LayoutRight] = make_layout_right(S::default());
    assert_eq!(left.to_string(), "((_2,_3),(_4,_5),_7):((_1,_2),(_6,_24),_120)");
    assert_eq!(right.to_string(), "((_2,_3),(_4,_5),_7):((_420,_140),(_35,_7),_1)");
}

#[test]
fn i64_extremes() {
    assert_eq!(<Shape![9223372036854775807] as Leaf>::VALUE, i64::MAX);
    assert_eq!(<Stride![-9223372036854775808] as Leaf>::VALUE, i64::MIN);
    assert_eq!(Show::<Stride![(4097, -70000, 0)]>::new().to_string(), "(_4097,_-70000,_0)");
    let l = cute::layout!((3,4096):(8192,-1));
    assert_eq!(l.to_string(), "(_3,_4096):(_8192,_-1)");
    assert_eq!(l.call(5), 2 * 8192 - 1);
}

/// `(_4,m):(_1,ld)`: the static leaves keep their typenum types, the runtime ones are i64.
type Col = Layout<HCons<P4, HCons<i64, HNil>>, HCons<P1, HCons<i64, HNil>>>;

#[test]
fn runtime_leaves_make_mixed_layouts() {
    let (m, ld) = (6i64, 8i64);
    let l: Col = layout!((4,{m}):(1,{ld})).unwrap();
    assert_eq!(l.to_string(), "(_4,6):(_1,8)");
    assert_eq!((l.size(), l.cosize(), l.call(5)), (24, 44, 9));
    const { assert!(!Col::IS_STATIC) };
    assert_eq!(core::mem::size_of::<Col>(), 16);
    // A single runtime leaf, a negative stride, an expression in the braces.
    assert_eq!(layout!({m}:{-ld}).unwrap().to_string(), "6:-8");
    assert_eq!(layout!((_4,{m * 2}):(_1,_-4)).unwrap().to_string(), "(_4,12):(_1,_-4)");
    // Each expression is evaluated once, in the order written.
    let mut calls = Vec::new();
    let mut next = |v: i64| {
        calls.push(v);
        v
    };
    let l = layout!(({ next(2) }, { next(3) })).unwrap();
    assert_eq!((l.to_string(), calls), ("(2,3):(_1,2)".to_string(), vec![2, 3]));
}

#[test]
fn runtime_compact_strides() {
    let m = 6i64;
    // Column-major: static until the first runtime extent; row-major: from the right.
    let left = layout!((4, { m }, 2)).unwrap();
    assert_eq!(left.to_string(), "(_4,6,_2):(_1,_4,24)");
    assert_eq!(layout!((4, { m }, 2), LayoutLeft).unwrap(), left);
    let right = layout!((4, { m }, 2), LayoutRight).unwrap();
    assert_eq!(right.to_string(), "(_4,6,_2):(12,_2,_1)");
    assert_eq!(
        layout!(((2, { m }), (3, { m })), LayoutRight).unwrap().to_string(),
        "((_2,6),(_3,6)):((108,18),(6,_1))"
    );
    assert_eq!(layout!(({ m }, { m }, { m })).unwrap().to_string(), "(6,6,6):(_1,6,36)");
    // Every offset equals the dynamic engine's for the same layout.
    let dynamic: cute::dynamic::Layout = "(4,6,2):(12,2,1)".parse().unwrap();
    for i in 0..48 {
        assert_eq!(right.call(i) as i64, dynamic.call(i as i64).unwrap());
    }
}

#[test]
fn runtime_errors() {
    // A runtime extent that is not positive.
    let e = layout!((4,{0}):(1,4)).unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: layout: shape 0 is not positive");
    assert!(layout!((4, { -3 }), LayoutRight).is_err());
    // A compact stride past i64 is an Err, never a wrapped value (the size overflows too).
    let big = 1i64 << 40;
    let e = layout!(({ big }, { big }, 2)).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::Overflow);
    assert!(layout!((2, { big }, { big }), LayoutRight).is_err());
    assert!(layout!(({ i64::MAX }, { 2 }, { -1 })).is_err());
    // Just below the limit is fine.
    let l = layout!(({ 1i64 << 31 }, { 1i64 << 31 })).unwrap();
    assert_eq!(l.size(), 1 << 62);
}

#[test]
fn runtime_shapes_and_strides() {
    let (m, ld) = (6i64, 8i64);
    let s: Shape![(4, ({}, 2))] = shape!((4, ({ m }, 2)));
    let d: Stride![(1, ({}, -1))] = stride!((1, ({ ld }, -1)));
    assert_eq!((s.tail.head.head, d.tail.head.head), (6, 8));
    assert_eq!(<Shape![(4, ({}, 2))] as MixedTuple>::LEAF_COUNT, 3);
    assert_eq!(Layout::try_new(s, d).unwrap().to_string(), "(_4,(6,_2)):(_1,(8,_-1))");
    let leaf: i64 = shape!({ m + 1 });
    assert_eq!(leaf, 7);
}

#[test]
fn runtime_tilers() {
    use cute::mixed::logical_divide;
    let mut order = Vec::new();
    let mut next = |v: i64| {
        order.push(v);
        v
    };
    // Each expression is evaluated once, in the order written, and lands in its own entry.
    let t: Tiler![<{},_,({},2):(1,{}),2:1>] = tiler!(<{ next(4) },_,({ next(3) },2):(1,{ next(5) }),2:1>).unwrap();
    assert_eq!(order, [4, 3, 5]);
    assert_eq!(t.head, 4);
    assert_eq!(t.tail.tail.head.to_string(), "(3,_2):(_1,5)");
    // Two runtime layouts in one tiler keep their own leaves.
    let (a, b) = (3i64, 7i64);
    let t = tiler!(<{a}:{b},{b}:{a}>).unwrap();
    assert_eq!((t.head.to_string(), t.tail.head.to_string()), ("3:7".to_string(), "7:3".to_string()));
    // The same divide as with a tiler built by hand.
    let (n, ld) = (64i64, 100i64);
    let x = layout!((128,{n}):(1,{ld})).unwrap();
    let by_hand = logical_divide(x, cute::hlist![layout!(32:1), Layout::try_new(n / 4, P2::new()).unwrap()]);
    let by_macro = logical_divide(x, tiler!(<32:1,{n / 4}:2>).unwrap());
    assert_eq!(by_macro, by_hand);
    // The first invalid layout is the error; a runtime tile size is checked by the operation.
    let e = tiler!(<{0}:1,{-2}:1>).unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: layout: shape 0 is not positive");
    let e = logical_divide(x, tiler!(<_,{-4}>).unwrap()).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::InvalidArgument);
    assert_eq!(e.to_string(), "invalid argument: logical_divide: shape -4 is not positive");
}
