// A coordinate of (4,8) has two modes (or is one integer): three is a rank mismatch.
use cute::{crd2idx, hlist, shape};

fn main() {
    let _ = crd2idx(hlist![1usize, 2usize, 3usize], shape!((4, 8)));
}
