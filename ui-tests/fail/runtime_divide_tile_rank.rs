// A divide complements its tile: with a runtime leaf, cute-rs computes a complement only for a
// single leaf n:d (CuTe also for static strides with runtime extents). The same for a layout
// with basis strides.
use cute::{layout, logical_divide, make_identity_layout, shape, zipped_divide};

fn main() {
    let m = 4i64;
    let _ = zipped_divide(layout!(64:1), layout!((2,{m}):(1,2)).unwrap());
    let id = make_identity_layout(shape!(({m}, 8))).unwrap();
    let _ = logical_divide(id, layout!((2,{m}):(1,2)).unwrap());
}
