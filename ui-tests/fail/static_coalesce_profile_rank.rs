// A profile of three modes for a layout of two.
use cute::{coalesce_profile, layout, tiler};

fn main() {
    let _ = coalesce_profile(layout!((2,4):(1,2)), tiler!((1,1,1)));
}
