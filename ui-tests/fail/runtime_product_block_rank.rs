// A product complements its block: with a runtime leaf, the block's strides must be static after
// the filter, or the block a single mode (as in CuTe).
use cute::{layout, logical_product};

fn main() {
    let (m, d) = (4i64, 8i64);
    let _ = logical_product(layout!((8,{m}):(1,{d})).unwrap(), layout!(3:1));
}
