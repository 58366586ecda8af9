// A layout type written by hand whose stride is not congruent with its shape.
use cute::{Layout, Shape, Stride};

fn main() {
    let _ = Layout::<Shape![(4,8)], Stride![1]>::new();
}
