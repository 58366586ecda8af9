// A layout is not a shape.
fn main() {
    let _ = cute::shape!(4:1);
}
