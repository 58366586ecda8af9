// Both modes of B reach A's first mode, their digits adding up past its shape: A o B would
// not be a layout (CuTe C++ returns a wrong one, CUTLASS #2955).
use cute::{composition, layout};

fn main() {
    let _ = composition(layout!((2,2):(1,3)), layout!((2,2):(1,1)));
}
