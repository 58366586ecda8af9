//! The macros against the static face's own constructors and typenum's aliases: the compact
//! strides `layout!` computes, the binary form of integers past typenum's alias table, and the
//! extremes of i64. (The golden cases in `static_oracle.rs` are written with these macros too.)

use cute::statics::{Leaf, Show, Underscore};
use cute::typenum::{NInt, UInt, UTerm, B1, N1024, P1, P1024, P2, P2048, P4, P8, Z0};
use cute::{make_layout, make_layout_right, HCons, HNil, Layout, Shape, Stride, Tiler};
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

#[test]
fn compact_strides_equal_make_layout() {
    type S = Shape![((2, 3), (4, 5), 7)];
    let left: Layout![((2, 3), (4, 5), 7)] = make_layout::<S>();
    let right: Layout![((2, 3), (4, 5), 7), LayoutRight] = make_layout_right::<S>();
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
