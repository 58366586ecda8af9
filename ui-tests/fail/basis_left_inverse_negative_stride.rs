// A negative stride along e1 has no left inverse.
fn main() {
    let _ = cute::layout!((4,8):(1@0,-1@1)).left_inverse();
}
