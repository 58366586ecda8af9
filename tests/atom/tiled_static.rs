//! The static `TiledMMA` (`cute::atom::make_tiled_mma` on static layouts, every layout computed
//! by the trait solver) against the dynamic engine's `TiledMma` for the same atom, atom layout
//! and permutation: the threads and the three TV layouts are the same layouts, and the tile the
//! same shape. (The dynamic engine's are checked against the definition in `tiled_mma.rs`.)

use cute::atom::*;
use cute::tensor::UniversalFma;
use cute::{layout, Tiler};

macro_rules! same_as_dynamic {
    ($($atom:ident, $al:tt, $perm:tt, $al_text:literal, $perm_text:literal;)*) => {$({
        let s = make_tiled_mma($atom, layout!$al, <Tiler!$perm>::default());
        let d = cute::dynamic::TiledMma::new(
            mma_atom(<$atom as MmaTraits>::NAME).unwrap(),
            &$al_text.parse().unwrap(),
            &$perm_text.parse().unwrap(),
        )
        .unwrap();
        let what = format!("{}", d);
        assert_eq!(s.thr_layout_vmnk().to_dynamic(), *d.thr_layout_vmnk(), "{}: threads", what);
        assert_eq!(cute::mixed::ShowTuple(&s.tile_size_mnk()).to_string().replace('_', ""), d.tile_size_mnk().unwrap().to_string(), "{}: tile", what);
        assert_eq!(s.layout_a_tv().to_dynamic(), d.layout_a_tv().unwrap(), "{}: A", what);
        assert_eq!(s.layout_b_tv().to_dynamic(), d.layout_b_tv().unwrap(), "{}: B", what);
        assert_eq!(s.layout_c_tv().to_dynamic(), d.layout_c_tv().unwrap(), "{}: C", what);
    })*};
}

#[test]
fn static_tiled_mmas_are_the_dynamic_engines() {
    same_as_dynamic! {
        SM80_16x8x16_F32F16F16F32_TN, ((1,1,1):(0,0,0)), [<_,_,_>], "(1,1,1):(0,0,0)", "<_,_,_>";
        SM80_16x8x16_F32F16F16F32_TN, ((2,2,1):(1,2,0)), [<_,_,_>], "(2,2,1):(1,2,0)", "<_,_,_>";
        SM80_16x8x16_F32F16F16F32_TN, ((2,2,1):(2,1,0)), [<_,_,_>], "(2,2,1):(2,1,0)", "<_,_,_>";
        SM80_16x8x16_F32F16F16F32_TN, ((2,2,1):(1,2,0)), [<32,32,16>], "(2,2,1):(1,2,0)", "<32,32,16>";
        SM80_16x8x16_F32F16F16F32_TN, ((2,2,1):(1,2,0)), [<64,_,32>], "(2,2,1):(1,2,0)", "<64,_,32>";
        SM80_16x8x16_F16F16F16F16_TN, ((4,1,1):(1,0,0)), [<_,16,_>], "(4,1,1):(1,0,0)", "<_,16,_>";
        // A permutation by a layout: N's 16 columns taken two atoms' columns interleaved.
        SM80_16x8x8_F32TF32TF32F32_TN, ((1,2,1):(0,1,0)), [<_,(2,8):(8,1),_>], "(1,2,1):(0,1,0)", "<_,(2,8):(8,1),_>";
        SM80_16x8x8_F32BF16BF16F32_TN, ((2,1,1):(1,0,0)), [<(8,4):(4,1),_,_>], "(2,1,1):(1,0,0)", "<(8,4):(4,1),_,_>";
        SM80_16x8x32_S32S8S8S32_TN, ((1,2,1):(0,1,0)), [<_,_,_>], "(1,2,1):(0,1,0)", "<_,_,_>";
        SM80_8x8x4_F64F64F64F64_TN, ((2,2,1):(1,2,0)), [<_,_,_>], "(2,2,1):(1,2,0)", "<_,_,_>";
        SM75_16x8x8_F32F16F16F32_TN, ((1,1,1):(0,0,0)), [<32,16,_>], "(1,1,1):(0,0,0)", "<32,16,_>";
        SM90_64x16x16_F32F16F16_RS, ((2,1,1):(1,0,0)), [<_,_,_>], "(2,1,1):(1,0,0)", "<_,_,_>";
        SM90_64x8x16_F16F16F16_SS, ((1,2,1):(0,1,0)), [<_,_,_>], "(1,2,1):(0,1,0)", "<_,_,_>";
        UniversalFma, ((8,8,1):(1,8,0)), [<_,_,_>], "(8,8,1):(1,8,0)", "<_,_,_>";
    }
}
