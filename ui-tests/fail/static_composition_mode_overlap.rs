// Both modes of B reach A's first mode: A o B would not be a layout (cute-rs's exact check).
use cute::{composition, layout};

fn main() {
    let _ = composition(layout!((2,2):(1,3)), layout!((2,2):(1,1)));
}
