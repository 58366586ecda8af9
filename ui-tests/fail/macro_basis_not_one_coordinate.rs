// `1@0` makes entry 0 of the coordinate an integer, `1@0@0` a tuple.
fn main() {
    let _ = cute::layout!((4,8):(1@0,1@0@0));
}
