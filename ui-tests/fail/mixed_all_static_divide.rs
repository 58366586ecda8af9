// A divide of a mixed layout whose leaves are all static, by a static tile, is checked by
// `cargo check`: here A o (B, B*) is not admissible.
use cute::hlist;
use cute::mixed::logical_divide;
use cute::typenum::consts::{P1, P2, P3, P4, P5, P6};
use cute::Layout;

fn main() {
    let a = Layout::try_new(hlist![P4::new(), P6::new()], hlist![P1::new(), P5::new()]).unwrap();
    let _ = logical_divide(a, Layout::<P3, P2>::new());
}
