// Along e0, 4 steps of 1 reach the stride 2 of the next leaf: the leaves overlap.
fn main() {
    let _ = cute::layout!((4,8):(1@0,2@0)).left_inverse();
}
