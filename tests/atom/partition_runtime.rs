//! Static partitions (`partition_S/D`, `partition_A/B/C` of a static `TiledCopy` or `TiledMMA`)
//! of tensors with runtime leaves, a global tile of a runtime leading dimension and k-tile
//! count, against the dynamic engine's partition of the same layout: every thread's every
//! element at the same offset. The tensors are over `Counting`, so each element is its offset.

use super::tiled_static::dynamic_mma;
use cute::atom::*;
use cute::half::f16;
use cute::tensor::{make_tensor, Counting, ViewLayout};
use cute::{layout, Tiler};

/// Every element of the static part `part` (its values the offsets) is at the dynamic part's
/// offset: `offset + layout(i)`.
fn assert_same_part<L: ViewLayout>(
    part: &cute::tensor::Tensor<Counting, L>,
    (layout, offset): (cute::dynamic::Layout, i64),
    what: &str,
) {
    assert_eq!(part.size() as i64, layout.size().unwrap(), "{}: size", what);
    for i in 0..part.size() {
        let expected = offset + layout.call(i as i64).unwrap();
        assert_eq!(part.get(i).unwrap() as i64, expected, "{}: value {}", what, i);
    }
}

/// Every thread's source and destination parts of the tensor of layout `$tile` by the static
/// copy `$s` and the dynamic copy `$d`.
macro_rules! copy_parts {
    ($s:expr, $d:expr, $tile:expr) => {{
        let tile = $tile;
        let dynamic = tile.to_dynamic();
        for t in 0..$d.layout_tv().shape().modes()[0].size().unwrap() as usize {
            let what = format!("{} thread {}", tile, t);
            let thr = $s.get_slice(t);
            let src = thr.partition_s(make_tensor(Counting(i64::MAX), tile).unwrap()).unwrap();
            assert_same_part(&src, $d.partition_s(&dynamic, t as i64).unwrap(), &what);
            let dst = thr.partition_d(make_tensor(Counting(i64::MAX), tile).unwrap()).unwrap();
            assert_same_part(&dst, $d.partition_d(&dynamic, t as i64).unwrap(), &what);
        }
    }};
}

#[test]
fn copy_partitions_of_runtime_strides_are_the_dynamic_engines() {
    let copy = make_tiled_copy::<f16, _, _, _>(
        SM80_CP_ASYNC_CACHEALWAYS::<u128>::default(),
        layout!((32,4):(4,1)),
        layout!((1,8):(1,1)),
    );
    let d = cute::dynamic::TiledCopy::make(
        copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>").unwrap(),
        16,
        &"(32,4):(4,1)".parse().unwrap(),
        &"(1,8):(1,1)".parse().unwrap(),
    )
    .unwrap();
    for ld in [32i64, 40, 64, 100] {
        for k_tiles in [1i64, 3] {
            // A K-major global tile (rows ld apart) and an M-major one (columns ld apart),
            // with k_tiles k-tiles after them.
            // A K-major global tile (rows ld apart) and an M-major one (columns ld apart),
            // with k_tiles k-tiles after them.
            copy_parts!(copy, d, layout!((64,32,{k_tiles}):({ld},1,32)).unwrap());
            copy_parts!(copy, d, layout!((64,32,{k_tiles}):(1,{ld},{32 * ld})).unwrap());
        }
    }
}

/// Every thread's part of the tensor of layout `$tile` by `$method` of the static MMA `$s` and
/// of the dynamic MMA `$d`.
macro_rules! mma_parts {
    ($s:expr, $d:expr, $method:ident, $tile:expr) => {{
        let tile = $tile;
        let dynamic = tile.to_dynamic();
        for t in 0..$d.thr_layout_vmnk().size().unwrap() as usize {
            let what = format!("{} {} thread {}", stringify!($method), tile, t);
            let part = $s.get_slice(t).$method(make_tensor(Counting(i64::MAX), tile).unwrap()).unwrap();
            assert_same_part(&part, $d.$method(&dynamic, t as i64).unwrap(), &what);
        }
    }};
}

#[test]
fn mma_partitions_of_runtime_strides_are_the_dynamic_engines() {
    // The tutorial's 64 x 64 x 16 MMA (2 x 2 atoms, N permuted to 32) and a 32 x 16 x 8 one of
    // 4 atoms along M with a permutation layout interleaving them.
    let tutorial =
        make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<32,32,16>]>::default());
    let d_tutorial = dynamic_mma("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "<32,32,16>");
    let interleaved =
        make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, layout!((2,1,1):(1,0,0)), <Tiler![<(4,8):(8,1),_,_>]>::default());
    let d_interleaved = dynamic_mma("SM80_16x8x8_F32TF32TF32F32_TN", "(2,1,1):(1,0,0)", "<(4,8):(8,1),_,_>");
    for ld in [32i64, 64, 72] {
        for k_tiles in [1i64, 2] {
            mma_parts!(tutorial, d_tutorial, partition_a, layout!((64,32,{k_tiles}):({ld},1,32)).unwrap());
            mma_parts!(tutorial, d_tutorial, partition_b, layout!((64,32,{k_tiles}):(1,{ld},{32 * ld})).unwrap());
            mma_parts!(interleaved, d_interleaved, partition_a, layout!((32,8,{k_tiles}):({ld},1,8)).unwrap());
        }
        mma_parts!(tutorial, d_tutorial, partition_c, layout!((64,64):(1,{ld + 32})).unwrap());
        mma_parts!(tutorial, d_tutorial, partition_c, layout!((64,64):({ld + 32},1)).unwrap());
        mma_parts!(interleaved, d_interleaved, partition_c, layout!((32,8):({ld},1)).unwrap());
    }
}

#[test]
fn runtime_stride_partitions_name_their_errors() {
    let copy = make_tiled_copy::<f16, _, _, _>(
        SM80_CP_ASYNC_CACHEALWAYS::<u128>::default(),
        layout!((32,4):(4,1)),
        layout!((1,8):(1,1)),
    );
    let tile = layout!((64,32):({40},1)).unwrap();
    // A thread past the copy's 128.
    let e = copy.get_slice(128).partition_s(make_tensor(Counting(i64::MAX), tile).unwrap()).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::IndexOutOfRange);
    assert_eq!(e.to_string(), "index out of range: partition_S: index 128 is not below the size 128");
    // A ragged tile of real data: 63 * 40 + 31 = 2551 is past 2000 elements, so the tensor is
    // refused before any partition (a kernel partitions the tile's offsets, over `Counting`,
    // and predicates them by the identity tensor's coordinates).
    let data = vec![0u16; 2000];
    let e = make_tensor(&data[..], tile).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::IndexOutOfRange);
    assert_eq!(
        e.to_string(),
        "index out of range: make_tensor: the layout's offsets 0..=2551 from element 0 reach outside the 2000 elements of the data"
    );
}
