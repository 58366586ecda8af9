// `_` is a tiler entry, not a shape extent.
fn main() {
    let _ = cute::layout!((4,_):(1,4));
}
