//! The atoms executed on the CPU: each MMA's arithmetic on fragments against a direct GEMM of
//! its tiles; ldmatrix and stmatrix (from the ISA's text) against the tiled copies CuTe lays
//! out; and a 128-thread tile GEMM run as a kernel runs it: shared memory to registers by
//! ldmatrix at the row addresses the tiled copy gives each thread, the fragments in the MMA's
//! order by retile, one mma.sync per warp, and D written back through the C partitions.

use cute::atom::*;
use cute::dynamic::{ErrorKind, HTuple, Layout, TiledCopy, TiledMma, Tiler};
use cute::half::{bf16, f16};

fn layout(s: &str) -> Layout {
    s.parse().unwrap()
}

fn at(l: &Layout, t: usize, v: usize) -> usize {
    l.call_coord(&HTuple::Tuple(vec![HTuple::Leaf(t as i64), HTuple::Leaf(v as i64)])).unwrap() as usize
}

/// Each thread's fragment of a tile, by a TV layout.
fn fragments<T: Copy>(tv: &Layout, tile: &[T]) -> Vec<Vec<T>> {
    let (threads, values) =
        (tv.mode(0).unwrap().size().unwrap() as usize, tv.mode(1).unwrap().size().unwrap() as usize);
    (0..threads).map(|t| (0..values).map(|v| tile[at(tv, t, v)]).collect()).collect()
}

/// Runs `Op` on tiles given by `a(m,k)`, `b(n,k)`, `c(m,n)` (as f64, converted by `from`) and
/// checks D against the f64 GEMM of the tiles, as each thread's fragment says.
fn check_op<Op: MmaOp>(
    a: impl Fn(usize, usize) -> f64,
    b: impl Fn(usize, usize) -> f64,
    c: impl Fn(usize, usize) -> f64,
    from_a: impl Fn(f64) -> Op::ValTypeA,
    from_b: impl Fn(f64) -> Op::ValTypeB,
    from_c: impl Fn(f64) -> Op::ValTypeC,
    to_d: impl Fn(Op::ValTypeD) -> f64,
) {
    let atom = Op::atom();
    let mnk: Vec<usize> = atom.shape_mnk.modes().iter().map(|x| x.as_int().unwrap() as usize).collect();
    let (m, n, k) = (mnk[0], mnk[1], mnk[2]);
    let a_tile: Vec<_> = (0..m * k).map(|i| from_a(a(i % m, i / m))).collect();
    let b_tile: Vec<_> = (0..n * k).map(|i| from_b(b(i % n, i / n))).collect();
    let c_tile: Vec<_> = (0..m * n).map(|i| from_c(c(i % m, i / m))).collect();
    let d = mma_sync::<Op>(
        &fragments(&atom.layout_a, &a_tile),
        &fragments(&atom.layout_b, &b_tile),
        &fragments(&atom.layout_c, &c_tile),
    )
    .unwrap();
    for (t, frag) in d.iter().enumerate() {
        for (v, &x) in frag.iter().enumerate() {
            let i = at(&atom.layout_c, t, v);
            let (mi, ni) = (i % m, i / m);
            let expect = c(mi, ni) + (0..k).map(|kk| a(mi, kk) * b(ni, kk)).sum::<f64>();
            assert_eq!(to_d(x), expect, "{}: thread {} value {} is D({}, {})", atom.name, t, v, mi, ni);
        }
    }
}

/// Small integers, so that every sum is exact in every type and every order.
fn small_a(m: usize, k: usize) -> f64 {
    ((m * 3 + k * 5) % 7) as f64 - 3.0
}
fn small_b(n: usize, k: usize) -> f64 {
    ((n * 2 + k) % 5) as f64 - 2.0
}
fn small_c(m: usize, n: usize) -> f64 {
    ((m + n) % 3) as f64
}

#[test]
fn each_mma_computes_its_tiles_product() {
    let h = |x: f64| f16::from_f64(x);
    let hb = |x: f64| bf16::from_f64(x);
    let f = |x: f64| x as f32;
    let fd = |x: f32| x as f64;
    let hd = |x: f16| x.to_f64();
    check_op::<SM80_16x8x16_F32F16F16F32_TN>(small_a, small_b, small_c, h, h, f, fd);
    check_op::<SM80_16x8x16_F16F16F16F16_TN>(small_a, small_b, small_c, h, h, h, hd);
    check_op::<SM80_16x8x16_F32BF16BF16F32_TN>(small_a, small_b, small_c, hb, hb, f, fd);
    check_op::<SM80_16x8x8_F32TF32TF32F32_TN>(small_a, small_b, small_c, f, f, f, fd);
    check_op::<SM75_16x8x8_F32F16F16F32_TN>(small_a, small_b, small_c, h, h, f, fd);
    check_op::<SM80_8x8x4_F64F64F64F64_TN>(small_a, small_b, small_c, |x| x, |x| x, |x| x, |x| x);
    check_op::<SM80_16x8x32_S32S8S8S32_TN>(
        small_a,
        small_b,
        small_c,
        |x| x as i8,
        |x| x as i8,
        |x| x as i32,
        |x| x as f64,
    );
    check_op::<SM80_16x8x32_S32U8U8S32_TN>(
        |m, k| small_a(m, k) + 3.0,
        |n, k| small_b(n, k) + 2.0,
        small_c,
        |x| x as u8,
        |x| x as u8,
        |x| x as i32,
        |x| x as f64,
    );
    check_op::<SM70_8x8x4_F32F16F16F32_NT>(small_a, small_b, small_c, h, h, f, fd);
    check_op::<SM70_8x8x4_F16F16F16F16_TT>(small_a, small_b, small_c, h, h, h, hd);
    check_op::<SM90_64x32x16_F32F16F16_RS>(small_a, small_b, small_c, h, h, f, fd);
    // A and B both from shared memory: every thread of the warpgroup names every element.
    check_op::<SM90_64x16x16_F32F16F16_SS>(small_a, small_b, small_c, h, h, f, fd);
    check_op::<SM90_64x8x16_F16F16F16_SS>(small_a, small_b, small_c, h, h, h, hd);
    check_op::<SM90_64x32x16_F32BF16BF16_SS>(small_a, small_b, small_c, bf16::from_f64, bf16::from_f64, f, fd);
}

/// The ISA's arithmetic where the model rounds or wraps.
#[test]
fn tf32_truncation_f16_rounding_and_integer_wrap() {
    // tf32 drops the lower 13 bits of each input: 1 + 2^-20 is read as 1, so each D is 8, not
    // the 8 + 2^-17 of f32 inputs (which f32 holds).
    let x = 1.0f32 + (2.0f32).powi(-20);
    let atom = SM80_16x8x8_F32TF32TF32F32_TN::atom();
    let a = fragments(&atom.layout_a, &vec![x; 128]);
    let b = fragments(&atom.layout_b, &vec![1.0f32; 64]);
    let c = fragments(&atom.layout_c, &vec![0.0f32; 128]);
    let d = mma_sync::<SM80_16x8x8_F32TF32TF32F32_TN>(&a, &b, &c).unwrap();
    assert!(8.0f32 + (2.0f32).powi(-17) != 8.0);
    assert!(d.iter().flatten().all(|&v| v == 8.0));
    // An f16 accumulator rounds the f32 sum once: 2049 is not an f16 (2048 and 2050 are), and
    // the sum 2048 + 16 * 1/16 = 2049 rounds to even, 2048.
    let atom = SM80_16x8x16_F16F16F16F16_TN::atom();
    let a = fragments(&atom.layout_a, &vec![f16::from_f32(0.25); 256]);
    let b = fragments(&atom.layout_b, &vec![f16::from_f32(0.25); 128]);
    let c = fragments(&atom.layout_c, &vec![f16::from_f32(2048.0); 128]);
    let d = mma_sync::<SM80_16x8x16_F16F16F16F16_TN>(&a, &b, &c).unwrap();
    assert!(d.iter().flatten().all(|&x| x == f16::from_f32(2048.0)));
    // s8 x s8 into s32 wraps: 32 products of (-128)(-128) = 2^19 added to i32::MAX - 2^19 + 1.
    let atom = SM80_16x8x32_S32S8S8S32_TN::atom();
    let a = fragments(&atom.layout_a, &vec![-128i8; 512]);
    let b = fragments(&atom.layout_b, &vec![-128i8; 256]);
    let c = fragments(&atom.layout_c, &vec![i32::MAX - (1 << 19) + 1; 128]);
    let d = mma_sync::<SM80_16x8x32_S32S8S8S32_TN>(&a, &b, &c).unwrap();
    assert!(d.iter().flatten().all(|&x| x == i32::MIN + (32 << 14) - (1 << 19)));
}

#[test]
fn fragments_of_the_wrong_size_or_disagreeing_are_errors() {
    type Op = SM80_16x8x8_F32TF32TF32F32_TN;
    let e = mma_sync::<Op>(&vec![vec![0.0; 4]; 31], &vec![vec![0.0; 2]; 32], &vec![vec![0.0; 4]; 32]).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: mma: A takes 32 threads of 4 values each (its TV layout ((4,8),(2,2)):((16,1),(8,64))), not 31 of [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4]"
    );
    // Shared memory operands (a stride 0 over the threads) must be held alike by every thread.
    type Ss = SM90_64x8x16_F32F16F16_RS;
    let atom = Ss::atom();
    let a = fragments(&atom.layout_a, &vec![f16::ONE; 64 * 16]);
    let mut b = fragments(&atom.layout_b, &vec![f16::ONE; 8 * 16]);
    b[3][5] = f16::ZERO;
    let c = fragments(&atom.layout_c, &vec![0.0f32; 64 * 8]);
    let e = mma_sync::<Ss>(&a, &b, &c).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::InvalidArgument);
    assert_eq!(
        e.to_string(),
        "invalid argument: mma: B element 5 is held by several threads (its TV layout (128,(8,16)):(0,(1,8)) has a stride 0), and thread 3 holds a different value"
    );
}

/// ldmatrix (the ISA's model, from the lanes' row addresses) delivers what a tiled copy laid
/// out by CuTe says each thread's destination values are: the registers' halves, in the
/// copy's value order, are the shared memory elements at the thread's partition_D.
fn check_ldmatrix(copy: &TiledCopy, smem_layout: &Layout, num: usize, trans: bool) {
    let size = smem_layout.cosize().unwrap() as usize;
    let smem: Vec<u16> = (0..size as u16).map(|x| x.wrapping_mul(7)).collect();
    let threads = copy.size().unwrap();
    for warp in 0..threads / 32 {
        // Each lane's row: the first source value of its instruction.
        let rows: Vec<usize> = (0..32)
            .map(|lane| {
                let (src, offset) = copy.partition_s(smem_layout, 32 * warp + lane).unwrap();
                (offset + src.call(0).unwrap()) as usize
            })
            .collect();
        let regs = ldmatrix(&smem, &rows, num, trans).unwrap();
        for lane in 0..32 {
            let (dst, offset) = copy.partition_d(smem_layout, 32 * warp + lane).unwrap();
            for j in 0..2 * num {
                let half = (regs[lane as usize][j / 2] >> (16 * (j % 2))) as u16;
                assert_eq!(
                    half,
                    smem[(offset + dst.call(j as i64).unwrap()) as usize],
                    "{}: thread {} value {}",
                    copy,
                    32 * warp + lane,
                    j
                );
            }
        }
        // stmatrix of the same registers to the same rows writes the same elements back.
        let mut back = vec![0u16; size];
        stmatrix(&mut back, &rows, &regs, num, trans).unwrap();
        for lane in 0..32 {
            let (dst, offset) = copy.partition_d(smem_layout, 32 * warp + lane).unwrap();
            for j in 0..2 * num {
                let i = (offset + dst.call(j as i64).unwrap()) as usize;
                assert_eq!(back[i], smem[i]);
            }
        }
    }
}

fn mma_2x2() -> TiledMma {
    TiledMma::new(SM80_16x8x16_F32F16F16F32_TN::atom(), &layout("(2,2,1):(1,2,0)"), &Tiler::Tuple(vec![])).unwrap()
}

#[test]
fn ldmatrix_delivers_the_tiled_copies_values() {
    let mma = mma_2x2();
    let copy = |name: &str, operand: char| {
        let atom = copy_atom(name).unwrap();
        if operand == 'A' { TiledCopy::for_mma_a(atom, 16, &mma) } else { TiledCopy::for_mma_b(atom, 16, &mma) }
            .unwrap()
    };
    check_ldmatrix(&copy("SM75_U32x4_LDSM_N", 'A'), &layout("(32,16):(16,1)"), 4, false);
    check_ldmatrix(&copy("SM75_U32x2_LDSM_N", 'B'), &layout("(16,16):(16,1)"), 2, false);
    check_ldmatrix(&copy("SM75_U16x8_LDSM_T", 'A'), &layout("(32,16):(1,32)"), 4, true);
    check_ldmatrix(&copy("SM75_U16x4_LDSM_T", 'B'), &layout("(16,16):(1,16)"), 2, true);
}

#[test]
fn misaligned_or_outside_rows_are_errors() {
    let smem = vec![0u16; 64];
    let mut rows: Vec<usize> = (0..32).map(|l| 8 * (l % 8)).collect();
    rows[3] = 28;
    let e = ldmatrix(&smem, &rows, 1, false).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::IndexOutOfRange);
    assert_eq!(
        e.to_string(),
        "index out of range: ldmatrix: lane 3's row address 28 is not a 16-byte aligned row of 8 elements inside the 64 elements of shared memory"
    );
    rows[3] = 64;
    assert!(ldmatrix(&smem, &rows, 1, false).is_err());
    // Lanes past the matrices' rows are not read.
    rows[3] = 24;
    rows[9] = usize::MAX;
    assert!(ldmatrix(&smem, &rows, 1, false).is_ok());
    assert_eq!(ldmatrix(&smem, &rows, 2, false).unwrap_err().kind(), ErrorKind::IndexOutOfRange);
    assert_eq!(ldmatrix(&smem, &rows, 3, false).unwrap_err().kind(), ErrorKind::InvalidArgument);
}

/// A (32,16) x (16,16) tile product by 128 threads, each step as a kernel takes it.
#[test]
fn a_tile_gemm_of_128_threads_through_ldmatrix_and_mma_sync() {
    let mma = mma_2x2();
    let (tm, tn, tk) = (32usize, 16usize, 16usize);
    let a_val = |m: usize, k: usize| f16::from_f64(((m * 7 + k * 3) % 11) as f64 - 5.0);
    let b_val = |n: usize, k: usize| f16::from_f64(((n * 5 + k) % 9) as f64 - 4.0);
    // Shared memory, K-major: A (M,K) at m * 16 + k, B (N,K) at n * 16 + k.
    let (sa, sb) = (layout("(32,16):(16,1)"), layout("(16,16):(16,1)"));
    let mut smem_a = vec![0u16; tm * tk];
    let mut smem_b = vec![0u16; tn * tk];
    for m in 0..tm {
        for k in 0..tk {
            smem_a[m * 16 + k] = a_val(m, k).to_bits();
        }
    }
    for n in 0..tn {
        for k in 0..tk {
            smem_b[n * 16 + k] = b_val(n, k).to_bits();
        }
    }
    let copy_a = TiledCopy::for_mma_a(copy_atom("SM75_U32x4_LDSM_N").unwrap(), 16, &mma).unwrap();
    let copy_b = TiledCopy::for_mma_b(copy_atom("SM75_U32x2_LDSM_N").unwrap(), 16, &mma).unwrap();
    // Each thread's fragment, loaded by ldmatrix and put in the MMA's order by retile.
    let load =
        |copy: &TiledCopy, smem: &[u16], sl: &Layout, num: usize, warp: i64, frag_shape: &Layout| -> Vec<Vec<f16>> {
            let rows: Vec<usize> = (0..32)
                .map(|lane| {
                    let (src, offset) = copy.partition_s(sl, 32 * warp + lane).unwrap();
                    (offset + src.call(0).unwrap()) as usize
                })
                .collect();
            let regs = ldmatrix(smem, &rows, num, false).unwrap();
            let fragment = Layout::column_major(frag_shape.shape().clone()).unwrap();
            let order = copy.retile(&fragment).unwrap();
            regs.iter()
                .map(|r| {
                    let mut frag = vec![f16::ZERO; fragment.size().unwrap() as usize];
                    for j in 0..2 * num {
                        let half = (r[j / 2] >> (16 * (j % 2))) as u16;
                        frag[order.call(j as i64).unwrap() as usize] = f16::from_bits(half);
                    }
                    frag
                })
                .collect()
        };
    let mut c = vec![f32::NAN; tm * tn];
    let c_layout = layout("(32,16):(1,32)");
    for warp in 0..4i64 {
        let (a_part, _) = mma.partition_a(&sa, 32 * warp).unwrap();
        let (b_part, _) = mma.partition_b(&sb, 32 * warp).unwrap();
        let a = load(&copy_a, &smem_a, &sa, 4, warp, &a_part);
        let b = load(&copy_b, &smem_b, &sb, 2, warp, &b_part);
        let zero = vec![vec![0.0f32; 4]; 32];
        let d = mma_sync::<SM80_16x8x16_F32F16F16F32_TN>(&a, &b, &zero).unwrap();
        for lane in 0..32 {
            let (part, offset) = mma.partition_c(&c_layout, 32 * warp + lane).unwrap();
            for (v, &x) in d[lane as usize].iter().enumerate() {
                c[(offset + part.call(v as i64).unwrap()) as usize] = x;
            }
        }
    }
    for n in 0..tn {
        for m in 0..tm {
            let expect: f32 = (0..tk).map(|k| a_val(m, k).to_f32() * b_val(n, k).to_f32()).sum();
            assert_eq!(c[m + 32 * n], expect, "C({}, {})", m, n);
        }
    }
}

/// cp.async as the ISA describes it: cp-size 4, 8 or 16 bytes, both addresses aligned to it,
/// src-size bytes read and the rest of cp-size zero-filled; src-size past cp-size refused.
#[test]
fn cp_async_copies_aligned_vectors_and_fills_zeros() {
    let global: Vec<u32> = (1..=64).collect();
    let mut smem = vec![u32::MAX; 16];
    for (cp, src_size) in [(4usize, 4usize), (8, 8), (16, 16), (16, 8), (16, 4), (16, 0), (8, 4)] {
        smem.fill(u32::MAX);
        let (src, dst) = (16, 4);
        cp_async(&global, src, &mut smem, dst, cp, src_size).unwrap();
        let (count, read) = (cp / 4, src_size / 4);
        for (i, &x) in smem.iter().enumerate() {
            let want = match i.checked_sub(dst) {
                Some(j) if j < read => global[src + j],
                Some(j) if j < count => 0,
                _ => u32::MAX,
            };
            assert_eq!(x, want, "cp-size {} src-size {}: element {}", cp, src_size, i);
        }
    }
    let errors: [(usize, usize, usize, usize, ErrorKind, &str); 6] = [
        (
            0,
            0,
            12,
            12,
            ErrorKind::InvalidArgument,
            "invalid argument: cp.async: cp-size 12 is not 4, 8 or 16 bytes of whole 4-byte elements",
        ),
        (
            0,
            0,
            8,
            12,
            ErrorKind::InvalidArgument,
            "invalid argument: cp.async: src-size 12 is not whole 4-byte elements within cp-size 8",
        ),
        (
            2,
            0,
            16,
            16,
            ErrorKind::InvalidArgument,
            "invalid argument: cp.async: the src address, element 2 of 4 bytes, is not aligned to cp-size 16",
        ),
        (
            0,
            6,
            16,
            16,
            ErrorKind::InvalidArgument,
            "invalid argument: cp.async: the dst address, element 6 of 4 bytes, is not aligned to cp-size 16",
        ),
        (
            0,
            16,
            16,
            16,
            ErrorKind::IndexOutOfRange,
            "index out of range: cp.async: dst elements 16..16+4 are outside the 16 elements",
        ),
        (
            64,
            0,
            16,
            16,
            ErrorKind::IndexOutOfRange,
            "index out of range: cp.async: src elements 64..64+4 are outside the 64 elements",
        ),
    ];
    for (src, dst, cp, src_size, kind, message) in errors {
        let e = cp_async(&global, src, &mut smem, dst, cp, src_size).unwrap_err();
        assert_eq!((e.kind(), e.to_string()), (kind, message.to_string()));
    }
}

/// `MmaOp` is open, as CuTe's atoms are: an atom of the caller's is checked as any input, its
/// tile three positive extents of at most 2^20 elements per operand, an error otherwise.
#[test]
fn an_atom_of_the_callers_is_checked() {
    use cute::dynamic::{IntTuple, MmaAtom};
    macro_rules! atom {
        ($t:ident, $shape:expr) => {
            #[derive(Clone, Copy, Default)]
            struct $t;
            impl MmaTraits for $t {
                const NAME: &'static str = "user";
                type ShapeMnk = cute::Shape![(1, 1, 1)];
                type ThrId = cute::Layout![1:0];
                type ALayout = cute::Layout![(1,1):(0,0)];
                type BLayout = cute::Layout![(1,1):(0,0)];
                type CLayout = cute::Layout![(1,1):(0,0)];
            }
            impl MmaOp for $t {
                type ValTypeD = f32;
                type ValTypeA = f32;
                type ValTypeB = f32;
                type ValTypeC = f32;
                fn mma_tile(a: &[f32], b: &[f32], c: &[f32], d: &mut [f32]) {
                    d[0] = a[0] * b[0] + c[0];
                }
                fn atom() -> MmaAtom {
                    MmaAtom {
                        name: "user".into(),
                        shape_mnk: $shape,
                        thr_id: layout("1:0"),
                        layout_a: layout("(1,1):(0,0)"),
                        layout_b: layout("(1,1):(0,0)"),
                        layout_c: layout("(1,1):(0,0)"),
                    }
                }
            }
        };
    }
    fn leaves(v: &[i64]) -> IntTuple {
        IntTuple::Tuple(v.iter().map(|&x| IntTuple::Leaf(x)).collect())
    }
    atom!(One, leaves(&[1, 1, 1]));
    atom!(TwoModes, leaves(&[1, 1]));
    atom!(Zero, leaves(&[1, 0, 1]));
    atom!(Huge, leaves(&[1 << 32, 1, 1 << 32]));
    atom!(Wide, leaves(&[1 << 11, 1 << 10, 1]));
    let (a, b, c) = (vec![vec![2.0f32]], vec![vec![3.0f32]], vec![vec![1.0f32]]);
    assert_eq!(mma_sync::<One>(&a, &b, &c).unwrap(), vec![vec![7.0f32]]);
    for (e, shape) in [
        (mma_sync::<TwoModes>(&a, &b, &c).unwrap_err(), "(1,1)"),
        (mma_sync::<Zero>(&a, &b, &c).unwrap_err(), "(1,0,1)"),
        (mma_sync::<Huge>(&a, &b, &c).unwrap_err(), "(4294967296,1,4294967296)"),
        (mma_sync::<Wide>(&a, &b, &c).unwrap_err(), "(2048,1024,1)"),
    ] {
        assert_eq!(e.kind(), ErrorKind::InvalidArgument, "{e}");
        assert_eq!(
            e.to_string(),
            format!("invalid argument: mma: the atom's Shape_MNK {shape} is not three positive extents whose tiles have at most 2^20 elements")
        );
    }
}

/// A tiled MMA in the dynamic engine takes its atom's own layouts: an atom of the caller's that
/// shares a name with one of cute's keeps its tile and threads.
#[test]
fn an_atom_of_the_callers_keeps_its_layouts_in_the_dynamic_engine() {
    use cute::{layout, Tiler};
    #[derive(Clone, Copy, Default)]
    struct MyFma;
    impl MmaTraits for MyFma {
        const NAME: &'static str = "SM80_16x8x8_F32TF32TF32F32_TN";
        type ShapeMnk = cute::Shape![(1, 1, 1)];
        type ThrId = cute::Layout![1:0];
        type ALayout = cute::Layout![(1,1):(0,0)];
        type BLayout = cute::Layout![(1,1):(0,0)];
        type CLayout = cute::Layout![(1,1):(0,0)];
    }
    let mma = make_tiled_mma(MyFma, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
    let d = mma.to_dynamic().unwrap();
    assert_eq!(d.tile_size_mnk().unwrap().to_string(), "(1,1,1)");
    assert_eq!(d.thr_layout_vmnk().to_string(), "(1,1,1,1):(0,0,0,0)");
    // cute's atom of that name: 32 threads, the 16 x 8 x 8 tile.
    let sm80 = make_tiled_mma(SM80_16x8x8_F32TF32TF32F32_TN, layout!((1,1,1):(0,0,0)), <Tiler![<_,_,_>]>::default());
    let d = sm80.to_dynamic().unwrap();
    assert_eq!(d.tile_size_mnk().unwrap().to_string(), "(16,8,8)");
    assert_eq!(d.thr_layout_vmnk().to_string(), "(32,1,1,1):(1,0,0,0)");
}
