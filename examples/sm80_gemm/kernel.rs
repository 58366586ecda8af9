//! CuTe's SM80 tensor-core GEMM, written as CuTe's `sgemm_sm80` tutorial writes it, and run on
//! the CPU with every thread of every thread block simulated.
//!
//! `C = A B^T` ("TN": A is M x K and B is N x K, both K-major; C is M x N, column-major),
//! half-precision inputs and single-precision accumulators. Each thread block of 128 threads
//! computes a 64 x 64 tile of C:
//!
//! 1. global -> shared: a tiled copy of `cp.async` (16 bytes, 8 halves, a thread) over the
//!    64 x 32 tiles of A and B, into shared memory swizzled by `Sw<2,3,3>` (so that the ldmatrix
//!    reads below meet no bank conflict); the vectors outside the matrix are predicated off by
//!    the same partition of the tile's coordinates (CuTe's identity tensor) and filled with
//!    zeros (`cp.async`'s `src-size` 0);
//! 2. shared -> registers: `ldmatrix.x4` tiled by the MMA's A and B layouts
//!    (`make_tiled_copy_A/B`), each lane giving its row's address, the registers put in the MMA
//!    fragments' order by `retile`;
//! 3. a tiled MMA of 2 x 2 `mma.sync.m16n8k16` atoms (four warps), permuted to a 32 x 32 x 16
//!    tile: `cute::atom::gemm` (CuTe's `gemm(tiled_mma, A, B, C)`) on each k-block of the
//!    threads' registers, each warp executing its atom on its lanes' fragments, over the
//!    k-blocks of the k-tile and the k-tiles of K;
//! 4. the epilogue: each thread's accumulators written to C through the C partition,
//!    predicated by C's coordinates.
//!
//! What is simulated: the instructions (`cp.async` by `cute::atom::cp_async`, 16 aligned bytes
//! or zeros; `ldmatrix` as the PTX ISA's text describes it; `mma.sync` with the ISA's
//! arithmetic, see `cute::atom::mma_sync`), the threads (a loop over the 128 threads, in warps), the blocks (a
//! loop over the grid) and the barriers (each step ends for every thread before the next
//! starts). The layouts, partitions, swizzle, predicates and the order of the loops are the
//! kernel's own: a GPU toolchain runs the same steps with the same layouts, one thread each.
//! The layouts here are the dynamic engine's (runtime layouts); the tile sizes are constants
//! of the kernel.
//!
//! K must be a multiple of 8 (a `cp.async` vector is whole or predicated off); M and N are any.

use cute::atom::{copy_atom, cp_async, gemm, ldmatrix, MmaOp, SM80_16x8x16_F32F16F16F32_TN};
use cute::dynamic::{Coord, Error, ErrorKind, HTuple, Layout, TiledCopy, TiledMma};
use cute::half::f16;
use cute::swizzle::Swizzle;
use cute::tensor::make_tensor;

/// The block tile: 64 x 64 of C, 32 of K a k-tile.
pub const BM: i64 = 64;
pub const BN: i64 = 64;
pub const BK: i64 = 32;
/// Threads in a block.
pub const THREADS: i64 = 128;
/// The MMA's k-block.
const KB: i64 = 16;

type Mma = SM80_16x8x16_F32F16F16F32_TN;

/// The kernel's layouts: built once, as a GPU kernel's static layouts are.
pub struct Kernel {
    mma: TiledMma,
    g2s: TiledCopy,
    s2r_a: TiledCopy,
    s2r_b: TiledCopy,
    /// A's and B's shared-memory tiles before the swizzle: 64 x 32, K-major.
    smem: Layout,
    swizzle: Swizzle,
}

fn layout(s: &str) -> Result<Layout, Error> {
    s.parse()
}

fn coord(c: &[i64]) -> HTuple<i64> {
    HTuple::Tuple(c.iter().map(|&x| HTuple::Leaf(x)).collect())
}

/// The thread blocks `(bm, bn)` of an `m x n x k` GEMM, column of blocks by column; a K that
/// is not whole `cp.async` vectors (8 halves) is an error.
pub fn grid((m, n, k): (i64, i64, i64)) -> Result<impl Iterator<Item = (i64, i64)>, Error> {
    if k % 8 != 0 {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            format!("K = {} is not a multiple of the 8 halves of a cp.async", k),
        ));
    }
    Ok((0..(n + BN - 1) / BN).flat_map(move |bn| (0..(m + BM - 1) / BM).map(move |bm| (bm, bn))))
}

/// An index the kernel computed (never negative) as a slice index.
pub fn index(i: i64) -> usize {
    usize::try_from(i).expect("an index the kernel computed is not negative")
}

impl Kernel {
    /// The tiled MMA, the three tiled copies and the shared-memory layout.
    pub fn new() -> Result<Kernel, Error> {
        let atom = |name: &str| copy_atom(name).ok_or_else(|| Error::new(ErrorKind::InvalidArgument, name.to_string()));
        let mma = TiledMma::new(Mma::atom(), &layout("(2,2,1):(1,2,0)")?, &"<32,32,16>".parse()?)?;
        // 32 rows of 4 threads, each thread 8 halves of a row: a 32 x 32 tile a copy.
        let g2s = TiledCopy::make(
            atom("SM80_CP_ASYNC_CACHEALWAYS<uint128_t>")?,
            16,
            &layout("(32,4):(4,1)")?,
            &layout("(1,8):(1,1)")?,
        )?;
        let s2r_a = TiledCopy::for_mma_a(atom("SM75_U32x4_LDSM_N")?, 16, &mma)?;
        let s2r_b = TiledCopy::for_mma_b(atom("SM75_U32x4_LDSM_N")?, 16, &mma)?;
        let swizzle = Swizzle::new(2, 3, 3).map_err(|e| Error::new(ErrorKind::InvalidSwizzle, e.to_string()))?;
        Ok(Kernel { mma, g2s, s2r_a, s2r_b, smem: layout("(64,32):(32,1)")?, swizzle })
    }

    /// `C = A B^T`: `a[m * lda + k]` (M x K), `b[n * ldb + k]` (N x K), `c[m + ldc * n]`.
    #[allow(clippy::too_many_arguments)]
    pub fn run(
        &self,
        (m, n, k): (i64, i64, i64),
        a: &[f16],
        lda: i64,
        b: &[f16],
        ldb: i64,
        c: &mut [f32],
        ldc: i64,
    ) -> Result<(), Error> {
        for (bm, bn) in grid((m, n, k))? {
            self.block((bm, bn), (m, n, k), a, lda, b, ldb, c, ldc)?;
        }
        Ok(())
    }

    /// One thread block: the k-loop, then the epilogue.
    #[allow(clippy::too_many_arguments)]
    fn block(
        &self,
        (bm, bn): (i64, i64),
        (m, n, k): (i64, i64, i64),
        a: &[f16],
        lda: i64,
        b: &[f16],
        ldb: i64,
        c: &mut [f32],
        ldc: i64,
    ) -> Result<(), Error> {
        // Each thread's accumulators: (MMA, MMA_M, MMA_N) of the 64 x 64 tile, zero.
        let c_tile = layout("(64,64):(1,64)")?;
        let acc_layout = self.mma.partition_fragment_c(&c_tile)?;
        let mut acc = vec![vec![0.0f32; index(acc_layout.cosize()?)]; index(THREADS)];
        let mut smem_a = vec![f16::ZERO; index(self.smem.cosize()?)];
        let mut smem_b = smem_a.clone();
        for kt in 0..(k + BK - 1) / BK {
            // 1. global -> shared, predicated; then the barrier.
            self.global_to_shared(&mut smem_a, a, lda, (bm * BM, kt * BK), (m, k))?;
            self.global_to_shared(&mut smem_b, b, ldb, (bn * BN, kt * BK), (n, k))?;
            // 2.-3. per k-block: shared -> registers, then the MMAs.
            for kb in 0..BK / KB {
                let frag_a = self.shared_to_registers(&self.s2r_a, &smem_a, kb, 'A')?;
                let frag_b = self.shared_to_registers(&self.s2r_b, &smem_b, kb, 'B')?;
                self.mma_k_block(&frag_a, &frag_b, kb, &mut acc, &acc_layout)?;
            }
        }
        // 4. the epilogue: C(m, n) for the accumulators inside C.
        let gc = Layout::new(coord(&[BM, BN]), coord(&[1, ldc]))?;
        for t in 0..THREADS {
            let (part, offset) = self.mma.partition_c(&gc, t)?;
            let (ids, id_offset) = self.mma.partition_c(&c_tile, t)?;
            for i in 0..part.size()? {
                let tile_index = id_offset + ids.call(i)?;
                let (row, col) = (bm * BM + tile_index % BM, bn * BN + tile_index / BM);
                if row < m && col < n {
                    let at = bm * BM + ldc * bn * BN + offset + part.call(i)?;
                    c[index(at)] = acc[index(t)][index(acc_layout.call(i)?)];
                }
            }
        }
        Ok(())
    }

    /// The k-tile of A (or B) at (row0, k0) of the rows x k matrix `g` (`g[r * ld + k]`) into
    /// the swizzled shared tile: each thread's `cp.async` vectors, 8 halves each, or zeros
    /// where the vector lies outside the matrix.
    fn global_to_shared(
        &self,
        smem: &mut [f16],
        g: &[f16],
        ld: i64,
        (row0, k0): (i64, i64),
        (rows, k): (i64, i64),
    ) -> Result<(), Error> {
        let g_tile = Layout::new(coord(&[BM, BK]), coord(&[ld, 1]))?;
        let ids_tile = layout("(64,32):(1,64)")?;
        for t in 0..THREADS {
            let (src, src_offset) = self.g2s.partition_s(&g_tile, t)?;
            let (dst, dst_offset) = self.g2s.partition_d(&self.smem, t)?;
            let (ids, ids_offset) = self.g2s.partition_s(&ids_tile, t)?;
            // ((8,1), CPY_M, CPY_K): one vector per rest coordinate.
            let vector = src.mode(0)?.size()?;
            for rest in 0..src.size()? / vector {
                let first = rest * vector;
                let tile_index = ids_offset + ids.call(first)?;
                let (row, col) = (row0 + tile_index % BM, k0 + tile_index / BM);
                let inside = row < rows && col + vector <= k;
                // One cp.async of 16 bytes: the vector's 8 halves contiguous at both ends (the
                // swizzle moves 8-half chunks whole).
                let from = row0 * ld + k0 + src_offset + src.call(first)?;
                let to = self.swizzle.apply(dst_offset + dst.call(first)?);
                for v in 1..vector {
                    let (f, d) =
                        (src_offset + src.call(first + v)?, self.swizzle.apply(dst_offset + dst.call(first + v)?));
                    if f != from - row0 * ld - k0 + v || d != to + v {
                        return Err(Error::new(
                            ErrorKind::InvalidArgument,
                            format!("thread {}'s cp.async vector {} is not contiguous", t, rest),
                        ));
                    }
                }
                cp_async(g, index(from), smem, index(to), 16, if inside { 16 } else { 0 })?;
            }
        }
        Ok(())
    }

    /// Every thread's fragment of the k-block `kb` of A (or B), loaded warp by warp with
    /// `ldmatrix.x4` at the rows the tiled copy gives each lane, in the MMA's order.
    fn shared_to_registers(
        &self,
        copy: &TiledCopy,
        smem: &[f16],
        kb: i64,
        operand: char,
    ) -> Result<Vec<Vec<f16>>, Error> {
        let bits: Vec<u16> = smem.iter().map(|x| x.to_bits()).collect();
        // The thread's registers (CuTe's partition_fragment_A/B), in the copy's order.
        let frag_layout = if operand == 'A' {
            self.mma.partition_fragment_a(&self.smem)?
        } else {
            self.mma.partition_fragment_b(&self.smem)?
        };
        let order = copy.retile(&frag_layout)?;
        let mut frags = vec![vec![f16::ZERO; index(frag_layout.cosize()?)]; index(THREADS)];
        for warp in 0..THREADS / 32 {
            // Each lane's source partition (CPY, CPY_M, CPY_K): one x4 load per CPY_M at this
            // k-block.
            let sources =
                (0..32).map(|lane| copy.partition_s(&self.smem, 32 * warp + lane)).collect::<Result<Vec<_>, _>>()?;
            for rm in 0..sources[0].0.mode(1)?.size()? {
                let rows = sources
                    .iter()
                    .map(|(src, offset)| Ok(index(self.swizzle.apply(offset + src.call_coord(&coord(&[0, rm, kb]))?))))
                    .collect::<Result<Vec<_>, Error>>()?;
                let regs = ldmatrix(&bits, &rows, 4, false)?;
                for lane in 0..32i64 {
                    for j in 0..8i64 {
                        let word = regs[index(lane)][index(j / 2)];
                        let half = if j % 2 == 0 { word & 0xffff } else { word >> 16 };
                        let at = order.call_coord(&coord(&[j, rm, kb]))?;
                        frags[index(32 * warp + lane)][index(at)] = f16::from_bits(half as u16);
                    }
                }
            }
        }
        Ok(frags)
    }

    /// The MMAs of one k-block: CuTe's `gemm(mma, tCrA(_,_,k), tCrB(_,_,k), tCrC)`, each
    /// thread's registers as a tensor, every warp's `mma.sync` for each (MMA_M, MMA_N).
    fn mma_k_block(
        &self,
        frag_a: &[Vec<f16>],
        frag_b: &[Vec<f16>],
        kb: i64,
        acc: &mut [Vec<f32>],
        acc_layout: &Layout,
    ) -> Result<(), Error> {
        let k_block: Coord = format!("(_,_,{})", kb).parse()?;
        let a_layout = self.mma.partition_fragment_a(&self.smem)?;
        let b_layout = self.mma.partition_fragment_b(&self.smem)?;
        let a = frag_a
            .iter()
            .map(|r| make_tensor(&r[..], a_layout.clone())?.slice(&k_block))
            .collect::<Result<Vec<_>, Error>>()?;
        let b = frag_b
            .iter()
            .map(|r| make_tensor(&r[..], b_layout.clone())?.slice(&k_block))
            .collect::<Result<Vec<_>, Error>>()?;
        let mut c =
            acc.iter_mut().map(|r| make_tensor(&mut r[..], acc_layout.clone())).collect::<Result<Vec<_>, Error>>()?;
        gemm::<Mma, _, _, _>(&self.mma, &a, &b, &mut c)
    }
}

/// The reference: `C(m,n) = sum_k A(m,k) B(n,k)` in f32, k in order.
pub fn reference((m, n, k): (i64, i64, i64), a: &[f16], lda: i64, b: &[f16], ldb: i64, c: &mut [f32], ldc: i64) {
    for col in 0..n {
        for row in 0..m {
            let mut acc = 0.0f32;
            for kk in 0..k {
                acc += a[index(row * lda + kk)].to_f32() * b[index(col * ldb + kk)].to_f32();
            }
            c[index(row + ldc * col)] = acc;
        }
    }
}
