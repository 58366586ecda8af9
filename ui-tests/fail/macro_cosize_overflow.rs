// A static layout's offsets must fit in i64: (4,4):(2^62,2^62) reaches 6 * 2^62.
fn main() {
    let _ = cute::layout!((4,4):(4611686018427387904,4611686018427387904));
}
