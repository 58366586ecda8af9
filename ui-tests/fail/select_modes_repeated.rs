// `select_modes` and `group_modes` return a layout unchecked, so they take each mode at most
// once (`select!` calls the checked `try_select_modes` for a repeated index): a mode listed
// twice, or before the end `E` and again in the group, is a build error.
use cute::{layout, HCons, HNil, Mode};

fn main() {
    let a = layout!(({1i64 << 32}):(1)).unwrap();
    let _ = a.select_modes::<HCons<Mode<0>, HCons<Mode<0>, HNil>>>();
    let _ = a.group_modes::<HCons<Mode<0>, HNil>, HCons<Mode<0>, HNil>, 0>();
}
