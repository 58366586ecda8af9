//! What a tensor needs of its layout: the size, the offset of an index, the smallest and largest
//! offsets (checked against the engine once), and, for the crate's layout type, the offset of a
//! slice's fixed coordinates and the static cosize.

use core::ops::{Add, Mul, Sub};

use frunk_core::hlist::{HCons, HNil};
use generic_array::ArrayLength;
use typenum::{Add1, NInt, NonZero, PInt, Prod, Sub1, Sum, Unsigned, B1, U0, Z0};

use crate::layout::{leaves_of, Offset};
use crate::mixed::make::{Compact, Left};
use crate::mixed::{Detail, Error, MixedTuple};
use crate::statics::{Underscore, MAX_LEAVES};
use crate::{arith, Layout};

/// A layout a tensor can have: the crate's [`Layout`] or the dynamic engine's.
///
/// ```
/// use cute::tensor::ViewLayout;
/// let l = cute::layout!((4,3):(-1,4));
/// assert_eq!((l.size(), l.at(5)), (12, -1 + 4));
/// assert_eq!(l.reach("reach").unwrap(), (-3, 8));
/// ```
pub trait ViewLayout {
    /// The error of a layout that reaches outside the data.
    type Error;
    /// The number of coordinates.
    fn size(&self) -> usize;
    /// The offset of index `i < size()`.
    fn at(&self, i: usize) -> isize;
    /// The smallest and largest offsets on the domain.
    fn reach(&self, op: &'static str) -> Result<(i64, i64), Self::Error>;
    /// The error of `op`: offsets `low..=high` from `base` are not inside `0..len`.
    fn outside(op: &'static str, base: usize, low: i64, high: i64, len: usize) -> Self::Error;
    /// The same layout in the dynamic engine.
    #[cfg(feature = "alloc")]
    fn to_dynamic_layout(&self) -> crate::dynamic::Layout;
    /// The shape and stride leaves, in order (at most [`MAX_LEAVES`](crate::statics::MAX_LEAVES)).
    fn leaves(&self, shape: &mut [i64], stride: &mut [i64]) -> usize;
    /// The number of elements from index 0 that the layout keeps contiguous (`L(i) == L(0) + i`
    /// below it, and chunks of any divisor of it starting at its multiples are contiguous too):
    /// the product of the leading leaves whose stride is the product of those before them.
    fn contiguous_run(&self) -> usize {
        let (mut s, mut d) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        let n = self.leaves(&mut s, &mut d);
        let mut run = 1i64;
        for k in 0..n {
            if s[k] == 1 {
                continue;
            }
            if d[k] != run {
                break;
            }
            run = run.saturating_mul(s[k]);
        }
        run as usize
    }
    /// Whether a leaf of extent above 1 has stride 0 (the layout is not injective there).
    fn has_zero_stride(&self) -> bool {
        let (mut s, mut d) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        let n = self.leaves(&mut s, &mut d);
        (0..n).any(|k| s[k] > 1 && d[k] == 0)
    }
    /// Whether index `i` has coordinate 0 in every stride-0 leaf: the first index that reaches
    /// its offset through those leaves (CuTe's copy filters the others out by the nullspace).
    fn first_to_reach(&self, i: usize) -> bool {
        let (mut s, mut d) = ([0i64; MAX_LEAVES], [0i64; MAX_LEAVES]);
        let n = self.leaves(&mut s, &mut d);
        let mut rest = i;
        for k in 0..n {
            let e = s[k].max(1) as usize;
            if d[k] == 0 && !rest.is_multiple_of(e) {
                return false;
            }
            rest /= e;
        }
        true
    }
}

/// `(low, high)`: the sums of the negative and positive `(s - 1) * d` over the leaves.
fn reach_of(shape: &[i64], stride: &[i64]) -> Result<(i64, i64), arith::Overflow> {
    let (mut low, mut high) = (0i64, 0i64);
    for (s, d) in shape.iter().zip(stride) {
        let span = arith::mul(s - 1, *d)?;
        if span < 0 {
            low = arith::add(low, span)?;
        } else {
            high = arith::add(high, span)?;
        }
    }
    Ok((low, high))
}

impl<S: MixedTuple + Offset<D>, D: MixedTuple> ViewLayout for Layout<S, D> {
    type Error = Error;
    #[inline(always)]
    fn size(&self) -> usize {
        Layout::size(self) as usize
    }
    #[inline(always)]
    fn at(&self, i: usize) -> isize {
        self.call(i)
    }
    fn reach(&self, op: &'static str) -> Result<(i64, i64), Error> {
        let (s, n) = leaves_of(&self.shape).map_err(|d| Error::new(op, d))?;
        let (d, _) = leaves_of(&self.stride).map_err(|d| Error::new(op, d))?;
        reach_of(&s[..n], &d[..n]).map_err(|o| Error::new(op, Detail::Overflow(o)))
    }
    fn outside(op: &'static str, base: usize, low: i64, high: i64, len: usize) -> Error {
        Error::new(op, Detail::OutsideData { base, low, high, len })
    }
    #[cfg(feature = "alloc")]
    fn to_dynamic_layout(&self) -> crate::dynamic::Layout {
        self.to_dynamic()
    }
    #[inline(always)]
    fn leaves(&self, shape: &mut [i64], stride: &mut [i64]) -> usize {
        if S::LEAF_COUNT > shape.len().min(stride.len()) {
            return 0;
        }
        self.stride.write_leaves(stride, 0);
        self.shape.write_leaves(shape, 0)
    }
}

#[cfg(feature = "alloc")]
impl ViewLayout for crate::dynamic::Layout {
    type Error = crate::dynamic::Error;
    fn size(&self) -> usize {
        crate::dynamic::Layout::size(self).unwrap_or(0) as usize
    }
    fn at(&self, i: usize) -> isize {
        // Inside the domain of a layout whose reach fits, the offset fits.
        self.call(i as i64).unwrap_or(0) as isize
    }
    fn reach(&self, _: &'static str) -> Result<(i64, i64), crate::dynamic::Error> {
        let shape: alloc::vec::Vec<i64> = self.shape().leaves().into_iter().copied().collect();
        let stride: alloc::vec::Vec<i64> = self.stride().leaves().into_iter().copied().collect();
        Ok(reach_of(&shape, &stride)?)
    }
    fn outside(op: &'static str, base: usize, low: i64, high: i64, len: usize) -> crate::dynamic::Error {
        let e = Error::new(op, Detail::OutsideData { base, low, high, len });
        crate::dynamic::Error::new(e.kind(), alloc::format!("{}", e).split_once(": ").map_or("", |x| x.1))
    }
    fn to_dynamic_layout(&self) -> crate::dynamic::Layout {
        self.clone()
    }
    fn leaves(&self, shape: &mut [i64], stride: &mut [i64]) -> usize {
        let (s, d) = (self.shape().leaves(), self.stride().leaves());
        if s.len() > shape.len().min(stride.len()) {
            return 0;
        }
        for (k, (x, y)) in s.iter().zip(&d).enumerate() {
            shape[k] = **x;
            stride[k] = **y;
        }
        s.len()
    }
}

/// What the crate's functions return: a layout (all operands static) or a `Result` of one.
///
/// ```
/// use cute::tensor::LayoutResult;
/// assert_eq!(cute::layout!(4:1).into_layout().unwrap().to_string(), "_4:_1");
/// ```
pub trait LayoutResult {
    /// The layout.
    type Layout;
    /// The error.
    type Error;
    /// The layout, or the error.
    fn into_layout(self) -> Result<Self::Layout, Self::Error>;
}

impl<S, D> LayoutResult for Layout<S, D> {
    type Layout = Self;
    type Error = Error;
    fn into_layout(self) -> Result<Self, Error> {
        Ok(self)
    }
}

impl<S, D> LayoutResult for Result<Layout<S, D>, Error> {
    type Layout = Layout<S, D>;
    type Error = Error;
    fn into_layout(self) -> Self {
        self
    }
}

#[cfg(feature = "alloc")]
impl LayoutResult for crate::dynamic::Layout {
    type Layout = Self;
    type Error = crate::dynamic::Error;
    fn into_layout(self) -> Result<Self, crate::dynamic::Error> {
        Ok(self)
    }
}

#[cfg(feature = "alloc")]
impl LayoutResult for crate::dynamic::Result<crate::dynamic::Layout> {
    type Layout = crate::dynamic::Layout;
    type Error = crate::dynamic::Error;
    fn into_layout(self) -> Self {
        self
    }
}

/// The offset of a slice's fixed coordinates in the layout `S:D`, each checked to lie inside its
/// mode: `_` adds nothing, an integer is an index into its mode (below the mode's size), a tuple
/// goes mode by mode.
///
/// ```
/// use cute::tensor::SliceOffset;
/// use cute::{coord, layout};
/// let l = layout!((8,4):(1,8));
/// assert_eq!(coord!((_,2)).fixed_offset(l.shape(), l.stride()), Ok(16));
/// assert!(coord!((_,4)).fixed_offset(l.shape(), l.stride()).is_err());
/// ```
pub trait SliceOffset<S, D> {
    /// The offset, or an error of kind
    /// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange).
    fn fixed_offset(&self, shape: &S, stride: &D) -> Result<isize, Error>;
}

impl<S, D> SliceOffset<S, D> for Underscore {
    #[inline(always)]
    fn fixed_offset(&self, _: &S, _: &D) -> Result<isize, Error> {
        Ok(0)
    }
}

impl<S: MixedTuple + Offset<D>, D> SliceOffset<S, D> for usize {
    #[inline(always)]
    fn fixed_offset(&self, shape: &S, stride: &D) -> Result<isize, Error> {
        let size = super::engine::mode_size(shape);
        if *self < size {
            Ok(shape.offset(stride, *self, 0, true).1)
        } else {
            Err(Error::new("slice", Detail::IndexOutOfRange { index: *self, size: size as i64 }))
        }
    }
}

impl SliceOffset<HNil, HNil> for HNil {
    #[inline(always)]
    fn fixed_offset(&self, _: &HNil, _: &HNil) -> Result<isize, Error> {
        Ok(0)
    }
}

impl<CH: SliceOffset<SH, DH>, CT: SliceOffset<ST, DT>, SH, ST, DH, DT> SliceOffset<HCons<SH, ST>, HCons<DH, DT>>
    for HCons<CH, CT>
{
    #[inline(always)]
    fn fixed_offset(&self, shape: &HCons<SH, ST>, stride: &HCons<DH, DT>) -> Result<isize, Error> {
        Ok(self.head.fixed_offset(&shape.head, &stride.head)? + self.tail.fixed_offset(&shape.tail, &stride.tail)?)
    }
}

/// The static cosize of a layout whose leaves are all static, as a typenum unsigned (the length
/// of an owning tensor's array).
///
/// ```
/// use cute::tensor::StaticCosize;
/// use cute::typenum::Unsigned;
/// type L = cute::Layout![(4,(3,2)):(2,(8,-1))];
/// assert_eq!(<L as StaticCosize>::Cosize::USIZE, 1 + 3 * 2 + 2 * 8 + 1);
/// ```
pub trait StaticCosize {
    /// `1 + sum((s - 1) * |d|)`.
    type Cosize: ArrayLength;
}

impl<S: Reach<D>, D> StaticCosize for Layout<S, D>
where
    S::Output: Add<B1>,
    Add1<S::Output>: ArrayLength,
{
    type Cosize = Add1<S::Output>;
}

/// `sum((s - 1) * |d|)` over the static leaves of `Self:D`.
pub trait Reach<D> {
    /// The sum, a typenum unsigned.
    type Output;
}

/// `|d|` of a static stride leaf.
pub trait AbsValue {
    /// The magnitude, a typenum unsigned.
    type Output;
}
impl<U: Unsigned + NonZero> AbsValue for PInt<U> {
    type Output = U;
}
impl<U: Unsigned + NonZero> AbsValue for NInt<U> {
    type Output = U;
}
impl AbsValue for Z0 {
    type Output = U0;
}

impl<U: Unsigned + NonZero + Sub<B1>, D: AbsValue> Reach<D> for PInt<U>
where
    Sub1<U>: Mul<D::Output>,
{
    type Output = Prod<Sub1<U>, D::Output>;
}
impl Reach<HNil> for HNil {
    type Output = U0;
}
impl<SH: Reach<DH>, ST: Reach<DT>, DH, DT> Reach<HCons<DH, DT>> for HCons<SH, ST>
where
    SH::Output: Add<ST::Output>,
{
    type Output = Sum<SH::Output, ST::Output>;
}

/// A shape and its compact column-major layout, for the identity tensor.
///
/// ```
/// use cute::tensor::CompactShape;
/// assert_eq!(cute::hlist![3i64, 4i64].compact().unwrap().to_string(), "(3,4):(_1,3)");
/// ```
pub trait CompactShape: MixedTuple + Sized {
    /// The compact column-major stride.
    type Compact: MixedTuple;
    /// The compact column-major layout, or an error when a runtime extent is not positive.
    fn compact(self) -> Result<Layout<Self, Self::Compact>, Error>;
}

impl<S: MixedTuple + Compact<typenum::P1, Left>> CompactShape for S
where
    S::Stride: MixedTuple,
{
    type Compact = S::Stride;
    fn compact(self) -> Result<Layout<S, S::Stride>, Error> {
        crate::mixed::make_layout(self)
    }
}
