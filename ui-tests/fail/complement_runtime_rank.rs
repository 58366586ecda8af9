// The complement's walk sorts the layout's modes by stride at compile time: with a runtime leaf
// the layout must be a single leaf n:d (CuTe also takes static strides with runtime extents).
use cute::{complement, layout, shape};

fn main() {
    let m = 6i64;
    let _ = complement(layout!((4,{m}):(1,4)).unwrap(), shape!(64));
}
