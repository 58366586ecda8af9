// A product complements its block: with a runtime leaf, cute-rs computes a complement only for
// a single leaf n:d (CuTe also for static strides with runtime extents).
use cute::{layout, logical_product};

fn main() {
    let m = 4i64;
    let _ = logical_product(layout!((8,{m}):(1,8)).unwrap(), layout!(3:1));
}
