// CuTe defines left_inverse only for static layouts (its complement needs static strides): a
// runtime leaf is a compile error.
use cute::hlist;
use cute::mixed::{left_inverse, Layout};
use cute::typenum::consts::{P1, P4};

fn main() {
    let l = Layout::try_new(hlist![P4::new(), 8i64], hlist![P1::new(), P4::new()]).unwrap();
    let _ = left_inverse(l);
}
