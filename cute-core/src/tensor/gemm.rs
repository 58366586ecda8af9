//! `gemm`: `C += A * B` over tensors, dispatched on their ranks as CuTe's
//! (`algorithm/gemm.hpp`), with the multiply-accumulate as a swappable atom ([`MmaAtom`]).
//!
//! The five patterns, by the ranks of (A, B, C), and what each computes:
//!
//! | A | B | C | `C +=` |
//! |---|---|---|---|
//! | (V) | (V) | (V) | `C(v) += A(v) * B(v)` (the atom on each value) |
//! | (M) | (N) | (M,N) | `C(m,n) += A(m) * B(n)` (an outer product) |
//! | (M,K) | (N,K) | (M,N) | `C(m,n) += sum_k A(m,k) * B(n,k)` |
//! | (V,M) | (V,N) | (V,M,N) | `C(v,m,n) += A(v,m) * B(v,n)` |
//! | (V,M,K) | (V,N,K) | (V,M,N) | `C(v,m,n) += sum_k A(v,m,k) * B(v,n,k)` |
//!
//! As in CuTe, the second and third are the fourth and fifth with a value mode of size 1. The
//! loops visit the domains only, so no access is checked against the data (see the
//! [module](super)); with static layouts the ranks and sizes are constants and the loops
//! compile to the arithmetic over constants, which the compiler vectorizes.

use core::ops::{Add, Mul};

use super::{Engine, EngineMut, Tensor, ViewLayout};
use crate::mixed::{Detail, Error};

/// A multiply-accumulate: `c = a * b + c` on one value of each operand (CuTe's `MMA_Atom`;
/// [`UniversalFma`] is CuTe's `UniversalFMA`).
///
/// ```
/// use cute::tensor::{MmaAtom, UniversalFma};
/// let mut c = 1.0f32;
/// UniversalFma.mma(&mut c, &2.0, &3.0);
/// assert_eq!(c, 7.0);
/// ```
pub trait MmaAtom<A, B, C> {
    /// `c = a * b + c`.
    fn mma(&self, c: &mut C, a: &A, b: &B);
}

/// The scalar multiply-accumulate `c = a * b + c`, for any numbers (CuTe's `UniversalFMA`).
///
/// ```
/// use cute::tensor::{MmaAtom, UniversalFma};
/// let mut c = 5i32;
/// UniversalFma.mma(&mut c, &2, &-3);
/// assert_eq!(c, -1);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UniversalFma;

impl<T: Copy + Mul<Output = T> + Add<Output = T>> MmaAtom<T, T, T> for UniversalFma {
    #[inline(always)]
    fn mma(&self, c: &mut T, a: &T, b: &T) {
        // The element type's own arithmetic, as in the caller's code: `T` decides what overflow
        // does (floats round, `Wrapping` wraps, the integers follow Rust's rules).
        #[allow(clippy::arithmetic_side_effects)]
        let d = *a * *b + *c;
        *c = d;
    }
}

/// `for $i in 0..$count $body`; with `$unroll` and a count of at most 16 (a constant where the
/// layouts are static), the body repeated for each `$i` as straight-line code rather than a
/// loop (a macro, so that no closure stands between the body and the compiler).
macro_rules! each {
    ($unroll:expr, $count:expr, |$i:ident| $body:block) => {{
        let count: usize = $count;
        if $unroll && count <= 16 {
            each!(@unrolled count, $i, $body, 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15);
        } else {
            for $i in 0..count $body
        }
    }};
    (@unrolled $count:ident, $i:ident, $body:block, $($k:literal)*) => {$(
        if $k < $count {
            let $i: usize = $k;
            $body
        }
    )*};
}

/// `C += A * B` by the rank pattern of the three tensors, as CuTe's `gemm`:
///
/// | A | B | C | `C +=` |
/// |---|---|---|---|
/// | (V) | (V) | (V) | `C(v) += A(v) * B(v)` (the atom on each value) |
/// | (M) | (N) | (M,N) | `C(m,n) += A(m) * B(n)` (an outer product) |
/// | (M,K) | (N,K) | (M,N) | `C(m,n) += sum_k A(m,k) * B(n,k)` |
/// | (V,M) | (V,N) | (V,M,N) | `C(v,m,n) += A(v,m) * B(v,n)` |
/// | (V,M,K) | (V,N,K) | (V,M,N) | `C(v,m,n) += sum_k A(v,m,k) * B(v,n,k)` |
///
/// The loops visit the domains only, so no access is checked against the data (see
/// [`tensor`](super)); with static layouts the sizes are constants and the N loop is unrolled
/// (CuTe's `CUTE_UNROLL`), so that a register tile's accumulators stay in registers. A rank
/// pattern outside the table is an error of kind
/// [`RankMismatch`](crate::error::ErrorKind::RankMismatch), modes that must agree and do not one
/// of kind [`InvalidArgument`](crate::error::ErrorKind::InvalidArgument) naming the two sizes.
///
/// ```
/// use cute::layout;
/// use cute::tensor::{gemm, make_tensor, UniversalFma};
/// // (M,K) x (N,K) => (M,N): A is 2 x 3 row-major, B is N x K = 2 x 3 row-major.
/// let (a, b) = ([1, 2, 3, 4, 5, 6], [1, 0, 0, 0, 1, 1]);
/// let mut c = [0; 4];
/// let at = make_tensor(&a[..], layout!((2,3):(3,1))).unwrap();
/// let bt = make_tensor(&b[..], layout!((2,3):(3,1))).unwrap();
/// gemm(&UniversalFma, &at, &bt, &mut make_tensor(&mut c[..], layout!((2,2):(1,2))).unwrap()).unwrap();
/// // C(m,n) = sum_k A(m,k) B(n,k): column-major 2 x 2.
/// assert_eq!(c, [1, 4, 5, 11]);
/// ```
#[inline(always)]
pub fn gemm<'a, 'b, TA, TB, TC, EA, LA, EB, LB, EC, LC, M>(
    mma: &M,
    a: &'a Tensor<EA, LA>,
    b: &'b Tensor<EB, LB>,
    c: &mut Tensor<EC, LC>,
) -> Result<(), Error>
where
    TA: 'a,
    TB: 'b,
    EA: Engine<Value<'a> = &'a TA>,
    EB: Engine<Value<'b> = &'b TB>,
    EC: EngineMut<Elem = TC>,
    LA: ViewLayout,
    LB: ViewLayout,
    LC: ViewLayout,
    M: MmaAtom<TA, TB, TC>,
{
    let (ra, rb, rc) = (a.layout.rank(), b.layout.rank(), c.layout.rank());
    let (sa, sb, sc) = (|k| a.layout.mode_size(k), |k| b.layout.mode_size(k), |k| c.layout.mode_size(k));
    // (V, M, N, K) of each pattern; V = 1 where the pattern has no value mode.
    let (v, m, n, k) = match (ra, rb, rc) {
        (1, 1, 1) => {
            agree(sa(0), sb(0))?;
            agree(sa(0), sc(0))?;
            for i in 0..sa(0) {
                mma.mma(c.at_mut(i), a.at(i), b.at(i));
            }
            return Ok(());
        }
        (1, 1, 2) => (1, sa(0), sb(0), 1),
        (2, 2, 2) => {
            agree(sa(1), sb(1))?;
            (1, sa(0), sb(0), sa(1))
        }
        (2, 2, 3) => {
            agree(sa(0), sb(0))?;
            agree(sa(0), sc(0))?;
            (sa(0), sa(1), sb(1), 1)
        }
        (3, 3, 3) => {
            agree(sa(0), sb(0))?;
            agree(sa(0), sc(0))?;
            agree(sa(2), sb(2))?;
            (sa(0), sa(1), sb(1), sa(2))
        }
        _ => return Err(Error::new("gemm", Detail::GemmRanks { a: ra, b: rb, c: rc })),
    };
    let (cm, cn) = if rc == 2 { (sc(0), sc(1)) } else { (sc(1), sc(2)) };
    agree(m, cm)?;
    agree(n, cn)?;
    // A(v,m,k) is index v + V*(m + M*k), B(v,n,k) is v + V*(n + N*k), C(v,m,n) is v + V*(m + M*n).
    // C's engine is borrowed apart from its origin and layout, so that the compiler knows a
    // write to an element leaves them alone (and keeps a register tile in registers).
    let (engine, base, layout) = (&mut c.engine, c.base, &c.layout);
    // With static layouts the M and N loops are unrolled (CuTe's CUTE_UNROLL), so that a
    // register tile's elements have constant indices and stay in registers.
    let unroll = LA::STATIC_SHAPE && LB::STATIC_SHAPE && LC::STATIC_SHAPE;
    for kk in 0..k {
        each!(unroll, n, |nn| {
            for mm in 0..m {
                for vv in 0..v {
                    // In range: the indices are below the sizes of A, B and C (V*M*K, V*N*K and
                    // V*M*N, checked above against the mode sizes), which fit in i64.
                    #[allow(clippy::arithmetic_side_effects)]
                    let (ia, ib, ic) = (vv + v * (mm + m * kk), vv + v * (nn + n * kk), vv + v * (mm + m * nn));
                    // SAFETY: ic < size(C) (the sizes were checked above), so its offset is
                    // inside the engine by the view's invariant.
                    let slot = unsafe { engine.slot(super::engine_offset(base, layout.at(ic))) };
                    mma.mma(slot, a.at(ia), b.at(ib));
                }
            }
        });
    }
    Ok(())
}

/// Two mode sizes that must be equal.
#[inline(always)]
fn agree(x: usize, y: usize) -> Result<(), Error> {
    if x == y {
        Ok(())
    } else {
        Err(Error::new("gemm", Detail::SizeMismatch { a: x, b: y }))
    }
}
