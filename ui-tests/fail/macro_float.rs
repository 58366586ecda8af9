// `4.0` is not an integer.
fn main() {
    let _ = cute::layout!(4.0:1);
}
