// A product complements its block: a block with a runtime leaf and more than one mode has no
// complement CuTe computes (it sorts the modes by stride at compile time).
use cute::{layout, logical_product};

fn main() {
    let m = 4i64;
    let _ = logical_product(layout!((8,{m}):(1,8)).unwrap(), layout!(3:1));
}
