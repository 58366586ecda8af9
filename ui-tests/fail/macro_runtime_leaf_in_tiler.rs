// Tilers take no runtime leaves, not even inside one of their layouts.
fn main() {
    let m = 8i64;
    let _ = cute::tiler!(<4,{m}>);
    let _ = cute::tiler!(<(8,{m}):(1,8)>);
}
