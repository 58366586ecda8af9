// The block's second mode (3) does not divide the target's (8).
use cute::{layout, shape, tile_to_shape};

fn main() {
    let _ = tile_to_shape(layout!((2,3):(1,2)), shape!((8,8)));
}
