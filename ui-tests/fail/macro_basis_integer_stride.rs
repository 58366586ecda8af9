// Among basis strides a nonzero integer would add an offset to a coordinate.
fn main() {
    let _ = cute::layout!((4,8):(1@0,4));
}
