// The stride's second mode is a leaf where the shape has a tuple: the error points at `8`.
fn main() {
    let _ = cute::layout!((4,(3,2)):(2,8));
}
