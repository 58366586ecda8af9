// A negative stride along e0 has no complement.
fn main() {
    let _ = cute::layout!((4,2):(-1@0,1@1)).complement();
}
