// A tiler of three modes for a layout of two.
use cute::{layout, logical_divide, tiler};

fn main() {
    let _ = logical_divide(layout!((4,8):(1,4)), tiler!(<2,2,2>));
}
