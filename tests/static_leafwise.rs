//! The static leaf-wise operations (filter_zeros, filter, flatten, nullspace, size, cosize,
//! rank, depth, upcast, downcast, recast): result types written out by hand, and every result
//! compared with the dynamic engine on the same layout.

use cute::dynamic::{self, ErrorKind};
use cute::typenum::{
    N1, N12, N16, N2, N24, N3, N4, N6, P1, P12, P128, P16, P192, P2, P24, P288, P3, P32, P4, P48, P5, P6, P8, P96, Z0,
};
use cute::{
    cosize, depth, downcast, filter, filter_zeros, flatten, nullspace, rank, recast, size, upcast, HCons, HNil, Layout,
};
use static_assertions::assert_type_eq_all;

/// A static tuple type: `t![P4, t![P3, P2]]` is `(4,(3,2))`.
macro_rules! t {
    () => { HNil };
    ($h:ty $(, $rest:ty)* $(,)?) => { HCons<$h, t![$($rest),*]> };
}

fn parse(text: &str) -> dynamic::Layout {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The static result equals the dynamic engine's, as a layout and as text.
#[track_caller]
fn agrees(static_result: dynamic::Layout, dynamic_result: dynamic::Result<dynamic::Layout>) {
    let d = dynamic_result.expect("the dynamic engine accepts what the static face accepts");
    assert_eq!(static_result, d);
    assert_eq!(static_result.to_string(), d.to_string());
}

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

#[test]
fn sizes_are_constants() {
    // (4,(3,2)):(0,(2,-1)): size 24, cosize 1 + 2*2 + 1*1 = 6.
    const SIZE: i64 = Nested::SIZE;
    const COSIZE: i64 = Nested::COSIZE;
    const RANK: usize = Nested::RANK;
    const DEPTH: usize = Nested::DEPTH;
    assert_eq!((size(Nested::new()), cosize(Nested::new()), rank(Nested::new()), depth(Nested::new())), (24, 6, 2, 2));
    assert_eq!((SIZE, COSIZE, RANK, DEPTH), (24, 6, 2, 2));
    let d = parse(NESTED);
    assert_eq!((SIZE, COSIZE, RANK, DEPTH), (d.size().unwrap(), d.cosize().unwrap(), d.rank(), d.depth()));

    let cases: [(dynamic::Layout, (i64, i64, usize, usize)); 5] = [
        (parse("8:-2"), (size(Layout::<P8, N2>::new()), cosize(Layout::<P8, N2>::new()), 1, 0)),
        (parse("8:0"), (size(Layout::<P8, Z0>::new()), cosize(Layout::<P8, Z0>::new()), 1, 0)),
        (
            parse("(4):(3)"),
            (
                size(Layout::<t![P4], t![P3]>::new()),
                cosize(Layout::<t![P4], t![P3]>::new()),
                rank(Layout::<t![P4], t![P3]>::new()),
                depth(Layout::<t![P4], t![P3]>::new()),
            ),
        ),
        (
            parse("(4,3):(-1,4)"),
            (
                size(Layout::<t![P4, P3], t![N1, P4]>::new()),
                cosize(Layout::<t![P4, P3], t![N1, P4]>::new()),
                rank(Layout::<t![P4, P3], t![N1, P4]>::new()),
                depth(Layout::<t![P4, P3], t![N1, P4]>::new()),
            ),
        ),
        (
            parse("((2,(3,4)),5):((0,(-1,3)),12)"),
            (
                size(Layout::<t![t![P2, t![P3, P4]], P5], t![t![Z0, t![N1, P3]], P12]>::new()),
                cosize(Layout::<t![t![P2, t![P3, P4]], P5], t![t![Z0, t![N1, P3]], P12]>::new()),
                rank(Layout::<t![t![P2, t![P3, P4]], P5], t![t![Z0, t![N1, P3]], P12]>::new()),
                depth(Layout::<t![t![P2, t![P3, P4]], P5], t![t![Z0, t![N1, P3]], P12]>::new()),
            ),
        ),
    ];
    for (d, got) in cases {
        assert_eq!(got, (d.size().unwrap(), d.cosize().unwrap(), d.rank(), d.depth()), "{d}");
    }
    assert_eq!(rank(Layout::<P8, N2>::new()), 1);
    assert_eq!(depth(Layout::<P8, Z0>::new()), 0);
}

#[test]
fn upcast_divides_strides_and_shapes() {
    // (4,(3,4,3)):(0,(1,0,-1)) by 16: stride 0 kept, +-1 strides shrink their shape to 1.
    type A = Layout<t![P4, t![P3, P4, P3]], t![Z0, t![P1, Z0, N1]]>;
    assert_type_eq_all!(
        <A as cute::statics::Upcast<P16>>::Output,
        Layout<t![P4, t![P1, P4, P1]], t![Z0, t![P1, Z0, N1]]>
    );
    agrees(upcast::<P16, _>(A::new()).to_dynamic(), dynamic::upcast(16, &parse("(4,(3,4,3)):(0,(1,0,-1))")));

    // Negative strides: (4,8,(3,8),(2,1)):(-6,-3,(1,1),(1,0)) by 3.
    type B = Layout<t![P4, P8, t![P3, P8], t![P2, P1]], t![N6, N3, t![P1, P1], t![P1, Z0]]>;
    assert_type_eq_all!(
        <B as cute::statics::Upcast<P3>>::Output,
        Layout<t![P4, P8, t![P1, P3], t![P1, P1]], t![N2, N1, t![P1, P1], t![P1, Z0]]>
    );
    agrees(upcast::<P3, _>(B::new()).to_dynamic(), dynamic::upcast(3, &parse("(4,8,(3,8),(2,1)):(-6,-3,(1,1),(1,0))")));

    // Row-major (8,32):(32,1) by 4 -> (8,8):(8,1); a stride 2 by 8 -> shape ceil(s/4).
    type C = Layout<t![P8, P32], t![P32, P1]>;
    assert_type_eq_all!(<C as cute::statics::Upcast<P4>>::Output, Layout<t![P8, P8], t![P8, P1]>);
    agrees(upcast::<P4, _>(C::new()).to_dynamic(), dynamic::upcast(4, &parse("(8,32):(32,1)")));
    assert_type_eq_all!(<Layout<P6, N2> as cute::statics::Upcast<P8>>::Output, Layout<P2, N1>);
    agrees(upcast::<P8, _>(Layout::<P6, N2>::new()).to_dynamic(), dynamic::upcast(8, &parse("6:-2")));
    // (3):(4) by 16 -> (1):(1).
    assert_type_eq_all!(<Layout<t![P3], t![P4]> as cute::statics::Upcast<P16>>::Output, Layout<t![P1], t![P1]>);
    agrees(upcast::<P16, _>(Layout::<t![P3], t![P4]>::new()).to_dynamic(), dynamic::upcast(16, &parse("(3):(4)")));
    // By 1: the identity.
    assert_type_eq_all!(<Nested as cute::statics::Upcast<P1>>::Output, Nested);
    agrees(upcast::<P1, _>(Nested::new()).to_dynamic(), dynamic::upcast(1, &parse(NESTED)));
}

#[test]
fn downcast_multiplies_strides_and_unit_shapes() {
    type A = Layout<t![P16, P4, P8], t![P1, P48, P192]>;
    assert_type_eq_all!(<A as cute::statics::Downcast<P6>>::Output, Layout<t![P96, P4, P8], t![P1, P288, P1152]>);
    agrees(downcast::<P6, _>(A::new()).to_dynamic(), dynamic::downcast(6, &parse("(16,4,8):(1,48,192)")));

    // Stride -1 grows its shape like stride 1; stride 0 stays 0; another negative stride scales.
    type B = Layout<t![P4, t![P3, P2], P5], t![P1, t![N1, Z0], N12]>;
    assert_type_eq_all!(
        <B as cute::statics::Downcast<P2>>::Output,
        Layout<t![P8, t![P6, P2], P5], t![P1, t![N1, Z0], N24]>
    );
    agrees(downcast::<P2, _>(B::new()).to_dynamic(), dynamic::downcast(2, &parse("(4,(3,2),5):(1,(-1,0),-12)")));

    // Integral.
    assert_type_eq_all!(<Layout<P8, P1> as cute::statics::Downcast<P4>>::Output, Layout<P32, P1>);
    agrees(downcast::<P4, _>(Layout::<P8, P1>::new()).to_dynamic(), dynamic::downcast(4, &parse("8:1")));
    // By 1: the identity.
    assert_type_eq_all!(<A as cute::statics::Downcast<P1>>::Output, A);
    agrees(downcast::<P1, _>(A::new()).to_dynamic(), dynamic::downcast(1, &parse("(16,4,8):(1,48,192)")));
}

/// 1152 = 192 * 6 (typenum names the constants up to 1024).
type P1152 = <P192 as core::ops::Mul<P6>>::Output;

#[test]
fn recast_reduces_the_ratio() {
    type A = Layout<t![P8, P4], t![P1, P8]>;
    // 16 -> 32 bits: upcast by 2.
    assert_type_eq_all!(<A as cute::statics::Recast<P16, P32>>::Output, Layout<t![P4, P4], t![P1, P4]>);
    agrees(recast::<P16, P32, _>(A::new()).to_dynamic(), dynamic::recast(16, 32, &parse("(8,4):(1,8)")));
    // 32 -> 8 bits: downcast by 4.
    assert_type_eq_all!(<A as cute::statics::Recast<P32, P8>>::Output, Layout<t![P32, P4], t![P1, P32]>);
    agrees(recast::<P32, P8, _>(A::new()).to_dynamic(), dynamic::recast(32, 8, &parse("(8,4):(1,8)")));
    // 6 -> 4 bits: upcast by 2, then downcast by 3.
    type B = Layout<t![P8, P4], t![P1, N16]>;
    assert_type_eq_all!(<B as cute::statics::Recast<P6, P4>>::Output, Layout<t![P12, P4], t![P1, N24]>);
    agrees(recast::<P6, P4, _>(B::new()).to_dynamic(), dynamic::recast(6, 4, &parse("(8,4):(1,-16)")));
    // Same width: the identity, even without a stride-1 leaf.
    type C = Layout<t![P4, P3], t![P2, Z0]>;
    assert_type_eq_all!(<C as cute::statics::Recast<P8, P8>>::Output, C);
    agrees(recast::<P8, P8, _>(C::new()).to_dynamic(), dynamic::recast(8, 8, &parse("(4,3):(2,0)")));
    // 128 -> 96 bits: 4:3 reduced, upcast by 3 then downcast by 4.
    type D = Layout<t![P12, P2], t![P1, P24]>;
    agrees(recast::<P128, P96, _>(D::new()).to_dynamic(), dynamic::recast(128, 96, &parse("(12,2):(1,24)")));
    assert_eq!(recast::<P128, P96, _>(D::new()).to_string(), "(_16,_2):(_1,_32)");
}

/// The inputs the static face rejects at compile time (`compile_fail` doctests in
/// `statics/cast.rs` show the messages) are rejected by the dynamic engine with the kind that
/// names the same condition.
#[test]
fn the_dynamic_engine_rejects_the_statically_rejected_inputs() {
    let kind = |r: dynamic::Result<dynamic::Layout>| r.expect_err("rejected").kind();
    // upcast<3>((12):(2)), upcast<16>(4:3), upcast<4>((5,2):(0,5)), upcast<6> with mixed signs.
    assert_eq!(kind(dynamic::upcast(3, &parse("(12):(2)"))), ErrorKind::UpcastDivisibility);
    assert_eq!(kind(dynamic::upcast(16, &parse("4:3"))), ErrorKind::UpcastDivisibility);
    assert_eq!(kind(dynamic::upcast(4, &parse("(5,2):(0,5)"))), ErrorKind::UpcastDivisibility);
    assert_eq!(kind(dynamic::upcast(6, &parse("((4,6),(2,4)):((-1,-16),(96,-4))"))), ErrorKind::UpcastDivisibility);
    // Non-positive factors and widths.
    assert_eq!(kind(dynamic::upcast(0, &parse("4:1"))), ErrorKind::InvalidArgument);
    assert_eq!(kind(dynamic::downcast(-2, &parse("4:1"))), ErrorKind::InvalidArgument);
    assert_eq!(kind(dynamic::recast(0, 8, &parse("4:1"))), ErrorKind::InvalidArgument);
    assert_eq!(kind(dynamic::recast(8, -8, &parse("4:1"))), ErrorKind::InvalidArgument);
    // No stride-1 leaf: downcast<2>(4:2), downcast<4>((12,3):(-1,12)), downcast<4>(8:0).
    assert_eq!(kind(dynamic::downcast(2, &parse("4:2"))), ErrorKind::DowncastAdjacency);
    assert_eq!(kind(dynamic::downcast(4, &parse("(12,3):(-1,12)"))), ErrorKind::DowncastAdjacency);
    assert_eq!(kind(dynamic::downcast(4, &parse("8:0"))), ErrorKind::DowncastAdjacency);
    // recast 32 -> 8 downcasts a layout without stride 1; 8 -> 24 upcasts a stride 2 by 3.
    assert_eq!(kind(dynamic::recast(32, 8, &parse("(4,3):(2,8)"))), ErrorKind::DowncastAdjacency);
    assert_eq!(kind(dynamic::recast(8, 24, &parse("(4,3):(1,2)"))), ErrorKind::UpcastDivisibility);
}
