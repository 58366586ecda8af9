// In a value, a runtime leaf needs its expression: `{}` is the form for types.
fn main() {
    let _ = cute::layout!((4,{}):(1,4));
}
