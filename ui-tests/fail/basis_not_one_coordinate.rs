// Strides made by hand that do not make one coordinate: entry 0 is an integer for `1@0` and a
// tuple for `1@0@0`, so the layout has no coordinate type; making it is the compile error.
use cute::basis::{Basis, E};
use cute::typenum::U0;
use cute::{hlist, HCons, HNil, Layout};

fn main() {
    type E0 = HCons<U0, HNil>;
    type E00 = HCons<U0, HCons<U0, HNil>>;
    let _ = Layout::try_new_basis(hlist![4i64, 8i64], Basis::new(hlist![E::<E0>::default(), E::<E00>::default()]));
}
