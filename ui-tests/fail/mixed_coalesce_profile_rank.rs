// coalesce by a profile with more modes than the layout is a compile error.
use cute::typenum::consts::P1;
use cute::{coalesce_profile, hlist, layout};

fn main() {
    let m = 6i64;
    let a = layout!((4,{m}):(1,4)).unwrap();
    let _ = coalesce_profile(a, hlist![P1::new(), P1::new(), P1::new()]);
}
