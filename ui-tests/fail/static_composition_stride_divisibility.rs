// CuTe C++ returns (2,3):(6,3) here, which is not A o B: B's stride 3 does not divide A's first
// mode 4, so the composition does not exist.
use cute::{composition, layout};

fn main() {
    let _ = composition(layout!((4,6,8):(2,3,5)), layout!(6:3));
}
