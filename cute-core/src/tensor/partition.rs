//! The algebra and the partitions on tensors over the crate's layout type (static or runtime
//! leaves), with CuTe's names: composition and the four divides keep the engine; `local_tile`
//! (with CuTe's projection), `inner_partition`, `outer_partition`, `local_partition` and
//! `partition_tv` are divides followed by a slice that moves the origin, as in
//! [`dynamic`](crate::dynamic)'s partitions (which document each one).

use frunk_core::hlist::{HCons, HNil};

use super::engine::mode_size;
use super::{Engine, LayoutResult, LeafPairs, SliceOffset, Tensor, TopModes, ViewLayout};
use crate::layout::Offset;
use crate::mixed::int::Int;
use crate::mixed::{Detail, Error, MixedList, MixedTuple};
use crate::statics::mode::SliceOp;
use crate::statics::{Kept, Underscore};
use crate::{ComposeWith, FlatDivideBy, Layout, LogicalDivideBy, TiledDivideBy, ZippedDivideBy};

/// The tensor over the same engine with the layout an operation returned.
///
/// ```
/// use cute::tensor::{make_tensor, Counting, Relaid};
/// use cute::{layout, tiler, ZippedDivide};
/// type L = cute::Layout![(8,8):(1,8)];
/// let t: Relaid<Counting, ZippedDivide<L, cute::Tiler![<2,4>]>> =
///     make_tensor(Counting(64), L::new()).unwrap().zipped_divide(tiler!(<2,4>)).unwrap();
/// assert_eq!(t.size(), 64);
/// ```
pub type Relaid<E, R> = Tensor<E, <R as LayoutResult>::Layout>;

/// `_` for every top-level mode of a shape (CuTe's `repeat<R>(_)`): a slice keeps them all,
/// each as a top-level mode of the result.
///
/// ```
/// use cute::tensor::Unders;
/// use cute::{hlist, Shape, Underscore};
/// assert_eq!(<Shape![(4,8)] as Unders>::OUT, hlist![Underscore, Underscore]);
/// ```
#[doc(hidden)]
pub trait Unders {
    /// The coordinate.
    type Out: Copy;
    /// Its value.
    const OUT: Self::Out;
}
impl<I: Int> Unders for I {
    type Out = Underscore;
    const OUT: Underscore = Underscore;
}
impl Unders for HNil {
    type Out = HNil;
    const OUT: HNil = HNil;
}
impl<H, T: Unders> Unders for HCons<H, T> {
    type Out = HCons<Underscore, T::Out>;
    const OUT: Self::Out = HCons { head: Underscore, tail: T::OUT };
}

/// The coordinate `(repeat(_), c)` that slices one tile out of a zipped divide
/// `((tile...), (rest...))`, `c` padded to the rest's modes ([`Tensor::inner_partition`]).
///
/// ```
/// use cute::tensor::InnerSlice;
/// use cute::{hlist, Layout, Underscore};
/// type Z = Layout![((4,2),(3,5)):((1,4),(8,24))];
/// assert_eq!(<Z as InnerSlice<_>>::coord(hlist![1usize]), hlist![hlist![Underscore, Underscore], hlist![1usize, Underscore]]);
/// ```
#[doc(hidden)]
pub trait InnerSlice<C> {
    /// `(repeat(_), c)`.
    type Coord: Copy;
    /// `(repeat(_), c)`.
    fn coord(c: C) -> Self::Coord;
}
impl<TS: Unders, RS, TD, RD, C: Pad<RS>> InnerSlice<C>
    for Layout<HCons<TS, HCons<RS, HNil>>, HCons<TD, HCons<RD, HNil>>>
{
    type Coord = HCons<TS::Out, HCons<C::Out, HNil>>;
    fn coord(c: C) -> Self::Coord {
        HCons { head: TS::OUT, tail: HCons { head: c.pad(), tail: HNil } }
    }
}

/// The coordinate `(c, repeat(_))` that slices one element of every tile out of a zipped
/// divide, `c` padded to the tile's modes ([`Tensor::outer_partition`]).
///
/// ```
/// use cute::tensor::OuterSlice;
/// use cute::{hlist, Layout, Underscore};
/// type Z = Layout![((4,2),(3,5)):((1,4),(8,24))];
/// assert_eq!(<Z as OuterSlice<_>>::coord(hlist![3usize, 1usize]), hlist![hlist![3usize, 1usize], hlist![Underscore, Underscore]]);
/// ```
#[doc(hidden)]
pub trait OuterSlice<C> {
    /// `(c, repeat(_))`.
    type Coord: Copy;
    /// `(c, repeat(_))`.
    fn coord(c: C) -> Self::Coord;
}
impl<TS, RS: Unders, TD, RD, C: Pad<TS>> OuterSlice<C>
    for Layout<HCons<TS, HCons<RS, HNil>>, HCons<TD, HCons<RD, HNil>>>
{
    type Coord = HCons<C::Out, HCons<RS::Out, HNil>>;
    fn coord(c: C) -> Self::Coord {
        HCons { head: c.pad(), tail: HCons { head: RS::OUT, tail: HNil } }
    }
}

/// A coordinate for the modes of the shape `S`, its missing trailing entries `_` (CuTe's
/// `append<R>(coord, _)`): a tuple coordinate shorter than `S` is padded, an integer (an index
/// into all the modes) or `_` is kept, and a longer one is a compile error.
///
/// ```
/// use cute::tensor::Pad;
/// use cute::{hlist, Underscore};
/// use cute::typenum::{P2, P4};
/// type S = cute::HCons<P2, cute::HCons<P4, cute::HCons<i64, cute::HNil>>>;
/// assert_eq!(<_ as Pad<S>>::pad(hlist![1usize]), hlist![1usize, Underscore, Underscore]);
/// ```
#[doc(hidden)]
pub trait Pad<S> {
    /// The padded coordinate.
    type Out: Copy;
    /// The padded coordinate.
    fn pad(self) -> Self::Out;
}
impl<S> Pad<S> for usize {
    type Out = usize;
    fn pad(self) -> usize {
        self
    }
}
impl<S> Pad<S> for Underscore {
    type Out = Underscore;
    fn pad(self) -> Underscore {
        self
    }
}
impl Pad<HNil> for HNil {
    type Out = HNil;
    fn pad(self) -> HNil {
        HNil
    }
}
impl<SH, ST> Pad<HCons<SH, ST>> for HNil
where
    HNil: Pad<ST>,
{
    type Out = HCons<Underscore, <HNil as Pad<ST>>::Out>;
    fn pad(self) -> Self::Out {
        HCons { head: Underscore, tail: HNil.pad() }
    }
}
impl<CH: Copy, CT: Pad<ST>, SH, ST> Pad<HCons<SH, ST>> for HCons<CH, CT> {
    type Out = HCons<CH, CT::Out>;
    fn pad(self) -> Self::Out {
        HCons { head: self.head, tail: self.tail.pad() }
    }
}

/// A slice coordinate of the layout `S:D` whose kept modes make a layout a tensor can have.
///
/// ```
/// use cute::tensor::SliceOf;
/// use cute::{coord, layout, Layout};
/// fn kept<C: SliceOf<S, D>, S, D>(_: &Layout<S, D>, _: C) {}
/// kept(&layout!((4,8):(1,4)), coord!((_,3)));
/// ```
#[doc(hidden)]
pub trait SliceOf<S, D>:
    Kept<SliceOp, S, D, Shape = Self::KeptShape, Stride = Self::KeptStride> + SliceOffset<S, D>
{
    /// The kept modes' shape.
    type KeptShape: MixedTuple + Offset<Self::KeptStride> + TopModes + LeafPairs<Self::KeptStride>;
    /// The kept modes' stride.
    type KeptStride: MixedTuple;
}
impl<S, D, C> SliceOf<S, D> for C
where
    C: Kept<SliceOp, S, D> + SliceOffset<S, D>,
    C::Shape: MixedTuple + Offset<C::Stride> + TopModes + LeafPairs<C::Stride>,
    C::Stride: MixedTuple,
{
    type KeptShape = C::Shape;
    type KeptStride = C::Stride;
}

/// A tensor over `Layout<S, D>` sliced by `C`.
///
/// ```
/// use cute::tensor::{make_tensor, Counting, SlicedBy};
/// use cute::{coord, hlist, typenum::{P4, P8, P1}, HCons, HNil, Underscore};
/// type S = HCons<P4, HCons<P8, HNil>>;
/// type D = HCons<P1, HCons<P4, HNil>>;
/// let col: SlicedBy<Counting, HCons<Underscore, HCons<usize, HNil>>, S, D> =
///     make_tensor(Counting(32), cute::layout!((4,8):(1,4))).unwrap().slice(coord!((_,3))).unwrap();
/// assert_eq!(col.base(), 12);
/// ```
pub type SlicedBy<E, C, S, D> = Tensor<E, Layout<<C as SliceOf<S, D>>::KeptShape, <C as SliceOf<S, D>>::KeptStride>>;

/// CuTe's projection step `X`: drop this mode of the tiler and the coordinate (`P1`, CuTe's
/// `_1`, keeps it), for [`Tensor::local_tile_proj`].
///
/// ```
/// use cute::tensor::{Project, X};
/// use cute::{hlist, typenum::P1};
/// assert_eq!(hlist![7usize, 8usize].project(hlist![X, P1::new()]), hlist![8usize]);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct X;

/// The entries of a tiler or coordinate (`Self`, an HList) that the projection `P` (an HList
/// of `P1` and [`X`]) keeps (CuTe's `dice(proj, t)`).
///
/// ```
/// use cute::hlist;
/// use cute::tensor::{Project, X};
/// use cute::typenum::P1;
/// assert_eq!(hlist![4usize, 5usize, 6usize].project(hlist![P1::new(), X, P1::new()]), hlist![4usize, 6usize]);
/// ```
#[doc(hidden)]
#[diagnostic::on_unimplemented(
    message = "this projection does not fit the tiler or coordinate it is applied to",
    label = "a projection has one entry per mode of the tiler and of the coordinate",
    note = "write it as CuTe's Step: `step!((1,_,1))`, `1` keeping a mode and `_` dropping it"
)]
pub trait Project<P> {
    /// The kept entries.
    type Output;
    /// The kept entries.
    fn project(self, p: P) -> Self::Output;
}
impl Project<HNil> for HNil {
    type Output = HNil;
    fn project(self, _: HNil) -> HNil {
        HNil
    }
}
impl<H, T: Project<PT>, PT> Project<HCons<typenum::P1, PT>> for HCons<H, T> {
    type Output = HCons<H, T::Output>;
    fn project(self, p: HCons<typenum::P1, PT>) -> Self::Output {
        HCons { head: self.head, tail: self.tail.project(p.tail) }
    }
}
impl<H, T: Project<PT>, PT> Project<HCons<X, PT>> for HCons<H, T> {
    type Output = T::Output;
    fn project(self, p: HCons<X, PT>) -> Self::Output {
        self.tail.project(p.tail)
    }
}

/// A tensor method for an operation of a layout and a tiler: the layout replaced, the engine
/// and origin kept.
macro_rules! relayout_mixed {
    ($($(#[$doc:meta])* $name:ident => $trait:ident :: $method:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name<T>(self, tiler: T) -> Result<Relaid<E, <Layout<S, D> as $trait<T>>::Output>, Error>
        where
            Layout<S, D>: $trait<T>,
            <Layout<S, D> as $trait<T>>::Output: LayoutResult<Error = Error>,
            <<Layout<S, D> as $trait<T>>::Output as LayoutResult>::Layout: ViewLayout<Error = Error>,
        {
            self.map_layout(|l| l.$method(tiler))
        }
    )*};
}

impl<E: Engine, S, D> Tensor<E, Layout<S, D>>
where
    S: MixedTuple + Offset<D> + TopModes + LeafPairs<D>,
    D: MixedTuple,
{
    relayout_mixed! {
        /// CuTe's `composition(tensor, tiler)`: the layout composed, the engine kept.
        ///
        /// ```
        /// use cute::{layout, tensor::{make_tensor, Counting}};
        /// let t = make_tensor(Counting(64), layout!((8,8):(1,8))).unwrap();
        /// assert_eq!(t.composition(cute::tiler!(<2,4>)).unwrap().to_string(), "0 o (_2,_4):(_1,_8)");
        /// ```
        composition => ComposeWith::compose_with;
        /// CuTe's `logical_divide(tensor, tiler)`.
        ///
        /// ```
        /// use cute::{layout, tensor::{make_tensor, Counting}};
        /// let t = make_tensor(Counting(64), layout!((8,8):(1,8))).unwrap();
        /// assert_eq!(t.logical_divide(cute::tiler!(<2,4>)).unwrap().to_string(), "0 o ((_2,_4),(_4,_2)):((_1,_2),(_8,_32))");
        /// ```
        logical_divide => LogicalDivideBy::logical_divide_by;
        /// CuTe's `zipped_divide(tensor, tiler)`.
        ///
        /// ```
        /// use cute::{layout, tensor::{make_tensor, Counting}};
        /// let t = make_tensor(Counting(64), layout!((8,8):(1,8))).unwrap();
        /// assert_eq!(t.zipped_divide(cute::tiler!(<2,4>)).unwrap().to_string(), "0 o ((_2,_4),(_4,_2)):((_1,_8),(_2,_32))");
        /// ```
        zipped_divide => ZippedDivideBy::zipped_divide_by;
        /// CuTe's `tiled_divide(tensor, tiler)`.
        ///
        /// ```
        /// use cute::{layout, tensor::{make_tensor, Counting}};
        /// let t = make_tensor(Counting(64), layout!((8,8):(1,8))).unwrap();
        /// assert_eq!(t.tiled_divide(cute::tiler!(<2,4>)).unwrap().to_string(), "0 o ((_2,_4),_4,_2):((_1,_8),_2,_32)");
        /// ```
        tiled_divide => TiledDivideBy::tiled_divide_by;
        /// CuTe's `flat_divide(tensor, tiler)`.
        ///
        /// ```
        /// use cute::{layout, tensor::{make_tensor, Counting}};
        /// let t = make_tensor(Counting(64), layout!((8,8):(1,8))).unwrap();
        /// assert_eq!(t.flat_divide(cute::tiler!(<2,4>)).unwrap().to_string(), "0 o (_2,_4,_4,_2):(_1,_8,_2,_32)");
        /// ```
        flat_divide => FlatDivideBy::flat_divide_by;
    }

    /// One tile: `zipped_divide(tensor, tiler)` sliced at `(repeat(_), coord)` (CuTe's
    /// `inner_partition`, which `local_tile` is), a view at the tile's offset. `coord` has an
    /// entry per mode of the tile grid (`_` keeps one, CuTe's `make_coord(m, n, _)`; missing
    /// trailing entries are `_`, see [`Pad`]) or is one integer, each fixed entry inside its
    /// mode (an error of kind
    /// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange) otherwise).
    ///
    /// ```
    /// use cute::{coord, layout, shape, tensor::{make_tensor, Counting}};
    /// let t = make_tensor(Counting(1024), layout!((16,64):(1,16))).unwrap();
    /// let tile = t.inner_partition(shape!((8,16)), coord!((1,2))).unwrap();
    /// assert_eq!(tile.to_string(), "520 o (_8,_16):(_1,_16)");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn inner_partition<T, C, ZS, ZD>(
        self,
        tiler: T,
        coord: C,
    ) -> Result<SlicedBy<E, <Layout<ZS, ZD> as InnerSlice<C>>::Coord, ZS, ZD>, Error>
    where
        Layout<S, D>: ZippedDivideBy<T>,
        <Layout<S, D> as ZippedDivideBy<T>>::Output: LayoutResult<Error = Error, Layout = Layout<ZS, ZD>>,
        Layout<ZS, ZD>: ViewLayout<Error = Error> + InnerSlice<C>,
        <Layout<ZS, ZD> as InnerSlice<C>>::Coord: SliceOf<ZS, ZD>,
        ZS: MixedTuple + Offset<ZD> + TopModes + LeafPairs<ZD>,
        ZD: MixedTuple,
    {
        let zipped = self.zipped_divide(tiler)?;
        zipped.slice_of(<Layout<ZS, ZD> as InnerSlice<C>>::coord(coord))
    }

    /// CuTe's `local_tile(tensor, tiler, coord)`: [`inner_partition`](Self::inner_partition).
    ///
    /// ```
    /// use cute::{coord, layout, shape, tensor::{make_tensor, Counting}};
    /// let (m, n) = (48i64, 40i64);
    /// let c = make_tensor(Counting(48 * 40), layout!(({m},{n}):(1,{m})).unwrap()).unwrap();
    /// // The 16 x 8 tile at (2, 3) of a runtime 48 x 40 matrix: static shape, runtime stride.
    /// let tile = c.local_tile(shape!((16,8)), coord!((2,3))).unwrap();
    /// assert_eq!(tile.to_string(), "1184 o (_16,_8):(_1,48)");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn local_tile<T, C, ZS, ZD>(
        self,
        tiler: T,
        coord: C,
    ) -> Result<SlicedBy<E, <Layout<ZS, ZD> as InnerSlice<C>>::Coord, ZS, ZD>, Error>
    where
        Layout<S, D>: ZippedDivideBy<T>,
        <Layout<S, D> as ZippedDivideBy<T>>::Output: LayoutResult<Error = Error, Layout = Layout<ZS, ZD>>,
        Layout<ZS, ZD>: ViewLayout<Error = Error> + InnerSlice<C>,
        <Layout<ZS, ZD> as InnerSlice<C>>::Coord: SliceOf<ZS, ZD>,
        ZS: MixedTuple + Offset<ZD> + TopModes + LeafPairs<ZD>,
        ZD: MixedTuple,
    {
        self.inner_partition(tiler, coord)
    }

    /// CuTe's `local_tile(tensor, tiler, coord, proj)`: the modes of the tiler and the
    /// coordinate where the projection has [`X`] dropped first, so that one (M,N,K) tiler and
    /// one (m,n,k) coordinate serve the three operands of a GEMM (A takes CuTe's
    /// `Step<_1,X,_1>`, written [`step!`](crate::step)`((1,_,1))`).
    ///
    /// ```
    /// use cute::{coord, layout, shape, step, tensor::{make_tensor, Counting}};
    /// let k = 32i64;
    /// let a = make_tensor(Counting(64 * 32), layout!((64,{k}):(1,64)).unwrap()).unwrap();
    /// // The (M,N,K) = (16,8,8) CTA tile at (m,n,k) = (2,1,_) of A (M,K): (BLK_M, BLK_K, k).
    /// let g = a.local_tile_proj(shape!((16,8,8)), coord!((2,1,_)), step!((1,_,1))).unwrap();
    /// assert_eq!(g.to_string(), "32 o (_16,_8,4):(_1,_64,_512)");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn local_tile_proj<T, C, P, ZS, ZD>(
        self,
        tiler: T,
        coord: C,
        proj: P,
    ) -> Result<SlicedBy<E, <Layout<ZS, ZD> as InnerSlice<C::Output>>::Coord, ZS, ZD>, Error>
    where
        T: Project<P>,
        C: Project<P>,
        P: Copy,
        Layout<S, D>: ZippedDivideBy<T::Output>,
        <Layout<S, D> as ZippedDivideBy<T::Output>>::Output: LayoutResult<Error = Error, Layout = Layout<ZS, ZD>>,
        Layout<ZS, ZD>: ViewLayout<Error = Error> + InnerSlice<C::Output>,
        <Layout<ZS, ZD> as InnerSlice<C::Output>>::Coord: SliceOf<ZS, ZD>,
        ZS: MixedTuple + Offset<ZD> + TopModes + LeafPairs<ZD>,
        ZD: MixedTuple,
    {
        self.inner_partition(tiler.project(proj), coord.project(proj))
    }

    /// One element of every tile: `zipped_divide(tensor, tiler)` sliced at `(coord, repeat(_))`
    /// (CuTe's `outer_partition`). `coord` has an entry per mode of the tile (missing trailing
    /// entries are `_`).
    ///
    /// ```
    /// use cute::{coord, layout, shape, tensor::{make_tensor, Counting}};
    /// let t = make_tensor(Counting(1024), layout!((16,64):(1,16))).unwrap();
    /// let part = t.outer_partition(shape!((2,16)), coord!((1,1))).unwrap();
    /// assert_eq!(part.to_string(), "17 o (_8,_4):(_2,_256)");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn outer_partition<T, C, ZS, ZD>(
        self,
        tiler: T,
        coord: C,
    ) -> Result<SlicedBy<E, <Layout<ZS, ZD> as OuterSlice<C>>::Coord, ZS, ZD>, Error>
    where
        Layout<S, D>: ZippedDivideBy<T>,
        <Layout<S, D> as ZippedDivideBy<T>>::Output: LayoutResult<Error = Error, Layout = Layout<ZS, ZD>>,
        Layout<ZS, ZD>: ViewLayout<Error = Error> + OuterSlice<C>,
        <Layout<ZS, ZD> as OuterSlice<C>>::Coord: SliceOf<ZS, ZD>,
        ZS: MixedTuple + Offset<ZD> + TopModes + LeafPairs<ZD>,
        ZD: MixedTuple,
    {
        let zipped = self.zipped_divide(tiler)?;
        zipped.slice_of(<Layout<ZS, ZD> as OuterSlice<C>>::coord(coord))
    }

    /// Thread `index`'s share under the thread layout `thr` (CuTe's `local_partition`): the
    /// tensor tiled by tiles of `thr`'s shape (`product_each`), the thread taking the element at
    /// its coordinate in each. The coordinate in each mode of `thr` is the index of the thread's
    /// natural coordinate there; `index` must be one of `thr`'s values (below its size, the image
    /// of one coordinate), else an error of kind
    /// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange).
    ///
    /// ```
    /// use cute::{layout, tensor::{make_tensor, Counting}};
    /// let t = make_tensor(Counting(1024), layout!((16,64):(1,16))).unwrap();
    /// let part = t.local_partition(layout!((2,16):(1,2)), 3).unwrap();
    /// assert_eq!(part.to_string(), "17 o (_8,_4):(_2,_256)");
    /// // An integer thread layout: 32 threads over a vector of 128, thread 5 every 32nd element.
    /// let v = make_tensor(Counting(128), layout!(128:1)).unwrap();
    /// assert_eq!(v.local_partition(layout!(32:1), 5).unwrap().to_string(), "5 o (_4):(_32)");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn local_partition<TS, TD, ZS, ZD>(
        self,
        thr: Layout<TS, TD>,
        index: usize,
    ) -> Result<SlicedBy<E, <Layout<ZS, ZD> as OuterSlice<TS::Coord>>::Coord, ZS, ZD>, Error>
    where
        TS: ThreadCoord<TD> + MixedTuple + Offset<TD>,
        TD: MixedTuple,
        Layout<S, D>: ZippedDivideBy<TS::Tiler>,
        <Layout<S, D> as ZippedDivideBy<TS::Tiler>>::Output: LayoutResult<Error = Error, Layout = Layout<ZS, ZD>>,
        Layout<ZS, ZD>: ViewLayout<Error = Error> + OuterSlice<TS::Coord>,
        <Layout<ZS, ZD> as OuterSlice<TS::Coord>>::Coord: SliceOf<ZS, ZD>,
        ZS: MixedTuple + Offset<ZD> + TopModes + LeafPairs<ZD>,
        ZD: MixedTuple,
    {
        let (tiler, coord) = thread_tile(&thr, index)?;
        self.outer_partition(tiler, coord)
    }

    /// CuTe's `local_partition(tensor, thr, index, proj)`: [`local_partition`](Self::local_partition)
    /// by the modes of `thr` where the projection has `1`, those where it has [`X`] dropped
    /// (CuTe's `dice`), so that one thread layout serves the operands of a GEMM (A takes
    /// `step!((1,_))`, B `step!((_,1))`). `index` is a thread of the whole of `thr`, its
    /// coordinate in the kept modes taken from its coordinate in `thr`.
    ///
    /// ```
    /// use cute::{layout, step, tensor::{make_tensor, Counting}};
    /// // The MMA tutorial's 16 x 16 threads over C, and over A (M,K) by the first mode only.
    /// let thr = layout!((16,16):(1,16));
    /// let a = make_tensor(Counting(128 * 8), layout!((128,8):(1,128))).unwrap();
    /// let part = a.local_partition_proj(thr, 17, step!((1,_))).unwrap();
    /// // Thread 17 is (1,1): row 1 of every 16th row of A, all of K.
    /// assert_eq!(part.to_string(), "1 o (_8,_8):(_16,_128)");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn local_partition_proj<TS, TD, P, ZS, ZD>(
        self,
        thr: Layout<TS, TD>,
        index: usize,
        proj: P,
    ) -> Result<SlicedBy<E, <Layout<ZS, ZD> as OuterSlice<<TS::Coord as Project<P>>::Output>>::Coord, ZS, ZD>, Error>
    where
        TS: ThreadCoord<TD> + MixedTuple + Offset<TD>,
        TD: MixedTuple,
        TS::Tiler: Project<P>,
        TS::Coord: Project<P>,
        P: Copy,
        Layout<S, D>: ZippedDivideBy<<TS::Tiler as Project<P>>::Output>,
        <Layout<S, D> as ZippedDivideBy<<TS::Tiler as Project<P>>::Output>>::Output:
            LayoutResult<Error = Error, Layout = Layout<ZS, ZD>>,
        Layout<ZS, ZD>: ViewLayout<Error = Error> + OuterSlice<<TS::Coord as Project<P>>::Output>,
        <Layout<ZS, ZD> as OuterSlice<<TS::Coord as Project<P>>::Output>>::Coord: SliceOf<ZS, ZD>,
        ZS: MixedTuple + Offset<ZD> + TopModes + LeafPairs<ZD>,
        ZD: MixedTuple,
    {
        let (tiler, coord) = thread_tile(&thr, index)?;
        self.outer_partition(tiler.project(proj), coord.project(proj))
    }
}

/// The tile of a thread layout (its modes' sizes) and thread `index`'s coordinate in it, one
/// entry per mode: `index` must be one of `thr`'s values (below its size, the image of its
/// coordinate), else an error of kind `IndexOutOfRange`.
fn thread_tile<TS, TD>(thr: &Layout<TS, TD>, index: usize) -> Result<(TS::Tiler, TS::Coord), Error>
where
    TS: ThreadCoord<TD> + MixedTuple + Offset<TD>,
    TD: MixedTuple,
{
    let size = mode_size(&thr.shape);
    let coord = thr.shape.thread_coord(&thr.stride, index);
    // The index must be the image of its coordinate: thr is one to one onto 0..size.
    if index >= size || isize::try_from(index).ok() != Some(thr.shape.offset_of(&thr.stride, &coord)) {
        let size = i64::try_from(size).unwrap_or(i64::MAX);
        return Err(Error::new("local_partition", Detail::IndexOutOfRange { index, size }));
    }
    let tiler = thr.shape.tiler().map_err(|d| Error::new("local_partition", d))?;
    Ok((tiler, coord))
}

/// A zipped divide `((tile...), (rest...))` split by a thread-value layout `V` for one thread:
/// the tile composed with `V` is `(thread, value)`, and the thread's part is `(value, rest...)`
/// at the offset of its first value: the step of [`Tensor::partition_tv`], which checks the part
/// as it makes the thread's tensor.
///
/// ```
/// use cute::{layout, shape, tensor::{make_tensor, Counting}};
/// // Tiles (4,4) of an 8 x 8 column-major matrix; 4 threads with a column of 4 values each.
/// let m = make_tensor(Counting(64), layout!((8,8):(1,8))).unwrap();
/// let part = m.partition_tv(shape!((4,4)), layout!((4,4):(4,1)), 1).unwrap();
/// assert_eq!(part.to_string(), "8 o (_4,_2,_2):(_1,_4,_32)");
/// ```
#[doc(hidden)]
pub trait TvSplit<V> {
    /// `(value, rest0, rest1, ...)`.
    type Part;
    /// The part and the offset of `thread`, or an error when `thread` is not below the TV
    /// layout's thread count, or the composition's.
    fn split(self, tv: V, thread: usize, _: crate::Internal) -> Result<(Self::Part, isize), Error>;
}
impl<TS, RS, TD, RD, V, ThS, ThD, VS, VD> TvSplit<V> for Layout<HCons<TS, HCons<RS, HNil>>, HCons<TD, HCons<RD, HNil>>>
where
    Layout<TS, TD>: ComposeWith<V>,
    <Layout<TS, TD> as ComposeWith<V>>::Output:
        LayoutResult<Error = Error, Layout = Layout<HCons<ThS, HCons<VS, HNil>>, HCons<ThD, HCons<VD, HNil>>>>,
    TS: MixedTuple,
    TD: MixedTuple,
    ThS: MixedTuple + Offset<ThD>,
    ThD: MixedTuple,
    VS: MixedTuple,
    VD: MixedTuple,
    RS: MixedList,
    RD: MixedList,
{
    type Part = Layout<HCons<VS, RS>, HCons<VD, RD>>;
    fn split(self, tv: V, thread: usize, _: crate::Internal) -> Result<(Self::Part, isize), Error> {
        let tile = Layout::from_parts(self.shape.head, self.stride.head);
        let tv_tile = tile.compose_with(tv).into_layout()?;
        let (shape, stride) = (tv_tile.shape, tv_tile.stride);
        let threads = Layout::from_parts(shape.head, stride.head);
        let count = mode_size(&threads.shape);
        if thread >= count {
            let size = i64::try_from(count).unwrap_or(i64::MAX);
            return Err(Error::new("partition_tv", Detail::IndexOutOfRange { index: thread, size }));
        }
        let (rest_shape, rest_stride) = (self.shape.tail.head, self.stride.tail.head);
        let part = Layout::from_parts(
            HCons { head: shape.tail.head, tail: rest_shape },
            HCons { head: stride.tail.head, tail: rest_stride },
        );
        Ok((part, threads.call(thread)))
    }
}

impl<E: Engine, S, D> Tensor<E, Layout<S, D>>
where
    S: MixedTuple + Offset<D> + TopModes + LeafPairs<D>,
    D: MixedTuple,
{
    /// Thread `thread`'s `(V, rest0, rest1, ...)` under the thread-value layout `tv` over tiles
    /// `tiler` (CuTe DSL's TV partition): the tensor divided by the tiler (`zipped_divide`), the
    /// tile composed with `tv` (thread, value), the thread's values and every tile, at the
    /// offset of its first value. The tiler must be a tuple (so that the rest is one mode per
    /// tiled mode); `thread` below `tv`'s thread count (an error of kind
    /// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange) otherwise).
    ///
    /// ```
    /// use cute::{layout, shape, tensor::{make_tensor, Counting}};
    /// // A 32 x 32 row-major matrix, (16,32) tiles, thread t at row t/8, columns 4*(t%8)+v.
    /// let c = make_tensor(Counting(1024), layout!((32,32):(32,1))).unwrap();
    /// let tv = layout!(((8,16),4):((64,1),16));
    /// assert_eq!(c.partition_tv(shape!((16,32)), tv, 9).unwrap().to_string(), "36 o (_4,_2,_1):(_1,_512,_0)");
    /// ```
    #[allow(clippy::type_complexity)]
    pub fn partition_tv<T, V, ZS, ZD>(
        self,
        tiler: T,
        tv: V,
        thread: usize,
    ) -> Result<Tensor<E, <Layout<ZS, ZD> as TvSplit<V>>::Part>, Error>
    where
        Layout<S, D>: ZippedDivideBy<T>,
        <Layout<S, D> as ZippedDivideBy<T>>::Output: LayoutResult<Error = Error, Layout = Layout<ZS, ZD>>,
        Layout<ZS, ZD>: ViewLayout<Error = Error> + TvSplit<V>,
        <Layout<ZS, ZD> as TvSplit<V>>::Part: ViewLayout<Error = Error>,
        ZS: MixedTuple + Offset<ZD> + TopModes + LeafPairs<ZD>,
        ZD: MixedTuple,
    {
        let (engine, base, zipped) = self.zipped_divide(tiler)?.into_parts();
        let (part, offset) = zipped.split(tv, thread, crate::Internal(()))?;
        super::make_tensor_moved("partition_tv", engine, base, offset as i64, part)
    }
}

impl<E: Engine, S: MixedTuple + Offset<D> + TopModes + LeafPairs<D>, D: MixedTuple> Tensor<E, Layout<S, D>> {
    /// [`slice`](Self::slice) for the partitions, bounded by [`SliceOf`].
    fn slice_of<C: SliceOf<S, D>>(self, coord: C) -> Result<SlicedBy<E, C, S, D>, Error> {
        self.slice(coord)
    }
}

/// A thread layout's shape: the tiler of its modes' sizes (CuTe's `product_each`) and a
/// thread's coordinate in it, one index per mode (the index of the natural coordinate
/// `(index / stride) % shape` of each leaf within its mode).
///
/// ```
/// use cute::tensor::ThreadCoord;
/// use cute::{hlist, layout};
/// let thr = layout!((2,16):(16,1));
/// assert_eq!(thr.shape().thread_coord(thr.stride(), 19), hlist![1usize, 3usize]);
/// ```
#[doc(hidden)]
pub trait ThreadCoord<D> {
    /// The modes' sizes as a tiler.
    type Tiler;
    /// One `usize` per mode.
    type Coord: Copy;
    /// The tiler (an error when a mode's size does not fit, which a made layout's cannot).
    fn tiler(&self) -> Result<Self::Tiler, Detail>;
    /// The coordinate of `index`.
    fn thread_coord(&self, stride: &D, index: usize) -> Self::Coord;
    /// The offset of a coordinate (its image under the layout).
    fn offset_of(&self, stride: &D, coord: &Self::Coord) -> isize;
}
impl<S: MixedTuple + TopModes + LeafPairs<D> + Offset<D>, D> ThreadCoord<D> for S
where
    S: ModesCoord<D>,
{
    type Tiler = <S as ModesCoord<D>>::Tiler;
    type Coord = <S as ModesCoord<D>>::Coord;
    fn tiler(&self) -> Result<Self::Tiler, Detail> {
        self.mode_tiler()
    }
    fn thread_coord(&self, stride: &D, index: usize) -> Self::Coord {
        self.mode_coord(stride, index)
    }
    fn offset_of(&self, stride: &D, coord: &Self::Coord) -> isize {
        self.mode_offset(stride, coord)
    }
}

/// The per-mode parts of [`ThreadCoord`], mode by mode (an integer thread layout is one mode).
///
/// ```
/// use cute::tensor::ModesCoord;
/// use cute::{hlist, layout};
/// let thr = layout!((2,16):(1,2));
/// assert_eq!(thr.shape().mode_coord(thr.stride(), 3), hlist![1usize, 1usize]);
/// ```
#[doc(hidden)]
pub trait ModesCoord<D> {
    /// The modes' sizes as a tiler.
    type Tiler;
    /// One `usize` per mode.
    type Coord: Copy;
    /// The tiler.
    fn mode_tiler(&self) -> Result<Self::Tiler, Detail>;
    /// The coordinate of `index`.
    fn mode_coord(&self, stride: &D, index: usize) -> Self::Coord;
    /// The offset of a coordinate.
    fn mode_offset(&self, stride: &D, coord: &Self::Coord) -> isize;
}
/// An integer thread layout `n:d` is one mode: the tiler is `n`, the coordinate `(index / d) % n`.
impl<S: Int + crate::ops::tile::mixed_face::SizeOf, D: Int> ModesCoord<D> for S {
    type Tiler = <S as crate::ops::tile::mixed_face::SizeOf>::Output;
    type Coord = usize;
    fn mode_tiler(&self) -> Result<Self::Tiler, Detail> {
        self.size_of()
    }
    // In range: a layout's extents are positive and its strides' magnitudes fit in i64, and
    // usize is at least as wide as the values a layout's checks let through.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    fn mode_coord(&self, stride: &D, index: usize) -> usize {
        let (s, d) = (self.value(), stride.value());
        if d == 0 {
            0
        } else {
            (index / d.unsigned_abs() as usize) % s as usize
        }
    }
    // In range: the coordinate is below the extent (`mode_coord`), so its offset is one of the
    // layout's, which its cosize check keeps within isize.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_possible_wrap, clippy::cast_possible_truncation)]
    fn mode_offset(&self, stride: &D, coord: &usize) -> isize {
        *coord as isize * stride.value() as isize
    }
}
impl ModesCoord<HNil> for HNil {
    type Tiler = HNil;
    type Coord = HNil;
    fn mode_tiler(&self) -> Result<HNil, Detail> {
        Ok(HNil)
    }
    fn mode_coord(&self, _: &HNil, _: usize) -> HNil {
        HNil
    }
    fn mode_offset(&self, _: &HNil, _: &HNil) -> isize {
        0
    }
}
impl<H, T, DH, DT> ModesCoord<HCons<DH, DT>> for HCons<H, T>
where
    H: MixedTuple + LeafPairs<DH> + Offset<DH> + crate::ops::tile::mixed_face::SizeOf,
    T: ModesCoord<DT>,
{
    type Tiler = HCons<<H as crate::ops::tile::mixed_face::SizeOf>::Output, T::Tiler>;
    type Coord = HCons<usize, T::Coord>;
    fn mode_tiler(&self) -> Result<Self::Tiler, Detail> {
        Ok(HCons { head: self.head.size_of()?, tail: self.tail.mode_tiler()? })
    }
    // In range: as for an integer mode; the index within the mode is below the mode's size.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_sign_loss, clippy::cast_possible_truncation)]
    fn mode_coord(&self, stride: &HCons<DH, DT>, index: usize) -> Self::Coord {
        // The index within the mode of the natural coordinate (index / d) % s of each leaf.
        let (within, _) = self.head.fold_pairs(&stride.head, (0usize, 1usize), &mut |(acc, scale), s, d| {
            let c = if d == 0 { 0 } else { (index / d.unsigned_abs() as usize) % s as usize };
            (acc + c * scale, scale * s as usize)
        });
        HCons { head: within, tail: self.tail.mode_coord(&stride.tail, index) }
    }
    // In range: each mode's index is below its size, so the sum is the offset of a coordinate
    // of the layout, which its cosize check keeps within isize.
    #[allow(clippy::arithmetic_side_effects)]
    fn mode_offset(&self, stride: &HCons<DH, DT>, coord: &Self::Coord) -> isize {
        self.head.offset(&stride.head, coord.head, 0, true).1 + self.tail.mode_offset(&stride.tail, &coord.tail)
    }
}
