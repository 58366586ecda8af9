//! The static `TiledMMA` (`cute::atom::make_tiled_mma` on static layouts, every layout computed
//! by the trait solver) against the dynamic engine's `TiledMma` for the same atom, atom layout
//! and permutation: the threads and the three TV layouts are the same layouts, and the tile the
//! same shape. (The dynamic engine's are checked against the definition in `tiled_mma.rs`.)

use cute::atom::*;
use cute::tensor::make_tensor;
use cute::tensor::UniversalFma;
use cute::{layout, Tiler};

/// The dynamic engine's tiled MMA of the atom named `name`, the atom layout and permutation
/// written as text: the reference each static one is compared with.
pub(super) fn dynamic_mma(name: &str, atom_layout: &str, permutation: &str) -> cute::dynamic::TiledMma {
    cute::dynamic::TiledMma::new(mma_atom(name).unwrap(), &atom_layout.parse().unwrap(), &permutation.parse().unwrap())
        .unwrap()
}

macro_rules! same_as_dynamic {
    ($($atom:ident, $al:tt, $perm:tt, $al_text:literal, $perm_text:literal;)*) => {$({
        let s = make_tiled_mma($atom, layout!$al, <Tiler!$perm>::default());
        let d = dynamic_mma(<$atom as MmaTraits>::NAME, $al_text, $perm_text);
        let what = format!("{}", d);
        assert_eq!(s.to_dynamic().unwrap(), d, "{}: to_dynamic", what);
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

/// Every thread's static partitions of the A, B and C tensors (`get_slice(t).partition_a(..)`
/// on static layouts) are the dynamic engine's partitions: the same layout, and each value the
/// element at the same offset.
macro_rules! partitions_as_dynamic {
    ($($atom:ident, $al:tt, $perm:tt, $al_text:literal, $perm_text:literal, a $a:tt, b $b:tt, c $c:tt;)*) => {$({
        let s = make_tiled_mma($atom, layout!$al, <Tiler!$perm>::default());
        let d = dynamic_mma(<$atom as MmaTraits>::NAME, $al_text, $perm_text);
        let threads = d.size().unwrap();
        for (operand, l) in [("A", layout!$a.to_dynamic()), ("B", layout!$b.to_dynamic()), ("C", layout!$c.to_dynamic())] {
            let data: Vec<i64> = (0..l.cosize().unwrap()).collect();
            for t in 0..threads {
                let (want, offset) = match operand {
                    "A" => d.partition_a(&l, t),
                    "B" => d.partition_b(&l, t),
                    _ => d.partition_c(&l, t),
                }
                .unwrap();
                let slice = s.get_slice(t as usize);
                let (got, values): (cute::dynamic::Layout, Vec<i64>) = match operand {
                    "A" => {
                        let p = slice.partition_a(make_tensor(&data[..], layout!$a).unwrap()).unwrap();
                        (p.layout().to_dynamic(), (0..p.size()).map(|i| *p.get(i).unwrap()).collect())
                    }
                    "B" => {
                        let p = slice.partition_b(make_tensor(&data[..], layout!$b).unwrap()).unwrap();
                        (p.layout().to_dynamic(), (0..p.size()).map(|i| *p.get(i).unwrap()).collect())
                    }
                    _ => {
                        let p = slice.partition_c(make_tensor(&data[..], layout!$c).unwrap()).unwrap();
                        (p.layout().to_dynamic(), (0..p.size()).map(|i| *p.get(i).unwrap()).collect())
                    }
                };
                assert_eq!(got, want, "{} {}: thread {}", d, operand, t);
                let expected: Vec<i64> = (0..want.size().unwrap()).map(|i| offset + want.call(i).unwrap()).collect();
                assert_eq!(values, expected, "{} {}: thread {}'s values", d, operand, t);
            }
        }
        // The register fragments (CuTe's partition_fragment_A/B/C), the same for every thread.
        let data: Vec<i64> = (0..[layout!$a.to_dynamic(), layout!$b.to_dynamic(), layout!$c.to_dynamic()].iter().map(|l| l.cosize().unwrap()).max().unwrap()).collect();
        let slice = s.get_slice(1);
        let fa = slice.partition_fragment_a::<f32, _>(&make_tensor(&data[..], layout!$a).unwrap()).layout().to_dynamic();
        let fb = slice.partition_fragment_b::<f32, _>(&make_tensor(&data[..], layout!$b).unwrap()).layout().to_dynamic();
        let fc = slice.partition_fragment_c::<f32, _>(&make_tensor(&data[..], layout!$c).unwrap()).layout().to_dynamic();
        assert_eq!(fa, d.partition_fragment_a(&layout!$a.to_dynamic()).unwrap(), "{}: A's fragment", d);
        assert_eq!(fb, d.partition_fragment_b(&layout!$b.to_dynamic()).unwrap(), "{}: B's fragment", d);
        assert_eq!(fc, d.partition_fragment_c(&layout!$c.to_dynamic()).unwrap(), "{}: C's fragment", d);
        // One thread past the last.
        let e = s.get_slice(threads as usize).partition_c(make_tensor(&data[..], layout!$c).unwrap()).unwrap_err();
        assert_eq!(e.kind(), cute::error::ErrorKind::IndexOutOfRange);
    })*};
}

#[test]
fn static_partitions_are_the_dynamic_engines() {
    partitions_as_dynamic! {
        SM80_16x8x16_F32F16F16F32_TN, ((2,2,1):(1,2,0)), [<_,_,_>], "(2,2,1):(1,2,0)", "<_,_,_>",
            a ((64,32):(1,64)), b ((32,32):(32,1)), c ((64,32):(1,64));
        SM80_16x8x16_F32F16F16F32_TN, ((2,2,1):(1,2,0)), [<32,32,16>], "(2,2,1):(1,2,0)", "<32,32,16>",
            a ((64,32):(32,1)), b ((64,32):(1,64)), c ((64,64):(64,1));
        SM80_16x8x8_F32TF32TF32F32_TN, ((1,2,1):(0,1,0)), [<_,(2,8):(8,1),_>], "(1,2,1):(0,1,0)", "<_,(2,8):(8,1),_>",
            a ((16,16):(16,1)), b ((32,8):(1,32)), c ((32,32):(1,32));
        SM90_64x16x16_F32F16F16_RS, ((2,1,1):(1,0,0)), [<_,_,_>], "(2,1,1):(1,0,0)", "<_,_,_>",
            a ((128,16):(16,1)), b ((16,16):(1,16)), c ((128,16):(1,128));
        // Tensors padded past the tile (a leading dimension of 40).
        SM80_16x8x16_F16F16F16F16_TN, ((2,1,1):(1,0,0)), [<_,_,_>], "(2,1,1):(1,0,0)", "<_,_,_>",
            a ((32,32):(1,40)), b ((16,32):(40,1)), c ((32,16):(1,40));
        UniversalFma, ((8,8,1):(1,8,0)), [<_,_,_>], "(8,8,1):(1,8,0)", "<_,_,_>",
            a ((16,4):(1,16)), b ((16,4):(4,1)), c ((16,16):(1,16));
        // Modes past the operand's two (k-tiles, batches) follow the thread's values.
        SM80_16x8x16_F32F16F16F32_TN, ((2,2,1):(1,2,0)), [<_,_,_>], "(2,2,1):(1,2,0)", "<_,_,_>",
            a ((32,16,4):(1,32,512)), b ((32,16,4):(16,1,512)), c ((32,32,2):(32,1,1024));
        UniversalFma, ((8,8,1):(1,8,0)), [<_,_,_>], "(8,8,1):(1,8,0)", "<_,_,_>",
            a ((16,4,2,3):(1,16,64,128)), b ((16,4,(2,3)):(4,1,(64,128))), c ((16,16,3):(1,16,256));
    }
}

/// A block GEMM written as a CuTe kernel on static layouts: every thread partitions the shared
/// tiles (`partition_a/b/c`), copies its parts into register fragments
/// (`partition_fragment_a/b/c`), the tiled MMA's `gemm` runs every atom over them, and each
/// thread writes its accumulators back; C equals the reference product (small integers, exact
/// in f16 and f32).
#[test]
fn a_static_block_gemm_is_the_reference() {
    use cute::half::f16;
    use cute::tensor::copy;
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<_,_,_>]>::default());
    // A 64 x 32 x 32 block: A M-major, B K-major (row-major (N,K)), C M-major.
    let (m, n, k) = (64usize, 32usize, 32usize);
    let av: Vec<f16> = (0..m * k).map(|i| f16::from_f32(((i * 7) % 5) as f32 - 2.0)).collect();
    let bv: Vec<f16> = (0..n * k).map(|i| f16::from_f32(((i * 3) % 7) as f32 - 3.0)).collect();
    let mut cv = vec![0f32; m * n];
    let sa = make_tensor(&av[..], layout!((64,32):(1,64))).unwrap();
    let sb = make_tensor(&bv[..], layout!((32,32):(32,1))).unwrap();
    let threads = 128;
    let mut fa: Vec<_> = (0..threads).map(|t| mma.get_slice(t).partition_fragment_a::<f16, _>(&sa)).collect();
    let mut fb: Vec<_> = (0..threads).map(|t| mma.get_slice(t).partition_fragment_b::<f16, _>(&sb)).collect();
    for t in 0..threads {
        copy(
            &mma.get_slice(t).partition_a(make_tensor(&av[..], layout!((64,32):(1,64))).unwrap()).unwrap(),
            &mut fa[t],
        )
        .unwrap();
        copy(
            &mma.get_slice(t).partition_b(make_tensor(&bv[..], layout!((32,32):(32,1))).unwrap()).unwrap(),
            &mut fb[t],
        )
        .unwrap();
    }
    let sc = make_tensor(&cv[..], layout!((64,32):(1,64))).unwrap();
    let mut fc: Vec<_> = (0..threads).map(|t| mma.get_slice(t).partition_fragment_c::<f32, _>(&sc)).collect();
    {
        let (a, b): (Vec<_>, Vec<_>) = (fa.iter().map(|f| f.view()).collect(), fb.iter().map(|f| f.view()).collect());
        let mut c: Vec<_> = fc.iter_mut().map(|f| f.view_mut()).collect();
        mma.gemm(&a, &b, &mut c).unwrap();
    }
    for (t, f) in fc.iter().enumerate() {
        let mut part =
            mma.get_slice(t).partition_c(make_tensor(&mut cv[..], layout!((64,32):(1,64))).unwrap()).unwrap();
        copy(f, &mut part).unwrap();
    }
    for mm in 0..m {
        for nn in 0..n {
            let want: f32 = (0..k).map(|kk| av[mm + m * kk].to_f32() * bv[nn * k + kk].to_f32()).sum();
            assert_eq!(cv[mm + m * nn], want, "C({}, {})", mm, nn);
        }
    }
}

/// A tensor that is not a whole number of tiles: a thread whose part reaches past the data gets
/// an error naming the partition (the tensor is checked, as every view is; CuTe leaves such a
/// part to predication), and a thread whose part fits gets it.
#[test]
fn a_part_past_the_data_is_an_error_of_the_partition() {
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
    let data: Vec<i64> = (0..24 * 16).collect();
    let e = mma.get_slice(3).partition_a(make_tensor(&data[..], layout!((24,16):(1,24))).unwrap()).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::IndexOutOfRange);
    assert_eq!(
        e.to_string(),
        "index out of range: partition_A: the layout's offsets 0..=240 from element 144 reach outside the 384 elements of the data"
    );
    // The second M block's rows 24 + groupID are past the 24 rows; with a leading dimension of
    // 24 they alias row groupID of the next column, inside the data, except in the last column
    // (k = 15), which the lanes with threadID_in_group 3 hold: those 8 threads are refused.
    let refused: Vec<usize> = (0..32)
        .filter(|&t| mma.get_slice(t).partition_a(make_tensor(&data[..], layout!((24,16):(1,24))).unwrap()).is_err())
        .collect();
    assert_eq!(refused, (0..32).filter(|t| t % 4 == 3).collect::<Vec<_>>());
}
