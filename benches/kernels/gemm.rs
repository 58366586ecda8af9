//! A packed, register-tiled f32 GEMM, `C = A * B` for any strides, written twice: with cute-rs
//! (static tile layouts over runtime matrix sizes, CuTe's `gemm` on the register tile) and with
//! hand index arithmetic, the same blocking and loops. `examples/gemm.rs` runs them and
//! `benches/kernels.rs` times them against matrixmultiply and ndarray.
//!
//! Blocking (as BLIS and matrixmultiply): C is computed in NC-column blocks; for each KC slice
//! of K, B's KC x NC block is packed into micro-panels of NR columns, and for each MC-row block
//! of A its MC x KC block into micro-panels of MR rows; an MR x NR register tile of C
//! accumulates `sum_k A(m,k) * B(k,n)` over the slice from one micro-panel of each, and is
//! added to C (stored, for the first slice). A C whose rows are contiguous is computed as
//! `C^T = B^T A^T`, so that the register tile's columns are contiguous in C. The packed blocks
//! live in a per-thread workspace that calls reuse.

// Each user (the examples, the bench, the test) calls some of the functions; the hand-written
// kernels index as index arithmetic is written by hand.
#![allow(dead_code, clippy::needless_range_loop)]

use cute::tensor::{axpby, copy, gemm, make_tensor, make_tensor_array, MmaAtom, Tensor, ViewLayout};
use cute::{coord, layout, Layout};

/// Rows of the register tile.
pub const MR: usize = 16;
/// Columns of the register tile.
pub const NR: usize = 16;
/// The K slice packed at a time.
pub const KC: usize = 256;
/// Rows of A packed at a time.
pub const MC: usize = 64;
/// Columns of B packed at a time.
pub const NC: usize = 1024;

/// The fused multiply-add `c = a * b + c` (one rounding), the atom of the register tile.
pub struct Fma;

impl MmaAtom<f32, f32, f32> for Fma {
    #[inline(always)]
    fn mma(&self, c: &mut f32, a: &f32, b: &f32) {
        *c = a.mul_add(*b, *c);
    }
}

/// Packed A: ((MR, MC/MR), KC) : ((1, MR*KC), MR), micro-panels of MR rows, k-major inside.
type PackA = Layout![((16,4),256):((1,4096),16)];
/// The register tile, (MR, NR) column-major.
type Acc = Layout![(16,16):(1,16)];

/// A matrix: its data and the strides of its row and column index.
#[derive(Clone, Copy)]
pub struct Mat<'a> {
    pub data: &'a [f32],
    pub rows: usize,
    pub cols: usize,
    pub row_stride: usize,
    pub col_stride: usize,
}

impl<'a> Mat<'a> {
    /// The transpose, a view of the same data.
    fn t(self) -> Mat<'a> {
        Mat {
            data: self.data,
            rows: self.cols,
            cols: self.rows,
            row_stride: self.col_stride,
            col_stride: self.row_stride,
        }
    }
}

/// Pack the `whole` micro-panels of a (X, K) tile (strides `xs`, `ks`) at the start of
/// `data` into `buf`: each micro-panel, a static (R, KC) = (16, 256) tile, is one `copy` into
/// its packed (16, 256):(1, 16) place. Where X is contiguous the source tile's first stride is a
/// static 1, so the copy goes in vector runs of 16; otherwise it reads the 16 rows at each k.
fn pack(data: &[f32], xs: usize, ks: usize, whole: usize, buf: &mut [f32]) {
    let panel = layout!((16,256):(1,16));
    for ib in 0..whole {
        let (src, dst) = (&data[ib * 16 * xs..], &mut buf[ib * 16 * KC..]);
        let mut dst = make_tensor(dst, panel).unwrap();
        if xs == 1 {
            copy(&make_tensor(src, layout!((16,256):(1,{ks as i64})).unwrap()).unwrap(), &mut dst).unwrap();
        } else {
            copy(&make_tensor(src, layout!((16,256):({xs as i64},{ks as i64})).unwrap()).unwrap(), &mut dst).unwrap();
        }
    }
}

/// Rows `from..to` of a packed block (`width` rows per k), from rows `x0 + from..` of the
/// (X, K) operand `src` at K from `k0`, zeros past the operand: the last, partial micro-panel,
/// element by element.
fn pack_edge<L: ViewLayout, P: ViewLayout>(
    src: &Tensor<&[f32], L>,
    (x0, k0): (usize, usize),
    (from, to, width): (usize, usize, usize),
    dst: &mut Tensor<&mut [f32], P>,
) {
    let (xe, ke) = (src.layout().mode_size(0), src.layout().mode_size(1));
    for kk in 0..KC {
        for i in from..to {
            let (x, kx) = (x0 + i, k0 + kk);
            let v = if x < xe && kx < ke { *src.get(x + xe * kx).unwrap() } else { 0.0 };
            *dst.get_mut(i + width * kk).unwrap() = v;
        }
    }
}

/// `C = A * B` with cute-rs: A (m x k), B (k x n), C (m x n) with strides `(crs, ccs)`.
pub fn gemm_cute(a: Mat, b: Mat, c: &mut [f32], crs: usize, ccs: usize) {
    if ccs == 1 && crs != 1 {
        return gemm_cute(b.t(), a.t(), c, ccs, crs);
    }
    let (m, k, n) = (a.rows, a.cols, b.cols);
    // The operands as CuTe holds them: A (M,K), B (N,K), C (M,N), runtime extents and strides.
    let ma =
        make_tensor(a.data, layout!(({m as i64},{k as i64}):({a.row_stride as i64},{a.col_stride as i64})).unwrap())
            .unwrap();
    let mb =
        make_tensor(b.data, layout!(({n as i64},{k as i64}):({b.col_stride as i64},{b.row_stride as i64})).unwrap())
            .unwrap();
    let mut mc = make_tensor(c, layout!(({m as i64},{n as i64}):({crs as i64},{ccs as i64})).unwrap()).unwrap();
    // Packed B, as (N, K): ((NR, np), KC) : ((1, NR*KC), NR), the np micro-panels of NR columns
    // that at most NC columns of B fill (static tiles, a runtime count of them).
    let np = n.min(NC).div_ceil(NR);
    let mut ws = take_workspace(MC * KC + np * NR * KC + 32);
    let (abuf, bbuf) = ws.split_at_mut(MC * KC + 16);
    let (abuf, bbuf) = (aligned(abuf, MC * KC), aligned(bbuf, np * NR * KC));
    let pack_b = layout!(((16,{np as i64}),256):((1,4096),16)).unwrap();
    // C's (MR, NR) tile, its rows contiguous.
    let c_tile = layout!((16,16):(1,{ccs as i64})).unwrap();
    for jc in (0..n).step_by(NC) {
        for pc in (0..k).step_by(KC) {
            // Pack B(jc.., pc..) as (N,K): the whole micro-panels by `copy`, the last partial
            // one element by element with zeros past the matrix.
            let (nb, whole) = ((n - jc).min(NC), if pc + KC <= k { (n - jc).min(NC) / NR } else { 0 });
            if whole > 0 {
                let at = jc * b.col_stride + pc * b.row_stride;
                pack(&b.data[at..], b.col_stride, b.row_stride, whole, bbuf);
            }
            let mut pb = make_tensor(&mut bbuf[..], pack_b).unwrap();
            pack_edge(&mb, (jc, pc), (whole * NR, nb.div_ceil(NR) * NR, np * NR), &mut pb);
            for ic in (0..m).step_by(MC) {
                let (mb_, whole) = ((m - ic).min(MC), if pc + KC <= k { (m - ic).min(MC) / MR } else { 0 });
                if whole > 0 {
                    let at = ic * a.row_stride + pc * a.col_stride;
                    pack(&a.data[at..], a.row_stride, a.col_stride, whole, abuf);
                }
                let mut pa = make_tensor(&mut abuf[..], PackA::new()).unwrap();
                pack_edge(&ma, (ic, pc), (whole * MR, mb_.div_ceil(MR) * MR, MC), &mut pa);
                let (pa, pb) = (make_tensor(&abuf[..], PackA::new()).unwrap(), make_tensor(&bbuf[..], pack_b).unwrap());
                for jr in 0..np {
                    if jc + jr * NR >= n {
                        break;
                    }
                    for ir in 0..MC / MR {
                        if ic + ir * MR >= m {
                            break;
                        }
                        // The micro-panels: (MR, KC) and (NR, KC), slices of the packed blocks.
                        let ap = pa.slice(coord!(((_, ir), _))).unwrap();
                        let bp = pb.slice(coord!(((_, jr), _))).unwrap();
                        let mut acc = make_tensor_array::<f32, Acc>(Acc::new());
                        // (M,K) x (N,K) => (M,N) on the register tile.
                        gemm(&Fma, &ap, &bp, &mut acc).unwrap();
                        let (row0, col0) = (ic + ir * MR, jc + jr * NR);
                        if row0 + MR <= m && col0 + NR <= n && crs == 1 {
                            // A whole tile: C's (MR, NR) tile at (row0, col0), stored or added.
                            let at = row0 + col0 * ccs;
                            let mut ct = make_tensor(&mut mc.view_mut().into_parts().0[at..], c_tile).unwrap();
                            if pc == 0 {
                                copy(&acc.view(), &mut ct).unwrap();
                            } else {
                                axpby(1.0, &acc.view(), 1.0, &mut ct).unwrap();
                            }
                            continue;
                        }
                        for j in 0..NR {
                            for i in 0..MR {
                                let (row, col) = (ic + ir * MR + i, jc + jr * NR + j);
                                if row < m && col < n {
                                    let v = *acc.get(i + MR * j).unwrap();
                                    let cv = mc.get_coord_mut(coord!((row, col))).unwrap();
                                    *cv = if pc == 0 { v } else { *cv + v };
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    give_back_workspace(ws);
}

/// `C = A * B` with hand index arithmetic: the same blocking, packing and loops.
pub fn gemm_hand(a: Mat, b: Mat, c: &mut [f32], crs: usize, ccs: usize) {
    if ccs == 1 && crs != 1 {
        return gemm_hand(b.t(), a.t(), c, ccs, crs);
    }
    let (m, k, n) = (a.rows, a.cols, b.cols);
    let np = n.min(NC).div_ceil(NR);
    let mut ws = take_workspace(MC * KC + np * NR * KC + 32);
    let (abuf, bbuf) = ws.split_at_mut(MC * KC + 16);
    let (abuf, bbuf) = (aligned(abuf, MC * KC), aligned(bbuf, np * NR * KC));
    for jc in (0..n).step_by(NC) {
        for pc in (0..k).step_by(KC) {
            let (nb, whole) = ((n - jc).min(NC), if pc + KC <= k { (n - jc).min(NC) / NR } else { 0 });
            if whole > 0 {
                let at = jc * b.col_stride + pc * b.row_stride;
                pack_hand(&b.data[at..], b.col_stride, b.row_stride, whole * NR, NR, bbuf);
            }
            pack_edge_hand(b.t(), (jc, pc), (whole * NR, nb.div_ceil(NR) * NR), NR, bbuf);
            for ic in (0..m).step_by(MC) {
                let (mb_, whole) = ((m - ic).min(MC), if pc + KC <= k { (m - ic).min(MC) / MR } else { 0 });
                if whole > 0 {
                    let at = ic * a.row_stride + pc * a.col_stride;
                    pack_hand(&a.data[at..], a.row_stride, a.col_stride, whole * MR, MR, abuf);
                }
                pack_edge_hand(a, (ic, pc), (whole * MR, mb_.div_ceil(MR) * MR), MR, abuf);
                for jr in 0..np {
                    if jc + jr * NR >= n {
                        break;
                    }
                    for ir in 0..MC / MR {
                        if ic + ir * MR >= m {
                            break;
                        }
                        let ap = &abuf[ir * MR * KC..(ir + 1) * MR * KC];
                        let bp = &bbuf[jr * NR * KC..(jr + 1) * NR * KC];
                        let mut acc = [[0f32; MR]; NR];
                        micro_kernel(ap, bp, &mut acc);
                        let (row0, col0) = (ic + ir * MR, jc + jr * NR);
                        if row0 + MR <= m && col0 + NR <= n && crs == 1 {
                            for j in 0..NR {
                                let at = row0 + (col0 + j) * ccs;
                                let (cc, ac) = (&mut c[at..at + MR], &acc[j]);
                                for (cv, av) in cc.iter_mut().zip(ac) {
                                    *cv = if pc == 0 { *av } else { *cv + *av };
                                }
                            }
                            continue;
                        }
                        for j in 0..NR {
                            for i in 0..MR {
                                let (row, col) = (ic + ir * MR + i, jc + jr * NR + j);
                                if row < m && col < n {
                                    let cv = &mut c[row * crs + col * ccs];
                                    *cv = if pc == 0 { acc[j][i] } else { *cv + acc[j][i] };
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    give_back_workspace(ws);
}

/// `acc[j][i] += sum_k ap[MR*k + i] * bp[NR*k + j]`, the register tile by hand. A function of
/// its own (as BLIS's micro-kernels are), so that the tile is one the compiler vectorizes
/// through memory and keeps in registers inside the k loop, whatever the caller's code.
#[inline(never)]
fn micro_kernel(ap: &[f32], bp: &[f32], acc: &mut [[f32; MR]; NR]) {
    for kk in 0..KC {
        let a: &[f32; MR] = ap[MR * kk..MR * (kk + 1)].try_into().unwrap();
        let b: &[f32; NR] = bp[NR * kk..NR * (kk + 1)].try_into().unwrap();
        // The NR columns written out, each a loop over MR rows.
        macro_rules! column {
            ($($j:literal)*) => {$(
                for i in 0..MR {
                    acc[$j][i] = a[i].mul_add(b[$j], acc[$j][i]);
                }
            )*};
        }
        column!(0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
    }
}

thread_local! {
    /// The packing buffers, kept between calls on a thread (as BLIS keeps its packed blocks in
    /// a memory pool), so that a call neither allocates nor zeroes them.
    static WORKSPACE: std::cell::Cell<Vec<f32>> = const { std::cell::Cell::new(Vec::new()) };
}

/// This thread's workspace, at least `len` elements long.
fn take_workspace(len: usize) -> Vec<f32> {
    let mut ws = WORKSPACE.take();
    if ws.len() < len {
        ws.resize(len, 0.0);
    }
    ws
}

/// Keep `ws` for the next call on this thread.
fn give_back_workspace(ws: Vec<f32>) {
    WORKSPACE.set(ws);
}

/// `len` elements of `buf` from a 64-byte boundary, so that the micro-kernel's vector loads of
/// the packed panels do not cross cache lines (`buf` has 16 elements to spare).
fn aligned(buf: &mut [f32], len: usize) -> &mut [f32] {
    let at = buf.as_ptr().align_offset(64).min(16);
    &mut buf[at..at + len]
}

/// Pack the whole micro-panels of a (X, KC) tile (strides `xs`, `ks`) by hand: the loops of
/// `copy` in the cute-rs kernel's `pack` (runs of R when X is contiguous, else the R rows at
/// each k of each micro-panel).
fn pack_hand(src: &[f32], xs: usize, ks: usize, x: usize, r: usize, dst: &mut [f32]) {
    if xs == 1 {
        for ib in 0..x / r {
            for kk in 0..KC {
                let (d, s) = (ib * r * KC + kk * r, ib * r + kk * ks);
                dst[d..d + r].copy_from_slice(&src[s..s + r]);
            }
        }
    } else {
        for ib in 0..x / r {
            for kk in 0..KC {
                for i in 0..r {
                    dst[ib * r * KC + kk * r + i] = src[(ib * r + i) * xs + kk * ks];
                }
            }
        }
    }
}

/// Rows `from..to` of a packed block of micro-panels of `r` rows, from rows `x0 + from..` of
/// the (X, K) operand `x` at K from `k0`, zeros past the operand, by hand: the last, partial
/// micro-panel, element by element.
fn pack_edge_hand(x: Mat, (x0, k0): (usize, usize), (from, to): (usize, usize), r: usize, buf: &mut [f32]) {
    for kk in 0..KC {
        for i in from..to {
            let (row, col) = (x0 + i, k0 + kk);
            let v = if row < x.rows && col < x.cols { x.data[row * x.row_stride + col * x.col_stride] } else { 0.0 };
            buf[(i % r) + (i / r) * r * KC + kk * r] = v;
        }
    }
}

/// `C = A * B` by matrixmultiply's `sgemm`, all three n x n and row-major: the baseline of the
/// benchmarks.
pub fn gemm_matrixmultiply(a: &[f32], b: &[f32], c: &mut [f32], n: usize) {
    assert!(a.len() >= n * n && b.len() >= n * n && c.len() >= n * n, "operands of fewer than {} elements", n * n);
    // SAFETY: the three buffers hold n * n elements (checked above) with row stride n and
    // column stride 1.
    unsafe {
        matrixmultiply::sgemm(
            n,
            n,
            n,
            1.0,
            a.as_ptr(),
            n as isize,
            1,
            b.as_ptr(),
            n as isize,
            1,
            0.0,
            c.as_mut_ptr(),
            n as isize,
            1,
        )
    }
}

/// `C = A * B` by the definition, for checking.
pub fn gemm_reference(a: Mat, b: Mat, c: &mut [f32], crs: usize, ccs: usize) {
    for i in 0..a.rows {
        for j in 0..b.cols {
            let mut s = 0f64;
            for p in 0..a.cols {
                s += a.data[i * a.row_stride + p * a.col_stride] as f64
                    * b.data[p * b.row_stride + j * b.col_stride] as f64;
            }
            c[i * crs + j * ccs] = s as f32;
        }
    }
}
