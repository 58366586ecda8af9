// Thread and value layouts whose raked product is not a bijection of the tile onto the
// (thread, value) indices have no TV layout: two values of a thread share an offset here, and
// the TV layout CuTe computes would reach outside its tile. A compile error names both.
use cute::layout;
use cute::tensor::make_layout_tv;

fn main() {
    let _ = make_layout_tv(layout!((4,2):(2,1)), layout!((2,2):(0,1)));
    let _ = make_layout_tv(layout!((4,4):(0,0)), layout!((2,2):(1,2)));
}
