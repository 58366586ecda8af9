// tile_to_shape: a block with more modes than the target is a compile error.
use cute::{layout, shape, tile_to_shape};

fn main() {
    let n = 24i64;
    let _ = tile_to_shape(layout!((8,2):(2,1)), shape!(({n})));
}
