// Stride 3 and the factor 16 do not divide one another.
use cute::{layout, upcast, Shape};

fn main() {
    let _ = upcast::<Shape![16], _>(layout!(4:3));
}
