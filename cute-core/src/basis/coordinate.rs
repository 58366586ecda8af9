//! The coordinate a layout with basis strides evaluates to: its type from the strides' basis
//! elements ([`Coordinate`]), and the offset of a coordinate added into it element by element.

use super::*;

/// A mode of a coordinate that no stride steps along yet: it becomes `0` ([`Fill`]), or a tuple
/// where a longer path goes through it.
#[doc(hidden)]
#[derive(Clone, Copy, Debug, Default)]
pub struct Hole;

/// The coordinate tree `Self` with a mode at the path `P` (outer first): tuples grow to reach
/// index `k`, holes on the way become tuples. A path through a mode that is already an integer
/// (`1@0` beside `1@0@0`) has no impl: those strides do not make one coordinate.
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "basis strides that do not make one coordinate: the mode at the path `{P}` of `{Self}`",
    label = "a basis element inside another that a stride also names (`1@0` beside `1@0@0`)"
)]
pub trait Place<P> {
    /// The grown tree.
    type Output;
}
impl Place<HNil> for Hole {
    type Output = i64;
}
impl Place<HNil> for i64 {
    type Output = i64;
}
impl<K, P> Place<HCons<K, P>> for Hole
where
    HNil: Place<HCons<K, P>>,
{
    type Output = <HNil as Place<HCons<K, P>>>::Output;
}
impl<P> Place<HCons<UTerm, P>> for HNil
where
    Hole: Place<P>,
{
    type Output = HCons<<Hole as Place<P>>::Output, HNil>;
}
impl<U: Unsigned, B: Bit, P> Place<HCons<UInt<U, B>, P>> for HNil
where
    UInt<U, B>: Sub<B1>,
    HNil: Place<HCons<Sub1<UInt<U, B>>, P>>,
{
    type Output = HCons<Hole, <HNil as Place<HCons<Sub1<UInt<U, B>>, P>>>::Output>;
}
impl<H: Place<P>, T, P> Place<HCons<UTerm, P>> for HCons<H, T> {
    type Output = HCons<H::Output, T>;
}
impl<H, T, U: Unsigned, B: Bit, P> Place<HCons<UInt<U, B>, P>> for HCons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: Place<HCons<Sub1<UInt<U, B>>, P>>,
{
    type Output = HCons<H, <T as Place<HCons<Sub1<UInt<U, B>>, P>>>::Output>;
}

/// The coordinate tree spanned by the strides `Self`, grown from `Acc` leaf by leaf.
#[doc(hidden)]
pub trait Codomain<Acc> {
    /// The tree.
    type Output;
}
impl<V, P, Acc: Place<P>> Codomain<Acc> for ScaledBasis<V, P> {
    type Output = Acc::Output;
}
impl<Acc> Codomain<Acc> for Z0 {
    type Output = Acc;
}
impl<Acc> Codomain<Acc> for HNil {
    type Output = Acc;
}
impl<H: Codomain<Acc>, T: Codomain<H::Output>, Acc> Codomain<Acc> for HCons<H, T> {
    type Output = T::Output;
}

/// The tree with its holes as `i64` modes.
#[doc(hidden)]
pub trait Fill {
    /// The coordinate type.
    type Output: Zero;
}
impl Fill for Hole {
    type Output = i64;
}
impl Fill for i64 {
    type Output = i64;
}
impl Fill for HNil {
    type Output = HNil;
}
impl<H: Fill, T: Fill> Fill for HCons<H, T>
where
    HCons<H::Output, T::Output>: Zero,
{
    type Output = HCons<H::Output, T::Output>;
}

/// The coordinate a layout of the basis strides `D` evaluates to: an `i64` per basis element
/// the strides name, in HLists nested as the elements are (`(1@0,1@1)` gives `HList![i64,
/// i64]`; a mode no stride names is 0). Strides that are all `_0` give an `i64`.
///
/// ```
/// use cute::basis::{Coordinate, E};
/// use cute::typenum::{U0, U2};
/// use cute::{HCons, HNil};
/// let c: Coordinate<HCons<E<HCons<U2, HNil>>, HCons<E<HCons<U0, HNil>>, HNil>>> = cute::hlist![0, 0, 0];
/// assert_eq!(c.len(), 3);
/// ```
pub type Coordinate<D> = <<D as Codomain<Hole>>::Output as Fill>::Output;

/// The zero coordinate.
#[doc(hidden)]
pub trait Zero: Copy + fmt::Debug + PartialEq {
    /// Zero.
    fn zero() -> Self;
}
impl Zero for i64 {
    #[inline(always)]
    fn zero() -> Self {
        0
    }
}
impl Zero for HNil {
    #[inline(always)]
    fn zero() -> Self {
        HNil
    }
}
impl<H: Zero, T: Zero> Zero for HCons<H, T> {
    #[inline(always)]
    fn zero() -> Self {
        HCons { head: H::zero(), tail: T::zero() }
    }
}

/// Add `v` to the mode at the path `P` of a coordinate.
#[doc(hidden)]
pub trait AddAt<P> {
    /// `self[P] += v`.
    fn add_at(&mut self, v: i64);
}
impl AddAt<HNil> for i64 {
    // Checked: in `call`'s domain the entry is a partial sum of the terms c * v of its basis
    // element's leaves, each c below its extent, which the layout's construction checked to
    // fit; past the size (the last leaf's share of the index) it may not, and then it panics in
    // every build, as `Layout::call` does.
    #[inline(always)]
    fn add_at(&mut self, v: i64) {
        *self = match self.checked_add(v) {
            Some(sum) => sum,
            None => crate::layout::offset_overflow(),
        };
    }
}
impl<H: AddAt<P>, T, P> AddAt<HCons<UTerm, P>> for HCons<H, T> {
    #[inline(always)]
    fn add_at(&mut self, v: i64) {
        self.head.add_at(v);
    }
}
impl<H, T, U: Unsigned, B: Bit, P> AddAt<HCons<UInt<U, B>, P>> for HCons<H, T>
where
    UInt<U, B>: Sub<B1>,
    T: AddAt<HCons<Sub1<UInt<U, B>>, P>>,
{
    #[inline(always)]
    fn add_at(&mut self, v: i64) {
        self.tail.add_at(v);
    }
}

/// The coordinate of an integral index: `Self` is a shape, `D` its basis strides, `C` the
/// coordinate. Every leaf but the last takes `i % s` and passes `i / s` on; the last leaf
/// takes what is left, as [`Offset`](crate::layout::Offset) does for integer strides.
#[doc(hidden)]
pub trait BasisOffset<D, C> {
    /// Add this mode's part of `i` to `acc`; returns the index left for the following modes.
    fn basis_offset(&self, stride: &D, i: usize, acc: &mut C, last: bool) -> usize;
}
impl<S: Int, V: Int, P, C: AddAt<P>> BasisOffset<ScaledBasis<V, P>, C> for S {
    // In range: the shape's extents are positive, so the division is by a nonzero value; each
    // coordinate c of a leaf but the last is below its extent s, c * v within (s - 1) * |v|,
    // which the layout's construction checked. The last leaf's term, which past the size
    // takes what is left of the index, is checked. Extents and offsets are taken as `usize` and
    // `i64` as the integer strides' `Offset` takes them.
    #[allow(
        clippy::arithmetic_side_effects,
        clippy::cast_possible_truncation,
        clippy::cast_sign_loss,
        clippy::cast_possible_wrap
    )]
    #[inline(always)]
    fn basis_offset(&self, stride: &ScaledBasis<V, P>, i: usize, acc: &mut C, last: bool) -> usize {
        if last {
            // The last leaf takes what is left of the index: past the size, checked.
            match i64::try_from(i).ok().and_then(|c| c.checked_mul(stride.scale.value())) {
                Some(term) => acc.add_at(term),
                None => crate::layout::offset_overflow(),
            }
            return 0;
        }
        let s = self.value() as usize;
        let (rest, c) = (i / s, i % s);
        acc.add_at(c as i64 * stride.scale.value());
        rest
    }
}
impl<S: Int, C> BasisOffset<Z0, C> for S {
    // In range: the shape's extents are positive (checked when the layout was made), so the
    // division is by a nonzero value; see the scaled basis stride's.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    #[inline(always)]
    fn basis_offset(&self, _: &Z0, i: usize, _: &mut C, last: bool) -> usize {
        if last {
            0
        } else {
            i / self.value() as usize
        }
    }
}
impl<C> BasisOffset<HNil, C> for HNil {
    #[inline(always)]
    fn basis_offset(&self, _: &HNil, i: usize, _: &mut C, _: bool) -> usize {
        i
    }
}
impl<H: BasisOffset<DH, C>, T: BasisOffset<DT, C> + MixedList, DH, DT, C> BasisOffset<HCons<DH, DT>, C>
    for HCons<H, T>
{
    #[inline(always)]
    fn basis_offset(&self, stride: &HCons<DH, DT>, i: usize, acc: &mut C, last: bool) -> usize {
        // The head is last when no leaf follows it: trailing empty modes hold nothing.
        let i = self.head.basis_offset(&stride.head, i, acc, last && T::LEAF_COUNT == 0);
        self.tail.basis_offset(&stride.tail, i, acc, last)
    }
}

/// A natural coordinate of a layout with basis strides (see
/// [`CoordOffset`](crate::layout::CoordOffset)): an integer (`usize`), split over the mode, or
/// an HList of coordinates, one per top-level mode.
#[diagnostic::on_unimplemented(
    message = "the coordinate `{Self}` does not fit the layout's shape",
    label = "one entry per top-level mode; a tuple entry only for a tuple mode, an integer for any"
)]
#[doc(hidden)]
pub trait BasisCoord<S, D, C> {
    /// Add this coordinate's image under `shape:stride` to `acc`.
    fn add_image(&self, shape: &S, stride: &D, acc: &mut C);
}
impl<S: BasisOffset<D, C>, D, C> BasisCoord<S, D, C> for usize {
    #[inline(always)]
    fn add_image(&self, shape: &S, stride: &D, acc: &mut C) {
        shape.basis_offset(stride, *self, acc, true);
    }
}
impl<C> BasisCoord<HNil, HNil, C> for HNil {
    #[inline(always)]
    fn add_image(&self, _: &HNil, _: &HNil, _: &mut C) {}
}
impl<SH, ST, DH, DT, C, CH: BasisCoord<SH, DH, C>, CT: BasisCoord<ST, DT, C>>
    BasisCoord<HCons<SH, ST>, HCons<DH, DT>, C> for HCons<CH, CT>
{
    #[inline(always)]
    fn add_image(&self, shape: &HCons<SH, ST>, stride: &HCons<DH, DT>, acc: &mut C) {
        self.head.add_image(&shape.head, &stride.head, acc);
        self.tail.add_image(&shape.tail, &stride.tail, acc);
    }
}
