// downcast needs a stride known at compile time to be 1: a runtime 1 does not count (CuTe's
// has_int1), so this is a compile error.
use cute::hlist;
use cute::mixed::{downcast, Layout};
use cute::typenum::consts::{P2, P4};

fn main() {
    let l = Layout::try_new(hlist![P4::new(), 6i64], hlist![1i64, P4::new()]).unwrap();
    let _ = downcast::<P2, _, _>(l);
}
