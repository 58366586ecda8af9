// The tiler's `<` is never closed.
fn main() {
    let _ = cute::tiler!(<4:1,8);
}
