// A shape extent must be positive; the error points at `-2`.
fn main() {
    let _ = cute::shape!((4,-2));
}
