// A divide complements its tile: a tile with a runtime leaf and more than one mode has no
// complement CuTe computes (it sorts the modes by stride at compile time). The same for a
// layout with basis strides.
use cute::{layout, logical_divide, make_identity_layout, shape, zipped_divide};

fn main() {
    let m = 4i64;
    let _ = zipped_divide(layout!(64:1), layout!((2,{m}):(1,2)).unwrap());
    let id = make_identity_layout(shape!(({m}, 8))).unwrap();
    let _ = logical_divide(id, layout!((2,{m}):(1,2)).unwrap());
}
