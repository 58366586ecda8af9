// Stride 5 is not a multiple of the span 2 of the smaller mode: no left inverse.
use cute::{layout, left_inverse};

fn main() {
    let _ = left_inverse(layout!((4,8):(2,5)));
}
