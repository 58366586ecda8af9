// Along e0 the strides 2 and 3: 3 is not a multiple of 2, so no left inverse reads the entry.
fn main() {
    let _ = cute::layout!((4,8):(2@0,3@0)).left_inverse();
}
