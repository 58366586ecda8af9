// A runtime leaf is an i64: another integer type is converted in the braces (`{m as i64}`).
fn main() {
    let m = 8usize;
    let _ = cute::layout!((4,{m}):(1,4));
}
