// The identity layout of a static shape is a static layout: its size must fit in i64 (here
// 2^32 * 2^32 * 4 = 2^66).
fn main() {
    let _ = cute::make_identity_layout(cute::shape!((4294967296, 4294967296, 4)));
}
