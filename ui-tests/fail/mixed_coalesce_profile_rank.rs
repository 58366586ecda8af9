// coalesce by a profile with more modes than the layout is a compile error.
use cute::hlist;
use cute::mixed::{coalesce_profile, Layout};
use cute::typenum::consts::{P1, P4};

fn main() {
    let a = Layout::try_new(hlist![P4::new(), 6i64], hlist![P1::new(), P4::new()]).unwrap();
    let _ = coalesce_profile(a, hlist![P1::new(), P1::new(), P1::new()]);
}
