// recast<16, 32> of 16-bit elements: the upcast by 2 is exact on the runtime stride, but its
// downcast step needs a stride known at compile time to be 1, which a runtime 1 is not.
use cute::typenum::{P16, P8};
use cute::{layout, recast};

fn main() {
    let (m, one) = (6i64, 1i64);
    let l = layout!((4,{m}):({one},4)).unwrap();
    let _ = recast::<P16, P8, _>(l);
}
