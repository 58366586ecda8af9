// Nothing to parse.
fn main() {
    let _ = cute::layout!();
}
