// tile_to_shape: a block with more modes than the target is a compile error.
use cute::hlist;
use cute::mixed::{tile_to_shape, Layout};
use cute::typenum::consts::{P1, P2, P8};

fn main() {
    let atom = Layout::try_new(hlist![P8::new(), P2::new()], hlist![P2::new(), P1::new()]).unwrap();
    let _ = tile_to_shape(atom, hlist![24i64]);
}
