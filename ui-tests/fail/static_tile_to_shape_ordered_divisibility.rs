// tile_to_shape with an order: each block mode must divide the target's, as without one.
use cute::{layout, shape, stride, tile_to_shape_ordered};

fn main() {
    let _ = tile_to_shape_ordered(layout!((2,3):(3,1)), shape!((4,8)), stride!((1,0)));
}
