//! Swizzled layouts of the crate's layout type: `Sw o offset o L` (CuTe's `ComposedLayout`), the
//! offset of coordinate `c` being `Sw(offset + L(c))`. The swizzle is static ([`Sw`]) or runtime
//! ([`Swizzle`]); `L` defines the domain, and slicing, composition with a tiler on the right,
//! the divides and (through [`ComposedLayout::map_inner`]) the products apply to it alone; the
//! casts move the swizzle's `M`, and the inverses move the swizzle through the inverse of `L`.
//! A tensor over one is a swizzled shared-memory tile (see [`tensor`](crate::tensor)). The crate
//! root's [`composition`](crate::composition) with a swizzle on the left makes one, as CuTe's
//! `composition(Swizzle, Layout)` does.
//!
//! ```
//! use cute::{coord, layout, ComposedLayout};
//! use cute::swizzle::Sw128B;
//! // 8 rows of 128 bytes, 128-byte swizzled: byte 80 (chunk 5) of row 3 is in chunk 5 ^ 3 = 6.
//! let smem = ComposedLayout::new(Sw128B::new(), 0, layout!((8,128):(128,1))).unwrap();
//! assert_eq!(smem.to_string(), "Sw<3,4,3> o 0 o (_8,_128):(_128,_1)");
//! assert_eq!(smem.call_coord(coord!((3, 80))), 3 * 128 + 16 * 6);
//! ```
//!
//! [`Sw`]: crate::swizzle::Sw
//! [`Swizzle`]: crate::swizzle::Swizzle

mod view;

use core::convert::Infallible;
use core::fmt;

use crate::layout::with_leaves;
use crate::layout::{CoordOffset, Offset};
use crate::mixed::int::{AllStatic, Both, BothStatic, StaticInt};
use crate::mixed::{Detail, Error, MixedTuple, SwizzleInverse};
use crate::ops::composition::mixed_face::Parts;
use crate::ops::composition::static_face::ResultVerdict;
use crate::ops::inverse::static_face::{LeftInverseVerdict, LeftInvert, StaticLayout};
use crate::ops::inverse::static_only::StaticOnly;
use crate::ops::RuntimeTiles;
use crate::ops::{op, Route, Route1, Verdicts, Verdicts1};
use crate::statics::check::{msg, Checked};
use crate::statics::coord::CoordRanks;
use crate::statics::mode::{Kept, SliceOp};
use crate::statics::report::{Holds, Then};
use crate::statics::tiler::TilerCheck;
use crate::statics::ComposeOp;
use crate::statics::IntTuple;
use crate::swizzle::{DowncastSwizzle, NotMoved, NotThrough, Sw, Swizzle, SwizzleFn, UpcastSwizzle};
use crate::tensor::{LayoutResult, SliceOffset, ViewLayout};
use crate::{ComposeWith, FlatDivideBy, Layout, LogicalDivideBy, TiledDivideBy, ZippedDivideBy};
use core::marker::PhantomData;

pub use crate::arith::MAX_CHECKED;

/// The same swizzle over the layout of `R`, a layout or a `Result` of one (the result of the
/// operations that reshape the inner layout).
///
/// ```
/// use cute::composed::Reshaped;
/// use cute::swizzle::Swizzle;
/// let _: Option<Reshaped<Swizzle, cute::Layout![8:1]>> = None;
/// ```
pub type Reshaped<W, R> = ComposedLayout<W, <R as LayoutResult>::Layout>;

/// The slice of `ComposedLayout<W, Layout<S, D>>` by the coordinate `C`.
///
/// ```
/// use cute::composed::SlicedBy;
/// use cute::swizzle::{Swizzle, SW32};
/// use cute::{coord, layout, ComposedLayout, HCons, HNil, Shape, Stride, Underscore};
/// let c = ComposedLayout::new(SW32, 0, layout!((4,8):(8,1))).unwrap();
/// let row: SlicedBy<Swizzle, HCons<usize, HCons<Underscore, HNil>>, Shape![(4,8)], Stride![(8,1)]> =
///     c.slice(coord!((1,_))).unwrap();
/// assert_eq!(row.to_string(), "Sw<1,4,3> o 8 o (_8):(_1)");
/// ```
pub type SlicedBy<W, C, S, D> =
    ComposedLayout<W, Layout<<C as Kept<SliceOp, S, D>>::Shape, <C as Kept<SliceOp, S, D>>::Stride>>;

/// `Sw o offset o L`: a swizzle after a layout and an offset (CuTe's `ComposedLayout`).
///
/// ```
/// use cute::{layout, ComposedLayout};
/// use cute::swizzle::SW32;
/// let c = ComposedLayout::new(SW32, 16, layout!(8:1)).unwrap();
/// assert_eq!((c.call(0), c.size()), (SW32.apply(16) as isize, 8));
/// ```
#[derive(Clone, Copy)]
pub struct ComposedLayout<W, L> {
    swizzle: W,
    offset: i64,
    inner: L,
}

impl<W: SwizzleFn, L: ViewLayout> ComposedLayout<W, L> {
    /// `swizzle o offset o inner` (CuTe's `make_composed_layout`). The offsets `offset + L(i)`
    /// must fit in an `i64` (an error of kind [`Overflow`](crate::error::ErrorKind::Overflow)
    /// naming them otherwise), so that evaluating one never wraps.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// let c = ComposedLayout::new(cute::swizzle::SW64, 0, layout!((4,16):(16,1))).unwrap();
    /// assert_eq!(c.inner().to_string(), "(_4,_16):(_16,_1)");
    /// let e = ComposedLayout::new(cute::swizzle::SW64, i64::MAX - 10, layout!((4,16):(16,1))).unwrap_err();
    /// assert_eq!(e.kind(), cute::error::ErrorKind::Overflow);
    /// ```
    pub fn new(swizzle: W, offset: i64, inner: L) -> Result<Self, L::Error> {
        check_offsets("make_composed_layout", offset, &inner)?;
        Ok(ComposedLayout { swizzle, offset, inner })
    }

    /// The swizzle, applied last.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// assert_eq!(ComposedLayout::new(cute::swizzle::SW64, 0, layout!(8:1)).unwrap().swizzle(), cute::swizzle::SW64);
    /// ```
    pub fn swizzle(&self) -> W {
        self.swizzle
    }

    /// The offset added to the inner layout's before the swizzle.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// assert_eq!(ComposedLayout::new(cute::swizzle::SW64, 7, layout!(8:1)).unwrap().offset(), 7);
    /// ```
    pub fn offset(&self) -> i64 {
        self.offset
    }

    /// The inner layout, which defines the domain.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// assert_eq!(ComposedLayout::new(cute::swizzle::SW64, 0, layout!(8:1)).unwrap().inner().to_string(), "_8:_1");
    /// ```
    pub fn inner(&self) -> &L {
        &self.inner
    }

    /// `Sw(offset + x)`: the swizzle after the offset, for an offset `x` of the inner layout.
    /// On the inner layout's domain the sum fits (the constructors check it); past it (CuTe's
    /// extended domain) it is checked, and an offset that does not fit panics in every build.
    #[inline(always)]
    pub(crate) fn outer(&self, x: i64) -> i64 {
        match self.offset.checked_add(x) {
            Some(o) => self.swizzle.swizzle_fn().apply(o),
            None => crate::layout::offset_overflow(),
        }
    }

    /// The same swizzle and offset over `f` of the inner layout (a layout, or a `Result` of
    /// one): how the operations that reshape the domain apply.
    ///
    /// ```
    /// use cute::{layout, tiler, zipped_divide, ComposedLayout};
    /// let c = ComposedLayout::new(cute::swizzle::SW64, 0, layout!((8,64):(64,1))).unwrap();
    /// let d = c.map_inner(|l| zipped_divide(l, tiler!(<4:1,16:1>))).unwrap();
    /// assert_eq!(d.to_string(), "Sw<2,4,3> o 0 o ((_4,_16),(_2,_4)):((_64,_1),(_256,_16))");
    /// ```
    pub fn map_inner<R: LayoutResult>(self, f: impl FnOnce(L) -> R) -> Result<ComposedLayout<W, R::Layout>, R::Error>
    where
        R::Layout: ViewLayout<Error = R::Error>,
    {
        ComposedLayout::new(self.swizzle, self.offset, f(self.inner).into_layout()?)
    }
}

impl<E: crate::tensor::Engine, W: SwizzleFn, S, D> crate::tensor::Tensor<E, ComposedLayout<W, Layout<S, D>>>
where
    Layout<S, D>: ViewLayout<Error = Error>,
    S: MixedTuple,
    D: MixedTuple,
{
    /// The sub-tensor of the modes marked `_` in `coord` of a swizzled tensor (CuTe's
    /// `tensor(coord)`): the layout's [`slice`](ComposedLayout::slice), the fixed entries'
    /// offset moved inside the swizzle, as a shared-memory stage `sA(_,_,stage)` is taken.
    ///
    /// ```
    /// use cute::{coord, layout, ComposedLayout};
    /// use cute::tensor::make_tensor;
    /// let data: Vec<u32> = (0..8 * 128 * 2).collect();
    /// let stages = ComposedLayout::new(cute::swizzle::SW128, 0, layout!((8,128,2):(128,1,1024))).unwrap();
    /// let t = make_tensor(&data[..], stages).unwrap();
    /// let second = t.slice(coord!((_, _, 1))).unwrap();
    /// assert_eq!(second.layout().to_string(), "Sw<3,4,3> o 1024 o (_8,_128):(_128,_1)");
    /// assert_eq!(second.get(0), Some(&1024));
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn slice<C>(self, coord: C) -> Result<crate::tensor::Tensor<E, SlicedBy<W, C, S, D>>, Error>
    where
        C: Kept<SliceOp, S, D> + SliceOffset<S, D>,
        Layout<<C as Kept<SliceOp, S, D>>::Shape, <C as Kept<SliceOp, S, D>>::Stride>:
            crate::tensor::PlainLayout + ViewLayout<Error = Error>,
    {
        let (engine, base, layout) = self.into_parts();
        let sliced = layout.slice(coord)?;
        crate::tensor::make_tensor_moved("slice", engine, base, 0, sliced)
    }
}

/// A swizzled layout is a layout result too, so that `map_layout` can reshape a swizzled tensor.
impl<W, L> LayoutResult for ComposedLayout<W, L> {
    type Layout = Self;
    type Error = Error;
    fn into_layout(self) -> Result<Self, Error> {
        Ok(self)
    }
}

/// The result of an operation on a swizzled layout.
impl<W, L> LayoutResult for Result<ComposedLayout<W, L>, Error> {
    type Layout = ComposedLayout<W, L>;
    type Error = Error;
    fn into_layout(self) -> Self {
        self
    }
}

/// A method for an operation of the inner layout and a tiler: the swizzle and offset kept.
macro_rules! reshape {
    ($($(#[$doc:meta])* $name:ident => $trait:ident :: $method:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name<T>(self, tiler: T) -> Result<Reshaped<W, <Layout<S, D> as $trait<T>>::Output>, Error>
        where
            Layout<S, D>: $trait<T>,
            <Layout<S, D> as $trait<T>>::Output: LayoutResult<Error = Error>,
            <<Layout<S, D> as $trait<T>>::Output as LayoutResult>::Layout: ViewLayout<Error = Error>,
        {
            self.map_inner(|l| l.$method(tiler))
        }
    )*};
}

impl<W: SwizzleFn, S, D> ComposedLayout<W, Layout<S, D>>
where
    Layout<S, D>: ViewLayout<Error = Error>,
    S: MixedTuple,
    D: MixedTuple,
{
    /// The size of the domain, the inner layout's.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// assert_eq!(ComposedLayout::new(cute::swizzle::SW64, 0, layout!((4,8):(8,1))).unwrap().size(), 32);
    /// ```
    pub fn size(&self) -> i64 {
        self.inner.size()
    }

    /// `Sw(offset + L(i))`.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// let c = ComposedLayout::new(cute::swizzle::SW128, 0, layout!(1024:1)).unwrap();
    /// assert_eq!(c.call(128 + 16), 128);
    /// ```
    #[inline(always)]
    pub fn call(&self, i: usize) -> isize
    where
        S: Offset<D>,
    {
        // In range: isize and i64 have one width on the targets whose offsets this evaluates.
        #[allow(clippy::cast_possible_truncation)]
        let o = self.outer(self.inner.call(i) as i64) as isize;
        o
    }

    /// `Sw(offset + L(coord))`, for a natural coordinate.
    ///
    /// ```
    /// use cute::{coord, layout, ComposedLayout};
    /// let c = ComposedLayout::new(cute::swizzle::SW128, 0, layout!((8,128):(128,1))).unwrap();
    /// assert_eq!(c.call_coord(coord!((1, 16))), 128);
    /// ```
    #[inline(always)]
    #[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
    pub fn call_coord<C: CoordOffset<S, D>>(&self, coord: C) -> isize
    where <S as CoordRanks<C, (C, S)>>::Output: Holds,
        S: CoordRanks<C, (C, S)>,
    {
        // In range: as in `call`.
        #[allow(clippy::cast_possible_truncation)]
        let o = self.outer(self.inner.call_coord(coord) as i64) as isize;
        o
    }

    /// The same swizzled layout in the dynamic engine.
    ///
    /// [`ComposedLayout`]: crate::dynamic::ComposedLayout
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// use cute::swizzle::Sw128B;
    /// let bytes = ComposedLayout::new(Sw128B::new(), 0, layout!((8,128):(128,1))).unwrap();
    /// let chunks = bytes.to_dynamic().upcast(16).unwrap();
    /// assert_eq!(chunks.to_string(), "Sw<3,0,3> o 0 o (8,8):(8,1)");
    /// assert_eq!(chunks.right_inverse().unwrap().to_string(), "Sw<3,0,-3> o 0 o (8,8):(8,1)");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_dynamic(&self) -> crate::dynamic::ComposedLayout {
        crate::dynamic::ComposedLayout::new(self.swizzle.swizzle_fn(), self.offset, self.inner.to_dynamic())
    }

    /// The sub-layout of the modes marked `_` (CuTe's `slice` of a composed layout): the inner
    /// layout sliced, the offset of the fixed coordinates moved into the middle, where the
    /// swizzle sees it. A fixed entry outside its mode is an error of kind
    /// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange).
    ///
    /// ```
    /// use cute::{coord, layout, ComposedLayout};
    /// let c = ComposedLayout::new(cute::swizzle::SW128, 0, layout!((8,128):(128,1))).unwrap();
    /// let row = c.slice(coord!((3,_))).unwrap();
    /// assert_eq!(row.to_string(), "Sw<3,4,3> o 384 o (_128):(_1)");
    /// assert_eq!(row.call(80), c.call_coord(cute::coord!((3, 80))));
    /// ```
    pub fn slice<C>(&self, coord: C) -> Result<SlicedBy<W, C, S, D>, Error>
    where
        C: Kept<SliceOp, S, D> + SliceOffset<S, D>,
    {
        let moved = coord.fixed_offset(self.inner.shape(), self.inner.stride())?;
        // Checked: a coordinate may be of a type of the caller's; for the crate's, the slice's
        // offsets plus the moved origin are offsets of this layout, which fit.
        let offset = i64::try_from(moved).ok().and_then(|m| self.offset.checked_add(m)).ok_or_else(|| {
            Error::new(
                "slice",
                Detail::Overflow(crate::arith::Overflow { op: "+", lhs: self.offset, rhs: moved as i64 }),
            )
        })?;
        Ok(ComposedLayout { swizzle: self.swizzle, offset, inner: self.inner.slice(coord) })
    }

    /// CuTe's `upcast<N>` of a swizzled layout: elements `N` times wider, the swizzle's `M`
    /// lowered by `log2(N)` ([`UpcastSwizzle`]: static for a static swizzle), the offset divided
    /// by `N`, the inner layout upcast as [`upcast`](crate::upcast) does (a static one's
    /// conditions at compile time). An offset that `N` does not divide is an error of kind
    /// [`InvalidArgument`](crate::error::ErrorKind::InvalidArgument).
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// use cute::swizzle::Sw128B;
    /// use cute::typenum::{P2, P16};
    /// // A 128-byte-swizzled tile of 8 rows of 128 bytes, as 16-byte chunks and as halves.
    /// let bytes = ComposedLayout::new(Sw128B::new(), 0, layout!((8,128):(128,1))).unwrap();
    /// assert_eq!(bytes.upcast::<P16>().unwrap().to_string(), "Sw<3,0,3> o 0 o (_8,_8):(_8,_1)");
    /// let halves = bytes.upcast::<P2>().unwrap();
    /// assert_eq!(halves.to_string(), "Sw<3,3,3> o 0 o (_8,_64):(_64,_1)");
    /// assert_eq!(halves.call(5 * 64 + 8) * 2, bytes.call(5 * 128 + 16));
    /// assert!(core::mem::size_of_val(&halves.swizzle()) == 0);
    /// let e = ComposedLayout::new(Sw128B::new(), 3, layout!((8,128):(128,1))).unwrap().upcast::<P2>().unwrap_err();
    /// assert_eq!(e.to_string(), "invalid argument: upcast<2>(Sw<3,4,3> o 3 o (_8,_128):(_128,_1)): offset 3 is not a multiple of 2");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn upcast<N>(
        self,
    ) -> Result<
        ComposedLayout<<W as UpcastSwizzle<N>>::Output, <crate::Upcast<N, Layout<S, D>> as LayoutResult>::Layout>,
        Error,
    >
    where
        N: StaticInt,
        W: UpcastSwizzle<N>,
        Layout<S, D>: AllStatic + fmt::Display,
        <Layout<S, D> as AllStatic>::Is: Route1<op::Upcast<N>, Layout<S, D>> + Verdicts1<op::Upcast<N>, Layout<S, D>>,
        <<Layout<S, D> as AllStatic>::Is as Verdicts1<op::Upcast<N>, Layout<S, D>>>::Output: Holds,
        crate::Upcast<N, Layout<S, D>>: LayoutResult<Error = Error>,
        <crate::Upcast<N, Layout<S, D>> as LayoutResult>::Layout: ViewLayout<Error = Error>,
    {
        let n = N::default().value();
        let offset = match (self.offset.checked_rem(n), self.offset.checked_div(n)) {
            (Some(0), Some(q)) => q,
            _ => {
                let detail = Detail::OffsetNotMultiple { offset: self.offset, factor: n };
                return Err(Error::with("upcast", detail, format_args!("<{}>({})", n, self)));
            }
        };
        let swizzle = self.swizzle.upcast_swizzle().map_err(|e| Error::new("upcast", Detail::Swizzle(e)))?;
        ComposedLayout::new(swizzle, offset, crate::upcast::<N, _>(self.inner).into_layout()?)
    }

    /// CuTe's `downcast<N>` of a swizzled layout: elements `N` times narrower, the swizzle's
    /// `M` raised by `log2(N)` ([`DowncastSwizzle`]), the offset multiplied by `N`, the inner
    /// layout downcast as [`downcast`](crate::downcast) does.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// use cute::swizzle::Sw;
    /// use cute::typenum::{P3, P16, Z0};
    /// // 16-byte chunks of a 128-byte-swizzled tile, back to bytes.
    /// let chunks = ComposedLayout::new(Sw::<P3, Z0, P3>::new(), 0, layout!((8,8):(8,1))).unwrap();
    /// assert_eq!(chunks.downcast::<P16>().unwrap().to_string(), "Sw<3,4,3> o 0 o (_8,_128):(_128,_1)");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn downcast<N>(
        self,
    ) -> Result<
        ComposedLayout<<W as DowncastSwizzle<N>>::Output, <crate::Downcast<N, Layout<S, D>> as LayoutResult>::Layout>,
        Error,
    >
    where
        N: StaticInt,
        W: DowncastSwizzle<N>,
        Layout<S, D>: AllStatic,
        <Layout<S, D> as AllStatic>::Is:
            Route1<op::Downcast<N>, Layout<S, D>> + Verdicts1<op::Downcast<N>, Layout<S, D>>,
        <<Layout<S, D> as AllStatic>::Is as Verdicts1<op::Downcast<N>, Layout<S, D>>>::Output: Holds,
        crate::Downcast<N, Layout<S, D>>: LayoutResult<Error = Error>,
        <crate::Downcast<N, Layout<S, D>> as LayoutResult>::Layout: ViewLayout<Error = Error>,
    {
        let n = N::default().value();
        let offset = crate::arith::mul(self.offset, n).map_err(|o| Error::new("downcast", Detail::Overflow(o)))?;
        let swizzle = self.swizzle.downcast_swizzle().map_err(|e| Error::new("downcast", Detail::Swizzle(e)))?;
        ComposedLayout::new(swizzle, offset, crate::downcast::<N, _>(self.inner).into_layout()?)
    }

    /// CuTe's `max_common_vector` of a swizzled layout and a plain one: the common vector of
    /// the inner layout and `other` ([`max_common_vector`](crate::max_common_vector)), at most
    /// `2^M`, the run of offsets the swizzle leaves in place.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// use cute::swizzle::Sw128B;
    /// let smem = ComposedLayout::new(Sw128B::new(), 0, layout!((8,128):(128,1))).unwrap();
    /// // Row-major in global memory too: 16 bytes at a time, the swizzle's unit.
    /// assert_eq!(smem.max_common_vector(layout!((8,128):(128,1))).unwrap(), 16);
    /// assert_eq!(smem.max_common_vector(layout!((8,128):(1,8))).unwrap(), 1);
    /// ```
    pub fn max_common_vector<A>(&self, other: A) -> Result<i64, Error>
    where
        Layout<S, D>: BothStatic<A>,
        Both<Layout<S, D>, A>: Route<op::MaxCommonVector, Layout<S, D>, A>,
        <Both<Layout<S, D>, A> as Route<op::MaxCommonVector, Layout<S, D>, A>>::Output: VectorResult,
    {
        let v = crate::max_common_vector(self.inner, other).into_vector()?;
        Ok(self.swizzle.swizzle_fn().cap_at_base(v))
    }

    /// CuTe's `max_common_vector` of two swizzled layouts: that of the inner layouts when the
    /// swizzles are equal, else at most `2^M` of each.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// use cute::swizzle::{Sw128B, Sw32B};
    /// let a = ComposedLayout::new(Sw128B::new(), 0, layout!((8,128):(128,1))).unwrap();
    /// assert_eq!(a.max_common_vector_composed(&a).unwrap(), 1024);
    /// let b = ComposedLayout::new(Sw32B::new(), 0, layout!((8,128):(128,1))).unwrap();
    /// assert_eq!(a.max_common_vector_composed(&b).unwrap(), 16);
    /// ```
    pub fn max_common_vector_composed<V: SwizzleFn, A>(&self, other: &ComposedLayout<V, A>) -> Result<i64, Error>
    where
        A: Copy,
        Layout<S, D>: BothStatic<A>,
        Both<Layout<S, D>, A>: Route<op::MaxCommonVector, Layout<S, D>, A>,
        <Both<Layout<S, D>, A> as Route<op::MaxCommonVector, Layout<S, D>, A>>::Output: VectorResult,
    {
        let v = crate::max_common_vector(self.inner, other.inner).into_vector()?;
        let (x, y) = (self.swizzle.swizzle_fn(), other.swizzle.swizzle_fn());
        Ok(if x == y { v } else { y.cap_at_base(x.cap_at_base(v)) })
    }

    /// CuTe's `right_inverse` of a swizzled layout of offset 0: `right_inverse(L) o Sw`, as a
    /// swizzle after a layout, `Sw' o 0 o right_inverse(L)`, where `Sw` moves through the
    /// inverse: `Sw'` is made from the inverse's values at `Sw`'s masks, and
    /// `inv(Sw(i)) == Sw'(inv(i))` is checked at every index `i` of the inverse (CuTe says this
    /// works "in simple cases"; here a case that does not is an error). The inverse keeps the
    /// inner layout's route (a static layout for a static one); the moved swizzle is a runtime
    /// [`Swizzle`], its parameters read from the values.
    ///
    /// Errors, of kind [`InvalidSwizzle`](crate::error::ErrorKind::InvalidSwizzle): a nonzero
    /// offset, a swizzle that moves an index of the inverse's domain out of it or does not move
    /// through the inverse ([`SwizzleInverse`]), and a check of
    /// more than [`MAX_CHECKED`] evaluations; the inner layout's own conditions.
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// use cute::swizzle::Sw;
    /// use cute::typenum::{P3, Z0};
    /// // 128-byte-swizzled 16-byte chunks of 8 rows.
    /// let c = ComposedLayout::new(Sw::<P3, Z0, P3>::new(), 0, layout!((8,8):(8,1))).unwrap();
    /// let r = c.right_inverse().unwrap();
    /// // The inverse of the row-major tile is a transpose: the swizzle's fields swap roles.
    /// assert_eq!(r.to_string(), "Sw<3,0,-3> o 0 o (_8,_8):(_8,_1)");
    /// assert!((0..64).all(|i| c.call(r.call(i) as usize) == i as isize));
    /// let e = ComposedLayout::new(cute::swizzle::SW32, 16, layout!(64:1)).unwrap().right_inverse().unwrap_err();
    /// assert_eq!(e.to_string(), "invalid swizzle: right_inverse(Sw<1,4,3> o 16 o _64:_1): offset 16 is not 0 (the inverse would not be a swizzle after a layout)");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn right_inverse(
        self,
    ) -> Result<ComposedLayout<Swizzle, <crate::RightInverse<Layout<S, D>> as LayoutResult>::Layout>, Error>
    where
        Layout<S, D>: AllStatic + fmt::Display,
        <Layout<S, D> as AllStatic>::Is: Route1<op::RightInverse, Layout<S, D>>,
        crate::RightInverse<Layout<S, D>>: LayoutResult<Error = Error>,
        <crate::RightInverse<Layout<S, D>> as LayoutResult>::Layout: ViewLayout<Error = Error>,
    {
        let inv = crate::right_inverse(self.inner).into_layout()?;
        self.moved_through("right_inverse", inv)
    }

    /// CuTe's `left_inverse` of a swizzled layout of offset 0 whose inner layout is static:
    /// `left_inverse(L) o Sw` as `Sw' o 0 o left_inverse(L)`, checked as
    /// [`right_inverse`](Self::right_inverse) is; the inner layout's conditions are compile
    /// errors, as for [`left_inverse`](crate::left_inverse).
    ///
    /// ```
    /// use cute::{layout, ComposedLayout};
    /// // 8 rows of 4 16-byte chunks, 64-byte swizzled.
    /// let c = ComposedLayout::new(cute::swizzle::SW64.upcast(16).unwrap(), 0, layout!((8,4):(4,1))).unwrap();
    /// let l = c.left_inverse().unwrap();
    /// assert!((0..32).all(|i| l.call(c.call(i) as usize) == i as isize));
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn left_inverse(
        self,
    ) -> Result<ComposedLayout<Swizzle, crate::ops::inverse::static_face::LeftInverse<StaticLayout<S, D>>>, Error>
    where
        Layout<S, D>: StaticOnly + fmt::Display,
        StaticLayout<S, D>: LeftInverseVerdict,
        <Layout<S, D> as StaticOnly>::Verdict: Then<<StaticLayout<S, D> as LeftInverseVerdict>::Output>,
        <<Layout<S, D> as StaticOnly>::Verdict as Then<<StaticLayout<S, D> as LeftInverseVerdict>::Output>>::Output:
            Holds,
        <Layout<S, D> as StaticOnly>::Shape: IntTuple,
        <Layout<S, D> as StaticOnly>::Stride: IntTuple,
        StaticLayout<S, D>: LeftInvert,
        crate::ops::inverse::static_face::LeftInverse<StaticLayout<S, D>>: ViewLayout<Error = Error>,
    {
        let inv = crate::left_inverse(self.inner);
        self.moved_through("left_inverse", inv)
    }

    /// `inv o Sw` as `Sw' o 0 o inv`, checked on `inv`'s whole domain (the inverses above).
    fn moved_through<I: ViewLayout<Error = Error>>(
        self,
        op: &'static str,
        inv: I,
    ) -> Result<ComposedLayout<Swizzle, I>, Error>
    where
        Layout<S, D>: fmt::Display,
    {
        let fail = |why: SwizzleInverse| Error::with(op, Detail::SwizzleInverse(why), format_args!("({})", self));
        if self.offset != 0 {
            return Err(fail(SwizzleInverse::Offset(self.offset)));
        }
        let sw = self.swizzle.swizzle_fn();
        let n = i64::try_from(inv.size()).unwrap_or(i64::MAX);
        if sw.is_identity() {
            return ComposedLayout::new(sw, 0, inv);
        }
        let leaves = inv.fold_leaves(0usize, &mut |k, _, _| k.saturating_add(1));
        if !crate::arith::within_budget(n, leaves) {
            return Err(fail(SwizzleInverse::TooManyChecks { size: n }));
        }
        // In range: x is an index of the inverse, in 0..n, and its offsets fit in i64.
        #[allow(clippy::cast_sign_loss, clippy::cast_possible_truncation)]
        let at = |x: i64| Ok::<i64, Infallible>(inv.at(x as usize) as i64);
        let moved = sw.moved_through(n, at).map_err(|e| match e {
            NotMoved::MaskOutside | NotMoved::Outside(_) => fail(SwizzleInverse::NotKept { size: n }),
            NotMoved::Make(e) => Error::with(op, Detail::Swizzle(e), format_args!("({})", self)),
            NotMoved::At(i) => fail(SwizzleInverse::NotMoved { index: i }),
            NotMoved::Eval(never) => match never {},
        })?;
        ComposedLayout::new(moved, 0, inv)
    }

    /// CuTe's `tile_to_shape` of a swizzled layout: the inner layout tiled to `shape`
    /// ([`tile_to_shape`](crate::tile_to_shape)), the swizzle and offset kept, as a swizzled
    /// shared-memory atom becomes a whole tile.
    ///
    /// ```
    /// use cute::{composition, layout, shape};
    /// use cute::swizzle::Sw;
    /// use cute::typenum::P3;
    /// // CuTe's composition(Swizzle<3,3,3>{}, Layout<Shape<_8,_64>, Stride<_64,_1>>{}) tiled to 128x64.
    /// let atom = composition(Sw::<P3, P3, P3>::new(), layout!((8,64):(64,1)));
    /// let tile = atom.tile_to_shape(shape!((128,64))).unwrap();
    /// assert_eq!(tile.to_string(), "Sw<3,3,3> o 0 o ((_8,_16),(_64,_1)):((_64,_512),(_1,_0))");
    /// assert_eq!(tile.call(8), atom.call(0) + 512);
    /// ```
    #[allow(clippy::type_complexity)]
    #[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
    pub fn tile_to_shape<T>(self, shape: T) -> Result<Reshaped<W, crate::TileToShape<Layout<S, D>, T>>, Error>
    where crate::RouteVerdict<op::TileToShape, Layout<S, D>, T>: Holds,
        Layout<S, D>: BothStatic<T>,
        Both<Layout<S, D>, T>: Route<op::TileToShape, Layout<S, D>, T> + Verdicts<op::TileToShape, Layout<S, D>, T>,
        crate::TileToShape<Layout<S, D>, T>: LayoutResult<Error = Error>,
        <crate::TileToShape<Layout<S, D>, T> as LayoutResult>::Layout: ViewLayout<Error = Error>,
    {
        self.map_inner(|l| crate::tile_to_shape(l, shape))
    }

    reshape! {
        /// `(Sw o offset o L) o tiler = Sw o offset o (L o tiler)`, CuTe's composition with a
        /// tiler on the right.
        ///
        /// ```
        /// use cute::{layout, tiler, ComposedLayout};
        /// let c = ComposedLayout::new(cute::swizzle::SW128, 0, layout!((8,128):(128,1))).unwrap();
        /// assert_eq!(c.composition(tiler!(<2:4,16:8>)).unwrap().to_string(), "Sw<3,4,3> o 0 o (_2,_16):(_512,_8)");
        /// ```
        composition => ComposeWith::compose_with;
        /// CuTe's `logical_divide` of a composed layout: the inner layout divided.
        ///
        /// ```
        /// use cute::{layout, tiler, ComposedLayout};
        /// let c = ComposedLayout::new(cute::swizzle::SW32, 0, layout!(64:1)).unwrap();
        /// assert_eq!(c.logical_divide(tiler!(<16:1>)).unwrap().to_string(), "Sw<1,4,3> o 0 o ((_16,_4)):((_1,_16))");
        /// ```
        logical_divide => LogicalDivideBy::logical_divide_by;
        /// CuTe's `zipped_divide` of a composed layout.
        ///
        /// ```
        /// use cute::{layout, tiler, ComposedLayout};
        /// let c = ComposedLayout::new(cute::swizzle::SW32, 0, layout!((4,64):(64,1))).unwrap();
        /// assert_eq!(c.zipped_divide(tiler!(<2:1,16:1>)).unwrap().to_string(), "Sw<1,4,3> o 0 o ((_2,_16),(_2,_4)):((_64,_1),(_128,_16))");
        /// ```
        zipped_divide => ZippedDivideBy::zipped_divide_by;
        /// CuTe's `tiled_divide` of a composed layout.
        ///
        /// ```
        /// use cute::{layout, tiler, ComposedLayout};
        /// let c = ComposedLayout::new(cute::swizzle::SW32, 0, layout!((4,64):(64,1))).unwrap();
        /// assert_eq!(c.tiled_divide(tiler!(<2:1,16:1>)).unwrap().to_string(), "Sw<1,4,3> o 0 o ((_2,_16),_2,_4):((_64,_1),_128,_16)");
        /// ```
        tiled_divide => TiledDivideBy::tiled_divide_by;
        /// CuTe's `flat_divide` of a composed layout.
        ///
        /// ```
        /// use cute::{layout, tiler, ComposedLayout};
        /// let c = ComposedLayout::new(cute::swizzle::SW32, 0, layout!((4,64):(64,1))).unwrap();
        /// assert_eq!(c.flat_divide(tiler!(<2:1,16:1>)).unwrap().to_string(), "Sw<1,4,3> o 0 o (_2,_16,_2,_4):(_64,_1,_128,_16)");
        /// ```
        flat_divide => FlatDivideBy::flat_divide_by;
    }
}

/// The result of [`max_common_vector`](crate::max_common_vector): a number for static layouts,
/// a `Result` of one where a leaf is runtime.
///
/// ```
/// use cute::composed::VectorResult;
/// assert_eq!(4i64.into_vector(), Ok(4));
/// ```
#[doc(hidden)]
pub trait VectorResult {
    /// The number, or the error.
    fn into_vector(self) -> Result<i64, Error>;
}
impl VectorResult for i64 {
    fn into_vector(self) -> Result<i64, Error> {
        Ok(self)
    }
}
impl VectorResult for Result<i64, Error> {
    fn into_vector(self) -> Result<i64, Error> {
        self
    }
}

/// `offset + L(i)` fits in an `i64` for every offset of `inner`, or the error of `op` naming it.
fn check_offsets<L: ViewLayout>(op: &'static str, offset: i64, inner: &L) -> Result<(), L::Error> {
    let (low, high) = inner.reach(op)?;
    for x in [low, high] {
        crate::arith::add(offset, x).map_err(|o| L::error(op, crate::mixed::Detail::Overflow(o)))?;
    }
    Ok(())
}

/// A swizzled result of the algebra, its inner layout checked as [`Fits`](crate::layout::Fits)
/// checks a layout.
impl<W, S, D> crate::layout::Fits for Result<ComposedLayout<W, Layout<S, D>>, Error>
where
    Result<Layout<S, D>, Error>: crate::layout::Fits,
{
    fn fits(self, op: &'static str) -> Self {
        let ComposedLayout { swizzle, offset, inner } = self?;
        let inner = crate::layout::Fits::fits(Ok(inner), op)?;
        Ok(ComposedLayout { swizzle, offset, inner })
    }
}

/// CuTe DSL's notation, `Sw<B,M,S> o OFFSET o LAYOUT`.
/// CuTe's notation, as [`Display`](fmt::Display) writes it.
///
/// ```
/// use cute::{layout, ComposedLayout};
/// let c = ComposedLayout::new(cute::swizzle::Sw128B::new(), 0, layout!((8,64):(64,1))).unwrap();
/// assert_eq!(format!("{:?}", c), "Sw<3,4,3> o 0 o (_8,_64):(_64,_1)");
/// ```
impl<W, L> fmt::Debug for ComposedLayout<W, L>
where
    Self: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<W: SwizzleFn, L: fmt::Display> fmt::Display for ComposedLayout<W, L> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {} o {}", self.swizzle, self.offset, self.inner)
    }
}

// CuTe's `composition(Swizzle, Layout)`: the crate root's `composition` with a swizzle on the
// left gives the swizzled layout `Sw o 0 o L` (a static identity swizzle gives `L` itself, as
// in CuTe). A static swizzle and a static layout take the static route (the layout's offsets
// fit in i64 by its type, so nothing can fail); a runtime swizzle or leaf, the runtime one.

/// A static swizzle is static.
impl<B, M, S> AllStatic for Sw<B, M, S> {
    type Is = typenum::B1;
}
/// A runtime swizzle is not.
impl AllStatic for Swizzle {
    type Is = typenum::B0;
}

/// `Sw o L` of a static swizzle and a static layout: `Sw o 0 o L`, or `L` for `Sw<0,_,_>`.
impl<B, M, S, SL, DL> Route<op::Composition, Sw<B, M, S>, Layout<SL, DL>> for typenum::B1
where
    Sw<B, M, S>: SwizzleOver<Layout<SL, DL>>,
{
    type Output = <Sw<B, M, S> as SwizzleOver<Layout<SL, DL>>>::Output;
    const CHECK: Checked = Ok(());
    #[inline(always)]
    fn run(sw: Sw<B, M, S>, l: Layout<SL, DL>, _: crate::Internal) -> Self::Output {
        sw.over(l)
    }
}
/// A static swizzle has no condition to check.
impl<B, M, S, T> Verdicts<op::Composition, Sw<B, M, S>, T> for typenum::B1 {
    type Output = crate::statics::report::Pass;
}
/// Nor on a layout with runtime leaves (the runtime route checks the swizzle's reach).
impl<B, M, S, T> Verdicts<op::Composition, Sw<B, M, S>, T> for typenum::B0 {
    type Output = crate::statics::report::Pass;
}
/// A runtime swizzle's parameters are checked when it is made, its reach on the layout by the
/// runtime route.
impl<T> Verdicts<op::Composition, Swizzle, T> for typenum::B0 {
    type Output = crate::statics::report::Pass;
}
/// A swizzled layout has no marks to read.
impl<Op, W, L, A, T> ResultVerdict<Op, A, T> for ComposedLayout<W, L> {
    type Output = crate::statics::report::Pass;
}
/// Nor has the layout that the identity swizzle leaves.
impl<Op, S, D, B, M, SS, T> ResultVerdict<Op, Sw<B, M, SS>, T> for Layout<S, D> {
    type Output = crate::statics::report::Pass;
}

/// The swizzled layout of `Self o L`, a static swizzle on a static layout: [`ComposedLayout`],
/// or `L` itself for the identity `Sw<0,_,_>` (CuTe's `composition(Swizzle<0,M,S>, layout)`).
///
/// ```
/// use cute::composed::SwizzleOver;
/// use cute::swizzle::{Sw, Sw64B};
/// use cute::typenum::{P3, Z0};
/// use cute::layout;
/// assert_eq!(Sw64B::new().over(layout!((4,16):(16,1))).to_string(), "Sw<2,4,3> o 0 o (_4,_16):(_16,_1)");
/// assert_eq!(Sw::<Z0, Z0, P3>::new().over(layout!(8:1)).to_string(), "_8:_1");
/// ```
#[doc(hidden)]
pub trait SwizzleOver<L> {
    /// The swizzled layout.
    type Output;
    /// `Self o 0 o L`.
    fn over(self, l: L) -> Self::Output;
}
impl<U: typenum::Unsigned + typenum::NonZero, M, S, L> SwizzleOver<L> for Sw<typenum::PInt<U>, M, S> {
    type Output = ComposedLayout<Self, L>;
    #[inline(always)]
    fn over(self, l: L) -> Self::Output {
        ComposedLayout { swizzle: self, offset: 0, inner: l }
    }
}
impl<M, S, L> SwizzleOver<L> for Sw<typenum::Z0, M, S> {
    type Output = L;
    #[inline(always)]
    fn over(self, l: L) -> L {
        l
    }
}

/// CuTe's `composition(A, Sw)`, a layout then a swizzle, `A o Sw`: the swizzle moved outside,
/// `Sw' o 0 o A`, where `Sw'` is the swizzle of `A`'s values at `Sw`'s two masks (CuTe's
/// `make_swizzle<A(yyy), A(zzz)>`), checked at every index of `A`'s domain
/// ([`Swizzle::through_layout`]); an error of kind `InvalidSwizzle` where it is not `A o Sw`.
fn through<SA: MixedTuple, DA: MixedTuple>(
    a: Layout<SA, DA>,
    sw: Swizzle,
) -> Result<ComposedLayout<Swizzle, Layout<SA, DA>>, Error>
where
    Layout<SA, DA>: fmt::Display + ViewLayout<Error = Error>,
{
    let moved = with_leaves(&a.shape, |s| with_leaves(&a.stride, |d| sw.through_layout((s, d), None)));
    let err = |d: Detail| Error::with("composition", d, format_args!(" {} o {}", a, sw));
    let moved = moved.map_err(err)?.map_err(err)?.map_err(|e| err(Detail::SwizzleThrough(e)))?;
    ComposedLayout::new(moved, 0, a)
}

/// `A o Sw` with a runtime swizzle, or a layout with a runtime leaf: `Sw' o 0 o A`, checked at
/// run time (see [`composition`](crate::composition)).
impl<SA: MixedTuple, DA: MixedTuple> crate::mixed::Compose<Swizzle> for Layout<SA, DA>
where
    Layout<SA, DA>: fmt::Display + ViewLayout<Error = Error>,
{
    type Output = ComposedLayout<Swizzle, Layout<SA, DA>>;
    fn compose_unchecked(self, sw: Swizzle, _: crate::Internal) -> Result<Self::Output, Error> {
        through(self, sw)
    }
}
/// See the runtime swizzle's.
impl<SA: MixedTuple, DA: MixedTuple, B: typenum::Integer, M: typenum::Integer, S: typenum::Integer>
    crate::mixed::Compose<Sw<B, M, S>> for Layout<SA, DA>
where
    Layout<SA, DA>: fmt::Display + ViewLayout<Error = Error>,
{
    type Output = ComposedLayout<Swizzle, Layout<SA, DA>>;
    fn compose_unchecked(self, sw: Sw<B, M, S>, _: crate::Internal) -> Result<Self::Output, Error> {
        through(self, sw.swizzle())
    }
}
/// CuTe's `composition(A, Sw o off o B)`, a layout then a swizzled layout: `Sw' o 0 o (A o B)`,
/// `Sw'` the swizzle of `A`'s values at `Sw`'s masks, checked at every index of `B`'s domain
/// (`A(Sw(B(i))) == Sw'((A o B)(i))`, [`Swizzle::through_layout`]). CuTe requires the offset
/// to be 0; here a nonzero one is an error of kind `InvalidSwizzle`, as is a swizzle `A` does
/// not carry. The composition `A o B` is checked as [`composition`](crate::composition) checks
/// it (with static `A` and `B`, at compile time).
impl<SA, DA, W, SB, DB> crate::mixed::Compose<ComposedLayout<W, Layout<SB, DB>>> for Layout<SA, DA>
where
    W: SwizzleFn,
    Layout<SA, DA>: crate::mixed::Compose<Layout<SB, DB>> + fmt::Display + Copy,
    <Layout<SA, DA> as crate::mixed::Compose<Layout<SB, DB>>>::Output: Parts + Copy,
    <<Layout<SA, DA> as crate::mixed::Compose<Layout<SB, DB>>>::Output as Parts>::Shape: MixedTuple,
    <<Layout<SA, DA> as crate::mixed::Compose<Layout<SB, DB>>>::Output as Parts>::Stride: MixedTuple,
    SA: MixedTuple,
    DA: MixedTuple,
    SB: MixedTuple,
    DB: MixedTuple,
    ComposedLayout<W, Layout<SB, DB>>: fmt::Display,
{
    type Output = ComposedLayout<Swizzle, <Layout<SA, DA> as crate::mixed::Compose<Layout<SB, DB>>>::Output>;
    const CONDITIONS: Checked = <Layout<SA, DA> as crate::mixed::Compose<Layout<SB, DB>>>::CONDITIONS;
    fn compose_unchecked(
        self,
        b: ComposedLayout<W, Layout<SB, DB>>,
        _: crate::Internal,
    ) -> Result<Self::Output, Error> {
        let sw = b.swizzle.swizzle_fn();
        let err = |d: Detail| Error::with("composition", d, format_args!(" {} o {}", self, b));
        if b.offset != 0 {
            return Err(err(Detail::SwizzleThrough(NotThrough::Offset(b.offset))));
        }
        let inner = self.compose_unchecked(b.inner, crate::Internal(()))?;
        let (rs, rd) = inner.into_parts();
        let moved = with_leaves(&self.shape, |sa| {
            with_leaves(&self.stride, |da| {
                with_leaves(&b.inner.shape, |sb| {
                    with_leaves(&b.inner.stride, |db| {
                        with_leaves(&rs, |sr| {
                            with_leaves(&rd, |dr| sw.through_layout((sa, da), Some(((sb, db), (sr, dr)))))
                        })
                    })
                })
            })
        });
        let moved = moved.map_err(err)?.map_err(err)?.map_err(err)?.map_err(err)?.map_err(err)?.map_err(err)?;
        Ok(ComposedLayout { swizzle: moved.map_err(|e| err(Detail::SwizzleThrough(e)))?, offset: 0, inner })
    }
}

/// A swizzled layout after a layout with a runtime leaf: its conditions are checked at run time.
impl<S, D, O, W, L> RuntimeTiles<ComposeOp, S, D, O> for ComposedLayout<W, L> {
    type Output = crate::statics::report::Pass;
}
/// A swizzled layout's offset is a runtime value: `A o (Sw o off o B)` takes the runtime route.
impl<W, L> AllStatic for ComposedLayout<W, L> {
    type Is = typenum::B0;
}

/// A swizzle after a layout with a runtime leaf has no condition the types decide.
impl<S, D, O> RuntimeTiles<ComposeOp, S, D, O> for Swizzle {
    type Output = crate::statics::report::Pass;
}
impl<S, D, O, B, M, SS> RuntimeTiles<ComposeOp, S, D, O> for Sw<B, M, SS> {
    type Output = crate::statics::report::Pass;
}
/// Nor after a static layout: its condition is the static route's compile-time check.
impl<A, B, M, S> TilerCheck<A> for Sw<B, M, S> {
    type Output = crate::statics::report::Pass;
}

/// The swizzle `Sw<B,M,S>` moved through the static layout `SA:DA`: `Sw'` of `A o Sw`.
struct MovedThrough<SA, DA, B, M, S>(PhantomData<(SA, DA, B, M, S)>);
impl<SA: IntTuple, DA: IntTuple, B: typenum::Integer, M: typenum::Integer, S: typenum::Integer>
    MovedThrough<SA, DA, B, M, S>
{
    const SWIZZLE: Swizzle = Sw::<B, M, S>::SWIZZLE;
    const MOVED: Result<Swizzle, NotThrough> =
        Self::SWIZZLE.through_layout((SA::LEAVES.as_slice(), DA::LEAVES.as_slice()), None);
}
/// `A o Sw` of a static layout and a static swizzle: `Sw' o 0 o A`, `Sw'` found and checked at
/// compile time (a layout the swizzle does not move through fails compilation, naming it).
impl<SA: IntTuple, DA: IntTuple, B: typenum::Integer, M: typenum::Integer, S: typenum::Integer>
    Route<op::Composition, Layout<SA, DA>, Sw<B, M, S>> for typenum::B1
{
    type Output = ComposedLayout<Swizzle, Layout<SA, DA>>;
    const CHECK: Checked = match MovedThrough::<SA, DA, B, M, S>::MOVED {
        Ok(_) => Ok(()),
        Err(e) => {
            let m = msg("invalid swizzle: composition(").layout(&SA::LEAVES, &DA::LEAVES).s(", ");
            let sw = MovedThrough::<SA, DA, B, M, S>::SWIZZLE;
            let m = m.s("Sw<").i(sw.bits() as i64).s(",").i(sw.base() as i64).s(",").i(sw.shift() as i64).s(">): ");
            Err(match e {
                NotThrough::At { index, composed, moved } => m
                    .s("the swizzle does not move through the layout: at index ")
                    .i(index)
                    .s(" the composition is ")
                    .i(composed)
                    .s(", the swizzle moved outside gives ")
                    .i(moved),
                NotThrough::Masks { yyy, zzz, .. } => m
                    .s("the layout maps the swizzle's masks to ")
                    .i(yyy)
                    .s(" and ")
                    .i(zzz)
                    .s(", which are not the fields of a swizzle"),
                NotThrough::TooManyChecks { size } => m.i(size).s(" indices to check, more than 2^20 evaluations"),
                NotThrough::Offset(o) => m.s("the offset ").i(o).s(" is not 0, which CuTe requires"),
                NotThrough::Overflow(o) => o.describe(m),
            })
        }
    };
    #[inline(always)]
    fn run(a: Layout<SA, DA>, sw: Sw<B, M, S>, _: crate::Internal) -> Self::Output {
        // The check above failed compilation unless `MOVED` is `Ok`.
        let moved = match MovedThrough::<SA, DA, B, M, S>::MOVED {
            Ok(moved) => moved,
            Err(_) => sw.swizzle(),
        };
        ComposedLayout { swizzle: moved, offset: 0, inner: a }
    }
}

/// `Sw o L` with a runtime swizzle or a layout with a runtime leaf: `Sw o 0 o L`, checked as
/// [`ComposedLayout::new`] checks it.
impl<S, D> crate::mixed::Compose<Layout<S, D>> for Swizzle
where
    Layout<S, D>: ViewLayout<Error = Error>,
{
    type Output = ComposedLayout<Swizzle, Layout<S, D>>;
    fn compose_unchecked(self, l: Layout<S, D>, _: crate::Internal) -> Result<Self::Output, Error> {
        ComposedLayout::new(self, 0, l)
    }
}
/// See the runtime swizzle's.
impl<B: typenum::Integer, M: typenum::Integer, S: typenum::Integer, SL, DL> crate::mixed::Compose<Layout<SL, DL>>
    for Sw<B, M, S>
where
    Layout<SL, DL>: ViewLayout<Error = Error>,
{
    type Output = ComposedLayout<Sw<B, M, S>, Layout<SL, DL>>;
    fn compose_unchecked(self, l: Layout<SL, DL>, _: crate::Internal) -> Result<Self::Output, Error> {
        ComposedLayout::new(self, 0, l)
    }
}
