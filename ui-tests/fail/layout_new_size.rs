// A static layout whose offsets fit but whose size does not (stride-0 modes): `Layout::new`
// fails the build, naming it, so that `size()` never wraps.
use cute::{Layout, Shape, Stride};

fn main() {
    let l = Layout::<Shape![(4294967296, 4294967296)], Stride![(0, 0)]>::new();
    let _ = l.size();
}
