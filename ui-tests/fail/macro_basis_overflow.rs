// Along e0 the entries reach 3 * 4611686018427387904, past i64::MAX.
fn main() {
    let _ = cute::layout!((4,8):(4611686018427387904@0,1@1));
}
