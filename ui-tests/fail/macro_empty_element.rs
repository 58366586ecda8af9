// A tuple element is missing between the commas.
fn main() {
    let _ = cute::layout!((4,,8):(1,4,32));
}
