// A projection with fewer modes than the tiler: the error says how to write one.
use cute::{coord, layout, shape, step, tensor::{make_tensor, Counting}};

fn main() {
    let a = make_tensor(Counting(64 * 32), layout!((64,32):(1,64))).unwrap();
    let _ = a.local_tile_proj(shape!((16,8,8)), coord!((2,1,_)), step!((1,_)));
}
