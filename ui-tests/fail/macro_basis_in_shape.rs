// A basis stride is not a shape extent.
fn main() {
    let _ = cute::layout!((4,1@0):(1,4));
}
