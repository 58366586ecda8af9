// CuTe sorts a complement's modes by stride when the code is built: with a runtime stride the
// layout must be a single mode after the filter. A negative static stride on a mode of runtime
// size has no complement either (CuTe would compute shapes that are not positive), nor has a
// layout whose static leaves alone put a stride inside the span of the smaller modes (`_2`
// inside `_4`: CuTe's compile-time "Non-injective Layout").
use cute::{complement, layout, shape};

fn main() {
    let (m, d) = (6i64, 4i64);
    let _ = complement(layout!((4,{m}):(1,{d})).unwrap(), shape!(64));
    let _ = complement(layout!((4,{m}):(1,-4)).unwrap(), shape!(64));
    let _ = complement(layout!((4,{m}):(1,2)).unwrap(), shape!(64));
    // The checked runtime form reports the same condition, and only it.
    let _ = cute::mixed::complement(layout!((4,{m}):(1,{d})).unwrap(), 64i64);
}
