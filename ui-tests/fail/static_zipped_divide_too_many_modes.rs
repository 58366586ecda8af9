// A tiler of three modes for a layout of two, through zipped_divide (whose zip of the tiles and
// rests must not recurse without end on the extra mode).
use cute::{layout, tiler, zipped_divide};

fn main() {
    let _ = zipped_divide(layout!((4,8):(1,4)), tiler!(<2,2,2>));
}
