//! filter_zeros, filter, flatten and nullspace of static layouts: result types written out by
//! hand, and every result compared with the dynamic engine on the same layout.

use cute::dynamic::{self};
use cute::typenum::{N1, N2, N4, P1, P12, P2, P3, P4, P5, P6, P8, Z0};
use cute::{depth, filter, filter_zeros, flatten, nullspace, Layout};
use static_assertions::assert_type_eq_all;
use static_common::{agrees, parse, t};

mod static_common;

// (4,(3,2)):(0,(2,-1))
type Nested = Layout<t![P4, t![P3, P2]], t![Z0, t![P2, N1]]>;
const NESTED: &str = "(4,(3,2)):(0,(2,-1))";

#[test]
fn filter_zeros_sets_the_shapes_of_stride_0_leaves_to_1() {
    type A = Layout<t![P4, P3], t![P1, Z0]>;
    assert_type_eq_all!(<A as cute::statics::FilterZeros>::Output, Layout<t![P4, P1], t![P1, Z0]>);
    agrees(filter_zeros(A::new()).to_dynamic(), Ok(dynamic::filter_zeros(&parse("(4,3):(1,0)"))));
    assert_eq!(filter_zeros(A::new()).to_string(), "(_4,_1):(_1,_0)");

    assert_type_eq_all!(<Nested as cute::statics::FilterZeros>::Output, Layout<t![P1, t![P3, P2]], t![Z0, t![P2, N1]]>);
    agrees(filter_zeros(Nested::new()).to_dynamic(), Ok(dynamic::filter_zeros(&parse(NESTED))));

    // Integral layouts, with stride 0 and a negative stride.
    assert_type_eq_all!(<Layout<P8, Z0> as cute::statics::FilterZeros>::Output, Layout<P1, Z0>);
    assert_type_eq_all!(<Layout<P8, N2> as cute::statics::FilterZeros>::Output, Layout<P8, N2>);
    agrees(filter_zeros(Layout::<P8, Z0>::new()).to_dynamic(), Ok(dynamic::filter_zeros(&parse("8:0"))));
    agrees(filter_zeros(Layout::<P8, N2>::new()).to_dynamic(), Ok(dynamic::filter_zeros(&parse("8:-2"))));

    // A rank-1 tuple stays a tuple.
    type R1 = Layout<t![P6], t![Z0]>;
    assert_type_eq_all!(<R1 as cute::statics::FilterZeros>::Output, Layout<t![P1], t![Z0]>);
    agrees(filter_zeros(R1::new()).to_dynamic(), Ok(dynamic::filter_zeros(&parse("(6):(0)"))));
}

#[test]
fn filter_drops_stride_0_and_size_1_leaves_and_coalesces() {
    type A = Layout<t![P4, P3, P2], t![P1, Z0, P4]>;
    assert_type_eq_all!(<A as cute::statics::Filter>::Output, Layout<P8, P1>);
    agrees(filter(A::new()).to_dynamic(), dynamic::filter(&parse("(4,3,2):(1,0,4)")));

    // Nothing left: 1:0.
    type Zeros = Layout<t![P4, P3], t![Z0, Z0]>;
    assert_type_eq_all!(<Zeros as cute::statics::Filter>::Output, Layout<P1, Z0>);
    agrees(filter(Zeros::new()).to_dynamic(), dynamic::filter(&parse("(4,3):(0,0)")));

    // Nested, with a negative stride that does not merge.
    assert_type_eq_all!(<Nested as cute::statics::Filter>::Output, Layout<t![P3, P2], t![P2, N1]>);
    agrees(filter(Nested::new()).to_dynamic(), dynamic::filter(&parse(NESTED)));

    // Size-1 leaves and a merge: (2,(1,6)):(1,(6,2)) -> 12:1.
    type Merge = Layout<t![P2, t![P1, P6]], t![P1, t![P6, P2]]>;
    assert_type_eq_all!(<Merge as cute::statics::Filter>::Output, Layout<P12, P1>);
    agrees(filter(Merge::new()).to_dynamic(), dynamic::filter(&parse("(2,(1,6)):(1,(6,2))")));

    // Negative strides merge too: (4,2):(-1,-4) -> 8:-1.
    type Neg = Layout<t![P4, P2, P5], t![N1, N4, Z0]>;
    assert_type_eq_all!(<Neg as cute::statics::Filter>::Output, Layout<P8, N1>);
    agrees(filter(Neg::new()).to_dynamic(), dynamic::filter(&parse("(4,2,5):(-1,-4,0)")));

    // An integral stride-0 layout.
    assert_type_eq_all!(<Layout<P8, Z0> as cute::statics::Filter>::Output, Layout<P1, Z0>);
    agrees(filter(Layout::<P8, Z0>::new()).to_dynamic(), dynamic::filter(&parse("8:0")));
}

#[test]
fn flatten_keeps_the_leaves_at_depth_1() {
    type A = Layout<t![P4, t![P3, P2]], t![P2, t![P8, P1]]>;
    assert_type_eq_all!(<A as cute::statics::FlattenLayout>::Output, Layout<t![P4, P3, P2], t![P2, P8, P1]>);
    agrees(flatten(A::new()).to_dynamic(), Ok(parse("(4,(3,2)):(2,(8,1))").flatten()));

    // Integral: unchanged.
    assert_type_eq_all!(<Layout<P8, N2> as cute::statics::FlattenLayout>::Output, Layout<P8, N2>);
    agrees(flatten(Layout::<P8, N2>::new()).to_dynamic(), Ok(parse("8:-2").flatten()));

    // A rank-1 tuple stays a tuple; depth 3 collapses, zero and negative strides are kept.
    type R1 = Layout<t![P4], t![P1]>;
    assert_type_eq_all!(<R1 as cute::statics::FlattenLayout>::Output, R1);
    agrees(flatten(R1::new()).to_dynamic(), Ok(parse("(4):(1)").flatten()));
    type Deep = Layout<t![t![P2, t![P3, P4]], P5], t![t![Z0, t![N1, P3]], P12]>;
    assert_type_eq_all!(<Deep as cute::statics::FlattenLayout>::Output, Layout<t![P2, P3, P4, P5], t![Z0, N1, P3, P12]>);
    agrees(flatten(Deep::new()).to_dynamic(), Ok(parse("((2,(3,4)),5):((0,(-1,3)),12)").flatten()));
    assert_eq!(depth(flatten(Deep::new())), 1);
}

#[test]
fn nullspace_selects_the_stride_0_leaves() {
    type A = Layout<t![P4, P3, P2], t![P1, Z0, P4]>;
    assert_type_eq_all!(<A as cute::statics::Nullspace>::Output, Layout<P3, P4>);
    agrees(nullspace(A::new()).to_dynamic(), dynamic::nullspace(&parse("(4,3,2):(1,0,4)")));

    // No stride-0 leaf: 1:0.
    type None0 = Layout<t![P4, P3], t![P1, N4]>;
    assert_type_eq_all!(<None0 as cute::statics::Nullspace>::Output, Layout<P1, Z0>);
    agrees(nullspace(None0::new()).to_dynamic(), dynamic::nullspace(&parse("(4,3):(1,-4)")));

    // Several, nested: ((2,3),4):((0,1),0) -> (2,4):(1,6).
    type Several = Layout<t![t![P2, P3], P4], t![t![Z0, P1], Z0]>;
    assert_type_eq_all!(<Several as cute::statics::Nullspace>::Output, Layout<t![P2, P4], t![P1, P6]>);
    agrees(nullspace(Several::new()).to_dynamic(), dynamic::nullspace(&parse("((2,3),4):((0,1),0)")));

    // A size-1 stride-0 leaf gets stride 0 and does not scale the next one.
    type One = Layout<t![P2, P1, P3, P4], t![P1, Z0, Z0, N2]>;
    assert_type_eq_all!(<One as cute::statics::Nullspace>::Output, Layout<t![P1, P3], t![Z0, P2]>);
    agrees(nullspace(One::new()).to_dynamic(), dynamic::nullspace(&parse("(2,1,3,4):(1,0,0,-2)")));

    // Integral layouts.
    assert_type_eq_all!(<Layout<P4, Z0> as cute::statics::Nullspace>::Output, Layout<P4, P1>);
    agrees(nullspace(Layout::<P4, Z0>::new()).to_dynamic(), dynamic::nullspace(&parse("4:0")));
    assert_type_eq_all!(<Layout<P4, P2> as cute::statics::Nullspace>::Output, Layout<P1, Z0>);
    agrees(nullspace(Layout::<P4, P2>::new()).to_dynamic(), dynamic::nullspace(&parse("4:2")));
    agrees(nullspace(Nested::new()).to_dynamic(), dynamic::nullspace(&parse(NESTED)));

    // Post-condition: L(R(i)) == 0 on R's domain.
    let (l, r) = (parse("((2,3),4):((0,1),0)"), nullspace(Several::new()).to_dynamic());
    for i in 0..r.size().unwrap() {
        assert_eq!(l.call(r.call(i).unwrap()).unwrap(), 0);
    }
}
