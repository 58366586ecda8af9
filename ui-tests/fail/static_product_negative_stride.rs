// logical_product(A, B) needs complement(A, ...): A has a negative stride.
use cute::{layout, logical_product};

fn main() {
    let _ = logical_product(layout!(4:-1), layout!(2:1));
}
