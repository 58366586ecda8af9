// tiled_divide(A, <B0, B1>) composes each mode of A with a tile and its complement: the second
// tile has a negative stride, so it has no complement, which `cargo check` reports at this line.
use cute::{layout, tiled_divide, tiler};

fn main() {
    let _ = tiled_divide(layout!((8,8):(1,8)), tiler!(<2:1, (2,2):(1,-2)>));
}
