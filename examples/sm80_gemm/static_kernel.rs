//! The SM80 tensor-core GEMM of `kernel.rs` written on static layouts, as a GPU toolchain would
//! compile it, with CuTe's `sgemm_sm80` main loop: a pipeline of three shared-memory stages
//! filled by `cp.async` while the MMAs consume another, and the registers of the next k-block
//! loaded by `ldmatrix` while the MMAs consume this one.
//!
//! Every layout is a type (`TiledMMA`, `TiledCopy`, the swizzled shared-memory tile
//! `Sw<2,3,3> o (64,32,3):(32,1,2048)`), computed by the trait solver; each thread's partition
//! (`partition_S/D`, `partition_A/B/C`, `partition_fragment_A/B/C`, `retile_D`) is a static
//! layout at a runtime offset, as on a GPU. Global memory has a runtime leading dimension: a
//! block's tile of it is a layout with a runtime stride, `(64,32):(lda,1)`, partitioned as
//! CuTe partitions `gA` (the static partition of the tile's coordinates composed with the
//! runtime strides), over a `Counting` engine so that a ragged tile's offsets past the matrix
//! exist (CuTe's pointer arithmetic); the same partition of the identity tensor gives each
//! element's coordinate, the predicate.
//!
//! What is simulated (on top of `kernel.rs`'s instructions and threads): `cp.async`'s
//! asynchrony. A copy is issued into the block's open group, `cp.async.commit_group` closes the
//! group, and `cp.async.wait_group N` completes every group but the `N` most recent. A copy
//! writes shared memory either when it is issued or only when it is waited for
//! ([`Completion`]), the two ends of what the ISA allows, so that a pipeline that reads a stage
//! before waiting for it, or fills a stage that is still being read, computes a wrong result
//! under one of them. The threads run each step in lockstep (every thread's step before the
//! next step), so the barriers are implicit; the groups are the block's (every thread commits
//! and waits at the same points, so the block's groups are each thread's).

use std::collections::VecDeque;

use cute::atom::{
    cp_async, ldmatrix, make_tiled_copy, make_tiled_copy_a, make_tiled_copy_b, make_tiled_mma, MmaOperandA,
    MmaOperandB, SM75_U32x4_LDSM_N, SM80_16x8x16_F32F16F16F32_TN, ThrValLayouts, TiledCopy, TiledMMA,
    SM80_CP_ASYNC_CACHEALWAYS,
};
use cute::atom::{FragmentOf, OperandA, OperandB, OperandC};
use cute::dynamic::{Error, ErrorKind};
use cute::half::f16;
use cute::swizzle::Sw;
use cute::tensor::{make_identity_tensor, make_tensor, ArrayTensor, Counting, Tensor, ViewLayout};
use cute::typenum::{P2, P3};
use cute::{coord, layout, shape, ComposedLayout, Layout, Tiler};

use super::kernel::{grid, index, BK, BM, BN, THREADS};

/// Shared-memory stages.
pub const PIPE: usize = 3;
/// The MMA's k-blocks in a k-tile (32 / 16).
const K_BLOCKS: usize = 2;

type Mma = TiledMMA<SM80_16x8x16_F32F16F16F32_TN, Layout![(2,2,1):(1,2,0)], Tiler![<32,32,16>]>;
/// 32 rows of 4 threads, each thread 8 halves (16 bytes) of a row: a 32 x 32 tile a copy.
type G2s = TiledCopy<SM80_CP_ASYNC_CACHEALWAYS<u128>, f16, ThrValLayouts<Layout![(32,4):(4,1)], Layout![(1,8):(1,1)]>>;
type S2rA = TiledCopy<SM75_U32x4_LDSM_N, f16, MmaOperandA<Mma>>;
type S2rB = TiledCopy<SM75_U32x4_LDSM_N, f16, MmaOperandB<Mma>>;
/// A's (and B's) shared memory: `PIPE` stages of a 64 x 32 K-major tile, swizzled so that the
/// ldmatrix reads meet no bank conflict.
type Smem = ComposedLayout<Sw<P2, P3, P3>, Layout![(64,32,3):(32,1,2048)]>;
/// A stage's tile before the swizzle: the shape of the A and B fragments.
type StageTile = Tensor<Counting, Layout![(64,32):(32,1)]>;
/// A thread's registers: A's and B's of a stage, `(MMA, MMA_M, MMA_K)`, and its accumulators
/// of the 64 x 64 tile, `(MMA, MMA_M, MMA_N)`.
type FragA = ArrayTensor<f16, <StageTile as FragmentOf<Mma, OperandA>>::Layout>;
type FragB = ArrayTensor<f16, <StageTile as FragmentOf<Mma, OperandB>>::Layout>;
type Acc = ArrayTensor<f32, <Tensor<Counting, Layout![(64,64):(1,64)]> as FragmentOf<Mma, OperandC>>::Layout>;

/// One operand's `ldmatrix.x4` loads of `k_block` of `stage` for every warp: lane `l` of warp
/// `w` (thread `32 w + l`) gives the shared-memory row where its source partition
/// `(CPY, CPY_M, CPY_K)` starts at `(0, m, k_block)`; it receives 8 halves, the copy's values
/// `(j, m, k_block)` of its retiled fragment (CuTe's `retile_D`).
macro_rules! ldmatrix_x4 {
    ($copy:expr, $smem:expr, $stage:expr, $k_block:expr, $frags:expr) => {{
        let bits: Vec<u16> = $smem.iter().map(|x| x.to_bits()).collect();
        for warp in 0..index(THREADS) / 32 {
            let lanes = 32 * warp..32 * warp + 32;
            let sources = lanes
                .clone()
                .map(|t| {
                    // CuTe's tXsA(_,_,_,stage).
                    let src = $copy.get_slice(t).partition_s(make_tensor(&$smem[..], smem_layout()?)?)?;
                    Ok(src.slice(coord!((_, _, _, $stage)))?)
                })
                .collect::<Result<Vec<_>, Error>>()?;
            for mi in 0..sources[0].layout().mode_size(1) {
                let rows = sources
                    .iter()
                    .map(|src| Ok(src.clone().slice(coord!((_, mi, $k_block)))?.offset(0).unwrap_or(0)))
                    .collect::<Result<Vec<_>, Error>>()?;
                let regs = ldmatrix(&bits, &rows, 4, false)?;
                for (lane, t) in lanes.clone().enumerate() {
                    let mut view = $copy.get_slice(t).retile_d($frags[t].view_mut())?;
                    for j in 0..8 {
                        let word = regs[lane][j / 2];
                        let half = if j % 2 == 0 { word & 0xffff } else { word >> 16 };
                        *view.get_coord_mut(coord!((j, mi, $k_block))).expect("inside the retiled fragment") =
                            f16::from_bits(half as u16);
                    }
                }
            }
        }
    }};
}

/// When a simulated `cp.async` writes shared memory.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Completion {
    /// As soon as it is issued (the earliest the ISA allows).
    AtIssue,
    /// Only when a `cp.async.wait_group` waits for its group (the latest).
    AtWait,
}

/// A's or B's.
#[derive(Clone, Copy)]
enum Operand {
    A,
    B,
}

/// One thread's `cp.async` of 16 bytes: from element `from` of the operand's global matrix to
/// element `to` of its shared memory, `src_bytes` of them read (0: predicated off, zeros).
struct Pending {
    operand: Operand,
    from: usize,
    to: usize,
    src_bytes: usize,
}

/// A thread block's memory: the global operands, its shared memory, and its `cp.async` groups.
struct Block<'a> {
    a: &'a [f16],
    b: &'a [f16],
    smem_a: Vec<f16>,
    smem_b: Vec<f16>,
    completion: Completion,
    groups: VecDeque<Vec<Pending>>,
    open: Vec<Pending>,
}

impl Block<'_> {
    fn perform(&mut self, p: &Pending) -> Result<(), Error> {
        let (g, smem) = match p.operand {
            Operand::A => (self.a, &mut self.smem_a),
            Operand::B => (self.b, &mut self.smem_b),
        };
        cp_async(g, p.from, smem, p.to, 16, p.src_bytes)
    }

    /// `cp.async.ca.shared.global [to], [from], 16, src_bytes`.
    fn cp_async(&mut self, p: Pending) -> Result<(), Error> {
        match self.completion {
            Completion::AtIssue => self.perform(&p),
            Completion::AtWait => {
                self.open.push(p);
                Ok(())
            }
        }
    }

    /// `cp.async.commit_group` (CuTe's `cp_async_fence`).
    fn commit_group(&mut self) {
        self.groups.push_back(std::mem::take(&mut self.open));
    }

    /// `cp.async.wait_group n` (CuTe's `cp_async_wait<n>`): every group but the `n` most recent
    /// complete.
    fn wait_group(&mut self, n: usize) -> Result<(), Error> {
        while self.groups.len() > n {
            for p in self.groups.pop_front().unwrap_or_default() {
                self.perform(&p)?;
            }
        }
        Ok(())
    }
}

/// The kernel's tiled MMA and copies: zero-sized, their layouts in their types.
pub struct StaticKernel {
    mma: Mma,
    g2s: G2s,
    s2r_a: S2rA,
    s2r_b: S2rB,
    completion: Completion,
}

fn smem_layout() -> Result<Smem, Error> {
    Ok(ComposedLayout::new(Sw::new(), 0, layout!((64,32,3):(32,1,2048)))?)
}

impl StaticKernel {
    /// The tiled MMA and copies (each refused at compile time if it does not tile), the
    /// simulated `cp.async` completing as `completion` says.
    pub fn new(completion: Completion) -> StaticKernel {
        let mma =
            make_tiled_mma(SM80_16x8x16_F32F16F16F32_TN, layout!((2,2,1):(1,2,0)), <Tiler![<32,32,16>]>::default());
        let g2s = make_tiled_copy::<f16, _, _, _>(
            SM80_CP_ASYNC_CACHEALWAYS::<u128>::default(),
            layout!((32,4):(4,1)),
            layout!((1,8):(1,1)),
        );
        let s2r_a = make_tiled_copy_a::<f16, _, _>(SM75_U32x4_LDSM_N, mma);
        let s2r_b = make_tiled_copy_b::<f16, _, _>(SM75_U32x4_LDSM_N, mma);
        StaticKernel { mma, g2s, s2r_a, s2r_b, completion }
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

    /// One thread block: CuTe's prologue, main loop and epilogue.
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
        let smem = smem_layout()?;
        let cosize = index(smem.inner().cosize());
        let mut block = Block {
            a,
            b,
            smem_a: vec![f16::ZERO; cosize],
            smem_b: vec![f16::ZERO; cosize],
            completion: self.completion,
            groups: VecDeque::new(),
            open: Vec::new(),
        };
        // Each thread's registers: A's and B's fragments of a stage, (MMA, MMA_M, MMA_K), and
        // its accumulators, (MMA, MMA_M, MMA_N) of the 64 x 64 tile, zero.
        let stage = make_tensor(&block.smem_a[..], smem)?.slice(coord!((_, _, 0)))?;
        let c_tile = make_identity_tensor(shape!((64, 64)))?;
        let threads = 0..index(THREADS);
        let mut frag_a: Vec<_> =
            threads.clone().map(|t| self.mma.get_slice(t).partition_fragment_a::<f16, _>(&stage)).collect();
        let mut frag_b: Vec<_> =
            threads.clone().map(|t| self.mma.get_slice(t).partition_fragment_b::<f16, _>(&stage)).collect();
        let mut acc: Vec<_> = threads.map(|t| self.mma.get_slice(t).partition_fragment_c::<f32, _>(&c_tile)).collect();

        let k_tiles = index((k + BK - 1) / BK);
        let to_shared = |block: &mut Block, k_tile: usize, stage: usize| -> Result<(), Error> {
            if k_tile < k_tiles {
                let k0 = index(BK) * k_tile;
                self.global_to_shared(
                    block,
                    Operand::A,
                    stage,
                    (index(bm * BM), k0),
                    (index(m), index(k)),
                    index(lda),
                )?;
                self.global_to_shared(
                    block,
                    Operand::B,
                    stage,
                    (index(bn * BN), k0),
                    (index(n), index(k)),
                    index(ldb),
                )?;
            }
            Ok(())
        };

        // Prologue: the first PIPE - 1 k-tiles in flight, one group each.
        let mut k_tile_next = 0;
        for pipe in 0..PIPE - 1 {
            to_shared(&mut block, k_tile_next, pipe)?;
            block.commit_group();
            k_tile_next += 1;
        }
        let (mut pipe_read, mut pipe_write) = (0, PIPE - 1);
        // The first stage landed (one group may stay in flight); then its first k-block's
        // registers.
        block.wait_group(PIPE - 2)?;
        self.shared_to_registers(&block, pipe_read, 0, &mut frag_a, &mut frag_b)?;

        // The main loop: a k-tile an iteration.
        for _ in 0..k_tiles {
            for k_block in 0..K_BLOCKS {
                if k_block == K_BLOCKS - 1 {
                    // The next k-block is the first of the next stage (`pipe_read` moved on at
                    // k-block 0): wait for its group (and the barrier).
                    block.wait_group(PIPE - 2)?;
                }
                // The next k-block's registers, while this one's MMAs run (CuTe's tCsA_p is
                // the stage `pipe_read` names at this point).
                let k_block_next = (k_block + 1) % K_BLOCKS;
                self.shared_to_registers(&block, pipe_read, k_block_next, &mut frag_a, &mut frag_b)?;
                if k_block == 0 {
                    // The next k-tile into the stage read last, then the stages move on.
                    to_shared(&mut block, k_tile_next, pipe_write)?;
                    block.commit_group();
                    k_tile_next += 1;
                    pipe_write = pipe_read;
                    pipe_read = (pipe_read + 1) % PIPE;
                }
                self.mma_k_block(&frag_a, &frag_b, k_block, &mut acc)?;
            }
        }
        block.wait_group(0)?;

        // The epilogue: C(m, n) for the accumulators inside C, by the C partitions of the tile's
        // offsets in C (CuTe's tCgC, runtime ldc) and of its coordinates (tCcC, the predicate).
        let c0 = bm * BM + ldc * bn * BN;
        for (t, acc) in acc.iter().enumerate() {
            let thr = self.mma.get_slice(t);
            let offsets = thr.partition_c(make_tensor(Counting(i64::MAX), layout!((64,64):(1,{ldc}))?)?)?;
            let coords = thr.partition_c(make_identity_tensor(shape!((64, 64)))?)?;
            for (i, crd) in coords.iter().enumerate() {
                let (row, col) = (bm * BM + crd.head as i64, bn * BN + crd.tail.head as i64);
                if row < m && col < n {
                    let at = c0 + offsets.get(i).expect("the partitions have one size") as i64;
                    c[index(at)] = *acc.get(i).expect("the accumulators have the partition's size");
                }
            }
        }
        Ok(())
    }

    /// Each thread's `cp.async` vectors of the k-tile at `(row0, k0)` of the `rows x k` operand
    /// (`g[r * ld + k]`) into `stage`: its partition of the tile's coordinates gives each
    /// vector's `(m, k)` and predicate, its partition of the swizzled stage the destination.
    fn global_to_shared(
        &self,
        block: &mut Block,
        operand: Operand,
        stage: usize,
        (row0, k0): (usize, usize),
        (rows, k): (usize, usize),
        ld: usize,
    ) -> Result<(), Error> {
        let smem = match operand {
            Operand::A => &block.smem_a,
            Operand::B => &block.smem_b,
        };
        let mut issued = Vec::new();
        // The block's k-tile of the operand: rows `ld` apart.
        let g_tile = layout!((64,32):({ld as i64},1))?;
        for t in 0..index(THREADS) {
            let thr = self.g2s.get_slice(t);
            // (CPY, CPY_M, CPY_K): the offsets of the thread's elements of the tile in the
            // operand (CuTe's tAgA, runtime ld; over `Counting`, since a ragged tile reaches
            // past the matrix) and their coordinates (tAcA, the predicate).
            let offsets = thr.partition_s(make_tensor(Counting(i64::MAX), g_tile)?)?;
            let coords = thr.partition_s(make_identity_tensor(shape!((64, 32)))?)?;
            // CuTe's tAsA(_,_,_,stage).
            let dst = thr.partition_d(make_tensor(&smem[..], smem_layout()?)?)?.slice(coord!((_, _, _, stage)))?;
            let vector = 8;
            for first in (0..coords.size()).step_by(vector) {
                let crd = coords.get(first).expect("inside the partition");
                let (row, col) = (row0 + crd.head, k0 + crd.tail.head);
                let inside = row < rows && col + vector <= k;
                let (from, to) = (
                    offsets.get(first).expect("inside the partition"),
                    dst.offset(first).expect("inside the partition"),
                );
                // One 16-byte vector: its 8 halves contiguous in shared memory (the swizzle
                // moves 8-half chunks whole) and along K in global memory (by the copy's
                // value layout).
                for v in 1..vector {
                    if dst.offset(first + v) != Some(to + v) || offsets.get(first + v) != Some(from + v) {
                        return Err(Error::new(
                            ErrorKind::InvalidArgument,
                            format!("thread {}'s cp.async vector at {} is not contiguous", t, first),
                        ));
                    }
                }
                let from = if inside { row0 * ld + k0 + from } else { 0 };
                issued.push(Pending { operand, from, to, src_bytes: if inside { 16 } else { 0 } });
            }
        }
        for p in issued {
            block.cp_async(p)?;
        }
        Ok(())
    }

    /// Every thread's A and B registers of `k_block` of `stage`: one `ldmatrix.x4` per warp
    /// and MMA_M (MMA_N), each lane giving the row its source partition starts at, the
    /// registers written through the fragment retiled to the copy's values (CuTe's
    /// `copy(s2r, tXsA(_,_,k_block), tXrA(_,_,k_block))`).
    fn shared_to_registers(
        &self,
        block: &Block,
        stage: usize,
        k_block: usize,
        frag_a: &mut [FragA],
        frag_b: &mut [FragB],
    ) -> Result<(), Error> {
        ldmatrix_x4!(self.s2r_a, block.smem_a, stage, k_block, frag_a);
        ldmatrix_x4!(self.s2r_b, block.smem_b, stage, k_block, frag_b);
        Ok(())
    }

    /// The MMAs of one k-block: CuTe's `gemm(mma, tCrA(_,_,k), tCrB(_,_,k), tCrC)`, each
    /// thread's registers a static tensor, every warp's `mma.sync` for each (MMA_M, MMA_N).
    fn mma_k_block(&self, frag_a: &[FragA], frag_b: &[FragB], k_block: usize, acc: &mut [Acc]) -> Result<(), Error> {
        let a = frag_a.iter().map(|f| f.view().slice(coord!((_, _, k_block)))).collect::<Result<Vec<_>, _>>()?;
        let b = frag_b.iter().map(|f| f.view().slice(coord!((_, _, k_block)))).collect::<Result<Vec<_>, _>>()?;
        let mut c = acc.iter_mut().map(|f| f.view_mut()).collect::<Vec<_>>();
        self.mma.gemm(&a, &b, &mut c)
    }
}
