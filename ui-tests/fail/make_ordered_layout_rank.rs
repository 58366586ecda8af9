// The order must have one entry per top-level mode of the shape.
use cute::statics::make_ordered_layout;

fn main() {
    let _ = make_ordered_layout::<cute::Shape![(2,4,8)], cute::Shape![(1,2)]>();
}
