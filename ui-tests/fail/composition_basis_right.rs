// A layout of basis strides on the right picks modes of the left layout; its conditions are
// composition's, on each picked mode with the leaves on it together, and a compile error where
// every leaf is static.
use cute::{composition, layout};

fn main() {
    // Mode 0 is (2,2):(1,10): the two leaves on it, 2:1 and 2:1, reach the same elements.
    let _ = composition(layout!(((2, 2), 3):((1, 10), 100)), layout!((2, 2):(1@0, 1@0)));
    // Stride 3 does not divide mode 0's first shape 2.
    let _ = composition(layout!(((2, 3), 8):((1, 4), 12)), layout!(2:3@0));
}
