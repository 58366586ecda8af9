//! Layouts: a shape and a congruent stride, mapping coordinates to offsets.

use alloc::vec;
use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

use super::error::{bail, Error, Result};
use super::int_tuple::{compact_major, crd2offset, HTuple, IntTuple};
use super::notation::{Term, TermKind};
use super::repr::{build, Repr, CLOSE, INLINE_LEAVES, INLINE_TOKENS, LEAF, OPEN};
use crate::arith;

/// A coordinate that may hold `_` (`None`) to slice a mode.
///
/// ```
/// use cute::dynamic::Coord;
/// let c: Coord = "(_,(1,_))".parse().unwrap();
/// assert_eq!(c.leaves(), vec![&None, &Some(1), &None]);
/// ```
pub type Coord = HTuple<Option<i64>>;

/// A layout `shape:stride`: congruent int tuples, every shape leaf >= 1.
///
/// Evaluated at an integral index, a layout splits the index colexicographically over the shape
/// and takes the inner product with the stride; the last mode absorbs an index beyond the size.
///
/// A layout of up to [`INLINE_LEAVES`](super::INLINE_LEAVES) leaves is held in place (its leaves
/// and the profile of its tree), so building one, cloning it and the algebra on it allocate
/// nothing; a larger one takes one allocation.
///
/// Each leaf is an `i64`; the size and cosize need not be (they are then an overflow error).
/// The crate's layout type ([`cute::Layout`](crate::Layout), with runtime leaves) also requires
/// its size and cosize to fit, so an operation whose result's cosize passes `i64` gives that
/// layout here and an overflow error there:
///
/// ```
/// use cute::dynamic::{composition, ErrorKind, Layout};
/// let a: Layout = "(2,2):(1,4611686018427387904)".parse().unwrap();
/// // A(0), A(2), A(4) = 0, 2^62, 2^63: the stride fits, the last offset does not.
/// let r = composition(&a, &"3:2".parse().unwrap()).unwrap();
/// assert_eq!(r.to_string(), "3:4611686018427387904");
/// assert_eq!(r.cosize().unwrap_err().kind(), ErrorKind::Overflow);
///
/// let a = cute::Layout::try_new(cute::hlist![2i64, 2i64], cute::hlist![1i64, 1i64 << 62]).unwrap();
/// let e = cute::mixed::composition(a, cute::Layout::try_new(3i64, 2i64).unwrap()).unwrap_err();
/// assert_eq!(e.kind(), cute::error::ErrorKind::Overflow);
/// ```
///
/// ```
/// use cute::dynamic::Layout;
/// let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
/// assert_eq!((l.size().unwrap(), l.cosize().unwrap(), l.rank(), l.depth()), (24, 24, 2, 2));
/// assert_eq!(l.call(5).unwrap(), 2 + 8);
/// assert_eq!(l.to_string(), "(4,(3,2)):(2,(8,1))");
/// ```
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Layout {
    repr: Repr,
}

impl fmt::Debug for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Layout").field("shape", &self.shape()).field("stride", &self.stride()).finish()
    }
}

impl Layout {
    /// A layout from a shape and a stride; they must be congruent and the shape positive.
    ///
    /// ```
    /// use cute::dynamic::{IntTuple, Layout};
    /// let l = Layout::new(IntTuple::flat(&[4, 8]), IntTuple::flat(&[1, 4])).unwrap();
    /// assert_eq!(l.to_string(), "(4,8):(1,4)");
    /// assert!(Layout::new(IntTuple::flat(&[4, 8]), IntTuple::Leaf(1)).is_err());
    /// assert!(Layout::new(IntTuple::Leaf(0), IntTuple::Leaf(1)).is_err());
    /// ```
    pub fn new(shape: IntTuple, stride: IntTuple) -> Result<Layout> {
        if !shape.congruent(&stride) {
            bail!(RankMismatch, "shape {} and stride {} are not congruent", shape, stride);
        }
        let mut bad = None;
        shape.for_each_leaf(&mut |&s| {
            if s <= 0 && bad.is_none() {
                bad = Some(s);
            }
        });
        if let Some(bad) = bad {
            bail!(InvalidArgument, "shape {} has a non-positive entry {}", shape, bad);
        }
        Ok(Layout::raw(shape, stride))
    }

    /// Build without checks; callers guarantee congruence (shapes are checked at the API edge).
    pub(crate) fn raw(shape: IntTuple, stride: IntTuple) -> Layout {
        debug_assert!(shape.congruent(&stride));
        build(|b| b.trees(&shape, &stride))
    }

    /// The compact column-major layout of `shape` (CuTe's `make_layout(shape)`); size-1 modes
    /// get stride 0, as in CuTe.
    ///
    /// ```
    /// use cute::dynamic::{IntTuple, Layout};
    /// let l = Layout::column_major("(4,1,(2,3))".parse().unwrap()).unwrap();
    /// assert_eq!(l.to_string(), "(4,1,(2,3)):(1,0,(4,8))");
    /// ```
    pub fn column_major(shape: IntTuple) -> Result<Layout> {
        let stride = compact_major(&shape, 1, true)?;
        Layout::new(shape, stride)
    }

    /// The compact row-major layout of `shape` (CuTe's `make_layout(shape, LayoutRight{})`).
    ///
    /// ```
    /// use cute::dynamic::{IntTuple, Layout};
    /// assert_eq!(Layout::row_major(IntTuple::flat(&[4, 8])).unwrap().to_string(), "(4,8):(8,1)");
    /// ```
    pub fn row_major(shape: IntTuple) -> Result<Layout> {
        let stride = compact_major(&shape, 1, false)?;
        Layout::new(shape, stride)
    }

    /// Concatenate layouts into the modes of one layout (CuTe's `make_layout(l0, l1, ...)`); one
    /// layout is wrapped in a rank-1 tuple, as CuTe's `make_layout(l0)`.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l = Layout::from_modes(vec!["4:1".parse().unwrap(), "(2,3):(4,8)".parse().unwrap()]);
    /// assert_eq!(l.to_string(), "(4,(2,3)):(1,(4,8))");
    /// assert_eq!(Layout::from_modes(vec!["(4,8):(8,1)".parse().unwrap()]).to_string(), "((4,8)):((8,1))");
    /// ```
    #[doc(alias = "make_layout")]
    pub fn from_modes(modes: Vec<Layout>) -> Layout {
        Layout::of_modes(&modes)
    }

    /// The layout whose modes are `modes`, in order (`from_modes` without taking them).
    pub(crate) fn of_modes<'a>(modes: impl IntoIterator<Item = &'a Layout>) -> Layout {
        build(|b| {
            b.open();
            modes.into_iter().for_each(|m| b.copy_all(&m.repr));
            b.close();
        })
    }

    /// The trivial layout `1:0`.
    ///
    /// ```
    /// assert_eq!(cute::dynamic::Layout::trivial().to_string(), "1:0");
    /// ```
    pub fn trivial() -> Layout {
        Layout::leaf(1, 0)
    }

    /// The leaf layout `shape:stride`.
    #[inline]
    pub(crate) fn leaf(shape: i64, stride: i64) -> Layout {
        build(|b| b.leaf(shape, stride))
    }

    /// The shape, built as a tree from the layout's leaves and profile (the layout holds its
    /// leaves flat; [`flat_modes`](Self::flat_modes) reads them without building a tree).
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// assert_eq!("(4,8):(1,4)".parse::<Layout>().unwrap().shape().to_string(), "(4,8)");
    /// ```
    pub fn shape(&self) -> IntTuple {
        self.repr.tree(self.repr.shapes())
    }

    /// The stride, built as a tree as [`shape`](Self::shape) is.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// assert_eq!("(4,8):(1,4)".parse::<Layout>().unwrap().stride().to_string(), "(1,4)");
    /// ```
    pub fn stride(&self) -> IntTuple {
        self.repr.tree(self.repr.strides())
    }

    /// The leaves' shapes, left to right (the shape's flat leaves, without building the tree).
    #[inline]
    pub(crate) fn leaf_shapes(&self) -> &[i64] {
        self.repr.shapes()
    }

    /// The leaves' strides, left to right.
    #[inline]
    pub(crate) fn leaf_strides(&self) -> &[i64] {
        self.repr.strides()
    }

    /// The storage: leaves and profile.
    #[inline]
    pub(crate) fn repr(&self) -> &Repr {
        &self.repr
    }

    /// The storage, to change in place.
    pub(crate) fn repr_mut(&mut self) -> &mut Repr {
        &mut self.repr
    }

    /// A layout of the storage `repr`.
    #[inline]
    pub(crate) fn of_repr(repr: Repr) -> Layout {
        Layout { repr }
    }

    /// Split into shape and stride.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let (s, d) = "4:2".parse::<Layout>().unwrap().into_parts();
    /// assert_eq!((s.as_int(), d.as_int()), (Some(4), Some(2)));
    /// ```
    pub fn into_parts(self) -> (IntTuple, IntTuple) {
        (self.shape(), self.stride())
    }

    /// Number of coordinates: the product of the shape.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// assert_eq!("(4,8):(1,4)".parse::<Layout>().unwrap().size().unwrap(), 32);
    /// ```
    pub fn size(&self) -> Result<i64> {
        Ok(arith::product(self.leaf_shapes())?)
    }

    /// Number of top-level modes.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// assert_eq!("(4,(2,2)):(1,(4,8))".parse::<Layout>().unwrap().rank(), 2);
    /// ```
    pub fn rank(&self) -> usize {
        self.repr.rank()
    }

    /// Nesting depth of the shape.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// assert_eq!("8:1".parse::<Layout>().unwrap().depth(), 0);
    /// assert_eq!("(8):(1)".parse::<Layout>().unwrap().depth(), 1);
    /// ```
    pub fn depth(&self) -> usize {
        self.repr.depth()
    }

    /// CuTe's `coshape` for integer strides: `1 + sum((s - 1) * |d|)`.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// assert_eq!("(4,3):(-1,4)".parse::<Layout>().unwrap().coshape().unwrap(), 12);
    /// ```
    pub fn coshape(&self) -> Result<i64> {
        Ok(arith::cosize(self.leaf_shapes(), self.leaf_strides())?)
    }

    /// The size of the codomain, `cosize(L) = coshape(L)`: one more than the largest
    /// `|offset|` a coordinate reaches.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// assert_eq!("(4,(3,2)):(2,(8,1))".parse::<Layout>().unwrap().cosize().unwrap(), 24);
    /// ```
    pub fn cosize(&self) -> Result<i64> {
        self.coshape()
    }

    /// Mode `i` as a layout (CuTe's `layout<i>(L)`); a leaf layout is its own mode 0.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
    /// assert_eq!(l.mode(1).unwrap().to_string(), "(3,2):(8,1)");
    /// ```
    pub fn mode(&self, i: usize) -> Result<Layout> {
        match self.repr.mode_span(i) {
            Some((span, leaves)) => Ok(build(|b| b.copy(&self.repr, span, leaves))),
            None => bail!(IndexOutOfRange, "mode {} of a rank-{} tuple", i, self.rank()),
        }
    }

    /// The top-level modes as layouts.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,8):(1,4)".parse().unwrap();
    /// assert_eq!(l.modes().len(), 2);
    /// ```
    pub fn modes(&self) -> Vec<Layout> {
        (0..self.rank()).filter_map(|i| self.mode(i).ok()).collect()
    }

    /// The flattened leaves as `(shape, stride)` pairs.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
    /// assert_eq!(l.flat_modes(), vec![(4, 2), (3, 8), (2, 1)]);
    /// ```
    pub fn flat_modes(&self) -> Vec<(i64, i64)> {
        self.leaf_shapes().iter().copied().zip(self.leaf_strides().iter().copied()).collect()
    }

    /// A layout from leaf shapes and strides: a leaf layout for one leaf unless `wrap`, else a
    /// tuple layout.
    #[inline]
    pub(crate) fn from_flat_slices(shapes: &[i64], strides: &[i64], wrap: bool) -> Layout {
        Layout::from_leaves(shapes.iter().copied().zip(strides.iter().copied()), wrap)
    }

    /// A layout from `(shape, stride)` pairs: a leaf layout for one pair unless `wrap`, else a
    /// tuple layout.
    pub(crate) fn from_flat(pairs: &[(i64, i64)], wrap: bool) -> Layout {
        Layout::from_leaves(pairs.iter().copied(), wrap)
    }

    /// A layout of the leaves `leaves`: a leaf layout for one leaf unless `wrap`, else a flat
    /// tuple layout.
    #[inline]
    fn from_leaves(leaves: impl ExactSizeIterator<Item = (i64, i64)>, wrap: bool) -> Layout {
        build(|b| b.flat(leaves, wrap))
    }

    /// Depth <= 1 with the same leaves (CuTe's `flatten`); a leaf layout is unchanged.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
    /// assert_eq!(l.flatten().to_string(), "(4,3,2):(2,8,1)");
    /// assert_eq!("8:2".parse::<Layout>().unwrap().flatten().to_string(), "8:2");
    /// ```
    pub fn flatten(&self) -> Layout {
        if self.repr.tokens().next() == Some(LEAF) {
            return self.clone();
        }
        Layout::from_flat_slices(self.leaf_shapes(), self.leaf_strides(), true)
    }

    /// Evaluate at an integral index: `L(i)`. Outside the domain `[0, size)`, CuTe's extended
    /// domain: every leaf but the last takes `i % s` and passes `i / s` on, so an index past the
    /// size is absorbed by the last leaf (empty modes `()` hold nothing, so a layout is the
    /// function of its leaves there too, as composition sees it); a negative index gives
    /// `-L(-i)` (C++'s truncating division). An offset that does not fit is an overflow error.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,8):(1,4)".parse().unwrap();
    /// assert_eq!(l.call(22).unwrap(), 22);
    /// assert_eq!(l.call(40).unwrap(), 40); // 40 = (0,10): the last leaf takes 10
    /// assert_eq!(l.call(-5).unwrap(), -5);
    /// assert_eq!("(4):(-1)".parse::<Layout>().unwrap().call(11).unwrap(), -11);
    /// assert_eq!("(4,()):(1,())".parse::<Layout>().unwrap().call(9).unwrap(), 9);
    /// ```
    pub fn call(&self, index: i64) -> Result<i64> {
        // Colexicographic over the leaves, the last one taking what is left, as the tree walk
        // does mode by mode; the sum is exact in i128, and one that does not fit in i64 takes
        // the tree walk for its error.
        let (shapes, strides) = (self.leaf_shapes(), self.leaf_strides());
        let mut rest = index;
        let mut offset = 0i128;
        for (k, (&s, &d)) in shapes.iter().zip(strides).enumerate() {
            let c = if k.saturating_add(1) == shapes.len() { rest } else { arith::rem(rest, s)? };
            rest = arith::div(rest, s)?;
            // In range: |c * d| < 2^126, and at most 2^18 leaves are summed.
            #[allow(clippy::arithmetic_side_effects)]
            {
                offset += i128::from(c) * i128::from(d);
            }
        }
        match i64::try_from(offset) {
            Ok(o) => Ok(o),
            Err(_) => crd2offset(&HTuple::Leaf(index), &self.shape(), &self.stride()),
        }
    }

    /// Evaluate at a coordinate: natural (congruent to the shape), or partial, where an integer
    /// stands for a whole mode (split as in [`call`](Self::call)). A natural coordinate is not
    /// checked against its extent, as in CuTe: each leaf's coordinate times its stride, so `(5,0)`
    /// in `(4,8):(1,4)` is 5.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
    /// assert_eq!(l.call_coord(&"(1,(2,1))".parse().unwrap()).unwrap(), 2 + 16 + 1);
    /// assert_eq!(l.call_coord(&"(1,5)".parse().unwrap()).unwrap(), 2 + 16 + 1);
    /// ```
    pub fn call_coord(&self, coord: &IntTuple) -> Result<i64> {
        // A natural coordinate, the common case, is a sum over the leaves in place (in i128,
        // exact); a partial one, a mismatch or a sum past i64 takes the walk of the trees, which
        // splits indices and names the error.
        let (mut tokens, mut leaves) = (self.repr.tokens(), self.leaf_strides().iter());
        let mut offset = 0i128;
        if natural_offset(coord, &mut tokens, &mut leaves, &mut offset) && tokens.next().is_none() {
            if let Ok(o) = i64::try_from(offset) {
                return Ok(o);
            }
        }
        crd2offset(coord, &self.shape(), &self.stride())
    }

    /// Append a mode, padding with `1:0` as CuTe's `append<N>` does when `to_rank` exceeds the
    /// current rank by more than one. `to_rank` below the rank is an error.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "4:1".parse().unwrap();
    /// assert_eq!(l.append_to_rank(3).unwrap().to_string(), "(4,1,1):(1,0,0)");
    /// assert_eq!(l.append_to_rank(1).unwrap().to_string(), "4:1");
    /// ```
    pub fn append_to_rank(&self, to_rank: usize) -> Result<Layout> {
        if to_rank < self.rank() {
            bail!(RankMismatch, "append<{}> of {}: the layout has rank {}", to_rank, self, self.rank());
        }
        if to_rank == self.rank() {
            return Ok(self.clone());
        }
        // The modes, then `1:0` up to the rank, written in place.
        Ok(build(|b| {
            b.open();
            self.repr.mode_spans().for_each(|(span, leaves)| b.copy(&self.repr, span, leaves));
            (self.rank()..to_rank).for_each(|_| b.leaf(1, 0));
            b.close();
        }))
    }

    /// Append `x` as a new last mode (CuTe's `append(L, x)`).
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,8):(1,4)".parse().unwrap();
    /// assert_eq!(l.append(&"2:32".parse().unwrap()).to_string(), "(4,8,2):(1,4,32)");
    /// ```
    pub fn append(&self, x: &Layout) -> Layout {
        let mut modes = self.modes();
        modes.push(x.clone());
        Layout::from_modes(modes)
    }

    /// Prepend `x` as a new first mode (CuTe's `prepend(L, x)`).
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,8):(1,4)".parse().unwrap();
    /// assert_eq!(l.prepend(&"2:32".parse().unwrap()).to_string(), "(2,4,8):(32,1,4)");
    /// ```
    pub fn prepend(&self, x: &Layout) -> Layout {
        let mut modes = vec![x.clone()];
        modes.extend(self.modes());
        Layout::from_modes(modes)
    }

    /// Replace mode `i` by `x` (CuTe's `replace<i>(L, x)`).
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,8):(1,4)".parse().unwrap();
    /// assert_eq!(l.replace(1, &"2:32".parse().unwrap()).unwrap().to_string(), "(4,2):(1,32)");
    /// ```
    pub fn replace(&self, i: usize, x: &Layout) -> Result<Layout> {
        let mut modes = self.modes();
        match modes.get_mut(i) {
            Some(m) => *m = x.clone(),
            None => bail!(IndexOutOfRange, "replace<{}> of rank-{} layout {}", i, self.rank(), self),
        }
        Ok(Layout::from_modes(modes))
    }

    /// Group modes `[begin, end)` into one mode (CuTe's `group<B,E>(L)`).
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(2,3,4):(1,2,6)".parse().unwrap();
    /// assert_eq!(l.group(0, 2).unwrap().to_string(), "((2,3),4):((1,2),6)");
    /// ```
    pub fn group(&self, begin: usize, end: usize) -> Result<Layout> {
        let modes = self.modes();
        if begin > end || end > modes.len() {
            bail!(IndexOutOfRange, "group<{},{}> of rank-{} layout {}", begin, end, self.rank(), self);
        }
        let mut out: Vec<Layout> = modes[..begin].to_vec();
        out.push(Layout::from_modes(modes[begin..end].to_vec()));
        out.extend_from_slice(&modes[end..]);
        Ok(Layout::from_modes(out))
    }

    /// The modes with the given indices, in that order (CuTe's `select<I...>(L)`).
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(2,3,4):(1,2,6)".parse().unwrap();
    /// assert_eq!(l.select(&[2, 0]).unwrap().to_string(), "(4,2):(6,1)");
    /// ```
    pub fn select(&self, indices: &[usize]) -> Result<Layout> {
        // Count first: repeated indices copy a mode again each time.
        let shape = self.shape();
        let modes = shape.modes();
        let mut count = 0usize;
        for &i in indices {
            count = count.saturating_add(modes.get(i).map_or(0, IntTuple::leaf_count));
        }
        super::int_tuple::check_leaf_count(count, &"select")?;
        Ok(Layout::from_modes(indices.iter().map(|&i| self.mode(i)).collect::<Result<_>>()?))
    }

    /// Modes `[begin, end)` (CuTe's `take<B,E>(L)`); the range must be non-empty.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(2,3,4):(1,2,6)".parse().unwrap();
    /// assert_eq!(l.take(1, 3).unwrap().to_string(), "(3,4):(2,6)");
    /// ```
    pub fn take(&self, begin: usize, end: usize) -> Result<Layout> {
        if begin >= end || end > self.rank() {
            bail!(IndexOutOfRange, "take<{},{}> of rank-{} layout {}", begin, end, self.rank(), self);
        }
        Ok(Layout::from_modes(self.modes()[begin..end].to_vec()))
    }

    /// The sub-layout of the modes marked `_` in `coord` (CuTe's `slice`). The kept modes are
    /// gathered into one tuple, as in CuTe.
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
    /// assert_eq!(l.slice(&"(_,(1,_))".parse().unwrap()).unwrap().to_string(), "(4,2):(2,1)");
    /// assert_eq!(l.slice(&"(2,_)".parse().unwrap()).unwrap().to_string(), "((3,2)):((8,1))");
    /// ```
    pub fn slice(&self, coord: &Coord) -> Result<Layout> {
        if let HTuple::Leaf(None) = coord {
            return Ok(self.clone());
        }
        let mut shape = Vec::new();
        let mut stride = Vec::new();
        gather(coord, &self.shape(), &self.stride(), true, &mut shape, &mut stride)?;
        Ok(Layout::raw(HTuple::Tuple(shape), HTuple::Tuple(stride)))
    }

    /// The sub-layout of the modes given an integer in `coord` (CuTe's `dice`), the complement
    /// of [`slice`](Layout::slice).
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,(3,2)):(2,(8,1))".parse().unwrap();
    /// assert_eq!(l.dice(&"(_,(1,_))".parse().unwrap()).unwrap().to_string(), "(3):(8)");
    /// ```
    pub fn dice(&self, coord: &Coord) -> Result<Layout> {
        if let HTuple::Leaf(Some(_)) = coord {
            return Ok(self.clone());
        }
        let mut shape = Vec::new();
        let mut stride = Vec::new();
        gather(coord, &self.shape(), &self.stride(), false, &mut shape, &mut stride)?;
        Ok(Layout::raw(HTuple::Tuple(shape), HTuple::Tuple(stride)))
    }

    /// The slice and the offset of the fixed coordinates (CuTe's `slice_and_offset`).
    ///
    /// ```
    /// use cute::dynamic::Layout;
    /// let l: Layout = "(4,8):(1,4)".parse().unwrap();
    /// let (s, off) = l.slice_and_offset(&"(_,3)".parse().unwrap()).unwrap();
    /// assert_eq!((s.to_string(), off), ("(4):(1)".to_string(), 12));
    /// ```
    pub fn slice_and_offset(&self, coord: &Coord) -> Result<(Layout, i64)> {
        let fixed = coord.map(|c| c.unwrap_or(0));
        Ok((self.slice(coord)?, self.call_coord(&fixed)?))
    }
}

/// Add to `offset` the offset of the natural coordinate `coord` of the layout whose profile and
/// leaf strides come next in `tokens` and `strides`: `false` where the coordinate is not natural
/// there (an integer for a tuple, a tuple of another rank) or the sum leaves i128.
fn natural_offset(
    coord: &IntTuple,
    tokens: &mut impl Iterator<Item = u8>,
    strides: &mut core::slice::Iter<'_, i64>,
    offset: &mut i128,
) -> bool {
    match (coord, tokens.next()) {
        (HTuple::Leaf(c), Some(LEAF)) => {
            let Some(&d) = strides.next() else { return false };
            // In range: |c * d| <= 2^126.
            #[allow(clippy::arithmetic_side_effects)]
            let term = i128::from(*c) * i128::from(d);
            match offset.checked_add(term) {
                Some(o) => *offset = o,
                None => return false,
            }
            true
        }
        (HTuple::Tuple(cs), Some(OPEN)) => {
            cs.iter().all(|c| natural_offset(c, tokens, strides, offset)) && tokens.next() == Some(CLOSE)
        }
        _ => false,
    }
}

/// Collect the modes of `shape:stride` selected by `coord`: the `_` ones when `keep_open`,
/// else the integer ones. A sub-tuple coordinate recurses, its selections joining the same list.
fn gather(
    coord: &Coord,
    shape: &IntTuple,
    stride: &IntTuple,
    keep_open: bool,
    shapes: &mut Vec<IntTuple>,
    strides: &mut Vec<IntTuple>,
) -> Result<()> {
    match coord {
        HTuple::Leaf(c) => {
            if c.is_none() == keep_open {
                shapes.push(shape.clone());
                strides.push(stride.clone());
            }
            Ok(())
        }
        HTuple::Tuple(cs) => {
            if shape.is_leaf() || cs.len() != shape.rank() {
                bail!(RankMismatch, "coordinate of rank {} for shape {}", cs.len(), shape);
            }
            for ((c, s), d) in cs.iter().zip(shape.modes()).zip(stride.modes()) {
                gather(c, s, d, keep_open, shapes, strides)?;
            }
            Ok(())
        }
    }
}

impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.repr.write_tree(self.leaf_shapes(), f)?;
        f.write_str(":")?;
        self.repr.write_tree(self.leaf_strides(), f)
    }
}

impl Term {
    /// This term as a layout `shape:stride`.
    ///
    /// ```
    /// use cute::dynamic::Term;
    /// assert_eq!(Term::parse("(4,8):(1,4)").unwrap().to_layout().unwrap().to_string(), "(4,8):(1,4)");
    /// let e = Term::parse("(4,8):(1,(4,2))").unwrap().to_layout().unwrap_err();
    /// assert_eq!(e.to_string(), "parse: at byte 0: shape (4,8) and stride (1,(4,2)) are not congruent");
    /// ```
    pub fn to_layout(&self) -> Result<Layout> {
        match &self.kind {
            TermKind::Layout(s, d) => Layout::new(s.to_int_tuple()?, d.to_int_tuple()?).map_err(|e| {
                Error::new(super::ErrorKind::Parse, alloc::format!("at byte {}: {}", self.at, e.message()))
            }),
            _ => Err(self.expected("a layout shape:stride")),
        }
    }
}

impl FromStr for Layout {
    type Err = Error;
    fn from_str(s: &str) -> Result<Layout> {
        // A layout held inline and written plainly (integers, parentheses and commas) is read
        // straight into place; anything else (whitespace, `_N`, larger layouts, every error)
        // goes through the notation's parser, which gives the same layout or names the error.
        match read_plain(s) {
            Some(l) => Ok(l),
            None => Term::parse(s)?.to_layout(),
        }
    }
}

/// The layout `text` when it is `shape:stride` written plainly, congruent, with positive shape
/// leaves, and fits a layout's inline storage; `None` otherwise.
fn read_plain(text: &str) -> Option<Layout> {
    let (shape, stride) = text.split_once(':')?;
    let (mut shapes, mut strides) = ([0i64; INLINE_LEAVES], [0i64; INLINE_LEAVES]);
    let (mut profile, mut again) = ([0u8; INLINE_TOKENS], [0u8; INLINE_TOKENS]);
    let (leaves, tokens) = read_plain_tree(shape, &mut shapes, &mut profile)?;
    if read_plain_tree(stride, &mut strides, &mut again)? != (leaves, tokens)
        || profile[..tokens] != again[..tokens]
        || shapes[..leaves].iter().any(|&s| s <= 0)
    {
        return None;
    }
    let mut next = shapes.iter().zip(&strides);
    Some(build(|b| {
        for &t in &profile[..tokens] {
            match t {
                OPEN => b.open(),
                CLOSE => b.close(),
                // `read_plain_tree` read a value for each leaf token.
                _ => {
                    if let Some((&s, &d)) = next.next() {
                        b.leaf(s, d);
                    }
                }
            }
        }
    }))
}

/// Reads a tree of integers written plainly into `values` and `tokens`: their counts, or
/// `None` for anything else or anything larger.
fn read_plain_tree(text: &str, values: &mut [i64], tokens: &mut [u8]) -> Option<(usize, usize)> {
    let bytes = text.as_bytes();
    let (mut at, mut leaves, mut count, mut depth) = (0usize, 0usize, 0usize, 0usize);
    // Where an item (a leaf or a tuple) is due, and whether `)` may end an empty tuple there.
    let (mut item_due, mut may_close) = (true, false);
    while let Some(&c) = bytes.get(at) {
        let token = match c {
            b'(' if item_due => {
                depth = depth.checked_add(1)?;
                may_close = true;
                OPEN
            }
            b')' if depth > 0 && (!item_due || may_close) => {
                depth = depth.checked_sub(1)?;
                (item_due, may_close) = (false, false);
                CLOSE
            }
            b',' if depth > 0 && !item_due => {
                (item_due, may_close) = (true, false);
                at = at.checked_add(1)?;
                continue;
            }
            b'-' | b'0'..=b'9' if item_due => {
                let negative = c == b'-';
                let start = if negative { at.checked_add(1)? } else { at };
                let end = bytes[start..]
                    .iter()
                    .position(|b| !b.is_ascii_digit())
                    .map_or(bytes.len(), |n| start.saturating_add(n));
                let magnitude: i64 = text.get(start..end).filter(|d| !d.is_empty())?.parse().ok()?;
                *values.get_mut(leaves)? = if negative { magnitude.checked_neg()? } else { magnitude };
                leaves = leaves.checked_add(1)?;
                (item_due, may_close) = (false, false);
                at = end.checked_sub(1)?;
                LEAF
            }
            _ => return None,
        };
        *tokens.get_mut(count)? = token;
        count = count.checked_add(1)?;
        at = at.checked_add(1)?;
    }
    (!item_due && depth == 0).then_some((leaves, count))
}

impl FromStr for IntTuple {
    type Err = Error;
    fn from_str(s: &str) -> Result<IntTuple> {
        Term::parse(s)?.to_int_tuple()
    }
}

impl FromStr for Coord {
    type Err = Error;
    fn from_str(s: &str) -> Result<Coord> {
        Term::parse(s)?.to_coord()
    }
}
