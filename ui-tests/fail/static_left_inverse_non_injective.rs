// Coordinates 1 and 2 have the same offset: a non-injective layout has no left inverse.
use cute::{layout, left_inverse};

fn main() {
    let _ = left_inverse(layout!((2,2,2):(1,1,4)));
}
