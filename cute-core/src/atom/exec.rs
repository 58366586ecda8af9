//! The atoms executed on the CPU, as the PTX ISA defines the instructions: an MMA gathers the
//! threads' fragments into its tiles by its TV layouts, computes `D = A B + C` with the ISA's
//! arithmetic, and scatters D back by the C layout; `ldmatrix` and `stmatrix` move 8 x 8
//! matrices of 16-bit elements between shared memory and each lane's registers from the row
//! addresses the lanes give, as the ISA's text describes them (not through CuTe's layouts, so
//! that a copy laid out by CuTe's layouts can be checked against the instruction).
//!
//! The arithmetic, from the ISA ("Precision and rounding"): "element-wise multiplication of
//! matrix A and B is performed with at least single precision"; with an `.f32` accumulator
//! "accumulation of the intermediate values is performed with at least single precision", with
//! `.f16` "at least half precision"; "the accumulation order, rounding and handling of
//! subnormal inputs are unspecified"; `.tf32` inputs lose their lower 13 bits; integer
//! accumulation into `.s32` wraps on overflow (without `.satfinite`). The model here: each
//! product in `f32` (exact for `f16`, `bf16` and `tf32` inputs), added to the accumulator in
//! the order `k = 0, 1, ...` in `f32` starting from C, and an `f16` result rounded once at the
//! end (to nearest even); `f64` products and sums each rounded in `f64`; integers in `i32`,
//! wrapping. A GPU may differ from this model in the last bits of a floating-point result
//! (the ISA leaves the order and the rounding open); on inputs whose sums are exact (small
//! integers) every order gives the same result.

use alloc::vec::Vec;

use half::{bf16, f16};

use super::mma::MmaTraits;
use crate::dynamic::{Error, ErrorKind, HTuple, Layout, MmaAtom};

/// An MMA instruction that can be executed (CuTe's MMA operation with its traits' value types):
/// its element types and `D = A B + C` on its tiles.
///
/// ```
/// use cute::atom::{MmaOp, SM80_8x8x4_F64F64F64F64_TN};
/// // A (8,4), B (8,4), C (8,8), column-major: D(m,n) = sum_k A(m,k) B(n,k) + C(m,n).
/// let (a, b, c) = (vec![1.0; 32], vec![2.0; 32], vec![0.5; 64]);
/// let mut d = vec![0.0; 64];
/// SM80_8x8x4_F64F64F64F64_TN::mma_tile(&a, &b, &c, &mut d);
/// assert_eq!(d[0], 8.5);
/// ```
pub trait MmaOp: MmaTraits {
    /// The element type of D (CuTe's `ValTypeD`).
    type ValTypeD: Copy + Default + PartialEq;
    /// The element type of A.
    type ValTypeA: Copy + Default + PartialEq;
    /// The element type of B.
    type ValTypeB: Copy + Default + PartialEq;
    /// The element type of C.
    type ValTypeC: Copy + Default + PartialEq;
    /// `D = A B + C` on the tiles, column-major: `a[m + M k]`, `b[n + N k]`, `c[m + M n]`,
    /// `d[m + M n]`, with the arithmetic of the module's model.
    fn mma_tile(a: &[Self::ValTypeA], b: &[Self::ValTypeB], c: &[Self::ValTypeC], d: &mut [Self::ValTypeD]);
    /// The atom's layouts in the dynamic engine.
    fn atom() -> MmaAtom;
}

/// The products and sums of one kind of instruction.
trait Arith {
    type A: Copy;
    type B: Copy;
    type Acc: Copy;
    type C: Copy;
    type D: Copy;
    fn start(c: Self::C) -> Self::Acc;
    fn step(acc: Self::Acc, a: Self::A, b: Self::B) -> Self::Acc;
    fn finish(acc: Self::Acc) -> Self::D;
}

/// `D(m,n) = C(m,n) + sum_k A(m,k) B(n,k)` in the order `k = 0, 1, ...`.
// In range: the indices are below the tiles' lengths, at most 64 x 256.
#[allow(clippy::arithmetic_side_effects)]
fn gemm_tile<T: Arith>(mnk: [usize; 3], a: &[T::A], b: &[T::B], c: &[T::C], d: &mut [T::D]) {
    let [m_count, n_count, k_count] = mnk;
    for n in 0..n_count {
        for m in 0..m_count {
            let at = m + m_count * n;
            let mut acc = T::start(c[at]);
            for k in 0..k_count {
                acc = T::step(acc, a[m + m_count * k], b[n + n_count * k]);
            }
            d[at] = T::finish(acc);
        }
    }
}

/// The `tf32` value of an `f32`: its lower 13 bits dropped, as the instruction reads it.
///
/// ```
/// assert_eq!(cute::atom::tf32(1.0 + f32::EPSILON), 1.0);
/// assert_eq!(cute::atom::tf32(1.5), 1.5);
/// ```
pub fn tf32(x: f32) -> f32 {
    f32::from_bits(x.to_bits() & !0x1fff)
}

macro_rules! arith {
    ($($name:ident: $a:ty, $b:ty, $acc:ty, $c:ty, $d:ty, |$s:ident| $start:expr, |$x:ident, $y:ident, $z:ident| $step:expr, |$f:ident| $finish:expr;)*) => {$(
        struct $name;
        impl Arith for $name {
            type A = $a;
            type B = $b;
            type Acc = $acc;
            type C = $c;
            type D = $d;
            fn start($s: $c) -> $acc {
                $start
            }
            fn step($x: $acc, $y: $a, $z: $b) -> $acc {
                $step
            }
            fn finish($f: $acc) -> $d {
                $finish
            }
        }
    )*};
}

arith! {
    F16F32: f16, f16, f32, f32, f32, |c| c, |acc, a, b| acc + a.to_f32() * b.to_f32(), |acc| acc;
    F16F16: f16, f16, f32, f16, f16, |c| c.to_f32(), |acc, a, b| acc + a.to_f32() * b.to_f32(), |acc| f16::from_f32(acc);
    Bf16F32: bf16, bf16, f32, f32, f32, |c| c, |acc, a, b| acc + a.to_f32() * b.to_f32(), |acc| acc;
    Tf32F32: f32, f32, f32, f32, f32, |c| c, |acc, a, b| acc + tf32(a) * tf32(b), |acc| acc;
    F64F64: f64, f64, f64, f64, f64, |c| c, |acc, a, b| acc + a * b, |acc| acc;
    S8S8: i8, i8, i32, i32, i32, |c| c, |acc, a, b| acc.wrapping_add(i32::from(a).wrapping_mul(i32::from(b))), |acc| acc;
    S8U8: i8, u8, i32, i32, i32, |c| c, |acc, a, b| acc.wrapping_add(i32::from(a).wrapping_mul(i32::from(b))), |acc| acc;
    U8S8: u8, i8, i32, i32, i32, |c| c, |acc, a, b| acc.wrapping_add(i32::from(a).wrapping_mul(i32::from(b))), |acc| acc;
    U8U8: u8, u8, i32, i32, i32, |c| c, |acc, a, b| acc.wrapping_add(i32::from(a).wrapping_mul(i32::from(b))), |acc| acc;
}

/// `MmaOp` for each atom: its shape, its arithmetic and the types of D, A, B and C (the
/// arithmetic's own).
macro_rules! mma_ops {
    ($($atom:ty: [$m:literal, $n:literal, $k:literal] $arith:ident ($d:ty, $a:ty, $b:ty, $c:ty);)*) => {$(
        impl MmaOp for $atom {
            type ValTypeD = $d;
            type ValTypeA = $a;
            type ValTypeB = $b;
            type ValTypeC = $c;
            fn mma_tile(a: &[Self::ValTypeA], b: &[Self::ValTypeB], c: &[Self::ValTypeC], d: &mut [Self::ValTypeD]) {
                gemm_tile::<$arith>([$m, $n, $k], a, b, c, d)
            }
            fn atom() -> MmaAtom {
                super::mma::layouts_of::<$atom>()
            }
        }
    )*};
}

use super::*;

mma_ops! {
    SM70_8x8x4_F16F16F16F16_TN: [8, 8, 4] F16F16 (f16, f16, f16, f16);
    SM70_8x8x4_F16F16F16F16_NT: [8, 8, 4] F16F16 (f16, f16, f16, f16);
    SM70_8x8x4_F16F16F16F16_NN: [8, 8, 4] F16F16 (f16, f16, f16, f16);
    SM70_8x8x4_F16F16F16F16_TT: [8, 8, 4] F16F16 (f16, f16, f16, f16);
    SM70_8x8x4_F32F16F16F32_TN: [8, 8, 4] F16F32 (f32, f16, f16, f32);
    SM70_8x8x4_F32F16F16F32_NT: [8, 8, 4] F16F32 (f32, f16, f16, f32);
    SM70_8x8x4_F32F16F16F32_NN: [8, 8, 4] F16F32 (f32, f16, f16, f32);
    SM70_8x8x4_F32F16F16F32_TT: [8, 8, 4] F16F32 (f32, f16, f16, f32);
    SM75_16x8x8_F32F16F16F32_TN: [16, 8, 8] F16F32 (f32, f16, f16, f32);
    SM80_16x8x8_F16F16F16F16_TN: [16, 8, 8] F16F16 (f16, f16, f16, f16);
    SM80_16x8x8_F32F16F16F32_TN: [16, 8, 8] F16F32 (f32, f16, f16, f32);
    SM80_16x8x8_F32BF16BF16F32_TN: [16, 8, 8] Bf16F32 (f32, bf16, bf16, f32);
    SM80_16x8x8_F32TF32TF32F32_TN: [16, 8, 8] Tf32F32 (f32, f32, f32, f32);
    SM80_16x8x16_F16F16F16F16_TN: [16, 8, 16] F16F16 (f16, f16, f16, f16);
    SM80_16x8x16_F32F16F16F32_TN: [16, 8, 16] F16F32 (f32, f16, f16, f32);
    SM80_16x8x16_F32BF16BF16F32_TN: [16, 8, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM80_16x8x32_S32S8S8S32_TN: [16, 8, 32] S8S8 (i32, i8, i8, i32);
    SM80_16x8x32_S32S8U8S32_TN: [16, 8, 32] S8U8 (i32, i8, u8, i32);
    SM80_16x8x32_S32U8S8S32_TN: [16, 8, 32] U8S8 (i32, u8, i8, i32);
    SM80_16x8x32_S32U8U8S32_TN: [16, 8, 32] U8U8 (i32, u8, u8, i32);
    SM80_8x8x4_F64F64F64F64_TN: [8, 8, 4] F64F64 (f64, f64, f64, f64);
    SM90_64x8x16_F32F16F16_RS: [64, 8, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x16x16_F32F16F16_RS: [64, 16, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x32x16_F32F16F16_RS: [64, 32, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x64x16_F32F16F16_RS: [64, 64, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x128x16_F32F16F16_RS: [64, 128, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x256x16_F32F16F16_RS: [64, 256, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x8x16_F16F16F16_RS: [64, 8, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x16x16_F16F16F16_RS: [64, 16, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x32x16_F16F16F16_RS: [64, 32, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x64x16_F16F16F16_RS: [64, 64, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x128x16_F16F16F16_RS: [64, 128, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x256x16_F16F16F16_RS: [64, 256, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x8x16_F32BF16BF16_RS: [64, 8, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x16x16_F32BF16BF16_RS: [64, 16, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x32x16_F32BF16BF16_RS: [64, 32, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x64x16_F32BF16BF16_RS: [64, 64, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x128x16_F32BF16BF16_RS: [64, 128, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x256x16_F32BF16BF16_RS: [64, 256, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x8x16_F32F16F16_SS: [64, 8, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x16x16_F32F16F16_SS: [64, 16, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x32x16_F32F16F16_SS: [64, 32, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x64x16_F32F16F16_SS: [64, 64, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x128x16_F32F16F16_SS: [64, 128, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x256x16_F32F16F16_SS: [64, 256, 16] F16F32 (f32, f16, f16, f32);
    SM90_64x8x16_F16F16F16_SS: [64, 8, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x16x16_F16F16F16_SS: [64, 16, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x32x16_F16F16F16_SS: [64, 32, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x64x16_F16F16F16_SS: [64, 64, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x128x16_F16F16F16_SS: [64, 128, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x256x16_F16F16F16_SS: [64, 256, 16] F16F16 (f16, f16, f16, f16);
    SM90_64x8x16_F32BF16BF16_SS: [64, 8, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x16x16_F32BF16BF16_SS: [64, 16, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x32x16_F32BF16BF16_SS: [64, 32, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x64x16_F32BF16BF16_SS: [64, 64, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x128x16_F32BF16BF16_SS: [64, 128, 16] Bf16F32 (f32, bf16, bf16, f32);
    SM90_64x256x16_F32BF16BF16_SS: [64, 256, 16] Bf16F32 (f32, bf16, bf16, f32);
}

/// A TV layout at `(thread, value)`.
fn at_tv(tv: &Layout, t: i64, v: i64) -> Result<i64, Error> {
    tv.call_coord(&HTuple::Tuple(alloc::vec![HTuple::Leaf(t), HTuple::Leaf(v)]))
}

/// Gathers the threads' fragments `frag[t][v]` into a tile of `len` elements by the TV layout
/// `tv` (`(t, v)` to the tile index); every element must be held, and elements a layout gives
/// to several threads (a stride 0) must be held alike.
fn gather<T: Copy + Default + PartialEq>(
    operand: &str,
    tv: &Layout,
    frag: &[Vec<T>],
    len: usize,
) -> Result<Vec<T>, Error> {
    let threads = tv.mode(0)?.size()?;
    let values = tv.mode(1)?.size()?;
    let count = |n: i64| usize::try_from(n).unwrap_or(usize::MAX);
    if frag.len() != count(threads) || frag.iter().any(|f| f.len() != count(values)) {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            alloc::format!(
                "mma: {} takes {} threads of {} values each (its TV layout {}), not {} of {:?}",
                operand,
                threads,
                values,
                tv,
                frag.len(),
                frag.iter().map(Vec::len).collect::<Vec<_>>()
            ),
        ));
    }
    let mut tile: Vec<Option<T>> = alloc::vec![None; len];
    for (t, f) in frag.iter().enumerate() {
        for (v, &x) in f.iter().enumerate() {
            let at = at_tv(tv, i64::try_from(t).unwrap_or(i64::MAX), i64::try_from(v).unwrap_or(i64::MAX))?;
            let slot = usize::try_from(at).ok().and_then(|i| tile.get_mut(i)).ok_or_else(|| {
                Error::new(
                    ErrorKind::IndexOutOfRange,
                    alloc::format!("mma: {} value ({}, {}) is at {}, past the tile of {}", operand, t, v, at, len),
                )
            })?;
            match slot {
                // NaN is held alike by two threads when it is a NaN in both.
                #[allow(clippy::eq_op)]
                Some(y) if *y != x && (*y == *y || x == x) => {
                    return Err(Error::new(
                        ErrorKind::InvalidArgument,
                        alloc::format!(
                            "mma: {} element {} is held by several threads (its TV layout {} has a stride 0), and thread {} holds a different value",
                            operand,
                            at,
                            tv,
                            t
                        ),
                    ))
                }
                _ => *slot = Some(x),
            }
        }
    }
    tile.into_iter()
        .enumerate()
        .map(|(i, x)| {
            x.ok_or_else(|| {
                Error::new(
                    ErrorKind::InvalidArgument,
                    alloc::format!("mma: no thread holds element {} of {}", i, operand),
                )
            })
        })
        .collect()
}

/// Executes the MMA instruction `Op` for its threads (a warp, a warpgroup, Volta's quad-pair):
/// `a[t]`, `b[t]`, `c[t]` are logical thread `t`'s fragments, value `v` its TV layouts' value
/// `v` (the ISA's register elements in order); the result is each thread's D fragment, in the
/// C layout's order.
///
/// An error of kind [`InvalidArgument`](crate::dynamic::ErrorKind::InvalidArgument) where the
/// fragments are not the instruction's count of threads and values, or where threads that
/// share an element of an operand (a TV layout with a stride 0) hold different values for it.
///
/// ```
/// use cute::atom::{mma_sync, MmaOp, SM80_16x8x8_F32TF32TF32F32_TN};
/// type Op = SM80_16x8x8_F32TF32TF32F32_TN;
/// // Every thread holds 1.0 in A and 2.0 in B, and 0 in C: each D is 8 * 2 = 16.
/// let a = vec![vec![1.0f32; 4]; 32];
/// let b = vec![vec![2.0f32; 2]; 32];
/// let c = vec![vec![0.0f32; 4]; 32];
/// let d = mma_sync::<Op>(&a, &b, &c).unwrap();
/// assert!(d.iter().all(|f| f.iter().all(|&x| x == 16.0)));
/// ```
pub fn mma_sync<Op: MmaOp>(
    a: &[Vec<Op::ValTypeA>],
    b: &[Vec<Op::ValTypeB>],
    c: &[Vec<Op::ValTypeC>],
) -> Result<Vec<Vec<Op::ValTypeD>>, Error> {
    let atom = Op::atom();
    // An atom of the caller's (`MmaOp` is open, as CuTe's atoms are) is checked as any input:
    // its tile is three positive extents, each operand's tile at most MAX_CHECKED elements (the
    // largest of the ISA's tiles has 2^14), so that the simulation's buffers stay small.
    let not_a_tile = || {
        Error::new(
            ErrorKind::InvalidArgument,
            alloc::format!(
                "mma: the atom's Shape_MNK {} is not three positive extents whose tiles have at most 2^20 elements",
                atom.shape_mnk
            ),
        )
    };
    let extent = |x: &crate::dynamic::IntTuple| x.as_int().filter(|&n| n > 0);
    let tile = |x: i64, y: i64| {
        x.checked_mul(y).filter(|&n| n <= crate::arith::MAX_CHECKED).and_then(|n| usize::try_from(n).ok())
    };
    let [m, n, k] = atom.shape_mnk.modes() else { return Err(not_a_tile()) };
    let (Some(m), Some(n), Some(k)) = (extent(m), extent(n), extent(k)) else { return Err(not_a_tile()) };
    let (Some(mk), Some(nk), Some(mn)) = (tile(m, k), tile(n, k), tile(m, n)) else { return Err(not_a_tile()) };
    let a_tile = gather("A", &atom.layout_a, a, mk)?;
    let b_tile = gather("B", &atom.layout_b, b, nk)?;
    let c_tile = gather("C", &atom.layout_c, c, mn)?;
    let mut d_tile = alloc::vec![Op::ValTypeD::default(); mn];
    Op::mma_tile(&a_tile, &b_tile, &c_tile, &mut d_tile);
    let (threads, values) = (atom.layout_c.mode(0)?.size()?, atom.layout_c.mode(1)?.size()?);
    (0..threads)
        .map(|t| {
            (0..values)
                .map(|v| {
                    let at = at_tv(&atom.layout_c, t, v)?;
                    usize::try_from(at).ok().and_then(|i| d_tile.get(i).copied()).ok_or_else(|| {
                        Error::new(
                            ErrorKind::IndexOutOfRange,
                            alloc::format!("mma: D value ({}, {}) is at {}, past the tile", t, v, at),
                        )
                    })
                })
                .collect()
        })
        .collect()
}

/// The row addresses of `ldmatrix` and `stmatrix`, checked: 32 lanes, matrices `num` of 1, 2
/// or 4, and the address of each matrix row (given by lanes `8 j` to `8 j + 7` for matrix `j`)
/// "naturally aligned" (to 16 bytes: a multiple of 8 elements) with its 8 elements inside
/// shared memory.
// In range: num <= 4.
#[allow(clippy::arithmetic_side_effects)]
fn matrix_rows(op: &str, len: usize, rows: &[usize], num: usize) -> Result<(), Error> {
    if !matches!(num, 1 | 2 | 4) || rows.len() != 32 {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            alloc::format!(
                "{}: takes .x1, .x2 or .x4 and 32 lanes' row addresses, not .x{} and {}",
                op,
                num,
                rows.len()
            ),
        ));
    }
    for (lane, &r) in rows.iter().enumerate().take(8 * num) {
        if r % 8 != 0 || r.checked_add(8).is_none_or(|end| end > len) {
            return Err(Error::new(
                ErrorKind::IndexOutOfRange,
                alloc::format!(
                    "{}: lane {}'s row address {} is not a 16-byte aligned row of 8 elements inside the {} elements of shared memory",
                    op,
                    lane,
                    r,
                    len
                ),
            ));
        }
    }
    Ok(())
}

/// Element `(row, col)` of each lane's register element `e` (0 low, 1 high): lane `l` holds
/// row `l / 4`, columns `2 (l % 4) + e`; with `.trans` rows `2 (l % 4) + e`, column `l / 4`.
// In range: lane < 32 and e < 2.
#[allow(clippy::arithmetic_side_effects)]
fn fragment(lane: usize, e: usize, trans: bool) -> (usize, usize) {
    if trans {
        (2 * (lane % 4) + e, lane / 4)
    } else {
        (lane / 4, 2 * (lane % 4) + e)
    }
}

/// `ldmatrix.sync.aligned.m8n8.x{num}{.trans}.shared.b16`: lanes `8 j .. 8 j + 7` give the
/// addresses of matrix `j`'s rows (element indices into `smem`); lane `l` receives in register
/// `j` the elements of matrix `j` at row `l / 4`, columns `2 (l % 4)` (low half) and `+1` (high
/// half), or with `trans` at rows `2 (l % 4)` and `+1`, column `l / 4`. Returns each lane's
/// registers.
///
/// ```
/// use cute::atom::ldmatrix;
/// let smem: Vec<u16> = (0..64).collect();
/// let rows: Vec<usize> = (0..32).map(|l| 8 * (l % 8)).collect();
/// let regs = ldmatrix(&smem, &rows, 1, false).unwrap();
/// // Lane 5: row 1, columns 2 and 3.
/// assert_eq!(regs[5], vec![10 | (11 << 16)]);
/// ```
// In range: matrix_rows checked the rows (aligned, inside smem) and j < num <= 4.
#[allow(clippy::arithmetic_side_effects)]
pub fn ldmatrix(smem: &[u16], rows: &[usize], num: usize, trans: bool) -> Result<Vec<Vec<u32>>, Error> {
    matrix_rows("ldmatrix", smem.len(), rows, num)?;
    Ok((0..32)
        .map(|lane| {
            (0..num)
                .map(|j| {
                    let half = |e: usize| {
                        let (r, c) = fragment(lane, e, trans);
                        u32::from(smem[rows[8 * j + r] + c])
                    };
                    half(0) | (half(1) << 16)
                })
                .collect()
        })
        .collect())
}

/// `stmatrix.sync.aligned.m8n8.x{num}{.trans}.shared.b16`: the reverse of [`ldmatrix`], each
/// lane's registers `regs[lane][j]` stored to the rows of matrix `j` whose addresses lanes
/// `8 j .. 8 j + 7` give.
///
/// ```
/// use cute::atom::stmatrix;
/// let mut smem = vec![0u16; 64];
/// let rows: Vec<usize> = (0..32).map(|l| 8 * (l % 8)).collect();
/// let regs: Vec<Vec<u32>> = (0..32u32).map(|l| vec![(2 * l) | ((2 * l + 1) << 16)]).collect();
/// stmatrix(&mut smem, &rows, &regs, 1, false).unwrap();
/// assert_eq!(smem, (0..64).collect::<Vec<u16>>());
/// ```
// In range: matrix_rows checked the rows (aligned, inside smem) and j < num <= 4.
#[allow(clippy::arithmetic_side_effects)]
pub fn stmatrix(smem: &mut [u16], rows: &[usize], regs: &[Vec<u32>], num: usize, trans: bool) -> Result<(), Error> {
    matrix_rows("stmatrix", smem.len(), rows, num)?;
    if regs.len() != 32 || regs.iter().any(|r| r.len() != num) {
        return Err(Error::new(
            ErrorKind::InvalidArgument,
            alloc::format!("stmatrix: takes {} registers in each of 32 lanes", num),
        ));
    }
    for (lane, r) in regs.iter().enumerate() {
        for (j, &word) in r.iter().enumerate() {
            for e in 0..2 {
                let (row, col) = fragment(lane, e, trans);
                // The half `e` of the register, the low first.
                let half = if e == 0 { word & 0xffff } else { word >> 16 };
                smem[rows[8 * j + row] + col] = u16::try_from(half).unwrap_or(u16::MAX);
            }
        }
    }
    Ok(())
}

/// `cp.async.ca.shared.global [dst], [src], cp-size, src-size` (and `.cg`, whose `cp-size` is
/// 16; the cache operator changes no data): copies the first `src_bytes` of the `cp_bytes`
/// bytes at element `src` of `global` to element `dst` of `smem`, and fills the rest of the
/// `cp_bytes` with zeros, as the ISA says ("remaining bytes in destination dst are filled with
/// zeros"); with `src_bytes` 0 nothing is read, so a predicated-off vector may point anywhere.
/// The addresses are element indices of `T`; both must be aligned to `cp_bytes` (the ISA's
/// natural alignment, taken from the slices' starts, which a kernel allocates aligned).
///
/// Errors ([`InvalidArgument`](crate::dynamic::ErrorKind::InvalidArgument)): a `cp_bytes` other
/// than 4, 8 or 16, or not whole elements; a `src_bytes` past `cp_bytes` (undefined in the ISA)
/// or not whole elements; a misaligned address; ([`IndexOutOfRange`](crate::dynamic::ErrorKind::IndexOutOfRange))
/// the bytes read or written outside the slices.
///
/// ```
/// use cute::atom::cp_async;
/// let global: Vec<u16> = (0..32).collect();
/// let mut smem = vec![9u16; 16];
/// // 16 bytes, 8 halves, from element 8 to element 0.
/// cp_async(&global, 8, &mut smem, 0, 16, 16).unwrap();
/// // Predicated: 4 of the 16 bytes read, the rest zeros.
/// cp_async(&global, 24, &mut smem, 8, 16, 4).unwrap();
/// assert_eq!(smem, [8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 0, 0, 0, 0, 0, 0]);
/// assert!(cp_async(&global, 4, &mut smem, 0, 16, 16).is_err()); // 8-byte aligned, not 16
/// // Predicated off: nothing read, whatever the source address.
/// cp_async(&global, 4096, &mut smem, 0, 8, 0).unwrap();
/// assert_eq!(smem[..4], [0, 0, 0, 0]);
/// ```
pub fn cp_async<T: Copy + Default>(
    global: &[T],
    src: usize,
    smem: &mut [T],
    dst: usize,
    cp_bytes: usize,
    src_bytes: usize,
) -> Result<(), Error> {
    let elem = core::mem::size_of::<T>().max(1);
    let invalid = |why: alloc::string::String| Err(Error::new(ErrorKind::InvalidArgument, why));
    if !matches!(cp_bytes, 4 | 8 | 16) || !cp_bytes.is_multiple_of(elem) {
        return invalid(alloc::format!(
            "cp.async: cp-size {} is not 4, 8 or 16 bytes of whole {}-byte elements",
            cp_bytes,
            elem
        ));
    }
    if src_bytes > cp_bytes || !src_bytes.is_multiple_of(elem) {
        return invalid(alloc::format!(
            "cp.async: src-size {} is not whole {}-byte elements within cp-size {}",
            src_bytes,
            elem,
            cp_bytes
        ));
    }
    // In range: cp_bytes <= 16 and elem >= 1; the products are checked.
    #[allow(clippy::arithmetic_side_effects)]
    let (count, read) = (cp_bytes / elem, src_bytes / elem);
    for (name, at) in [("src", src), ("dst", dst)] {
        if at.checked_mul(elem).is_none_or(|bytes| !bytes.is_multiple_of(cp_bytes)) {
            return invalid(alloc::format!(
                "cp.async: the {} address, element {} of {} bytes, is not aligned to cp-size {}",
                name,
                at,
                elem,
                cp_bytes
            ));
        }
    }
    let outside = |name: &str, at: usize, n: usize, len: usize| {
        Error::new(
            ErrorKind::IndexOutOfRange,
            alloc::format!("cp.async: {} elements {}..{}+{} are outside the {} elements", name, at, at, n, len),
        )
    };
    let smem_len = smem.len();
    let to = smem.get_mut(dst..dst.saturating_add(count)).filter(|s| s.len() == count);
    let to = to.ok_or_else(|| outside("dst", dst, count, smem_len))?;
    let from = match read {
        0 => &[][..],
        _ => global
            .get(src..src.saturating_add(read))
            .filter(|s| s.len() == read)
            .ok_or_else(|| outside("src", src, read, global.len()))?,
    };
    for (i, slot) in to.iter_mut().enumerate() {
        *slot = from.get(i).copied().unwrap_or_default();
    }
    Ok(())
}
