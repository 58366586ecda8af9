// tile_to_shape with an order and a runtime extent: the ranks are the types' structure, so an
// order of another rank than the target is still a compile error.
use cute::{layout, shape, stride, tile_to_shape_ordered};

fn main() {
    let n: i64 = 8;
    let _ = tile_to_shape_ordered(layout!((2,2):(1,2)), shape!((4,{n})), stride!((1,0,2)));
}
