//! Compact layouts of mixed shapes: CuTe's `make_layout(shape)` (column-major, `LayoutLeft`)
//! and `make_layout(shape, LayoutRight{})` (row-major), for shapes whose leaves are each static
//! or runtime.
//!
//! A stride is the product of the extents before its leaf (after it, row-major), so it is static
//! exactly when those extents are: `(m,_4)` gets `(_1,m)`, `(_4,m)` gets `(_1,_4)`. A static
//! extent 1 gets stride `_0`, as in CuTe; a runtime extent that happens to be 1 keeps its
//! product, since that is not known at compile time.

use frunk_core::hlist::{HCons, HNil};
use typenum::{PInt, B0, B1, Z0};

use super::error::Error;
use super::int::{Digits, Int, IsStatic, MulI};
use super::layout::{check_extents, MixedLayout};
use super::tuple::MixedTuple;
use crate::arith::Overflow;

/// Column-major: the first mode varies fastest (CuTe's `LayoutLeft`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Left;
/// Row-major: the last mode varies fastest (CuTe's `LayoutRight`).
#[derive(Clone, Copy, Debug, Default)]
pub struct Right;

/// The compact strides of a mixed shape, starting from the running product `Cur`, in the
/// order `Major` ([`Left`] or [`Right`]).
///
/// ```
/// use cute_core::mixed::make::{Compact, Right};
/// use frunk_core::hlist;
/// use typenum::{P1, P4};
/// // Row-major (m, _4) with m = 3: strides (_4, _1), then the size 12.
/// let (stride, size) = <_ as Compact<P1, Right>>::compact(&hlist![3i64, P4::new()], P1::new()).unwrap();
/// assert_eq!((stride, size), (hlist![P4::new(), P1::new()], 12));
/// ```
pub trait Compact<Cur, Major> {
    /// The strides, congruent to the shape.
    type Stride;
    /// The running product after this shape.
    type Next: Int;
    /// The strides and the product after them, or [`Overflow`].
    fn compact(&self, cur: Cur) -> Result<(Self::Stride, Self::Next), Overflow>;
}

/// A leaf's stride: `_0` for the static extent 1 (`B1`), the running product otherwise.
pub trait LeafStride<Cur> {
    /// The stride's leaf type.
    type Output: Int;
    /// The stride.
    fn pick(cur: Cur) -> Self::Output;
}
impl<Cur: Int> LeafStride<Cur> for B1 {
    type Output = Z0;
    fn pick(_: Cur) -> Z0 {
        Z0::new()
    }
}
impl<Cur: Int> LeafStride<Cur> for B0 {
    type Output = Cur;
    fn pick(cur: Cur) -> Cur {
        cur
    }
}

impl<U: Digits, Cur: MulI<PInt<U>>, M> Compact<Cur, M> for PInt<U>
where
    PInt<U>: IsStatic,
    <PInt<U> as IsStatic>::One: LeafStride<Cur>,
{
    type Stride = <<PInt<U> as IsStatic>::One as LeafStride<Cur>>::Output;
    type Next = <Cur as MulI<PInt<U>>>::Output;
    #[inline(always)]
    fn compact(&self, cur: Cur) -> Result<(Self::Stride, Self::Next), Overflow> {
        Ok((<<PInt<U> as IsStatic>::One as LeafStride<Cur>>::pick(cur), cur.mul_i(*self)?))
    }
}
impl<Cur: MulI<i64>, M> Compact<Cur, M> for i64 {
    type Stride = Cur;
    type Next = <Cur as MulI<i64>>::Output;
    #[inline(always)]
    fn compact(&self, cur: Cur) -> Result<(Cur, Self::Next), Overflow> {
        Ok((cur, cur.mul_i(*self)?))
    }
}

impl<Cur: Int, M> Compact<Cur, M> for HNil {
    type Stride = HNil;
    type Next = Cur;
    #[inline(always)]
    fn compact(&self, cur: Cur) -> Result<(HNil, Cur), Overflow> {
        Ok((HNil, cur))
    }
}

/// Column-major: the head's strides first, the tail continues from the head's product.
impl<H, T, Cur> Compact<Cur, Left> for HCons<H, T>
where
    H: Compact<Cur, Left>,
    T: Compact<H::Next, Left>,
{
    type Stride = HCons<H::Stride, T::Stride>;
    type Next = T::Next;
    #[inline(always)]
    fn compact(&self, cur: Cur) -> Result<(Self::Stride, T::Next), Overflow> {
        let (head, cur) = self.head.compact(cur)?;
        let (tail, next) = self.tail.compact(cur)?;
        Ok((HCons { head, tail }, next))
    }
}

/// Row-major: the tail's strides first, the head continues from the tail's product.
impl<H, T, Cur> Compact<Cur, Right> for HCons<H, T>
where
    T: Compact<Cur, Right>,
    H: Compact<T::Next, Right>,
{
    type Stride = HCons<H::Stride, T::Stride>;
    type Next = H::Next;
    #[inline(always)]
    fn compact(&self, cur: Cur) -> Result<(Self::Stride, H::Next), Overflow> {
        let (tail, cur) = self.tail.compact(cur)?;
        let (head, next) = self.head.compact(cur)?;
        Ok((HCons { head, tail }, next))
    }
}

/// The compact layout of `shape` in the order `M`.
fn make<S, M>(op: &'static str, shape: S) -> Result<MixedLayout<S, S::Stride>, Error>
where
    S: MixedTuple + Compact<typenum::P1, M>,
    S::Stride: MixedTuple,
{
    check_extents(op, &shape)?;
    // The product after the last leaf is the size, which check_extents has bounded: no stride
    // overflows, but the product is still checked rather than assumed.
    let (stride, _) = shape.compact(typenum::P1::new()).map_err(|o| Error::new(op, o.into()))?;
    Ok(MixedLayout::from_parts(shape, stride))
}

/// The compact column-major layout of a mixed shape (CuTe's `make_layout(shape)`); an error
/// when a runtime extent is not positive or the size is past i64.
///
/// ```
/// use cute_core::mixed::make_layout;
/// use frunk_core::hlist;
/// use typenum::{P1, P4};
/// // (m, _4, _1) with m = 6: strides (_1, m, _0); the static extent 1 gets _0.
/// let l = make_layout(hlist![6i64, P4::new(), P1::new()]).unwrap();
/// assert_eq!(l.to_string(), "(6,_4,_1):(_1,6,_0)");
/// // (_4, m): both strides static.
/// assert_eq!(make_layout(hlist![P4::new(), 6i64]).unwrap().to_string(), "(_4,6):(_1,_4)");
/// assert!(make_layout(hlist![P4::new(), 0i64]).is_err());
/// ```
pub fn make_layout<S>(shape: S) -> Result<MixedLayout<S, <S as Compact<typenum::P1, Left>>::Stride>, Error>
where
    S: MixedTuple + Compact<typenum::P1, Left>,
    <S as Compact<typenum::P1, Left>>::Stride: MixedTuple,
{
    make("make_layout", shape)
}

/// The compact row-major layout of a mixed shape (CuTe's `make_layout(shape, LayoutRight{})`);
/// an error when a runtime extent is not positive or the size is past i64.
///
/// ```
/// use cute_core::mixed::make_layout_right;
/// use frunk_core::hlist;
/// use typenum::P4;
/// // An m x 4 row-major matrix: (m,_4):(_4,_1).
/// assert_eq!(make_layout_right(hlist![6i64, P4::new()]).unwrap().to_string(), "(6,_4):(_4,_1)");
/// // A 4 x m one: (_4,m):(m,_1).
/// assert_eq!(make_layout_right(hlist![P4::new(), 6i64]).unwrap().to_string(), "(_4,6):(6,_1)");
/// ```
pub fn make_layout_right<S>(shape: S) -> Result<MixedLayout<S, <S as Compact<typenum::P1, Right>>::Stride>, Error>
where
    S: MixedTuple + Compact<typenum::P1, Right>,
    <S as Compact<typenum::P1, Right>>::Stride: MixedTuple,
{
    make("make_layout_right", shape)
}
