// A basis index is an unsigned integer below 1024.
fn main() {
    let _ = cute::layout!((4,8):(1@0,1@x));
}
