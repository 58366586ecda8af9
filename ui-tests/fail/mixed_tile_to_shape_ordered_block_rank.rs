// tile_to_shape with an order and a runtime extent: a block of more modes than the target is a
// compile error, as without an order.
use cute::{layout, shape, stride, tile_to_shape_ordered};

fn main() {
    let n: i64 = 8;
    let _ = tile_to_shape_ordered(layout!((2,2,2):(1,2,4)), shape!((4,{n})), stride!((1,0)));
}
