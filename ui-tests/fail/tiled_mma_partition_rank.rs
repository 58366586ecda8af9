// A static MMA partition takes an operand's two modes (and perhaps k-tiles after them): a
// tensor of one mode is refused by its shape, in a message naming the rank mismatch.
use cute::atom::{make_tiled_mma, SM80_16x8x16_F32F16F16F32_TN};
use cute::tensor::make_tensor;
use cute::{layout, Tiler};

fn main() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
    let data = [0i64; 1024];
    let a = make_tensor(&data[..], layout!(1024:1)).unwrap();
    let _ = mma.get_slice(5).partition_a(a);
}
