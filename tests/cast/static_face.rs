//! upcast, downcast and recast of static layouts: result types written out by hand, every
//! result compared with the dynamic engine, and the inputs both reject.

use super::static_common::{agrees, parse, t};
use cute::dynamic::{self, ErrorKind};
use cute::typenum::{
    N1, N12, N16, N2, N24, N3, N6, P1, P12, P128, P16, P192, P2, P24, P288, P3, P32, P4, P48, P5, P6, P8, P96, Z0,
};
use cute::{downcast, hlist, recast, upcast, Layout};
use static_assertions::assert_type_eq_all;

// (4,(3,2)):(0,(2,-1))
type Nested = Layout<t![P4, t![P3, P2]], t![Z0, t![P2, N1]]>;
const NESTED: &str = "(4,(3,2)):(0,(2,-1))";

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
/// `ops/cast/static_face.rs` show the messages) are rejected by the dynamic engine with the kind that
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
    // A recast's step is named as such, as the static face's compile error names it.
    assert_eq!(
        dynamic::recast(8, 16, &parse("(4,3):(1,3)")).unwrap_err().to_string(),
        "upcast divisibility: recast<8, 16>: upcast<2>((4,3):(1,3)): stride 3 (leaf 1) neither divides nor is a multiple of 2"
    );
    assert_eq!(
        dynamic::recast(32, 8, &parse("(4,3):(3,12)")).unwrap_err().to_string(),
        "downcast adjacency: recast<32, 8>: downcast<4>((4,3):(3,12)): no mode has stride 1, so elements are not adjacent"
    );
}

#[test]
fn casts_with_runtime_strides() {
    use cute::mixed::{downcast, upcast};
    // A 4 x n tile of halves with a runtime leading dimension, seen as 32-bit words.
    let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), 100i64]).unwrap();
    let r: Layout![(2,{}):(1,{})] = upcast::<P2, _, _>(l).unwrap();
    assert_eq!(r.to_string(), "(_2,6):(_1,50)");
    // CuTe assumes a runtime stride is a multiple of the factor; here it is checked.
    let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), 101i64]).unwrap();
    let e = upcast::<P2, _, _>(l).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UpcastDivisibility);
    assert_eq!(
        e.to_string(),
        "upcast divisibility: upcast<2>((4,6):(1,101)): stride 101 (leaf 1) neither divides nor is a multiple of 2"
    );
    // Downcast scales a runtime stride, whatever its value (only a static _1 grows a shape).
    let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), 1i64]).unwrap();
    assert_eq!(downcast::<P2, _, _>(l).unwrap().to_string(), "(_8,6):(_1,2)");
    // recast: 16-bit elements as 32-bit words (an upcast by 2), and back (a downcast by 2).
    use cute::mixed::recast;
    use cute::typenum::consts::{P16, P32};
    let l = Layout::try_new(hlist![P8::new(), 4i64], hlist![P1::new(), 64i64]).unwrap();
    let w = recast::<P16, P32, _, _>(l).unwrap();
    assert_eq!(w.to_string(), "(_4,4):(_1,32)");
    assert_eq!(recast::<P32, P16, _, _>(w).unwrap().to_string(), "(_8,4):(_1,64)");
    let l = Layout::try_new(hlist![P8::new(), 4i64], hlist![P1::new(), 63i64]).unwrap();
    let e = recast::<P16, P32, _, _>(l).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::UpcastDivisibility);
    assert_eq!(
        e.to_string(),
        "upcast divisibility: recast<16, 32>: upcast<2>((8,4):(1,63)): stride 63 (leaf 1) neither divides nor is a multiple of 2"
    );
    let e = downcast::<P4, _, _>(Layout::try_new(hlist![P4::new(), 2i64], hlist![P1::new(), i64::MAX / 2]).unwrap());
    assert_eq!(e.unwrap_err().kind(), ErrorKind::Overflow);
}
