// The tile 2:3 steps over A's first mode (shape 4) with a stride that is neither below it nor a
// multiple of it: CuTe's stride divisibility, which `cargo check` reports at this line.
use cute::{layout, logical_divide};

fn main() {
    let _ = logical_divide(layout!((4,6):(1,5)), layout!(2:3));
}
