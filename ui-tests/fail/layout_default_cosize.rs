// A static layout written by hand whose offsets do not fit in i64: its `Default` value, like
// `Layout::new`, fails the build, naming it, rather than evaluating to wrapped offsets.
use cute::{Layout, Shape, Stride};

fn main() {
    let l = Layout::<Shape![(4294967296, 4294967296)], Stride![(1, 4294967296)]>::default();
    let _ = l.call(usize::MAX);
}
