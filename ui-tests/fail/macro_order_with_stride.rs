// A layout with a stride takes no order.
fn main() {
    let _ = cute::layout!((4,8):(1,4), LayoutRight);
}
