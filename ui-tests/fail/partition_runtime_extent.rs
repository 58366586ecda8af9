// A static copy partitions a tensor with runtime strides (a global tile of a runtime leading
// dimension), but the extents of the tile's two modes are where the atoms go: a runtime extent
// there is refused by the tensor's shape, in a message naming it.
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
    let m = 64;
    let g = make_tensor(Counting(i64::MAX), layout!(({m},32):({40},1)).unwrap()).unwrap();
    let _ = copy.get_slice(3).partition_s(g);
}
