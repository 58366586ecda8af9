//! The layout type, [`Layout`]: CuTe's `Layout<Shape, Stride>`, whose leaves are each static
//! (a typenum integer) or runtime (an `i64`), and what every layout has: its shape and stride,
//! size and cosize, evaluation at an index or a natural coordinate, its modes. The operations
//! are functions at the crate root (`cute::composition`, `cute::logical_divide`, ...).

use core::fmt;

use frunk_core::hlist::{HCons, HNil};

use crate::arith;
use crate::error::runtime::{Detail, Error};
use crate::error::verdict::CoordRanks;
use crate::error::verdict::Holds;
use crate::leaf::int::{AllStatic, Int};
use crate::leaf::leaves::MAX_LEAVES;
use crate::leaf::mixed_tuple::{MixedList, MixedTuple, WriteTuple};
use crate::leaf::tuple::{SameTree, Tree};

/// The layout `shape:stride`, CuTe's `Layout<Shape, Stride>`: the shape and stride trees are
/// types (HLists), each leaf a static typenum integer or a runtime `i64`, as CuTe's `Int<N>` and
/// `int`; a value stores only the runtime leaves.
///
/// With only static leaves the layout is zero-sized, the operations compute its result type in
/// the trait solver and return the layout itself, and a violated condition is a compile error;
/// with a runtime leaf the operations return a `Result` and check the conditions on the values.
///
/// ```
/// use cute::{layout, Layout};
/// // (4,(3,2)):(2,(8,1)), all static
/// type L = Layout![(4,(3,2)):(2,(8,1))];
/// assert_eq!(core::mem::size_of::<L>(), 0);
/// assert_eq!((L::SIZE, L::COSIZE, L::RANK, L::DEPTH), (24, 24, 2, 2));
/// assert_eq!(L::new().call(5), 2 + 8);
/// assert_eq!(L::new().to_string(), "(_4,(_3,_2)):(_2,(_8,_1))");
/// // (_4,m):(_1,ld) with m = 6, ld = 8: only the runtime leaves are stored
/// let (m, ld) = (6, 8);
/// let p = layout!((4,{m}):(1,{ld})).unwrap();
/// assert_eq!(p.to_string(), "(_4,6):(_1,8)");
/// assert_eq!((p.size(), p.cosize(), p.call(5)), (24, 44, 1 + 8));
/// assert_eq!(core::mem::size_of_val(&p), 16);
/// ```
#[derive(Clone, Copy, PartialEq)]
pub struct Layout<S, D> {
    pub(crate) shape: S,
    pub(crate) stride: D,
}

/// A runtime shape leaf that is not positive, or a size or cosize past i64.
pub(crate) fn check_shape<S: MixedTuple, D: MixedTuple>(op: &'static str, shape: &S, stride: &D) -> Result<(), Error> {
    check_extents(op, shape)?;
    // The common case: the strides folded against the shapes laid out in one buffer (laying out
    // both cost as much as the check); where a term or the sum does not fit, `cosize_of` gives
    // the exact cosize or names the overflow.
    let fits = with_leaves(shape, |s| {
        let mut shapes = s.iter();
        stride
            .try_fold_leaves(1, &mut |hi, d| {
                let n = shapes.next().copied().unwrap_or(1);
                arith::span(n, d).and_then(|t| hi.checked_add(t)).ok_or(())
            })
            .is_ok()
    });
    if fits == Ok(true) {
        return Ok(());
    }
    cosize_of(shape, stride).map(|_| ()).map_err(|d| Error::new(op, d))
}

/// A runtime shape leaf that is not positive, or a size past i64.
pub(crate) fn check_extents<S: MixedTuple>(op: &'static str, shape: &S) -> Result<(), Error> {
    shape
        .try_fold_leaves(1, &mut |p, s| {
            if s > 0 {
                arith::mul(p, s).map_err(Detail::from)
            } else {
                Err(Detail::NonPositive(s))
            }
        })
        .map(|_| ())
        .map_err(|d| Error::new(op, d))
}

/// The leaves a buffer holds for the layouts kernels use: [`with_leaves`] zeroes this many, not
/// [`MAX_LEAVES`], where a tuple has no more (zeroing 64 leaves cost more than the checks they
/// serve).
pub(crate) const SMALL_LEAVES: usize = 16;

/// The leaves of a layout's mode or of a rank-2 layout of leaves, which most calls of
/// [`with_leaves`] take: a buffer of this many is two vector stores to zero.
pub(crate) const TINY_LEAVES: usize = 4;

/// `f` of the flat leaves of a mixed tuple (at most [`MAX_LEAVES`]), in a buffer of
/// [`SMALL_LEAVES`] where they fit (the tuple's type says so, at compile time).
pub(crate) fn with_leaves<T: MixedTuple, R>(t: &T, f: impl FnOnce(&[i64]) -> R) -> Result<R, Detail> {
    if T::LEAF_COUNT <= TINY_LEAVES {
        let mut out = [0; TINY_LEAVES];
        let n = t.write_leaves(&mut out, 0);
        Ok(f(&out[..n]))
    } else if T::LEAF_COUNT <= SMALL_LEAVES {
        let mut out = [0; SMALL_LEAVES];
        let n = t.write_leaves(&mut out, 0);
        Ok(f(&out[..n]))
    } else if T::LEAF_COUNT <= MAX_LEAVES {
        let mut out = [0; MAX_LEAVES];
        let n = t.write_leaves(&mut out, 0);
        Ok(f(&out[..n]))
    } else {
        Err(Detail::TooManyLeaves(T::LEAF_COUNT))
    }
}

/// The product of a shape that was checked when its layout was made (so the product fits).
#[inline(always)]
pub(crate) fn size_of<S: MixedTuple>(shape: &S) -> i64 {
    // In range: a layout's extents are positive with a product that fits in i64, checked by
    // every constructor (`try_new`, `try_from`, the macros, `new` of a static layout) and by the
    // operations of the algebra for their results.
    #[allow(clippy::arithmetic_side_effects)]
    let size = shape.try_fold_leaves(1, &mut |p, s| Ok::<i64, ()>(p * s)).unwrap_or(0);
    size
}

/// An index below the size, or an error of kind `IndexOutOfRange` naming both: the domain of
/// `try_call`, where the result is known to fit.
pub(crate) fn check_index(i: usize, size: i64) -> Result<(), Error> {
    if usize::try_from(size).is_ok_and(|n| i < n) {
        Ok(())
    } else {
        Err(Error::new("call", Detail::IndexOutOfRange { index: i, size }))
    }
}

/// `1 + sum((s - 1) * |d|)`, checked.
fn cosize_of<S: MixedTuple, D: MixedTuple>(shape: &S, stride: &D) -> Result<i64, Detail> {
    let cosize = with_leaves(shape, |s| with_leaves(stride, |d| arith::cosize(s, d)))??;
    Ok(cosize?)
}

impl<S: MixedTuple, D: MixedTuple> Layout<S, D> {
    /// The layout `shape:stride`. Congruence is checked at compile time; a shape leaf that is
    /// not positive, or a size or cosize past i64, is an error.
    ///
    /// ```
    /// use cute::mixed::Layout;
    /// let l = Layout::try_new(12i64, cute::typenum::P2::new()).unwrap();
    /// assert_eq!(l.to_string(), "12:_2");
    /// assert!(Layout::try_new(0i64, cute::typenum::P2::new()).is_err());
    /// ```
    pub fn try_new(shape: S, stride: D) -> Result<Self, Error>
    where
        S: Tree,
        D: Tree,
        D::Of: SameTree<S::Of>,
    {
        check_shape("layout", &shape, &stride)?;
        Ok(Layout { shape, stride })
    }

    /// A layout the algebra computed; its shape is positive and congruent with the stride.
    pub(crate) fn from_parts(shape: S, stride: D) -> Self {
        Layout { shape, stride }
    }

    /// Number of top-level modes (always static).
    pub const RANK: usize = S::RANK;
    /// Depth of the shape (always static).
    pub const DEPTH: usize = S::DEPTH;
    /// True when every leaf is static.
    pub const IS_STATIC: bool = S::IS_STATIC && D::IS_STATIC;

    /// The shape.
    ///
    /// ```
    /// use cute::mixed::Layout;
    /// assert_eq!(*Layout::try_new(5i64, 2i64).unwrap().shape(), 5);
    /// ```
    pub fn shape(&self) -> &S {
        &self.shape
    }

    /// The stride.
    ///
    /// ```
    /// use cute::mixed::Layout;
    /// assert_eq!(*Layout::try_new(5i64, 2i64).unwrap().stride(), 2);
    /// ```
    pub fn stride(&self) -> &D {
        &self.stride
    }

    /// The number of coordinates: the product of the shape.
    ///
    /// ```
    /// use cute::mixed::Layout;
    /// let l = Layout::try_new(cute::hlist![cute::typenum::P4::new(), 3i64], cute::hlist![cute::typenum::P1::new(), 4i64]).unwrap();
    /// assert_eq!(l.size(), 12);
    /// ```
    #[inline(always)]
    pub fn size(&self) -> i64 {
        size_of(&self.shape)
    }

    /// One past the largest offset: `1 + sum((s - 1) * |d|)`.
    ///
    /// ```
    /// use cute::mixed::Layout;
    /// assert_eq!(Layout::try_new(4i64, -3i64).unwrap().cosize(), 10);
    /// ```
    pub fn cosize(&self) -> i64 {
        // Checked when the layout was made.
        cosize_of(&self.shape, &self.stride).unwrap_or(0)
    }

    /// The offset of the integral coordinate `i`: the div/mod arithmetic one would write by hand,
    /// with a division by a constant for each static leaf and by the value for each runtime one.
    ///
    /// For `i < size()` the offset always fits: the layout's cosize was checked when it was made.
    /// Past the size, `call` follows CuTe's extended domain (the last leaf takes what is left of
    /// the index), whose offset is checked: the last leaf's term costs one overflow check, which
    /// the compiler drops where it can bound the term (`benches/README.md`).
    ///
    /// # Panics
    ///
    /// When `i` is past the size and its offset does not fit in `isize`, in every build (never
    /// a wrapped offset). [`try_call`](Self::try_call) is the form that returns an error instead.
    ///
    /// ```
    /// use cute::mixed::Layout;
    /// use cute::hlist;
    /// let l = Layout::try_new(hlist![cute::typenum::P4::new(), 3i64], hlist![1i64, cute::typenum::P8::new()]).unwrap();
    /// assert_eq!(l.call(6), 2 + 8);
    /// assert_eq!(l.call(12), 3 * 8); // past the size: the last mode takes the excess
    /// ```
    #[inline(always)]
    pub fn call(&self, i: usize) -> isize
    where
        S: Offset<D>,
    {
        self.shape.offset(&self.stride, i, 0, true).1
    }

    /// The offset of the integral coordinate `i`, or an error of kind
    /// [`IndexOutOfRange`](crate::error::ErrorKind::IndexOutOfRange) when `i` is not below the
    /// size (the domain where the offset is known to fit).
    ///
    /// ```
    /// use cute::error::ErrorKind;
    /// let l = cute::layout!((128,{1}):(1,{i64::MAX})).unwrap();
    /// assert_eq!(l.try_call(127), Ok(127));
    /// let e = l.try_call(129).unwrap_err();
    /// assert_eq!(e.kind(), ErrorKind::IndexOutOfRange);
    /// assert_eq!(e.to_string(), "index out of range: call: index 129 is not below the size 128");
    /// ```
    pub fn try_call(&self, i: usize) -> Result<isize, Error>
    where
        S: Offset<D>,
    {
        check_index(i, self.size())?;
        Ok(self.call(i))
    }

    /// The offset of a natural coordinate, nested as the shape is (see [`CoordOffset`]): the
    /// same walk as a static layout's [`call_coord`](crate::Layout::call_coord).
    ///
    /// ```
    /// use cute::{coord, layout};
    /// let p = layout!((4,({3},2)):(2,(8,{1}))).unwrap();
    /// assert_eq!(p.call_coord(coord!((1,(2,1)))), 2 + 16 + 1);
    /// ```
    ///
    /// A coordinate whose tuples do not have the shape's ranks is a compile error, which
    /// `cargo check` reports (the verdict of `statics::coord::CoordRanks`).
    ///
    /// # Panics
    ///
    /// When an entry lies past its extent (CuTe takes it as is) and the offset does not fit in
    /// `isize`, in every build. A tensor's [`get_coord`](crate::tensor::Tensor::get_coord)
    /// returns `None` for a coordinate outside the shape.
    #[inline(always)]
    #[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
    pub fn call_coord<C: CoordOffset<S, D>>(&self, coord: C) -> isize
    where <S as CoordRanks<C, (C, S)>>::Output: Holds,
        S: CoordRanks<C, (C, S)>,
    {
        coord.offset_in(&self.shape, &self.stride)
    }

    /// The same layout in the dynamic engine.
    ///
    /// ```
    /// use cute::mixed::Layout;
    /// assert_eq!(Layout::try_new(4i64, cute::typenum::P2::new()).unwrap().to_dynamic().to_string(), "4:2");
    /// ```
    #[cfg(feature = "alloc")]
    pub fn to_dynamic(&self) -> crate::dynamic::Layout {
        crate::dynamic::Layout::raw(self.shape.to_dynamic(), self.stride.to_dynamic())
    }
}

/// A result of the algebra with runtime leaves, checked as a layout made by hand is
/// ([`Layout::try_new`]): every extent positive, the size and the cosize within i64, so that no
/// operation returns a layout whose `size()` or `cosize()` would not fit (a divide's rest mode,
/// a complement's or a product's copies can pass i64 where every input fits). The runtime routes
/// of the crate root's functions check their results with it.
///
/// ```
/// use cute::error::ErrorKind;
/// let a = cute::layout!({i64::MAX}:1).unwrap();
/// let e = cute::logical_divide(a, cute::layout!(2:1)).unwrap_err();
/// assert_eq!(e.kind(), ErrorKind::Overflow);
/// assert_eq!(e.to_string(), "overflow: logical_divide: 2 * 4611686018427387904 does not fit in i64");
/// ```
#[doc(hidden)]
pub trait Fits: Sized {
    /// The result, or the error of `op` naming the value that does not fit.
    fn fits(self, op: &'static str) -> Self;
    /// The result of the leaves `flat` holds, which fit (see [`FlatResult`]): `None` where they
    /// are not this result's leaves (another count, or a static leaf that holds another value),
    /// and for results that are not layouts of integer strides.
    fn from_flat(flat: &FlatResult) -> Option<Self> {
        let _ = flat;
        None
    }
}
impl<S: MixedTuple, D: MixedTuple> Fits for Result<Layout<S, D>, Error> {
    fn fits(self, op: &'static str) -> Self {
        let l = self?;
        check_shape(op, &l.shape, &l.stride)?;
        Ok(l)
    }
    #[inline(always)]
    fn from_flat(flat: &FlatResult) -> Option<Self> {
        if flat.len != S::LEAF_COUNT {
            return None;
        }
        let (mut i, mut j) = (0, 0);
        Some(Ok(Layout {
            shape: S::read_leaves(&flat.shapes, &mut i)?,
            stride: D::read_leaves(&flat.strides, &mut j)?,
        }))
    }
}
impl Fits for Result<i64, Error> {
    fn fits(self, _: &'static str) -> Self {
        self
    }
}

/// The leaves of a result, left to right, written mode by mode by an operation that computes
/// them in closed form, with the result's size and cosize checked as each mode is added: where
/// they are the result's leaves, [`Fits::from_flat`] builds it without a second check.
#[doc(hidden)]
pub struct FlatResult {
    shapes: [i64; FlatResult::CAP],
    strides: [i64; FlatResult::CAP],
    len: usize,
    size: i64,
    cosize: i64,
}

impl FlatResult {
    /// The most leaves it holds (the inline size of the dynamic engine's layouts).
    const CAP: usize = 16;

    /// No leaves yet: the size and cosize of the empty layout.
    #[inline(always)]
    pub(crate) const fn new() -> Self {
        FlatResult { shapes: [0; FlatResult::CAP], strides: [0; FlatResult::CAP], len: 0, size: 1, cosize: 1 }
    }

    /// Add a mode of the leaves `shapes:strides` (as many strides as shapes), each shape
    /// positive, of the size `size` (their product) and the span `span` (what they add to the
    /// cosize, the sum of `(shape - 1) * |stride|`), which the caller computed from them. `None`
    /// where the result's size or cosize passes i64 or there is no room.
    #[inline(always)]
    pub(crate) fn push_mode(&mut self, shapes: &[i64], strides: &[i64], size: i64, span: i64) -> Option<()> {
        if strides.len() != shapes.len() {
            return None;
        }
        let end = self.len.checked_add(shapes.len())?;
        self.shapes.get_mut(self.len..end)?.copy_from_slice(shapes);
        self.strides.get_mut(self.len..end)?.copy_from_slice(strides);
        self.size = self.size.checked_mul(size)?;
        self.cosize = self.cosize.checked_add(span)?;
        self.len = end;
        Some(())
    }
}

/// A runtime layout as a given mixed type: the trees must match and every static leaf must have
/// its value; a runtime shape leaf must be positive.
///
/// ```
/// use cute::Layout;
/// type L = Layout![(4,{}):(1,{})];
/// let d: cute::dynamic::Layout = "(4,6):(1,8)".parse().unwrap();
/// let l = L::try_from(&d).unwrap();
/// assert_eq!(l.to_string(), "(_4,6):(_1,8)");
/// assert!(L::try_from(&"(5,6):(1,8)".parse().unwrap()).is_err());
/// ```
#[cfg(feature = "alloc")]
impl<S: MixedTuple, D: MixedTuple> TryFrom<&crate::dynamic::Layout> for Layout<S, D> {
    type Error = Error;
    fn try_from(l: &crate::dynamic::Layout) -> Result<Self, Error> {
        let shape = S::from_dynamic(&l.shape()).ok_or(Error::new("try_from", Detail::Mismatch))?;
        let stride = D::from_dynamic(&l.stride()).ok_or(Error::new("try_from", Detail::Mismatch))?;
        check_shape("try_from", &shape, &stride)?;
        Ok(Layout { shape, stride })
    }
}

/// CuTe's notation, as [`Display`](fmt::Display) writes it (static leaves with `_`), so that
/// `{:?}` and the assertions that print a layout show the layout rather than its types.
///
/// ```
/// let l = cute::layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(format!("{:?}", l), "(_4,(_3,_2)):(_2,(_8,_1))");
/// let m = 6;
/// assert_eq!(format!("{:?}", cute::layout!((4,{m}):(1,4)).unwrap()), "(_4,6):(_1,_4)");
/// ```
/// A layout inside a tiler prints in a compile error as its shape and stride ([`Tile`]).
///
/// [`Tile`]: crate::error::verdict::Tile
impl<S: crate::error::verdict::Shown, D: crate::error::verdict::Shown> crate::error::verdict::Shown for Layout<S, D> {
    type Out = crate::error::verdict::Tile<S::Out, D::Out>;
}

impl<S, D> fmt::Debug for Layout<S, D>
where
    Self: fmt::Display,
{
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl<S: WriteTuple, D: WriteTuple> fmt::Display for Layout<S, D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.shape.write_tuple(f)?;
        f.write_str(":")?;
        self.stride.write_tuple(f)
    }
}

/// The offset of an integral coordinate: `Self` is a shape, `D` its stride. Every leaf but the
/// last takes `i % s` and passes `i / s` on; the last leaf takes what is left, as hand-written
/// index arithmetic does (empty modes after it hold nothing).
///
/// Sealed: only the crate's own types implement it, since a tensor's unchecked reads rely on
/// its answers (see [`tensor`](crate::tensor)).
pub trait Offset<D>: crate::sealed::Sealed {
    /// Add the offset of `i` in this mode to `acc`; `last` when nothing follows. Returns the
    /// index left for the following modes and the new offset.
    fn offset(&self, stride: &D, i: usize, acc: isize, last: bool) -> (usize, isize);
}
/// The panic of an evaluation whose offset does not fit in isize: only an index past the
/// layout's size, or a natural coordinate past its extents, can reach it.
#[cold]
#[inline(never)]
pub(crate) fn offset_overflow() -> ! {
    panic!("the offset of an index past the layout's size does not fit in isize (try_call and get_coord check)")
}

/// `acc + c * d` in `isize`, or `None` where it does not fit (a coordinate past `isize::MAX`, or
/// a stride or product past `isize`).
#[inline(always)]
pub(crate) const fn add_term(acc: isize, c: usize, d: i64) -> Option<isize> {
    if c > isize::MAX.unsigned_abs() || d < isize::MIN as i64 || d > isize::MAX as i64 {
        return None;
    }
    // In range: both were compared with isize's bounds just above.
    #[allow(clippy::cast_possible_wrap, clippy::cast_possible_truncation)]
    let (c, d) = (c as isize, d as isize);
    match c.checked_mul(d) {
        Some(t) => acc.checked_add(t),
        None => None,
    }
}

/// `acc + c * d`, the term of a coordinate `c` that may lie past its leaf's extent (the last
/// leaf's share of an index past the size, or an entry of a natural coordinate), checked: it
/// panics when the offset does not fit in isize, in every build.
#[inline(always)]
fn checked_term(acc: isize, c: usize, d: i64) -> isize {
    match add_term(acc, c, d) {
        Some(o) => o,
        None => offset_overflow(),
    }
}

impl<S: Int, D: Int> Offset<D> for S {
    #[inline(always)]
    fn offset(&self, stride: &D, i: usize, acc: isize, last: bool) -> (usize, isize) {
        // The last leaf takes what is left of the index: past the size, CuTe's extended domain,
        // whose offset is checked.
        if last {
            return (0, checked_term(acc, i, stride.value()));
        }
        // In range: below, a stride of a layout whose offsets fit in i64 (and in isize, for a
        // view) is a term of one of them.
        #[allow(clippy::cast_possible_truncation)]
        let d = || stride.value() as isize;
        // In range: the extent is positive (checked when the layout was made), c < s, and acc
        // holds the terms of the leaves before, so acc + c * d is a partial sum of the offset of
        // a coordinate of the layout, which its cosize check keeps within isize. The stride is
        // read after the division, as hand-written code does: a runtime divisor ends a basic
        // block, and reading it before would keep the load out of the multiply.
        #[allow(
            clippy::arithmetic_side_effects,
            clippy::cast_sign_loss,
            clippy::cast_possible_truncation,
            clippy::cast_possible_wrap
        )]
        let next = {
            let s = self.value() as usize;
            let (rest, c) = (i / s, i % s);
            (rest, acc + c as isize * d())
        };
        next
    }
}
impl Offset<HNil> for HNil {
    #[inline(always)]
    fn offset(&self, _: &HNil, i: usize, acc: isize, _: bool) -> (usize, isize) {
        (i, acc)
    }
}
impl<H: Offset<DH>, T: Offset<DT> + MixedList, DH, DT> Offset<HCons<DH, DT>> for HCons<H, T> {
    #[inline(always)]
    fn offset(&self, stride: &HCons<DH, DT>, i: usize, acc: isize, last: bool) -> (usize, isize) {
        // The head is last when no leaf follows it: trailing empty modes hold nothing.
        let (i, acc) = self.head.offset(&stride.head, i, acc, last && T::LEAF_COUNT == 0);
        self.tail.offset(&stride.tail, i, acc, last)
    }
}

/// A coordinate of a layout whose shape is `S` and stride `D`, static or runtime alike: an
/// integer (`usize`), which CuTe splits colexicographically over the mode (its last leaf
/// absorbing what is past the mode's size), or a tuple (an HList) of coordinates, one per
/// top-level mode. Its offset is CuTe's `crd2idx(c, shape, stride)`: the sum of each leaf's
/// coordinate times its stride. Written with [`coord!`](crate::coord!): `coord!((1,(2,1)))`.
///
/// A natural coordinate past a leaf's extent is taken as is (`(5,0)` in `(4,8):(1,4)` is 5), as
/// CuTe does; only the integer forms wrap into the next leaf.
///
/// ```
/// use cute::{coord, layout};
/// let l = layout!((4,(3,2)):(2,(8,1)));
/// assert_eq!(l.call_coord(coord!((1,(2,1)))), 2 + 16 + 1);
/// assert_eq!(l.call_coord(coord!((1,5))), 2 + 16 + 1); // 5 in (3,2) is (2,1)
/// assert_eq!(l.call_coord(coord!(19)), l.call(19));
/// ```
///
/// Sealed: only the crate's coordinates (`usize`, HLists of them) implement it, since a
/// tensor's `get_coord` reads at the offset it gives (see [`tensor`](crate::tensor)).
#[diagnostic::on_unimplemented(
    message = "the coordinate `{Self}` does not fit the layout's shape",
    label = "one entry per top-level mode; a tuple entry only for a tuple mode, an integer for any"
)]
pub trait CoordOffset<S, D>: crate::sealed::Sealed {
    /// The offset of this coordinate in the layout `shape:stride`.
    fn offset_in(&self, shape: &S, stride: &D) -> isize;
    /// The offset of this coordinate when it lies inside the shape (each integer entry below the
    /// size of its mode, each tuple entry of its mode's rank), else `None`: the coordinates of
    /// a tensor's elements, whose offsets are inside the layout's reach.
    ///
    /// ```
    /// use cute::{coord, layout, layout::CoordOffset};
    /// let l = layout!((4,(3,2)):(2,(8,1)));
    /// assert_eq!(coord!((1,5)).checked_offset_in(l.shape(), l.stride()), Some(2 + 16 + 1));
    /// assert_eq!(coord!((4,0)).checked_offset_in(l.shape(), l.stride()), None);
    /// assert_eq!(coord!((1,(3,0))).checked_offset_in(l.shape(), l.stride()), None);
    /// ```
    fn checked_offset_in(&self, shape: &S, stride: &D) -> Option<isize>;
}
impl<S: Offset<D> + MixedTuple, D> CoordOffset<S, D> for usize {
    #[inline(always)]
    fn offset_in(&self, shape: &S, stride: &D) -> isize {
        shape.offset(stride, *self, 0, true).1
    }
    #[inline(always)]
    fn checked_offset_in(&self, shape: &S, stride: &D) -> Option<isize> {
        usize::try_from(size_of(shape)).is_ok_and(|n| *self < n).then(|| shape.offset(stride, *self, 0, true).1)
    }
}
impl CoordOffset<HNil, HNil> for HNil {
    #[inline(always)]
    fn offset_in(&self, _: &HNil, _: &HNil) -> isize {
        0
    }
    #[inline(always)]
    fn checked_offset_in(&self, _: &HNil, _: &HNil) -> Option<isize> {
        Some(0)
    }
}
/// A coordinate whose tuples do not have the shape's ranks: only [`Layout::call_coord`]'s
/// verdict (`CoordRanks`) reports it, with the operands, so these impls exist for every such
/// pair (the verdict fails first, and the offset is never computed).
macro_rules! coord_rank_mismatch {
    ($([$($gen:tt)*] $s:ty, $d:ty, $c:ty;)*) => {$(
        impl<$($gen)*> CoordOffset<$s, $d> for $c {
            fn offset_in(&self, _: &$s, _: &$d) -> isize {
                0
            }
            fn checked_offset_in(&self, _: &$s, _: &$d) -> Option<isize> {
                None
            }
        }
    )*};
}
coord_rank_mismatch! {
    [U: typenum::Unsigned + typenum::NonZero, D, C, CT] typenum::PInt<U>, D, HCons<C, CT>;
    [D, C, CT] i64, D, HCons<C, CT>;
    [C, CT] HNil, HNil, HCons<C, CT>;
    [SH, ST, DH, DT] HCons<SH, ST>, HCons<DH, DT>, HNil;
}
// The bounds stand in the header so that an error quoting this impl stays short.
impl<SH, ST, DH, DT, CH: CoordOffset<SH, DH>, CT: CoordOffset<ST, DT>> CoordOffset<HCons<SH, ST>, HCons<DH, DT>>
    for HCons<CH, CT>
{
    #[inline(always)]
    fn offset_in(&self, shape: &HCons<SH, ST>, stride: &HCons<DH, DT>) -> isize {
        let (head, tail) =
            (self.head.offset_in(&shape.head, &stride.head), self.tail.offset_in(&shape.tail, &stride.tail));
        // Checked: a natural coordinate may lie past its extents.
        match head.checked_add(tail) {
            Some(o) => o,
            None => offset_overflow(),
        }
    }
    #[inline(always)]
    fn checked_offset_in(&self, shape: &HCons<SH, ST>, stride: &HCons<DH, DT>) -> Option<isize> {
        let head = self.head.checked_offset_in(&shape.head, &stride.head)?;
        let tail = self.tail.checked_offset_in(&shape.tail, &stride.tail)?;
        head.checked_add(tail)
    }
}

impl<S: AllStatic, D: AllStatic> AllStatic for Layout<S, D>
where
    S::Is: core::ops::BitAnd<D::Is>,
    <S::Is as core::ops::BitAnd<D::Is>>::Output: typenum::Bit,
{
    type Is = <S::Is as core::ops::BitAnd<D::Is>>::Output;
}
crate::leaf::int::all_static_both! {
    [S, D,] Layout<S, D>;
}
