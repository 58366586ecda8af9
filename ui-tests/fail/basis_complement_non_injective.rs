// Along e0 the strides 1 (4 steps, spanning 4) and 6: 6 is not a multiple of 4.
fn main() {
    let _ = cute::layout!((4,2):(1@0,6@0)).complement();
}
