// A divide complements its tile: with a runtime leaf, the tile's strides must be static after
// the filter, or the tile a single mode (as in CuTe). The same for a layout with basis strides.
use cute::{layout, logical_divide, make_identity_layout, shape, zipped_divide};

fn main() {
    let (m, d) = (4i64, 2i64);
    let _ = zipped_divide(layout!(64:1), layout!((2,{m}):(1,{d})).unwrap());
    let id = make_identity_layout(shape!(({m}, 8))).unwrap();
    let _ = logical_divide(id, layout!((2,{m}):(1,{d})).unwrap());
}
