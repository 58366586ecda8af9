// A profile of three modes for a layout of two.
use cute::statics::coalesce_profile;
use cute::{layout, tiler};

fn main() {
    let _ = coalesce_profile(layout!((2,4):(1,2)), tiler!((1,1,1)));
}
