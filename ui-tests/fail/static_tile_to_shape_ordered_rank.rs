// tile_to_shape with an order: the order needs one value per mode of the target shape.
use cute::{layout, shape, stride, tile_to_shape_ordered};

fn main() {
    let _ = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,8)), stride!((1,0,2)));
}
