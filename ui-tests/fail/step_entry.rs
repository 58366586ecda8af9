// A projection's entry is 1 or _: another one is an error naming it, at the macro.
fn main() {
    let _ = cute::step!((1, 2, 1));
}
