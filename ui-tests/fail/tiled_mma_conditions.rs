// A static TiledMMA the algebra refuses is a compile error at make_tiled_mma naming the
// condition: atoms along K (C's TV layout is not defined), threads that are not 0..size (one
// Volta atom leaves lanes 4..16 idle), a permutation entry that is not a bijection, and a tile
// that is not a whole number of the atoms' footprint.
use cute::atom::{make_tiled_mma, SM70_8x8x4_F32F16F16F32_TN, SM80_16x8x8_F16F16F16F16_TN};
use cute::{layout, Tiler};

fn main() {
    let _ = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((1,1,2):(0,0,1)), <Tiler![<_,_,_>]>::default());
    let _ = make_tiled_mma(SM70_8x8x4_F32F16F16F32_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
    let _ = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((1,1,1):(0,0,0)), <Tiler![<(8,2):(2,2),_,_>]>::default());
    let _ = make_tiled_mma(SM80_16x8x8_F16F16F16F16_TN, layout!((2,1,1):(1,0,0)), <Tiler![<48,_,_>]>::default());
}
