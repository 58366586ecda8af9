// No mode has stride 1: the elements are not adjacent, so they cannot be split.
use cute::{downcast, layout, Shape};

fn main() {
    let _ = downcast::<Shape![2], _>(layout!(4:2));
}
