// A block of rank 2 tiled to a target of rank 1: the ranks are the types' structure, so the
// mismatch is reported by `cargo check` at this line even though the target's extent is a
// runtime value.
use cute::{hlist, layout, tile_to_shape};

fn main() {
    let n = 24i64;
    let _ = tile_to_shape(layout!((8,2):(2,1)), hlist![n]);
}
