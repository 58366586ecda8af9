// A tile size must be positive.
fn main() {
    let _ = cute::tiler!(<0,2>);
}
