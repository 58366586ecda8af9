// A static layout written by hand whose offsets do not fit in i64: `Layout::new` fails the
// build, naming it (its cosize is 2^64).
use cute::{Layout, Shape, Stride};

fn main() {
    let l = Layout::<Shape![(4294967296, 4294967296)], Stride![(1, 4294967296)]>::new();
    let _ = l.call(5);
}
