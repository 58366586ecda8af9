//! Tensors: an engine (the data, or a generator of values) and a layout from coordinates to
//! the engine's offsets, as CuTe's `Tensor<Engine, Layout>`.
//!
//! The layout is the crate's layout type ([`Layout`], static or runtime leaves)
//! or the dynamic engine's ([`dynamic::Layout`](crate::dynamic::Layout)). Sub-tensors (a slice,
//! a tile, a thread's partition) keep the engine and move its origin by the offset of the fixed
//! coordinates (CuTe's `slice_and_offset`), so they are views of the same data.
//!
//! # Why element access needs no bounds check
//!
//! A tensor is checked once, when it is made ([`make_tensor`], and every operation that returns
//! a sub-tensor): the smallest and largest offsets its layout produces on its domain, from the
//! origin, lie inside the engine's `0..len` and within `i64`. The check reads them off the
//! layout's leaves itself (every extent positive, the size and the offsets' bounds computed with
//! checked arithmetic), whatever made the layout. A layout's offset on its domain lies between
//! those two (each leaf's coordinate is between 0 and its extent minus one), so every element
//! the tensor can reach is inside the data. Element access by an index checks only that the
//! index is below the size, by a coordinate that it lies inside the shape, and the algorithms,
//! which visit the domain, check nothing; none can read outside the data.
//!
//! The unchecked reads trust the layout's answers (its leaves, offsets and reach, a swizzle's
//! fields) to agree with each other: the traits that give them ([`ViewLayout`], [`LeafPairs`],
//! [`TopModes`], [`Offset`], [`Int`](crate::mixed::Int),
//! [`MixedTuple`], [`MixedList`](crate::mixed::MixedList),
//! [`SwizzleFn`](crate::swizzle::SwizzleFn)) are sealed, implemented by the crate's own types
//! only. The engines' are `unsafe` traits ([`Engine`], [`EngineMut`], [`Memory`], [`MemoryMut`]),
//! whose implementor promises the length it reports. The `unsafe` blocks are the engines' reads
//! and the algorithms' strided copy, each under that invariant.
//!
//! ```
//! use cute::tensor::make_tensor;
//! use cute::{coord, layout};
//! let data: Vec<f32> = (0..32).map(|x| x as f32).collect();
//! // An 8 x 4 column-major matrix.
//! let t = make_tensor(&data[..], layout!((8,4):(1,8))).unwrap();
//! assert_eq!(t.get(9), Some(&9.0));
//! assert_eq!(t.get_coord(coord!((1,3))), Some(&25.0));
//! // Column 2, a view of the same data at offset 16.
//! let col = t.slice(coord!((_,2))).unwrap();
//! assert_eq!((col.base(), col.get(3)), (16, Some(&19.0)));
//! // Too short for the layout: an error when the tensor is made, never a read past the end.
//! let e = make_tensor(&data[..20], layout!((8,4):(1,8))).unwrap_err();
//! assert_eq!(e.to_string(), "index out of range: make_tensor: the layout's offsets 0..=31 from element 0 reach outside the 20 elements of the data");
//! ```

mod algorithm;
mod engine;
mod gemm;
mod layouts;
mod partition;
#[cfg(feature = "alloc")]
mod print;
pub(crate) mod tv;

use core::fmt;

#[cfg(feature = "alloc")]
pub use crate::picture::layout_table;
#[cfg(feature = "std")]
pub use crate::picture::print_layout;
pub use algorithm::{axpby, clear, copy, copy_if, fill, for_each, transform, transform_into};
pub use engine::{ArrayEngine, Counting, Engine, EngineMut, Identity, Memory, MemoryMut, ModeCoord};
pub use gemm::{gemm, MmaAtom, UniversalFma};
pub use layouts::{
    AbsValue, AllStrides, Below, CompactShape, LayoutResult, LeafPairs, NegativePart, NegativeStrides, PlainLayout,
    Reach, SliceOffset, Span, StaticCosize, TopModes, ViewLayout, Weight,
};
pub use partition::{
    InnerSlice, ModesCoord, OuterSlice, Pad, Project, Relaid, SliceOf, SlicedBy, ThreadCoord, TvSplit, Unders, X,
};
#[cfg(feature = "std")]
pub use print::print_tensor;
#[cfg(feature = "alloc")]
pub use print::tensor_text;
pub use tv::{make_layout_tv, TvSizes};

use crate::layout::{CoordOffset, Offset};
use crate::mixed::{Error, MixedTuple};
use crate::statics::mode::SliceOp;
use crate::statics::Kept;
use crate::Layout;

/// An engine and a layout (CuTe's `Tensor`): element `i` is the engine's value at
/// `base + layout(i)`. Made by [`make_tensor`]; see the [module](self) for why access needs no
/// bounds check.
///
/// ```
/// use cute::tensor::{make_tensor, Tensor};
/// let data = [5, 6, 7, 8];
/// let t: Tensor<&[i32], cute::Layout![(2,2):(2,1)]> = make_tensor(&data[..], cute::layout!((2,2):(2,1))).unwrap();
/// assert_eq!(t.get(1), Some(&7));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
// The origin first and the engine after it: an owned array (aligned to 16) then starts apart
// from the origin, so that zeroing it is a block of its own, which the compiler writes with
// vector stores, rather than one block with the origin, which it writes with a library call
// (and the register tile of a GEMM then loads its accumulators across that call's stores).
#[repr(C)]
pub struct Tensor<E, L> {
    base: usize,
    engine: E,
    layout: L,
}

/// The tensor of `engine` and `layout`, the layout's offset 0 at element 0: checks that every
/// offset the layout produces lies inside the engine (an error of kind
/// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange) naming the offsets otherwise).
///
/// ```
/// use cute::tensor::make_tensor;
/// let mut data = [0i32; 12];
/// let mut t = make_tensor(&mut data[..], cute::layout!((3,4):(4,1))).unwrap();
/// *t.get_mut(1).unwrap() = 7;
/// assert_eq!(data[4], 7);
/// ```
pub fn make_tensor<E: Engine, L: ViewLayout>(engine: E, layout: L) -> Result<Tensor<E, L>, L::Error> {
    make_tensor_at(engine, 0, layout)
}

/// The tensor of `engine` and `layout` with the layout's offset 0 at element `base` (for
/// negative strides, or a view inside larger data), checked as [`make_tensor`].
///
/// ```
/// use cute::tensor::make_tensor_at;
/// let data = [0, 1, 2, 3, 4, 5];
/// // Reversed: offsets 0, -1, ..., -5 from element 5.
/// let t = make_tensor_at(&data[..], 5, cute::layout!(6:-1)).unwrap();
/// assert_eq!(t.get(1), Some(&4));
/// assert!(make_tensor_at(&data[..], 4, cute::layout!(6:-1)).is_err());
/// ```
pub fn make_tensor_at<E: Engine, L: ViewLayout>(engine: E, base: usize, layout: L) -> Result<Tensor<E, L>, L::Error> {
    checked_tensor("make_tensor", engine, base, layout)
}

/// [`make_tensor_at`], its errors naming `op` (the partition or slice that made the view).
fn checked_tensor<E: Engine, L: ViewLayout>(
    op: &'static str,
    engine: E,
    base: usize,
    layout: L,
) -> Result<Tensor<E, L>, L::Error> {
    let (low, high) = layout.reach(op)?;
    // Exact in i128: a usize and an i64 widened. Every offset reached, base + L(i), is then in
    // 0..len and at most i64::MAX, and so is the origin; the layout's offsets fit in isize (on
    // targets whose isize is narrower than i64 too).
    #[allow(clippy::arithmetic_side_effects)]
    let (first, last) = (base as i128 + i128::from(low), base as i128 + i128::from(high));
    let max = i128::from(i64::MAX);
    let narrow = isize::try_from(low).is_err() || isize::try_from(high).is_err();
    if first < 0 || last >= engine.len() as i128 || last > max || base as i128 > max || narrow {
        return Err(L::outside(op, base, low, high, engine.len()));
    }
    Ok(Tensor { engine, base, layout })
}

/// The engine offset `base + o` of an offset `o` that a view's layout gives on its domain.
#[inline(always)]
fn engine_offset(base: usize, o: isize) -> usize {
    // In range: the view's invariant puts base + o in 0..=i64::MAX.
    #[allow(clippy::cast_possible_wrap, clippy::cast_sign_loss, clippy::arithmetic_side_effects)]
    let at = (base as isize + o) as usize;
    at
}

/// The sub-tensor of `engine` whose origin is `base` moved by `offset` (a slice's or a
/// partition's fixed coordinates), checked as [`make_tensor`]; an origin outside the data is the
/// error of `op`, naming the offset.
pub(crate) fn make_tensor_moved<E: Engine, L: ViewLayout>(
    op: &'static str,
    engine: E,
    base: usize,
    offset: i64,
    layout: L,
) -> Result<Tensor<E, L>, L::Error> {
    let moved = i64::try_from(base).ok().and_then(|b| b.checked_add(offset)).and_then(|m| usize::try_from(m).ok());
    match moved {
        Some(moved) => checked_tensor(op, engine, moved, layout),
        None => Err(L::outside(op, base, offset, offset, engine.len())),
    }
}

/// A tensor owning an array of the static cosize of its layout `L`.
///
/// ```
/// use cute::tensor::{make_tensor_array, ArrayTensor};
/// type L = cute::Layout![(2,2):(2,1)];
/// let t: ArrayTensor<f64, L> = make_tensor_array(L::new());
/// assert_eq!(t.engine().0.len(), 4);
/// ```
pub type ArrayTensor<T, L> = Tensor<ArrayEngine<T, <L as StaticCosize>::Cosize>, L>;

/// A tensor owning an array of the static cosize of its layout, every element `T::default()`
/// (CuTe's `make_tensor<T>(layout)`, a register or stack fragment). The layout's smallest offset
/// is the array's first element (offset 0 there, unless strides are negative).
///
/// It cannot fail, and it checks nothing at run time: the layout's offsets span
/// `[-Below, Cosize - 1 - Below]` ([`StaticCosize`], computed by the trait solver), so the origin
/// `Below` puts every one inside the array, which is the invariant [`make_tensor`] checks. The
/// origin is a constant, so that element indices into a fragment are constants too and the
/// compiler can keep the fragment in registers.
///
/// ```
/// use cute::tensor::make_tensor_array;
/// let mut frag = make_tensor_array::<f32, _>(cute::layout!((2,4):(4,1)));
/// *frag.get_mut(3).unwrap() = 1.5;
/// assert_eq!(frag.engine().0.len(), 8);
/// assert_eq!(frag.engine().0[5], 1.5);
/// // NegativeStrides strides: the origin is where the array holds every offset.
/// let rev = make_tensor_array::<u8, _>(cute::layout!(4:-1));
/// assert_eq!((rev.base(), rev.offset(3)), (3, Some(0)));
/// ```
#[inline(always)]
pub fn make_tensor_array<T: Default, L>(layout: L) -> ArrayTensor<T, L>
where
    L: StaticCosize + ViewLayout,
{
    Tensor { base: <L::Below as typenum::Unsigned>::USIZE, engine: ArrayEngine(Default::default()), layout }
}

/// The coordinate tensor of a shape: the identity engine over the shape's compact layout.
///
/// ```
/// use cute::tensor::{make_identity_tensor, IdentityTensor};
/// use cute::{hlist, Shape};
/// let t: IdentityTensor<Shape![(2,3)]> = make_identity_tensor(Default::default()).unwrap();
/// assert_eq!(t.get(3), Some(hlist![1usize, 1usize]));
/// ```
pub type IdentityTensor<S> = Tensor<Identity<S>, Layout<S, <S as CompactShape>::Compact>>;

/// The sub-tensor of the modes `C` keeps of `Layout<S, D>` (the result of
/// [`Tensor::slice`]; [`SlicedBy`] names the same with the partitions' bounds).
///
/// ```
/// use cute::tensor::{make_tensor, Counting, Sliced};
/// use cute::{coord, typenum::{P1, P4, P8}, HCons, HNil, Underscore};
/// type S = HCons<P4, HCons<P8, HNil>>;
/// type D = HCons<P1, HCons<P4, HNil>>;
/// let row: Sliced<Counting, HCons<usize, HCons<Underscore, HNil>>, S, D> =
///     make_tensor(Counting(32), cute::layout!((4,8):(1,4))).unwrap().slice(coord!((2,_))).unwrap();
/// assert_eq!(row.base(), 2);
/// ```
pub type Sliced<E, C, S, D> = Tensor<E, Layout<<C as Kept<SliceOp, S, D>>::Shape, <C as Kept<SliceOp, S, D>>::Stride>>;

/// The coordinate tensor of `shape` (CuTe's `make_identity_tensor`): element `i` is the
/// coordinate of `i` in the shape, one index per top-level mode. Partitioned as a data tensor
/// of the same shape is, it gives each element's coordinate in the whole, for predication.
///
/// ```
/// use cute::tensor::make_identity_tensor;
/// use cute::{coord, hlist, typenum::P4};
/// let c = make_identity_tensor(hlist![P4::new(), 6i64]).unwrap();
/// assert_eq!(c.get(9), Some(hlist![1usize, 2usize]));
/// // The tile of rows 2..4, columns 3..6: its element 1 is at (3,3).
/// let tile = c.slice(coord!((_,3))).unwrap();
/// assert_eq!(tile.get(1), Some(hlist![1usize, 3usize]));
/// ```
pub fn make_identity_tensor<S>(shape: S) -> Result<IdentityTensor<S>, Error>
where
    S: CompactShape + ModeCoord + Offset<S::Compact> + TopModes + LeafPairs<S::Compact>,
{
    let layout = shape.compact()?;
    make_tensor(Identity::new(shape), layout)
}

impl<E, L> Tensor<E, L> {
    /// The layout.
    ///
    /// ```
    /// let t = cute::tensor::make_tensor(cute::tensor::Counting(8), cute::layout!(8:1)).unwrap();
    /// assert_eq!(t.layout().to_string(), "_8:_1");
    /// ```
    pub fn layout(&self) -> &L {
        &self.layout
    }

    /// The engine.
    ///
    /// ```
    /// let t = cute::tensor::make_tensor(cute::tensor::Counting(8), cute::layout!(8:1)).unwrap();
    /// assert_eq!(t.engine().0, 8);
    /// ```
    pub fn engine(&self) -> &E {
        &self.engine
    }

    /// The engine's element at the layout's offset 0.
    ///
    /// ```
    /// use cute::{coord, layout, tensor::{make_tensor, Counting}};
    /// let t = make_tensor(Counting(32), layout!((8,4):(1,8))).unwrap();
    /// assert_eq!(t.slice(coord!((2,_))).unwrap().base(), 2);
    /// ```
    pub fn base(&self) -> usize {
        self.base
    }

    /// The engine and the origin, giving up the layout.
    ///
    /// ```
    /// let t = cute::tensor::make_tensor(cute::tensor::Counting(8), cute::layout!(8:1)).unwrap();
    /// assert_eq!(t.into_parts().1, 0);
    /// ```
    pub fn into_parts(self) -> (E, usize, L) {
        (self.engine, self.base, self.layout)
    }
}

impl<E: Engine, L: ViewLayout> Tensor<E, L> {
    /// The number of elements, the layout's size.
    ///
    /// ```
    /// let t = cute::tensor::make_tensor(cute::tensor::Counting(64), cute::layout!((4,8):(8,1))).unwrap();
    /// assert_eq!(t.size(), 32);
    /// ```
    #[inline(always)]
    pub fn size(&self) -> usize {
        self.layout.size()
    }

    /// The engine offset of element `i`, or `None` past the size.
    ///
    /// ```
    /// let t = cute::tensor::make_tensor(cute::tensor::Counting(64), cute::layout!((4,8):(8,1))).unwrap();
    /// assert_eq!(t.offset(5), Some(9));
    /// assert_eq!(t.offset(32), None);
    /// ```
    #[inline(always)]
    pub fn offset(&self, i: usize) -> Option<usize> {
        if i < self.size() {
            Some(self.offset_unchecked(i))
        } else {
            None
        }
    }

    /// The engine offset of element `i < size()`, inside the engine by the view's invariant.
    #[inline(always)]
    fn offset_unchecked(&self, i: usize) -> usize {
        engine_offset(self.base, self.layout.at(i))
    }

    /// Element `i` (in the layout's colexicographic order), or `None` past the size.
    ///
    /// ```
    /// let data = [10, 11, 12, 13];
    /// let t = cute::tensor::make_tensor(&data[..], cute::layout!((2,2):(2,1))).unwrap();
    /// assert_eq!(t.get(1), Some(&12));
    /// assert_eq!(t.get(4), None);
    /// ```
    #[inline(always)]
    pub fn get(&self, i: usize) -> Option<E::Value<'_>> {
        if i < self.size() {
            // SAFETY: i is in the layout's domain, so its offset lies inside the engine (checked
            // when the tensor was made).
            Some(unsafe { self.engine.value(self.offset_unchecked(i)) })
        } else {
            None
        }
    }

    /// The elements in index order.
    ///
    /// ```
    /// let data = [10, 11, 12, 13];
    /// let t = cute::tensor::make_tensor(&data[..], cute::layout!((2,2):(2,1))).unwrap();
    /// assert_eq!(t.iter().copied().collect::<Vec<_>>(), [10, 12, 11, 13]);
    /// ```
    pub fn iter(&self) -> impl Iterator<Item = E::Value<'_>> + '_ {
        // SAFETY: every i is in the layout's domain (see `get`).
        (0..self.size()).map(move |i| unsafe { self.engine.value(self.offset_unchecked(i)) })
    }

    /// A tensor with the same engine and origin and another layout (a composition, a divide, a
    /// product of this one), checked as [`make_tensor`]. `f` returns the layout or a
    /// `Result` of it, as the crate's functions do. The origin stays: a layout's slice drops its
    /// fixed entries' offset (as CuTe's does), so take a sub-tensor with
    /// [`slice`](Tensor::slice), which moves the origin.
    ///
    /// ```
    /// use cute::{layout, logical_divide, tensor::{make_tensor, Counting}};
    /// let t = make_tensor(Counting(64), layout!((8,8):(1,8))).unwrap();
    /// let tiles = t.map_layout(|l| logical_divide(l, cute::tiler!(<2:1,4:1>))).unwrap();
    /// assert_eq!(tiles.layout().to_string(), "((_2,_4),(_4,_2)):((_1,_2),(_8,_32))");
    /// ```
    pub fn map_layout<R: LayoutResult>(self, f: impl FnOnce(L) -> R) -> Result<Tensor<E, R::Layout>, R::Error>
    where
        R::Layout: ViewLayout<Error = R::Error>,
    {
        let layout = f(self.layout).into_layout()?;
        make_tensor_at(self.engine, self.base, layout)
    }
}

impl<E: EngineMut, L: ViewLayout> Tensor<E, L> {
    /// Element `i`, to write, or `None` past the size.
    ///
    /// ```
    /// let mut data = [0; 4];
    /// let mut t = cute::tensor::make_tensor(&mut data[..], cute::layout!((2,2):(2,1))).unwrap();
    /// *t.get_mut(1).unwrap() = 5;
    /// assert_eq!(data, [0, 0, 5, 0]);
    /// ```
    #[inline(always)]
    pub fn get_mut(&mut self, i: usize) -> Option<&mut E::Elem> {
        if i < self.size() {
            let o = self.offset_unchecked(i);
            // SAFETY: as in `get`.
            Some(unsafe { self.engine.slot(o) })
        } else {
            None
        }
    }
}

impl<E: Memory, L: ViewLayout + Clone> Tensor<E, L> {
    /// A view of the same elements, borrowing the data.
    ///
    /// ```
    /// let t = cute::tensor::make_tensor_array::<i32, _>(cute::layout!(4:1));
    /// assert_eq!(t.view().get(3), Some(&0));
    /// ```
    pub fn view(&self) -> Tensor<&[E::Elem], L> {
        Tensor { engine: self.engine.data(), base: self.base, layout: self.layout.clone() }
    }
}

impl<E: MemoryMut, L: ViewLayout + Clone> Tensor<E, L> {
    /// A view of the same elements, borrowing the data to write.
    ///
    /// ```
    /// let mut t = cute::tensor::make_tensor_array::<i32, _>(cute::layout!(4:1));
    /// *t.view_mut().get_mut(2).unwrap() = 9;
    /// assert_eq!(t.get(2), Some(&9));
    /// ```
    pub fn view_mut(&mut self) -> Tensor<&mut [E::Elem], L> {
        Tensor { engine: self.engine.data_mut(), base: self.base, layout: self.layout.clone() }
    }
}

impl<E: Engine, S: MixedTuple, D: MixedTuple> Tensor<E, Layout<S, D>>
where
    S: Offset<D>,
{
    /// The element at a natural coordinate (nested as the shape, an integer standing for a
    /// whole mode), or `None` when the coordinate lies outside the shape: an integer entry not
    /// below its mode's size, or a tuple entry that does not have its mode's rank.
    ///
    /// ```
    /// use cute::{coord, layout, tensor::make_tensor};
    /// let data: Vec<u8> = (0..24).collect();
    /// let t = make_tensor(&data[..], layout!((4,(3,2)):(2,(8,1)))).unwrap();
    /// assert_eq!(t.get_coord(coord!((1,(2,1)))), Some(&19));
    /// // Row 4 of 4 rows: outside, although its offset (8) is inside the data.
    /// assert_eq!(t.get_coord(coord!((4,0))), None);
    /// ```
    #[inline(always)]
    pub fn get_coord<C: CoordOffset<S, D>>(&self, coord: C) -> Option<E::Value<'_>> {
        let o = self.coord_offset(coord)?;
        // SAFETY: o < len() (`coord_offset`).
        Some(unsafe { self.engine.value(o) })
    }

    /// The element at a natural coordinate, to write, or `None` when the coordinate lies outside
    /// the shape (see [`get_coord`](Self::get_coord)).
    ///
    /// ```
    /// use cute::{coord, layout, tensor::make_tensor};
    /// let mut data = [0u8; 6];
    /// let mut t = make_tensor(&mut data[..], layout!((2,3):(3,1))).unwrap();
    /// assert!(t.get_coord_mut(coord!((2,0))).is_none());
    /// *t.get_coord_mut(coord!((1,2))).unwrap() = 9;
    /// assert_eq!(data[5], 9);
    /// ```
    #[inline(always)]
    pub fn get_coord_mut<C: CoordOffset<S, D>>(&mut self, coord: C) -> Option<&mut E::Elem>
    where
        E: EngineMut,
    {
        let o = self.coord_offset(coord)?;
        // SAFETY: o < len() (`coord_offset`).
        Some(unsafe { self.engine.slot(o) })
    }

    /// The engine offset of a natural coordinate inside the shape. Its offset is one of the
    /// layout's on its domain (`CoordOffset` is sealed); it is compared with the engine's length
    /// all the same, so that the read rests on a check made here.
    #[inline(always)]
    fn coord_offset<C: CoordOffset<S, D>>(&self, coord: C) -> Option<usize> {
        let o = coord.checked_offset_in(&self.layout.shape, &self.layout.stride)?;
        let at = isize::try_from(self.base).ok()?.checked_add(o)?;
        usize::try_from(at).ok().filter(|&at| at < self.engine.len())
    }

    /// The sub-tensor of the modes marked `_` in `coord` (CuTe's `tensor(coord)` with `_`):
    /// the kept modes, the origin moved by the offset of the fixed entries. Each fixed entry
    /// must lie inside its mode (an error of kind
    /// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange) otherwise).
    ///
    /// ```
    /// use cute::{coord, layout, tensor::{make_tensor, Counting}};
    /// let t = make_tensor(Counting(32), layout!((8,4):(1,8))).unwrap();
    /// let row = t.slice(coord!((3,_))).unwrap();
    /// assert_eq!((row.base(), row.layout().to_string()), (3, "(_4):(_8)".to_string()));
    /// let e = t.slice(coord!((8,_))).unwrap_err();
    /// assert_eq!(e.to_string(), "index out of range: slice: index 8 is not below the size 8");
    /// ```
    pub fn slice<C>(self, coord: C) -> Result<Sliced<E, C, S, D>, Error>
    where
        C: Kept<SliceOp, S, D> + SliceOffset<S, D>,
        C::Shape: MixedTuple + Offset<C::Stride> + TopModes + LeafPairs<C::Stride>,
        C::Stride: MixedTuple,
    {
        let offset = coord.fixed_offset(&self.layout.shape, &self.layout.stride)?;
        let (shape, stride) = coord.kept(&self.layout.shape, &self.layout.stride);
        make_tensor_moved("slice", self.engine, self.base, offset as i64, Layout::from_parts(shape, stride))
    }
}

impl<E, L: fmt::Display> fmt::Display for Tensor<E, L> {
    /// `base o layout`, as the partitioning functions print a sub-tensor.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} o {}", self.base, self.layout)
    }
}

#[cfg(feature = "alloc")]
mod dynamic_tensor;
