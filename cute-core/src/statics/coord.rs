//! CuTe's int-tuple functions `idx2crd` and `crd2idx` over a static shape.
//!
//! The shape is a type and the index or coordinate a runtime value, as CuTe's `int`
//! coordinates of an `Int<N>` shape: a coordinate is a `usize` or an HList of coordinates
//! (`hlist![1usize, hlist![2usize, 0usize]]` is `(1,(2,0))`). Each mode's size is a constant,
//! so both functions compile to the div/mod arithmetic one would write by hand.
//!
//! Post-conditions, for a shape `S` of size `n` and `i < n`: `crd2idx(idx2crd(i, S), S) == i`,
//! `idx2crd(i, S)` is congruent to `S`, and every leaf of it is below the leaf of `S` it stands
//! for (the last mode absorbs an index past `n`).

use core::fmt;

use frunk_core::hlist::{HCons, HList, HNil};
use typenum::{NonZero, PInt, Unsigned};

use super::report::{Holds, Shown};
use super::tuple::{IntTuple, Shape, TupleList};

/// The number of coordinates of a static shape, a constant (evaluated in `const` blocks only: a
/// size that is not a positive `usize` fails the build).
const fn size_of<S: IntTuple>() -> usize {
    let p = S::LEAVES.product();
    if p < 1 || p.unsigned_abs() > usize::MAX as u64 {
        panic!("the size of a static shape is not a positive usize");
    }
    // In range: compared with 1 and usize::MAX just above.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let n = p as usize;
    n
}

/// A runtime coordinate: `usize`, or an HList of coordinates (a tuple).
///
/// ```
/// use cute::hlist;
/// use cute::statics::Coordinate;
/// assert_eq!(hlist![1usize, hlist![2usize, 0usize]].display().to_string(), "(1,(2,0))");
/// assert_eq!(7usize.display().to_string(), "7");
/// ```
pub trait Coordinate: Copy {
    /// Write the coordinate in CuTe's notation.
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
    /// A value that prints the coordinate in CuTe's notation.
    fn display(&self) -> ShowCoord<'_, Self> {
        ShowCoord(self)
    }
}

/// The elements of a coordinate tuple.
pub trait CoordList: Copy {
    /// Write the elements separated by commas.
    fn write_elems(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result;
}

impl Coordinate for usize {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self)
    }
}
impl CoordList for HNil {
    fn write_elems(&self, _: &mut fmt::Formatter<'_>, _: bool) -> fmt::Result {
        Ok(())
    }
}
impl<H: Coordinate, T: CoordList> CoordList for HCons<H, T> {
    fn write_elems(&self, f: &mut fmt::Formatter<'_>, first: bool) -> fmt::Result {
        if !first {
            f.write_str(",")?;
        }
        self.head.write(f)?;
        self.tail.write_elems(f, false)
    }
}
impl Coordinate for HNil {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("()")
    }
}
impl<H: Coordinate, T: CoordList> Coordinate for HCons<H, T> {
    fn write(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("(")?;
        self.write_elems(f, true)?;
        f.write_str(")")
    }
}

/// `Display` for a [`Coordinate`], from [`Coordinate::display`].
///
/// ```
/// use cute::statics::Coordinate;
/// assert_eq!(format!("{}", cute::hlist![3usize, 1usize].display()), "(3,1)");
/// ```
pub struct ShowCoord<'a, C: ?Sized>(&'a C);

impl<C: Coordinate> fmt::Display for ShowCoord<'_, C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f)
    }
}

/// A natural coordinate as [`idx2crd`] gives it: the coordinate `C` (a `usize`, or an HList of
/// coordinates), printed in CuTe's notation by `Display` and `Debug`, read through `Deref`
/// (`c.head`) or `.0`, and taken by [`crd2idx`] as it is.
///
/// ```
/// use cute::{crd2idx, idx2crd, Shape};
/// type S = Shape![(4,(12,5))];
/// let c = idx2crd(46, S::default());
/// assert_eq!(format!("{c} {c:?}"), "(2,(11,0)) (2,(11,0))");
/// assert_eq!((c.head, c.tail.head.head), (2, 11));
/// assert_eq!(crd2idx(c, S::default()), 46);
/// // A layout of that shape takes it too.
/// assert_eq!(cute::make_layout(S::default()).call_coord(c), 46);
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Coord<C>(pub C);

impl<C> core::ops::Deref for Coord<C> {
    type Target = C;
    fn deref(&self) -> &C {
        &self.0
    }
}
impl<C: Coordinate> fmt::Display for Coord<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f)
    }
}
impl<C: Coordinate> fmt::Debug for Coord<C> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write(f)
    }
}
/// A coordinate equals the bare one it holds (`idx2crd(5, P4::new()) == 5`).
impl<C: PartialEq> PartialEq<C> for Coord<C> {
    fn eq(&self, other: &C) -> bool {
        self.0 == *other
    }
}
impl<S: Crd2Idx<C>, C> Crd2Idx<Coord<C>> for S {
    #[inline(always)]
    fn crd2idx(coord: Coord<C>) -> usize {
        S::crd2idx(coord.0)
    }
}
impl<S: CoordRanks<C, Top>, C, Top> CoordRanks<Coord<C>, Top> for S {
    type Output = <S as CoordRanks<C, Top>>::Output;
}
/// A layout takes it as the coordinate it holds (`l.call_coord(idx2crd(i, shape))`).
impl<S, D, C: crate::layout::CoordOffset<S, D>> crate::layout::CoordOffset<S, D> for Coord<C> {
    #[inline(always)]
    fn offset_in(&self, shape: &S, stride: &D) -> isize {
        self.0.offset_in(shape, stride)
    }
    #[inline(always)]
    fn checked_offset_in(&self, shape: &S, stride: &D) -> Option<isize> {
        self.0.checked_offset_in(shape, stride)
    }
}
impl<C: Shown> Shown for Coord<C> {
    type Out = C::Out;
}

/// A static shape's natural coordinates: [`idx2crd`] in the trait solver's types.
pub trait Idx2Crd: Shape {
    /// The natural coordinate, congruent to the shape: `usize` for a leaf.
    type Coord: Coordinate;
    /// The natural coordinate of an index, colexicographically; the last mode absorbs an
    /// index past the size.
    fn idx2crd(idx: usize) -> Self::Coord;
}

impl<U: Unsigned + NonZero + Copy + Default + 'static> Idx2Crd for PInt<U> {
    type Coord = usize;
    #[inline(always)]
    fn idx2crd(idx: usize) -> usize {
        idx
    }
}
impl Idx2Crd for HNil {
    type Coord = HNil;
    #[inline(always)]
    fn idx2crd(_: usize) -> HNil {
        HNil
    }
}
impl<H: Shape, T: TupleList + Shape> Idx2Crd for HCons<H, T>
where
    HCons<H, T>: Idx2CrdModes,
{
    type Coord = <HCons<H, T> as Idx2CrdModes>::Coords;
    #[inline(always)]
    fn idx2crd(idx: usize) -> Self::Coord {
        <HCons<H, T>>::idx2crd_modes(idx)
    }
}

/// [`Idx2Crd`] of a tuple's modes: every mode but the last takes `idx % size(mode)`.
pub trait Idx2CrdModes {
    /// The coordinates of the modes.
    type Coords: Coordinate;
    /// Split the index over the modes.
    fn idx2crd_modes(idx: usize) -> Self::Coords;
}
impl<H: Idx2Crd> Idx2CrdModes for HCons<H, HNil> {
    type Coords = HCons<H::Coord, HNil>;
    #[inline(always)]
    fn idx2crd_modes(idx: usize) -> Self::Coords {
        HCons { head: H::idx2crd(idx), tail: HNil }
    }
}
impl<H: Idx2Crd, X, T> Idx2CrdModes for HCons<H, HCons<X, T>>
where
    HCons<X, T>: Idx2CrdModes,
    <HCons<X, T> as Idx2CrdModes>::Coords: CoordList,
{
    type Coords = HCons<H::Coord, <HCons<X, T> as Idx2CrdModes>::Coords>;
    #[inline(always)]
    // In range: n >= 1 (size_of), so neither divides by zero.
    #[allow(clippy::arithmetic_side_effects)]
    fn idx2crd_modes(idx: usize) -> Self::Coords {
        let n = const { size_of::<H>() };
        HCons { head: H::idx2crd(idx % n), tail: <HCons<X, T>>::idx2crd_modes(idx / n) }
    }
}

/// The static shape `Self` and a coordinate `C` of it: a natural coordinate, or one that gives
/// some modes (or the whole shape) as a single integer, their index. Implemented for every
/// shape and coordinate tree, so that a coordinate of the wrong rank is reported by
/// [`crd2idx`]'s verdict ([`CoordRanks`]), with the operands.
#[diagnostic::on_unimplemented(message = "`{C}` is not a coordinate: its leaves are `usize`s in HLists")]
pub trait Crd2Idx<C> {
    /// The index of the coordinate, with the compact column-major strides of the shape.
    fn crd2idx(coord: C) -> usize;
}
impl<S: IntTuple> Crd2Idx<usize> for S {
    #[inline(always)]
    fn crd2idx(coord: usize) -> usize {
        coord
    }
}
impl<U: Unsigned + NonZero + Copy + Default + 'static, C, CT: HList> Crd2Idx<HCons<C, CT>> for PInt<U> {
    fn crd2idx(_: HCons<C, CT>) -> usize {
        0
    }
}
macro_rules! tuple_crd2idx {
    ($([$($gen:tt)*] $s:ty, $c:ty;)*) => {$(
        impl<$($gen)*> Crd2Idx<$c> for $s
        where
            $s: TupleList + Crd2IdxModes<$c>,
        {
            #[inline(always)]
            fn crd2idx(coord: $c) -> usize {
                <$s as Crd2IdxModes<$c>>::crd2idx_modes(coord)
            }
        }
    )*};
}
tuple_crd2idx! {
    [] HNil, HNil;
    [C, CT: HList] HNil, HCons<C, CT>;
    [S, ST: HList] HCons<S, ST>, HNil;
    [S, ST: HList, C, CT: HList] HCons<S, ST>, HCons<C, CT>;
}

/// [`Crd2Idx`] mode by mode (the ranks are compared before).
pub trait Crd2IdxModes<C> {
    /// The sum of each mode's index times the size of the modes before it.
    fn crd2idx_modes(coord: C) -> usize;
}
/// More coordinate modes than shape modes: reported by the rank comparison.
impl<C> Crd2IdxModes<C> for HNil {
    fn crd2idx_modes(_: C) -> usize {
        0
    }
}
impl<S: IntTuple + Crd2Idx<CH>, ST: Crd2IdxModes<CT>, CH, CT> Crd2IdxModes<HCons<CH, CT>> for HCons<S, ST> {
    // Checked: for a coordinate inside the shape the index is below the shape's size, but a
    // coordinate past the extents may give one past usize, which panics in every build (as
    // `Layout::call` past the size).
    #[inline(always)]
    fn crd2idx_modes(coord: HCons<CH, CT>) -> usize {
        let (head, tail) = (S::crd2idx(coord.head), ST::crd2idx_modes(coord.tail));
        match const { size_of::<S>() }.checked_mul(tail).and_then(|t| t.checked_add(head)) {
            Some(index) => index,
            None => index_overflow(),
        }
    }
}

/// The panic of `crd2idx` on a coordinate whose index does not fit in usize (only a coordinate
/// past the shape's extents has one).
#[cold]
#[inline(never)]
fn index_overflow() -> ! {
    panic!("crd2idx: the index of a coordinate past the shape's extents does not fit in usize")
}
/// More shape modes than coordinate modes: reported by the rank comparison.
impl<S, ST> Crd2IdxModes<HNil> for HCons<S, ST> {
    fn crd2idx_modes(_: HNil) -> usize {
        0
    }
}

pub use crate::error::verdict::{CoordRanks, ModeRanks, RanksBy};

/// The natural coordinate of `idx` in the static shape `shape` (CuTe's two-argument
/// `idx2crd(idx, shape)`): colexicographic, the last mode absorbing an index past the size. It
/// prints in CuTe's notation ([`Coord`]).
///
/// ```
/// use cute::{idx2crd, Shape};
/// type S = Shape![(4,(12,5))];
/// let c = idx2crd(46, S::default());
/// assert_eq!(c.to_string(), "(2,(11,0))");
/// assert_eq!((c.head, c.tail.head.head), (2, 11));
/// ```
#[inline(always)]
pub fn idx2crd<S: Idx2Crd>(idx: usize, shape: S) -> Coord<S::Coord> {
    let _ = shape;
    Coord(S::idx2crd(idx))
}

/// The index of the coordinate `coord` in the static shape `shape`, with its compact
/// column-major strides (CuTe's two-argument `crd2idx(coord, shape)`). A mode of the
/// coordinate may be one integer where the shape has a tuple: it is that mode's index.
///
/// ```
/// use cute::statics::crd2idx;
/// use cute::{hlist, Shape};
/// type S = Shape![((6,16),4)];
/// assert_eq!(crd2idx(hlist![67usize, 1usize], S::default()), 67 + 96);
/// assert_eq!(crd2idx(hlist![hlist![1usize, 2usize], 1usize], S::default()), 1 + 12 + 96);
/// ```
///
/// For a coordinate inside the shape the index is below the shape's size. A leaf past its
/// extent is taken as is, as CuTe does.
///
/// # Panics
///
/// When a coordinate past the extents has an index past `usize`, in every build (as
/// [`Layout::call`](crate::Layout::call) past the size).
///
/// A coordinate whose rank differs from the shape's is a compile error, which `cargo check`
/// reports:
///
/// ```compile_fail,E0277
/// use cute::statics::crd2idx;
/// use cute::{hlist, HCons, HNil};
/// use cute::typenum::{P4, P8};
/// let _ = crd2idx(hlist![1usize, 2usize, 3usize], HCons { head: P4::new(), tail: HCons { head: P8::new(), tail: HNil } });
/// ```
#[inline(always)]
#[rustfmt::skip] // The verdicts beside the name: the note of a violated condition shows two lines.
pub fn crd2idx<C, S: Shape + Crd2Idx<C> + CoordRanks<C, (C, S)>>(coord: C, shape: S) -> usize
where <S as CoordRanks<C, (C, S)>>::Output: Holds,
{
    let _ = shape;
    S::crd2idx(coord)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::ToString;
    use typenum::{P1, P2, P3, P4};

    type S = HCons<P3, HCons<HCons<P2, HCons<P4, HNil>>, HCons<P1, HNil>>>; // (3,(2,4),1)

    /// The post-conditions on every index of the shape, and past it (the last mode absorbs).
    #[test]
    fn round_trip_on_the_whole_domain() {
        let n = size_of::<S>();
        for i in 0..2 * n {
            let c = idx2crd(i, S::default());
            assert_eq!(crd2idx(c, S::default()), i, "index {i}");
            assert!(c.head < 3 && c.tail.head.head < 2, "index {i}: {}", c.display());
            if i < n {
                assert!(c.tail.head.tail.head < 4 && c.tail.tail.head == 0, "index {i}: {}", c.display());
            }
        }
        // 29 = 2 + 3 * (1 + 2 * 0) + 24 * 1
        assert_eq!(idx2crd(29, S::default()).display().to_string(), "(2,(1,0),1)");
    }

    #[test]
    fn integer_modes_of_a_coordinate() {
        let c: HCons<usize, HCons<usize, HCons<usize, HNil>>> = frunk_core::hlist![2, 5, 0];
        assert_eq!(crd2idx(c, S::default()), 2 + 3 * 5);
        assert_eq!(crd2idx(17usize, S::default()), 17);
        assert_eq!(idx2crd(5, P4::new()), 5);
        assert_eq!(idx2crd(0, HNil).display().to_string(), "()");
    }
}
