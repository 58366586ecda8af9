// layout_add(A, B) adds two functions on the same domain: the sizes must be equal.
use cute::{layout, layout_add};

fn main() {
    let _ = layout_add(layout!(4:1), layout!((2,4):(1,2)));
}
