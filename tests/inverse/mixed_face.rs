//! right_inverse and nullspace of mixed layouts: CuTe's rule (only what the types prove), the
//! static-ness of the results, and their post-conditions for every static/runtime choice.

#![allow(clippy::type_complexity)]

use cute::hlist;
use cute::mixed::{nullspace, right_inverse, Layout, MixedTuple, Offset};
use cute::typenum::consts::{P1, P2, P3, P4, P6, P8, Z0};
use cute::{HCons, HNil};

#[test]
fn the_chain_stops_at_a_runtime_leaf_and_stays_static_before_it() {
    // (_4, m):(m, _1), row-major with m = 6: the chain starts at the stride-1 mode m, whose
    // next stride m*1 is runtime, so it stops there: m:_4, its stride static.
    let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![6i64, P1::new()]).unwrap();
    let r = right_inverse(l).unwrap();
    let _: &Layout<i64, P4> = &r;
    assert_eq!(r.to_string(), "6:_4");
    // (m, _4):(_4, _1): 1 -> 4 is static, so both modes, the second stride runtime.
    let l = Layout::try_new(hlist![6i64, P4::new()], hlist![P4::new(), P1::new()]).unwrap();
    let r = right_inverse(l).unwrap();
    let _: &Layout<HCons<P4, HCons<i64, HNil>>, HCons<i64, HCons<P1, HNil>>> = &r;
    assert_eq!(r.to_string(), "(_4,6):(6,_1)");
    // A runtime stride is never followed: only the static stride-1 mode.
    let l = Layout::try_new(hlist![P4::new(), P3::new()], hlist![P3::new(), 1i64]).unwrap();
    assert_eq!(right_inverse(l).unwrap().to_string(), "_1:_0");
}

#[test]
fn nullspace_keeps_static_zero_strides() {
    // A runtime m broadcast along _0: its mode is the nullspace, with stride _1 (first leaf).
    let l =
        Layout::try_new(hlist![4i64, hlist![P2::new(), P3::new()]], hlist![Z0::new(), hlist![P1::new(), Z0::new()]])
            .unwrap();
    let r = nullspace(l).unwrap();
    let _: &HCons<i64, HCons<P3, HNil>> = r.shape();
    assert_eq!(r.to_string(), "(4,_3):(_1,8)");
}

/// `l(r(i)) == i` and `r(i) == full(i)` for `i < size(r)`.
fn check<S: MixedTuple + Offset<D>, D: MixedTuple, RS: MixedTuple + Offset<RD>, RD: MixedTuple>(
    l: &Layout<S, D>,
    r: &Layout<RS, RD>,
    full: &[isize],
) {
    assert!(r.size() as usize <= full.len(), "{r} larger than the static inverse");
    for (i, &want) in full.iter().enumerate().take(r.size() as usize) {
        assert_eq!(r.call(i), want, "{l}: {r} at {i}");
        assert_eq!(l.call(r.call(i) as usize), i as isize, "{l} o {r} at {i}");
    }
}

#[test]
fn every_staticness_gives_a_right_inverse_that_agrees_with_the_static_one() {
    // (3,(2,4)):(2,(1,6)), a bijection, with each of its 6 leaves static or runtime.
    let full = right_inverse(
        Layout::try_new(
            hlist![P3::new(), hlist![P2::new(), P4::new()]],
            hlist![P2::new(), hlist![P1::new(), P6::new()]],
        )
        .unwrap(),
    )
    .unwrap();
    assert_eq!(full.to_string(), "(_2,_3,_4):(_3,_1,_6)");
    let full: Vec<isize> = (0..24).map(|i| full.call(i)).collect();
    macro_rules! case {
        ($s0:expr, $s1:expr, $s2:expr, $d0:expr, $d1:expr, $d2:expr) => {{
            let l = Layout::try_new(hlist![$s0, hlist![$s1, $s2]], hlist![$d0, hlist![$d1, $d2]]).unwrap();
            check(&l, &right_inverse(l).unwrap(), &full);
        }};
    }
    case!(3i64, P2::new(), P4::new(), P2::new(), P1::new(), P6::new());
    case!(P3::new(), 2i64, P4::new(), P2::new(), P1::new(), P6::new());
    case!(P3::new(), P2::new(), 4i64, P2::new(), P1::new(), P6::new());
    case!(P3::new(), P2::new(), P4::new(), 2i64, P1::new(), P6::new());
    case!(P3::new(), P2::new(), P4::new(), P2::new(), 1i64, P6::new());
    case!(P3::new(), P2::new(), P4::new(), P2::new(), P1::new(), 6i64);
    case!(3i64, 2i64, 4i64, 2i64, 1i64, 6i64);
    case!(P3::new(), 2i64, P4::new(), 2i64, P1::new(), P6::new());
}

#[test]
fn common_vector_of_a_static_tile_and_a_runtime_matrix() {
    use cute::mixed::max_common_vector;
    // A row-major 4 x 8 tile (static) and a 4 x 8 block of a row-major matrix with a runtime
    // leading dimension: each row is 8 contiguous elements in both, the rows are not provably.
    let tile = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P8::new(), P1::new()]).unwrap();
    let gmem = Layout::try_new(hlist![P4::new(), P8::new()], hlist![100i64, P1::new()]).unwrap();
    assert_eq!(max_common_vector(tile, gmem).unwrap(), 8);
    // With the leading dimension static and equal to 8, all 32 are common.
    assert_eq!(max_common_vector(tile, tile).unwrap(), 32);
    // A runtime stride-1 leaf is not provably 1: nothing but 1 is common.
    let gmem = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P8::new(), 1i64]).unwrap();
    assert_eq!(max_common_vector(tile, gmem).unwrap(), 1);
}

#[test]
fn common_vector_of_runtime_extents_is_one_without_a_composition() {
    use cute::mixed::{max_common_layout, max_common_vector};
    // The oracle's pubc-max_common_vector-0095 with every extent a runtime value: CuTe C++ gives
    // 8 on static extents and 1 on runtime ones (the first mode of the composition is then not
    // static). A o right_inverse(B) here needs A's three modes merged into 144:1, which the
    // types cannot prove from runtime extents: composing would report a shape divisibility
    // (8 by 6), where the answer does not depend on it.
    let a =
        Layout::try_new(hlist![6i64, 12i64, 2i64], hlist![P1::new(), P6::new(), cute::typenum::P72::new()]).unwrap();
    let b = Layout::try_new(
        hlist![8i64, 2i64, 3i64, 3i64],
        hlist![P1::new(), cute::typenum::P24::new(), P8::new(), cute::typenum::P48::new()],
    )
    .unwrap();
    assert_eq!(max_common_vector(a, b).unwrap(), 1);
    assert_eq!(max_common_layout(a, b).unwrap().to_string(), "_1:_0");
    // The composition itself is refused, naming the condition.
    let e = cute::mixed::composition(a, cute::mixed::right_inverse(b).unwrap()).unwrap_err();
    assert_eq!(e.to_string(), "shape divisibility: composition (6,12,2):(1,6,72) o 8:1: shape 8 is not divisible by 6");
}

#[test]
fn common_layout_is_static_where_the_common_vector_is() {
    use cute::mixed::max_common_layout;
    let tile = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P8::new(), P1::new()]).unwrap();
    let gmem = Layout::try_new(hlist![P4::new(), P8::new()], hlist![100i64, P1::new()]).unwrap();
    // The 8 elements of a row: R(i) = 4 i in the column-major domain of (4, 8).
    let r = max_common_layout(tile, gmem).unwrap();
    let _: &Layout<P8, P4> = &r;
    assert_eq!(r.to_string(), "_8:_4");
    let gmem = Layout::try_new(hlist![P4::new(), P8::new()], hlist![P8::new(), 1i64]).unwrap();
    assert_eq!(max_common_layout(tile, gmem).unwrap().to_string(), "_1:_0");
}

#[test]
fn a_negative_stride_is_never_on_the_chain() {
    use cute::typenum::consts::N1;
    // (_4, m):(_-1, _4): no stride is +1, so the right inverse is _1:_0, as the static face's and
    // the dynamic engine's (an inverse through the -1 mode would leave the domain).
    let l = Layout::try_new(hlist![P4::new(), 2i64], hlist![N1::new(), P4::new()]).unwrap();
    assert_eq!(right_inverse(l).unwrap().to_string(), "_1:_0");
    let s = Layout::try_new(hlist![P4::new(), P2::new()], hlist![N1::new(), P4::new()]).unwrap();
    assert_eq!(right_inverse(s).unwrap().to_dynamic(), cute::right_inverse(s).to_dynamic());
    assert_eq!(right_inverse(s).unwrap().to_string(), "_1:_0");
    // A -1 after the stride-1 chain is not followed either.
    let l = Layout::try_new(hlist![P2::new(), P3::new()], hlist![P1::new(), 2i64]).unwrap();
    assert_eq!(right_inverse(l).unwrap().to_string(), "_2:_1");
    assert_eq!(cute::mixed::max_common_vector(s, s).unwrap(), 1);
}
