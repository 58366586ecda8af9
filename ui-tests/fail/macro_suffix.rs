// Integers are written without a type suffix.
fn main() {
    let _ = cute::layout!(4u32:1);
}
