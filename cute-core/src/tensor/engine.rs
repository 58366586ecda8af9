//! Engines: what a tensor's offsets index (CuTe's iterators and engines). Data engines hold
//! elements (a borrowed slice, a mutable slice, an owned array); the counting engine gives the
//! offset itself and the identity engine the coordinate of the offset in a shape.

use frunk_core::hlist::{HCons, HNil};
use generic_array::{ArrayLength, GenericArray};

use crate::mixed::MixedTuple;

/// What a tensor's layout indexes: `len()` offsets, each giving a value.
///
/// # Safety
///
/// `len()` must be the number of offsets `value` (and [`EngineMut::slot`]) accept: a
/// [`Tensor`](super::Tensor) checks once, when it is made, that every offset its layout produces
/// is below `len()`, and then reads without a check.
///
/// ```
/// use cute::tensor::Engine;
/// let data = [1.0f32, 2.0, 3.0];
/// assert_eq!(Engine::len(&&data[..]), 3);
/// ```
pub unsafe trait Engine {
    /// What reading an offset gives: a reference for data, a value for the generated engines.
    type Value<'r>
    where
        Self: 'r;
    /// The number of offsets the engine holds.
    fn len(&self) -> usize;
    /// Whether it holds no offset.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// The value at `offset`.
    ///
    /// # Safety
    ///
    /// `offset < self.len()`.
    unsafe fn value(&self, offset: usize) -> Self::Value<'_>;
}

/// An engine whose elements can be written.
///
/// ```
/// use cute::tensor::{make_tensor, EngineMut};
/// fn first<E: EngineMut<Elem = u8>>(t: &mut cute::tensor::Tensor<E, cute::Layout![4:1]>) -> &mut u8 {
///     t.get_mut(0).unwrap()
/// }
/// let mut data = [0u8; 4];
/// *first(&mut make_tensor(&mut data[..], cute::layout!(4:1)).unwrap()) = 3;
/// assert_eq!(data[0], 3);
/// ```
///
/// # Safety
///
/// As [`Engine`]: `slot` accepts every offset below `len()`.
pub unsafe trait EngineMut: Engine {
    /// The element type.
    type Elem;
    /// The element at `offset`.
    ///
    /// # Safety
    ///
    /// `offset < self.len()`.
    unsafe fn slot(&mut self, offset: usize) -> &mut Self::Elem;
}

/// An engine over a slice of elements, which a tensor view can borrow.
///
/// ```
/// use cute::tensor::Memory;
/// let data = [1, 2, 3];
/// assert_eq!((&data[..]).data(), &[1, 2, 3]);
/// ```
///
/// # Safety
///
/// `data()` holds at least [`Engine::len`] elements: the algorithms read it without a check
/// at the offsets a tensor's invariant keeps below `len()`.
pub unsafe trait Memory: Engine {
    /// The element type.
    type Elem;
    /// The elements.
    fn data(&self) -> &[Self::Elem];
}

/// An engine over a mutable slice of elements.
///
/// ```
/// use cute::tensor::MemoryMut;
/// let mut data = [1, 2, 3];
/// (&mut data[..]).data_mut()[0] = 9;
/// assert_eq!(data[0], 9);
/// ```
///
/// # Safety
///
/// As [`Memory`]: `data_mut()` holds at least [`Engine::len`] elements.
pub unsafe trait MemoryMut: Memory {
    /// The elements.
    fn data_mut(&mut self) -> &mut [Self::Elem];
}

// SAFETY: `value` reads `offset < len() == self.len()` of the slice.
unsafe impl<T> Engine for &[T] {
    type Value<'r>
        = &'r T
    where
        Self: 'r;
    #[inline(always)]
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    #[inline(always)]
    unsafe fn value(&self, offset: usize) -> &T {
        // SAFETY: the caller guarantees offset < len().
        unsafe { self.get_unchecked(offset) }
    }
}

// SAFETY: the slice is the engine.
unsafe impl<T> Memory for &[T] {
    type Elem = T;
    fn data(&self) -> &[T] {
        self
    }
}

// SAFETY: as for `&[T]`.
unsafe impl<T> Engine for &mut [T] {
    type Value<'r>
        = &'r T
    where
        Self: 'r;
    #[inline(always)]
    fn len(&self) -> usize {
        <[T]>::len(self)
    }
    #[inline(always)]
    unsafe fn value(&self, offset: usize) -> &T {
        // SAFETY: the caller guarantees offset < len().
        unsafe { self.get_unchecked(offset) }
    }
}

// SAFETY: `slot` writes `offset < len()` of the slice.
unsafe impl<T> EngineMut for &mut [T] {
    type Elem = T;
    #[inline(always)]
    unsafe fn slot(&mut self, offset: usize) -> &mut T {
        // SAFETY: the caller guarantees offset < len().
        unsafe { self.get_unchecked_mut(offset) }
    }
}

// SAFETY: the slice is the engine.
unsafe impl<T> Memory for &mut [T] {
    type Elem = T;
    fn data(&self) -> &[T] {
        self
    }
}

// SAFETY: the slice is the engine.
unsafe impl<T> MemoryMut for &mut [T] {
    fn data_mut(&mut self) -> &mut [T] {
        self
    }
}

/// An owned array of `N` elements (a typenum unsigned), for a tensor over the static cosize of
/// its layout ([`make_tensor_array`](super::make_tensor_array)), as CuTe's owning
/// `ArrayEngine`; it lives where the tensor lives (on the stack, in registers). Aligned to 16
/// bytes, as CuTe's `array_aligned`.
///
/// ```
/// use cute::tensor::{ArrayEngine, Engine};
/// let a: ArrayEngine<f32, cute::typenum::U4> = ArrayEngine::default();
/// assert_eq!(Engine::len(&a), 4);
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
#[repr(C, align(16))]
pub struct ArrayEngine<T, N: ArrayLength>(pub GenericArray<T, N>);

// SAFETY: `value` reads `offset < len() == N` of the array.
unsafe impl<T, N: ArrayLength> Engine for ArrayEngine<T, N> {
    type Value<'r>
        = &'r T
    where
        Self: 'r;
    #[inline(always)]
    fn len(&self) -> usize {
        N::USIZE
    }
    #[inline(always)]
    unsafe fn value(&self, offset: usize) -> &T {
        // SAFETY: the caller guarantees offset < len().
        unsafe { self.0.get_unchecked(offset) }
    }
}

// SAFETY: as above.
unsafe impl<T, N: ArrayLength> EngineMut for ArrayEngine<T, N> {
    type Elem = T;
    #[inline(always)]
    unsafe fn slot(&mut self, offset: usize) -> &mut T {
        // SAFETY: the caller guarantees offset < len().
        unsafe { self.0.get_unchecked_mut(offset) }
    }
}

// SAFETY: the array is the engine.
unsafe impl<T, N: ArrayLength> Memory for ArrayEngine<T, N> {
    type Elem = T;
    fn data(&self) -> &[T] {
        &self.0
    }
}

// SAFETY: the array is the engine.
unsafe impl<T, N: ArrayLength> MemoryMut for ArrayEngine<T, N> {
    fn data_mut(&mut self) -> &mut [T] {
        &mut self.0
    }
}

/// The counting engine of `n` offsets: the value at an offset is the offset (CuTe's counting
/// iterator), for tensors that show where a layout sends each coordinate. Its extent is an
/// `i64`, as a layout's runtime leaves are (not positive: no offset).
///
/// ```
/// use cute::tensor::{make_tensor, Counting};
/// use cute::{layout, size};
/// let t = make_tensor(Counting(64), layout!((4,8):(8,1))).unwrap();
/// assert_eq!(t.get(5), Some(9));
/// // Sized by a runtime layout's size.
/// let l = layout!(({4},8):(8,1)).unwrap();
/// assert_eq!(make_tensor(Counting(size(l)), l).unwrap().get(31), Some(31));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Counting(pub i64);

// SAFETY: `value` reads nothing.
unsafe impl Engine for Counting {
    type Value<'r> = usize;
    #[inline(always)]
    fn len(&self) -> usize {
        // An i64 at least 0 fits in usize on the targets the crate builds for (64-bit), and a
        // narrower target takes what its usize holds.
        usize::try_from(self.0.max(0)).unwrap_or(usize::MAX)
    }
    #[inline(always)]
    unsafe fn value(&self, offset: usize) -> usize {
        offset
    }
}

/// The identity engine of a shape: the value at an offset is the coordinate, one index per
/// top-level mode (an HList of `usize`, as [`coord!`](crate::coord) writes it), of that offset
/// in the shape's compact column-major layout. A tensor over it and that layout is CuTe's
/// `make_identity_tensor(shape)` ([`make_identity_tensor`](super::make_identity_tensor)): partitioned as a data tensor is, it tells
/// each element's coordinate in the whole, for predication.
///
/// ```
/// use cute::tensor::{make_tensor, Identity};
/// use cute::hlist;
/// let t = make_tensor(Identity::new(hlist![4i64, 2i64]), cute::layout!((4,2):(1,4))).unwrap();
/// assert_eq!(t.get(5), Some(hlist![1usize, 1usize]));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Identity<S> {
    shape: S,
}

impl<S: ModeCoord> Identity<S> {
    /// The identity engine of `shape`.
    ///
    /// ```
    /// use cute::tensor::{Engine, Identity};
    /// let e = Identity::new(cute::hlist![3i64, 4i64]);
    /// // Unbounded: past the shape, the last mode takes what is left.
    /// assert_eq!(e.len(), isize::MAX as usize);
    /// ```
    pub fn new(shape: S) -> Self {
        Identity { shape }
    }
}

// SAFETY: `value` reads nothing.
unsafe impl<S: ModeCoord> Engine for Identity<S> {
    type Value<'r>
        = S::Coord
    where
        Self: 'r;
    #[inline(always)]
    fn len(&self) -> usize {
        isize::MAX as usize
    }
    #[inline(always)]
    unsafe fn value(&self, offset: usize) -> S::Coord {
        self.shape.coord(offset)
    }
}

/// The coordinate of an index in a shape, one index per top-level mode (colexicographic; past
/// the size, the last mode takes what is left, as CuTe's `idx2crd`).
///
/// ```
/// use cute::tensor::ModeCoord;
/// use cute::hlist;
/// assert_eq!(hlist![3i64, 4i64].coord(7), hlist![1usize, 2usize]);
/// assert_eq!(hlist![3i64, 4i64].coord(13), hlist![1usize, 4usize]);
/// ```
#[doc(hidden)]
pub trait ModeCoord: Copy {
    /// The coordinate: an HList of `usize`.
    type Coord: Copy;
    /// Whether there is no mode.
    const EMPTY: bool;
    /// The coordinate of `index`.
    fn coord(&self, index: usize) -> Self::Coord;
}

impl ModeCoord for HNil {
    type Coord = HNil;
    const EMPTY: bool = true;
    #[inline(always)]
    fn coord(&self, _: usize) -> HNil {
        HNil
    }
}

impl<H: MixedTuple, T: ModeCoord> ModeCoord for HCons<H, T> {
    type Coord = HCons<usize, T::Coord>;
    const EMPTY: bool = false;
    #[inline(always)]
    fn coord(&self, index: usize) -> Self::Coord {
        if T::EMPTY {
            return HCons { head: index, tail: self.tail.coord(0) };
        }
        let n = mode_size(&self.head);
        // In range: n >= 1.
        #[allow(clippy::arithmetic_side_effects)]
        let (head, rest) = (index % n, index / n);
        HCons { head, tail: self.tail.coord(rest) }
    }
}

/// The size of a mode of a layout that was checked when made (positive, fits in i64).
#[inline(always)]
pub(crate) fn mode_size<M: MixedTuple>(m: &M) -> usize {
    let size = m.try_fold_leaves(1, &mut |p, s| Ok::<i64, ()>(p.saturating_mul(s))).unwrap_or(1).max(1);
    usize::try_from(size).unwrap_or(usize::MAX)
}
