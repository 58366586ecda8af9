// A mixed layout whose leaves are all static: the composition's conditions are the crate
// root's verdicts, which `cargo check` reports at this line, as on the static face.
use cute::mixed::{composition, Layout};
use cute::typenum::consts::{P2, P3, P4, P5, P6, P8};
use cute::hlist;

fn main() {
    let a = Layout::try_new(hlist![P4::new(), P6::new(), P8::new()], hlist![P2::new(), P3::new(), P5::new()]).unwrap();
    let b = Layout::try_new(P6::new(), P3::new()).unwrap();
    let _ = composition(a, b);
}
