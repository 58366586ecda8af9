// A layout with a negative stride has no left inverse, which `cargo check` reports at this line.
use cute::{layout, left_inverse};

fn main() {
    let _ = left_inverse(layout!((4,2):(-1,4)));
}
