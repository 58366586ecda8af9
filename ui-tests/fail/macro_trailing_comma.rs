// A tuple ends with a comma: an element is missing before `)`.
fn main() {
    let _ = cute::shape!((4,8,));
}
