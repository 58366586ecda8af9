// `x` is not an integer.
fn main() {
    let _ = cute::layout!((4,x):(1,4));
}
