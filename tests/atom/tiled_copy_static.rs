//! The static `TiledCopy` (`cute::atom::make_tiled_copy` on static layouts, every layout computed
//! by the trait solver) against the dynamic engine's `TiledCopy::make` for the same atom, element
//! width, thread and value layouts: the tiled TV layout, the tile and the source and destination
//! TV layouts are the same. (The dynamic engine's are checked against CuTe's definition in
//! `tiled_copy.rs`.)

use super::tiled_static::dynamic_mma;
use cute::atom::*;
use cute::half::f16;
use cute::tensor::make_tensor;
use cute::{layout, Tiler};

/// The static copy `s` has the dynamic copy `d`'s TV layout, tile and source and destination
/// TV layouts.
macro_rules! assert_same_layouts {
    ($s:expr, $d:expr, $what:expr) => {
        assert_eq!($s.layout_tv().to_dynamic(), *$d.layout_tv(), "{}: TV", $what);
        assert_eq!(
            cute::mixed::ShowTuple(&$s.tiler_mn()).to_string().replace('_', ""),
            $d.tiler().to_string(),
            "{}: tile",
            $what
        );
        assert_eq!($s.layout_src_tv().to_dynamic(), $d.layout_src_tv().unwrap(), "{}: source", $what);
        assert_eq!($s.layout_dst_tv().to_dynamic(), $d.layout_dst_tv().unwrap(), "{}: destination", $what);
    };
}

macro_rules! same_as_dynamic {
    ($($atom:expr, $name:expr, $t:ty, $bits:literal, $thr:tt, $val:tt, $thr_text:literal, $val_text:literal;)*) => {$({
        let s = make_tiled_copy::<$t, _, _, _>($atom, layout!$thr, layout!$val);
        let d = cute::dynamic::TiledCopy::make(
            copy_atom($name).unwrap(),
            $bits,
            &$thr_text.parse().unwrap(),
            &$val_text.parse().unwrap(),
        )
        .unwrap();
        let what = format!("{}", d);
        assert_same_layouts!(s, d, what);
    })*};
}

#[test]
fn static_tiled_copies_are_the_dynamic_engines() {
    same_as_dynamic! {
        // ldmatrix: each thread one row address (8 halves), x1, x2, x4 and the transposes.
        SM75_U32x4_LDSM_N, "SM75_U32x4_LDSM_N", f16, 16, ((16,2):(2,1)), ((1,8):(1,1)), "(16,2):(2,1)", "(1,8):(1,1)";
        SM75_U32x4_LDSM_N, "SM75_U32x4_LDSM_N", f16, 16, ((32,1):(1,0)), ((1,8):(1,1)), "(32,1):(1,0)", "(1,8):(1,1)";
        SM75_U32x4_LDSM_N, "SM75_U32x4_LDSM_N", f16, 16, ((32,4):(1,32)), ((1,8):(1,1)), "(32,4):(1,32)", "(1,8):(1,1)";
        SM75_U32x2_LDSM_N, "SM75_U32x2_LDSM_N", f16, 16, ((16,2):(2,1)), ((1,4):(1,1)), "(16,2):(2,1)", "(1,4):(1,1)";
        SM75_U32x1_LDSM_N, "SM75_U32x1_LDSM_N", f16, 16, ((8,4):(4,1)), ((1,2):(1,1)), "(8,4):(4,1)", "(1,2):(1,1)";
        SM75_U16x8_LDSM_T, "SM75_U16x8_LDSM_T", f16, 16, ((4,8):(8,1)), ((8,1):(1,1)), "(4,8):(8,1)", "(8,1):(1,1)";
        SM75_U16x4_LDSM_T, "SM75_U16x4_LDSM_T", f16, 16, ((4,8):(1,4)), ((4,1):(1,1)), "(4,8):(1,4)", "(4,1):(1,1)";
        // stmatrix.
        SM90_U32x4_STSM_N, "SM90_U32x4_STSM_N", f16, 16, ((16,2):(2,1)), ((1,8):(1,1)), "(16,2):(2,1)", "(1,8):(1,1)";
        SM90_U16x8_STSM_T, "SM90_U16x8_STSM_T", f16, 16, ((4,8):(8,1)), ((8,1):(1,1)), "(4,8):(8,1)", "(8,1):(1,1)";
        // cp.async of 16, 8 and 4 bytes.
        SM80_CP_ASYNC_CACHEGLOBAL::<u128>::default(), "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", f16, 16, ((16,8):(8,1)), ((1,8):(1,1)), "(16,8):(8,1)", "(1,8):(1,1)";
        SM80_CP_ASYNC_CACHEALWAYS::<u128>::default(), "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", f32, 32, ((32,4):(1,32)), ((4,1):(1,1)), "(32,4):(1,32)", "(4,1):(1,1)";
        SM80_CP_ASYNC_CACHEALWAYS::<u64>::default(), "SM80_CP_ASYNC_CACHEALWAYS<uint64_t>", f32, 32, ((8,16):(16,1)), ((1,2):(1,1)), "(8,16):(16,1)", "(1,2):(1,1)";
        SM80_CP_ASYNC_CACHEALWAYS::<u32>::default(), "SM80_CP_ASYNC_CACHEALWAYS<uint32_t>", u32, 32, ((32,8):(1,32)), (1:0), "(32,8):(1,32)", "1:0";
        // Universal copies, vectors of 1 to 16 bytes, values repeated past one vector.
        UniversalCopy::<u32>::default(), "UniversalCopy<uint32_t>", f32, 32, ((8,4):(4,1)), ((2,1):(1,1)), "(8,4):(4,1)", "(2,1):(1,1)";
        UniversalCopy::<u32>::default(), "UniversalCopy<uint32_t>", u32, 32, ((4,2):(1,4)), (1:0), "(4,2):(1,4)", "1:0";
        UniversalCopy::<u64>::default(), "UniversalCopy<uint64_t>", f16, 16, ((8,8):(8,1)), ((1,4):(1,1)), "(8,8):(8,1)", "(1,4):(1,1)";
        UniversalCopy::<u128>::default(), "UniversalCopy<uint128_t>", u8, 8, ((16,4):(4,1)), ((2,16):(16,1)), "(16,4):(4,1)", "(2,16):(16,1)";
        UniversalCopy::<u16>::default(), "UniversalCopy<uint16_t>", u8, 8, ((4,4):(1,4)), ((2,2):(1,2)), "(4,4):(1,4)", "(2,2):(1,2)";
        UniversalCopy::<u8>::default(), "UniversalCopy<uint8_t>", u8, 8, ((32,2):(2,1)), ((2,3):(1,2)), "(32,2):(2,1)", "(2,3):(1,2)";
    }
}

macro_rules! operand_copy_same_as_dynamic {
    ($({$mma_atom:ident, $al:tt, $perm:tt, $al_text:literal, $perm_text:literal => $($make:ident / $for_mma:ident: $atom:expr, $name:expr, $t:ty, $bits:literal;)*})*) => {$({
        let mma = make_tiled_mma($mma_atom, layout!$al, <Tiler!$perm>::default());
        let d_mma = dynamic_mma(<$mma_atom as MmaTraits>::NAME, $al_text, $perm_text);
        $(
            let s = $make::<$t, _, _>($atom, mma);
            let d = cute::dynamic::TiledCopy::$for_mma(copy_atom($name).unwrap(), $bits, &d_mma).unwrap();
            let what = format!("{} of {}", d, d_mma);
            assert_same_layouts!(s, d, what);
        )*
    })*};
}

#[test]
fn static_copies_of_a_tiled_mmas_operands_are_the_dynamic_engines() {
    operand_copy_same_as_dynamic! {
        {SM80_16x8x16_F32F16F16F32_TN, ((2,2,1):(1,2,0)), (<_,_,_>), "(2,2,1):(1,2,0)", "<_,_,_>" =>
            make_tiled_copy_a / for_mma_a: SM75_U32x4_LDSM_N, "SM75_U32x4_LDSM_N", f16, 16;
            make_tiled_copy_b / for_mma_b: SM75_U32x2_LDSM_N, "SM75_U32x2_LDSM_N", f16, 16;
            make_tiled_copy_c / for_mma_c: UniversalCopy::<u32>::default(), "UniversalCopy<uint32_t>", f32, 32;}
        {SM80_16x8x16_F32F16F16F32_TN, ((2,2,1):(1,2,0)), (<32,32,16>), "(2,2,1):(1,2,0)", "<32,32,16>" =>
            make_tiled_copy_a / for_mma_a: SM75_U32x4_LDSM_N, "SM75_U32x4_LDSM_N", f16, 16;
            make_tiled_copy_b / for_mma_b: SM75_U32x4_LDSM_N, "SM75_U32x4_LDSM_N", f16, 16;
            make_tiled_copy_c / for_mma_c: UniversalCopy::<u64>::default(), "UniversalCopy<uint64_t>", f32, 32;}
        {SM80_16x8x8_F32TF32TF32F32_TN, ((1,2,1):(0,1,0)), (<_,_,_>), "(1,2,1):(0,1,0)", "<_,_,_>" =>
            make_tiled_copy_a / for_mma_a: UniversalCopy::<u32>::default(), "UniversalCopy<uint32_t>", f32, 32;
            make_tiled_copy_b / for_mma_b: UniversalCopy::<u32>::default(), "UniversalCopy<uint32_t>", f32, 32;}
        {SM80_16x8x16_F16F16F16F16_TN, ((2,1,1):(1,0,0)), (<_,_,_>), "(2,1,1):(1,0,0)", "<_,_,_>" =>
            make_tiled_copy_a / for_mma_a: SM75_U16x8_LDSM_T, "SM75_U16x8_LDSM_T", f16, 16;
            make_tiled_copy_c / for_mma_c: SM90_U32x2_STSM_N, "SM90_U32x2_STSM_N", f16, 16;}
    }
}

/// Every thread's static partitions of a source and a destination tensor
/// (`get_slice(t).partition_s(..)` on static layouts) are the dynamic engine's: the same layout,
/// and each value the element at the same offset.
macro_rules! copy_partitions_as_dynamic {
    ($($atom:expr, $name:expr, $t:ty, $bits:literal, $thr:tt, $val:tt, $thr_text:literal, $val_text:literal, s $s:tt, d $d:tt;)*) => {$({
        let copy = make_tiled_copy::<$t, _, _, _>($atom, layout!$thr, layout!$val);
        let dy = cute::dynamic::TiledCopy::make(copy_atom($name).unwrap(), $bits, &$thr_text.parse().unwrap(), &$val_text.parse().unwrap()).unwrap();
        let threads = dy.size().unwrap();
        let (sl, dl) = (layout!$s.to_dynamic(), layout!$d.to_dynamic());
        let (sdata, ddata): (Vec<i64>, Vec<i64>) = ((0..sl.cosize().unwrap()).collect(), (0..dl.cosize().unwrap()).collect());
        for t in 0..threads {
            let slice = copy.get_slice(t as usize);
            for (side, (want, offset), (got, values)) in [
                ("source", dy.partition_s(&sl, t).unwrap(), {
                    let p = slice.partition_s(make_tensor(&sdata[..], layout!$s).unwrap()).unwrap();
                    (p.layout().to_dynamic(), (0..p.size()).map(|i| *p.get(i).unwrap()).collect::<Vec<_>>())
                }),
                ("destination", dy.partition_d(&dl, t).unwrap(), {
                    let p = slice.partition_d(make_tensor(&ddata[..], layout!$d).unwrap()).unwrap();
                    (p.layout().to_dynamic(), (0..p.size()).map(|i| *p.get(i).unwrap()).collect::<Vec<_>>())
                }),
            ] {
                assert_eq!(got, want, "{} {}: thread {}", dy, side, t);
                let expected: Vec<i64> = (0..want.size().unwrap()).map(|i| offset + want.call(i).unwrap()).collect();
                assert_eq!(values, expected, "{} {}: thread {}'s values", dy, side, t);
            }
        }
        let e = copy.get_slice(threads as usize).partition_s(make_tensor(&sdata[..], layout!$s).unwrap()).unwrap_err();
        assert_eq!(e.kind(), cute::error::ErrorKind::IndexOutOfRange);
    })*};
}

#[test]
fn static_copy_partitions_are_the_dynamic_engines() {
    copy_partitions_as_dynamic! {
        // Shared memory (row-major, 64 halves a row) to registers by ldmatrix.
        SM75_U32x4_LDSM_N, "SM75_U32x4_LDSM_N", f16, 16, ((16,2):(2,1)), ((1,8):(1,1)), "(16,2):(2,1)", "(1,8):(1,1)",
            s ((32,64):(64,1)), d ((32,64):(1,32));
        // Global to shared by cp.async, 8 halves a vector, two tiles along each mode.
        SM80_CP_ASYNC_CACHEGLOBAL::<u128>::default(), "SM80_CP_ASYNC_CACHEGLOBAL<uint128_t>", f16, 16, ((16,8):(8,1)), ((1,8):(1,1)), "(16,8):(8,1)", "(1,8):(1,1)",
            s ((32,128):(128,1)), d ((32,128):(128,1));
        // Column-major to row-major by 4-byte copies, a leading dimension of 20.
        UniversalCopy::<u32>::default(), "UniversalCopy<uint32_t>", f32, 32, ((8,4):(4,1)), ((2,1):(1,1)), "(8,4):(4,1)", "(2,1):(1,1)",
            s ((16,8):(1,20)), d ((16,8):(8,1));
        SM90_U32x2_STSM_N, "SM90_U32x2_STSM_N", f16, 16, ((16,2):(2,1)), ((1,4):(1,1)), "(16,2):(2,1)", "(1,4):(1,1)",
            s ((16,16):(1,16)), d ((16,16):(16,1));
        // A pipeline of 3 shared-memory stages: the stage mode follows the thread's values.
        SM80_CP_ASYNC_CACHEALWAYS::<u128>::default(), "SM80_CP_ASYNC_CACHEALWAYS<uint128_t>", f16, 16, ((32,4):(4,1)), ((1,8):(1,1)), "(32,4):(4,1)", "(1,8):(1,1)",
            s ((64,32,2):(40,1,2560)), d ((64,32,3):(32,1,2048));
    }
}

/// A thread's register fragment retiled by a static copy (`get_slice(t).retile_d(..)`, CuTe's
/// `retile_D`) has the dynamic engine's `TiledCopy::retile` layout, over the same elements.
macro_rules! retile_as_dynamic {
    ($s:expr, $d:expr, $frag:expr) => {{
        let frag = $frag;
        let want = $d.retile(&frag.layout().to_dynamic()).unwrap();
        let mut frag = frag;
        let base = frag.base();
        let view = $s.get_slice(3).retile_d(frag.view_mut()).unwrap();
        assert_eq!(view.layout().to_dynamic(), want, "retile of {} by {}", view.layout(), $d);
        assert_eq!(view.base(), base);
        let s_view = $s.get_slice(0).retile_s(frag.view()).unwrap();
        assert_eq!(s_view.layout().to_dynamic(), want);
    }};
}

#[test]
fn static_retiles_are_the_dynamic_engines() {
    use cute::tensor::make_tensor_array;
    // The MMA's fragments of A and B (one and two k-tiles), in the ldmatrix copies' order.
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<32,32,16>]>::default());
    let d_mma = dynamic_mma("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "<32,32,16>");
    let smem = vec![f16::ZERO; 64 * 32 * 3];
    let a_copy = make_tiled_copy_a::<f16, _, _>(SM75_U32x4_LDSM_N, mma);
    let a_dyn = cute::dynamic::TiledCopy::for_mma_a(copy_atom("SM75_U32x4_LDSM_N").unwrap(), 16, &d_mma).unwrap();
    let b_copy = make_tiled_copy_b::<f16, _, _>(SM75_U32x2_LDSM_N, mma);
    let b_dyn = cute::dynamic::TiledCopy::for_mma_b(copy_atom("SM75_U32x2_LDSM_N").unwrap(), 16, &d_mma).unwrap();
    let slice = mma.get_slice(3);
    retile_as_dynamic!(
        a_copy,
        a_dyn,
        slice.partition_fragment_a::<f16, _>(&make_tensor(&smem[..], layout!((64,32):(32,1))).unwrap())
    );
    retile_as_dynamic!(
        a_copy,
        a_dyn,
        slice.partition_fragment_a::<f16, _>(&make_tensor(&smem[..], layout!((32,64):(1,32))).unwrap())
    );
    retile_as_dynamic!(
        b_copy,
        b_dyn,
        slice.partition_fragment_b::<f16, _>(&make_tensor(&smem[..], layout!((64,32):(32,1))).unwrap())
    );
    retile_as_dynamic!(
        b_copy,
        b_dyn,
        slice.partition_fragment_b::<f16, _>(&make_tensor(&smem[..], layout!((64,32,2):(32,1,2048))).unwrap())
    );
    // The accumulators stored by 4-byte copies (the epilogue).
    let c_copy = make_tiled_copy_c::<f32, _, _>(UniversalCopy::<u32>::default(), mma);
    let c_dyn = cute::dynamic::TiledCopy::for_mma_c(copy_atom("UniversalCopy<uint32_t>").unwrap(), 32, &d_mma).unwrap();
    let cdata = vec![0f32; 64 * 64];
    retile_as_dynamic!(
        c_copy,
        c_dyn,
        slice.partition_fragment_c::<f32, _>(&make_tensor(&cdata[..], layout!((64,64):(1,64))).unwrap())
    );
    // Thread/value copies of fragments of other shapes.
    let copy =
        make_tiled_copy::<u32, _, _, _>(UniversalCopy::<u32>::default(), layout!((4,2):(1,4)), layout!((2,1):(1,1)));
    let dy = cute::dynamic::TiledCopy::make(
        copy_atom("UniversalCopy<uint32_t>").unwrap(),
        32,
        &"(4,2):(1,4)".parse().unwrap(),
        &"(2,1):(1,1)".parse().unwrap(),
    )
    .unwrap();
    retile_as_dynamic!(copy, dy, make_tensor_array::<u32, _>(layout!((2,2,2):(1,2,4))));
    retile_as_dynamic!(copy, dy, make_tensor_array::<u32, _>(layout!((2,3,2):(1,2,6))));
    // A thread's 8 values in the order (m0, n, m1) of its 4 x 2 block: a fragment of one value a
    // block is reordered by the inverse of that order (a 3-cycle, not its own inverse).
    let copy = make_tiled_copy::<f32, _, _, _>(
        UniversalCopy::<u32>::default(),
        layout!((4,2):(1,4)),
        layout!(((2,2),2):((2,4),1)),
    );
    let dy = cute::dynamic::TiledCopy::make(
        copy_atom("UniversalCopy<uint32_t>").unwrap(),
        32,
        &"(4,2):(1,4)".parse().unwrap(),
        &"((2,2),2):((2,4),1)".parse().unwrap(),
    )
    .unwrap();
    retile_as_dynamic!(copy, dy, make_tensor_array::<f32, _>(layout!((1,4,2):(1,1,4))));
    // A fragment that is not of the copy's blocks (2 values, then 2 x 2, where the thread holds
    // 4 x 2 blocks) is retiled past its 8 elements (CuTe's layout too): refused, not read.
    let mut frag = make_tensor_array::<f32, _>(layout!((2,2,2):(1,2,4)));
    let e = copy.get_slice(0).retile_d(frag.view_mut()).unwrap_err();
    assert_eq!(e.kind(), cute::error::ErrorKind::IndexOutOfRange);
    assert_eq!(e.to_string(), "index out of range: retile_D: the layout's offsets 0..=11 from element 0 reach outside the 8 elements of the data");
    let copy =
        make_tiled_copy::<f16, _, _, _>(UniversalCopy::<u64>::default(), layout!((8,8):(8,1)), layout!((1,4):(1,1)));
    let dy = cute::dynamic::TiledCopy::make(
        copy_atom("UniversalCopy<uint64_t>").unwrap(),
        16,
        &"(8,8):(8,1)".parse().unwrap(),
        &"(1,4):(1,1)".parse().unwrap(),
    )
    .unwrap();
    retile_as_dynamic!(copy, dy, make_tensor_array::<f16, _>(layout!((8,2,3):(1,8,16))));
}

/// A swizzled shared-memory tensor (`Sw<2,3,3> o 0 o (64,32,3):(32,1,2048)`, three stages) is
/// partitioned as its inner layout, the swizzle applied after: every thread's value `i` is the
/// element `Sw(offset + L(i))` of the dynamic engine's partition `offset o L` of the inner
/// layout, for the cp.async copy's destination, the ldmatrix copy's source and the MMA's A.
#[test]
fn swizzled_partitions_apply_the_swizzle_after_the_inner_partition() {
    use cute::swizzle::{Sw, Swizzle};
    use cute::typenum::{P2, P3};
    use cute::ComposedLayout;
    let inner = layout!((64,32,3):(32,1,2048));
    let sw = Swizzle::new(2, 3, 3).unwrap();
    let data: Vec<i64> = (0..64 * 32 * 3).collect();
    let smem = || make_tensor(&data[..], ComposedLayout::new(Sw::<P2, P3, P3>::new(), 0, inner).unwrap()).unwrap();
    let check = |what: &str, t: i64, (want, offset): (cute::dynamic::Layout, i64), got: Vec<i64>, shown: String| {
        let expected: Vec<i64> = (0..want.size().unwrap()).map(|i| sw.apply(offset + want.call(i).unwrap())).collect();
        assert_eq!(got, expected, "{} thread {}", what, t);
        assert_eq!(shown, format!("Sw<2,3,3> o {} o {}", offset, want), "{} thread {}", what, t);
    };
    let g2s = make_tiled_copy::<f16, _, _, _>(
        SM80_CP_ASYNC_CACHEALWAYS::<u128>::default(),
        layout!((32,4):(4,1)),
        layout!((1,8):(1,1)),
    );
    let g2s_dyn = cute::dynamic::TiledCopy::make(
        copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>").unwrap(),
        16,
        &"(32,4):(4,1)".parse().unwrap(),
        &"(1,8):(1,1)".parse().unwrap(),
    )
    .unwrap();
    let mma = make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<32,32,16>]>::default());
    let d_mma = dynamic_mma("SM80_16x8x16_F32F16F16F32_TN", "(2,2,1):(1,2,0)", "<32,32,16>");
    let s2r = make_tiled_copy_a::<f16, _, _>(SM75_U32x4_LDSM_N, mma);
    let s2r_dyn = cute::dynamic::TiledCopy::for_mma_a(copy_atom("SM75_U32x4_LDSM_N").unwrap(), 16, &d_mma).unwrap();
    let l = inner.to_dynamic();
    for t in 0..128 {
        let p = g2s.get_slice(t as usize).partition_d(smem()).unwrap();
        check(
            "cp.async destination",
            t,
            g2s_dyn.partition_d(&l, t).unwrap(),
            p.iter().copied().collect(),
            p.layout().to_string().replace('_', ""),
        );
        let p = s2r.get_slice(t as usize).partition_s(smem()).unwrap();
        check(
            "ldmatrix source",
            t,
            s2r_dyn.partition_s(&l, t).unwrap(),
            p.iter().copied().collect(),
            p.layout().to_string().replace('_', ""),
        );
        let p = mma.get_slice(t as usize).partition_a(smem()).unwrap();
        check(
            "MMA A",
            t,
            d_mma.partition_a(&l, t).unwrap(),
            p.iter().copied().collect(),
            p.layout().to_string().replace('_', ""),
        );
    }
}

/// A universal copy run on the CPU (CuTe's `copy(tiled_copy, src, dst)`): every thread's
/// partitions copied move the whole tile, each atom's values as one vector; misaligned vectors
/// and parts of different sizes are errors.
#[test]
fn universal_copies_move_every_threads_vectors() {
    use cute::tensor::make_tensor_array;
    // 32 threads of 8 halves (one 16-byte vector) of a row, a 32 x 32 tile; column-major to
    // a padded column-major destination.
    let copy =
        make_tiled_copy::<f16, _, _, _>(UniversalCopy::<u128>::default(), layout!((4,8):(1,4)), layout!((8,1):(1,1)));
    let src: Vec<f16> = (0..32 * 32).map(|i| f16::from_f32(i as f32)).collect();
    let mut dst = vec![f16::ZERO; 40 * 32];
    for t in 0..32 {
        let thr = copy.get_slice(t);
        let s = thr.partition_s(make_tensor(&src[..], layout!((32,32):(1,32))).unwrap()).unwrap();
        let mut d = thr.partition_d(make_tensor(&mut dst[..], layout!((32,32):(1,40))).unwrap()).unwrap();
        copy.copy(&s, &mut d).unwrap();
    }
    for (m, n) in (0..32).flat_map(|m| (0..32).map(move |n| (m, n))) {
        assert_eq!(dst[m + 40 * n], src[m + 32 * n], "({}, {})", m, n);
    }
    // Columns 33 halves apart: thread 4's column 1 starts at element 33, not 16-byte aligned.
    let thr = copy.get_slice(4);
    let s = thr.partition_s(make_tensor(&src[..], layout!((32,32):(1,32))).unwrap()).unwrap();
    let mut d = thr.partition_d(make_tensor(&mut dst[..], layout!((32,32):(1,33))).unwrap()).unwrap();
    let e = copy.copy(&s, &mut d).unwrap_err();
    assert_eq!(e.kind(), cute::dynamic::ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: copy: the dst vector at element 33 (2 bytes each) is not aligned to the atom's 16 bytes"
    );
    // Registers of another size.
    let s = copy.get_slice(0).partition_s(make_tensor(&src[..], layout!((32,32):(1,32))).unwrap()).unwrap();
    let mut r = make_tensor_array::<f16, _>(layout!(((8,1),1,2):((1,0),0,8)));
    let e = copy.copy(&s, &mut r.view_mut()).unwrap_err();
    assert_eq!(e.to_string(), "invalid argument: copy: the parts' sizes 32 and 16 differ");
}
