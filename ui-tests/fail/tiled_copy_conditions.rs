// A static TiledCopy the algebra refuses is a compile error at make_tiled_copy (or
// make_tiled_copy_a/b/c) naming the condition: values that are not whole atom copies, an atom
// that does not move whole elements of the copy's type, thread and value layouts whose raked
// product is not one to one, and an MMA's fragment that is not whole atom copies.
use cute::atom::{
    make_tiled_copy, make_tiled_copy_c, make_tiled_mma, SM75_U16x8_LDSM_T, SM75_U32x4_LDSM_N,
    SM80_16x8x16_F16F16F16F16_TN, SM90_U32x4_STSM_N, UniversalCopy,
};
use cute::{layout, Tiler};

fn main() {
    // ldmatrix.x4 moves 8 halves per thread: 4 values are half an atom.
    let _ = make_tiled_copy::<cute::half::f16, _, _, _>(SM75_U32x4_LDSM_N, layout!((32,1):(1,0)), layout!((1,4):(1,1)));
    // ldmatrix.trans moves 16-bit elements: no thread holds whole 32-bit ones.
    let _ = make_tiled_copy::<f32, _, _, _>(SM75_U16x8_LDSM_T, layout!((32,1):(1,0)), layout!((4,1):(1,1)));
    // Two threads at one coordinate of the thread tile.
    let _ = make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,1)), layout!(1:0));
    // Each thread holds 4 halves of C; stmatrix.x4 stores 8 per thread.
    let mma = make_tiled_mma(SM80_16x8x16_F16F16F16F16_TN, layout!((2,1,1):(1,0,0)), <Tiler![<_,_,_>]>::default());
    let _ = make_tiled_copy_c::<cute::half::f16, _, _>(SM90_U32x4_STSM_N, mma);
}
