//! CuTe's `gemm(tiled_mma, A, B, C)` executed on the CPU: every thread's register fragments at
//! once, each atom's instruction on its threads' values.

use alloc::format;
use alloc::vec::Vec;

use super::exec::{mma_sync, MmaOp};
use crate::dynamic::{Error, ErrorKind, HTuple, Layout, TiledMma};
use crate::tensor::Tensor;

/// `C += A B` by a tiled MMA over all of its threads, as each thread's `gemm(tiled_mma, A, B,
/// C)` does in CuTe: `a[t]`, `b[t]` and `c[t]` are thread `t`'s register fragments (laid out
/// as [`TiledMma::partition_fragment_a`] ... give them, or a k-slice of them), in CuTe's two
/// patterns of a tiled MMA:
///
/// | A | B | C | `C +=` |
/// |---|---|---|---|
/// | (V,M) | (V,N) | (V,M,N) | one instruction per `(m, n)` |
/// | (V,M,K) | (V,N,K) | (V,M,N) | one per `(k, m, n)`, `k` in order |
///
/// For each `(k, m, n)` every atom of the tiled MMA executes `Op` ([`mma_sync`]) on its threads'
/// values `(_, m, k)` of A, `(_, n, k)` of B and `(_, m, n)` of C, and D replaces C. A GPU runs
/// the same loop in each thread, the atoms' threads together; here the threads are the slices'
/// indices, `0..cosize(thr_layout_vmnk)`.
///
/// Errors, each naming the operands: [`InvalidArgument`](ErrorKind::InvalidArgument) where `Op`
/// is not the tiled MMA's atom, the slices are not one per thread, or a fragment's modes do not
/// agree (its V with the atom's values, M, N and K with each other and across threads);
/// [`RankMismatch`](ErrorKind::RankMismatch) for ranks outside the table or atoms along K (the
/// C fragment is not defined for them).
///
/// ```
/// use cute::atom::{gemm, mma_atom, SM80_16x8x8_F32TF32TF32F32_TN};
/// use cute::dynamic::{Layout, TiledMma, Tiler};
/// use cute::tensor::make_tensor;
/// // Two atoms along M: a 32 x 8 x 8 tile, 64 threads.
/// let mma = TiledMma::new(mma_atom("SM80_16x8x8_F32TF32TF32F32_TN").unwrap(), &"(2,1):(1,0)".parse().unwrap(), &Tiler::Tuple(vec![])).unwrap();
/// let tile = |s: &str| s.parse::<Layout>().unwrap();
/// let (fa, fb, fc) = (
///     mma.partition_fragment_a(&tile("(32,8):(1,32)")).unwrap(),
///     mma.partition_fragment_b(&tile("(8,8):(1,8)")).unwrap(),
///     mma.partition_fragment_c(&tile("(32,8):(1,32)")).unwrap(),
/// );
/// // Every A is 1, every B 2: each C is 8 * 2 = 16.
/// let (ra, rb) = (vec![vec![1.0f32; 4]; 64], vec![vec![2.0f32; 2]; 64]);
/// let mut rc = vec![vec![0.0f32; 4]; 64];
/// let a: Vec<_> = ra.iter().map(|r| make_tensor(&r[..], fa.clone()).unwrap()).collect();
/// let b: Vec<_> = rb.iter().map(|r| make_tensor(&r[..], fb.clone()).unwrap()).collect();
/// let mut c: Vec<_> = rc.iter_mut().map(|r| make_tensor(&mut r[..], fc.clone()).unwrap()).collect();
/// gemm::<SM80_16x8x8_F32TF32TF32F32_TN, _, _, _>(&mma, &a, &b, &mut c).unwrap();
/// drop(c);
/// assert!(rc.iter().flatten().all(|&x| x == 16.0));
/// ```
pub fn gemm<Op, TA, TB, TC>(
    mma: &TiledMma,
    a: &[Tensor<&[TA], Layout>],
    b: &[Tensor<&[TB], Layout>],
    c: &mut [Tensor<&mut [TC], Layout>],
) -> Result<(), Error>
where
    Op: MmaOp<ValTypeA = TA, ValTypeB = TB, ValTypeC = TC, ValTypeD = TC>,
    TA: Copy + Default + PartialEq,
    TB: Copy + Default + PartialEq,
    TC: Copy + Default + PartialEq,
{
    let atom = mma.atom();
    if atom.name != Op::NAME {
        return Err(invalid(format!("gemm: the tiled MMA's atom is {}, not {}", atom.name, Op::NAME)));
    }
    // The instruction executes its own fragments: an atom that keeps the name but changes a
    // layout would deal values to the wrong rows and columns.
    if *atom != Op::atom() {
        return Err(invalid(format!(
            "gemm: the tiled MMA's atom is named {} but its shape, threads or thread-value layouts are not the instruction's",
            atom.name
        )));
    }
    let vmnk = mma.thr_layout_vmnk();
    let atoms = [vmnk.mode(1)?.size()?, vmnk.mode(2)?.size()?, vmnk.mode(3)?.size()?];
    if atoms[2] != 1 {
        return Err(Error::new(
            ErrorKind::RankMismatch,
            format!(
                "gemm: the atom layout {} splits K among {} atoms; C's fragment is defined for one",
                mma.atom_layout_mnk(),
                atoms[2]
            ),
        ));
    }
    let threads = vmnk.cosize()?;
    if [a.len(), b.len(), c.len()].iter().any(|&n| i64::try_from(n).ok() != Some(threads)) {
        return Err(invalid(format!(
            "gemm: {} fragments of A, {} of B and {} of C; the tiled MMA's threads are 0..{}",
            a.len(),
            b.len(),
            c.len(),
            threads
        )));
    }
    let thread = |v: i64, am: i64, an: i64| -> Result<usize, Error> {
        let t = vmnk.call_coord(&HTuple::Tuple(alloc::vec![v.into(), am.into(), an.into(), 0.into()]))?;
        usize::try_from(t).map_err(|_| invalid(format!("gemm: thread index {} of {}", t, vmnk)))
    };
    let atom_threads = atom.layout_c.mode(0)?.size()?;
    let values = [atom.layout_a.mode(1)?.size()?, atom.layout_b.mode(1)?.size()?, atom.layout_c.mode(1)?.size()?];
    // The fragments' (V, M, N, K), the same for every thread of every atom.
    let first = thread(0, 0, 0)?;
    let dims = modes(a[first].layout(), b[first].layout(), c[first].layout(), values)?;
    for am in 0..atoms[0] {
        for an in 0..atoms[1] {
            for v in 0..atom_threads {
                let t = thread(v, am, an)?;
                if modes(a[t].layout(), b[t].layout(), c[t].layout(), values)? != dims {
                    return Err(invalid(format!(
                        "gemm: thread {}'s fragments {}, {} and {} are not shaped as thread {}'s, {}, {} and {}",
                        t,
                        a[t].layout(),
                        b[t].layout(),
                        c[t].layout(),
                        first,
                        a[first].layout(),
                        b[first].layout(),
                        c[first].layout()
                    )));
                }
            }
        }
    }
    let [m, n, k] = dims;
    let [va, vb, vc] = values;
    // In range: every index is below the size of a fragment whose layout was built (so its size
    // fits in i64): v < V, mm < M, nn < N, kk < K.
    #[allow(clippy::arithmetic_side_effects)]
    for kk in 0..k {
        for mm in 0..m {
            for nn in 0..n {
                for am in 0..atoms[0] {
                    for an in 0..atoms[1] {
                        let lanes = (0..atom_threads).map(|v| thread(v, am, an)).collect::<Result<Vec<_>, _>>()?;
                        let fa = values_of(&lanes, va, |t, v| a[t].get(ix(v + va * (mm + m * kk))).copied())?;
                        let fb = values_of(&lanes, vb, |t, v| b[t].get(ix(v + vb * (nn + n * kk))).copied())?;
                        let fc = values_of(&lanes, vc, |t, v| c[t].get(ix(v + vc * (mm + m * nn))).copied())?;
                        let d = mma_sync::<Op>(&fa, &fb, &fc)?;
                        for (&t, dv) in lanes.iter().zip(d) {
                            for (v, x) in (0..vc).zip(dv) {
                                let i = ix(v + vc * (mm + m * nn));
                                *c[t].get_mut(i).ok_or_else(|| outside("C", t, i))? = x;
                            }
                        }
                    }
                }
            }
        }
    }
    Ok(())
}

fn invalid(message: alloc::string::String) -> Error {
    Error::new(ErrorKind::InvalidArgument, message)
}

fn outside(operand: &str, t: usize, i: usize) -> Error {
    Error::new(
        ErrorKind::IndexOutOfRange,
        format!("gemm: value {} of thread {}'s {} is outside its fragment", i, t, operand),
    )
}

/// A linear index as usize (past usize, one no fragment has).
fn ix(i: i64) -> usize {
    usize::try_from(i).unwrap_or(usize::MAX)
}

/// Each lane's `count` values, `value(thread, v)`.
fn values_of<T>(lanes: &[usize], count: i64, value: impl Fn(usize, i64) -> Option<T>) -> Result<Vec<Vec<T>>, Error> {
    lanes
        .iter()
        .map(|&t| (0..count).map(|v| value(t, v).ok_or_else(|| outside("fragment", t, ix(v)))).collect())
        .collect()
}

/// `[M, N, K]` of fragments A, B and C in one of the two patterns, their value modes the atom's
/// `values` of A, B and C.
fn modes(a: &Layout, b: &Layout, c: &Layout, values: [i64; 3]) -> Result<[i64; 3], Error> {
    let size = |l: &Layout, i: usize| l.mode(i).and_then(|m| m.size());
    let k = match (a.rank(), b.rank(), c.rank()) {
        (2, 2, 3) => 1,
        (3, 3, 3) => {
            let (ka, kb) = (size(a, 2)?, size(b, 2)?);
            if ka != kb {
                return Err(invalid(format!("gemm: K of A {} is {}, of B {} is {}", a, ka, b, kb)));
            }
            ka
        }
        (ra, rb, rc) => {
            return Err(Error::new(
                ErrorKind::RankMismatch,
                format!(
                    "gemm: fragments of ranks ({}, {}, {}) ({}, {}, {}); a tiled MMA takes (V,M) x (V,N) => (V,M,N) or (V,M,K) x (V,N,K) => (V,M,N)",
                    ra, rb, rc, a, b, c
                ),
            ))
        }
    };
    for (name, l, want) in [("A", a, values[0]), ("B", b, values[1]), ("C", c, values[2])] {
        if size(l, 0)? != want {
            return Err(invalid(format!(
                "gemm: {}'s value mode in {} has {} values; the atom's thread holds {}",
                name,
                l,
                size(l, 0)?,
                want
            )));
        }
    }
    let (m, n) = (size(a, 1)?, size(b, 1)?);
    if (size(c, 1)?, size(c, 2)?) != (m, n) {
        return Err(invalid(format!("gemm: C {} is not (V,M,N) of A {} (M = {}) and B {} (N = {})", c, a, m, b, n)));
    }
    Ok([m, n, k])
}
