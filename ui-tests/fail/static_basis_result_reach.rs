// A static result with basis strides is checked as `Layout::new_basis` checks a layout: its
// coordinates fit in i64. 4:2^61@0 composed with 8:1, past A's domain as CuTe allows, reaches
// 7 * 2^61 along @0: a build error, where its evaluation wrapped.
use cute::{composition, layout};

fn main() {
    let a = layout!(4:2305843009213693952@0);
    let _ = composition(a, layout!(8:1));
}
