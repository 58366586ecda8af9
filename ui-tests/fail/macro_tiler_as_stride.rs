// `<...>` is a tiler, not a stride.
fn main() {
    let _ = cute::layout!((4,8):<1,4>);
}
