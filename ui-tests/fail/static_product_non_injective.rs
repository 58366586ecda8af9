// logical_product(A, B) places copies of A in A's complement: (2,2):(1,-2) is not injective in
// CuTe's complement (negative strides allowed), which `cargo check` reports at this line.
use cute::{layout, logical_product};

fn main() {
    let _ = logical_product(layout!((2,2):(1,-2)), layout!(3:1));
}
