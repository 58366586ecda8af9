//! A swizzled layout as a tensor's layout ([`ViewLayout`]).

use super::ComposedLayout;
use crate::arith;
use crate::mixed::Detail;
use crate::swizzle::SwizzleFn;
use crate::tensor::{PlainLayout, ViewLayout};

/// A swizzled layout `Sw o offset o L` as a tensor's layout: a swizzled shared-memory tile.
/// Offsets are `Sw(offset + L(i))`; the leaf queries that read strides as steps between
/// offsets are answered for the swizzle:
///
/// - the reach is the inner layout's, moved by the offset and widened to whole blocks of
///   `2^T` offsets, `T` the top of the swizzle's XOR-ed field (a swizzle keeps the bits above
///   it, so it keeps each such block), so a view checks that its data holds whole blocks;
/// - the contiguous run is the largest power of two, at most `2^M`, that the inner run, the
///   offset and the strides of the other leaves are multiples of (a swizzle keeps runs of
///   `2^M` aligned offsets together);
/// - there is no first leaf to step along and no unit-stride leaf, so `copy` goes element by
///   element where the runs are single.
///
/// ```
/// use cute::{layout, ComposedLayout};
/// use cute::swizzle::Sw128B;
/// use cute::tensor::{make_tensor, ViewLayout};
/// // 8 rows of 64 bytes, indexed (column, row): runs of 16 bytes stay together.
/// let smem = ComposedLayout::new(Sw128B::new(), 0, layout!((64,8):(1,64))).unwrap();
/// assert_eq!((smem.size(), smem.contiguous_run(), smem.reach("view").unwrap()), (512, 16, (0, 511)));
/// // Moved by 8 bytes, the offsets reach into the next 128-byte block, and runs are of 8.
/// let moved = ComposedLayout::new(Sw128B::new(), 8, layout!((64,8):(1,64))).unwrap();
/// assert_eq!((moved.contiguous_run(), moved.reach("view").unwrap()), (8, (0, 639)));
/// let data = vec![0u8; 640];
/// assert!(make_tensor(&data[..], moved).is_ok());
/// assert!(make_tensor(&data[..639], moved).is_err());
/// ```
impl<W: SwizzleFn, L: PlainLayout> ViewLayout for ComposedLayout<W, L> {
    type Error = L::Error;
    const STATIC_SHAPE: bool = L::STATIC_SHAPE;
    const STATIC_RUN: usize = 1;
    #[inline(always)]
    fn size(&self) -> usize {
        self.inner().size()
    }
    // In range: on the domain, the offsets lie in the reach, which fits in isize for a view.
    #[allow(clippy::cast_possible_truncation)]
    #[inline(always)]
    fn at(&self, i: usize) -> isize {
        self.outer(self.inner().at(i) as i64) as isize
    }
    fn error(op: &'static str, detail: Detail) -> L::Error {
        L::error(op, detail)
    }
    #[cfg(feature = "alloc")]
    fn to_dynamic_layout(&self) -> crate::dynamic::Layout {
        self.inner().to_dynamic_layout()
    }
    #[inline(always)]
    fn rank(&self) -> usize {
        self.inner().rank()
    }
    #[inline(always)]
    fn mode_size(&self, k: usize) -> usize {
        self.inner().mode_size(k)
    }
    #[inline(always)]
    fn fold_leaves<A>(&self, acc: A, f: &mut impl FnMut(A, i64, i64) -> A) -> A {
        self.inner().fold_leaves(acc, f)
    }
    fn reach(&self, op: &'static str) -> Result<(i64, i64), L::Error> {
        let overflow = |o| L::error(op, Detail::Overflow(o));
        let (low, high) = self.inner().reach(op)?;
        let (low, high) =
            (arith::add(low, self.offset()).map_err(overflow)?, arith::add(high, self.offset()).map_err(overflow)?);
        let zzz = self.swizzle().swizzle_fn().zzz_mask();
        if zzz == 0 {
            return Ok((low, high));
        }
        // The swizzle changes only the bits of its ZZZ field, so it keeps each aligned block of
        // 2^t offsets, t one past the field's top bit (1 to 63: the mask is positive); a block
        // of 2^63 is past i64.
        #[allow(clippy::arithmetic_side_effects)]
        let t = 64 - zzz.leading_zeros();
        let block = match 1i64.checked_shl(t) {
            Some(b) if b > 0 => b,
            _ => return Err(overflow(arith::Overflow { op: "<<", lhs: 1, rhs: i64::from(t) })),
        };
        // In range: block is a power of two up to 2^62, which divides i64::MIN, so the multiple
        // of block at or below x is at least i64::MIN.
        #[allow(clippy::arithmetic_side_effects)]
        let first = |x: i64| x.div_euclid(block) * block;
        // In range: block >= 2.
        #[allow(clippy::arithmetic_side_effects)]
        let last = arith::add(first(high), block - 1).map_err(overflow)?;
        Ok((first(low), last))
    }
    fn contiguous_run(&self) -> usize {
        let inner = self.inner().contiguous_run();
        let sw = self.swizzle().swizzle_fn();
        if sw.is_identity() {
            return inner;
        }
        // A run of r = 2^k indices from a multiple of r stays contiguous through the offset and
        // the swizzle when it is contiguous in the inner layout (r divides the inner run, which
        // divides the size), starts at a multiple of r (r divides the offset and the strides of
        // the leaves after the inner run), and r <= 2^M (the swizzle moves only bits from M up,
        // so it keeps aligned blocks of 2^M in order). The largest such r is the gcd of those.
        let k = inner.trailing_zeros().min(sw.base().unsigned_abs());
        // In range: k <= 63 - 1, since inner <= i64::MAX has at most 62 trailing zeros.
        #[allow(clippy::arithmetic_side_effects)]
        let mut g = arith::gcd(1i64 << k, self.offset());
        self.inner().fold_leaves((1i64, true), &mut |(run, open), s, d| {
            if open && (s == 1 || d == run) {
                (run.saturating_mul(s), true)
            } else {
                if s > 1 {
                    g = arith::gcd(g, d);
                }
                (run, false)
            }
        });
        // In range: g divides 2^k, so it is a power of two from 1 to 2^62.
        #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
        let run = g as usize;
        run
    }
    fn first_leaf(&self) -> (usize, isize) {
        (1, 0)
    }
    fn unit_stride_start(&self) -> Option<usize> {
        None
    }
}
