//! `cute::atom::gemm(tiled_mma, A, B, C)` over every thread's fragments, and `get_slice`'s
//! thread views: a whole block GEMM written as a CuTe kernel writes it (each thread's partitions
//! of A, B and C loaded into its registers, `gemm`, the registers stored back through its C
//! partition) equals the reference GEMM, with the atoms laid out M-major and N-major and with
//! the tile permuted; the errors name what does not fit.

use cute::atom::*;
use cute::dynamic::{ErrorKind, Layout, TiledMma, Tiler};
use cute::half::f16;
use cute::tensor::make_tensor;

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

/// A small exact value at `i`: every product and sum is exact in f16 products and f32 sums.
fn value(i: usize, salt: usize) -> f32 {
    ((i * 7 + salt * 3) % 9) as f32 - 4.0
}

/// One block `C (M,N) += A (M,K) B (N,K)` by the tiled MMA of `Mma`'s atoms: each thread takes
/// its partitions (`get_slice(t).partition_a(...)`), copies them into registers laid out by
/// `partition_fragment_*`, runs `gemm` with the k-blocks sliced off one at a time (CuTe's
/// `gemm(mma, tCrA(_,_,k), tCrB(_,_,k), tCrC)`), and stores its C registers back.
fn block_gemm(mma: &TiledMma, [m, n, k]: [usize; 3]) -> Vec<f32> {
    type Mma = SM80_16x8x16_F32F16F16F32_TN;
    // A row-major (K contiguous), B row-major over (N,K), C column-major.
    let ga: Vec<f16> = (0..m * k).map(|i| f16::from_f32(value(i, 1))).collect();
    let gb: Vec<f16> = (0..n * k).map(|i| f16::from_f32(value(i, 2))).collect();
    let mut gc: Vec<f32> = (0..m * n).map(|i| value(i, 3)).collect();
    let (la, lb, lc) = (
        layout(&format!("({},{}):({},1)", m, k, k)),
        layout(&format!("({},{}):({},1)", n, k, k)),
        layout(&format!("({},{}):(1,{})", m, n, m)),
    );
    let (fa, fb, fc) = (
        mma.partition_fragment_a(&la).unwrap(),
        mma.partition_fragment_b(&lb).unwrap(),
        mma.partition_fragment_c(&lc).unwrap(),
    );
    let threads = mma.thr_layout_vmnk().cosize().unwrap() as usize;
    let size = |l: &Layout| l.size().unwrap() as usize;
    let mut ra = vec![vec![f16::ZERO; size(&fa)]; threads];
    let mut rb = vec![vec![f16::ZERO; size(&fb)]; threads];
    let mut rc = vec![vec![0f32; size(&fc)]; threads];
    for t in 0..threads {
        let thr = mma.get_slice(t as i64).unwrap();
        let pa = thr.partition_a(make_tensor(&ga[..], la.clone()).unwrap()).unwrap();
        let pb = thr.partition_b(make_tensor(&gb[..], lb.clone()).unwrap()).unwrap();
        let pc = thr.partition_c(make_tensor(&gc[..], lc.clone()).unwrap()).unwrap();
        let copy_in = |part: Vec<_>, regs: &mut Vec<_>, frag: &Layout| {
            for (i, x) in part.into_iter().enumerate() {
                regs[frag.call(i as i64).unwrap() as usize] = x;
            }
        };
        copy_in(pa.iter().copied().collect(), &mut ra[t], &fa);
        copy_in(pb.iter().copied().collect(), &mut rb[t], &fb);
        for (i, x) in pc.iter().enumerate() {
            rc[t][fc.call(i as i64).unwrap() as usize] = *x;
        }
    }
    let k_blocks = fa.mode(2).unwrap().size().unwrap();
    for kb in 0..k_blocks {
        let at = |s: &str| s.replace("KB", &kb.to_string()).parse().unwrap();
        let a: Vec<_> =
            ra.iter().map(|r| make_tensor(&r[..], fa.clone()).unwrap().slice(&at("(_,_,KB)")).unwrap()).collect();
        let b: Vec<_> =
            rb.iter().map(|r| make_tensor(&r[..], fb.clone()).unwrap().slice(&at("(_,_,KB)")).unwrap()).collect();
        let mut c: Vec<_> = rc.iter_mut().map(|r| make_tensor(&mut r[..], fc.clone()).unwrap()).collect();
        gemm::<Mma, _, _, _>(mma, &a, &b, &mut c).unwrap();
    }
    for (t, regs) in rc.iter().enumerate() {
        let thr = mma.get_slice(t as i64).unwrap();
        let mut pc = thr.partition_c(make_tensor(&mut gc[..], lc.clone()).unwrap()).unwrap();
        for i in 0..pc.size() {
            *pc.get_mut(i).unwrap() = regs[fc.call(i as i64).unwrap() as usize];
        }
    }
    gc
}

/// The reference: `C(m,n) + sum_k A(m,k) B(n,k)`, k in order, in f32.
fn reference([m, n, k]: [usize; 3]) -> Vec<f32> {
    (0..m * n)
        .map(|i| {
            let (mi, ni) = (i % m, i / m);
            (0..k).fold(value(i, 3), |acc, kk| acc + value(mi * k + kk, 1) * value(ni * k + kk, 2))
        })
        .collect()
}

fn tiled(atom_layout: &str, permutation: Tiler) -> TiledMma {
    TiledMma::new(mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(), &layout(atom_layout), &permutation).unwrap()
}

#[test]
fn a_block_gemm_by_every_threads_fragments_is_the_reference() {
    let cases = [
        // 2 x 2 atoms M-major (thread 32 is the atom at m = 1), one tile.
        (tiled("(2,2,1):(1,2,0)", Tiler::Tuple(vec![])), [32, 16, 16]),
        // N-major (thread 32 is the atom at n = 1), the tile repeated over 64 x 32 x 48.
        (tiled("(2,2,1):(2,1,0)", Tiler::Tuple(vec![])), [64, 32, 48]),
        // The tutorial's: permuted to 32 x 32 x 16, repeated over 64 x 64 x 32.
        (tiled("(2,2,1):(1,2,0)", "<32,32,16>".parse().unwrap()), [64, 64, 32]),
    ];
    for (mma, mnk) in cases {
        assert_eq!(block_gemm(&mma, mnk), reference(mnk), "{} on {:?}", mma, mnk);
    }
}

#[test]
fn gemm_errors_name_what_does_not_fit() {
    let mma = tiled("(2,1,1):(1,0,0)", Tiler::Tuple(vec![]));
    let (fa, fb, fc) =
        (layout("((2,2,2),1,1):((1,2,4),0,0)"), layout("((2,2),1,1):((1,2),0,0)"), layout("((2,2),1,1):((1,2),0,0)"));
    let (ra, rb) = (vec![vec![f16::ZERO; 8]; 64], vec![vec![f16::ZERO; 4]; 64]);
    let mut rc = vec![vec![0f32; 4]; 64];
    let a: Vec<_> = ra.iter().map(|r| make_tensor(&r[..], fa.clone()).unwrap()).collect();
    let b: Vec<_> = rb.iter().map(|r| make_tensor(&r[..], fb.clone()).unwrap()).collect();
    let check = |result: Result<(), cute::dynamic::Error>, kind: ErrorKind, message: &str| {
        let e = result.unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (kind, message.to_string()));
    };
    {
        let mut c: Vec<_> = rc.iter_mut().map(|r| make_tensor(&mut r[..], fc.clone()).unwrap()).collect();
        gemm::<SM80_16x8x16_F32F16F16F32_TN, _, _, _>(&mma, &a, &b, &mut c).unwrap();
        check(
            gemm::<SM80_16x8x16_F32F16F16F32_TN, _, _, _>(&mma, &a[..32], &b, &mut c),
            ErrorKind::InvalidArgument,
            "invalid argument: gemm: 32 fragments of A, 64 of B and 64 of C; the tiled MMA's threads are 0..64",
        );
        let f16_mma = TiledMma::new(
            mma_atom("SM80_16x8x16_F16F16F16F16_TN").unwrap(),
            &layout("(2,1,1):(1,0,0)"),
            &Tiler::Tuple(vec![]),
        )
        .unwrap();
        check(
            gemm::<SM80_16x8x16_F32F16F16F32_TN, _, _, _>(&f16_mma, &a, &b, &mut c),
            ErrorKind::InvalidArgument,
            "invalid argument: gemm: the tiled MMA's atom is SM80_16x8x16_F16F16F16F16_TN, not SM80_16x8x16_F32F16F16F32_TN",
        );
        // The instruction's name on an atom whose C layout is not the instruction's.
        let mut forged = mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap();
        forged.layout_c = layout("((4,8),(2,2)):((16,1),(8,64))");
        let forged = TiledMma::new(forged, &layout("(2,1,1):(1,0,0)"), &Tiler::Tuple(vec![])).unwrap();
        check(
            gemm::<SM80_16x8x16_F32F16F16F32_TN, _, _, _>(&forged, &a, &b, &mut c),
            ErrorKind::InvalidArgument,
            "invalid argument: gemm: the tiled MMA's atom is named SM80_16x8x16_F32F16F16F32_TN but its shape, threads or thread-value layouts are not the instruction's",
        );
        // A with B's value mode.
        let short: Vec<_> = rb.iter().map(|r| make_tensor(&r[..], fb.clone()).unwrap()).collect();
        check(
            gemm::<SM80_16x8x16_F32F16F16F32_TN, _, _, _>(&mma, &short, &b, &mut c),
            ErrorKind::InvalidArgument,
            "invalid argument: gemm: A's value mode in ((2,2),1,1):((1,2),0,0) has 4 values; the atom's thread holds 8",
        );
        let flat: Vec<_> = ra.iter().map(|r| make_tensor(&r[..], layout("8:1")).unwrap()).collect();
        check(
            gemm::<SM80_16x8x16_F32F16F16F32_TN, _, _, _>(&mma, &flat, &b, &mut c),
            ErrorKind::RankMismatch,
            "rank mismatch: gemm: fragments of ranks (1, 3, 3) (8:1, ((2,2),1,1):((1,2),0,0), ((2,2),1,1):((1,2),0,0)); a tiled MMA takes (V,M) x (V,N) => (V,M,N) or (V,M,K) x (V,N,K) => (V,M,N)",
        );
    }
    // A thread's C not (V,M,N) of its A and B.
    let mut odd: Vec<_> = rc.iter_mut().map(|r| make_tensor(&mut r[..], fc.clone()).unwrap()).collect();
    let mut spare = [0f32; 8];
    odd[0] = make_tensor(&mut spare[..], layout("((2,2),1,2):((1,2),0,4)")).unwrap();
    check(
        gemm::<SM80_16x8x16_F32F16F16F32_TN, _, _, _>(&mma, &a, &b, &mut odd),
        ErrorKind::InvalidArgument,
        "invalid argument: gemm: C ((2,2),1,2):((1,2),0,4) is not (V,M,N) of A ((2,2,2),1,1):((1,2,4),0,0) (M = 1) and B ((2,2),1,1):((1,2),0,0) (N = 1)",
    );
    // One thread's fragments shaped apart from thread 0's: two M blocks.
    let (wide_a, wide_c) = ([f16::ZERO; 16], [0f32; 8]);
    let mut a2: Vec<_> = ra.iter().map(|r| make_tensor(&r[..], fa.clone()).unwrap()).collect();
    a2[40] = make_tensor(&wide_a[..], layout("((2,2,2),2,1):((1,2,4),8,0)")).unwrap();
    let mut wide_c = wide_c;
    let mut c2: Vec<_> = rc.iter_mut().map(|r| make_tensor(&mut r[..], fc.clone()).unwrap()).collect();
    c2[40] = make_tensor(&mut wide_c[..], layout("((2,2),2,1):((1,2),4,0)")).unwrap();
    check(
        gemm::<SM80_16x8x16_F32F16F16F32_TN, _, _, _>(&mma, &a2, &b, &mut c2),
        ErrorKind::InvalidArgument,
        "invalid argument: gemm: thread 40's fragments ((2,2,2),2,1):((1,2,4),8,0), ((2,2),1,1):((1,2),0,0) and ((2,2),2,1):((1,2),4,0) are not shaped as thread 0's, ((2,2,2),1,1):((1,2,4),0,0), ((2,2),1,1):((1,2),0,0) and ((2,2),1,1):((1,2),0,0)",
    );
    // Atoms along K: no C fragment.
    let split = TiledMma::new(
        mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(),
        &layout("(1,1,2):(0,0,1)"),
        &Tiler::Tuple(vec![]),
    )
    .unwrap();
    let mut c: Vec<_> = rc.iter_mut().map(|r| make_tensor(&mut r[..], fc.clone()).unwrap()).collect();
    check(
        gemm::<SM80_16x8x16_F32F16F16F32_TN, _, _, _>(&split, &a, &b, &mut c),
        ErrorKind::RankMismatch,
        "rank mismatch: gemm: the atom layout (1,1,2):(0,0,1) splits K among 2 atoms; C's fragment is defined for one",
    );
}

#[test]
fn get_slice_refuses_what_is_not_a_thread() {
    let mma = tiled("(2,2,1):(1,2,0)", Tiler::Tuple(vec![]));
    let e = mma.get_slice(128).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IndexOutOfRange);
    assert!(e.to_string().contains("128 is not a thread of the tiled MMA"), "{}", e);
    let copy = cute::dynamic::TiledCopy::make(
        copy_atom("UniversalCopy<uint32_t>").unwrap(),
        32,
        &layout("(4,2):(1,4)"),
        &layout("1:0"),
    )
    .unwrap();
    let e = copy.get_slice(-1).unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string()),
        (
            ErrorKind::IndexOutOfRange,
            "index out of range: get_slice: thread -1 is not below the 8 threads of the tiled copy".to_string()
        )
    );
}
