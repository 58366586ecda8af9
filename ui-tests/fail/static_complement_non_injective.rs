// (2,2):(1,1) maps two coordinates to offset 1: it has no complement.
use cute::{complement, layout, shape};

fn main() {
    let _ = complement(layout!((2,2):(1,1)), shape!(8));
}
