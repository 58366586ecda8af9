// The order of compact strides is `LayoutLeft` or `LayoutRight`.
fn main() {
    let _ = cute::layout!((4,8), RowMajor);
}
