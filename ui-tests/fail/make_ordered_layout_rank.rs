// The order must have one entry per top-level mode of the shape.
use cute::{make_ordered_layout, shape, stride};

fn main() {
    let _ = make_ordered_layout(shape!((2,4,8)), stride!((1,2)));
}
