//! CuTe's `append` of a layout to a rank and the zip of two padded layouts mode by mode: the
//! pieces of the rank-sensitive products (`blocked_product`, `raked_product`).

use crate::mixed::int::Int;
use frunk_core::hlist::{HCons, HNil};
use typenum::{P1, Z0};

/// CuTe's `append<R>`: the layout `Self` (its shape; `D` its stride) padded with `_1:_0` modes to
/// the rank of the shape `B`, when that is larger. A leaf stays a leaf against a rank-1 `B`.
pub trait PadTo<D, B> {
    /// The padded shape.
    type Shape;
    /// The padded stride.
    type Stride;
    /// Pad.
    fn pad(self, stride: D) -> (Self::Shape, Self::Stride);
}
/// A leaf against a leaf or a rank-1 tuple stays.
impl<S: Int, D, B: Int> PadTo<D, B> for S {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn pad(self, stride: D) -> (S, D) {
        (self, stride)
    }
}
impl<S: Int, D, X> PadTo<D, HCons<X, HNil>> for S {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn pad(self, stride: D) -> (S, D) {
        (self, stride)
    }
}
/// A leaf against a tuple of rank 2 or more becomes its first mode.
impl<S: Int, D, X, Y, T> PadTo<D, HCons<X, HCons<Y, T>>> for S
where
    HNil: PadList<HNil, HCons<Y, T>>,
{
    type Shape = HCons<S, <HNil as PadList<HNil, HCons<Y, T>>>::Shape>;
    type Stride = HCons<D, <HNil as PadList<HNil, HCons<Y, T>>>::Stride>;
    #[inline(always)]
    fn pad(self, stride: D) -> (Self::Shape, Self::Stride) {
        let (s, d) = HNil.pad_list(HNil);
        (HCons { head: self, tail: s }, HCons { head: stride, tail: d })
    }
}
/// A tuple against a leaf stays.
impl<H, T, D, B: Int> PadTo<D, B> for HCons<H, T> {
    type Shape = HCons<H, T>;
    type Stride = D;
    #[inline(always)]
    fn pad(self, stride: D) -> (Self::Shape, D) {
        (self, stride)
    }
}
/// A tuple against a tuple: mode by mode, `_1:_0` past its own modes.
impl<H, T, D, X, BT> PadTo<D, HCons<X, BT>> for HCons<H, T>
where
    HCons<H, T>: PadList<D, HCons<X, BT>>,
{
    type Shape = <HCons<H, T> as PadList<D, HCons<X, BT>>>::Shape;
    type Stride = <HCons<H, T> as PadList<D, HCons<X, BT>>>::Stride;
    #[inline(always)]
    fn pad(self, stride: D) -> (Self::Shape, Self::Stride) {
        self.pad_list(stride)
    }
}

/// [`PadTo`] on the elements of two tuples.
pub trait PadList<D, B> {
    /// The padded shapes.
    type Shape;
    /// The padded strides.
    type Stride;
    /// Pad.
    fn pad_list(self, stride: D) -> (Self::Shape, Self::Stride);
}
impl<S, D> PadList<D, HNil> for S {
    type Shape = S;
    type Stride = D;
    #[inline(always)]
    fn pad_list(self, stride: D) -> (S, D) {
        (self, stride)
    }
}
impl<X, BT> PadList<HNil, HCons<X, BT>> for HNil
where
    HNil: PadList<HNil, BT>,
{
    type Shape = HCons<P1, <HNil as PadList<HNil, BT>>::Shape>;
    type Stride = HCons<Z0, <HNil as PadList<HNil, BT>>::Stride>;
    #[inline(always)]
    fn pad_list(self, _: HNil) -> (Self::Shape, Self::Stride) {
        let (s, d) = <HNil as PadList<HNil, BT>>::pad_list(HNil, HNil);
        (HCons { head: P1::new(), tail: s }, HCons { head: Z0::new(), tail: d })
    }
}
impl<H, T, DH, DT, X, BT> PadList<HCons<DH, DT>, HCons<X, BT>> for HCons<H, T>
where
    T: PadList<DT, BT>,
{
    type Shape = HCons<H, <T as PadList<DT, BT>>::Shape>;
    type Stride = HCons<DH, <T as PadList<DT, BT>>::Stride>;
    #[inline(always)]
    fn pad_list(self, stride: HCons<DH, DT>) -> (Self::Shape, Self::Stride) {
        let (s, d) = <T as PadList<DT, BT>>::pad_list(self.tail, stride.tail);
        (HCons { head: self.head, tail: s }, HCons { head: stride.head, tail: d })
    }
}

/// CuTe's `zip` of two layouts `x` (`Self` its shape, `XD` its stride) and `y`:
/// `((x0,y0),(x1,y1),...)`, and `((x,y))` for a leaf `x`.
pub trait ZipWith<XD, YS, YD> {
    /// The zipped shape.
    type Shape;
    /// The zipped stride.
    type Stride;
    /// Zip.
    fn zip_with(self, xd: XD, ys: YS, yd: YD) -> (Self::Shape, Self::Stride);
}
impl<X: Int, XD, YS, YD> ZipWith<XD, YS, YD> for X {
    type Shape = HCons<HCons<X, HCons<YS, HNil>>, HNil>;
    type Stride = HCons<HCons<XD, HCons<YD, HNil>>, HNil>;
    #[inline(always)]
    fn zip_with(self, xd: XD, ys: YS, yd: YD) -> (Self::Shape, Self::Stride) {
        (
            HCons { head: HCons { head: self, tail: HCons { head: ys, tail: HNil } }, tail: HNil },
            HCons { head: HCons { head: xd, tail: HCons { head: yd, tail: HNil } }, tail: HNil },
        )
    }
}
impl ZipWith<HNil, HNil, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn zip_with(self, _: HNil, _: HNil, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<XH, XT, XDH, XDT, YH, YT, YDH, YDT> ZipWith<HCons<XDH, XDT>, HCons<YH, YT>, HCons<YDH, YDT>> for HCons<XH, XT>
where
    XT: ZipList<XDT, YT, YDT>,
{
    type Shape = HCons<HCons<XH, HCons<YH, HNil>>, <XT as ZipList<XDT, YT, YDT>>::Shape>;
    type Stride = HCons<HCons<XDH, HCons<YDH, HNil>>, <XT as ZipList<XDT, YT, YDT>>::Stride>;
    #[inline(always)]
    fn zip_with(self, xd: HCons<XDH, XDT>, ys: HCons<YH, YT>, yd: HCons<YDH, YDT>) -> (Self::Shape, Self::Stride) {
        let (s, d) = <XT as ZipList<XDT, YT, YDT>>::zip_list(self.tail, xd.tail, ys.tail, yd.tail);
        (
            HCons { head: HCons { head: self.head, tail: HCons { head: ys.head, tail: HNil } }, tail: s },
            HCons { head: HCons { head: xd.head, tail: HCons { head: yd.head, tail: HNil } }, tail: d },
        )
    }
}
/// [`ZipWith`] on the remaining elements (the ranks must agree).
pub trait ZipList<XD, YS, YD> {
    /// The zipped shapes.
    type Shape;
    /// The zipped strides.
    type Stride;
    /// Zip.
    fn zip_list(self, xd: XD, ys: YS, yd: YD) -> (Self::Shape, Self::Stride);
}
impl ZipList<HNil, HNil, HNil> for HNil {
    type Shape = HNil;
    type Stride = HNil;
    #[inline(always)]
    fn zip_list(self, _: HNil, _: HNil, _: HNil) -> (HNil, HNil) {
        (HNil, HNil)
    }
}
impl<XH, XT, XDH, XDT, YH, YT, YDH, YDT> ZipList<HCons<XDH, XDT>, HCons<YH, YT>, HCons<YDH, YDT>> for HCons<XH, XT>
where
    XT: ZipList<XDT, YT, YDT>,
{
    type Shape = HCons<HCons<XH, HCons<YH, HNil>>, <XT as ZipList<XDT, YT, YDT>>::Shape>;
    type Stride = HCons<HCons<XDH, HCons<YDH, HNil>>, <XT as ZipList<XDT, YT, YDT>>::Stride>;
    #[inline(always)]
    fn zip_list(self, xd: HCons<XDH, XDT>, ys: HCons<YH, YT>, yd: HCons<YDH, YDT>) -> (Self::Shape, Self::Stride) {
        let (s, d) = <XT as ZipList<XDT, YT, YDT>>::zip_list(self.tail, xd.tail, ys.tail, yd.tail);
        (
            HCons { head: HCons { head: self.head, tail: HCons { head: ys.head, tail: HNil } }, tail: s },
            HCons { head: HCons { head: xd.head, tail: HCons { head: yd.head, tail: HNil } }, tail: d },
        )
    }
}
