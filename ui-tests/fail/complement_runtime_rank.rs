// CuTe's complement sorts the layout's modes by stride at compile time: a layout with a runtime
// leaf must be a single mode.
use cute::{complement, layout, shape};

fn main() {
    let m = 6i64;
    let _ = complement(layout!((4,{m}):(1,4)).unwrap(), shape!(64));
}
