//! The SM80 tensor-core GEMM of `examples/sm80_gemm` (CuTe's tutorial, every thread simulated)
//! against the reference GEMM, on ragged sizes and leading dimensions: on static layouts with
//! a three-stage cp.async pipeline (its copies landing as early and as late as the ISA allows),
//! and on the dynamic engine's layouts.

#[path = "../../examples/sm80_gemm/kernel.rs"]
#[allow(dead_code)]
mod kernel;
#[path = "../../examples/sm80_gemm/static_kernel.rs"]
mod static_kernel;

use static_kernel::{Completion, StaticKernel};

use cute::half::f16;

/// Deterministic values: small integers, or reals in [-1, 1) rounded to f16.
fn values(n: i64, seed: u64, integers: bool) -> Vec<f16> {
    let mut x = seed;
    (0..n)
        .map(|_| {
            x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
            let r = (x >> 40) as f32 / (1u64 << 24) as f32;
            f16::from_f32(if integers { (r * 9.0).floor() - 4.0 } else { r * 2.0 - 1.0 })
        })
        .collect()
}

/// The kernels: the static one with cp.async done at issue and at wait, and the dynamic one.
const KERNELS: [&str; 3] = ["static, cp.async at issue", "static, cp.async at wait", "dynamic"];

#[allow(clippy::too_many_arguments)]
fn run(
    which: &str,
    mnk: (i64, i64, i64),
    a: &[f16],
    lda: i64,
    b: &[f16],
    ldb: i64,
    c: &mut [f32],
    ldc: i64,
) -> Result<(), cute::dynamic::Error> {
    match which {
        "static, cp.async at issue" => StaticKernel::new(Completion::AtIssue).run(mnk, a, lda, b, ldb, c, ldc),
        "static, cp.async at wait" => StaticKernel::new(Completion::AtWait).run(mnk, a, lda, b, ldb, c, ldc),
        _ => kernel::Kernel::new()?.run(mnk, a, lda, b, ldb, c, ldc),
    }
}

fn check(m: i64, n: i64, k: i64, integers: bool) {
    let (lda, ldb, ldc) = (k + 8, k + 16, m + 5);
    let (a, b) = (values(m * lda, 1, integers), values(n * ldb, 2, integers));
    let mut r = vec![f32::NAN; (ldc * n) as usize];
    kernel::reference((m, n, k), &a, lda, &b, ldb, &mut r, ldc);
    for which in KERNELS {
        let mut c = vec![f32::NAN; (ldc * n) as usize];
        run(which, (m, n, k), &a, lda, &b, ldb, &mut c, ldc).unwrap();
        for j in 0..n {
            for i in 0..m {
                let at = (i + ldc * j) as usize;
                // The MMA adds in k order from the accumulator, as the reference does: equal bits.
                assert_eq!(c[at].to_bits(), r[at].to_bits(), "{}: C({}, {}) of {} x {} x {}", which, i, j, m, n, k);
            }
        }
        // The padding between C's columns is not written.
        for j in 0..n {
            for i in m..ldc {
                assert!(c[(i + ldc * j) as usize].is_nan(), "{}", which);
            }
        }
    }
}

#[test]
fn the_tutorial_gemm_equals_the_reference_on_ragged_sizes() {
    check(64, 64, 32, true);
    check(100, 72, 56, true);
    check(37, 130, 40, false);
    check(1, 1, 8, false);
    check(65, 63, 96, false);
    // More k-tiles than stages, and fewer.
    check(64, 64, 256, true);
    check(70, 40, 8, true);
}

#[test]
fn a_k_that_is_not_whole_vectors_is_an_error() {
    for which in KERNELS {
        let e = run(which, (8, 8, 12), &[f16::ZERO; 96], 12, &[f16::ZERO; 96], 12, &mut [0.0; 64], 8).unwrap_err();
        assert_eq!(e.kind(), cute::dynamic::ErrorKind::InvalidArgument);
        assert_eq!(e.to_string(), "invalid argument: K = 12 is not a multiple of the 8 halves of a cp.async");
    }
}

/// The kernel's shared-memory accesses under the bank-conflict analysis (`cute::memory`): the
/// ldmatrix reads of A and B, laid out by the tiled MMA, meet no conflict with the kernel's
/// `Sw<2,3,3>` (as many wavefronts as the ideal), and are conflicted without it (rows of 64
/// bytes: rows two apart share banks); the cp.async stores are conflict-free either way (each
/// phase of 8 threads writes 128 contiguous bytes).
#[test]
fn the_shared_memory_accesses_are_conflict_free_with_the_swizzle() {
    use cute::dynamic::{make_swizzle, ComposedLayout, Layout, TiledCopy, TiledMma};
    use cute::memory::{bank_conflicts, Instruction};
    use cute::picture::Shared;
    let layout = |s: &str| s.parse::<Layout>().unwrap();
    let mma = TiledMma::new(
        cute::atom::mma_atom("SM80_16x8x16_F32F16F16F32_TN").unwrap(),
        &layout("(2,2,1):(1,2,0)"),
        &"<32,32,16>".parse().unwrap(),
    )
    .unwrap();
    let sw = make_swizzle(2, 3, 3).unwrap();
    let ldsm = Instruction::atom("SM75_U32x4_LDSM_N").unwrap();
    // The first k-block of the 64 x 32 tile: (32,16) of rows of 32 halves.
    let tile = layout("(32,16):(32,1)");
    for copy in [
        TiledCopy::for_mma_a(cute::atom::copy_atom("SM75_U32x4_LDSM_N").unwrap(), 16, &mma).unwrap(),
        TiledCopy::for_mma_b(cute::atom::copy_atom("SM75_U32x4_LDSM_N").unwrap(), 16, &mma).unwrap(),
    ] {
        let tv = copy.layout_src_tv().unwrap();
        let swizzled = ComposedLayout::new(sw, 0, tile.clone());
        let with = bank_conflicts(Shared::from(&swizzled), 2, &tv, ldsm).unwrap();
        assert_eq!((with.wavefronts(), with.degree()), (with.ideal(), 1), "{}", copy);
        let without = bank_conflicts(Shared::from(&tile), 2, &tv, ldsm).unwrap();
        assert_eq!(without.degree(), 4, "{}", copy);
        assert_eq!(without.wavefronts(), 4 * without.ideal(), "{}", copy);
    }
    // The cp.async stores: 32 x 32 of the 64 x 32 tile per copy.
    let g2s = TiledCopy::make(
        cute::atom::copy_atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>").unwrap(),
        16,
        &layout("(32,4):(4,1)"),
        &layout("(1,8):(1,1)"),
    )
    .unwrap();
    let store = Instruction::atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>").unwrap();
    let half_tile = layout("(32,32):(32,1)");
    let tv = g2s.layout_dst_tv().unwrap();
    for smem in [Shared::from(&ComposedLayout::new(sw, 0, half_tile.clone())), Shared::from(&half_tile)] {
        let r = bank_conflicts(smem, 2, &tv, store).unwrap();
        assert_eq!((r.wavefronts(), r.degree()), (r.ideal(), 1));
    }
}

/// cp.async's 16-byte vectors need 16-byte aligned rows: a leading dimension of 20 halves puts
/// row 1 (thread 4's first vector) at byte 40, which the simulated instruction refuses as a GPU
/// would fault.
#[test]
fn a_misaligned_leading_dimension_is_cp_asyncs_alignment_error() {
    for which in KERNELS {
        let e = run(which, (16, 16, 16), &[f16::ZERO; 16 * 20], 20, &[f16::ZERO; 256], 16, &mut [0.0; 256], 16)
            .unwrap_err();
        assert_eq!(e.kind(), cute::dynamic::ErrorKind::InvalidArgument);
        assert_eq!(
            e.to_string(),
            "invalid argument: cp.async: the src address, element 20 of 2 bytes, is not aligned to cp-size 16",
            "{}",
            which
        );
    }
}
