// logical_divide(A, B) composes A with (B, complement(B, size(A))): B is not injective, which
// `cargo check` reports at this line.
use cute::{layout, logical_divide};

fn main() {
    let _ = logical_divide(layout!(8:1), layout!((2,2):(1,1)));
}
