// The stride has three modes where the shape has two: the error points at the stride.
fn main() {
    let _ = cute::layout!((4,8):(1,4,32));
}
