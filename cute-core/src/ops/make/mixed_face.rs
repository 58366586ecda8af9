//! Compact layouts of mixed shapes: CuTe's `make_layout(shape)` (column-major, `LayoutLeft`),
//! `make_layout(shape, LayoutRight{})` (row-major) and `make_ordered_layout(shape, order)`, for
//! shapes whose leaves are each static or runtime.
//!
//! A stride is the product of the extents before its leaf (after it, row-major), so it is static
//! exactly when those extents are: `(m,_4)` gets `(_1,m)`, `(_4,m)` gets `(_1,_4)`. A static
//! extent 1 gets stride `_0`, as in CuTe; a runtime extent that happens to be 1 keeps its
//! product, since that is not known at compile time.

use frunk_core::hlist::{HCons, HNil};
use typenum::{Bit, IsLess, PInt, UInt, UTerm, Unsigned, B0, B1, P1, Z0};

use super::static_face::SameRankAs;
use crate::arith::Overflow;
use crate::layout::{check_extents, Layout};
use crate::mixed::error::{Detail, Error};
use crate::mixed::int::{Digits, Int, MulI};
use crate::mixed::tuple::MixedTuple;
use crate::ops::tile::mixed_face::SizeOf;
use crate::statics::report::Holds;
use crate::statics::Leaf;

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
/// use cute::mixed::make::{Compact, Right};
/// use cute::hlist;
/// use cute::typenum::{P1, P4};
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

/// The static extent 1 gets the stride `_0` and leaves the running product alone (chosen by the
/// extent's type, so no comparison is computed).
impl<Cur: Int, M> Compact<Cur, M> for PInt<UInt<UTerm, B1>> {
    type Stride = Z0;
    type Next = Cur;
    #[inline(always)]
    fn compact(&self, cur: Cur) -> Result<(Z0, Cur), Overflow> {
        Ok((Z0::new(), cur))
    }
}
/// A static extent of 2 or more gets the running product, which then grows by the extent.
impl<X: Unsigned, A: Bit, B: Bit, Cur: MulI<PInt<UInt<UInt<X, A>, B>>>, M> Compact<Cur, M> for PInt<UInt<UInt<X, A>, B>>
where
    UInt<UInt<X, A>, B>: Digits,
{
    type Stride = Cur;
    type Next = <Cur as MulI<PInt<UInt<UInt<X, A>, B>>>>::Output;
    #[inline(always)]
    fn compact(&self, cur: Cur) -> Result<(Cur, Self::Next), Overflow> {
        Ok((cur, cur.mul_i(*self)?))
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

/// The function that makes a compact layout in this order, named in its errors.
pub trait Order {
    /// `make_layout` or `make_layout_right`.
    const MAKE: &'static str;
}
impl Order for Left {
    const MAKE: &'static str = "make_layout";
}
impl Order for Right {
    const MAKE: &'static str = "make_layout_right";
}

/// The compact layout of `shape` in the order `M`.
pub(crate) fn make<S, M: Order>(shape: S) -> Result<Layout<S, S::Stride>, Error>
where
    S: MixedTuple + Compact<typenum::P1, M>,
    S::Stride: MixedTuple,
{
    let op = M::MAKE;
    check_extents(op, &shape)?;
    // The product after the last leaf is the size, which check_extents has bounded: no stride
    // overflows, but the product is still checked rather than assumed.
    let (stride, _) = shape.compact(typenum::P1::new()).map_err(|o| Error::new(op, o.into()))?;
    Ok(Layout::from_parts(shape, stride))
}

/// The compact column-major layout of a mixed shape (CuTe's `make_layout(shape)`); an error
/// when a runtime extent is not positive or the size is past i64.
///
/// ```
/// use cute::mixed::make_layout;
/// use cute::hlist;
/// use cute::typenum::{P1, P4};
/// // (m, _4, _1) with m = 6: strides (_1, m, _0); the static extent 1 gets _0.
/// let l = make_layout(hlist![6i64, P4::new(), P1::new()]).unwrap();
/// assert_eq!(l.to_string(), "(6,_4,_1):(_1,6,_0)");
/// // (_4, m): both strides static.
/// assert_eq!(make_layout(hlist![P4::new(), 6i64]).unwrap().to_string(), "(_4,6):(_1,_4)");
/// assert!(make_layout(hlist![P4::new(), 0i64]).is_err());
/// ```
pub fn make_layout<S>(shape: S) -> Result<Layout<S, <S as Compact<typenum::P1, Left>>::Stride>, Error>
where
    S: MixedTuple + Compact<typenum::P1, Left>,
    <S as Compact<typenum::P1, Left>>::Stride: MixedTuple,
{
    make::<S, Left>(shape)
}

/// The compact row-major layout of a mixed shape (CuTe's `make_layout(shape, LayoutRight{})`);
/// an error when a runtime extent is not positive or the size is past i64.
///
/// ```
/// use cute::mixed::make_layout_right;
/// use cute::hlist;
/// use cute::typenum::P4;
/// // An m x 4 row-major matrix: (m,_4):(_4,_1).
/// assert_eq!(make_layout_right(hlist![6i64, P4::new()]).unwrap().to_string(), "(6,_4):(_4,_1)");
/// // A 4 x m one: (_4,m):(m,_1).
/// assert_eq!(make_layout_right(hlist![P4::new(), 6i64]).unwrap().to_string(), "(_4,6):(6,_1)");
/// ```
pub fn make_layout_right<S>(shape: S) -> Result<Layout<S, <S as Compact<typenum::P1, Right>>::Stride>, Error>
where
    S: MixedTuple + Compact<typenum::P1, Right>,
    <S as Compact<typenum::P1, Right>>::Stride: MixedTuple,
{
    make::<S, Right>(shape)
}

/// The groups of `make_ordered_layout`: for each leaf of the order, the size of the part of the
/// shape it covers and the order value, as a list of `(size, order)`.
pub trait OrderGroups<O> {
    /// The groups, in order.
    type Output;
    /// The groups' sizes.
    fn groups(&self) -> Result<Self::Output, Detail>;
}
impl<S: SizeOf, O: Leaf> OrderGroups<O> for S {
    type Output = HCons<(S::Output, O), HNil>;
    fn groups(&self) -> Result<Self::Output, Detail> {
        Ok(HCons { head: (self.size_of()?, O::default()), tail: HNil })
    }
}
impl OrderGroups<HNil> for HNil {
    type Output = HNil;
    fn groups(&self) -> Result<HNil, Detail> {
        Ok(HNil)
    }
}
impl<SH: OrderGroups<OH>, ST: OrderGroups<OT>, OH, OT> OrderGroups<HCons<OH, OT>> for HCons<SH, ST>
where
    SH::Output: core::ops::Add<ST::Output>,
{
    type Output = <SH::Output as core::ops::Add<ST::Output>>::Output;
    // HList concatenation (frunk's `Add`), not integer arithmetic.
    #[allow(clippy::arithmetic_side_effects)]
    fn groups(&self) -> Result<Self::Output, Detail> {
        Ok(self.head.groups()? + self.tail.groups()?)
    }
}

/// The first stride of the group of order `O`: the product of the sizes of the groups whose
/// order is less, static when those sizes are.
pub trait StartOf<O> {
    /// The product's leaf type.
    type Output: Int;
    /// The product.
    fn start(&self) -> Result<Self::Output, Overflow>;
}
impl<O> StartOf<O> for HNil {
    type Output = P1;
    fn start(&self) -> Result<P1, Overflow> {
        Ok(P1::new())
    }
}
impl<Sz: Int, Og: IsLess<O>, T: StartOf<O>, O> StartOf<O> for HCons<(Sz, Og), T>
where
    Og::Output: TimesIf<Sz, T::Output>,
{
    type Output = <Og::Output as TimesIf<Sz, T::Output>>::Output;
    fn start(&self) -> Result<Self::Output, Overflow> {
        <Og::Output as TimesIf<Sz, T::Output>>::times(self.head.0, self.tail.start()?)
    }
}

/// `acc * size` for `B1` (the group comes before), `acc` for `B0`.
pub trait TimesIf<Sz, Acc> {
    /// The product's leaf type.
    type Output: Int;
    /// The product.
    fn times(size: Sz, acc: Acc) -> Result<Self::Output, Overflow>;
}
impl<Sz, Acc: MulI<Sz>> TimesIf<Sz, Acc> for B1 {
    type Output = Acc::Output;
    fn times(size: Sz, acc: Acc) -> Result<Acc::Output, Overflow> {
        acc.mul_i(size)
    }
}
impl<Sz, Acc: Int> TimesIf<Sz, Acc> for B0 {
    type Output = Acc;
    fn times(_: Sz, acc: Acc) -> Result<Acc, Overflow> {
        Ok(acc)
    }
}

/// The strides of `make_ordered_layout`, walking the shape and the order together: each group
/// is column-major from its start; `G` is the list of all groups.
pub trait OrderedStride<O, G> {
    /// The strides, congruent to the shape.
    type Output;
    /// The strides.
    fn ordered(&self, groups: &G) -> Result<Self::Output, Overflow>;
}
impl<S, O: Leaf, G: StartOf<O>> OrderedStride<O, G> for S
where
    S: Compact<G::Output, Left>,
{
    type Output = <S as Compact<G::Output, Left>>::Stride;
    fn ordered(&self, groups: &G) -> Result<Self::Output, Overflow> {
        Ok(self.compact(groups.start()?)?.0)
    }
}
impl<G> OrderedStride<HNil, G> for HNil {
    type Output = HNil;
    fn ordered(&self, _: &G) -> Result<HNil, Overflow> {
        Ok(HNil)
    }
}
impl<SH: OrderedStride<OH, G>, ST: OrderedStride<OT, G>, OH, OT, G> OrderedStride<HCons<OH, OT>, G> for HCons<SH, ST> {
    type Output = HCons<SH::Output, ST::Output>;
    fn ordered(&self, groups: &G) -> Result<Self::Output, Overflow> {
        Ok(HCons { head: self.head.ordered(groups)?, tail: self.tail.ordered(groups)? })
    }
}

/// The order `O` checked to have the shape `S`'s rank.
type OrderOf<O, S> = <O as SameRankAs<S>>::Me;
/// The groups of the shape `S` by the order `O`.
type GroupsOf<S, O> = <S as OrderGroups<OrderOf<O, S>>>::Output;
/// The strides of `make_ordered_layout(S, O)`.
pub type OrderedStrideOf<S, O> = <S as OrderedStride<OrderOf<O, S>, GroupsOf<S, O>>>::Output;

/// The compact layout of a mixed shape with its modes laid out in the static order `order`,
/// congruent to the shape or to its top-level modes (CuTe's `make_ordered_layout`): the group
/// with the smallest order value gets the smallest strides, each group is column-major inside.
/// A stride is static when the sizes of the groups before it are. An error when a runtime
/// extent is not positive or the size is past i64; an order of another rank is a compile error.
///
/// Post-conditions (as the static face's): the layout is compact (a bijection onto
/// `[0, size)` when the order values are distinct) and congruent with the shape.
///
/// ```
/// use cute::mixed::make_ordered_layout;
/// use cute::hlist;
/// use cute::typenum::{P1, P4, Z0};
/// // An m x 4 matrix, row-major by order (1, 0): the runtime m only reaches the later stride.
/// let l = make_ordered_layout(hlist![6i64, P4::new()], hlist![P1::new(), Z0::new()]).unwrap();
/// assert_eq!(l.to_string(), "(6,_4):(_4,_1)");
/// let l = make_ordered_layout(hlist![P4::new(), 6i64], hlist![P1::new(), Z0::new()]).unwrap();
/// assert_eq!(l.to_string(), "(_4,6):(6,_1)");
/// ```
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn make_ordered_layout<S, O>(shape: S, order: O) -> Result<Layout<S, OrderedStrideOf<S, O>>, Error>
where <O as SameRankAs<S>>::Verdict: Holds,
    S: MixedTuple + OrderGroups<OrderOf<O, S>> + OrderedStride<OrderOf<O, S>, GroupsOf<S, O>>,
    O: SameRankAs<S>,
    OrderedStrideOf<S, O>: MixedTuple,
{
    let _ = order;
    let op = "make_ordered_layout";
    check_extents(op, &shape)?;
    let groups = shape.groups().map_err(|d| Error::new(op, d))?;
    let stride = shape.ordered(&groups).map_err(|o| Error::new(op, o.into()))?;
    Ok(Layout::from_parts(shape, stride))
}
