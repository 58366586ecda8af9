// CuTe sorts a complement's modes by stride when the code is built: with a runtime stride the
// layout must be a single mode after the filter. A negative static stride on a mode of runtime
// size has no complement either (CuTe would compute shapes that are not positive).
use cute::{complement, layout, shape};

fn main() {
    let (m, d) = (6i64, 4i64);
    let _ = complement(layout!((4,{m}):(1,{d})).unwrap(), shape!(64));
    let _ = complement(layout!((4,{m}):(1,-4)).unwrap(), shape!(64));
}
