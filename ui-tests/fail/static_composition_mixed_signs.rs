// Leaves of B with strides of both signs meet in several modes of A: A o B would not be a layout.
use cute::{composition, layout};

fn main() {
    let _ = composition(layout!((6,6):(24,6)), layout!((2,3):(-4,6)));
}
