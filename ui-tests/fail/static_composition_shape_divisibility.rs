// B = 6:1 walks 6 elements of A's first mode, of shape 4: 6 is not a multiple of 4, so B's
// mode cannot be split along A's modes.
use cute::{composition, layout};

fn main() {
    let _ = composition(layout!((4,6):(1,5)), layout!(6:1));
}
