// Each `v@i` of a layout of basis strides on the right picks mode `i` of the left layout: an
// index past its modes is a compile error naming the basis element and the shape, with static
// or runtime leaves.
use cute::{composition, layout};

fn main() {
    // (4,8):(1,4) has no mode 2.
    let _ = composition(layout!((4, 8):(1, 4)), layout!(4:1@2));
    // Nor has its mode 0, a leaf, a mode 1 (a leaf is its own mode 0 alone).
    let _ = composition(layout!(({ 4 }, 8):(1, 4)).unwrap(), layout!((2, 2):(1@1@0, 1@1)));
}
