// A static copy partitions a global tile of a runtime leading dimension and k-tile count
// (CuTe's `partition_S(gA)` of `(BLK_M,BLK_K,k)`): the thread's part is the static partition
// of the tile's coordinates composed with the tile's runtime strides.
use cute::atom::{make_tiled_copy, SM80_CP_ASYNC_CACHEALWAYS};
use cute::half::f16;
use cute::layout;
use cute::tensor::{make_tensor, Counting};

fn main() {
    let copy = make_tiled_copy::<f16, _, _, _>(
        SM80_CP_ASYNC_CACHEALWAYS::<u128>::default(),
        layout!((32,4):(4,1)),
        layout!((1,8):(1,1)),
    );
    let (lda, k_tiles) = (100, 3);
    let g = make_tensor(Counting(i64::MAX), layout!((64,32,{k_tiles}):({lda},1,32)).unwrap()).unwrap();
    // Thread 5 is row 1, columns 8..16 of the first 32 x 32 block; the second block is 32 rows
    // (32 lda) further, the next k-tile 32 columns.
    let part = copy.get_slice(5).partition_s(g).unwrap();
    assert_eq!(part.layout().to_string(), "((_8,_1),_2,_1,3):((_1,_0),3200,_0,_32)");
    assert_eq!(part.get(0), Some(100 + 8));
}
