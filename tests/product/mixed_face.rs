//! The mixed products by hand: which leaves stay static, and the run-time checks with their
//! kind and message. The golden cases are in the generated tests/generated/mixed_oracle.rs.

#![allow(clippy::type_complexity)]

use cute::error::ErrorKind;
use cute::hlist;
use cute::mixed::{flat_product, logical_product, Detail};
use cute::typenum::consts::{P1, P2, P4, P8};
use cute::{HCons, HNil, Layout};

type Block = Layout<HCons<P2, HCons<P2, HNil>>, HCons<P1, HCons<P2, HNil>>>;

fn block() -> Block {
    Layout::try_new(hlist![P2::new(), P2::new()], hlist![P1::new(), P2::new()]).unwrap()
}

#[test]
fn a_static_tiler_gives_the_static_product() {
    let r: Layout<
        HCons<HCons<P2, HCons<P2, HNil>>, HCons<P4, HNil>>,
        HCons<HCons<P1, HCons<P2, HNil>>, HCons<P4, HNil>>,
    > = logical_product(block(), Layout::<P4, P1>::new()).unwrap();
    assert_eq!(r.to_string(), "((_2,_2),_4):((_1,_2),_4)");
    assert_eq!(core::mem::size_of_val(&r), 0);
}

#[test]
fn a_runtime_grid_keeps_the_block_static() {
    // A static block repeated a runtime number of times: the block and the copies' stride are
    // static, only the count is runtime (8 bytes).
    let r: Layout<
        HCons<HCons<P2, HCons<P2, HNil>>, HCons<i64, HNil>>,
        HCons<HCons<P1, HCons<P2, HNil>>, HCons<P4, HNil>>,
    > = logical_product(block(), 3i64).unwrap();
    assert_eq!(r.to_string(), "((_2,_2),3):((_1,_2),_4)");
    assert_eq!(core::mem::size_of_val(&r), 8);
    assert_eq!(
        r.to_dynamic().to_string(),
        cute::dynamic::logical_product(&"(2,2):(1,2)".parse().unwrap(), &"3".parse().unwrap()).unwrap().to_string()
    );
    // Mode by mode: a static count for mode 0 (all static), a runtime one for mode 1 (the
    // copies' shape is runtime, their strides stay static).
    let r = flat_product(block(), hlist![P8::new(), 4i64]).unwrap();
    assert_eq!(r.to_string(), "(_2,_2,_8,(2,2)):(_1,_2,_2,(_1,_4))");
    let d = cute::dynamic::flat_product(&"(2,2):(1,2)".parse().unwrap(), &"<8:1,4:1>".parse().unwrap()).unwrap();
    assert_eq!(r.to_dynamic(), d);
}

#[test]
fn runtime_conditions_are_errors_with_values() {
    let b = Layout::try_new(P2::new(), P2::new()).unwrap();
    let e = logical_product(b, Layout::try_new(3i64, P1::new()).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ShapeDivisibility);
    assert_eq!(e.to_string(), "shape divisibility: composition (2,2):(1,4) o 3:1: shape 3 is not divisible by 2");
    let e = logical_product(b, Layout::try_new(hlist![2i64, 2i64], hlist![P1::new(), 1i64]).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::ModeOverlap);
    assert_eq!(
        e.to_string(),
        "mode overlap: composition (2,2):(1,4) o (2,2):(1,1): modes of B overlap in mode 0 (shape 2) of A, so A o B is not a layout"
    );
    let e = logical_product(b, 0i64).unwrap_err();
    assert_eq!((e.kind(), e.detail()), (ErrorKind::InvalidArgument, Detail::NonPositive(0)));
    assert_eq!(e.to_string(), "invalid argument: logical_product: shape 0 is not positive");
    // size(A) * cosize(B) = 2^63 - 2 fits, and so does the result: no intermediate value
    // (ceil_div(m + 4 - 1, 4), the stride past the complement's last mode) is an overflow.
    let r = logical_product(b, Layout::try_new(1i64 << 61, P2::new()).unwrap()).unwrap();
    assert_eq!(r.to_string(), "(_2,2305843009213693952):(_2,_4)");
    let engine = cute::dynamic::logical_product(&"2:2".parse().unwrap(), &"2305843009213693952:2".parse().unwrap());
    assert_eq!(engine.unwrap().to_string(), "(2,2305843009213693952):(2,4)");
    // One more and size(A) * cosize(B) does not fit, in both.
    let e = logical_product(b, Layout::try_new((1i64 << 61) + 1, P2::new()).unwrap()).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Overflow);
    assert_eq!(e.to_string(), "overflow: logical_product: 2 * 4611686018427387905 does not fit in i64");
}

#[test]
fn tile_to_shape_checks_divisibility_at_run_time() {
    use cute::mixed::tile_to_shape;
    let atom = Layout::try_new(hlist![P8::new(), P2::new()], hlist![P2::new(), P1::new()]).unwrap();
    // The static atom stays static; the number of copies along the runtime mode is runtime.
    let r: Layout<
        HCons<HCons<P8, HCons<i64, HNil>>, HCons<HCons<P2, HCons<P1, HNil>>, HNil>>,
        HCons<
            HCons<P2, HCons<cute::typenum::consts::P16, HNil>>,
            HCons<HCons<P1, HCons<cute::typenum::consts::Z0, HNil>>, HNil>,
        >,
    > = tile_to_shape(atom, hlist![24i64, P2::new()]).unwrap();
    assert_eq!(r.to_string(), "((_8,3),(_2,_1)):((_2,_16),(_1,_0))");
    let e = tile_to_shape(atom, hlist![20i64, P2::new()]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::TileToShapeDivisibility);
    assert_eq!(
        e.to_string(),
        "tile_to_shape divisibility: tile_to_shape((8,2):(2,1), (20,2)): block mode size 8 does not divide target mode size 20"
    );
}

#[test]
fn tile_to_shape_by_rank() {
    let atom = Layout::try_new(hlist![P8::new(), P2::new()], hlist![P2::new(), P1::new()]).unwrap();
    // The ranks fit: the copies column-major. (When they do not, the root function's verdict
    // fails compilation, ui-tests; the route's own error is tested in cute-core.)
    let r = cute::mixed::tile_to_shape(atom, hlist![24i64, P2::new()]).unwrap();
    assert_eq!(r.to_string(), "((_8,3),(_2,_1)):((_2,_16),(_1,_0))");
}

#[test]
fn a_rank_one_runtime_block() {
    // CuTe allows the complement of a rank-1 layout with runtime leaves, so such a block can be
    // repeated: m:_1 with m = 6, three times, then by a mixed grid.
    let block = Layout::try_new(6i64, P1::new()).unwrap();
    let r = logical_product(block, 3i64).unwrap();
    assert_eq!(r.to_string(), "(6,3):(_1,6)");
    let want = cute::dynamic::logical_product(&"6:1".parse().unwrap(), &"3".parse().unwrap()).unwrap();
    assert_eq!(r.to_dynamic(), want);
    let grid = Layout::try_new(hlist![2i64, P2::new()], hlist![P2::new(), P1::new()]).unwrap();
    let r = logical_product(block, grid).unwrap().to_dynamic();
    let want = cute::dynamic::logical_product(&"6:1".parse().unwrap(), &"(2,2):(2,1)".parse().unwrap()).unwrap();
    assert_eq!(r.size().unwrap(), want.size().unwrap());
    for i in 0..want.size().unwrap() {
        assert_eq!(r.call(i).unwrap(), want.call(i).unwrap(), "at {i}");
    }
}

/// A tuple tiler of runtime tile sizes over a block whose modes are single leaves with runtime
/// values, and a nested entry: the dynamic engine's layout, where a runtime mode of size 1 stays
/// (as in CuTe, the types cannot prove it 1). (The first overflowed the trait solver's recursion
/// limit: a static tile size left uninferred was tried on the static face's product.)
#[test]
fn tuple_tilers_of_runtime_sizes_and_nested_entries() {
    let m = 6i64;
    let b = cute::layout!(({m},4):(1,{m})).unwrap();
    let r = cute::tiled_product(b, hlist![3i64, 2i64]).unwrap();
    assert_eq!(r.to_string(), "((6,_4),3,(2,1)):((_1,6),6,(_1,24))");
    let want = cute::dynamic::tiled_product(&b.to_dynamic(), &"<3,2>".parse().unwrap()).unwrap();
    assert_eq!(want.to_string(), "((6,4),3,2):((1,6),6,1)");
    same_function(&r.to_dynamic(), &want);
    // Static tiles over a runtime matrix, mode by mode (overflowed the same way).
    let r =
        cute::logical_product(cute::layout!(({m},16):(1,{m})).unwrap(), hlist![cute::layout!(3:1), cute::layout!(4:1)]);
    let want = cute::dynamic::logical_product(&"(6,16):(1,6)".parse().unwrap(), &"<3:1,4:1>".parse().unwrap()).unwrap();
    same_function(&r.unwrap().to_dynamic(), &want);
    let a = cute::layout!((8,{m}):(1,8)).unwrap();
    let r = cute::logical_product(a, hlist![hlist![2i64], 3i64]).unwrap();
    assert_eq!(r.to_string(), "(((_8,2)),(6,(3,1))):(((_1,_8)),(_8,(_1,48)))");
    let want = cute::dynamic::logical_product(&a.to_dynamic(), &"<<2>,3>".parse().unwrap()).unwrap();
    assert_eq!(want.to_string(), "(((8,2)),(6,3)):(((1,8)),(8,1))");
    same_function(&r.to_dynamic(), &want);
}

/// `got` and `want` have the same size and the same offset at every index.
fn same_function(got: &cute::dynamic::Layout, want: &cute::dynamic::Layout) {
    assert_eq!(got.size().unwrap(), want.size().unwrap());
    for i in 0..want.size().unwrap() {
        assert_eq!(got.call(i).unwrap(), want.call(i).unwrap(), "{got} and {want} at {i}");
    }
}
