// downcast needs a stride known at compile time to be 1: a runtime 1 does not count (CuTe's
// has_int1), so this is a compile error.
use cute::typenum::consts::P2;
use cute::{downcast, layout};

fn main() {
    let (m, one) = (6i64, 1i64);
    let l = layout!((4,{m}):({one},4)).unwrap();
    let _ = downcast::<P2, _>(l);
}
