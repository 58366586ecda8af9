// The stride's `(` is never closed: rustc's lexer reports it before the macro runs.
fn main() {
    let _ = cute::layout!((4,8):(1,4);
}
