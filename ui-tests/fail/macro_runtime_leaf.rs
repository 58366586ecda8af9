// `{m}` would be a runtime leaf; static layouts only take integer literals for now.
fn main() {
    let m = 8;
    let _ = cute::layout!((4,{m}):(1,4));
}
