// CuTe's complement needs non-negative strides.
use cute::{complement, layout, shape};

fn main() {
    let _ = complement(layout!(4:-1), shape!(8));
}
