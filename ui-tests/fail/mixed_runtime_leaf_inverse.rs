// CuTe defines left_inverse only for static layouts (its complement needs static strides): a
// runtime leaf is a compile error.
use cute::{layout, left_inverse};

fn main() {
    let m = 8i64;
    let l = layout!((4,{m}):(1,4)).unwrap();
    let _ = left_inverse(l);
}
