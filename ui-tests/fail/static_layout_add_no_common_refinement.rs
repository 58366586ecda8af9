// layout_add(A, B) needs one split of the index that both layouts are linear on: (2,3) and
// (3,2) split 6 differently, so no layout equals A + B.
use cute::{layout, layout_add};

fn main() {
    let _ = layout_add(layout!((2,3):(1,5)), layout!((3,2):(1,7)));
}
