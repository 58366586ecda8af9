// The block has more modes than the target shape.
use cute::{layout, shape, tile_to_shape};

fn main() {
    let _ = tile_to_shape(layout!((2,2,2):(1,2,4)), shape!((8,8)));
}
