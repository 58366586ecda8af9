// recast<8, 16> upcasts by 2: the stride 3 neither divides nor is a multiple of 2, which `cargo
// check` reports at this line.
use cute::typenum::{P16, P8};
use cute::{layout, recast};

fn main() {
    let _ = recast::<P8, P16, _>(layout!((4,3):(1,3)));
}
