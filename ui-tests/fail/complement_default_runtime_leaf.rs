// CuTe defines the one-argument complement (cotarget: the layout's cosize) for static layouts
// only: a runtime leaf is a compile error naming it.
use cute::{complement_default, layout};

fn main() {
    let m = 8i64;
    let _ = complement_default(layout!((4,{m}):(1,8)).unwrap());
}
