// A universal copy moves each atom's values as one vector: a destination that puts a thread's
// two floats 4 apart (row-major) cannot take one 8-byte store, a compile error naming it.
use cute::atom::{make_tiled_copy, UniversalCopy};
use cute::layout;
use cute::tensor::make_tensor;

fn main() {
    let copy = make_tiled_copy::<f32, _, _, _>(UniversalCopy::<u64>::default(), layout!((8,1):(1,0)), layout!((2,1):(1,1)));
    let (src, mut dst) = (vec![0f32; 64], vec![0f32; 64]);
    let thr = copy.get_slice(0);
    let s = thr.partition_s(make_tensor(&src[..], layout!((16,4):(1,16))).unwrap()).unwrap();
    let mut d = thr.partition_d(make_tensor(&mut dst[..], layout!((16,4):(4,1))).unwrap()).unwrap();
    let _ = copy.copy(&s, &mut d);
}
